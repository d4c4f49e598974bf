"""The docs' lists of every preset and every option, generated from the library so that no page keeps one by hand.

* ``{presets}`` is a table of every preset of ``commerce_rules.PRESETS``, in
  its order: ``:columns:`` picks among ``variant`` (its key, the command
  line's ``--variant`` name), ``preset`` (its constant), ``game`` (its
  docstring, "Rules §2" a link), ``mechanism``, ``scoring``, ``ranking`` and
  ``options`` (the options it sets: "as ``CRP``, with ..." after the nearest
  earlier preset of the same mechanism, else those that differ from
  ``Rules()``'s). With ``:autodata:`` (inside an ``{eval-rst}`` block) it
  writes one ``autodata`` entry per preset instead, for the API reference.
* ``{action-space}`` is a table of every preset's integer action space:
  each kind of action with its fields and its indices, presets of the same
  space on one row.
* ``{part-options}`` is a table of every option of ``Rules`` but the parts
  themselves: the kind of part it belongs to, the parts that declare it
  (``PART_OPTIONS``) and the other options it needs when on.

A new preset or option appears in each table by itself.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

from commerce_docs import CITATION
from commerce_rules import PRESETS, Rules
from commerce_rules.core import rules as rules_module
from commerce_rules.core.rules import _TOGETHER, PART_OPTIONS, Mechanism, Ranking, Scoring
from commerce_rules.learning.action_space import action_space

PARTS = ("mechanism", "scoring", "ranking")
KINDS: tuple[tuple[str, type[enum.Enum]], ...] = (("mechanism", Mechanism), ("scoring", Scoring), ("ranking", Ranking))


def presets() -> list[tuple[str, str, Rules]]:
    """Every preset as ``(its key in PRESETS, the name of its constant in core/rules.py, the value)``, in order."""
    constants = {id(value): name for name, value in vars(rules_module).items() if isinstance(value, Rules)}
    found = []
    for key, rules in PRESETS.items():
        name = constants.get(id(rules))
        if name is None:
            raise ValueError(f"the preset {key!r} is no constant of commerce_rules.core.rules")
        found.append((key, name, rules))
    return found


def _value(value: object) -> str:
    return repr(value.value if isinstance(value, enum.Enum) else value)


def _differences(rules: Rules, other: Rules) -> list[str]:
    """The options (not the parts) of ``rules`` that differ from ``other``'s, as ``name=value``, in field order."""
    return [
        f"`{field.name}={_value(getattr(rules, field.name))}`"
        for field in attrs.fields(Rules)
        if field.name not in PARTS and getattr(rules, field.name) != getattr(other, field.name)
    ]


def options_set(rules: Rules, earlier: list[tuple[str, str, Rules]]) -> str:
    """What ``rules`` sets: after the nearest earlier preset of its mechanism (fewest parts, then options, apart),
    else the options that differ from the defaults; "—" for none."""
    def distance(entry: tuple[str, str, Rules]) -> tuple[int, int]:
        other = entry[2]
        return sum(getattr(rules, part) != getattr(other, part) for part in PARTS), len(_differences(rules, other))

    parents = [entry for entry in earlier if entry[2].mechanism is rules.mechanism]
    if parents:
        _, name, parent = min(parents, key=distance)
        changed = _differences(rules, parent)
        return f"as `{name}`, with {', '.join(changed)}" if changed else f"as `{name}`"
    return ", ".join(_differences(rules, Rules())) or "—"


def _docstrings() -> dict[str, str]:
    """Each constant's docstring in core/rules.py (its first paragraph, on one line), by name."""
    found = ModuleAnalyzer.for_module(rules_module.__name__).find_attr_docs()
    texts = {}
    for (scope, name), lines in found.items():
        if scope == "":
            first = [*lines, ""]
            texts[name] = " ".join(line.strip() for line in first[: first.index("")])
    return texts


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(directive: SphinxDirective, header: list[str], rows: list[list[str]]) -> list[nodes.Node]:
    """A Markdown table parsed where the directive stands (MyST), so that roles and code in the cells work."""
    lines = [
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
        *("| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows),
    ]
    container = nodes.container()
    directive.state.nested_parse(StringList(lines, source=directive.env.docname), 0, container)
    return list(container.children)


COLUMNS = {
    "variant": "`--variant`",
    "preset": "preset",
    "game": "the game",
    "mechanism": "mechanism",
    "scoring": "scoring",
    "ranking": "ranking",
    "options": "options set",
}


def _columns(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in COLUMNS]
    if unknown:
        raise ValueError(f"unknown column {unknown[0]!r}; the columns are: {', '.join(COLUMNS)}")
    return names


class PresetsDirective(SphinxDirective):
    """Every preset, as a table (or, with ``:autodata:``, as the API reference's entries)."""

    option_spec = {"columns": _columns, "autodata": directives.flag}

    def run(self) -> list[nodes.Node]:
        found = presets()
        if "autodata" in self.options:
            lines = []
            for _, name, _ in found:
                lines += [f".. autodata:: {rules_module.__name__}.{name}", "   :no-value:", ""]
            container = nodes.container()
            self.state.nested_parse(StringList(lines, source=self.env.docname), 0, container)
            return list(container.children)
        columns = self.options.get("columns") or ["preset", "game", "mechanism", "scoring", "ranking", "options"]
        texts = _docstrings()
        rows = []
        for index, (key, name, rules) in enumerate(found):
            cells = {
                "variant": f"`{key}`",
                "preset": f"`{name}`" + (" (the default)" if rules == Rules() else ""),
                "game": _cited(texts.get(name, "")),
                "mechanism": f"`{rules.mechanism.value}`",
                "scoring": f"`{rules.scoring.value}`",
                "ranking": f"`{rules.ranking.value}`",
                "options": options_set(rules, found[:index]),
            }
            rows.append([cells[column] for column in columns])
        return _markdown(self, [COLUMNS[column] for column in columns], rows)


def _cited(text: str) -> str:
    """A docstring's "Rules §2.3" as a link to the rule, and its reStructuredText code as Markdown's."""
    text = text.replace("``", "`")
    return CITATION.sub(lambda match: f"{{rule}}`{match.group(0)} <{match.group(1)}>`", text)


def _kind(action: type[Any]) -> str:
    fields = [field for field, _ in action.card_fields] + [field for field, _ in action.word_fields]
    return f"`{action.__name__}({', '.join(fields)})`" if fields else f"`{action.__name__}`"


class ActionSpaceDirective(SphinxDirective):
    """Every preset's integer action space: its kinds of action, laid end to end, and their indices."""

    def run(self) -> list[nodes.Node]:
        rows: dict[tuple[Any, ...], list[str]] = {}
        for _, name, rules in presets():
            space = action_space(rules)
            kinds = " · ".join(_kind(kind.action) for kind in space.kinds)
            spans = " · ".join(f"{first}" if first == last else f"{first}-{last}" for _, first, last in space.ranges())
            shape = (rules.deck_size, kinds, f"{spans} ({space.size} in all)")
            rows.setdefault(shape, []).append(f"`{name}`")
        table = [[", ".join(names), str(deck), kinds, spans] for (deck, kinds, spans), names in rows.items()]
        return _markdown(self, ["preset", "D", "kind", "indices"], table)


def _used_with(option: str) -> tuple[str, str]:
    """The kinds of part ``option`` belongs to, and the parts that declare it ("every ..." where all of a kind do)."""
    kinds, parts = [], []
    for kind, members in KINDS:
        declaring = [member for member in members if option in PART_OPTIONS[member]]
        if not declaring:
            continue
        kinds.append(kind)
        others = [member for member in members if member not in declaring]
        if not others:
            parts.append(f"every {kind}")
        elif len(others) < len(declaring) and len(declaring) > 2:
            parts.append(f"every {kind} but " + ", ".join(f"`{member.value}`" for member in others))
        else:
            parts.append(", ".join(f"`{member.value}`" for member in declaring))
    if not kinds:
        return "shared", "every variant"
    return " and ".join(kinds), "; ".join(parts)


def _needs(option: str) -> str:
    return ", ".join(f"`{other}={_value(value)}`" for name, other, value, _ in _TOGETHER if name == option) or "—"


class PartOptionsDirective(SphinxDirective):
    """Every option of ``Rules`` (the parts aside): its kind of part, the parts that declare it, what it needs."""

    def run(self) -> list[nodes.Node]:
        groups: dict[tuple[str, str, str], list[str]] = {}
        for field in attrs.fields(Rules):
            if field.name in PARTS:
                continue
            kind, parts = _used_with(field.name)
            groups.setdefault((kind, parts, _needs(field.name)), []).append(f"`{field.name}`")
        order = [kind for kind, _ in KINDS]

        def place(key: tuple[str, str, str]) -> int:  # by the first kind named: mechanism, scoring, ranking, shared
            first = key[0].split(" and ")[0]
            return order.index(first) if first in order else len(order)

        rows = [[key[0], ", ".join(groups[key]), key[1], key[2]] for key in sorted(groups, key=place)]
        return _markdown(self, ["part", "option", "used with", "when on, needs"], rows)


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("presets", PresetsDirective)
    app.add_directive("action-space", ActionSpaceDirective)
    app.add_directive("part-options", PartOptionsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
