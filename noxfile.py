"""Development sessions: ``nox`` runs tests, typecheck and docs; ``nox -s bench`` the benchmarks.

``nox -s targets`` judges the speed targets on the median of ten whole benchmark runs.

``nox -s adapters`` installs the optional extras (OpenSpiel, PettingZoo, Gymnasium, Numba, Dask)
and runs the adapters' tests, which ``nox -s tests`` skips without them; CI runs it.

``nox -s web`` installs the ``web`` extra (Starlette, uvicorn) with Selenium and runs the web
table's tests (examples/web_table/) in the system's headless Chromium; ``nox -s tests`` skips them; CI runs it.

``nox -s demos`` plays one seeded demo per preset on every Python 3.10 to 3.13
it finds and fails if any two print different text; CI runs it.

``nox -s soak`` and ``nox -s fuzz`` are the long reliability runs (docs/reliability.md):
they are not in ``nox.options.sessions``, and CI runs only their smoke tests.

No session pins a Python version: each runs under the interpreter that runs
nox, so ``pip install nox && nox -s tests`` works on any machine with
Python 3.10 or later.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import nox

nox.options.sessions = ["tests", "typecheck", "docs"]
nox.options.default_venv_backend = "venv"

ROOT = Path(__file__).parent


@nox.session
def tests(session: nox.Session) -> None:
    """Run the whole test suite: tests/, the docstrings of src/ and the examples in docs/."""
    # Editable, so that the modules pytest collects for their doctests
    # (src/commerce_rules/*.py) are the very files the tests import; with a
    # copy in site-packages pytest would stop on an "import file mismatch".
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def typecheck(session: nox.Session) -> None:
    """Check the package and the tests with ``mypy --strict``."""
    session.install("-e", ".[typecheck]")
    session.run("mypy", "--strict", "src", "tests", "examples", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs and run the docs' examples, failing on any warning."""
    session.install("-e", ".[docs]")
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build",
            "-W",
            "--keep-going",
            "-b",
            builder,
            "docs",
            f"docs/_build/{builder}",
            *session.posargs,
        )


ADAPTER_TESTS = [
    "tests/adapters/test_adapter_openspiel.py",
    "tests/adapters/test_adapter_pettingzoo.py",
    "tests/adapters/test_adapter_gym.py",
    "tests/adapters/test_vector_env.py",
    "tests/adapters/test_vector_env_writer.py",
    "tests/adapters/test_adapter_dask.py",
    "tests/adapters/test_adapter_examples.py",
    "tests/adapters/test_adapter_inputs.py",
    "tests/adapters/test_thirty_one_vector_env.py",
    "tests/visibility/test_leak_harness.py",
]
"""The tests that need the extras: each skips itself (pytest.importorskip) where they are missing.

tests/project/test_sessions.py checks that every test file asking for an extra's module is here."""


@nox.session
def adapters(session: nox.Session) -> None:
    """Install the extras openspiel, pettingzoo, gym, fast and dask; run their tests and type-check the adapters with them.

    Every adapter test must run here, none skipped: a missing extra is a failure.
    """
    session.install("-e", ".[test,typecheck,openspiel,pettingzoo,gym,fast,dask]")
    session.run("pytest", "-p", "no:cacheprovider", "-rs", "--strict-markers", *ADAPTER_TESTS, *session.posargs,
                env={"COMMERCE_ADAPTERS_REQUIRED": "1"})
    # ThirtyOneVectorEnv's compiled turns again with Numba's bounds checks, which its machine code leaves out:
    # an index out of its array fails here instead of reading another row. Its own cache, so that neither build is reused.
    session.run("pytest", "-p", "no:cacheprovider", "-q", "tests/adapters/test_thirty_one_vector_env.py", "-k", "compiled",
                env={"COMMERCE_ADAPTERS_REQUIRED": "1", "NUMBA_BOUNDSCHECK": "1",
                     "NUMBA_CACHE_DIR": session.create_tmp() + "/numba-boundscheck"})
    session.run(
        "mypy", "--strict", "src/commerce_rules/openspiel", "src/commerce_rules/pettingzoo.py", "src/commerce_rules/gym",
        *ADAPTER_TESTS, "examples/openspiel_mcts.py", "examples/pettingzoo_random.py",
        env={"MYPYPATH": "tests"},  # the tests' shared helpers (helpers.py, random_play.py), as pytest finds them
    )


@nox.session
def web(session: nox.Session) -> None:
    """The web table (examples/web_table/): its tests, the API's and whole matches in headless Chromium; its types.

    Installs the ``web`` extra, and for the tests Selenium and the HTTP client of Starlette's TestClient. The
    browser is the system's: a ``chromium`` and its ``chromedriver`` on the PATH (Debian: ``apt-get install
    chromium-driver``), which Selenium is given, so it never downloads one. Every web test must run here, none
    skipped: a missing piece is a failure.
    """
    session.install("-e", ".[web,test]", "selenium", "httpx2")
    session.run("pytest", "-p", "no:cacheprovider", "-rs", "--strict-markers", "tests/web", *session.posargs,
                env={"COMMERCE_WEB_REQUIRED": "1", "SE_OFFLINE": "true"})
    session.run("mypy", "--strict", "examples/web_table", "tests/web")


DEMO_PYTHONS = ("3.10", "3.11", "3.12", "3.13")
"""The Pythons whose seeded demos must print the same text (docs/cli.md: "the same match on any machine")."""


def _find_python(version: str) -> str | None:
    """A working ``python<version>``: on the PATH, else one that pyenv installed; ``None`` if there is none.

    A pyenv shim for a version that is installed but not selected is on the
    PATH yet fails when run, so each candidate is run once to make sure.
    """
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates = [shutil.which(f"python{version}"), *sorted(map(str, pyenv.glob(f"{version}.*/bin/python{version}")))]
    for candidate in candidates:
        if candidate is None:
            continue
        check = [candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"]
        done = subprocess.run(check, capture_output=True, text=True, check=False)
        if done.returncode == 0 and done.stdout.strip() == version:
            return candidate
    return None


@nox.session
def demos(session: nox.Session) -> None:
    """One seeded demo per preset on every Python 3.10 to 3.13 found; fails if any two differ (under a minute).

    The package is built once as a wheel and installed in a fresh virtual
    environment per interpreter; ``scripts/compare_demos.py`` writes each
    interpreter's demos, then compares them. A version not found is skipped.
    """
    out = Path(session.create_tmp()).resolve() / "demos"
    shutil.rmtree(out, ignore_errors=True)
    session.install("build")
    session.run("python", "-m", "build", "--wheel", "--outdir", str(out / "wheel"), str(ROOT))
    wheel = str(next((out / "wheel").glob("*.whl")))
    found = []
    for version in DEMO_PYTHONS:
        python = _find_python(version)
        if python is None:
            session.warn(f"Python {version} not found: its demos are not compared")
            continue
        found.append(version)
        venv = out / f"venv-{version}"
        session.run(python, "-m", "venv", str(venv), external=True)
        venv_python = str(venv / "bin" / "python")
        session.run(venv_python, "-m", "pip", "install", "--quiet", wheel, external=True)
        session.run(venv_python, "scripts/compare_demos.py", "write", str(out / "texts" / version), external=True)
    if not found:
        session.error(f"none of Python {', '.join(DEMO_PYTHONS)} found")
    session.run("python", "scripts/compare_demos.py", "compare", str(out / "texts"))


@nox.session
def bench(session: nox.Session) -> None:
    """Run every ``benchmarks/bench_*.py`` script, in sorted order."""
    scripts = sorted((ROOT / "benchmarks").glob("bench_*.py"))
    if not scripts:
        session.error("no benchmarks/bench_*.py script to run")
    session.install("-e", ".[bench]")
    for script in scripts:
        session.run("python", str(script.relative_to(ROOT)), *session.posargs)


@nox.session
def targets(session: nox.Session) -> None:
    """The speed targets, each judged on the median of whole runs of the replay benchmark (minutes: not in CI).

    ``nox -s targets`` runs ``benchmarks/bench_replay.py`` ten times, each in
    a fresh interpreter; further arguments go to ``benchmarks/check_targets.py``
    (``--scripts 20``, ``--keep runs/``, ``--at-issue-speed`` to judge them also at the speed the
    issue measured at, which ``benchmarks/issue_speed.py`` finds). It fails when a median misses its target.
    """
    session.install("-e", ".[bench]")
    session.run("python", "benchmarks/check_targets.py", *session.posargs)


@nox.session
def soak(session: nox.Session) -> None:
    """Random matches of every preset, every invariant after every action (hours: not in CI).

    ``nox -s soak`` plays 100,000 games per preset; ``nox -s soak -- 100``
    (or ``COMMERCE_SOAK_GAMES=100``) a smoke run. Further arguments go to
    ``tests/soak.py`` (``--presets crp,hoyle``, ``--seed 5``).
    """
    session.install("-e", ".[test]")
    session.run("python", "tests/soak.py", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Every untrusted entry point fed mutated documents and junk: only CommerceErrors, no hang (not in CI).

    ``nox -s fuzz`` runs 1,000,000 inputs spread over every target (state,
    action and observation JSON, action indices, apply, and the PettingZoo
    and OpenSpiel adapters, whose extras it installs); ``nox -s fuzz -- 1000``
    (or ``COMMERCE_FUZZ_DOCUMENTS=1000``) a smoke run; ``--seed`` another
    sample; ``--targets state,index`` some targets only.
    """
    session.install("-e", ".[test,openspiel,pettingzoo]")  # the adapters are entry points too
    session.run("python", "tests/fuzz.py", *session.posargs)
