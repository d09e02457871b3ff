"""Loading recipe YAML safely, keeping where every value came from.

``yaml.safe_load`` semantics (no Python objects) with four more guards: every mapping and
sequence remembers the line and column of itself, its keys and its items (so errors can name
them); a key given twice in one mapping is an error (loaders silently keep the last one, which
could turn a failing check into a passing one); only the standard tags (``str``, ``int``,
``float``, ``bool``, ``null``, ``seq``, ``map`` and merge keys) are accepted; aliases are bounded
in number and in how far they expand (an "alias bomb" is refused before anything is built).
Dates and ``=`` stay strings. Errors are :class:`~dapcli.errors.UsageError` saying
``FILE:LINE:COL: message``.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from dapcli.errors import UsageError
from dapcli.files import MAX_RECIPE_BYTES, read_text_file

__all__ = ["MAX_ALIASES", "MAX_NODES", "MAX_VALUES", "Mark", "YamlList", "YamlMap", "load_yaml", "load_yaml_text"]

#: Most aliases (``*name``) one recipe may use.
MAX_ALIASES = 200
#: Most nodes the document may expand to once every alias is followed.
MAX_NODES = 20_000
#: Most values (scalars, lists, mappings) one recipe may hold: a step with an ``expect`` is ~9,
#: so this is ~20,000 steps. The pure-Python loader that keeps positions reads ~140 KB a second
#: (a 10,000-step recipe: ~4 s); the values are counted first on libyaml's event stream (when
#: PyYAML has it) in a fraction of that, and the file's size is checked before it is read.
MAX_VALUES = 200_000

_Y = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_Y + name for name in ("str", "int", "float", "bool", "null", "seq", "map", "merge")}


class Mark(NamedTuple):
    """A position in the file: 1-based line and column."""

    line: int
    column: int

    @classmethod
    def of(cls, mark: yaml.Mark | None) -> Mark:
        return cls(mark.line + 1, mark.column + 1) if mark is not None else cls(1, 1)


class YamlMap(dict[Any, Any]):
    """A mapping that knows where it, each key and each value start."""

    mark: Mark = Mark(1, 1)

    def __init__(self) -> None:
        super().__init__()
        self.key_marks: dict[Any, Mark] = {}
        self.value_marks: dict[Any, Mark] = {}

    def key_mark(self, key: Any) -> Mark:
        return self.key_marks.get(key, self.mark)

    def value_mark(self, key: Any) -> Mark:
        return self.value_marks.get(key, self.key_mark(key))


class YamlList(list[Any]):
    """A sequence that knows where it and each item start."""

    mark: Mark = Mark(1, 1)

    def __init__(self) -> None:
        super().__init__()
        self.item_marks: list[Mark] = []

    def item_mark(self, index: int) -> Mark:
        return self.item_marks[index] if 0 <= index < len(self.item_marks) else self.mark


class _LoadError(Exception):
    def __init__(self, mark: yaml.Mark | None, message: str) -> None:
        super().__init__(message)
        self.mark = Mark.of(mark)
        self.message = message


def _without(resolvers: dict[str, list[Any]], *tags: str) -> dict[str, list[Any]]:
    return {first: [r for r in items if r[0] not in tags] for first, items in resolvers.items()}


class RecipeLoader(yaml.SafeLoader):
    """SafeLoader that records positions, refuses duplicate keys, odd tags and alias bombs."""

    yaml_implicit_resolvers = _without(yaml.SafeLoader.yaml_implicit_resolvers, _Y + "timestamp", _Y + "value")

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._aliases = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _LoadError(cast(Any, self).peek_event().start_mark, f"more than {MAX_ALIASES} aliases")
        node: Node | None = super().compose_node(parent, index)
        return node

    def compose_document(self) -> Node | None:
        node: Node | None = super().compose_document()
        if node is not None:  # without aliases the size is the file's own (bounded by its size)
            _check_tree(node, {}, set(), limit=MAX_NODES if self._aliases else None)
        return node

    def construct_yaml_map_with_marks(self, node: MappingNode) -> Any:
        data = YamlMap()
        data.mark = Mark.of(node.start_mark)
        yield data
        explicit = [(k, v) for k, v in node.value if k.tag != _Y + "merge"]
        self.flatten_mapping(node)
        merged = len(node.value) - len(explicit)
        seen: set[Any] = set()
        for index, (key_node, value_node) in enumerate(node.value):
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise _LoadError(key_node.start_mark, "a mapping key must be a plain value") from None
            if index >= merged:
                if key in seen:
                    raise _LoadError(key_node.start_mark, f"duplicate key {key!r} in this mapping")
                seen.add(key)
            data[key] = self.construct_object(value_node, deep=False)
            data.key_marks[key] = Mark.of(key_node.start_mark)
            data.value_marks[key] = Mark.of(value_node.start_mark)

    def construct_yaml_seq_with_marks(self, node: SequenceNode) -> Any:
        data = YamlList()
        data.mark = Mark.of(node.start_mark)
        yield data
        for child in node.value:
            data.append(self.construct_object(child, deep=False))
            data.item_marks.append(Mark.of(child.start_mark))


RecipeLoader.add_constructor(_Y + "map", RecipeLoader.construct_yaml_map_with_marks)
RecipeLoader.add_constructor(_Y + "seq", RecipeLoader.construct_yaml_seq_with_marks)


def _check_tree(node: Node, sizes: dict[int, int], active: set[int], limit: int | None) -> int:
    """Refuse non-standard tags, recursive aliases and documents that expand too far; return
    the expanded size of ``node`` (shared nodes are counted once per use, computed once)."""
    if node.tag not in _ALLOWED_TAGS:
        raise _LoadError(node.start_mark, f"tag {_short_tag(node.tag)} is not allowed (only plain YAML values)")
    if isinstance(node, ScalarNode):
        return 1
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in active:
        raise _LoadError(node.start_mark, "an alias refers to the node that contains it")
    active.add(key)
    children = node.value if isinstance(node, SequenceNode) else [n for pair in node.value for n in pair]
    size = 1
    for child in children:
        size += _check_tree(child, sizes, active, limit)
        if limit is not None and size > limit:
            raise _LoadError(node.start_mark, f"aliases expand this to more than {MAX_NODES} values (an alias bomb?)")
    active.discard(key)
    sizes[key] = size
    return size


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


def _check_size(text: str, filename: str) -> None:
    """Refuse a document of more than :data:`MAX_VALUES` values, counted on libyaml's event
    stream (no tree is built; it stops at the bound; aliases not expanded; a document libyaml
    cannot read is left to the loader's message)."""
    parser_class = getattr(yaml, "CSafeLoader", None)
    if parser_class is None or len(text) < MAX_VALUES:
        return
    count = 0
    try:
        for event in yaml.parse(text, Loader=parser_class):
            if isinstance(event, _VALUE_EVENTS):
                count += 1
                if count > MAX_VALUES:
                    raise UsageError(f"{filename}:1:1: the recipe holds more than {MAX_VALUES} values "
                                     f"(about {MAX_VALUES // 10} steps)",
                                     "split it into several recipes (`dapcli run A.yaml B.yaml`)")
    except (yaml.YAMLError, RecursionError):
        return


_VALUE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)


def load_yaml_text(text: str, filename: str) -> Any:
    """Parse one YAML document. Raises UsageError ``FILE:LINE:COL: message``."""
    _check_size(text, filename)
    try:
        loader = RecipeLoader(text)  # its reader refuses control characters at once
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "?")
        raise UsageError(f"{filename}:{line}:1: the control character U+{code:04X} is not allowed in YAML",
                         "remove the control character (write it as an escape, e.g. \"\\x01\", in a quoted value)",
                         ) from None
    try:
        return loader.get_single_data()
    except _LoadError as exc:
        raise UsageError(f"{filename}:{exc.mark.line}:{exc.mark.column}: {exc.message}") from None
    except yaml.MarkedYAMLError as exc:
        mark = Mark.of(exc.problem_mark or exc.context_mark)
        problem = exc.problem or exc.context or "invalid YAML"
        if exc.context and exc.problem:
            problem = f"{exc.problem} ({exc.context})"
        raise UsageError(f"{filename}:{mark.line}:{mark.column}: {_one_line(problem)}",
                         "fix the YAML syntax (indentation, quotes, ':' inside values)") from None
    except yaml.YAMLError as exc:
        raise UsageError(f"{filename}:1:1: {_one_line(str(exc))}") from None
    except RecursionError:
        raise UsageError(f"{filename}:1:1: the document is nested too deeply") from None
    finally:
        loader.dispose()


def load_yaml(path: str, display: str | None = None) -> Any:
    """Read and parse the YAML file ``path`` (``display`` is the name used in messages)."""
    name = display or path
    try:
        text = read_text_file(path, max_bytes=MAX_RECIPE_BYTES, display=name)
    except FileNotFoundError:
        raise UsageError(f"{name}: no such recipe file", "check the path") from None
    return load_yaml_text(text, name)


def _one_line(text: str) -> str:
    return " ".join(text.split())
