"""The ``adapters`` verb: which debug adapters dapcli knows and whether each is installed."""

from __future__ import annotations

from dapcli.adapters.registry import FAMILIES, describe_all
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import AdapterInfo, AdaptersResult
from dapcli.verbs.registry import verb


@verb(group="session", needs="none", read_only=True, concurrent=True)
async def adapters(ctx: VerbContext) -> AdaptersResult:
    """List the debug adapters: found or not, version, path, install hint."""
    return AdaptersResult(adapters=[AdapterInfo(**info) for info in describe_all(ctx.cwd)])  # type: ignore[arg-type]


def family_names() -> list[str]:
    """The names ``--adapter`` takes for the built-in families (their aliases work too): what
    shell completion offers."""
    return [family.name for family in FAMILIES]
