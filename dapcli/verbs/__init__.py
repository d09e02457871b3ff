"""The verb table. Importing this package registers every verb in :data:`VERBS`.

One package per family of verbs (``session``, ``breakpoints``, ``execution``, ``inspection``,
``native``, ``testing``, ``trace``); what several families share is in ``shared``; the result
models are in ``models``. The verb modules are imported in the order the verbs are listed (help,
MCP tools, completion scripts), which is not the order of their names.
"""

# isort: off
from dapcli.verbs.session import adapters  # noqa: F401  (registration)
from dapcli.verbs.breakpoints import breakpoints, edit  # noqa: F401
from dapcli.verbs.session import configs  # noqa: F401
from dapcli.verbs.execution import stepping, control  # noqa: F401
from dapcli.verbs.breakpoints import data  # noqa: F401
from dapcli.verbs.session import doctor  # noqa: F401
from dapcli.verbs.breakpoints import exceptions  # noqa: F401
from dapcli.verbs.inspection import stack, values, setvariable, source  # noqa: F401
from dapcli.verbs.inspection.hang import explain  # noqa: F401
from dapcli.verbs.native import native  # noqa: F401
from dapcli.verbs.session import lifecycle  # noqa: F401
from dapcli.verbs.execution import stdin  # noqa: F401
from dapcli.verbs.testing import debugtest  # noqa: F401
from dapcli.verbs.trace import trace, watches  # noqa: F401
# isort: on
from dapcli.verbs.registry import VERBS, Param, ParamSpec, VerbSpec, validate_args, verb

__all__ = ["VERBS", "Param", "ParamSpec", "VerbSpec", "validate_args", "verb"]
