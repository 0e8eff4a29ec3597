"""Read a data file's tables into typed records, driven by the records' own field types.

A record is a frozen dataclass (or a `typing.NamedTuple`); `read_data` reads one from a TOML
table, each field from the key of its name by the field's type, so no field is listed twice:

- ``int``, ``bool``, ``str`` (non-empty), ``Fraction`` (an integer or an exact string such as
  ``"3/4"`` or ``"1.5"``, never a float; positive), a `StrEnum` (one of its values);
- a record: a table of its fields; ``tuple[X, ...]`` or ``frozenset[X]``: a list of X;
  ``tuple[X, Y]``: a list of exactly two;
- ``tuple[Row, ...]`` of records: an array of tables whose first field is unique, or, with
  ``Spec(rows=Rows())``, a table of rows keyed by the row's first field: a `StrEnum` (every
  member, unless ``Rows(complete=False)``), a ``str``, or an ``int`` (rows 0, 1, 2 ... in order);
- ``X | None``: a key that may be absent (None), or, with ``Spec(none="-")``, the word the file
  writes for None; ``Literal[Unlimited.ANY] | X``: the word ``any`` (`ANY`) or an X.

A field with a default (its dataclass default or ``Spec(default=...)``) may be absent. Field
metadata (a `Spec`) says only what a type cannot: a TOML key that differs from the
name (a dotted path into sub-tables), a bound, the word for None, a keyed-rows table, a value
derived or given rather than read. A record's cross-field checks are its ``__post_init__``,
raising `Fault`, so a record built in code is checked the same way.

Every bad input is one `RuleDataError` naming the file, the key and the value (the catalog's
``error.rules.*``); a key no field reads is refused. Each record class's plan (its fields, their
keys and parsers) is built once.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Pace:
...     speed: int = field(metadata=Spec(minimum=1))
...     factor: Fraction = field(metadata=Spec(at="table.factor"))
>>> read_data(Pace, {"speed": 30, "table": {"factor": "3/4"}}, "pace.toml")
Pace(speed=30, factor=Fraction(3, 4))
>>> read_data(Pace, {"speed": 0, "table": {"factor": 1}}, "pace.toml")
Traceback (most recent call last):
...
footfall.errors.RuleDataError: pace.toml: key 'speed': bad value 0: expected at least 1
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import (
    Any,
    Literal,
    TypedDict,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from footfall.errors import RuleDataError
from footfall.rules.vocabulary import ANY, Unlimited

__all__ = ["IN_CODE", "Fault", "Rows", "Spec", "rank", "read_data"]

R = TypeVar("R")

#: The file a `Fault` names when its record was built in code, not read from a file.
IN_CODE = "(built in code)"

_MISSING: Any = dataclasses.MISSING
_FRACTION = re.compile(r"^-?\d+(/\d+)?$|^-?\d+\.\d+$")
_ANY_CELL = Literal[Unlimited.ANY]
_NONE = type(None)


# Rows and _Field are plain slotted classes, not dataclasses: they are built at import beside
# forty records, and a dataclass costs a millisecond to create.


class Rows:
    """How a table of rows is keyed: by the row record's first field (see the module).

    `complete`: an enum-keyed table must have a row for every member; `scalar`: each row is a
    plain value, the row record's second field (``choice = "its meaning"``).
    """

    __slots__ = ("complete", "scalar")

    def __init__(self, *, complete: bool = True, scalar: bool = False) -> None:
        self.complete = complete
        self.scalar = scalar


class Spec(TypedDict, total=False):
    """What a field's type cannot say about reading it: its metadata, every key optional.

    ``run_heavy: Fraction = field(metadata=Spec(at="modes.run_heavy"))``

    - `at`: the TOML key, a dotted path from the record's table (``modes.run_heavy``)
    - `minimum`, `maximum`: the integers allowed (of the field, or of each item of a list)
    - `none`: the word the file writes for None (``"-"``, ``"none"``, ``"no"``); the key is
      then required
    - `choices`: the strings allowed
    - `default`: the value when the key is absent (the key is then optional)
    - `rows`: a table of rows keyed by id (`Rows`) rather than an array of tables
    - `derive`: not in the file, computed from the fields read before it
    - `given`: not in the file, the reader's context (the file name) or the enclosing
      record's field of that name
    """

    at: str
    minimum: int
    maximum: int
    none: str
    choices: tuple[str, ...]
    default: Any
    rows: Rows
    derive: Callable[[Mapping[str, Any]], Any]
    given: bool


def rank(name: str) -> Callable[[Mapping[str, Any]], int]:
    """Derive a field as the position of field `name`'s member in its enum (fine = 0)."""

    def derive(values: Mapping[str, Any]) -> int:
        member: Enum = values[name]
        members: list[Enum] = list(type(member))
        return members.index(member)

    return derive


class Fault(RuleDataError):
    """A record's cross-field check failed: raised by its ``__post_init__``.

    Its fields name `key` relative to the record's table and the `value`; with ``raw=True``
    the reader shows the value as the file wrote it. The reader then names the file and the
    whole key path; a record built in code names `IN_CODE` as its file.
    """

    def __init__(self, message: str, /, **fields: Any) -> None:
        fields.setdefault("file", IN_CODE)
        super().__init__(message, **fields)


def read_data(
    cls: type[R], data: Mapping[str, object], file: str, context: Mapping[str, Any] | None = None
) -> R:
    """Read the record `cls` from parsed TOML `data`; `file` names it in errors.

    `context` gives the fields marked ``Spec(given=True)`` (a `System`'s ``file``).
    """
    return _read(cls, _Node(file, "", data), context or {}, None)


# ------------------------------------------------------------------ the table being read


class _Node:
    """A TOML table being read: its file, key path and data; it refuses keys nobody read."""

    __slots__ = ("data", "file", "path", "sections", "used")

    def __init__(self, file: str, path: str, data: Mapping[str, object]) -> None:
        self.file = file
        self.path = path
        self.data = data
        self.used: set[str] = set()
        self.sections: dict[str, _Node] = {}

    def key(self, key: str) -> str:
        """Return the full key path of `key` ("" is this table itself)."""
        if not key:
            return self.path
        return f"{self.path}.{key}" if self.path else key

    def where(self, key: str, value: object) -> dict[str, object]:
        """Return the fields every bad-value error names: the file, the key path, the value."""
        return {"file": self.file, "key": self.key(key), "value": value}

    def child(self, key: str, raw: object) -> _Node:
        """Return the sub-table `key` whose value is `raw`, or refuse a value that is none."""
        if not isinstance(raw, dict):
            raise RuleDataError("error.rules.table", **self.where(key, raw))
        return _Node(self.file, self.key(key), raw)

    def section(self, key: str) -> _Node:
        """Return the sub-table `key` that several fields read from (closed with this table)."""
        found = self.sections.get(key)
        if found is None:
            if key not in self.data:
                raise RuleDataError("error.rules.missing", file=self.file, key=self.key(key))
            self.used.add(key)
            found = self.sections[key] = self.child(key, self.data[key])
        return found

    def close(self) -> None:
        """Refuse the first key that no field read, here or in a section."""
        for section in self.sections.values():
            section.close()
        if len(self.used) == len(self.data):  # `used` holds only keys of `data`
            return
        for key, value in self.data.items():
            if key not in self.used:
                raise RuleDataError("error.rules.unknown-key", **self.where(key, value))


#: Parse one value: (the table holding it, its key, the value, the enclosing record's fields).
_Parse = Callable[[_Node, str, object, Mapping[str, Any]], Any]


class _Field:
    """How one field of a record is read (built once per record class)."""

    __slots__ = ("default", "hint", "key", "name", "parse", "sections", "spec")

    def __init__(
        self,
        name: str,
        sections: tuple[str, ...],
        key: str,
        spec: Spec,
        default: Any,
        parse: _Parse | None,
        hint: Any,
    ) -> None:
        self.name = name
        self.sections = sections
        self.key = key
        self.spec = spec
        self.default = default
        self.parse = parse
        self.hint = hint


_PLAIN: Spec = {}


def _read(
    cls: type[R], node: _Node, context: Mapping[str, Any], preset: Mapping[str, Any] | None
) -> R:
    """Read the record `cls` from `node` (`preset`: fields already known, a row's key)."""
    values: dict[str, Any] = {}
    data = node.data
    direct = 0  # keys of `node` read by fields (its sections mark theirs in `used`)
    plan = _plan(cls)  # type: ignore[arg-type]  # a class is hashable
    for f in plan:
        name, parse, key = f.name, f.parse, f.key
        if preset is not None and name in preset:
            values[name] = preset[name]
        elif parse is None:
            values[name] = _unread(f, node, context, values)
        elif not f.sections:
            if key in data:
                direct += 1
                values[name] = parse(node, key, data[key], values)
            elif f.default is not _MISSING:
                values[name] = f.default
            else:
                raise RuleDataError("error.rules.missing", file=node.file, key=node.key(key))
        else:
            holder = node
            for section in f.sections:
                holder = holder.section(section)
            if key in holder.data:
                holder.used.add(key)
                values[name] = parse(holder, key, holder.data[key], values)
            elif f.default is not _MISSING:
                values[name] = f.default
            else:
                raise RuleDataError("error.rules.missing", file=node.file, key=holder.key(key))
    try:
        record = cls(**values)
    except Fault as fault:
        raise _locate(fault, node) from None
    if node.sections or direct + len(node.used) != len(data):
        node.used.update(
            f.key
            for f in plan
            if not f.sections
            and f.parse is not None
            and not (preset is not None and f.name in preset)
            and f.key in data
        )
        node.close()
    return record


def _unread(f: _Field, node: _Node, context: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
    """Return a field that is not in the file: derived, or given by the context."""
    derive = f.spec.get("derive")
    if derive is not None:
        return derive(values)
    found = context.get(f.name)
    if found is None:
        raise RuleDataError(
            "error.rules.needs-table",
            file=node.file,
            key=node.path,
            table=node.path.rsplit(".", 1)[-1],
            needs=f.name,
        )
    return found


def _locate(fault: Fault, node: _Node) -> Fault:
    """Name the file and the whole key path in `fault` (and the value as written, if raw)."""
    fields = dict(fault.fields)
    relative = str(fields.get("key", ""))
    fields["file"] = node.file
    fields["key"] = node.key(relative)
    if fields.pop("raw", False):
        found: object = node.data
        for part in relative.split(".") if relative else ():
            found = found.get(part, _MISSING) if isinstance(found, dict) else _MISSING
        if found is not _MISSING:
            fields["value"] = found
    fault.fields = fields
    return fault


# ------------------------------------------------------------------ plans and parsers


def _is_record(hint: object) -> bool:
    """Tell whether `hint` is a dataclass or a NamedTuple.

    Looked up in the classes' own namespaces: a failed `hasattr` raises and catches an
    exception, the most of a field's cost at first load.
    """
    if not isinstance(hint, type):
        return False
    if any("__dataclass_fields__" in vars(k) for k in hint.__mro__):
        return True
    return issubclass(hint, tuple) and "_fields" in vars(hint)


def _declared(cls: type) -> list[tuple[str, Spec, Any]]:
    """Return each field read at construction: its name, its `Spec` and its default."""
    if dataclasses.is_dataclass(cls):
        out = []
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            default: Any = f.default
            if f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            meta = cast(Spec, f.metadata)
            if meta and not meta.keys() <= Spec.__optional_keys__:
                raise TypeError(f"{cls.__name__}.{f.name}: unknown metadata {dict(meta)!r}")
            out.append((f.name, meta, default))
        return out
    defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
    names: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]  # a NamedTuple
    return [(name, _PLAIN, defaults.get(name, _MISSING)) for name in names]


@cache
def _plan(cls: type) -> tuple[_Field, ...]:
    """Return how each field of the record `cls` is read, from its type hints."""
    declared = _declared(cls)
    hints = _hints(cls, [name for name, _, _ in declared])
    plan = []
    for name, s, default in declared:
        hint = hints[name]
        if "default" in s:
            default = s["default"]
        elif default is _MISSING and "none" not in s and _optional(hint):
            default = None
        sections: tuple[str, ...] = ()
        key = name
        at = s.get("at")
        if at is not None:
            *parts, key = at.split(".")
            sections = tuple(parts)
        parse = None if s.get("given") or "derive" in s else _parser(hint, s)
        plan.append(_Field(name, sections, key, s, default, parse, hint))
    heads = {f.sections[0] for f in plan if f.sections}
    if heads and heads & {f.key for f in plan if not f.sections}:  # `_read` counts keys
        raise TypeError(f"{cls.__name__}: a key is both a field and a section")
    return tuple(plan)


def _hints(cls: type, names: list[str]) -> dict[str, Any]:
    """Return the types of the fields `names` of `cls`.

    The record modules keep their annotations evaluated, which are taken as they are;
    `typing.get_type_hints` (which compiles string annotations each time) is the fallback.
    """
    own: Mapping[str, Any] = getattr(cls, "__annotations__", {})
    if all(name in own and not isinstance(own[name], str) for name in names):
        return dict(own)
    return get_type_hints(cls)


def _optional(hint: object) -> bool:
    """Tell whether `hint` is a union with None (``X | None``)."""
    members = _union_args(hint)
    return members is not None and _NONE in members


def _union_args(hint: object) -> tuple[Any, ...] | None:
    """Return the members of the union `hint` (``X | Y``, ``Literal[...] | Y``), else None.

    Read from the alias itself, faster than `typing.get_origin` (plans are built at first load).
    """
    if isinstance(hint, type):  # a class: no `__origin__` to look up (a failed lookup raises)
        return None
    if isinstance(hint, types.UnionType) or getattr(hint, "__origin__", None) is Union:
        return get_args(hint)
    return None


def _parser(hint: Any, s: Spec) -> _Parse:
    """Return the parser of a value of type `hint` (see the module for the types)."""
    if hint is bool:
        return _boolean
    if hint is int:
        return _integer(s)
    if hint is str:
        return _string(s)
    if hint is Fraction:
        return _fraction
    if isinstance(hint, type):
        if issubclass(hint, Enum):
            return _member(hint)
        if _is_record(hint):
            return _record(hint)
        raise TypeError(f"the rules reader cannot read a field of type {hint!r}")
    members = _union_args(hint)
    if members is not None:
        return _union(members, s)
    origin, args = get_origin(hint), get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        rows = s.get("rows")
        if rows is not None:
            return _keyed(args[0], rows)
        if _is_record(args[0]):
            return _array(args[0])
        return _list([_parser(args[0], s)], tuple, fixed=False)
    if origin is tuple:
        return _list([_parser(a, s) for a in args], tuple, fixed=True)
    if origin is frozenset:
        return _list([_parser(args[0], s)], frozenset, fixed=False)
    raise TypeError(f"the rules reader cannot read a field of type {hint!r}")


def _record(cls: type) -> _Parse:
    found = _RECORDS.get(cls)
    if found is not None:
        return found
    plan = _plan(cls)
    if all(f.parse is _text and not f.sections and f.default is _MISSING for f in plan):
        found = _words(cls, tuple(f.key for f in plan))
    else:

        def found(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Any:
            return _read(cls, node.child(key, raw), values, None)

    _RECORDS[cls] = found
    return found


#: The parser of each record class read as a sub-table (`Names` is a field of 60 classes).
_RECORDS: dict[type, _Parse] = {}


def _words(cls: type, keys: tuple[str, ...]) -> _Parse:
    """Parse a record of required strings only (`Names`, `Source`: half the records read).

    A table of exactly its keys, each a non-empty string, is built at once; anything else
    takes the general path, which names what is wrong.
    """
    size = len(keys)

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Any:
        if type(raw) is dict and len(raw) == size:
            words = []
            for k in keys:
                word = raw.get(k)
                if type(word) is not str or not word:
                    break
                words.append(word)
            else:
                try:
                    return cls(*words)
                except Fault:
                    pass  # the general path names the file and the key
        return _read(cls, node.child(key, raw), values, None)

    return parse


def _boolean(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> bool:
    if not isinstance(raw, bool):
        raise RuleDataError("error.rules.boolean", **node.where(key, raw))
    return raw


def _integer(s: Spec) -> _Parse:
    minimum, maximum = s.get("minimum"), s.get("maximum")

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise RuleDataError("error.rules.integer", **node.where(key, raw))
        if minimum is not None and raw < minimum:
            raise RuleDataError("error.rules.minimum", **node.where(key, raw), minimum=minimum)
        if maximum is not None and raw > maximum:
            raise RuleDataError("error.rules.maximum", **node.where(key, raw), maximum=maximum)
        return raw

    return parse


def _text(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> str:
    if not isinstance(raw, str) or not raw:
        raise RuleDataError("error.rules.string", **node.where(key, raw))
    return raw


def _string(s: Spec) -> _Parse:
    choices = s.get("choices")
    if choices is None:
        return _text

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> str:
        text = _text(node, key, raw, values)
        if text not in choices:
            raise RuleDataError("error.rules.one-of", **node.where(key, raw), valid=choices)
        return text

    return parse


def _fraction(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Fraction:
    # A bool is an int equal to 1 or 0: never a fraction, never a key of the memo.
    spelling = raw if isinstance(raw, int | str) and not isinstance(raw, bool) else None
    found = None if spelling is None else _EXACT.get(spelling)
    if found is not None:
        return found
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = Fraction(raw)
    elif isinstance(raw, str) and _FRACTION.match(raw):
        try:
            value = Fraction(raw)
        except ZeroDivisionError:
            raise RuleDataError("error.rules.zero-division", **node.where(key, raw)) from None
    else:
        raise RuleDataError("error.rules.fraction", **node.where(key, raw))
    if value <= 0:
        raise RuleDataError("error.rules.positive", **node.where(key, raw))
    if spelling is not None and len(_EXACT) < _EXACT_SIZE:
        _EXACT[spelling] = value
    return value


#: Fractions already read, by their spelling (the files repeat 1, 2, "1/2" ... hundreds of
#: times); bounded, as a custom file may spell many.
_EXACT: dict[int | str, Fraction] = {}
_EXACT_SIZE = 1024


def _members(cls: type[Enum]) -> dict[Any, Enum]:
    """Return the members of `cls` by value, in definition order.

    Enum's own index (a member's ``value`` is a descriptor, slow to read 300 times at load).
    """
    return dict(cls._value2member_map_)


def _member(cls: type[Enum]) -> _Parse:
    members = _members(cls)
    known = tuple(members)

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Enum:
        found = members.get(raw) if isinstance(raw, str) else None
        if found is None:
            raise RuleDataError("error.rules.one-of", **node.where(key, raw), valid=known)
        return found

    return parse


def _union(args: tuple[Any, ...], s: Spec) -> _Parse:
    """Parse ``X | None`` and ``Literal[Unlimited.ANY] | X`` (see the module)."""
    any_cell = any(not isinstance(a, type) and a == _ANY_CELL for a in args)
    rest = [a for a in args if a is not _NONE and (isinstance(a, type) or a != _ANY_CELL)]
    if len(rest) != 1:
        raise TypeError(f"the rules reader cannot read a union of {args!r}")
    inner = _parser(rest[0], s)
    none = s.get("none") if _NONE in args else None
    words = rest[0] is str

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Any:
        if none is not None and raw == none:
            return None
        if any_cell:
            if raw == "any":
                return ANY
            if isinstance(raw, str) and not words:
                raise RuleDataError("error.rules.any-cell", **node.where(key, raw))
        return inner(node, key, raw, values)

    return parse


def _list(items: list[_Parse], wrap: Callable[[Iterable[Any]], Any], *, fixed: bool) -> _Parse:
    """Parse a list: of `items` exactly when `fixed`, else of any length of ``items[0]``."""
    size = len(items) if fixed else None

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> Any:
        if not isinstance(raw, list):
            raise RuleDataError("error.rules.list", **node.where(key, raw))
        if size is not None and len(raw) != size:
            raise RuleDataError("error.rules.list-of", **node.where(key, raw), size=size)
        parsers = items if size is not None else items * len(raw)
        return wrap(
            p(node, f"{key}[{i}]", v, values)
            for i, (p, v) in enumerate(zip(parsers, raw, strict=True))
        )

    return parse


def _array(cls: type) -> _Parse:
    """Parse an array of tables of the record `cls`, its first field unique (an id)."""

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> tuple[Any, ...]:
        if not isinstance(raw, list) or not all(isinstance(v, dict) for v in raw):
            raise RuleDataError("error.rules.array", **node.where(key, raw))
        first = _plan(cls)[0].name
        seen: set[object] = set()
        rows: list[Any] = []
        for i, item in enumerate(raw):
            row_node = _Node(node.file, f"{node.key(key)}[{i}]", item)
            row: Any = _read(cls, row_node, values, None)
            ident = getattr(row, first)
            if ident in seen:
                raise RuleDataError("error.rules.duplicate-id", **row_node.where(first, ident))
            seen.add(ident)
            rows.append(row)
        return tuple(rows)

    return parse


def _keyed(cls: type, rows: Rows) -> _Parse:
    """Parse a table of rows of the record `cls`, keyed by its first field (see the module)."""
    plan = _plan(cls)
    first = plan[0].name
    second = plan[1].parse if rows.scalar else None
    row_key, members = _row_key(plan[0].hint)
    if not rows.complete:
        members = ()

    def parse(node: _Node, key: str, raw: object, values: Mapping[str, Any]) -> tuple[Any, ...]:
        table = node.child(key, raw)
        found: dict[object, Any] = {}
        for position, (k, item) in enumerate(table.data.items()):
            ident = row_key(table, k, position)
            if second is not None:
                found[ident] = cls(ident, second(table, k, item, values))
            else:
                found[ident] = _read(cls, table.child(k, item), values, {first: ident})
        missing = [m.value for m in members if m not in found]
        if missing:
            present = [str(k) for k in found]
            raise RuleDataError(
                "error.rules.missing-rows", **node.where(key, present), missing=", ".join(missing)
            )
        return tuple(found.values())

    return parse


def _row_key(key_type: Any) -> tuple[Callable[[_Node, str, int], object], tuple[Enum, ...]]:
    """Return how a row's TOML key becomes its id, and the ids a complete table must have.

    An enum-keyed row's id is the member its key names; an int-keyed one's its position,
    which its key must spell (0, 1, 2 ...); a string-keyed one's the key itself.
    """
    if key_type is int:

        def ordinal(table: _Node, key: str, position: int) -> object:
            if not key.isdigit() or int(key) != position:
                raise RuleDataError(
                    "error.rules.row-order", **table.where(key, key), expected=position
                )
            return position

        return ordinal, ()
    if isinstance(key_type, type) and issubclass(key_type, Enum):
        members = _members(key_type)
        known = tuple(members)

        def member(table: _Node, key: str, position: int) -> object:
            found = members.get(key)
            if found is None:
                raise RuleDataError("error.rules.unknown-id", **table.where(key, key), valid=known)
            return found

        return member, tuple(members.values())

    def word(table: _Node, key: str, position: int) -> object:
        return key

    return word, ()
