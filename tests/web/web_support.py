"""What the web table's tests share: the example's server, its extras and a browser.

The extras (``web``: Starlette and uvicorn; Selenium and an HTTP client for
the tests) and a Chromium are optional: without them the tests are skipped,
except under ``nox -s web``, which installs the extras and sets
``COMMERCE_WEB_REQUIRED=1``, so that a missing piece fails there.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

APP = Path(__file__).resolve().parents[2] / "examples" / "web_table" / "app.py"
REQUIRED = "COMMERCE_WEB_REQUIRED"


def required() -> bool:
    """Whether the web tests must run (``nox -s web``), not be skipped."""
    return bool(os.environ.get(REQUIRED))


def web_import(name: str) -> Any:
    """The module ``name`` of an optional extra: the test is skipped without it, except under ``nox -s web``."""
    if required():
        return importlib.import_module(name)
    return pytest.importorskip(name)


@functools.cache
def example() -> ModuleType:
    """examples/web_table/app.py, loaded as a module (once: the tests share its functions)."""
    web_import("starlette")
    web_import("uvicorn")
    spec = importlib.util.spec_from_file_location("web_table_app", APP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def chromium() -> tuple[str, str]:
    """The paths of a Chromium and its ChromeDriver on the PATH; skipped without them, except under ``nox -s web``.

    Selenium is given both, so it never looks for (or downloads) a browser of its own.
    """
    browser = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        missing = "a chromium" if browser is None else "chromedriver"
        if required():
            pytest.fail(f"{REQUIRED} is set, but there is no {missing} on the PATH (Debian: chromium-driver)")
        pytest.skip(f"no {missing} on the PATH")
    return browser, driver
