"""Screenshots of the seat view (``observation_html``) for the pictures guide, taken in headless Chromium.

Run from the repository's root::

    python scripts/seat_view_screenshots.py            # writes docs/_static/screenshots/*.png
    python scripts/seat_view_screenshots.py --html DIR # the HTML pages only, no browser needed

Each scene is a seeded match of a preset, played by a seeded random table
(a kind of move first, then one of that kind, so that knocks come as
often as exchanges) up to the first moment the scene asks for: an answer to
a barter, a final round after a knock, a discard, the match's end. The seat
named sees it; its :func:`~commerce_rules.render.observation_html` is put
in a plain page, Chromium draws it, and the picture is cropped to the
table. The same scenes give the same pages on any machine; the PNGs differ
only as fonts and Chromium versions draw them. It needs a ``chromium`` (or
``chromium-browser`` / ``google-chrome``) on the PATH (Debian: ``apt-get
install chromium``) and Pillow (which matplotlib, in the ``docs`` extra,
installs). Nothing here runs in the test suite but the scenes themselves
(``tests/render/test_seat_view.py`` checks each is found and its picture
is in the guide).
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from commerce_rules import (
    CRP, FOSTER, HOYLE, SCHWIMMEN, THIRTY_ONE, Action, GameState, Phase, Rules, apply, legal_actions, new_game, observe,
)
from commerce_rules.render import Html, observation_html

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "_static" / "screenshots"
WIDTH = 960
"""The browser window's width in pixels; the picture is cropped to the table."""
PAGE = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
    "<style>body{{margin:18px;background:#ffffff;color:#1a1a1a;"
    "font-family:'DejaVu Sans','Segoe UI',Arial,sans-serif;font-size:15px}}</style>"
    "</head><body>{body}</body></html>"
)


def _knocked(state: GameState) -> bool:
    return any(event.kind.value in ("knock", "barter_refused") for event in state.history)


class Scene(NamedTuple):
    name: str
    """The picture's file name, without ``.png``."""
    rules: Rules
    players: int
    seed: int
    moment: Callable[[GameState], bool]
    """The first state of the match it is true of is drawn (the match's end if it never is)."""
    seat: Callable[[GameState], int]
    """The seat whose view is drawn."""


def _to_act(state: GameState) -> int:
    return state.to_act if state.to_act is not None else 0


SCENES = (
    Scene("foster-barter", FOSTER, 4, 3, lambda s: s.phase is Phase.BARTER_REPLY, _to_act),
    Scene("crp-knock", CRP, 4, 2, lambda s: s.phase is Phase.FINAL_ROUND and s.to_act != s.dealer, _to_act),
    Scene("thirty-one-discard", THIRTY_ONE, 4, 5, lambda s: s.phase is Phase.DISCARD, _to_act),
    Scene("foster-end", FOSTER, 4, 1, lambda s: s.is_over and _knocked(s), lambda s: 0),
    Scene("hoyle-end", HOYLE, 4, 2, lambda s: s.is_over, lambda s: 1),
    Scene("schwimmen-end", SCHWIMMEN, 4, 1, lambda s: s.is_over, lambda s: 0),
)
"""The pictures the guide (docs/guides/pictures.md) shows, in its order, each named by its file."""


def _kind_first(rng: random.Random, state: GameState) -> Action:
    """A kind of move first (knock, exchange, pass...), each kind as likely, then one move of that kind."""
    kinds: dict[str, list[Action]] = {}
    for action in legal_actions(state):
        kinds.setdefault(type(action).__name__, []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def scene_state(scene: Scene) -> GameState:
    """The moment the scene draws: the first state of its seeded match where ``moment`` holds."""
    rng = random.Random(scene.seed)
    state = new_game(scene.rules, scene.players, seed=scene.seed)
    while not scene.moment(state):
        if state.is_over:
            raise LookupError(f"{scene.name}: the match of seed {scene.seed} never reaches the moment asked for")
        state = apply(state, _kind_first(rng, state))
    return state


def scene_html(scene: Scene) -> Html:
    """What the scene's seat sees, as the library draws it."""
    state = scene_state(scene)
    return observation_html(observe(state, scene.seat(state)))


def page(scene: Scene) -> str:
    return PAGE.format(title=scene.name, body=scene_html(scene))


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("no chromium on the PATH (Debian: apt-get install chromium)")


def crop(png: Path, margin: int = 10) -> None:
    """Cut the white page around the drawing, keeping ``margin`` pixels."""
    from PIL import Image, ImageChops

    with Image.open(png) as image:
        rgb = image.convert("RGB")
    box = ImageChops.difference(rgb, Image.new("RGB", rgb.size, (255, 255, 255))).getbbox()
    if box is not None:
        left, top, right, bottom = box
        box = (max(left - margin, 0), max(top - margin, 0), min(right + margin, rgb.width), min(bottom + margin, rgb.height))
        rgb = rgb.crop(box)
    rgb.save(png, optimize=True)


def shoot(out: Path) -> list[Path]:
    chromium = browser()
    out.mkdir(parents=True, exist_ok=True)
    taken = []
    with tempfile.TemporaryDirectory() as work:
        for scene in SCENES:
            source = Path(work) / f"{scene.name}.html"
            source.write_text(page(scene), encoding="utf-8")
            target = out / f"{scene.name}.png"
            subprocess.run(
                [
                    chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=1", "--default-background-color=ffffffff",
                    f"--user-data-dir={Path(work) / 'profile'}",
                    f"--window-size={WIDTH},1200", f"--screenshot={target}", source.as_uri(),
                ],
                check=True, capture_output=True, timeout=120,
            )  # fmt: skip
            crop(target)
            taken.append(target)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write the PNGs (default {OUT.relative_to(ROOT)})")
    parser.add_argument("--html", type=Path, help="write the HTML pages into this folder instead, and take no picture")
    args = parser.parse_args()
    if args.html is not None:
        args.html.mkdir(parents=True, exist_ok=True)
        for scene in SCENES:
            path = args.html / f"{scene.name}.html"
            path.write_text(page(scene), encoding="utf-8")
            print(path)
        return
    for path in shoot(args.out):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()
