"""Immutable records for the engine's hot path: ``NamedTuple`` classes made into proper values.

A game state is copied on every action, so its record must be cheap to
build, to read and to copy, and hold nothing writable. A ``typing.NamedTuple``
is all three (no ``__dict__``, fields read by C descriptors), and ``mypy
--strict`` checks every field name and type in a constructor or a
``_replace`` call, so a misspelt field in a transition is a type error.

:func:`value_record` fixes what a bare named tuple gets wrong as a value:
it equals only a record of its own class (never a plain tuple or another
record with the same fields), and it has no order.

:func:`built_by_position` is the one place where a record is built by
position: it compiles a transition written plainly, as ``_replace`` of its
keyword-only parameters, into the same function reading and building the
record by position, from the class's ``_fields``. Only the engine's moves
(one per action) are made so; everything else calls ``_replace``.
"""

from __future__ import annotations

import functools
import linecache
from collections.abc import Callable
from typing import Any, NoReturn, ParamSpec, TypeVar

__all__ = ["built_by_position", "made_by_position", "value_record"]

R = TypeVar("R", bound=tuple[Any, ...])
F = TypeVar("F", bound=Callable[..., Any])
P = ParamSpec("P")


def _unordered(self: object, other: object) -> NoReturn:
    raise TypeError(f"{type(self).__name__} values have no order")


def value_record(cls: type[R]) -> type[R]:
    """Make the ``NamedTuple`` class ``cls`` a value: equal by class and fields, unordered."""
    base_eq: Any = tuple.__eq__
    base_hash = tuple.__hash__

    def __eq__(self: Any, other: object) -> bool:
        return self is other or (type(other) is type(self) and base_eq(self, other))

    def __ne__(self: Any, other: object) -> bool:
        return not __eq__(self, other)

    def __hash__(self: Any) -> int:
        return hash((cls.__name__, base_hash(self)))

    cls.__eq__ = __eq__  # type: ignore[method-assign]
    cls.__ne__ = __ne__  # type: ignore[method-assign]
    cls.__hash__ = __hash__  # type: ignore[method-assign]
    for name in ("__lt__", "__le__", "__gt__", "__ge__"):
        setattr(cls, name, _unordered)
    return cls


def compiled(source: str, filename: str, namespace: dict[str, Any]) -> dict[str, Any]:
    """Run generated ``source`` in ``namespace`` under ``filename``, which gets a :mod:`linecache` entry (as attrs
    does): a traceback, ``inspect.getsource`` and a debugger then show the generated lines. Returns ``namespace``.

    ``filename`` is a ``<...>`` name; where another source already holds it, ``-1``, ``-2``... is added to it.
    """
    lines = source.splitlines(keepends=True)
    entry = (len(source), None, lines, filename)
    base, count = filename, 1
    while linecache.cache.setdefault(filename, entry) != entry:
        filename = f"{base[:-1]}-{count}>"
        entry = (len(source), None, lines, filename)
        count += 1
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - callers build it from names and whole numbers
    return namespace


def built_by_position(cls: type[tuple[Any, ...]]) -> Callable[[F], F]:
    """A decorator for a transition of ``cls`` records written as ``_replace``: it returns the same function
    compiled from ``cls._fields`` to read the record and build the new one by position.

    The function decorated takes the record, then only keyword-only parameters, each named after a field it
    replaces, and returns ``record._replace(field=field, ...)`` of them all (no defaults). The function made
    for it takes the same arguments and returns an equal record, without ``_replace``'s keyword handling;
    the function written stays as its ``__wrapped__``, the reference a test holds it equal to.
    """
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]

    def build(plain: F) -> F:
        code = plain.__code__
        record = code.co_varnames[0]
        given = code.co_varnames[code.co_argcount : code.co_argcount + code.co_kwonlyargcount]
        if code.co_argcount != 1 or code.co_posonlyargcount or plain.__kwdefaults__ or plain.__defaults__:
            raise TypeError(f"{plain.__qualname__} must take the record, then keyword-only fields without defaults")
        unknown = [name for name in given if name not in fields]
        if unknown or record in fields or record.startswith("_") or {"tuple_new", "record_class"} & set(fields):
            raise TypeError(f"{plain.__qualname__}: {', '.join(unknown or [record])} is not a field to replace")
        kept = [f"_{name}" for name in fields]  # a field name never starts with "_": no clash with the parameters
        read = ", ".join("_" if name in given else kept_name for name, kept_name in zip(fields, kept))
        built = ", ".join(name if name in given else kept_name for name, kept_name in zip(fields, kept))
        source = (
            f"def {plain.__name__}({record}, *, {', '.join(given)}):\n"
            f"    {read}, = {record}\n"
            f"    return _tuple_new(_record_class, ({built},))\n"
        )
        filename = f"<commerce_rules generated {plain.__module__}.{plain.__qualname__}>"
        namespace = compiled(source, filename, {"_tuple_new": tuple.__new__, "_record_class": cls})
        made: F = namespace[plain.__name__]
        functools.update_wrapper(made, plain)
        return made

    return build


def made_by_position(cls: Callable[P, R]) -> Callable[P, R]:
    """The constructor of the ``NamedTuple`` class ``cls`` as a plain function compiled from its ``_fields``:
    the same parameters and defaults, an equal record.

    Calling a named tuple's class goes through the type's call machinery to
    its ``__new__``, written in Python: about twice the cost of one function
    that builds the tuple by position. The turn records a move makes on
    every action are built by the function this returns (``docs/performance.md``).
    """
    record_class: Any = cls
    fields: tuple[str, ...] = record_class._fields
    defaults: dict[str, Any] = record_class._field_defaults
    if any(name.startswith("_") for name in fields):  # the generated code's own names (_tuple_new...) start so
        raise TypeError(f"{record_class.__name__}: a field name starting with '_' cannot be made by position")
    name = f"new_{record_class.__name__}"
    parameters = ", ".join(f"{field}=_defaults[{field!r}]" if field in defaults else field for field in fields)
    source = f"def {name}({parameters}):\n    return _tuple_new(_record_class, ({', '.join(fields)},))\n"
    filename = f"<commerce_rules generated {record_class.__module__}.{name}>"
    namespace = compiled(source, filename, {"_tuple_new": tuple.__new__, "_record_class": cls, "_defaults": defaults})
    made: Callable[P, R] = namespace[name]
    made.__doc__ = f"``{record_class.__name__}(...)``, built by position (see :func:`made_by_position`)."
    return made
