"""The verb table. Importing this package registers every verb in :data:`VERBS`."""

from dapcli.verbs import adapters, breakpoints, execution, inspection, session  # noqa: F401  (registration)
from dapcli.verbs.registry import VERBS, Param, ParamSpec, VerbSpec, validate_args, verb

__all__ = ["VERBS", "Param", "ParamSpec", "VerbSpec", "validate_args", "verb"]
