# dapcli fish completion, generated from the verb table by tools/gen_completions.py: do not edit
function __dapcli_words
    # $argv[1]: a kind; words from the live session, one a line
    set -l words (commandline -opc)
    set -l at (contains -i -- --session $words; or contains -i -- -S $words)
    set -l session
    if test -n "$at"; and test (count $words) -gt $at
        set session $words[(math $at + 1)]
    end
    if test -n "$session"
        dapcli --session $session __complete $argv[1] 2>/dev/null
    else
        dapcli __complete $argv[1] 2>/dev/null
    end
end

function __dapcli_path
    # the command path typed so far (aliases resolved): "break add", "next", or ""
    set -l words (commandline -opc)
    set -e words[1]
    while test (count $words) -gt 0
        switch $words[1]
            case --session -S
                set -e words[1..2]
            case '-*'
                set -e words[1]
            case '*'
                break
        end
    end
    test (count $words) -gt 0; or return
    switch $words[1]
        case break
            if test (count $words) -ge 2; echo "break $words[2]"; else; echo break; end
        case exceptions
            if test (count $words) -ge 2; echo "exceptions $words[2]"; else; echo exceptions; end
        case watch
            if test (count $words) -ge 2; echo "watch $words[2]"; else; echo watch; end
        case watchpoint
            if test (count $words) -ge 2; echo "watchpoint $words[2]"; else; echo watchpoint; end
        case '*'
            echo (__dapcli_alias $words[1])
    end
end

function __dapcli_alias
    switch $argv[1]
        case 'addWatch'
            echo 'watch add'
        case 'advance'
            echo 'until'
        case 'b'
            echo 'break add'
        case 'backtrace'
            echo 'stack'
        case 'bt'
            echo 'stack'
        case 'c'
            echo 'continue'
        case 'clearBreakpoints'
            echo 'break clear'
        case 'cmd'
            echo 'console'
        case 'condition'
            echo 'break edit'
        case 'cont'
            echo 'continue'
        case 'deadlock'
            echo 'hang'
        case 'debugTest'
            echo 'test'
        case 'debugger'
            echo 'console'
        case 'delete'
            echo 'break delete'
        case 'disas'
            echo 'disassemble'
        case 'display'
            echo 'watch add'
        case 'editBreakpoint'
            echo 'break edit'
        case 'evaluate'
            echo 'eval'
        case 'exceptionFilters'
            echo 'exceptions list'
        case 'explainHang'
            echo 'hang'
        case 'info-breakpoints'
            echo 'break list'
        case 'info-locals'
            echo 'vars'
        case 'info-registers'
            echo 'registers'
        case 'info-threads'
            echo 'threads'
        case 'jump'
            echo 'goto'
        case 'kill'
            echo 'stop'
        case 'l'
            echo 'list'
        case 'listBreakpoints'
            echo 'break list'
        case 'listDataBreakpoints'
            echo 'watchpoint list'
        case 'listWatches'
            echo 'watch list'
        case 'n'
            echo 'next'
        case 'next-instruction'
            echo 'nexti'
        case 'ni'
            echo 'nexti'
        case 'p'
            echo 'eval'
        case 'print'
            echo 'eval'
        case 'q'
            echo 'stop'
        case 'quit'
            echo 'stop'
        case 'raw-request'
            echo 'dap'
        case 'read-memory'
            echo 'memory'
        case 'readMemory'
            echo 'memory'
        case 'removeBreakpoint'
            echo 'break delete'
        case 'removeDataBreakpoint'
            echo 'watchpoint delete'
        case 'removeWatch'
            echo 'watch delete'
        case 'restartFrame'
            echo 'restart-frame'
        case 'reverse-next'
            echo 'step-back'
        case 'reverseContinue'
            echo 'reverse-continue'
        case 's'
            echo 'step'
        case 'selectFrame'
            echo 'frame'
        case 'selectThread'
            echo 'thread'
        case 'set-var'
            echo 'set'
        case 'set-variable'
            echo 'set'
        case 'setBreakpoint'
            echo 'break add'
        case 'setDataBreakpoint'
            echo 'watchpoint add'
        case 'setExceptionBreakpoints'
            echo 'exceptions set'
        case 'setVariable'
            echo 'set'
        case 'si'
            echo 'stepi'
        case 'source'
            echo 'list'
        case 'stack-trace'
            echo 'stack'
        case 'stackTrace'
            echo 'stack'
        case 'step-in'
            echo 'step'
        case 'step-instruction'
            echo 'stepi'
        case 'step-out'
            echo 'finish'
        case 'stepBack'
            echo 'step-back'
        case 'stepIn'
            echo 'step'
        case 'stepOut'
            echo 'finish'
        case 'undisplay'
            echo 'watch delete'
        case 'variables'
            echo 'vars'
        case 'where'
            echo 'stack'
        case 'x'
            echo 'memory'
        case 'x-i'
            echo 'disassemble'
        case '*'
            echo $argv[1]
    end
end

function __dapcli_at
    test "$(__dapcli_path)" = "$argv[1]"
end

complete -c dapcli -f
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -a 'adapters attach break completion configs console continue dap disassemble doctor down eval exceptions finish frame goto hang input launch list memory next nexti output pause registers repl restart restart-frame reverse-continue run scopes serve-mcp sessions set stack status step step-back stepi stop test thread threads trace until up vars version wait watch watchpoint'

complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l debug
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l help
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l json
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l redact
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l trust-project
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -l version
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -s h
complete -c dapcli -n '__dapcli_at break' -a 'add clear delete edit list'
complete -c dapcli -n '__dapcli_at exceptions' -a 'list set'
complete -c dapcli -n '__dapcli_at watch' -a 'add delete list'
complete -c dapcli -n '__dapcli_at watchpoint' -a 'add delete list'
complete -c dapcli -n '__dapcli_at "adapters"' -l help
complete -c dapcli -n '__dapcli_at "adapters"' -l json
complete -c dapcli -n '__dapcli_at "adapters"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "adapters"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "adapters"' -s h
complete -c dapcli -n '__dapcli_at "attach"' -l adapter -r -a 'python go node bash ruby lldb gdb codelldb'
complete -c dapcli -n '__dapcli_at "attach"' -l adapter-config -r
complete -c dapcli -n '__dapcli_at "attach"' -l break -r -F
complete -c dapcli -n '__dapcli_at "attach"' -l config -r
complete -c dapcli -n '__dapcli_at "attach"' -l help
complete -c dapcli -n '__dapcli_at "attach"' -l json
complete -c dapcli -n '__dapcli_at "attach"' -l just-my-code
complete -c dapcli -n '__dapcli_at "attach"' -l map -r -F
complete -c dapcli -n '__dapcli_at "attach"' -l no-just-my-code
complete -c dapcli -n '__dapcli_at "attach"' -l process-id -r
complete -c dapcli -n '__dapcli_at "attach"' -l program -r -F
complete -c dapcli -n '__dapcli_at "attach"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "attach"' -l set -r
complete -c dapcli -n '__dapcli_at "attach"' -l target -r
complete -c dapcli -n '__dapcli_at "attach"' -l timeout -r
complete -c dapcli -n '__dapcli_at "attach"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "attach"' -s b -r -F
complete -c dapcli -n '__dapcli_at "attach"' -s h
complete -c dapcli -n '__dapcli_at "break add"' -F
complete -c dapcli -n '__dapcli_at "break add"' -l at -r
complete -c dapcli -n '__dapcli_at "break add"' -l condition -r -a '(__dapcli_words expression)'
complete -c dapcli -n '__dapcli_at "break add"' -l expect -r
complete -c dapcli -n '__dapcli_at "break add"' -l help
complete -c dapcli -n '__dapcli_at "break add"' -l hit-condition -r
complete -c dapcli -n '__dapcli_at "break add"' -l json
complete -c dapcli -n '__dapcli_at "break add"' -l log-message -r
complete -c dapcli -n '__dapcli_at "break add"' -l near-line -r
complete -c dapcli -n '__dapcli_at "break add"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break add"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break add"' -s h
complete -c dapcli -n '__dapcli_at "break clear"' -F
complete -c dapcli -n '__dapcli_at "break clear"' -l help
complete -c dapcli -n '__dapcli_at "break clear"' -l json
complete -c dapcli -n '__dapcli_at "break clear"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break clear"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break clear"' -s h
complete -c dapcli -n '__dapcli_at "break delete"' -a '(__dapcli_words breakpoint)'
complete -c dapcli -n '__dapcli_at "break delete"' -l help
complete -c dapcli -n '__dapcli_at "break delete"' -l json
complete -c dapcli -n '__dapcli_at "break delete"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break delete"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break delete"' -s h
complete -c dapcli -n '__dapcli_at "break edit"' -a '(__dapcli_words breakpoint)'
complete -c dapcli -n '__dapcli_at "break edit"' -l help
complete -c dapcli -n '__dapcli_at "break edit"' -l json
complete -c dapcli -n '__dapcli_at "break edit"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break edit"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break edit"' -s h
complete -c dapcli -n '__dapcli_at "break list"' -l help
complete -c dapcli -n '__dapcli_at "break list"' -l json
complete -c dapcli -n '__dapcli_at "break list"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break list"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "break list"' -s h
complete -c dapcli -n '__dapcli_at "completion"' -a 'bash zsh fish'
complete -c dapcli -n '__dapcli_at "completion"' -l help
complete -c dapcli -n '__dapcli_at "completion"' -s h
complete -c dapcli -n '__dapcli_at "configs"' -l help
complete -c dapcli -n '__dapcli_at "configs"' -l json
complete -c dapcli -n '__dapcli_at "configs"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "configs"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "configs"' -s h
complete -c dapcli -n '__dapcli_at "console"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "console"' -l help
complete -c dapcli -n '__dapcli_at "console"' -l json
complete -c dapcli -n '__dapcli_at "console"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "console"' -l timeout -r
complete -c dapcli -n '__dapcli_at "console"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "console"' -s h
complete -c dapcli -n '__dapcli_at "continue"' -l help
complete -c dapcli -n '__dapcli_at "continue"' -l json
complete -c dapcli -n '__dapcli_at "continue"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "continue"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "continue"' -l timeout -r
complete -c dapcli -n '__dapcli_at "continue"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "continue"' -s h
complete -c dapcli -n '__dapcli_at "dap"' -l help
complete -c dapcli -n '__dapcli_at "dap"' -l json
complete -c dapcli -n '__dapcli_at "dap"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "dap"' -l timeout -r
complete -c dapcli -n '__dapcli_at "dap"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "dap"' -s h
complete -c dapcli -n '__dapcli_at "disassemble"' -a '(__dapcli_words expression)'
complete -c dapcli -n '__dapcli_at "disassemble"' -l before -r
complete -c dapcli -n '__dapcli_at "disassemble"' -l count -r
complete -c dapcli -n '__dapcli_at "disassemble"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "disassemble"' -l help
complete -c dapcli -n '__dapcli_at "disassemble"' -l json
complete -c dapcli -n '__dapcli_at "disassemble"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "disassemble"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "disassemble"' -s h
complete -c dapcli -n '__dapcli_at "doctor"' -F
complete -c dapcli -n '__dapcli_at "doctor"' -l adapter -r -a 'python go node bash ruby lldb gdb codelldb'
complete -c dapcli -n '__dapcli_at "doctor"' -l help
complete -c dapcli -n '__dapcli_at "doctor"' -l json
complete -c dapcli -n '__dapcli_at "doctor"' -l python -r -F
complete -c dapcli -n '__dapcli_at "doctor"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "doctor"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "doctor"' -s h
complete -c dapcli -n '__dapcli_at "down"' -l help
complete -c dapcli -n '__dapcli_at "down"' -l json
complete -c dapcli -n '__dapcli_at "down"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "down"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "down"' -s h
complete -c dapcli -n '__dapcli_at "eval"' -a '(__dapcli_words expression)'
complete -c dapcli -n '__dapcli_at "eval"' -l context -r
complete -c dapcli -n '__dapcli_at "eval"' -l depth -r
complete -c dapcli -n '__dapcli_at "eval"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "eval"' -l help
complete -c dapcli -n '__dapcli_at "eval"' -l json
complete -c dapcli -n '__dapcli_at "eval"' -l max-length -r
complete -c dapcli -n '__dapcli_at "eval"' -l no-statement
complete -c dapcli -n '__dapcli_at "eval"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "eval"' -l statement
complete -c dapcli -n '__dapcli_at "eval"' -l timeout -r
complete -c dapcli -n '__dapcli_at "eval"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "eval"' -s h
complete -c dapcli -n '__dapcli_at "exceptions list"' -l help
complete -c dapcli -n '__dapcli_at "exceptions list"' -l json
complete -c dapcli -n '__dapcli_at "exceptions list"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "exceptions list"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "exceptions list"' -s h
complete -c dapcli -n '__dapcli_at "exceptions set"' -l condition -r
complete -c dapcli -n '__dapcli_at "exceptions set"' -l help
complete -c dapcli -n '__dapcli_at "exceptions set"' -l json
complete -c dapcli -n '__dapcli_at "exceptions set"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "exceptions set"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "exceptions set"' -s h
complete -c dapcli -n '__dapcli_at "finish"' -l help
complete -c dapcli -n '__dapcli_at "finish"' -l json
complete -c dapcli -n '__dapcli_at "finish"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "finish"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "finish"' -l timeout -r
complete -c dapcli -n '__dapcli_at "finish"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "finish"' -s h
complete -c dapcli -n '__dapcli_at "frame"' -a '(__dapcli_words frame-index)'
complete -c dapcli -n '__dapcli_at "frame"' -l frame-id -r
complete -c dapcli -n '__dapcli_at "frame"' -l help
complete -c dapcli -n '__dapcli_at "frame"' -l json
complete -c dapcli -n '__dapcli_at "frame"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "frame"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "frame"' -s h
complete -c dapcli -n '__dapcli_at "goto"' -F
complete -c dapcli -n '__dapcli_at "goto"' -l help
complete -c dapcli -n '__dapcli_at "goto"' -l json
complete -c dapcli -n '__dapcli_at "goto"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "goto"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "goto"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "goto"' -s h
complete -c dapcli -n '__dapcli_at "hang"' -l help
complete -c dapcli -n '__dapcli_at "hang"' -l json
complete -c dapcli -n '__dapcli_at "hang"' -l max-threads -r
complete -c dapcli -n '__dapcli_at "hang"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "hang"' -l start-thread -r
complete -c dapcli -n '__dapcli_at "hang"' -l timeout -r
complete -c dapcli -n '__dapcli_at "hang"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "hang"' -s h
complete -c dapcli -n '__dapcli_at "input"' -l eof
complete -c dapcli -n '__dapcli_at "input"' -l help
complete -c dapcli -n '__dapcli_at "input"' -l json
complete -c dapcli -n '__dapcli_at "input"' -l no-eof
complete -c dapcli -n '__dapcli_at "input"' -l no-newline
complete -c dapcli -n '__dapcli_at "input"' -l no-no-newline
complete -c dapcli -n '__dapcli_at "input"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "input"' -l wait -r
complete -c dapcli -n '__dapcli_at "input"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "input"' -s h
complete -c dapcli -n '__dapcli_at "launch"' -F
complete -c dapcli -n '__dapcli_at "launch"' -l adapter -r -a 'python go node bash ruby lldb gdb codelldb'
complete -c dapcli -n '__dapcli_at "launch"' -l adapter-config -r
complete -c dapcli -n '__dapcli_at "launch"' -l break -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l catch -r
complete -c dapcli -n '__dapcli_at "launch"' -l config -r
complete -c dapcli -n '__dapcli_at "launch"' -l core -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l cwd -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l env -r
complete -c dapcli -n '__dapcli_at "launch"' -l help
complete -c dapcli -n '__dapcli_at "launch"' -l json
complete -c dapcli -n '__dapcli_at "launch"' -l just-my-code
complete -c dapcli -n '__dapcli_at "launch"' -l map -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l module -r
complete -c dapcli -n '__dapcli_at "launch"' -l no-debug
complete -c dapcli -n '__dapcli_at "launch"' -l no-just-my-code
complete -c dapcli -n '__dapcli_at "launch"' -l no-no-debug
complete -c dapcli -n '__dapcli_at "launch"' -l no-nodelay
complete -c dapcli -n '__dapcli_at "launch"' -l no-restore
complete -c dapcli -n '__dapcli_at "launch"' -l no-stop-on-entry
complete -c dapcli -n '__dapcli_at "launch"' -l no-stop-on-exception
complete -c dapcli -n '__dapcli_at "launch"' -l no-terminal
complete -c dapcli -n '__dapcli_at "launch"' -l nodelay
complete -c dapcli -n '__dapcli_at "launch"' -l python -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l restore
complete -c dapcli -n '__dapcli_at "launch"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "launch"' -l set -r
complete -c dapcli -n '__dapcli_at "launch"' -l stdin -r -F
complete -c dapcli -n '__dapcli_at "launch"' -l stop-on-entry
complete -c dapcli -n '__dapcli_at "launch"' -l stop-on-exception
complete -c dapcli -n '__dapcli_at "launch"' -l terminal
complete -c dapcli -n '__dapcli_at "launch"' -l timeout -r
complete -c dapcli -n '__dapcli_at "launch"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "launch"' -s b -r -F
complete -c dapcli -n '__dapcli_at "launch"' -s h
complete -c dapcli -n '__dapcli_at "launch"' -s m -r
complete -c dapcli -n '__dapcli_at "list"' -F
complete -c dapcli -n '__dapcli_at "list"' -l context -r
complete -c dapcli -n '__dapcli_at "list"' -l help
complete -c dapcli -n '__dapcli_at "list"' -l json
complete -c dapcli -n '__dapcli_at "list"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "list"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "list"' -s h
complete -c dapcli -n '__dapcli_at "memory"' -a '(__dapcli_words expression)'
complete -c dapcli -n '__dapcli_at "memory"' -l count -r
complete -c dapcli -n '__dapcli_at "memory"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "memory"' -l help
complete -c dapcli -n '__dapcli_at "memory"' -l json
complete -c dapcli -n '__dapcli_at "memory"' -l offset -r
complete -c dapcli -n '__dapcli_at "memory"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "memory"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "memory"' -s h
complete -c dapcli -n '__dapcli_at "next"' -l help
complete -c dapcli -n '__dapcli_at "next"' -l json
complete -c dapcli -n '__dapcli_at "next"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "next"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "next"' -l timeout -r
complete -c dapcli -n '__dapcli_at "next"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "next"' -s h
complete -c dapcli -n '__dapcli_at "nexti"' -l help
complete -c dapcli -n '__dapcli_at "nexti"' -l json
complete -c dapcli -n '__dapcli_at "nexti"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "nexti"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "nexti"' -l timeout -r
complete -c dapcli -n '__dapcli_at "nexti"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "nexti"' -s h
complete -c dapcli -n '__dapcli_at "output"' -l all
complete -c dapcli -n '__dapcli_at "output"' -l category -r
complete -c dapcli -n '__dapcli_at "output"' -l follow
complete -c dapcli -n '__dapcli_at "output"' -l help
complete -c dapcli -n '__dapcli_at "output"' -l json
complete -c dapcli -n '__dapcli_at "output"' -l no-all
complete -c dapcli -n '__dapcli_at "output"' -l no-raw
complete -c dapcli -n '__dapcli_at "output"' -l raw
complete -c dapcli -n '__dapcli_at "output"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "output"' -l since -r
complete -c dapcli -n '__dapcli_at "output"' -l tail -r
complete -c dapcli -n '__dapcli_at "output"' -l wait -r
complete -c dapcli -n '__dapcli_at "output"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "output"' -s f
complete -c dapcli -n '__dapcli_at "output"' -s h
complete -c dapcli -n '__dapcli_at "pause"' -l help
complete -c dapcli -n '__dapcli_at "pause"' -l json
complete -c dapcli -n '__dapcli_at "pause"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "pause"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "pause"' -l timeout -r
complete -c dapcli -n '__dapcli_at "pause"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "pause"' -s h
complete -c dapcli -n '__dapcli_at "registers"' -l all-groups
complete -c dapcli -n '__dapcli_at "registers"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "registers"' -l group -r
complete -c dapcli -n '__dapcli_at "registers"' -l help
complete -c dapcli -n '__dapcli_at "registers"' -l json
complete -c dapcli -n '__dapcli_at "registers"' -l max-length -r
complete -c dapcli -n '__dapcli_at "registers"' -l no-all-groups
complete -c dapcli -n '__dapcli_at "registers"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "registers"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "registers"' -s h
complete -c dapcli -n '__dapcli_at "repl"' -F
complete -c dapcli -n '__dapcli_at "repl"' -l adapter -r -a 'python go node bash ruby lldb gdb codelldb'
complete -c dapcli -n '__dapcli_at "repl"' -l adapter-config -r
complete -c dapcli -n '__dapcli_at "repl"' -l break -r -F
complete -c dapcli -n '__dapcli_at "repl"' -l catch -r
complete -c dapcli -n '__dapcli_at "repl"' -l config -r
complete -c dapcli -n '__dapcli_at "repl"' -l core -r
complete -c dapcli -n '__dapcli_at "repl"' -l cwd -r
complete -c dapcli -n '__dapcli_at "repl"' -l env -r
complete -c dapcli -n '__dapcli_at "repl"' -l help
complete -c dapcli -n '__dapcli_at "repl"' -l just-my-code
complete -c dapcli -n '__dapcli_at "repl"' -l map -r
complete -c dapcli -n '__dapcli_at "repl"' -l module -r
complete -c dapcli -n '__dapcli_at "repl"' -l no-debug
complete -c dapcli -n '__dapcli_at "repl"' -l no-just-my-code
complete -c dapcli -n '__dapcli_at "repl"' -l no-no-debug
complete -c dapcli -n '__dapcli_at "repl"' -l no-nodelay
complete -c dapcli -n '__dapcli_at "repl"' -l no-restore
complete -c dapcli -n '__dapcli_at "repl"' -l no-stop-on-entry
complete -c dapcli -n '__dapcli_at "repl"' -l no-stop-on-exception
complete -c dapcli -n '__dapcli_at "repl"' -l no-terminal
complete -c dapcli -n '__dapcli_at "repl"' -l nodelay
complete -c dapcli -n '__dapcli_at "repl"' -l python -r
complete -c dapcli -n '__dapcli_at "repl"' -l record -r -F
complete -c dapcli -n '__dapcli_at "repl"' -l restore
complete -c dapcli -n '__dapcli_at "repl"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "repl"' -l set -r
complete -c dapcli -n '__dapcli_at "repl"' -l stdin -r
complete -c dapcli -n '__dapcli_at "repl"' -l stop-on-entry
complete -c dapcli -n '__dapcli_at "repl"' -l stop-on-exception
complete -c dapcli -n '__dapcli_at "repl"' -l terminal
complete -c dapcli -n '__dapcli_at "repl"' -l test -r
complete -c dapcli -n '__dapcli_at "repl"' -l timeout -r
complete -c dapcli -n '__dapcli_at "repl"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "repl"' -s b -r -F
complete -c dapcli -n '__dapcli_at "repl"' -s h
complete -c dapcli -n '__dapcli_at "repl"' -s m -r
complete -c dapcli -n '__dapcli_at "restart"' -l help
complete -c dapcli -n '__dapcli_at "restart"' -l json
complete -c dapcli -n '__dapcli_at "restart"' -l no-stop-on-entry
complete -c dapcli -n '__dapcli_at "restart"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "restart"' -l stop-on-entry
complete -c dapcli -n '__dapcli_at "restart"' -l timeout -r
complete -c dapcli -n '__dapcli_at "restart"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "restart"' -s h
complete -c dapcli -n '__dapcli_at "restart-frame"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "restart-frame"' -l help
complete -c dapcli -n '__dapcli_at "restart-frame"' -l json
complete -c dapcli -n '__dapcli_at "restart-frame"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "restart-frame"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "restart-frame"' -s h
complete -c dapcli -n '__dapcli_at "reverse-continue"' -l help
complete -c dapcli -n '__dapcli_at "reverse-continue"' -l json
complete -c dapcli -n '__dapcli_at "reverse-continue"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "reverse-continue"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "reverse-continue"' -l timeout -r
complete -c dapcli -n '__dapcli_at "reverse-continue"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "reverse-continue"' -s h
complete -c dapcli -n '__dapcli_at "run"' -F
complete -c dapcli -n '__dapcli_at "run"' -l help
complete -c dapcli -n '__dapcli_at "run"' -l json
complete -c dapcli -n '__dapcli_at "run"' -l junit -r -F
complete -c dapcli -n '__dapcli_at "run"' -l keep-going
complete -c dapcli -n '__dapcli_at "run"' -l schema
complete -c dapcli -n '__dapcli_at "run"' -l timeout -r
complete -c dapcli -n '__dapcli_at "run"' -l var -r
complete -c dapcli -n '__dapcli_at "run"' -s h
complete -c dapcli -n '__dapcli_at "scopes"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "scopes"' -l help
complete -c dapcli -n '__dapcli_at "scopes"' -l json
complete -c dapcli -n '__dapcli_at "scopes"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "scopes"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "scopes"' -s h
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l allow-remote-listen
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l help
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l host -r
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l no-auth
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l output-schemas
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l port -r
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l show-secrets
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l token-file -r
complete -c dapcli -n '__dapcli_at "serve-mcp"' -l transport -r
complete -c dapcli -n '__dapcli_at "serve-mcp"' -s h
complete -c dapcli -n '__dapcli_at "sessions"' -l help
complete -c dapcli -n '__dapcli_at "sessions"' -l json
complete -c dapcli -n '__dapcli_at "sessions"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "sessions"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "sessions"' -s h
complete -c dapcli -n '__dapcli_at "set"' -a '(__dapcli_words variable)'
complete -c dapcli -n '__dapcli_at "set"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "set"' -l help
complete -c dapcli -n '__dapcli_at "set"' -l json
complete -c dapcli -n '__dapcli_at "set"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "set"' -l variables-reference -r
complete -c dapcli -n '__dapcli_at "set"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "set"' -s h
complete -c dapcli -n '__dapcli_at "stack"' -l help
complete -c dapcli -n '__dapcli_at "stack"' -l json
complete -c dapcli -n '__dapcli_at "stack"' -l levels -r
complete -c dapcli -n '__dapcli_at "stack"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stack"' -l start -r
complete -c dapcli -n '__dapcli_at "stack"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "stack"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stack"' -s h
complete -c dapcli -n '__dapcli_at "status"' -l help
complete -c dapcli -n '__dapcli_at "status"' -l json
complete -c dapcli -n '__dapcli_at "status"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "status"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "status"' -s h
complete -c dapcli -n '__dapcli_at "step"' -l help
complete -c dapcli -n '__dapcli_at "step"' -l json
complete -c dapcli -n '__dapcli_at "step"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "step"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "step"' -l timeout -r
complete -c dapcli -n '__dapcli_at "step"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "step"' -s h
complete -c dapcli -n '__dapcli_at "step-back"' -l help
complete -c dapcli -n '__dapcli_at "step-back"' -l json
complete -c dapcli -n '__dapcli_at "step-back"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "step-back"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "step-back"' -l timeout -r
complete -c dapcli -n '__dapcli_at "step-back"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "step-back"' -s h
complete -c dapcli -n '__dapcli_at "stepi"' -l help
complete -c dapcli -n '__dapcli_at "stepi"' -l json
complete -c dapcli -n '__dapcli_at "stepi"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stepi"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "stepi"' -l timeout -r
complete -c dapcli -n '__dapcli_at "stepi"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stepi"' -s h
complete -c dapcli -n '__dapcli_at "stop"' -l detach
complete -c dapcli -n '__dapcli_at "stop"' -l help
complete -c dapcli -n '__dapcli_at "stop"' -l json
complete -c dapcli -n '__dapcli_at "stop"' -l no-detach
complete -c dapcli -n '__dapcli_at "stop"' -l no-terminate
complete -c dapcli -n '__dapcli_at "stop"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stop"' -l terminate
complete -c dapcli -n '__dapcli_at "stop"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "stop"' -s h
complete -c dapcli -n '__dapcli_at "test"' -F
complete -c dapcli -n '__dapcli_at "test"' -l adapter -r -a 'python go node bash ruby lldb gdb codelldb'
complete -c dapcli -n '__dapcli_at "test"' -l break -r -F
complete -c dapcli -n '__dapcli_at "test"' -l catch -r
complete -c dapcli -n '__dapcli_at "test"' -l cwd -r -F
complete -c dapcli -n '__dapcli_at "test"' -l first
complete -c dapcli -n '__dapcli_at "test"' -l help
complete -c dapcli -n '__dapcli_at "test"' -l json
complete -c dapcli -n '__dapcli_at "test"' -l match -r
complete -c dapcli -n '__dapcli_at "test"' -l no-first
complete -c dapcli -n '__dapcli_at "test"' -l python -r -F
complete -c dapcli -n '__dapcli_at "test"' -l record -r
complete -c dapcli -n '__dapcli_at "test"' -l runner -r
complete -c dapcli -n '__dapcli_at "test"' -l runner-args -r
complete -c dapcli -n '__dapcli_at "test"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "test"' -l stdin -r -F
complete -c dapcli -n '__dapcli_at "test"' -l timeout -r
complete -c dapcli -n '__dapcli_at "test"' -l until-fail -r
complete -c dapcli -n '__dapcli_at "test"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "test"' -s b -r -F
complete -c dapcli -n '__dapcli_at "test"' -s h
complete -c dapcli -n '__dapcli_at "test"' -s k -r
complete -c dapcli -n '__dapcli_at "thread"' -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "thread"' -l help
complete -c dapcli -n '__dapcli_at "thread"' -l json
complete -c dapcli -n '__dapcli_at "thread"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "thread"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "thread"' -s h
complete -c dapcli -n '__dapcli_at "threads"' -l help
complete -c dapcli -n '__dapcli_at "threads"' -l json
complete -c dapcli -n '__dapcli_at "threads"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "threads"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "threads"' -s h
complete -c dapcli -n '__dapcli_at "trace"' -F
complete -c dapcli -n '__dapcli_at "trace"' -l help
complete -c dapcli -n '__dapcli_at "trace"' -l json
complete -c dapcli -n '__dapcli_at "trace"' -l limit -r
complete -c dapcli -n '__dapcli_at "trace"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "trace"' -l timeout -r
complete -c dapcli -n '__dapcli_at "trace"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "trace"' -s h
complete -c dapcli -n '__dapcli_at "until"' -F
complete -c dapcli -n '__dapcli_at "until"' -l help
complete -c dapcli -n '__dapcli_at "until"' -l json
complete -c dapcli -n '__dapcli_at "until"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "until"' -l thread-id -r -a '(__dapcli_words thread)'
complete -c dapcli -n '__dapcli_at "until"' -l timeout -r
complete -c dapcli -n '__dapcli_at "until"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "until"' -s h
complete -c dapcli -n '__dapcli_at "up"' -l help
complete -c dapcli -n '__dapcli_at "up"' -l json
complete -c dapcli -n '__dapcli_at "up"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "up"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "up"' -s h
complete -c dapcli -n '__dapcli_at "vars"' -a '(__dapcli_words variable)'
complete -c dapcli -n '__dapcli_at "vars"' -l all
complete -c dapcli -n '__dapcli_at "vars"' -l count -r
complete -c dapcli -n '__dapcli_at "vars"' -l depth -r
complete -c dapcli -n '__dapcli_at "vars"' -l filter -r -a '(__dapcli_words variable)'
complete -c dapcli -n '__dapcli_at "vars"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "vars"' -l help
complete -c dapcli -n '__dapcli_at "vars"' -l json
complete -c dapcli -n '__dapcli_at "vars"' -l max-length -r
complete -c dapcli -n '__dapcli_at "vars"' -l no-all
complete -c dapcli -n '__dapcli_at "vars"' -l scope -r
complete -c dapcli -n '__dapcli_at "vars"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "vars"' -l start -r
complete -c dapcli -n '__dapcli_at "vars"' -l variables-reference -r
complete -c dapcli -n '__dapcli_at "vars"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "vars"' -s h
complete -c dapcli -n '__dapcli_at "version"' -l help
complete -c dapcli -n '__dapcli_at "version"' -s h
complete -c dapcli -n '__dapcli_at "wait"' -l help
complete -c dapcli -n '__dapcli_at "wait"' -l json
complete -c dapcli -n '__dapcli_at "wait"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "wait"' -l timeout -r
complete -c dapcli -n '__dapcli_at "wait"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "wait"' -s h
complete -c dapcli -n '__dapcli_at "watch add"' -a '(__dapcli_words expression)'
complete -c dapcli -n '__dapcli_at "watch add"' -l help
complete -c dapcli -n '__dapcli_at "watch add"' -l json
complete -c dapcli -n '__dapcli_at "watch add"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch add"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch add"' -s h
complete -c dapcli -n '__dapcli_at "watch delete"' -l help
complete -c dapcli -n '__dapcli_at "watch delete"' -l json
complete -c dapcli -n '__dapcli_at "watch delete"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch delete"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch delete"' -s h
complete -c dapcli -n '__dapcli_at "watch list"' -l help
complete -c dapcli -n '__dapcli_at "watch list"' -l json
complete -c dapcli -n '__dapcli_at "watch list"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch list"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watch list"' -s h
complete -c dapcli -n '__dapcli_at "watchpoint add"' -a '(__dapcli_words variable)'
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l access-type -r
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l condition -r
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l frame-id -r -a '(__dapcli_words frame)'
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l help
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l hit-condition -r
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l json
complete -c dapcli -n '__dapcli_at "watchpoint add"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint add"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint add"' -s h
complete -c dapcli -n '__dapcli_at "watchpoint delete"' -l help
complete -c dapcli -n '__dapcli_at "watchpoint delete"' -l json
complete -c dapcli -n '__dapcli_at "watchpoint delete"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint delete"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint delete"' -s h
complete -c dapcli -n '__dapcli_at "watchpoint list"' -l help
complete -c dapcli -n '__dapcli_at "watchpoint list"' -l json
complete -c dapcli -n '__dapcli_at "watchpoint list"' -l session -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint list"' -s S -r -a '(__dapcli_words session)'
complete -c dapcli -n '__dapcli_at "watchpoint list"' -s h
