"""DAP types generated from the specification schema by tools/gen_types.py; do not edit.

Each class is created on first use (this module's ``__getattr__``), with the classes it names
first: a session uses a few dozen of the ~230 types, and creating them all costs every process
that imports this module ~0.25 s of CPU. ``types.pyi`` beside it holds the same classes as
plain source (what type checkers and readers see).
"""
# ruff: noqa
from __future__ import annotations
import threading
from pydantic import BaseModel, ConfigDict, Field, RootModel
from typing import Annotated, Any, Literal


def _DebugAdapterProtocol() -> Any:
    class DebugAdapterProtocol(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return DebugAdapterProtocol


def _ProtocolMessage() -> Any:
    class ProtocolMessage(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        seq: Annotated[
            int,
            Field(
                description="Sequence number of the message (also known as message ID). The `seq` for the first message sent by a client or debug adapter is 1, and for each subsequent message is 1 greater than the previous message sent by that actor. `seq` can be used to order requests, responses, and events, and to associate requests with their corresponding responses. For protocol messages of type `request` the sequence number can be used to cancel the request.",
                ge=1,
            ),
        ]
        type: Annotated[str, Field(description="Message type.")]
    return ProtocolMessage


def _Request() -> Any:
    class Request(ProtocolMessage):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        type: Annotated[Literal["request"], Field(description="Message type.")]
        command: Annotated[str, Field(description="The command to execute.")]
        arguments: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(description="Object containing arguments for the command."),
        ] = None
    return Request


def _Event() -> Any:
    class Event(ProtocolMessage):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        type: Annotated[Literal["event"], Field(description="Message type.")]
        event: Annotated[str, Field(description="Type of event.")]
        body: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(description="Event-specific information."),
        ] = None
    return Event


def _Response() -> Any:
    class Response(ProtocolMessage):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        type: Annotated[Literal["response"], Field(description="Message type.")]
        request_seq: Annotated[
            int, Field(description="Sequence number of the corresponding request.", ge=1)
        ]
        success: Annotated[
            bool,
            Field(
                description="Outcome of the request.\nIf true, the request was successful and the `body` attribute may contain the result of the request.\nIf the value is false, the attribute `message` contains the error in short form and the `body` may contain additional information (see `ErrorResponse.body.error`)."
            ),
        ]
        command: Annotated[str, Field(description="The command requested.")]
        message: Annotated[
            str | None,
            Field(
                description="Contains the raw error in short form if `success` is false.\nThis raw error might be interpreted by the client and is not shown in the UI.\nSome predefined values exist."
            ),
        ] = None
        body: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return Response


def _ErrorResponse() -> Any:
    class ErrorResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str],
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ErrorResponse


def _CancelArguments() -> Any:
    class CancelArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        requestId: Annotated[
            int | None,
            Field(
                description="The ID (attribute `seq`) of the request to cancel. If missing no request is cancelled.\nBoth a `requestId` and a `progressId` can be specified in one request.",
                ge=1,
            ),
        ] = None
        progressId: Annotated[
            str | None,
            Field(
                description="The ID (attribute `progressId`) of the progress to cancel. If missing no progress is cancelled.\nBoth a `requestId` and a `progressId` can be specified in one request."
            ),
        ] = None
    return CancelArguments


def _CancelResponse() -> Any:
    class CancelResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return CancelResponse


def _InitializedEvent() -> Any:
    class InitializedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["initialized"], Field(description="Type of event.")]
    return InitializedEvent


def _Body() -> Any:
    class Body(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        reason: Annotated[
            str,
            Field(
                description="The reason for the event.\nFor backward compatibility this string is shown in the UI if the `description` attribute is missing (but it must not be translated)."
            ),
        ]
        description: Annotated[
            str | None,
            Field(
                description="The full reason for the event, e.g. 'Paused on exception'. This string is shown in the UI as is and can be translated."
            ),
        ] = None
        threadId: Annotated[
            int | None, Field(description="The thread which was stopped.")
        ] = None
        preserveFocusHint: Annotated[
            bool | None,
            Field(
                description="A value of true hints to the client that this event should not change the focus."
            ),
        ] = None
        text: Annotated[
            str | None,
            Field(
                description="Additional information. E.g. if reason is `exception`, text contains the exception name. This string is shown in the UI."
            ),
        ] = None
        allThreadsStopped: Annotated[
            bool | None,
            Field(
                description="If `allThreadsStopped` is true, a debug adapter can announce that all threads have stopped.\n- The client should use this information to enable that all threads can be expanded to access their stacktraces.\n- If the attribute is missing or false, only the thread with the given `threadId` can be expanded."
            ),
        ] = None
        hitBreakpointIds: Annotated[
            list[int] | None,
            Field(
                description="Ids of the breakpoints that triggered the event. In most cases there is only a single breakpoint but here are some examples for multiple breakpoints:\n- Different types of breakpoints map to the same location.\n- Multiple source breakpoints get collapsed to the same instruction by the compiler/runtime.\n- Multiple function breakpoints with different function names map to the same location."
            ),
        ] = None
    return Body


def _StoppedEvent() -> Any:
    class StoppedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["stopped"], Field(description="Type of event.")]
        body: Annotated[Body, Field(description="Event-specific information.")]
    return StoppedEvent


def _Body1() -> Any:
    class Body1(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[int, Field(description="The thread which was continued.")]
        allThreadsContinued: Annotated[
            bool | None,
            Field(
                description="If omitted or set to `true`, this event signals to the client that all threads have been resumed. The value `false` indicates that not all threads were resumed."
            ),
        ] = None
    return Body1


def _ContinuedEvent() -> Any:
    class ContinuedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["continued"], Field(description="Type of event.")]
        body: Annotated[Body1, Field(description="Event-specific information.")]
    return ContinuedEvent


def _Body2() -> Any:
    class Body2(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        exitCode: Annotated[
            int, Field(description="The exit code returned from the debuggee.")
        ]
    return Body2


def _ExitedEvent() -> Any:
    class ExitedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["exited"], Field(description="Type of event.")]
        body: Annotated[Body2, Field(description="Event-specific information.")]
    return ExitedEvent


def _TerminatedEvent() -> Any:
    class TerminatedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["terminated"], Field(description="Type of event.")]
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str] | None,
            Field(description="Event-specific information."),
        ] = None
    return TerminatedEvent


def _Body3() -> Any:
    class Body3(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        reason: Annotated[str, Field(description="The reason for the event.")]
        threadId: Annotated[int, Field(description="The identifier of the thread.")]
    return Body3


def _ThreadEvent() -> Any:
    class ThreadEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["thread"], Field(description="Type of event.")]
        body: Annotated[Body3, Field(description="Event-specific information.")]
    return ThreadEvent


def _Body8() -> Any:
    class Body8(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        name: Annotated[
            str,
            Field(
                description="The logical name of the process. This is usually the full path to process's executable file. Example: /home/example/myproj/program.js."
            ),
        ]
        systemProcessId: Annotated[
            int | None,
            Field(
                description="The process ID of the debugged process, as assigned by the operating system. This property should be omitted for logical processes that do not map to operating system processes on the machine."
            ),
        ] = None
        isLocalProcess: Annotated[
            bool | None,
            Field(
                description="If true, the process is running on the same computer as the debug adapter."
            ),
        ] = None
        startMethod: Annotated[
            Literal["launch", "attach", "attachForSuspendedLaunch"] | None,
            Field(
                description="Describes how the debug engine started debugging this process."
            ),
        ] = None
        pointerSize: Annotated[
            int | None,
            Field(
                description="The size of a pointer or address for this process, in bits. This value may be used by clients when formatting addresses for display."
            ),
        ] = None
    return Body8


def _ProcessEvent() -> Any:
    class ProcessEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["process"], Field(description="Type of event.")]
        body: Annotated[Body8, Field(description="Event-specific information.")]
    return ProcessEvent


def _Body10() -> Any:
    class Body10(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        progressId: Annotated[
            str,
            Field(
                description="An ID that can be used in subsequent `progressUpdate` and `progressEnd` events to make them refer to the same progress reporting.\nIDs must be unique within a debug session."
            ),
        ]
        title: Annotated[
            str,
            Field(
                description="Short title of the progress reporting. Shown in the UI to describe the long running operation."
            ),
        ]
        requestId: Annotated[
            int | None,
            Field(
                description="The request ID that this progress report is related to. If specified a debug adapter is expected to emit progress events for the long running request until the request has been either completed or cancelled.\nIf the request ID is omitted, the progress report is assumed to be related to some general activity of the debug adapter.",
                ge=1,
            ),
        ] = None
        cancellable: Annotated[
            bool | None,
            Field(
                description="If true, the request that reports progress may be cancelled with a `cancel` request.\nSo this property basically controls whether the client should use UX that supports cancellation.\nClients that don't support cancellation are allowed to ignore the setting."
            ),
        ] = None
        message: Annotated[
            str | None, Field(description="More detailed progress message.")
        ] = None
        percentage: Annotated[
            float | None,
            Field(
                description="Progress percentage to display. If omitted no percentage is shown.",
                ge=0.0,
                le=100.0,
            ),
        ] = None
    return Body10


def _ProgressStartEvent() -> Any:
    class ProgressStartEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["progressStart"], Field(description="Type of event.")]
        body: Annotated[Body10, Field(description="Event-specific information.")]
    return ProgressStartEvent


def _Body11() -> Any:
    class Body11(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        progressId: Annotated[
            str,
            Field(
                description="The ID that was introduced in the initial `progressStart` event."
            ),
        ]
        message: Annotated[
            str | None,
            Field(
                description="More detailed progress message. If omitted, the previous message (if any) is used."
            ),
        ] = None
        percentage: Annotated[
            float | None,
            Field(
                description="Progress percentage to display. If omitted no percentage is shown.",
                ge=0.0,
                le=100.0,
            ),
        ] = None
    return Body11


def _ProgressUpdateEvent() -> Any:
    class ProgressUpdateEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["progressUpdate"], Field(description="Type of event.")]
        body: Annotated[Body11, Field(description="Event-specific information.")]
    return ProgressUpdateEvent


def _Body12() -> Any:
    class Body12(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        progressId: Annotated[
            str,
            Field(
                description="The ID that was introduced in the initial `ProgressStartEvent`."
            ),
        ]
        message: Annotated[
            str | None,
            Field(
                description="More detailed progress message. If omitted, the previous message (if any) is used."
            ),
        ] = None
    return Body12


def _ProgressEndEvent() -> Any:
    class ProgressEndEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["progressEnd"], Field(description="Type of event.")]
        body: Annotated[Body12, Field(description="Event-specific information.")]
    return ProgressEndEvent


def _InvalidatedEvent() -> Any:
    class InvalidatedEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["invalidated"], Field(description="Type of event.")]
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str],
            Field(description="Event-specific information."),
        ]
    return InvalidatedEvent


def _Body13() -> Any:
    class Body13(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        memoryReference: Annotated[
            str,
            Field(description="Memory reference of a memory range that has been updated."),
        ]
        offset: Annotated[
            int,
            Field(
                description="Starting offset in bytes where memory has been updated. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ]
        count: Annotated[
            int, Field(description="Number of bytes updated.", le=9007199254740991)
        ]
    return Body13


def _MemoryEvent() -> Any:
    class MemoryEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["memory"], Field(description="Type of event.")]
        body: Annotated[Body13, Field(description="Event-specific information.")]
    return MemoryEvent


def _RunInTerminalRequestArguments() -> Any:
    class RunInTerminalRequestArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        kind: Annotated[
            Literal["integrated", "external"] | None,
            Field(
                description="What kind of terminal to launch. Defaults to `integrated` if not specified."
            ),
        ] = None
        title: Annotated[str | None, Field(description="Title of the terminal.")] = None
        cwd: Annotated[
            str,
            Field(
                description="Working directory for the command. For non-empty, valid paths this typically results in execution of a change directory command. If `pathFormat` is set to `uri` in the `InitializeRequestArguments`, this must be a file URI."
            ),
        ]
        args: Annotated[
            list[str],
            Field(
                description="List of arguments. The first argument is the command to run."
            ),
        ]
        env: Annotated[
            dict[str, str | None] | None,
            Field(
                description="Environment key-value pairs that are added to or removed from the default environment."
            ),
        ] = None
        argsCanBeInterpretedByShell: Annotated[
            bool | None,
            Field(
                description="This property should only be set if the corresponding capability `supportsArgsCanBeInterpretedByShell` is true. If the client uses an intermediary shell to launch the application, then the client must not attempt to escape characters with special meanings for the shell. The user is fully responsible for escaping as needed and that arguments using special characters may not be portable across shells."
            ),
        ] = None
    return RunInTerminalRequestArguments


def _RunInTerminalResponse() -> Any:
    class RunInTerminalResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str],
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return RunInTerminalResponse


def _StartDebuggingRequestArguments() -> Any:
    class StartDebuggingRequestArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        configuration: Annotated[
            dict[str, Any],
            Field(
                description="Arguments passed to the new debug session. The arguments must only contain properties understood by the `launch` or `attach` requests of the debug adapter and they must not contain any client-specific properties (e.g. `type`) or client-specific features (e.g. substitutable 'variables')."
            ),
        ]
        outputPresentation: Annotated[
            Literal["separate", "mergeWithParent"] | None,
            Field(
                description="Hints whether output of the child sessions should be presented separately or merged with that of the parent session's."
            ),
        ] = None
        request: Annotated[
            Literal["launch", "attach"],
            Field(
                description="Indicates whether the new debug session should be started with a `launch` or `attach` request."
            ),
        ]
    return StartDebuggingRequestArguments


def _StartDebuggingResponse() -> Any:
    class StartDebuggingResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return StartDebuggingResponse


def _InitializeRequestArguments() -> Any:
    class InitializeRequestArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        clientID: Annotated[
            str | None, Field(description="The ID of the client using this adapter.")
        ] = None
        clientName: Annotated[
            str | None,
            Field(description="The human-readable name of the client using this adapter."),
        ] = None
        adapterID: Annotated[str, Field(description="The ID of the debug adapter.")]
        locale: Annotated[
            str | None,
            Field(
                description="The ISO-639 locale of the client using this adapter, e.g. en-US or de-CH."
            ),
        ] = None
        linesStartAt1: Annotated[
            bool | None,
            Field(description="If true all line numbers are 1-based (default)."),
        ] = None
        columnsStartAt1: Annotated[
            bool | None,
            Field(description="If true all column numbers are 1-based (default)."),
        ] = None
        pathFormat: Annotated[
            str | None,
            Field(
                description="Determines in what format paths are specified. The default is `path`, which is the native format."
            ),
        ] = None
        supportsVariableType: Annotated[
            bool | None,
            Field(description="Client supports the `type` attribute for variables."),
        ] = None
        supportsVariablePaging: Annotated[
            bool | None, Field(description="Client supports the paging of variables.")
        ] = None
        supportsRunInTerminalRequest: Annotated[
            bool | None, Field(description="Client supports the `runInTerminal` request.")
        ] = None
        supportsMemoryReferences: Annotated[
            bool | None, Field(description="Client supports memory references.")
        ] = None
        supportsProgressReporting: Annotated[
            bool | None, Field(description="Client supports progress reporting.")
        ] = None
        supportsInvalidatedEvent: Annotated[
            bool | None, Field(description="Client supports the `invalidated` event.")
        ] = None
        supportsMemoryEvent: Annotated[
            bool | None, Field(description="Client supports the `memory` event.")
        ] = None
        supportsArgsCanBeInterpretedByShell: Annotated[
            bool | None,
            Field(
                description="Client supports the `argsCanBeInterpretedByShell` attribute on the `runInTerminal` request."
            ),
        ] = None
        supportsStartDebuggingRequest: Annotated[
            bool | None, Field(description="Client supports the `startDebugging` request.")
        ] = None
        supportsANSIStyling: Annotated[
            bool | None,
            Field(
                description="The client will interpret ANSI escape sequences in the display of `OutputEvent.output` and `Variable.value` fields when `Capabilities.supportsANSIStyling` is also enabled."
            ),
        ] = None
    return InitializeRequestArguments


def _ConfigurationDoneArguments() -> Any:
    class ConfigurationDoneArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return ConfigurationDoneArguments


def _ConfigurationDoneResponse() -> Any:
    class ConfigurationDoneResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return ConfigurationDoneResponse


def _LaunchRequestArguments() -> Any:
    class LaunchRequestArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        noDebug: Annotated[
            bool | None,
            Field(
                description="If true, the launch request should launch the program without enabling debugging."
            ),
        ] = None
        field__restart: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(
                alias="__restart",
                description="Arbitrary data from the previous, restarted session.\nThe data is sent as the `restart` attribute of the `terminated` event.\nThe client should leave the data intact.",
            ),
        ] = None
    return LaunchRequestArguments


def _LaunchResponse() -> Any:
    class LaunchResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return LaunchResponse


def _AttachRequestArguments() -> Any:
    class AttachRequestArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        field__restart: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(
                alias="__restart",
                description="Arbitrary data from the previous, restarted session.\nThe data is sent as the `restart` attribute of the `terminated` event.\nThe client should leave the data intact.",
            ),
        ] = None
    return AttachRequestArguments


def _AttachResponse() -> Any:
    class AttachResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return AttachResponse


def _RestartArguments() -> Any:
    class RestartArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        arguments: Annotated[
            LaunchRequestArguments | AttachRequestArguments | None,
            Field(
                description="The latest version of the `launch` or `attach` configuration."
            ),
        ] = None
    return RestartArguments


def _RestartResponse() -> Any:
    class RestartResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return RestartResponse


def _DisconnectArguments() -> Any:
    class DisconnectArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        restart: Annotated[
            bool | None,
            Field(
                description="A value of true indicates that this `disconnect` request is part of a restart sequence."
            ),
        ] = None
        terminateDebuggee: Annotated[
            bool | None,
            Field(
                description="Indicates whether the debuggee should be terminated when the debugger is disconnected.\nIf unspecified, the debug adapter is free to do whatever it thinks is best.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportTerminateDebuggee` is true."
            ),
        ] = None
        suspendDebuggee: Annotated[
            bool | None,
            Field(
                description="Indicates whether the debuggee should stay suspended when the debugger is disconnected.\nIf unspecified, the debuggee should resume execution.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportSuspendDebuggee` is true."
            ),
        ] = None
    return DisconnectArguments


def _DisconnectResponse() -> Any:
    class DisconnectResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return DisconnectResponse


def _TerminateArguments() -> Any:
    class TerminateArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        restart: Annotated[
            bool | None,
            Field(
                description="A value of true indicates that this `terminate` request is part of a restart sequence."
            ),
        ] = None
    return TerminateArguments


def _TerminateResponse() -> Any:
    class TerminateResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return TerminateResponse


def _Line() -> Any:
    class Line(RootModel[int]):
        root: Annotated[int, Field(le=9007199254740991)]
    return Line


def _SetExceptionBreakpointsResponse() -> Any:
    class SetExceptionBreakpointsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str] | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return SetExceptionBreakpointsResponse


def _DataBreakpointInfoArguments() -> Any:
    class DataBreakpointInfoArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        variablesReference: Annotated[
            int | None,
            Field(
                description="Reference to the variable container if the data breakpoint is requested for a child of the container. The `variablesReference` must have been obtained in the current suspended state. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ] = None
        name: Annotated[
            str,
            Field(
                description="The name of the variable's child to obtain data breakpoint information for.\nIf `variablesReference` isn't specified, this can be an expression, or an address if `asAddress` is also true."
            ),
        ]
        frameId: Annotated[
            int | None,
            Field(
                description="When `name` is an expression, evaluate it in the scope of this stack frame. If not specified, the expression is evaluated in the global scope. When `variablesReference` is specified, this property has no effect."
            ),
        ] = None
        bytes: Annotated[
            int | None,
            Field(
                description="If specified, a debug adapter should return information for the range of memory extending `bytes` number of bytes from the address or variable specified by `name`. Breakpoints set using the resulting data ID should pause on data access anywhere within that range.\n\nClients may set this property only if the `supportsDataBreakpointBytes` capability is true."
            ),
        ] = None
        asAddress: Annotated[
            bool | None,
            Field(
                description="If `true`, the `name` is a memory address and the debugger should interpret it as a decimal value, or hex value if it is prefixed with `0x`.\n\nClients may set this property only if the `supportsDataBreakpointBytes`\ncapability is true."
            ),
        ] = None
        mode: Annotated[
            str | None,
            Field(
                description="The mode of the desired breakpoint. If defined, this must be one of the `breakpointModes` the debug adapter advertised in its `Capabilities`."
            ),
        ] = None
    return DataBreakpointInfoArguments


def _ContinueArguments() -> Any:
    class ContinueArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the active thread. If the debug adapter supports single thread execution (see `supportsSingleThreadExecutionRequests`) and the argument `singleThread` is true, only the thread with this ID is resumed."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, execution is resumed only for the thread with given `threadId`."
            ),
        ] = None
    return ContinueArguments


def _ContinueResponse() -> Any:
    class ContinueResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            dict[str, list[Any] | bool | int | float | dict[str, Any] | str],
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ContinueResponse


def _NextResponse() -> Any:
    class NextResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return NextResponse


def _StepInResponse() -> Any:
    class StepInResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return StepInResponse


def _StepOutResponse() -> Any:
    class StepOutResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return StepOutResponse


def _StepBackResponse() -> Any:
    class StepBackResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return StepBackResponse


def _ReverseContinueArguments() -> Any:
    class ReverseContinueArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the active thread. If the debug adapter supports single thread execution (see `supportsSingleThreadExecutionRequests`) and the `singleThread` argument is true, only the thread with this ID is resumed."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, backward execution is resumed only for the thread with given `threadId`."
            ),
        ] = None
    return ReverseContinueArguments


def _ReverseContinueResponse() -> Any:
    class ReverseContinueResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return ReverseContinueResponse


def _RestartFrameArguments() -> Any:
    class RestartFrameArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        frameId: Annotated[
            int,
            Field(
                description="Restart the stack frame identified by `frameId`. The `frameId` must have been obtained in the current suspended state. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ]
    return RestartFrameArguments


def _RestartFrameResponse() -> Any:
    class RestartFrameResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return RestartFrameResponse


def _GotoArguments() -> Any:
    class GotoArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[int, Field(description="Set the goto target for this thread.")]
        targetId: Annotated[
            int, Field(description="The location where the debuggee will continue to run.")
        ]
    return GotoArguments


def _GotoResponse() -> Any:
    class GotoResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return GotoResponse


def _PauseArguments() -> Any:
    class PauseArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[int, Field(description="Pause execution for this thread.")]
    return PauseArguments


def _PauseResponse() -> Any:
    class PauseResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return PauseResponse


def _ScopesArguments() -> Any:
    class ScopesArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        frameId: Annotated[
            int,
            Field(
                description="Retrieve the scopes for the stack frame identified by `frameId`. The `frameId` must have been obtained in the current suspended state. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ]
    return ScopesArguments


def _Body23() -> Any:
    class Body23(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        value: Annotated[str, Field(description="The new value of the variable.")]
        type: Annotated[
            str | None,
            Field(
                description="The type of the new value. Typically shown in the UI when hovering over the value."
            ),
        ] = None
        variablesReference: Annotated[
            int | None,
            Field(
                description="If `variablesReference` is > 0, the new value is structured and its children can be retrieved by passing `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.\n\nIf this property is included in the response, any `variablesReference` previously associated with the updated variable, and those of its children, are no longer valid.",
                ge=0,
            ),
        ] = None
        namedVariables: Annotated[
            int | None,
            Field(
                description="The number of named child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        indexedVariables: Annotated[
            int | None,
            Field(
                description="The number of indexed child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        memoryReference: Annotated[
            str | None,
            Field(
                description="A memory reference to a location appropriate for this result.\nFor pointer type eval results, this is generally a reference to the memory address contained in the pointer.\nThis attribute may be returned by a debug adapter if corresponding capability `supportsMemoryReferences` is true."
            ),
        ] = None
        valueLocationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the new value is declared. For example, if the new value is function pointer, the adapter may be able to look up the function's location. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
    return Body23


def _SetVariableResponse() -> Any:
    class SetVariableResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body23,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetVariableResponse


def _Body24() -> Any:
    class Body24(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        content: Annotated[str, Field(description="Content of the source reference.")]
        mimeType: Annotated[
            str | None, Field(description="Content type (MIME type) of the source.")
        ] = None
    return Body24


def _SourceResponse() -> Any:
    class SourceResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body24,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SourceResponse


def _ThreadsRequest() -> Any:
    class ThreadsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["threads"], Field(description="The command to execute.")]
    return ThreadsRequest


def _TerminateThreadsArguments() -> Any:
    class TerminateThreadsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadIds: Annotated[
            list[int] | None, Field(description="Ids of threads to be terminated.")
        ] = None
    return TerminateThreadsArguments


def _TerminateThreadsResponse() -> Any:
    class TerminateThreadsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return TerminateThreadsResponse


def _ModulesArguments() -> Any:
    class ModulesArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        startModule: Annotated[
            int | None,
            Field(
                description="The index of the first module to return; if omitted modules start at 0."
            ),
        ] = None
        moduleCount: Annotated[
            int | None,
            Field(
                description="The number of modules to return. If `moduleCount` is not specified or 0, all modules are returned."
            ),
        ] = None
    return ModulesArguments


def _LoadedSourcesArguments() -> Any:
    class LoadedSourcesArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
    return LoadedSourcesArguments


def _StepInTargetsArguments() -> Any:
    class StepInTargetsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        frameId: Annotated[
            int,
            Field(
                description="The stack frame for which to retrieve the possible step-in targets."
            ),
        ]
    return StepInTargetsArguments


def _CompletionsArguments() -> Any:
    class CompletionsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        frameId: Annotated[
            int | None,
            Field(
                description="Returns completions in the scope of this stack frame. If not specified, the completions are returned for the global scope."
            ),
        ] = None
        text: Annotated[
            str,
            Field(
                description="One or more source lines. Typically this is the text users have typed into the debug console before they asked for completion."
            ),
        ]
        column: Annotated[
            int,
            Field(
                description="The position within `text` for which to determine the completion proposals. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ]
        line: Annotated[
            int | None,
            Field(
                description="A line for which to determine the completion proposals. If missing the first line of the text is assumed.",
                le=9007199254740991,
            ),
        ] = None
    return CompletionsArguments


def _ExceptionInfoArguments() -> Any:
    class ExceptionInfoArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Thread for which exception information should be retrieved."
            ),
        ]
    return ExceptionInfoArguments


def _ReadMemoryArguments() -> Any:
    class ReadMemoryArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        memoryReference: Annotated[
            str,
            Field(
                description="Memory reference to the base location from which data should be read."
            ),
        ]
        offset: Annotated[
            int | None,
            Field(
                description="Offset (in bytes) to be applied to the reference location before reading data. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        count: Annotated[
            int,
            Field(
                description="Number of bytes to read at the specified location and offset.",
                le=9007199254740991,
            ),
        ]
    return ReadMemoryArguments


def _Body34() -> Any:
    class Body34(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        address: Annotated[
            str,
            Field(
                description="The address of the first byte of data returned.\nTreated as a hex value if prefixed with `0x`, or as a decimal value otherwise."
            ),
        ]
        unreadableBytes: Annotated[
            int | None,
            Field(
                description="The number of unreadable bytes encountered after the last successfully read byte.\nThis can be used to determine the number of bytes that should be skipped before a subsequent `readMemory` request succeeds.",
                le=9007199254740991,
            ),
        ] = None
        data: Annotated[
            str | None,
            Field(
                description="The bytes read from memory, encoded using base64. If the decoded length of `data` is less than the requested `count` in the original `readMemory` request, and `unreadableBytes` is zero or omitted, then the client should assume it's reached the end of readable memory."
            ),
        ] = None
    return Body34


def _ReadMemoryResponse() -> Any:
    class ReadMemoryResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body34 | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return ReadMemoryResponse


def _WriteMemoryArguments() -> Any:
    class WriteMemoryArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        memoryReference: Annotated[
            str,
            Field(
                description="Memory reference to the base location to which data should be written."
            ),
        ]
        offset: Annotated[
            int | None,
            Field(
                description="Offset (in bytes) to be applied to the reference location before writing data. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        allowPartial: Annotated[
            bool | None,
            Field(
                description="Property to control partial writes. If true, the debug adapter should attempt to write memory even if the entire memory region is not writable. In such a case the debug adapter should stop after hitting the first byte of memory that cannot be written and return the number of bytes written in the response via the `offset` and `bytesWritten` properties.\nIf false or missing, a debug adapter should attempt to verify the region is writable before writing, and fail the response if it is not."
            ),
        ] = None
        data: Annotated[str, Field(description="Bytes to write, encoded using base64.")]
    return WriteMemoryArguments


def _Body35() -> Any:
    class Body35(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        offset: Annotated[
            int | None,
            Field(
                description="Property that should be returned when `allowPartial` is true to indicate the offset of the first byte of data successfully written. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        bytesWritten: Annotated[
            int | None,
            Field(
                description="Property that should be returned when `allowPartial` is true to indicate the number of bytes starting from address that were successfully written."
            ),
        ] = None
    return Body35


def _WriteMemoryResponse() -> Any:
    class WriteMemoryResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body35 | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return WriteMemoryResponse


def _DisassembleArguments() -> Any:
    class DisassembleArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        memoryReference: Annotated[
            str,
            Field(
                description="Memory reference to the base location containing the instructions to disassemble."
            ),
        ]
        offset: Annotated[
            int | None,
            Field(
                description="Offset (in bytes) to be applied to the reference location before disassembling. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        instructionOffset: Annotated[
            int | None,
            Field(
                description="Offset (in instructions) to be applied after the byte offset (if any) before disassembling. Can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        instructionCount: Annotated[
            int,
            Field(
                description="Number of instructions to disassemble starting at the specified location and offset.\nAn adapter must return exactly this number of instructions - any unavailable instructions should be replaced with an implementation-defined 'invalid instruction' value."
            ),
        ]
        resolveSymbols: Annotated[
            bool | None,
            Field(
                description="If true, the adapter should attempt to resolve memory addresses and other values to symbolic names."
            ),
        ] = None
    return DisassembleArguments


def _LocationsArguments() -> Any:
    class LocationsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        locationReference: Annotated[
            int, Field(description="Location reference to resolve.")
        ]
    return LocationsArguments


def _ExceptionBreakpointsFilter() -> Any:
    class ExceptionBreakpointsFilter(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        filter: Annotated[
            str,
            Field(
                description="The internal ID of the filter option. This value is passed to the `setExceptionBreakpoints` request."
            ),
        ]
        label: Annotated[
            str,
            Field(description="The name of the filter option. This is shown in the UI."),
        ]
        description: Annotated[
            str | None,
            Field(
                description="A help text providing additional information about the exception filter. This string is typically shown as a hover and can be translated."
            ),
        ] = None
        default: Annotated[
            bool | None,
            Field(
                description="Initial value of the filter option. If not specified a value false is assumed."
            ),
        ] = None
        supportsCondition: Annotated[
            bool | None,
            Field(
                description="Controls whether a condition can be specified for this filter option. If false or missing, a condition can not be set."
            ),
        ] = None
        conditionDescription: Annotated[
            str | None,
            Field(
                description="A help text providing information about the condition. This string is shown as the placeholder text for a text box and can be translated."
            ),
        ] = None
    return ExceptionBreakpointsFilter


def _Message() -> Any:
    class Message(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[
            int,
            Field(
                description="Unique (within a debug adapter implementation) identifier for the message. The purpose of these error IDs is to help extension authors that have the requirement that every user visible error message needs a corresponding error number, so that users or customer support can find information about the specific error more easily."
            ),
        ]
        format: Annotated[
            str,
            Field(
                description="A format string for the message. Embedded variables have the form `{name}`.\nIf variable name starts with an underscore character, the variable does not contain user data (PII) and can be safely used for telemetry purposes."
            ),
        ]
        variables: Annotated[
            dict[str, str] | None,
            Field(
                description="An object used as a dictionary for looking up the variables in the format string."
            ),
        ] = None
        sendTelemetry: Annotated[
            bool | None, Field(description="If true send to telemetry.")
        ] = None
        showUser: Annotated[bool | None, Field(description="If true show user.")] = None
        url: Annotated[
            str | None,
            Field(
                description="A url where additional information about this message can be found."
            ),
        ] = None
        urlLabel: Annotated[
            str | None,
            Field(
                description="A label that is presented to the user as the UI for opening the url."
            ),
        ] = None
    return Message


def _Module() -> Any:
    class Module(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[int | str, Field(description="Unique identifier for the module.")]
        name: Annotated[str, Field(description="A name of the module.")]
        path: Annotated[
            str | None,
            Field(
                description="Logical full path to the module. The exact definition is implementation defined, but usually this would be a full path to the on-disk file for the module."
            ),
        ] = None
        isOptimized: Annotated[
            bool | None, Field(description="True if the module is optimized.")
        ] = None
        isUserCode: Annotated[
            bool | None,
            Field(
                description="True if the module is considered 'user code' by a debugger that supports 'Just My Code'."
            ),
        ] = None
        version: Annotated[str | None, Field(description="Version of Module.")] = None
        symbolStatus: Annotated[
            str | None,
            Field(
                description="User-understandable description of if symbols were found for the module (ex: 'Symbols Loaded', 'Symbols not found', etc.)"
            ),
        ] = None
        symbolFilePath: Annotated[
            str | None,
            Field(
                description="Logical full path to the symbol file. The exact definition is implementation defined."
            ),
        ] = None
        dateTimeStamp: Annotated[
            str | None,
            Field(
                description="Module created or modified, encoded as a RFC 3339 timestamp."
            ),
        ] = None
        addressRange: Annotated[
            str | None, Field(description="Address range covered by this module.")
        ] = None
    return Module


def _ColumnDescriptor() -> Any:
    class ColumnDescriptor(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        attributeName: Annotated[
            str, Field(description="Name of the attribute rendered in this column.")
        ]
        label: Annotated[str, Field(description="Header UI label of column.")]
        format: Annotated[
            str | None,
            Field(
                description="Format to use for the rendered values in this column. TBD how the format strings looks like."
            ),
        ] = None
        type: Annotated[
            Literal["string", "number", "boolean", "unixTimestampUTC"] | None,
            Field(
                description="Datatype of values in this column. Defaults to `string` if not specified."
            ),
        ] = None
        width: Annotated[
            int | None, Field(description="Width of this column in characters (hint only).")
        ] = None
    return ColumnDescriptor


def _Thread() -> Any:
    class Thread(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[int, Field(description="Unique identifier for the thread.")]
        name: Annotated[str, Field(description="The name of the thread.")]
    return Thread


def _VariablePresentationHint() -> Any:
    class VariablePresentationHint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        kind: Annotated[
            str | None,
            Field(
                description="The kind of variable. Before introducing additional values, try to use the listed values."
            ),
        ] = None
        attributes: Annotated[
            list[str] | None,
            Field(
                description="Set of attributes represented as an array of strings. Before introducing additional values, try to use the listed values."
            ),
        ] = None
        visibility: Annotated[
            str | None,
            Field(
                description="Visibility of variable. Before introducing additional values, try to use the listed values."
            ),
        ] = None
        lazy: Annotated[
            bool | None,
            Field(
                description="If true, clients can present the variable with a UI that supports a specific gesture to trigger its evaluation.\nThis mechanism can be used for properties that require executing code when retrieving their value and where the code execution can be expensive and/or produce side-effects. A typical example are properties based on a getter function.\nPlease note that in addition to the `lazy` flag, the variable's `variablesReference` is expected to refer to a variable that will provide the value through another `variable` request."
            ),
        ] = None
    return VariablePresentationHint


def _BreakpointLocation() -> Any:
    class BreakpointLocation(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        line: Annotated[
            int,
            Field(description="Start line of breakpoint location.", le=9007199254740991),
        ]
        column: Annotated[
            int | None,
            Field(
                description="The start position of a breakpoint location. Position is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of breakpoint location if the location covers a range.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="The end position of a breakpoint location (if the location covers a range). Position is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
    return BreakpointLocation


def _SourceBreakpoint() -> Any:
    class SourceBreakpoint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        line: Annotated[
            int,
            Field(
                description="The source line of the breakpoint or logpoint.",
                le=9007199254740991,
            ),
        ]
        column: Annotated[
            int | None,
            Field(
                description="Start position within source line of the breakpoint or logpoint. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        condition: Annotated[
            str | None,
            Field(
                description="The expression for conditional breakpoints.\nIt is only honored by a debug adapter if the corresponding capability `supportsConditionalBreakpoints` is true."
            ),
        ] = None
        hitCondition: Annotated[
            str | None,
            Field(
                description="The expression that controls how many hits of the breakpoint are ignored.\nThe debug adapter is expected to interpret the expression as needed.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsHitConditionalBreakpoints` is true.\nIf both this property and `condition` are specified, `hitCondition` should be evaluated only if the `condition` is met, and the debug adapter should stop only if both conditions are met."
            ),
        ] = None
        logMessage: Annotated[
            str | None,
            Field(
                description="If this attribute exists and is non-empty, the debug adapter must not 'break' (stop)\nbut log the message instead. Expressions within `{}` are interpolated.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsLogPoints` is true.\nIf either `hitCondition` or `condition` is specified, then the message should only be logged if those conditions are met."
            ),
        ] = None
        mode: Annotated[
            str | None,
            Field(
                description="The mode of this breakpoint. If defined, this must be one of the `breakpointModes` the debug adapter advertised in its `Capabilities`."
            ),
        ] = None
    return SourceBreakpoint


def _FunctionBreakpoint() -> Any:
    class FunctionBreakpoint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        name: Annotated[str, Field(description="The name of the function.")]
        condition: Annotated[
            str | None,
            Field(
                description="An expression for conditional breakpoints.\nIt is only honored by a debug adapter if the corresponding capability `supportsConditionalBreakpoints` is true."
            ),
        ] = None
        hitCondition: Annotated[
            str | None,
            Field(
                description="An expression that controls how many hits of the breakpoint are ignored.\nThe debug adapter is expected to interpret the expression as needed.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsHitConditionalBreakpoints` is true."
            ),
        ] = None
    return FunctionBreakpoint


def _DataBreakpointAccessType() -> Any:
    class DataBreakpointAccessType(RootModel[Literal["read", "write", "readWrite"]]):
        root: Annotated[
            Literal["read", "write", "readWrite"],
            Field(
                description="This enumeration defines all possible access types for data breakpoints."
            ),
        ]
    return DataBreakpointAccessType


def _DataBreakpoint() -> Any:
    class DataBreakpoint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        dataId: Annotated[
            str,
            Field(
                description="An id representing the data. This id is returned from the `dataBreakpointInfo` request."
            ),
        ]
        accessType: Annotated[
            DataBreakpointAccessType | None,
            Field(description="The access type of the data."),
        ] = None
        condition: Annotated[
            str | None, Field(description="An expression for conditional breakpoints.")
        ] = None
        hitCondition: Annotated[
            str | None,
            Field(
                description="An expression that controls how many hits of the breakpoint are ignored.\nThe debug adapter is expected to interpret the expression as needed."
            ),
        ] = None
    return DataBreakpoint


def _InstructionBreakpoint() -> Any:
    class InstructionBreakpoint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        instructionReference: Annotated[
            str,
            Field(
                description="The instruction reference of the breakpoint.\nThis should be a memory or instruction pointer reference from an `EvaluateResponse`, `Variable`, `StackFrame`, `GotoTarget`, or `Breakpoint`."
            ),
        ]
        offset: Annotated[
            int | None,
            Field(
                description="The offset from the instruction reference in bytes.\nThis can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        condition: Annotated[
            str | None,
            Field(
                description="An expression for conditional breakpoints.\nIt is only honored by a debug adapter if the corresponding capability `supportsConditionalBreakpoints` is true."
            ),
        ] = None
        hitCondition: Annotated[
            str | None,
            Field(
                description="An expression that controls how many hits of the breakpoint are ignored.\nThe debug adapter is expected to interpret the expression as needed.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsHitConditionalBreakpoints` is true."
            ),
        ] = None
        mode: Annotated[
            str | None,
            Field(
                description="The mode of this breakpoint. If defined, this must be one of the `breakpointModes` the debug adapter advertised in its `Capabilities`."
            ),
        ] = None
    return InstructionBreakpoint


def _SteppingGranularity() -> Any:
    class SteppingGranularity(RootModel[Literal["statement", "line", "instruction"]]):
        root: Annotated[
            Literal["statement", "line", "instruction"],
            Field(
                description="The granularity of one 'step' in the stepping requests `next`, `stepIn`, `stepOut`, and `stepBack`."
            ),
        ]
    return SteppingGranularity


def _StepInTarget() -> Any:
    class StepInTarget(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[int, Field(description="Unique identifier for a step-in target.")]
        label: Annotated[
            str, Field(description="The name of the step-in target (shown in the UI).")
        ]
        line: Annotated[
            int | None,
            Field(description="The line of the step-in target.", le=9007199254740991),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="Start position of the range covered by the step in target. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the range covered by the step-in target.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position of the range covered by the step in target. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
    return StepInTarget


def _GotoTarget() -> Any:
    class GotoTarget(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[
            int,
            Field(
                description="Unique identifier for a goto target. This is used in the `goto` request."
            ),
        ]
        label: Annotated[
            str, Field(description="The name of the goto target (shown in the UI).")
        ]
        line: Annotated[
            int, Field(description="The line of the goto target.", le=9007199254740991)
        ]
        column: Annotated[
            int | None,
            Field(description="The column of the goto target.", le=9007199254740991),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the range covered by the goto target.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="The end column of the range covered by the goto target.",
                le=9007199254740991,
            ),
        ] = None
        instructionPointerReference: Annotated[
            str | None,
            Field(
                description="A memory reference for the instruction pointer value represented by this target."
            ),
        ] = None
    return GotoTarget


def _CompletionItemType() -> Any:
    class CompletionItemType(
        RootModel[
            Literal[
                "method",
                "function",
                "constructor",
                "field",
                "variable",
                "class",
                "interface",
                "module",
                "property",
                "unit",
                "value",
                "enum",
                "keyword",
                "snippet",
                "text",
                "color",
                "file",
                "reference",
                "customcolor",
            ]
        ]
    ):
        root: Annotated[
            Literal[
                "method",
                "function",
                "constructor",
                "field",
                "variable",
                "class",
                "interface",
                "module",
                "property",
                "unit",
                "value",
                "enum",
                "keyword",
                "snippet",
                "text",
                "color",
                "file",
                "reference",
                "customcolor",
            ],
            Field(
                description="Some predefined types for the CompletionItem. Please note that not all clients have specific icons for all of them."
            ),
        ]
    return CompletionItemType


def _ChecksumAlgorithm() -> Any:
    class ChecksumAlgorithm(RootModel[Literal["MD5", "SHA1", "SHA256", "timestamp"]]):
        root: Annotated[
            Literal["MD5", "SHA1", "SHA256", "timestamp"],
            Field(
                description="Names of checksum algorithms that may be supported by a debug adapter."
            ),
        ]
    return ChecksumAlgorithm


def _Checksum() -> Any:
    class Checksum(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        algorithm: Annotated[
            ChecksumAlgorithm,
            Field(description="The algorithm used to calculate this checksum."),
        ]
        checksum: Annotated[
            str, Field(description="Value of the checksum, encoded as a hexadecimal value.")
        ]
    return Checksum


def _ValueFormat() -> Any:
    class ValueFormat(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        hex: Annotated[bool | None, Field(description="Display the value in hex.")] = None
    return ValueFormat


def _StackFrameFormat() -> Any:
    class StackFrameFormat(ValueFormat):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        parameters: Annotated[
            bool | None, Field(description="Displays parameters for the stack frame.")
        ] = None
        parameterTypes: Annotated[
            bool | None,
            Field(description="Displays the types of parameters for the stack frame."),
        ] = None
        parameterNames: Annotated[
            bool | None,
            Field(description="Displays the names of parameters for the stack frame."),
        ] = None
        parameterValues: Annotated[
            bool | None,
            Field(description="Displays the values of parameters for the stack frame."),
        ] = None
        line: Annotated[
            bool | None, Field(description="Displays the line number of the stack frame.")
        ] = None
        module: Annotated[
            bool | None, Field(description="Displays the module of the stack frame.")
        ] = None
        includeAll: Annotated[
            bool | None,
            Field(
                description="Includes all stack frames, including those the debug adapter might otherwise hide."
            ),
        ] = None
    return StackFrameFormat


def _ExceptionFilterOptions() -> Any:
    class ExceptionFilterOptions(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        filterId: Annotated[
            str,
            Field(
                description="ID of an exception filter returned by the `exceptionBreakpointFilters` capability."
            ),
        ]
        condition: Annotated[
            str | None,
            Field(
                description="An expression for conditional exceptions.\nThe exception breaks into the debugger if the result of the condition is true."
            ),
        ] = None
        mode: Annotated[
            str | None,
            Field(
                description="The mode of this exception breakpoint. If defined, this must be one of the `breakpointModes` the debug adapter advertised in its `Capabilities`."
            ),
        ] = None
    return ExceptionFilterOptions


def _ExceptionBreakMode() -> Any:
    class ExceptionBreakMode(
        RootModel[Literal["never", "always", "unhandled", "userUnhandled"]]
    ):
        root: Annotated[
            Literal["never", "always", "unhandled", "userUnhandled"],
            Field(
                description="This enumeration defines all possible conditions when a thrown exception should result in a break.\nnever: never breaks,\nalways: always breaks,\nunhandled: breaks when exception unhandled,\nuserUnhandled: breaks if the exception is not handled by user code."
            ),
        ]
    return ExceptionBreakMode


def _ExceptionPathSegment() -> Any:
    class ExceptionPathSegment(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        negate: Annotated[
            bool | None,
            Field(
                description="If false or missing this segment matches the names provided, otherwise it matches anything except the names provided."
            ),
        ] = None
        names: Annotated[
            list[str],
            Field(
                description="Depending on the value of `negate` the names that should match or not match."
            ),
        ]
    return ExceptionPathSegment


def _ExceptionDetails() -> Any:
    class ExceptionDetails(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        message: Annotated[
            str | None, Field(description="Message contained in the exception.")
        ] = None
        typeName: Annotated[
            str | None, Field(description="Short type name of the exception object.")
        ] = None
        fullTypeName: Annotated[
            str | None,
            Field(description="Fully-qualified type name of the exception object."),
        ] = None
        evaluateName: Annotated[
            str | None,
            Field(
                description="An expression that can be evaluated in the current scope to obtain the exception object."
            ),
        ] = None
        stackTrace: Annotated[
            str | None,
            Field(description="Stack trace at the time the exception was thrown."),
        ] = None
        innerException: Annotated[
            list[ExceptionDetails] | None,
            Field(
                description="Details of the exception contained by this exception, if any."
            ),
        ] = None
    return ExceptionDetails


def _InvalidatedAreas() -> Any:
    class InvalidatedAreas(RootModel[str]):
        root: Annotated[
            str,
            Field(
                description="Logical areas that can be invalidated by the `invalidated` event."
            ),
        ]
    return InvalidatedAreas


def _BreakpointModeApplicability() -> Any:
    class BreakpointModeApplicability(RootModel[str]):
        root: Annotated[
            str,
            Field(
                description="Describes one or more type of breakpoint a `BreakpointMode` applies to. This is a non-exhaustive enumeration and may expand as future breakpoint types are added."
            ),
        ]
    return BreakpointModeApplicability


def _CancelRequest() -> Any:
    class CancelRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["cancel"], Field(description="The command to execute.")]
        arguments: Annotated[
            CancelArguments | None,
            Field(
                description="Arguments must be passed to form a valid request. Debug adapters may reject requests that lack arguments with an error. These `arguments` are marked as optional for historical reasons."
            ),
        ] = None
    return CancelRequest


def _Body6() -> Any:
    class Body6(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        reason: Annotated[
            Literal["new", "changed", "removed"],
            Field(description="The reason for the event."),
        ]
        module: Annotated[
            Module,
            Field(
                description="The new, changed, or removed module. In case of `removed` only the module id is used."
            ),
        ]
    return Body6


def _ModuleEvent() -> Any:
    class ModuleEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["module"], Field(description="Type of event.")]
        body: Annotated[Body6, Field(description="Event-specific information.")]
    return ModuleEvent


def _RunInTerminalRequest() -> Any:
    class RunInTerminalRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["runInTerminal"], Field(description="The command to execute.")
        ]
        arguments: RunInTerminalRequestArguments
    return RunInTerminalRequest


def _StartDebuggingRequest() -> Any:
    class StartDebuggingRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["startDebugging"], Field(description="The command to execute.")
        ]
        arguments: StartDebuggingRequestArguments
    return StartDebuggingRequest


def _InitializeRequest() -> Any:
    class InitializeRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["initialize"], Field(description="The command to execute.")
        ]
        arguments: InitializeRequestArguments
    return InitializeRequest


def _ConfigurationDoneRequest() -> Any:
    class ConfigurationDoneRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["configurationDone"], Field(description="The command to execute.")
        ]
        arguments: ConfigurationDoneArguments | None = None
    return ConfigurationDoneRequest


def _LaunchRequest() -> Any:
    class LaunchRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["launch"], Field(description="The command to execute.")]
        arguments: LaunchRequestArguments
    return LaunchRequest


def _AttachRequest() -> Any:
    class AttachRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["attach"], Field(description="The command to execute.")]
        arguments: AttachRequestArguments
    return AttachRequest


def _RestartRequest() -> Any:
    class RestartRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["restart"], Field(description="The command to execute.")]
        arguments: RestartArguments | None = None
    return RestartRequest


def _DisconnectRequest() -> Any:
    class DisconnectRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["disconnect"], Field(description="The command to execute.")
        ]
        arguments: DisconnectArguments | None = None
    return DisconnectRequest


def _TerminateRequest() -> Any:
    class TerminateRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["terminate"], Field(description="The command to execute.")
        ]
        arguments: TerminateArguments | None = None
    return TerminateRequest


def _Body14() -> Any:
    class Body14(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[BreakpointLocation],
            Field(description="Sorted set of possible breakpoint locations."),
        ]
    return Body14


def _BreakpointLocationsResponse() -> Any:
    class BreakpointLocationsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body14,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return BreakpointLocationsResponse


def _SetFunctionBreakpointsArguments() -> Any:
    class SetFunctionBreakpointsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[FunctionBreakpoint],
            Field(description="The function names of the breakpoints."),
        ]
    return SetFunctionBreakpointsArguments


def _DataBreakpointInfoRequest() -> Any:
    class DataBreakpointInfoRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["dataBreakpointInfo"], Field(description="The command to execute.")
        ]
        arguments: DataBreakpointInfoArguments
    return DataBreakpointInfoRequest


def _Body17() -> Any:
    class Body17(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        dataId: Annotated[
            str | None,
            Field(
                description="An identifier for the data on which a data breakpoint can be registered with the `setDataBreakpoints` request or null if no data breakpoint is available. If a `variablesReference` or `frameId` is passed, the `dataId` is valid in the current suspended state, otherwise it's valid indefinitely. See 'Lifetime of Object References' in the Overview section for details. Breakpoints set using the `dataId` in the `setDataBreakpoints` request may outlive the lifetime of the associated `dataId`."
            ),
        ]
        description: Annotated[
            str,
            Field(
                description="UI string that describes on what data the breakpoint is set on or why a data breakpoint is not available."
            ),
        ]
        accessTypes: Annotated[
            list[DataBreakpointAccessType] | None,
            Field(
                description="Attribute lists the available access types for a potential data breakpoint. A UI client could surface this information."
            ),
        ] = None
        canPersist: Annotated[
            bool | None,
            Field(
                description="Attribute indicates that a potential data breakpoint could be persisted across sessions."
            ),
        ] = None
    return Body17


def _DataBreakpointInfoResponse() -> Any:
    class DataBreakpointInfoResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body17,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return DataBreakpointInfoResponse


def _SetDataBreakpointsArguments() -> Any:
    class SetDataBreakpointsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[DataBreakpoint],
            Field(
                description="The contents of this array replaces all existing data breakpoints. An empty array clears all data breakpoints."
            ),
        ]
    return SetDataBreakpointsArguments


def _SetInstructionBreakpointsArguments() -> Any:
    class SetInstructionBreakpointsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[InstructionBreakpoint],
            Field(description="The instruction references of the breakpoints"),
        ]
    return SetInstructionBreakpointsArguments


def _ContinueRequest() -> Any:
    class ContinueRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["continue"], Field(description="The command to execute.")
        ]
        arguments: ContinueArguments
    return ContinueRequest


def _NextArguments() -> Any:
    class NextArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the thread for which to resume execution for one step (of the given granularity)."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, all other suspended threads are not resumed."
            ),
        ] = None
        granularity: Annotated[
            SteppingGranularity | None,
            Field(
                description="Stepping granularity. If no granularity is specified, a granularity of `statement` is assumed."
            ),
        ] = None
    return NextArguments


def _StepInArguments() -> Any:
    class StepInArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the thread for which to resume execution for one step-into (of the given granularity)."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, all other suspended threads are not resumed."
            ),
        ] = None
        targetId: Annotated[
            int | None, Field(description="Id of the target to step into.")
        ] = None
        granularity: Annotated[
            SteppingGranularity | None,
            Field(
                description="Stepping granularity. If no granularity is specified, a granularity of `statement` is assumed."
            ),
        ] = None
    return StepInArguments


def _StepOutArguments() -> Any:
    class StepOutArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the thread for which to resume execution for one step-out (of the given granularity)."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, all other suspended threads are not resumed."
            ),
        ] = None
        granularity: Annotated[
            SteppingGranularity | None,
            Field(
                description="Stepping granularity. If no granularity is specified, a granularity of `statement` is assumed."
            ),
        ] = None
    return StepOutArguments


def _StepBackArguments() -> Any:
    class StepBackArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int,
            Field(
                description="Specifies the thread for which to resume execution for one step backwards (of the given granularity)."
            ),
        ]
        singleThread: Annotated[
            bool | None,
            Field(
                description="If this flag is true, all other suspended threads are not resumed."
            ),
        ] = None
        granularity: Annotated[
            SteppingGranularity | None,
            Field(
                description="Stepping granularity to step. If no granularity is specified, a granularity of `statement` is assumed."
            ),
        ] = None
    return StepBackArguments


def _ReverseContinueRequest() -> Any:
    class ReverseContinueRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["reverseContinue"], Field(description="The command to execute.")
        ]
        arguments: ReverseContinueArguments
    return ReverseContinueRequest


def _RestartFrameRequest() -> Any:
    class RestartFrameRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["restartFrame"], Field(description="The command to execute.")
        ]
        arguments: RestartFrameArguments
    return RestartFrameRequest


def _GotoRequest() -> Any:
    class GotoRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["goto"], Field(description="The command to execute.")]
        arguments: GotoArguments
    return GotoRequest


def _PauseRequest() -> Any:
    class PauseRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["pause"], Field(description="The command to execute.")]
        arguments: PauseArguments
    return PauseRequest


def _StackTraceArguments() -> Any:
    class StackTraceArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threadId: Annotated[
            int, Field(description="Retrieve the stacktrace for this thread.")
        ]
        startFrame: Annotated[
            int | None,
            Field(
                description="The index of the first frame to return; if omitted frames start at 0."
            ),
        ] = None
        levels: Annotated[
            int | None,
            Field(
                description="The maximum number of frames to return. If levels is not specified or 0, all frames are returned."
            ),
        ] = None
        format: Annotated[
            StackFrameFormat | None,
            Field(
                description="Specifies details on how to format the returned `StackFrame.name`. The debug adapter may format requested details in any way that would make sense to a developer.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsValueFormattingOptions` is true."
            ),
        ] = None
    return StackTraceArguments


def _ScopesRequest() -> Any:
    class ScopesRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["scopes"], Field(description="The command to execute.")]
        arguments: ScopesArguments
    return ScopesRequest


def _VariablesArguments() -> Any:
    class VariablesArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        variablesReference: Annotated[
            int,
            Field(
                description="The variable for which to retrieve its children. The `variablesReference` must have been obtained in the current suspended state. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ]
        filter: Annotated[
            Literal["indexed", "named"] | None,
            Field(
                description="Filter to limit the child variables to either named or indexed. If omitted, both types are fetched."
            ),
        ] = None
        start: Annotated[
            int | None,
            Field(
                description="The index of the first variable to return; if omitted children start at 0. If the value of `start` exceeeds the number of available variables, the debug adapter should return an empty array.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsVariablePaging` is true."
            ),
        ] = None
        count: Annotated[
            int | None,
            Field(
                description="The number of variables to return. If count is missing or 0, all variables are returned. If fewer than `count` variables are returned, the client should assume no further variables are available.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsVariablePaging` is true."
            ),
        ] = None
        format: Annotated[
            ValueFormat | None,
            Field(
                description="Specifies details on how to format the Variable values.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsValueFormattingOptions` is true."
            ),
        ] = None
    return VariablesArguments


def _SetVariableArguments() -> Any:
    class SetVariableArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        variablesReference: Annotated[
            int,
            Field(
                description="The reference of the variable container. The `variablesReference` must have been obtained in the current suspended state. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ]
        name: Annotated[
            str, Field(description="The name of the variable in the container.")
        ]
        value: Annotated[str, Field(description="The value of the variable.")]
        format: Annotated[
            ValueFormat | None,
            Field(description="Specifies details on how to format the response value."),
        ] = None
    return SetVariableArguments


def _Body25() -> Any:
    class Body25(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        threads: Annotated[list[Thread], Field(description="All threads.")]
    return Body25


def _ThreadsResponse() -> Any:
    class ThreadsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body25,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ThreadsResponse


def _TerminateThreadsRequest() -> Any:
    class TerminateThreadsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["terminateThreads"], Field(description="The command to execute.")
        ]
        arguments: TerminateThreadsArguments
    return TerminateThreadsRequest


def _ModulesRequest() -> Any:
    class ModulesRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["modules"], Field(description="The command to execute.")]
        arguments: ModulesArguments
    return ModulesRequest


def _Body26() -> Any:
    class Body26(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        modules: Annotated[
            list[Module], Field(description="All modules or range of modules.")
        ]
        totalModules: Annotated[
            int | None,
            Field(
                description="The total number of modules available.", le=9007199254740991
            ),
        ] = None
    return Body26


def _ModulesResponse() -> Any:
    class ModulesResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body26,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ModulesResponse


def _LoadedSourcesRequest() -> Any:
    class LoadedSourcesRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["loadedSources"], Field(description="The command to execute.")
        ]
        arguments: LoadedSourcesArguments | None = None
    return LoadedSourcesRequest


def _Body28() -> Any:
    class Body28(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        result: Annotated[str, Field(description="The result of the evaluate request.")]
        type: Annotated[
            str | None,
            Field(
                description="The type of the evaluate result.\nThis attribute should only be returned by a debug adapter if the corresponding capability `supportsVariableType` is true."
            ),
        ] = None
        presentationHint: Annotated[
            VariablePresentationHint | None,
            Field(
                description="Properties of an evaluate result that can be used to determine how to render the result in the UI."
            ),
        ] = None
        variablesReference: Annotated[
            int,
            Field(
                description="If `variablesReference` is > 0, the evaluate result is structured and its children can be retrieved by passing `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ]
        namedVariables: Annotated[
            int | None,
            Field(
                description="The number of named child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        indexedVariables: Annotated[
            int | None,
            Field(
                description="The number of indexed child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        memoryReference: Annotated[
            str | None,
            Field(
                description="A memory reference to a location appropriate for this result.\nFor pointer type eval results, this is generally a reference to the memory address contained in the pointer.\nThis attribute may be returned by a debug adapter if corresponding capability `supportsMemoryReferences` is true."
            ),
        ] = None
        valueLocationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the returned value is declared. For example, if a function pointer is returned, the adapter may be able to look up the function's location. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
    return Body28


def _EvaluateResponse() -> Any:
    class EvaluateResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body28,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return EvaluateResponse


def _SetExpressionArguments() -> Any:
    class SetExpressionArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        expression: Annotated[
            str, Field(description="The l-value expression to assign to.")
        ]
        value: Annotated[
            str,
            Field(description="The value expression to assign to the l-value expression."),
        ]
        frameId: Annotated[
            int | None,
            Field(
                description="Evaluate the expressions in the scope of this stack frame. If not specified, the expressions are evaluated in the global scope."
            ),
        ] = None
        format: Annotated[
            ValueFormat | None,
            Field(description="Specifies how the resulting value should be formatted."),
        ] = None
    return SetExpressionArguments


def _Body29() -> Any:
    class Body29(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        value: Annotated[str, Field(description="The new value of the expression.")]
        type: Annotated[
            str | None,
            Field(
                description="The type of the value.\nThis attribute should only be returned by a debug adapter if the corresponding capability `supportsVariableType` is true."
            ),
        ] = None
        presentationHint: Annotated[
            VariablePresentationHint | None,
            Field(
                description="Properties of a value that can be used to determine how to render the result in the UI."
            ),
        ] = None
        variablesReference: Annotated[
            int | None,
            Field(
                description="If `variablesReference` is > 0, the evaluate result is structured and its children can be retrieved by passing `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ] = None
        namedVariables: Annotated[
            int | None,
            Field(
                description="The number of named child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        indexedVariables: Annotated[
            int | None,
            Field(
                description="The number of indexed child variables.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        memoryReference: Annotated[
            str | None,
            Field(
                description="A memory reference to a location appropriate for this result.\nFor pointer type eval results, this is generally a reference to the memory address contained in the pointer.\nThis attribute may be returned by a debug adapter if corresponding capability `supportsMemoryReferences` is true."
            ),
        ] = None
        valueLocationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the new value is declared. For example, if the new value is function pointer, the adapter may be able to look up the function's location. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
    return Body29


def _SetExpressionResponse() -> Any:
    class SetExpressionResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body29,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetExpressionResponse


def _StepInTargetsRequest() -> Any:
    class StepInTargetsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["stepInTargets"], Field(description="The command to execute.")
        ]
        arguments: StepInTargetsArguments
    return StepInTargetsRequest


def _Body30() -> Any:
    class Body30(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        targets: Annotated[
            list[StepInTarget],
            Field(
                description="The possible step-in targets of the specified source location."
            ),
        ]
    return Body30


def _StepInTargetsResponse() -> Any:
    class StepInTargetsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body30,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return StepInTargetsResponse


def _Body31() -> Any:
    class Body31(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        targets: Annotated[
            list[GotoTarget],
            Field(description="The possible goto targets of the specified location."),
        ]
    return Body31


def _GotoTargetsResponse() -> Any:
    class GotoTargetsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body31,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return GotoTargetsResponse


def _CompletionsRequest() -> Any:
    class CompletionsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["completions"], Field(description="The command to execute.")
        ]
        arguments: CompletionsArguments
    return CompletionsRequest


def _ExceptionInfoRequest() -> Any:
    class ExceptionInfoRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["exceptionInfo"], Field(description="The command to execute.")
        ]
        arguments: ExceptionInfoArguments
    return ExceptionInfoRequest


def _Body33() -> Any:
    class Body33(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        exceptionId: Annotated[
            str, Field(description="ID of the exception that was thrown.")
        ]
        description: Annotated[
            str | None, Field(description="Descriptive text for the exception.")
        ] = None
        breakMode: Annotated[
            ExceptionBreakMode,
            Field(description="Mode that caused the exception notification to be raised."),
        ]
        details: Annotated[
            ExceptionDetails | None,
            Field(description="Detailed information about the exception."),
        ] = None
    return Body33


def _ExceptionInfoResponse() -> Any:
    class ExceptionInfoResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body33,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ExceptionInfoResponse


def _ReadMemoryRequest() -> Any:
    class ReadMemoryRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["readMemory"], Field(description="The command to execute.")
        ]
        arguments: ReadMemoryArguments
    return ReadMemoryRequest


def _WriteMemoryRequest() -> Any:
    class WriteMemoryRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["writeMemory"], Field(description="The command to execute.")
        ]
        arguments: WriteMemoryArguments
    return WriteMemoryRequest


def _DisassembleRequest() -> Any:
    class DisassembleRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["disassemble"], Field(description="The command to execute.")
        ]
        arguments: DisassembleArguments
    return DisassembleRequest


def _LocationsRequest() -> Any:
    class LocationsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["locations"], Field(description="The command to execute.")
        ]
        arguments: LocationsArguments
    return LocationsRequest


def _Source() -> Any:
    class Source(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        name: Annotated[
            str | None,
            Field(
                description="The short name of the source. Every source returned from the debug adapter has a name.\nWhen sending a source to the debug adapter this name is optional."
            ),
        ] = None
        path: Annotated[
            str | None,
            Field(
                description="The path of the source to be shown in the UI.\nIt is only used to locate and load the content of the source if no `sourceReference` is specified (or its value is 0)."
            ),
        ] = None
        sourceReference: Annotated[
            int | None,
            Field(
                description="If the value > 0 the contents of the source must be retrieved through the `source` request (even if a path is specified).\nSince a `sourceReference` is only valid for a session, it can not be used to persist a source.\nThe value should be less than or equal to 2147483647 (2^31-1).",
                ge=0,
            ),
        ] = None
        presentationHint: Annotated[
            Literal["normal", "emphasize", "deemphasize"] | None,
            Field(
                description="A hint for how to present the source in the UI.\nA value of `deemphasize` can be used to indicate that the source is not available or that it is skipped on stepping."
            ),
        ] = None
        origin: Annotated[
            str | None,
            Field(
                description="The origin of this source. For example, 'internal module', 'inlined content from source map', etc."
            ),
        ] = None
        sources: Annotated[
            list[Source] | None,
            Field(
                description="A list of sources that are related to this source. These may be the source that generated this source."
            ),
        ] = None
        adapterData: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(
                description="Additional data that a debug adapter might want to loop through the client.\nThe client should leave the data intact and persist it across sessions. The client should not interpret the data."
            ),
        ] = None
        checksums: Annotated[
            list[Checksum] | None,
            Field(description="The checksums associated with this file."),
        ] = None
    return Source


def _StackFrame() -> Any:
    class StackFrame(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[
            int,
            Field(
                description="An identifier for the stack frame. It must be unique across all threads.\nThis id can be used to retrieve the scopes of the frame with the `scopes` request or to restart the execution of a stack frame."
            ),
        ]
        name: Annotated[
            str, Field(description="The name of the stack frame, typically a method name.")
        ]
        source: Annotated[Source | None, Field(description="The source of the frame.")] = (
            None
        )
        line: Annotated[
            int,
            Field(
                description="The line within the source of the frame. If the source attribute is missing or doesn't exist, `line` is 0 and should be ignored by the client.",
                le=9007199254740991,
            ),
        ]
        column: Annotated[
            int,
            Field(
                description="Start position of the range covered by the stack frame. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based. If attribute `source` is missing or doesn't exist, `column` is 0 and should be ignored by the client.",
                le=9007199254740991,
            ),
        ]
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the range covered by the stack frame.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position of the range covered by the stack frame. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        canRestart: Annotated[
            bool | None,
            Field(
                description="Indicates whether this frame can be restarted with the `restartFrame` request. Clients should only use this if the debug adapter supports the `restart` request and the corresponding capability `supportsRestartFrame` is true. If a debug adapter has this capability, then `canRestart` defaults to `true` if the property is absent."
            ),
        ] = None
        instructionPointerReference: Annotated[
            str | None,
            Field(
                description="A memory reference for the current instruction pointer in this frame."
            ),
        ] = None
        moduleId: Annotated[
            int | str | None,
            Field(description="The module associated with this frame, if any."),
        ] = None
        presentationHint: Annotated[
            Literal["normal", "label", "subtle"] | None,
            Field(
                description="A hint for how to present this frame in the UI.\nA value of `label` can be used to indicate that the frame is an artificial frame that is used as a visual label or separator. A value of `subtle` can be used to change the appearance of a frame in a 'subtle' way."
            ),
        ] = None
    return StackFrame


def _Scope() -> Any:
    class Scope(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        name: Annotated[
            str,
            Field(
                description="Name of the scope such as 'Arguments', 'Locals', or 'Registers'. This string is shown in the UI as is and can be translated."
            ),
        ]
        presentationHint: Annotated[
            str | None,
            Field(
                description="A hint for how to present this scope in the UI. If this attribute is missing, the scope is shown with a generic UI."
            ),
        ] = None
        variablesReference: Annotated[
            int,
            Field(
                description="The variables of this scope can be retrieved by passing the value of `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ]
        namedVariables: Annotated[
            int | None,
            Field(
                description="The number of named variables in this scope.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.",
                ge=0,
            ),
        ] = None
        indexedVariables: Annotated[
            int | None,
            Field(
                description="The number of indexed variables in this scope.\nThe client can use this information to present the variables in a paged UI and fetch them in chunks.",
                ge=0,
            ),
        ] = None
        expensive: Annotated[
            bool,
            Field(
                description="If true, the number of variables in this scope is large or expensive to retrieve."
            ),
        ]
        source: Annotated[
            Source | None, Field(description="The source for this scope.")
        ] = None
        line: Annotated[
            int | None,
            Field(
                description="The start line of the range covered by this scope.",
                le=9007199254740991,
            ),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="Start position of the range covered by the scope. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the range covered by this scope.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position of the range covered by the scope. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
    return Scope


def _Variable() -> Any:
    class Variable(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        name: Annotated[str, Field(description="The variable's name.")]
        value: Annotated[
            str,
            Field(
                description="The variable's value.\nThis can be a multi-line text, e.g. for a function the body of a function.\nFor structured variables (which do not have a simple value), it is recommended to provide a one-line representation of the structured object. This helps to identify the structured object in the collapsed state when its children are not yet visible.\nAn empty string can be used if no value should be shown in the UI."
            ),
        ]
        type: Annotated[
            str | None,
            Field(
                description="The type of the variable's value. Typically shown in the UI when hovering over the value.\nThis attribute should only be returned by a debug adapter if the corresponding capability `supportsVariableType` is true."
            ),
        ] = None
        presentationHint: Annotated[
            VariablePresentationHint | None,
            Field(
                description="Properties of a variable that can be used to determine how to render the variable in the UI."
            ),
        ] = None
        evaluateName: Annotated[
            str | None,
            Field(
                description="The evaluatable name of this variable which can be passed to the `evaluate` request to fetch the variable's value."
            ),
        ] = None
        variablesReference: Annotated[
            int,
            Field(
                description="If `variablesReference` is > 0, the variable is structured and its children can be retrieved by passing `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ]
        namedVariables: Annotated[
            int | None,
            Field(
                description="The number of named child variables.\nThe client can use this information to present the children in a paged UI and fetch them in chunks.",
                ge=0,
            ),
        ] = None
        indexedVariables: Annotated[
            int | None,
            Field(
                description="The number of indexed child variables.\nThe client can use this information to present the children in a paged UI and fetch them in chunks.",
                ge=0,
            ),
        ] = None
        memoryReference: Annotated[
            str | None,
            Field(
                description="A memory reference associated with this variable.\nFor pointer type variables, this is generally a reference to the memory address contained in the pointer.\nFor executable data, this reference may later be used in a `disassemble` request.\nThis attribute may be returned by a debug adapter if corresponding capability `supportsMemoryReferences` is true."
            ),
        ] = None
        declarationLocationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the variable is declared. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
        valueLocationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the variable's value is declared. For example, if the variable contains a function pointer, the adapter may be able to look up the function's location. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
    return Variable


def _Breakpoint() -> Any:
    class Breakpoint(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        id: Annotated[
            int | None,
            Field(
                description="The identifier for the breakpoint. It is needed if breakpoint events are used to update or remove breakpoints."
            ),
        ] = None
        verified: Annotated[
            bool,
            Field(
                description="If true, the breakpoint could be set (but not necessarily at the desired location)."
            ),
        ]
        message: Annotated[
            str | None,
            Field(
                description="A message about the state of the breakpoint.\nThis is shown to the user and can be used to explain why a breakpoint could not be verified."
            ),
        ] = None
        source: Annotated[
            Source | None, Field(description="The source where the breakpoint is located.")
        ] = None
        line: Annotated[
            int | None,
            Field(
                description="The start line of the actual range covered by the breakpoint.",
                le=9007199254740991,
            ),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="Start position of the source range covered by the breakpoint. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the actual range covered by the breakpoint.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position of the source range covered by the breakpoint. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.\nIf no end line is given, then the end column is assumed to be in the start line.",
                le=9007199254740991,
            ),
        ] = None
        instructionReference: Annotated[
            str | None,
            Field(description="A memory reference to where the breakpoint is set."),
        ] = None
        offset: Annotated[
            int | None,
            Field(
                description="The offset from the instruction reference.\nThis can be negative.",
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ] = None
        reason: Annotated[
            Literal["pending", "failed"] | None,
            Field(
                description="A machine-readable explanation of why a breakpoint may not be verified. If a breakpoint is verified or a specific reason is not known, the adapter should omit this property. Possible values include:\n\n- `pending`: Indicates a breakpoint might be verified in the future, but the adapter cannot verify it in the current state.\n - `failed`: Indicates a breakpoint was not able to be verified, and the adapter does not believe it can be verified without intervention."
            ),
        ] = None
    return Breakpoint


def _CompletionItem() -> Any:
    class CompletionItem(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        label: Annotated[
            str,
            Field(
                description="The label of this completion item. By default this is also the text that is inserted when selecting this completion."
            ),
        ]
        text: Annotated[
            str | None,
            Field(
                description="If text is returned and not an empty string, then it is inserted instead of the label."
            ),
        ] = None
        sortText: Annotated[
            str | None,
            Field(
                description="A string that should be used when comparing this item with other items. If not returned or an empty string, the `label` is used instead."
            ),
        ] = None
        detail: Annotated[
            str | None,
            Field(
                description="A human-readable string with additional information about this item, like type or symbol information."
            ),
        ] = None
        type: Annotated[
            CompletionItemType | None,
            Field(
                description="The item's type. Typically the client uses this information to render the item in the UI with an icon."
            ),
        ] = None
        start: Annotated[
            int | None,
            Field(
                description="Start position (within the `text` attribute of the `completions` request) where the completion text is added. The position is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based. If the start position is omitted the text is added at the location specified by the `column` attribute of the `completions` request."
            ),
        ] = None
        length: Annotated[
            int | None,
            Field(
                description="Length determines how many characters are overwritten by the completion text and it is measured in UTF-16 code units. If missing the value 0 is assumed which results in the completion text being inserted."
            ),
        ] = None
        selectionStart: Annotated[
            int | None,
            Field(
                description="Determines the start of the new selection after the text has been inserted (or replaced). `selectionStart` is measured in UTF-16 code units and must be in the range 0 and length of the completion text. If omitted the selection starts at the end of the completion text."
            ),
        ] = None
        selectionLength: Annotated[
            int | None,
            Field(
                description="Determines the length of the new selection after the text has been inserted (or replaced) and it is measured in UTF-16 code units. The selection can not extend beyond the bounds of the completion text. If omitted the length is assumed to be 0."
            ),
        ] = None
    return CompletionItem


def _ExceptionOptions() -> Any:
    class ExceptionOptions(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        path: Annotated[
            list[ExceptionPathSegment] | None,
            Field(
                description="A path that selects a single or multiple exceptions in a tree. If `path` is missing, the whole tree is selected.\nBy convention the first segment of the path is a category that is used to group exceptions in the UI."
            ),
        ] = None
        breakMode: Annotated[
            ExceptionBreakMode,
            Field(
                description="Condition when a thrown exception should result in a break."
            ),
        ]
    return ExceptionOptions


def _DisassembledInstruction() -> Any:
    class DisassembledInstruction(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        address: Annotated[
            str,
            Field(
                description="The address of the instruction. Treated as a hex value if prefixed with `0x`, or as a decimal value otherwise."
            ),
        ]
        instructionBytes: Annotated[
            str | None,
            Field(
                description="Raw bytes representing the instruction and its operands, in an implementation-defined format."
            ),
        ] = None
        instruction: Annotated[
            str,
            Field(
                description="Text representing the instruction and its operands, in an implementation-defined format."
            ),
        ]
        symbol: Annotated[
            str | None,
            Field(
                description="Name of the symbol that corresponds with the location of this instruction, if any."
            ),
        ] = None
        location: Annotated[
            Source | None,
            Field(
                description="Source location that corresponds to this instruction, if any.\nShould always be set (if available) on the first instruction returned,\nbut can be omitted afterwards if this instruction maps to the same source file as the previous instruction."
            ),
        ] = None
        line: Annotated[
            int | None,
            Field(
                description="The line within the source location that corresponds to this instruction, if any.",
                le=9007199254740991,
            ),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="The column within the line that corresponds to this instruction, if any.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="The end line of the range that corresponds to this instruction, if any.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="The end column of the range that corresponds to this instruction, if any.",
                le=9007199254740991,
            ),
        ] = None
        presentationHint: Annotated[
            Literal["normal", "invalid"] | None,
            Field(
                description="A hint for how to present the instruction in the UI.\n\nA value of `invalid` may be used to indicate this instruction is 'filler' and cannot be reached by the program. For example, unreadable memory addresses may be presented is 'invalid.'"
            ),
        ] = None
    return DisassembledInstruction


def _BreakpointMode() -> Any:
    class BreakpointMode(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        mode: Annotated[
            str,
            Field(
                description="The internal ID of the mode. This value is passed to the `setBreakpoints` request."
            ),
        ]
        label: Annotated[
            str,
            Field(description="The name of the breakpoint mode. This is shown in the UI."),
        ]
        description: Annotated[
            str | None,
            Field(
                description="A help text providing additional information about the breakpoint mode. This string is typically shown as a hover and can be translated."
            ),
        ] = None
        appliesTo: Annotated[
            list[BreakpointModeApplicability],
            Field(
                description="Describes one or more type of breakpoint this mode applies to."
            ),
        ]
    return BreakpointMode


def _Body4() -> Any:
    class Body4(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        category: Annotated[
            str | None,
            Field(
                description="The output category. If not specified or if the category is not understood by the client, `console` is assumed."
            ),
        ] = None
        output: Annotated[
            str,
            Field(
                description="The output to report.\n\nANSI escape sequences may be used to influence text color and styling if `supportsANSIStyling` is present in both the adapter's `Capabilities` and the client's `InitializeRequestArguments`. A client may strip any unrecognized ANSI sequences.\n\nIf the `supportsANSIStyling` capabilities are not both true, then the client should display the output literally."
            ),
        ]
        group: Annotated[
            Literal["start", "startCollapsed", "end"] | None,
            Field(
                description="Support for keeping an output log organized by grouping related messages."
            ),
        ] = None
        variablesReference: Annotated[
            int | None,
            Field(
                description="If an attribute `variablesReference` exists and its value is > 0, the output contains objects which can be retrieved by passing `variablesReference` to the `variables` request as long as execution remains suspended. See 'Lifetime of Object References' in the Overview section for details.",
                ge=0,
            ),
        ] = None
        source: Annotated[
            Source | None,
            Field(description="The source location where the output was produced."),
        ] = None
        line: Annotated[
            int | None,
            Field(
                description="The source location's line where the output was produced.",
                le=9007199254740991,
            ),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="The position in `line` where the output was produced. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        data: Annotated[
            list[Any] | bool | int | float | dict[str, Any] | str | None,
            Field(
                description="Additional data to report. For the `telemetry` category the data is sent to telemetry, for the other categories the data is shown in JSON format."
            ),
        ] = None
        locationReference: Annotated[
            int | None,
            Field(
                description="A reference that allows the client to request the location where the new value is declared. For example, if the logged value is function pointer, the adapter may be able to look up the function's location. This should be present only if the adapter is likely to be able to resolve the location.\n\nThis reference shares the same lifetime as the `variablesReference`. See 'Lifetime of Object References' in the Overview section for details."
            ),
        ] = None
    return Body4


def _OutputEvent() -> Any:
    class OutputEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["output"], Field(description="Type of event.")]
        body: Annotated[Body4, Field(description="Event-specific information.")]
    return OutputEvent


def _Body5() -> Any:
    class Body5(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        reason: Annotated[str, Field(description="The reason for the event.")]
        breakpoint: Annotated[
            Breakpoint,
            Field(
                description="The `id` attribute is used to find the target breakpoint, the other attributes are used as the new values."
            ),
        ]
    return Body5


def _BreakpointEvent() -> Any:
    class BreakpointEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["breakpoint"], Field(description="Type of event.")]
        body: Annotated[Body5, Field(description="Event-specific information.")]
    return BreakpointEvent


def _Body7() -> Any:
    class Body7(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        reason: Annotated[
            Literal["new", "changed", "removed"],
            Field(description="The reason for the event."),
        ]
        source: Annotated[Source, Field(description="The new, changed, or removed source.")]
    return Body7


def _LoadedSourceEvent() -> Any:
    class LoadedSourceEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["loadedSource"], Field(description="Type of event.")]
        body: Annotated[Body7, Field(description="Event-specific information.")]
    return LoadedSourceEvent


def _BreakpointLocationsArguments() -> Any:
    class BreakpointLocationsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        source: Annotated[
            Source,
            Field(
                description="The source location of the breakpoints; either `source.path` or `source.sourceReference` must be specified."
            ),
        ]
        line: Annotated[
            int,
            Field(
                description="Start line of range to search possible breakpoint locations in. If only the line is specified, the request returns all possible locations in that line.",
                le=9007199254740991,
            ),
        ]
        column: Annotated[
            int | None,
            Field(
                description="Start position within `line` to search possible breakpoint locations in. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based. If no column is given, the first position in the start line is assumed.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="End line of range to search possible breakpoint locations in. If no end line is given, then the end line is assumed to be the start line.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position within `endLine` to search possible breakpoint locations in. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based. If no end column is given, the last position in the end line is assumed.",
                le=9007199254740991,
            ),
        ] = None
    return BreakpointLocationsArguments


def _SetBreakpointsArguments() -> Any:
    class SetBreakpointsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        source: Annotated[
            Source,
            Field(
                description="The source location of the breakpoints; either `source.path` or `source.sourceReference` must be specified."
            ),
        ]
        breakpoints: Annotated[
            list[SourceBreakpoint] | None,
            Field(description="The code locations of the breakpoints."),
        ] = None
        lines: Annotated[
            list[Line] | None,
            Field(description="Deprecated: The code locations of the breakpoints."),
        ] = None
        sourceModified: Annotated[
            bool | None,
            Field(
                description="A value of true indicates that the underlying source has been modified which results in new breakpoint locations."
            ),
        ] = None
    return SetBreakpointsArguments


def _Body15() -> Any:
    class Body15(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[Breakpoint],
            Field(
                description="Information about the breakpoints.\nThe array elements are in the same order as the elements of the `breakpoints` (or the deprecated `lines`) array in the arguments."
            ),
        ]
    return Body15


def _SetBreakpointsResponse() -> Any:
    class SetBreakpointsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body15,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetBreakpointsResponse


def _SetFunctionBreakpointsRequest() -> Any:
    class SetFunctionBreakpointsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setFunctionBreakpoints"], Field(description="The command to execute.")
        ]
        arguments: SetFunctionBreakpointsArguments
    return SetFunctionBreakpointsRequest


def _Body16() -> Any:
    class Body16(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[Breakpoint],
            Field(
                description="Information about the breakpoints. The array elements correspond to the elements of the `breakpoints` array."
            ),
        ]
    return Body16


def _SetFunctionBreakpointsResponse() -> Any:
    class SetFunctionBreakpointsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body16,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetFunctionBreakpointsResponse


def _SetExceptionBreakpointsArguments() -> Any:
    class SetExceptionBreakpointsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        filters: Annotated[
            list[str],
            Field(
                description="Set of exception filters specified by their ID. The set of all possible exception filters is defined by the `exceptionBreakpointFilters` capability. The `filter` and `filterOptions` sets are additive."
            ),
        ]
        filterOptions: Annotated[
            list[ExceptionFilterOptions] | None,
            Field(
                description="Set of exception filters and their options. The set of all possible exception filters is defined by the `exceptionBreakpointFilters` capability. This attribute is only honored by a debug adapter if the corresponding capability `supportsExceptionFilterOptions` is true. The `filter` and `filterOptions` sets are additive."
            ),
        ] = None
        exceptionOptions: Annotated[
            list[ExceptionOptions] | None,
            Field(
                description="Configuration options for selected exceptions.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsExceptionOptions` is true."
            ),
        ] = None
    return SetExceptionBreakpointsArguments


def _SetDataBreakpointsRequest() -> Any:
    class SetDataBreakpointsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setDataBreakpoints"], Field(description="The command to execute.")
        ]
        arguments: SetDataBreakpointsArguments
    return SetDataBreakpointsRequest


def _Body18() -> Any:
    class Body18(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[Breakpoint],
            Field(
                description="Information about the data breakpoints. The array elements correspond to the elements of the input argument `breakpoints` array."
            ),
        ]
    return Body18


def _SetDataBreakpointsResponse() -> Any:
    class SetDataBreakpointsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body18,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetDataBreakpointsResponse


def _SetInstructionBreakpointsRequest() -> Any:
    class SetInstructionBreakpointsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setInstructionBreakpoints"],
            Field(description="The command to execute."),
        ]
        arguments: SetInstructionBreakpointsArguments
    return SetInstructionBreakpointsRequest


def _Body19() -> Any:
    class Body19(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        breakpoints: Annotated[
            list[Breakpoint],
            Field(
                description="Information about the breakpoints. The array elements correspond to the elements of the `breakpoints` array."
            ),
        ]
    return Body19


def _SetInstructionBreakpointsResponse() -> Any:
    class SetInstructionBreakpointsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body19,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return SetInstructionBreakpointsResponse


def _NextRequest() -> Any:
    class NextRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["next"], Field(description="The command to execute.")]
        arguments: NextArguments
    return NextRequest


def _StepInRequest() -> Any:
    class StepInRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["stepIn"], Field(description="The command to execute.")]
        arguments: StepInArguments
    return StepInRequest


def _StepOutRequest() -> Any:
    class StepOutRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["stepOut"], Field(description="The command to execute.")]
        arguments: StepOutArguments
    return StepOutRequest


def _StepBackRequest() -> Any:
    class StepBackRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["stepBack"], Field(description="The command to execute.")
        ]
        arguments: StepBackArguments
    return StepBackRequest


def _StackTraceRequest() -> Any:
    class StackTraceRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["stackTrace"], Field(description="The command to execute.")
        ]
        arguments: StackTraceArguments
    return StackTraceRequest


def _Body20() -> Any:
    class Body20(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        stackFrames: Annotated[
            list[StackFrame],
            Field(
                description="The frames of the stack frame. If the array has length zero, there are no stack frames available.\nThis means that there is no location information available."
            ),
        ]
        totalFrames: Annotated[
            int | None,
            Field(
                description="The total number of frames available in the stack. If omitted or if `totalFrames` is larger than the available frames, a client is expected to request frames until a request returns less frames than requested (which indicates the end of the stack). Returning monotonically increasing `totalFrames` values for subsequent requests can be used to enforce paging in the client."
            ),
        ] = None
    return Body20


def _StackTraceResponse() -> Any:
    class StackTraceResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body20,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return StackTraceResponse


def _Body21() -> Any:
    class Body21(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        scopes: Annotated[
            list[Scope],
            Field(
                description="The scopes of the stack frame. If the array has length zero, there are no scopes available."
            ),
        ]
    return Body21


def _ScopesResponse() -> Any:
    class ScopesResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body21,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return ScopesResponse


def _VariablesRequest() -> Any:
    class VariablesRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["variables"], Field(description="The command to execute.")
        ]
        arguments: VariablesArguments
    return VariablesRequest


def _Body22() -> Any:
    class Body22(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        variables: Annotated[
            list[Variable],
            Field(
                description="All (or a range) of variables for the given variable reference."
            ),
        ]
    return Body22


def _VariablesResponse() -> Any:
    class VariablesResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body22,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return VariablesResponse


def _SetVariableRequest() -> Any:
    class SetVariableRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setVariable"], Field(description="The command to execute.")
        ]
        arguments: SetVariableArguments
    return SetVariableRequest


def _SourceArguments() -> Any:
    class SourceArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        source: Annotated[
            Source | None,
            Field(
                description="Specifies the source content to load. Either `source.path` or `source.sourceReference` must be specified."
            ),
        ] = None
        sourceReference: Annotated[
            int,
            Field(
                description="The reference to the source. This is the same as `source.sourceReference`.\nThis is provided for backward compatibility since old clients do not understand the `source` attribute.",
                ge=0,
            ),
        ]
    return SourceArguments


def _Body27() -> Any:
    class Body27(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        sources: Annotated[list[Source], Field(description="Set of loaded sources.")]
    return Body27


def _LoadedSourcesResponse() -> Any:
    class LoadedSourcesResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body27,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return LoadedSourcesResponse


def _EvaluateArguments() -> Any:
    class EvaluateArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        expression: Annotated[str, Field(description="The expression to evaluate.")]
        frameId: Annotated[
            int | None,
            Field(
                description="Evaluate the expression in the scope of this stack frame. If not specified, the expression is evaluated in the global scope."
            ),
        ] = None
        line: Annotated[
            int | None,
            Field(
                description="The contextual line where the expression should be evaluated. In the 'hover' context, this should be set to the start of the expression being hovered.",
                le=9007199254740991,
            ),
        ] = None
        column: Annotated[
            int | None,
            Field(
                description="The contextual column where the expression should be evaluated. This may be provided if `line` is also provided.\n\nIt is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        source: Annotated[
            Source | None,
            Field(
                description="The contextual source in which the `line` is found. This must be provided if `line` is provided."
            ),
        ] = None
        context: Annotated[
            str | None,
            Field(description="The context in which the evaluate request is used."),
        ] = None
        format: Annotated[
            ValueFormat | None,
            Field(
                description="Specifies details on how to format the result.\nThe attribute is only honored by a debug adapter if the corresponding capability `supportsValueFormattingOptions` is true."
            ),
        ] = None
    return EvaluateArguments


def _SetExpressionRequest() -> Any:
    class SetExpressionRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setExpression"], Field(description="The command to execute.")
        ]
        arguments: SetExpressionArguments
    return SetExpressionRequest


def _GotoTargetsArguments() -> Any:
    class GotoTargetsArguments(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        source: Annotated[
            Source,
            Field(
                description="The source location for which the goto targets are determined."
            ),
        ]
        line: Annotated[
            int,
            Field(
                description="The line location for which the goto targets are determined.",
                le=9007199254740991,
            ),
        ]
        column: Annotated[
            int | None,
            Field(
                description="The position within `line` for which the goto targets are determined. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
    return GotoTargetsArguments


def _Body32() -> Any:
    class Body32(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        targets: Annotated[
            list[CompletionItem], Field(description="The possible completions for .")
        ]
    return Body32


def _CompletionsResponse() -> Any:
    class CompletionsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body32,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ]
    return CompletionsResponse


def _Body36() -> Any:
    class Body36(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        instructions: Annotated[
            list[DisassembledInstruction],
            Field(description="The list of disassembled instructions."),
        ]
    return Body36


def _DisassembleResponse() -> Any:
    class DisassembleResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body36 | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return DisassembleResponse


def _Body37() -> Any:
    class Body37(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        source: Annotated[
            Source,
            Field(
                description="The source containing the location; either `source.path` or `source.sourceReference` must be specified."
            ),
        ]
        line: Annotated[
            int,
            Field(
                description="The line number of the location. The client capability `linesStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ]
        column: Annotated[
            int | None,
            Field(
                description="Position of the location within the `line`. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based. If no column is given, the first position in the start line is assumed.",
                le=9007199254740991,
            ),
        ] = None
        endLine: Annotated[
            int | None,
            Field(
                description="End line of the location, present if the location refers to a range.  The client capability `linesStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
        endColumn: Annotated[
            int | None,
            Field(
                description="End position of the location within `endLine`, present if the location refers to a range. It is measured in UTF-16 code units and the client capability `columnsStartAt1` determines whether it is 0- or 1-based.",
                le=9007199254740991,
            ),
        ] = None
    return Body37


def _LocationsResponse() -> Any:
    class LocationsResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Body37 | None,
            Field(
                description="Contains request result if success is true and error details if success is false."
            ),
        ] = None
    return LocationsResponse


def _Capabilities() -> Any:
    class Capabilities(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        supportsConfigurationDoneRequest: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `configurationDone` request."
            ),
        ] = None
        supportsFunctionBreakpoints: Annotated[
            bool | None,
            Field(description="The debug adapter supports function breakpoints."),
        ] = None
        supportsConditionalBreakpoints: Annotated[
            bool | None,
            Field(description="The debug adapter supports conditional breakpoints."),
        ] = None
        supportsHitConditionalBreakpoints: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports breakpoints that break execution after a specified number of hits."
            ),
        ] = None
        supportsEvaluateForHovers: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports a (side effect free) `evaluate` request for data hovers."
            ),
        ] = None
        exceptionBreakpointFilters: Annotated[
            list[ExceptionBreakpointsFilter] | None,
            Field(
                description="Available exception filter options for the `setExceptionBreakpoints` request."
            ),
        ] = None
        supportsStepBack: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports stepping back via the `stepBack` and `reverseContinue` requests."
            ),
        ] = None
        supportsSetVariable: Annotated[
            bool | None,
            Field(description="The debug adapter supports setting a variable to a value."),
        ] = None
        supportsRestartFrame: Annotated[
            bool | None, Field(description="The debug adapter supports restarting a frame.")
        ] = None
        supportsGotoTargetsRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `gotoTargets` request."),
        ] = None
        supportsStepInTargetsRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `stepInTargets` request."),
        ] = None
        supportsCompletionsRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `completions` request."),
        ] = None
        completionTriggerCharacters: Annotated[
            list[str] | None,
            Field(
                description="The set of characters that should automatically trigger a completion request in a REPL. If not specified, the client should assume the `.` character. The client may trigger additional completion requests on characters such as ones that make up common identifiers, or as otherwise requested by a user."
            ),
        ] = None
        supportsModulesRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `modules` request."),
        ] = None
        additionalModuleColumns: Annotated[
            list[ColumnDescriptor] | None,
            Field(
                description="The set of additional module information exposed by the debug adapter."
            ),
        ] = None
        supportedChecksumAlgorithms: Annotated[
            list[ChecksumAlgorithm] | None,
            Field(description="Checksum algorithms supported by the debug adapter."),
        ] = None
        supportsRestartRequest: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `restart` request. In this case a client should not implement `restart` by terminating and relaunching the adapter but by calling the `restart` request."
            ),
        ] = None
        supportsExceptionOptions: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports `exceptionOptions` on the `setExceptionBreakpoints` request."
            ),
        ] = None
        supportsValueFormattingOptions: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports a `format` attribute on the `stackTrace`, `variables`, and `evaluate` requests."
            ),
        ] = None
        supportsExceptionInfoRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `exceptionInfo` request."),
        ] = None
        supportTerminateDebuggee: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `terminateDebuggee` attribute on the `disconnect` request."
            ),
        ] = None
        supportSuspendDebuggee: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `suspendDebuggee` attribute on the `disconnect` request."
            ),
        ] = None
        supportsDelayedStackTraceLoading: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the delayed loading of parts of the stack, which requires that both the `startFrame` and `levels` arguments and the `totalFrames` result of the `stackTrace` request are supported."
            ),
        ] = None
        supportsLoadedSourcesRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `loadedSources` request."),
        ] = None
        supportsLogPoints: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports log points by interpreting the `logMessage` attribute of the `SourceBreakpoint`."
            ),
        ] = None
        supportsTerminateThreadsRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `terminateThreads` request."),
        ] = None
        supportsSetExpression: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `setExpression` request."),
        ] = None
        supportsTerminateRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `terminate` request."),
        ] = None
        supportsDataBreakpoints: Annotated[
            bool | None, Field(description="The debug adapter supports data breakpoints.")
        ] = None
        supportsReadMemoryRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `readMemory` request."),
        ] = None
        supportsWriteMemoryRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `writeMemory` request."),
        ] = None
        supportsDisassembleRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `disassemble` request."),
        ] = None
        supportsCancelRequest: Annotated[
            bool | None,
            Field(description="The debug adapter supports the `cancel` request."),
        ] = None
        supportsBreakpointLocationsRequest: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `breakpointLocations` request."
            ),
        ] = None
        supportsClipboardContext: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `clipboard` context value in the `evaluate` request."
            ),
        ] = None
        supportsSteppingGranularity: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports stepping granularities (argument `granularity`) for the stepping requests."
            ),
        ] = None
        supportsInstructionBreakpoints: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports adding breakpoints based on instruction references."
            ),
        ] = None
        supportsExceptionFilterOptions: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports `filterOptions` as an argument on the `setExceptionBreakpoints` request."
            ),
        ] = None
        supportsSingleThreadExecutionRequests: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `singleThread` property on the execution requests (`continue`, `next`, `stepIn`, `stepOut`, `reverseContinue`, `stepBack`)."
            ),
        ] = None
        supportsDataBreakpointBytes: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports the `asAddress` and `bytes` fields in the `dataBreakpointInfo` request."
            ),
        ] = None
        breakpointModes: Annotated[
            list[BreakpointMode] | None,
            Field(
                description="Modes of breakpoints supported by the debug adapter, such as 'hardware' or 'software'. If present, the client may allow the user to select a mode and include it in its `setBreakpoints` request.\n\nClients may present the first applicable mode in this array as the 'default' mode in gestures that set breakpoints."
            ),
        ] = None
        supportsANSIStyling: Annotated[
            bool | None,
            Field(
                description="The debug adapter supports ANSI escape sequences in styling of `OutputEvent.output` and `Variable.value` fields."
            ),
        ] = None
    return Capabilities


def _Body9() -> Any:
    class Body9(BaseModel):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        capabilities: Annotated[
            Capabilities, Field(description="The set of updated capabilities.")
        ]
    return Body9


def _CapabilitiesEvent() -> Any:
    class CapabilitiesEvent(Event):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        event: Annotated[Literal["capabilities"], Field(description="Type of event.")]
        body: Annotated[Body9, Field(description="Event-specific information.")]
    return CapabilitiesEvent


def _InitializeResponse() -> Any:
    class InitializeResponse(Response):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        body: Annotated[
            Capabilities | None,
            Field(description="The capabilities of this debug adapter."),
        ] = None
    return InitializeResponse


def _BreakpointLocationsRequest() -> Any:
    class BreakpointLocationsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["breakpointLocations"], Field(description="The command to execute.")
        ]
        arguments: Annotated[
            BreakpointLocationsArguments | None,
            Field(
                description="Arguments must be passed to form a valid request. Debug adapters may reject requests that lack arguments with an error. These `arguments` are marked as optional for historical reasons."
            ),
        ] = None
    return BreakpointLocationsRequest


def _SetBreakpointsRequest() -> Any:
    class SetBreakpointsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setBreakpoints"], Field(description="The command to execute.")
        ]
        arguments: SetBreakpointsArguments
    return SetBreakpointsRequest


def _SetExceptionBreakpointsRequest() -> Any:
    class SetExceptionBreakpointsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["setExceptionBreakpoints"], Field(description="The command to execute.")
        ]
        arguments: SetExceptionBreakpointsArguments
    return SetExceptionBreakpointsRequest


def _SourceRequest() -> Any:
    class SourceRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[Literal["source"], Field(description="The command to execute.")]
        arguments: SourceArguments
    return SourceRequest


def _EvaluateRequest() -> Any:
    class EvaluateRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["evaluate"], Field(description="The command to execute.")
        ]
        arguments: EvaluateArguments
    return EvaluateRequest


def _GotoTargetsRequest() -> Any:
    class GotoTargetsRequest(Request):
        model_config = ConfigDict(
            defer_build=True,
            extra="allow",
        )
        command: Annotated[
            Literal["gotoTargets"], Field(description="The command to execute.")
        ]
        arguments: GotoTargetsArguments
    return GotoTargetsRequest


#: Each class, and the classes it names (its bases first).
_NEEDS: dict[str, tuple[str, ...]] = {
    'DebugAdapterProtocol': (),
    'ProtocolMessage': (),
    'Request': ('ProtocolMessage',),
    'Event': ('ProtocolMessage',),
    'Response': ('ProtocolMessage',),
    'ErrorResponse': ('Response',),
    'CancelArguments': (),
    'CancelResponse': ('Response',),
    'InitializedEvent': ('Event',),
    'Body': (),
    'StoppedEvent': ('Event', 'Body',),
    'Body1': (),
    'ContinuedEvent': ('Event', 'Body1',),
    'Body2': (),
    'ExitedEvent': ('Event', 'Body2',),
    'TerminatedEvent': ('Event',),
    'Body3': (),
    'ThreadEvent': ('Event', 'Body3',),
    'Body8': (),
    'ProcessEvent': ('Event', 'Body8',),
    'Body10': (),
    'ProgressStartEvent': ('Event', 'Body10',),
    'Body11': (),
    'ProgressUpdateEvent': ('Event', 'Body11',),
    'Body12': (),
    'ProgressEndEvent': ('Event', 'Body12',),
    'InvalidatedEvent': ('Event',),
    'Body13': (),
    'MemoryEvent': ('Event', 'Body13',),
    'RunInTerminalRequestArguments': (),
    'RunInTerminalResponse': ('Response',),
    'StartDebuggingRequestArguments': (),
    'StartDebuggingResponse': ('Response',),
    'InitializeRequestArguments': (),
    'ConfigurationDoneArguments': (),
    'ConfigurationDoneResponse': ('Response',),
    'LaunchRequestArguments': (),
    'LaunchResponse': ('Response',),
    'AttachRequestArguments': (),
    'AttachResponse': ('Response',),
    'RestartArguments': ('AttachRequestArguments', 'LaunchRequestArguments',),
    'RestartResponse': ('Response',),
    'DisconnectArguments': (),
    'DisconnectResponse': ('Response',),
    'TerminateArguments': (),
    'TerminateResponse': ('Response',),
    'Line': (),
    'SetExceptionBreakpointsResponse': ('Response',),
    'DataBreakpointInfoArguments': (),
    'ContinueArguments': (),
    'ContinueResponse': ('Response',),
    'NextResponse': ('Response',),
    'StepInResponse': ('Response',),
    'StepOutResponse': ('Response',),
    'StepBackResponse': ('Response',),
    'ReverseContinueArguments': (),
    'ReverseContinueResponse': ('Response',),
    'RestartFrameArguments': (),
    'RestartFrameResponse': ('Response',),
    'GotoArguments': (),
    'GotoResponse': ('Response',),
    'PauseArguments': (),
    'PauseResponse': ('Response',),
    'ScopesArguments': (),
    'Body23': (),
    'SetVariableResponse': ('Response', 'Body23',),
    'Body24': (),
    'SourceResponse': ('Response', 'Body24',),
    'ThreadsRequest': ('Request',),
    'TerminateThreadsArguments': (),
    'TerminateThreadsResponse': ('Response',),
    'ModulesArguments': (),
    'LoadedSourcesArguments': (),
    'StepInTargetsArguments': (),
    'CompletionsArguments': (),
    'ExceptionInfoArguments': (),
    'ReadMemoryArguments': (),
    'Body34': (),
    'ReadMemoryResponse': ('Response', 'Body34',),
    'WriteMemoryArguments': (),
    'Body35': (),
    'WriteMemoryResponse': ('Response', 'Body35',),
    'DisassembleArguments': (),
    'LocationsArguments': (),
    'ExceptionBreakpointsFilter': (),
    'Message': (),
    'Module': (),
    'ColumnDescriptor': (),
    'Thread': (),
    'VariablePresentationHint': (),
    'BreakpointLocation': (),
    'SourceBreakpoint': (),
    'FunctionBreakpoint': (),
    'DataBreakpointAccessType': (),
    'DataBreakpoint': ('DataBreakpointAccessType',),
    'InstructionBreakpoint': (),
    'SteppingGranularity': (),
    'StepInTarget': (),
    'GotoTarget': (),
    'CompletionItemType': (),
    'ChecksumAlgorithm': (),
    'Checksum': ('ChecksumAlgorithm',),
    'ValueFormat': (),
    'StackFrameFormat': ('ValueFormat',),
    'ExceptionFilterOptions': (),
    'ExceptionBreakMode': (),
    'ExceptionPathSegment': (),
    'ExceptionDetails': (),
    'InvalidatedAreas': (),
    'BreakpointModeApplicability': (),
    'CancelRequest': ('Request', 'CancelArguments',),
    'Body6': ('Module',),
    'ModuleEvent': ('Event', 'Body6',),
    'RunInTerminalRequest': ('Request', 'RunInTerminalRequestArguments',),
    'StartDebuggingRequest': ('Request', 'StartDebuggingRequestArguments',),
    'InitializeRequest': ('Request', 'InitializeRequestArguments',),
    'ConfigurationDoneRequest': ('Request', 'ConfigurationDoneArguments',),
    'LaunchRequest': ('Request', 'LaunchRequestArguments',),
    'AttachRequest': ('Request', 'AttachRequestArguments',),
    'RestartRequest': ('Request', 'RestartArguments',),
    'DisconnectRequest': ('Request', 'DisconnectArguments',),
    'TerminateRequest': ('Request', 'TerminateArguments',),
    'Body14': ('BreakpointLocation',),
    'BreakpointLocationsResponse': ('Response', 'Body14',),
    'SetFunctionBreakpointsArguments': ('FunctionBreakpoint',),
    'DataBreakpointInfoRequest': ('Request', 'DataBreakpointInfoArguments',),
    'Body17': ('DataBreakpointAccessType',),
    'DataBreakpointInfoResponse': ('Response', 'Body17',),
    'SetDataBreakpointsArguments': ('DataBreakpoint',),
    'SetInstructionBreakpointsArguments': ('InstructionBreakpoint',),
    'ContinueRequest': ('Request', 'ContinueArguments',),
    'NextArguments': ('SteppingGranularity',),
    'StepInArguments': ('SteppingGranularity',),
    'StepOutArguments': ('SteppingGranularity',),
    'StepBackArguments': ('SteppingGranularity',),
    'ReverseContinueRequest': ('Request', 'ReverseContinueArguments',),
    'RestartFrameRequest': ('Request', 'RestartFrameArguments',),
    'GotoRequest': ('Request', 'GotoArguments',),
    'PauseRequest': ('Request', 'PauseArguments',),
    'StackTraceArguments': ('StackFrameFormat',),
    'ScopesRequest': ('Request', 'ScopesArguments',),
    'VariablesArguments': ('ValueFormat',),
    'SetVariableArguments': ('ValueFormat',),
    'Body25': ('Thread',),
    'ThreadsResponse': ('Response', 'Body25',),
    'TerminateThreadsRequest': ('Request', 'TerminateThreadsArguments',),
    'ModulesRequest': ('Request', 'ModulesArguments',),
    'Body26': ('Module',),
    'ModulesResponse': ('Response', 'Body26',),
    'LoadedSourcesRequest': ('Request', 'LoadedSourcesArguments',),
    'Body28': ('VariablePresentationHint',),
    'EvaluateResponse': ('Response', 'Body28',),
    'SetExpressionArguments': ('ValueFormat',),
    'Body29': ('VariablePresentationHint',),
    'SetExpressionResponse': ('Response', 'Body29',),
    'StepInTargetsRequest': ('Request', 'StepInTargetsArguments',),
    'Body30': ('StepInTarget',),
    'StepInTargetsResponse': ('Response', 'Body30',),
    'Body31': ('GotoTarget',),
    'GotoTargetsResponse': ('Response', 'Body31',),
    'CompletionsRequest': ('Request', 'CompletionsArguments',),
    'ExceptionInfoRequest': ('Request', 'ExceptionInfoArguments',),
    'Body33': ('ExceptionBreakMode', 'ExceptionDetails',),
    'ExceptionInfoResponse': ('Response', 'Body33',),
    'ReadMemoryRequest': ('Request', 'ReadMemoryArguments',),
    'WriteMemoryRequest': ('Request', 'WriteMemoryArguments',),
    'DisassembleRequest': ('Request', 'DisassembleArguments',),
    'LocationsRequest': ('Request', 'LocationsArguments',),
    'Source': ('Checksum',),
    'StackFrame': ('Source',),
    'Scope': ('Source',),
    'Variable': ('VariablePresentationHint',),
    'Breakpoint': ('Source',),
    'CompletionItem': ('CompletionItemType',),
    'ExceptionOptions': ('ExceptionBreakMode', 'ExceptionPathSegment',),
    'DisassembledInstruction': ('Source',),
    'BreakpointMode': ('BreakpointModeApplicability',),
    'Body4': ('Source',),
    'OutputEvent': ('Event', 'Body4',),
    'Body5': ('Breakpoint',),
    'BreakpointEvent': ('Event', 'Body5',),
    'Body7': ('Source',),
    'LoadedSourceEvent': ('Event', 'Body7',),
    'BreakpointLocationsArguments': ('Source',),
    'SetBreakpointsArguments': ('Line', 'Source', 'SourceBreakpoint',),
    'Body15': ('Breakpoint',),
    'SetBreakpointsResponse': ('Response', 'Body15',),
    'SetFunctionBreakpointsRequest': ('Request', 'SetFunctionBreakpointsArguments',),
    'Body16': ('Breakpoint',),
    'SetFunctionBreakpointsResponse': ('Response', 'Body16',),
    'SetExceptionBreakpointsArguments': ('ExceptionFilterOptions', 'ExceptionOptions',),
    'SetDataBreakpointsRequest': ('Request', 'SetDataBreakpointsArguments',),
    'Body18': ('Breakpoint',),
    'SetDataBreakpointsResponse': ('Response', 'Body18',),
    'SetInstructionBreakpointsRequest': ('Request', 'SetInstructionBreakpointsArguments',),
    'Body19': ('Breakpoint',),
    'SetInstructionBreakpointsResponse': ('Response', 'Body19',),
    'NextRequest': ('Request', 'NextArguments',),
    'StepInRequest': ('Request', 'StepInArguments',),
    'StepOutRequest': ('Request', 'StepOutArguments',),
    'StepBackRequest': ('Request', 'StepBackArguments',),
    'StackTraceRequest': ('Request', 'StackTraceArguments',),
    'Body20': ('StackFrame',),
    'StackTraceResponse': ('Response', 'Body20',),
    'Body21': ('Scope',),
    'ScopesResponse': ('Response', 'Body21',),
    'VariablesRequest': ('Request', 'VariablesArguments',),
    'Body22': ('Variable',),
    'VariablesResponse': ('Response', 'Body22',),
    'SetVariableRequest': ('Request', 'SetVariableArguments',),
    'SourceArguments': ('Source',),
    'Body27': ('Source',),
    'LoadedSourcesResponse': ('Response', 'Body27',),
    'EvaluateArguments': ('Source', 'ValueFormat',),
    'SetExpressionRequest': ('Request', 'SetExpressionArguments',),
    'GotoTargetsArguments': ('Source',),
    'Body32': ('CompletionItem',),
    'CompletionsResponse': ('Response', 'Body32',),
    'Body36': ('DisassembledInstruction',),
    'DisassembleResponse': ('Response', 'Body36',),
    'Body37': ('Source',),
    'LocationsResponse': ('Response', 'Body37',),
    'Capabilities': ('BreakpointMode', 'ChecksumAlgorithm', 'ColumnDescriptor', 'ExceptionBreakpointsFilter',),
    'Body9': ('Capabilities',),
    'CapabilitiesEvent': ('Event', 'Body9',),
    'InitializeResponse': ('Response', 'Capabilities',),
    'BreakpointLocationsRequest': ('Request', 'BreakpointLocationsArguments',),
    'SetBreakpointsRequest': ('Request', 'SetBreakpointsArguments',),
    'SetExceptionBreakpointsRequest': ('Request', 'SetExceptionBreakpointsArguments',),
    'SourceRequest': ('Request', 'SourceArguments',),
    'EvaluateRequest': ('Request', 'EvaluateArguments',),
    'GotoTargetsRequest': ('Request', 'GotoTargetsArguments',),
}
_REBUILD = frozenset(['ExceptionDetails', 'Source'])


def __getattr__(name: str) -> Any:
    if name not in _NEEDS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _load(name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_NEEDS})


_LOCK = threading.RLock()
_LOADING: set[str] = set()


def _load(name: str) -> Any:
    """The class ``name``, created now (after the classes it names) if it does not exist yet."""
    with _LOCK:
        made = globals().get(name)
        if made is not None:
            return made
        _LOADING.add(name)
        try:
            for need in _NEEDS[name]:
                if need not in _LOADING:
                    _load(need)
            made = globals()["_" + name]()
            made.__qualname__ = name
            globals()[name] = made
        finally:
            _LOADING.discard(name)
        if name in _REBUILD:
            made.model_rebuild()
        return made
