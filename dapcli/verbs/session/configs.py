"""The ``configs`` verb: the configurations of ``.vscode/launch.json`` (for ``launch --config``)."""

from __future__ import annotations

from dapcli.adapters.launchjson import family_for_type, load
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import ConfigsResult, LaunchConfigView
from dapcli.verbs.registry import verb


def _text(value: object) -> str | None:
    return None if value is None else str(value)


@verb(group="session", needs="none", read_only=True, concurrent=True)
async def configs(ctx: VerbContext) -> ConfigsResult:
    """List the configurations of .vscode/launch.json (for launch --config).

    The file is looked for in your directory and the folders above it. Compounds are listed
    but not run; programs are shown as written (``${...}`` resolved at launch).
    """
    launch_file = load(ctx.cwd)
    views = [
        LaunchConfigView(
            name=str(c["name"]), type=_text(c.get("type")),
            adapter=family_for_type(str(c["type"])) if c.get("type") else None,
            request=_text(c.get("request")), program=_text(c.get("program") or c.get("module")),
        )
        for c in launch_file.configurations
    ]
    return ConfigsResult(path=launch_file.path, workspace_folder=launch_file.workspace_folder,
                         configurations=views, compounds=launch_file.compounds or None)
