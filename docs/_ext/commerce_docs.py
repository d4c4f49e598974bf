"""The docs' own Sphinx extension: rule citations, cards and tables drawn by the library, and the plots.

* ``{rule}`2.3``` links to the numbered rule on the Rules pages and reads
  "Rules §2.3" (``{rule}`2``` a whole section; ``{rule}`text <2.3>``` a
  text of one's own). Docstrings say "Rules §2.3" in plain words, and the
  API pages turn those words into the same links.
* ``{cards}`` draws hands as cards, one hand per line of its content
  (``A♠ K♠ Q♠``, optionally ``| a caption``), with
  :func:`commerce_rules.render.hand_svg`.
* ``{categories}`` draws a ranking's categories, best first, each with its
  best, a middle and its lowest hand and how many hands are dealt in it;
  its argument is a preset or a ``Rules`` expression (``CRP``,
  ``TRENTUNO.replace(trentuno_suited=False)``). The order and the words are
  the ranking's own (its registered labels: Brag's "prial" first, a run
  above a flush), never the ``Category`` enum's.
* ``{table-view}`` runs its content (Python, the public names of
  ``commerce_rules`` imported) and draws the value of its last line: a
  ``GameState`` as the table (every hand face up), with ``:show: showdown``
  its last showdown, with ``:show: seat N`` what seat N sees.
* ``{presets}``, ``{action-space}`` and ``{part-options}`` (in
  ``commerce_lists.py``) list every preset and every option, generated from
  ``PRESETS`` and ``Rules``' fields.
* Before the pages are read, every ``docs/plots/<name>.py`` draws its figure
  from its committed data into ``docs/_generated/plots/<name>.svg``.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

import commerce_rules
from commerce_rules import Category, Rules, hand_strength_table, observe
from commerce_rules.ranking.odds import category_counts
from commerce_rules.ranking.registry import ranking_part
from commerce_rules.render import hand_svg, observation_html, showdown_html, table_html

DOCS = Path(__file__).resolve().parent.parent
RULE_NUMBER = re.compile(r"^(\d+)(?:\.(\d+))?$")
CITATION = re.compile(r"Rules §(\d+(?:\.\d+)?)((?:(?:-|–|, ?| and )§?\d+(?:\.\d+)?)*)")
""""Rules §2.3", "Rules §2.6-2.7", "Rules §6.1, 6.8-6.10" in a docstring."""


def rule_label(number: str) -> str:
    """The label of a numbered rule (``"2.3"`` → ``"rule-2-3"``) or of a section (``"2"`` → ``"rules-2"``)."""
    match = RULE_NUMBER.match(number.strip())
    if match is None:
        raise ValueError(f"not a rule number: {number!r} (expected 2 or 2.3)")
    section, rule = match.groups()
    return f"rule-{section}-{rule}" if rule else f"rules-{section}"


def rule_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = ()) -> Any:
    title, _, target = text.partition("<")
    if target:
        number, title = target.rstrip(">").strip(), title.strip()
    else:
        number, title = text.strip(), f"Rules §{text.strip()}"
    try:
        label = rule_label(number)
    except ValueError as error:
        message = inliner.reporter.error(str(error), line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    ref = addnodes.pending_xref(
        rawtext, refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
    )
    ref += nodes.inline(title, title, classes=["xref", "std", "std-ref", "rule-citation"])
    return [ref], []


def _cite_rules(app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    """A docstring's "Rules §2.3" becomes a link to the rule in the API pages."""
    for i, line in enumerate(lines):
        lines[i] = CITATION.sub(lambda m: f":rule:`{m.group(0)} <{m.group(1)}>`", line)


def _raw(html: str) -> nodes.raw:
    return nodes.raw("", html, format="html")


class CardsDirective(SphinxDirective):
    """Hands drawn as cards, one per line: ``A♠ K♠ Q♠ | a caption``."""

    has_content = True
    option_spec = {"height": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        height = self.options.get("height", 70)
        figures = []
        for line in self.content:
            if not line.strip():
                continue
            cards, _, caption = line.partition("|")
            svg = hand_svg(cards, height=height)
            text = f'<figcaption>{_escape(caption.strip())}</figcaption>' if caption.strip() else ""
            figures.append(f'<figure class="commerce-hand">{svg}{text}</figure>')
        return [_raw('<div class="commerce-hands">' + "".join(figures) + "</div>")]


def _escape(text: str) -> str:
    from html import escape

    return escape(text)


def _rules(expression: str) -> Rules:
    namespace = {name: getattr(commerce_rules, name) for name in commerce_rules.__all__}
    rules = eval(expression, {"__builtins__": {}}, namespace)  # noqa: S307 - the docs' own text
    if not isinstance(rules, Rules):
        raise ValueError(f"{expression!r} is not a Rules value")
    return rules


def _examples(rules: Rules) -> list[tuple[Category, list[Any], int]]:
    """Each category, best first as the ranking lists it (a pounce's quad on top), with its best, middle and
    lowest hands, and how many hands are dealt in it."""
    by_category: dict[Category, list[Any]] = {}
    for value in hand_strength_table(rules).values():
        by_category.setdefault(value.category, []).append(value)
    counts = category_counts(rules)
    labels = ranking_part(rules).labels
    rows = []
    for category in sorted(by_category, key=labels.place, reverse=True):
        values = sorted(by_category[category], key=lambda v: (v.strength, sorted(c.index for c in v.cards)))
        picks = [values[-1], values[len(values) // 2], values[0]]
        unique = []
        for value in picks:
            if all(value.strength != other.strength for other in unique):
                unique.append(value)
        rows.append((category, unique, counts.get(category, 0)))
    return rows


class CategoriesDirective(SphinxDirective):
    """A ranking's categories as a table, best first, with example hands drawn."""

    required_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        rules = _rules(self.arguments[0])
        total = sum(category_counts(rules).values())
        rows = []
        labels = ranking_part(rules).labels
        for category, values, dealt in _examples(rules):
            cells = []
            for value in values:
                svg = hand_svg(value.cards, height=46)  # in the order its ranking's description reads them
                cells.append(f'<figure class="commerce-hand">{svg}<figcaption>{_escape(str(value))}</figcaption></figure>')
            share = f"{dealt:,} ({dealt / total:.2%})" if dealt else "never (made by a pounce)"
            rows.append(
                f"<tr><th>{_escape(labels.word(category))}</th>"
                f'<td><div class="commerce-hands">{"".join(cells)}</div></td>'
                f"<td>{_escape(share)}</td></tr>"
            )
        head = f"<tr><th>category</th><th>the best, a middle one, the lowest</th><th>dealt, of {total:,} hands</th></tr>"
        return [_raw(f'<table class="commerce-categories docutils"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>')]


class TableViewDirective(SphinxDirective):
    """Run a few lines of Python and draw the state (or its showdown, or a seat's view) they end with."""

    has_content = True
    option_spec = {"show": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        source = "\n".join(self.content)
        tree = ast.parse(source)
        if not tree.body or not isinstance(tree.body[-1], ast.Expr):
            raise self.error("table-view: the last line must be an expression giving a GameState")
        last = ast.Expression(tree.body.pop().value)
        namespace: dict[str, Any] = {name: getattr(commerce_rules, name) for name in commerce_rules.__all__}
        exec(compile(tree, f"<{self.env.docname} table-view>", "exec"), namespace)  # noqa: S102 - the docs' own text
        state = eval(compile(last, f"<{self.env.docname} table-view>", "eval"), namespace)  # noqa: S307
        if not isinstance(state, commerce_rules.GameState):
            raise self.error(f"table-view: the last line gives a {type(state).__name__}, not a GameState")
        show = self.options.get("show", "table").strip()
        if show == "table":
            html = table_html(state)
        elif show == "showdown":
            if state.last_showdown is None:
                raise self.error("table-view: the state has had no showdown")
            html = showdown_html(state.last_showdown, state.rules)
        elif show.startswith("seat "):
            html = observation_html(observe(state, int(show.split()[1])))
        else:
            raise self.error(f"table-view: :show: is table, showdown or seat N, not {show!r}")
        return [_raw(html)]


def _load(path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(f"commerce_plots_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _draw_plots(app: Any) -> None:
    out = DOCS / "_generated" / "plots"
    for script in sorted((DOCS / "plots").glob("*.py")):
        if script.stem == "common":
            continue
        module = _load(script)
        target = out / f"{script.stem}.svg"
        module.draw(module.read_data(module.NAME), target)


def setup(app: Any) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.autodoc")
    app.add_role("rule", rule_role)
    app.add_directive("cards", CardsDirective)
    app.add_directive("categories", CategoriesDirective)
    app.add_directive("table-view", TableViewDirective)
    app.setup_extension("commerce_lists")  # {presets}, {action-space}, {part-options}: every preset and option
    app.connect("builder-inited", _draw_plots)
    app.connect("autodoc-process-docstring", _cite_rules, priority=700)
    app.add_css_file("commerce.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
