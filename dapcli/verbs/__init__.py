"""The verb table. Importing this package registers every verb in :data:`VERBS`."""

from dapcli.verbs import (  # noqa: F401  (registration)
    adapters,
    bpedit,
    breakpoints,
    configs,
    control,
    data,
    doctor,
    exceptions,
    execution,
    inspection,
    native,
    session,
    stdin,
    testing,
    trace,
    watches,
)
from dapcli.verbs.registry import VERBS, Param, ParamSpec, VerbSpec, validate_args, verb

__all__ = ["VERBS", "Param", "ParamSpec", "VerbSpec", "validate_args", "verb"]
