"""YAML for configuration files, without the traps: anchors and aliases are refused (a
"billion laughs" file would otherwise expand into gigabytes), and so are duplicate keys (YAML
keeps the last one silently)."""

from __future__ import annotations

from dapcli.errors import UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_DEPTH", "checked_compose"]

#: Deepest nesting of mappings and lists accepted in a configuration file.
MAX_DEPTH = 32


def checked_compose(path: str, text: str) -> Any:
    """The node tree of ``text`` (``yaml.compose``), after the checks.

    Raises:
        UsageError: an anchor, an alias or a duplicate key (``path:line: why``).
        yaml.YAMLError: invalid YAML.
    """
    import yaml

    _refuse_anchors(path, text)
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    _refuse_duplicate_keys(path, root)
    return root


def _refuse_anchors(path: str, text: str) -> None:
    """Refuse YAML anchors and aliases, and nesting deeper than :data:`MAX_DEPTH` (checked on the
    event stream, before anything is built: PyYAML takes minutes over ``[[[[…]]]]`` 100,000 deep,
    then fails with a RecursionError)."""
    import yaml

    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise UsageError(f"{path}:{event.start_mark.line + 1}: YAML anchors and aliases (&, *) are not "
                             "allowed in adapter files", "write the values out")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise UsageError(f"{path}:{event.start_mark.line + 1}: nested more than {MAX_DEPTH} deep",
                                 "an adapter file is a few levels deep: fix the file")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _refuse_duplicate_keys(path: str, node: Any) -> None:
    import yaml

    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            name = str(key.value)
            if name in seen:
                raise UsageError(f"{path}:{key.start_mark.line + 1}: duplicate key {name!r}",
                                 "each key may appear once in a mapping")
            seen.add(name)
            _refuse_duplicate_keys(path, value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _refuse_duplicate_keys(path, item)
