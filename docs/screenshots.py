"""Screenshots of the built docs in headless Chromium, to look at the pages as a reader sees them.

Usage::

    sphinx-build -b html docs /tmp/html
    python docs/screenshots.py /tmp/html /tmp/shots

takes the home page, a variant page, a ranking page, the pictures guide
(also in dark mode), the figures, a Rules page and the API page, each at a
desktop width (and the home page at a phone's), and
writes one PNG per page into the second folder. It needs a ``chromium``
(or ``chromium-browser`` / ``google-chrome``) on the PATH; on Debian,
``apt-get install chromium``. Nothing here runs in the test suite.

These are for looking at the built pages. The pictures the pictures guide
shows of a seat's view are made by ``scripts/seat_view_screenshots.py``
and committed under ``docs/_static/screenshots/``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

PAGES = {
    "index": ("index.html", 1280, 1400),
    "index-phone": ("index.html", 420, 1200),
    "variant-foster": ("variants/foster.html", 1280, 2400),
    "ranking-classic": ("rankings/classic.html", 1280, 1800),
    "pictures": ("guides/pictures.html", 1280, 2400),
    "plots": ("rankings/plots.html", 1280, 2600),
    "rules-widow": ("rules/widow-and-lives.html", 1280, 1600),
    "api": ("api.html", 1280, 1600),
    "pictures-dark": ("guides/pictures.html", 1280, 1600),
}
DARK = {"pictures-dark"}
"""Pages taken with the browser in dark mode (furo follows the reader's colour scheme)."""


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("no chromium on the PATH (Debian: apt-get install chromium)")


def shoot(html: Path, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    chromium = browser()
    taken = []
    for name, (page, width, height) in PAGES.items():
        target = out / f"{name}.png"
        path, _, fragment = page.partition("#")
        url = (html / path).resolve().as_uri() + (f"#{fragment}" if fragment else "")
        dark = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] if name in DARK else []
        subprocess.run(
            [
                chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *dark,
                f"--window-size={width},{height}", f"--screenshot={target}", url,
            ],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        taken.append(target)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("html", type=Path, help="the built HTML docs (sphinx-build -b html docs HTML)")
    parser.add_argument("out", type=Path, help="where to write the PNGs")
    args = parser.parse_args()
    for path in shoot(args.html, args.out):
        print(path)


if __name__ == "__main__":
    main()
