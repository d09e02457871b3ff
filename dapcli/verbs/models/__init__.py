"""Result models of the verbs: the one shape that ``--json``, MCP structured content, recipes
and the host RPC all carry (camelCase, the DAP spec's words, ``schemaVersion`` first).

Lines are 1-based; times are in ms; text that was cut carries ``truncated`` counts and a
parameter to page further.
"""

from dapcli.verbs.models.base import SCHEMA_VERSION, Model, Result, Status
from dapcli.verbs.models.breakpoints import (
    BreakpointResult,
    BreakpointsResult,
    BreakpointView,
    DataBreakpointsResult,
    DataBreakpointView,
    ExceptionFiltersResult,
    ExceptionFilterView,
    TraceHit,
    TraceResult,
    WatchesResult,
)
from dapcli.verbs.models.execution import (
    ExceptionView,
    Frame,
    FrameResult,
    InputResult,
    Location,
    OutputChunkView,
    ReturnValueView,
    SessionInfo,
    SourceLine,
    StopState,
    TestView,
    VariableView,
    WatchView,
)
from dapcli.verbs.models.inspection import (
    PAGED_BY_DAPCLI,
    EvaluateResult,
    HiddenGroup,
    OutputResult,
    ScopesResult,
    ScopeView,
    SetVariableResult,
    SourceResult,
    StackResult,
    ThreadsResult,
    ThreadView,
    VariablesResult,
    dropped_note,
    frames_shown,
    groups_note,
    omitted_note,
)
from dapcli.verbs.models.native import (
    ConsoleResult,
    DapResult,
    DisassembleResult,
    InstructionView,
    MemoryLine,
    ReadMemoryResult,
    RegisterGroupView,
    RegistersResult,
)
from dapcli.verbs.models.session import (
    AdapterInfo,
    AdaptersResult,
    ConfigsResult,
    DoctorCheck,
    DoctorResult,
    EndResult,
    LaunchConfigView,
    SessionsResult,
    StatusResult,
)

__all__ = [
    "PAGED_BY_DAPCLI", "SCHEMA_VERSION", "AdapterInfo", "AdaptersResult", "BreakpointResult", "BreakpointView",
    "BreakpointsResult", "ConfigsResult", "ConsoleResult", "DapResult", "DataBreakpointView", "DataBreakpointsResult",
    "DisassembleResult", "DoctorCheck", "DoctorResult", "EndResult", "EvaluateResult", "ExceptionFilterView",
    "ExceptionFiltersResult", "ExceptionView", "Frame", "FrameResult", "HiddenGroup", "InputResult",
    "InstructionView", "LaunchConfigView", "Location", "MemoryLine", "Model", "OutputChunkView", "OutputResult",
    "ReadMemoryResult", "RegisterGroupView", "RegistersResult", "Result", "ReturnValueView", "ScopeView",
    "ScopesResult", "SessionInfo", "SessionsResult", "SetVariableResult", "SourceLine", "SourceResult", "StackResult",
    "Status", "StatusResult", "StopState", "TestView", "ThreadView", "ThreadsResult", "TraceHit", "TraceResult",
    "VariableView", "VariablesResult", "WatchView", "WatchesResult", "dropped_note", "frames_shown", "groups_note",
    "omitted_note",
]
