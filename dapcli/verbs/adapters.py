"""The ``adapters`` verb: which debug adapters dapcli knows and whether each is installed."""

from __future__ import annotations

from dapcli.adapters.registry import all_adapters
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import AdapterInfo, AdaptersResult
from dapcli.verbs.registry import verb


@verb(group="session", needs="none", read_only=True, concurrent=True)
async def adapters(ctx: VerbContext) -> AdaptersResult:
    """List the debug adapters: found or not, version, path, install hint."""
    found = []
    for spec in all_adapters(ctx.cwd):
        path = spec.find()
        entry = getattr(spec, "entry", None)  # set by an adapters file (dapcli.adapters.config)
        found.append(AdapterInfo(
            name=spec.name, aliases=list(spec.aliases), description=spec.description, found=path is not None,
            path=path, version=spec.version() if path else None, install_hint=None if path else spec.install_hint,
            extensions=list(spec.extensions), config_file=entry.file if entry else None,
            warning=spec.warning,
        ))
    return AdaptersResult(adapters=found)
