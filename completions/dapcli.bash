# dapcli bash completion, generated from the verb table by tools/gen_completions.py: do not edit
_dapcli_words() {
    # $1: a kind; fills COMPREPLY (files, choices, or words from the live session)
    local kind="$1"
    case "$kind" in
        path|location) COMPREPLY=( $(compgen -f -- "$cur") ); compopt -o filenames 2>/dev/null ;;
        choice:*) COMPREPLY=( $(compgen -W "${kind#choice:}" -- "$cur") ) ;;
        session|breakpoint|thread|frame|frame-index|variable|expression)
            local IFS=$'\n'
            COMPREPLY=( $(compgen -W "$(dapcli ${session:+--session "$session"} __complete "$kind" 2>/dev/null)" \
                          -- "$cur") ) ;;
        *) COMPREPLY=() ;;
    esac
}

_dapcli() {
    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
    local i=1 session="" cmd=""
    while [ "$i" -lt "$COMP_CWORD" ]; do
        case "${COMP_WORDS[i]}" in
            --session|-S) session="${COMP_WORDS[i+1]}"; i=$((i+2)) ;;
            -*) i=$((i+1)) ;;
            *) break ;;
        esac
    done
    if [ "$i" -ge "$COMP_CWORD" ]; then
        case "$prev" in --session|-S) _dapcli_words session; return 0 ;; esac
        if [[ "$cur" == -* ]]; then
            COMPREPLY=( $(compgen -W "--debug --help --json --redact --session --trust-project --version -S -h" -- "$cur") )
        else
            COMPREPLY=( $(compgen -W "adapters attach break completion configs console continue dap disassemble doctor down eval exceptions finish frame goto hang input launch list memory next nexti output pause registers repl restart restart-frame reverse-continue run scopes serve-mcp sessions set stack status step step-back stepi stop test thread threads trace until up vars version wait watch watchpoint" -- "$cur") )
        fi
        return 0
    fi
    cmd="${COMP_WORDS[i]}"; i=$((i+1))
    case "$cmd" in
        break)
            if [ "$i" -ge "$COMP_CWORD" ]; then
                COMPREPLY=( $(compgen -W "add clear delete edit list" -- "$cur") ); return 0
            fi
            cmd="$cmd ${COMP_WORDS[i]}" ;;
        exceptions)
            if [ "$i" -ge "$COMP_CWORD" ]; then
                COMPREPLY=( $(compgen -W "list set" -- "$cur") ); return 0
            fi
            cmd="$cmd ${COMP_WORDS[i]}" ;;
        watch)
            if [ "$i" -ge "$COMP_CWORD" ]; then
                COMPREPLY=( $(compgen -W "add delete list" -- "$cur") ); return 0
            fi
            cmd="$cmd ${COMP_WORDS[i]}" ;;
        watchpoint)
            if [ "$i" -ge "$COMP_CWORD" ]; then
                COMPREPLY=( $(compgen -W "add delete list" -- "$cur") ); return 0
            fi
            cmd="$cmd ${COMP_WORDS[i]}" ;;
    esac
    case "$cmd" in
        addWatch) cmd="watch add" ;;
        advance) cmd="until" ;;
        b) cmd="break add" ;;
        backtrace) cmd="stack" ;;
        bt) cmd="stack" ;;
        c) cmd="continue" ;;
        clearBreakpoints) cmd="break clear" ;;
        cmd) cmd="console" ;;
        condition) cmd="break edit" ;;
        cont) cmd="continue" ;;
        deadlock) cmd="hang" ;;
        debugTest) cmd="test" ;;
        debugger) cmd="console" ;;
        delete) cmd="break delete" ;;
        disas) cmd="disassemble" ;;
        display) cmd="watch add" ;;
        editBreakpoint) cmd="break edit" ;;
        evaluate) cmd="eval" ;;
        exceptionFilters) cmd="exceptions list" ;;
        explainHang) cmd="hang" ;;
        info-breakpoints) cmd="break list" ;;
        info-locals) cmd="vars" ;;
        info-registers) cmd="registers" ;;
        info-threads) cmd="threads" ;;
        jump) cmd="goto" ;;
        kill) cmd="stop" ;;
        l) cmd="list" ;;
        listBreakpoints) cmd="break list" ;;
        listDataBreakpoints) cmd="watchpoint list" ;;
        listWatches) cmd="watch list" ;;
        n) cmd="next" ;;
        next-instruction) cmd="nexti" ;;
        ni) cmd="nexti" ;;
        p) cmd="eval" ;;
        print) cmd="eval" ;;
        q) cmd="stop" ;;
        quit) cmd="stop" ;;
        raw-request) cmd="dap" ;;
        read-memory) cmd="memory" ;;
        readMemory) cmd="memory" ;;
        removeBreakpoint) cmd="break delete" ;;
        removeDataBreakpoint) cmd="watchpoint delete" ;;
        removeWatch) cmd="watch delete" ;;
        restartFrame) cmd="restart-frame" ;;
        reverse-next) cmd="step-back" ;;
        reverseContinue) cmd="reverse-continue" ;;
        s) cmd="step" ;;
        selectFrame) cmd="frame" ;;
        selectThread) cmd="thread" ;;
        set-var) cmd="set" ;;
        set-variable) cmd="set" ;;
        setBreakpoint) cmd="break add" ;;
        setDataBreakpoint) cmd="watchpoint add" ;;
        setExceptionBreakpoints) cmd="exceptions set" ;;
        setVariable) cmd="set" ;;
        si) cmd="stepi" ;;
        source) cmd="list" ;;
        stack-trace) cmd="stack" ;;
        stackTrace) cmd="stack" ;;
        step-in) cmd="step" ;;
        step-instruction) cmd="stepi" ;;
        step-out) cmd="finish" ;;
        stepBack) cmd="step-back" ;;
        stepIn) cmd="step" ;;
        stepOut) cmd="finish" ;;
        undisplay) cmd="watch delete" ;;
        variables) cmd="vars" ;;
        where) cmd="stack" ;;
        x) cmd="memory" ;;
        x-i) cmd="disassemble" ;;
    esac
    local flags="" kind=""
    case "$cmd" in
        "adapters")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "attach")
            case "$prev" in
                --adapter) _dapcli_words "choice:python go node bash ruby lldb gdb codelldb"; return 0 ;;
                --adapter-config) _dapcli_words ""; return 0 ;;
                --break) _dapcli_words "location"; return 0 ;;
                --config) _dapcli_words ""; return 0 ;;
                --map) _dapcli_words "path"; return 0 ;;
                --process-id) _dapcli_words ""; return 0 ;;
                --program) _dapcli_words "path"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --set) _dapcli_words ""; return 0 ;;
                --target) _dapcli_words ""; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
                -b) _dapcli_words "location"; return 0 ;;
            esac
            flags="--adapter --adapter-config --break --config --help --json --just-my-code --map --no-just-my-code --process-id --program --session --set --target --timeout -S -b -h"; kind="" ;;
        "break add")
            case "$prev" in
                --at) _dapcli_words ""; return 0 ;;
                --condition) _dapcli_words "expression"; return 0 ;;
                --expect) _dapcli_words ""; return 0 ;;
                --hit-condition) _dapcli_words ""; return 0 ;;
                --log-message) _dapcli_words ""; return 0 ;;
                --near-line) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--at --condition --expect --help --hit-condition --json --log-message --near-line --session -S -h"; kind="location" ;;
        "break clear")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="location" ;;
        "break delete")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="breakpoint" ;;
        "break edit")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="breakpoint" ;;
        "break list")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "completion")
            case "$prev" in
            esac
            flags="--help -h"; kind="choice:bash zsh fish" ;;
        "configs")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "console")
            case "$prev" in
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--frame-id --help --json --session --timeout -S -h"; kind="" ;;
        "continue")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "dap")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --timeout -S -h"; kind="" ;;
        "disassemble")
            case "$prev" in
                --before) _dapcli_words ""; return 0 ;;
                --count) _dapcli_words ""; return 0 ;;
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--before --count --frame-id --help --json --session -S -h"; kind="expression" ;;
        "doctor")
            case "$prev" in
                --adapter) _dapcli_words "choice:python go node bash ruby lldb gdb codelldb"; return 0 ;;
                --python) _dapcli_words "path"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--adapter --help --json --python --session -S -h"; kind="path" ;;
        "down")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "eval")
            case "$prev" in
                --context) _dapcli_words ""; return 0 ;;
                --depth) _dapcli_words ""; return 0 ;;
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --max-length) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--context --depth --frame-id --help --json --max-length --no-statement --session --statement --timeout -S -h"; kind="expression" ;;
        "exceptions list")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "exceptions set")
            case "$prev" in
                --condition) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--condition --help --json --session -S -h"; kind="" ;;
        "finish")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "frame")
            case "$prev" in
                --frame-id) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--frame-id --help --json --session -S -h"; kind="frame-index" ;;
        "goto")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id -S -h"; kind="location" ;;
        "hang")
            case "$prev" in
                --max-threads) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --start-thread) _dapcli_words ""; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --max-threads --session --start-thread --timeout -S -h"; kind="" ;;
        "input")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --wait) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--eof --help --json --no-eof --no-newline --no-no-newline --session --wait -S -h"; kind="" ;;
        "launch")
            case "$prev" in
                --adapter) _dapcli_words "choice:python go node bash ruby lldb gdb codelldb"; return 0 ;;
                --adapter-config) _dapcli_words ""; return 0 ;;
                --break) _dapcli_words "location"; return 0 ;;
                --catch) _dapcli_words ""; return 0 ;;
                --config) _dapcli_words ""; return 0 ;;
                --core) _dapcli_words "path"; return 0 ;;
                --cwd) _dapcli_words "path"; return 0 ;;
                --env) _dapcli_words ""; return 0 ;;
                --map) _dapcli_words "path"; return 0 ;;
                --module) _dapcli_words ""; return 0 ;;
                --python) _dapcli_words "path"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --set) _dapcli_words ""; return 0 ;;
                --stdin) _dapcli_words "path"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
                -b) _dapcli_words "location"; return 0 ;;
                -m) _dapcli_words ""; return 0 ;;
            esac
            flags="--adapter --adapter-config --break --catch --config --core --cwd --env --help --json --just-my-code --map --module --no-debug --no-just-my-code --no-no-debug --no-nodelay --no-restore --no-stop-on-entry --no-stop-on-exception --no-terminal --nodelay --python --restore --session --set --stdin --stop-on-entry --stop-on-exception --terminal --timeout -S -b -h -m"; kind="path" ;;
        "list")
            case "$prev" in
                --context) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--context --help --json --session -S -h"; kind="location" ;;
        "memory")
            case "$prev" in
                --count) _dapcli_words ""; return 0 ;;
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --offset) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--count --frame-id --help --json --offset --session -S -h"; kind="expression" ;;
        "next")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "nexti")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "output")
            case "$prev" in
                --category) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --since) _dapcli_words ""; return 0 ;;
                --tail) _dapcli_words ""; return 0 ;;
                --wait) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--all --category --follow --help --json --no-all --no-raw --raw --session --since --tail --wait -S -f -h"; kind="" ;;
        "pause")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "registers")
            case "$prev" in
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --group) _dapcli_words ""; return 0 ;;
                --max-length) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--all-groups --frame-id --group --help --json --max-length --no-all-groups --session -S -h"; kind="" ;;
        "repl")
            case "$prev" in
                --adapter) _dapcli_words "choice:python go node bash ruby lldb gdb codelldb"; return 0 ;;
                --adapter-config) _dapcli_words ""; return 0 ;;
                --break) _dapcli_words "location"; return 0 ;;
                --catch) _dapcli_words ""; return 0 ;;
                --config) _dapcli_words ""; return 0 ;;
                --core) _dapcli_words ""; return 0 ;;
                --cwd) _dapcli_words ""; return 0 ;;
                --env) _dapcli_words ""; return 0 ;;
                --map) _dapcli_words ""; return 0 ;;
                --module) _dapcli_words ""; return 0 ;;
                --python) _dapcli_words ""; return 0 ;;
                --record) _dapcli_words "path"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --set) _dapcli_words ""; return 0 ;;
                --stdin) _dapcli_words ""; return 0 ;;
                --test) _dapcli_words ""; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
                -b) _dapcli_words "location"; return 0 ;;
                -m) _dapcli_words ""; return 0 ;;
            esac
            flags="--adapter --adapter-config --break --catch --config --core --cwd --env --help --just-my-code --map --module --no-debug --no-just-my-code --no-no-debug --no-nodelay --no-restore --no-stop-on-entry --no-stop-on-exception --no-terminal --nodelay --python --record --restore --session --set --stdin --stop-on-entry --stop-on-exception --terminal --test --timeout -S -b -h -m"; kind="path" ;;
        "restart")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --no-stop-on-entry --session --stop-on-entry --timeout -S -h"; kind="" ;;
        "restart-frame")
            case "$prev" in
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--frame-id --help --json --session -S -h"; kind="" ;;
        "reverse-continue")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "run")
            case "$prev" in
                --junit) _dapcli_words "path"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                --var) _dapcli_words ""; return 0 ;;
            esac
            flags="--help --json --junit --keep-going --schema --timeout --var -h"; kind="path" ;;
        "scopes")
            case "$prev" in
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--frame-id --help --json --session -S -h"; kind="" ;;
        "serve-mcp")
            case "$prev" in
                --host) _dapcli_words ""; return 0 ;;
                --port) _dapcli_words ""; return 0 ;;
                --token-file) _dapcli_words ""; return 0 ;;
                --transport) _dapcli_words ""; return 0 ;;
            esac
            flags="--allow-remote-listen --help --host --no-auth --output-schemas --port --show-secrets --token-file --transport -h"; kind="" ;;
        "sessions")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "set")
            case "$prev" in
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --variables-reference) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--frame-id --help --json --session --variables-reference -S -h"; kind="variable" ;;
        "stack")
            case "$prev" in
                --levels) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --start) _dapcli_words ""; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --levels --session --start --thread-id -S -h"; kind="" ;;
        "status")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "step")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "step-back")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "stepi")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="" ;;
        "stop")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--detach --help --json --no-detach --no-terminate --session --terminate -S -h"; kind="" ;;
        "test")
            case "$prev" in
                --adapter) _dapcli_words "choice:python go node bash ruby lldb gdb codelldb"; return 0 ;;
                --break) _dapcli_words "location"; return 0 ;;
                --catch) _dapcli_words ""; return 0 ;;
                --cwd) _dapcli_words "path"; return 0 ;;
                --match) _dapcli_words ""; return 0 ;;
                --python) _dapcli_words "path"; return 0 ;;
                --record) _dapcli_words ""; return 0 ;;
                --runner) _dapcli_words ""; return 0 ;;
                --runner-args) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --stdin) _dapcli_words "path"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                --until-fail) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
                -b) _dapcli_words "location"; return 0 ;;
                -k) _dapcli_words ""; return 0 ;;
            esac
            flags="--adapter --break --catch --cwd --first --help --json --match --no-first --python --record --runner --runner-args --session --stdin --timeout --until-fail -S -b -h -k"; kind="path" ;;
        "thread")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="thread" ;;
        "threads")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "trace")
            case "$prev" in
                --limit) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --limit --session --timeout -S -h"; kind="location" ;;
        "until")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --thread-id) _dapcli_words "thread"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --thread-id --timeout -S -h"; kind="location" ;;
        "up")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "vars")
            case "$prev" in
                --count) _dapcli_words ""; return 0 ;;
                --depth) _dapcli_words ""; return 0 ;;
                --filter) _dapcli_words "variable"; return 0 ;;
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --max-length) _dapcli_words ""; return 0 ;;
                --scope) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                --start) _dapcli_words ""; return 0 ;;
                --variables-reference) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--all --count --depth --filter --frame-id --help --json --max-length --no-all --scope --session --start --variables-reference -S -h"; kind="variable" ;;
        "version")
            case "$prev" in
            esac
            flags="--help -h"; kind="" ;;
        "wait")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                --timeout) _dapcli_words ""; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session --timeout -S -h"; kind="" ;;
        "watch add")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="expression" ;;
        "watch delete")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "watch list")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "watchpoint add")
            case "$prev" in
                --access-type) _dapcli_words ""; return 0 ;;
                --condition) _dapcli_words ""; return 0 ;;
                --frame-id) _dapcli_words "frame"; return 0 ;;
                --hit-condition) _dapcli_words ""; return 0 ;;
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--access-type --condition --frame-id --help --hit-condition --json --session -S -h"; kind="variable" ;;
        "watchpoint delete")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        "watchpoint list")
            case "$prev" in
                --session) _dapcli_words "session"; return 0 ;;
                -S) _dapcli_words "session"; return 0 ;;
            esac
            flags="--help --json --session -S -h"; kind="" ;;
        *) return 0 ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
    else
        _dapcli_words "$kind"
    fi
    return 0
}

complete -o default -F _dapcli dapcli
