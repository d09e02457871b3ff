"""Shell completion scripts for bash, zsh and fish (the ones shipped in ``completions/``).

Generated from ``shape.json`` (the CLI's command tree, itself generated from the verb table):
the scripts complete commands, sub-commands, flags, choices and files themselves, without
starting Python. Only words that live in a session (breakpoint ids, threads, frames,
variables, session names) call ``dapcli __complete KIND``, the one-shot fast path.
Standard library only.
"""

from __future__ import annotations

from typing import Any

from dapcli.errors import UsageError

__all__ = ["SHELLS", "script"]

SHELLS = ("bash", "zsh", "fish")
#: Kinds whose words come from the live session (``dapcli __complete KIND``).
DYNAMIC = ("session", "breakpoint", "thread", "frame", "frame-index", "variable", "expression")
_HEADER = "# dapcli {shell} completion, generated from the verb table by tools/gen_completions.py: do not edit\n"


def script(shell: str) -> str:
    """The completion script for ``shell``. Raises UsageError for another shell."""
    if shell not in SHELLS:
        raise UsageError(f"no completion for {shell!r}", f"choose one of: {', '.join(SHELLS)}")
    from dapcli.frontends.cli.shape import load_shape

    shape = load_shape()
    return _HEADER.format(shell=shell) + {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](shape)


def _leaves(shape: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every runnable command as ("word" or "group sub", its shape), aliases included."""
    found = []
    for name, entry in shape["commands"].items():
        if "commands" in entry:
            found += [(f"{name} {sub}", sub_entry) for sub, sub_entry in entry["commands"].items()]
        else:
            found.append((name, entry))
    return found


def _groups(shape: dict[str, Any]) -> dict[str, list[str]]:
    return {name: sorted(entry["commands"]) for name, entry in shape["commands"].items() if "commands" in entry}


def _positional_kind(entry: dict[str, Any]) -> str:
    return next((p["complete"] or "" for p in entry.get("positionals", [])), "")


def _value_kinds(entry: dict[str, Any]) -> dict[str, str]:
    return {flag: (info["complete"] or "") for flag, info in entry["flags"].items() if info["value"]}


# --- bash ---------------------------------------------------------------------------------

_BASH = r'''_dapcli_words() {
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
            COMPREPLY=( $(compgen -W "__GLOBALS__" -- "$cur") )
        else
            COMPREPLY=( $(compgen -W "__COMMANDS__" -- "$cur") )
        fi
        return 0
    fi
    cmd="${COMP_WORDS[i]}"; i=$((i+1))
    case "$cmd" in
__GROUPS__    esac
    case "$cmd" in
__ALIASES__    esac
    local flags="" kind=""
    case "$cmd" in
__LEAVES__        *) return 0 ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
    else
        _dapcli_words "$kind"
    fi
    return 0
}

complete -o default -F _dapcli dapcli
'''


def _bash(shape: dict[str, Any]) -> str:
    groups = "".join(
        f"        {name})\n"
        f"            if [ \"$i\" -ge \"$COMP_CWORD\" ]; then\n"
        f"                COMPREPLY=( $(compgen -W \"{' '.join(subs)}\" -- \"$cur\") ); return 0\n"
        f"            fi\n"
        f"            cmd=\"$cmd ${{COMP_WORDS[i]}}\" ;;\n"
        for name, subs in _groups(shape).items()
    )
    aliases = "".join(f"        {alias}) cmd=\"{target}\" ;;\n" for alias, target in sorted(shape["aliases"].items())
                      if alias not in shape["commands"])
    leaves = []
    for name, entry in _leaves(shape):
        values = _value_kinds(entry)
        value_cases = "".join(f"                {flag}) _dapcli_words \"{kind}\"; return 0 ;;\n"
                              for flag, kind in values.items())
        leaves.append(
            f"        \"{name}\")\n"
            f"            case \"$prev\" in\n{value_cases}            esac\n"
            f"            flags=\"{' '.join(sorted(entry['flags']))}\"; kind=\"{_positional_kind(entry)}\" ;;\n"
        )
    return (_BASH.replace("__GLOBALS__", " ".join(sorted(shape["globals"])))
            .replace("__COMMANDS__", " ".join(sorted(shape["commands"])))
            .replace("__GROUPS__", groups).replace("__ALIASES__", aliases).replace("__LEAVES__", "".join(leaves)))


# --- zsh ----------------------------------------------------------------------------------

_ZSH = r'''#compdef dapcli

_dapcli_words() {
    # $1: a kind; offers files, choices, or words from the live session
    local kind="$1"
    case "$kind" in
        path|location) _files ;;
        choice:*) compadd -- ${=${kind#choice:}} ;;
        session|breakpoint|thread|frame|frame-index|variable|expression)
            compadd -- ${(f)"$(dapcli ${session:+--session "$session"} __complete "$kind" 2>/dev/null)"} ;;
        *) _files ;;
    esac
}

_dapcli() {
    local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}"
    local i=2 session="" cmd=""
    while (( i < CURRENT )); do
        case "${words[i]}" in
            --session|-S) session="${words[i+1]}"; (( i += 2 )) ;;
            -*) (( i += 1 )) ;;
            *) break ;;
        esac
    done
    if (( i >= CURRENT )); then
        case "$prev" in --session|-S) _dapcli_words session; return 0 ;; esac
        if [[ "$cur" == -* ]]; then
            compadd -- __GLOBALS__
        else
            compadd -- __COMMANDS__
        fi
        return 0
    fi
    cmd="${words[i]}"; (( i += 1 ))
    case "$cmd" in
__GROUPS__    esac
    case "$cmd" in
__ALIASES__    esac
    local flags="" kind=""
    case "$cmd" in
__LEAVES__        *) return 0 ;;
    esac
    if [[ "$cur" == -* ]]; then
        compadd -- ${=flags}
    else
        _dapcli_words "$kind"
    fi
    return 0
}

if [[ "$funcstack[1]" = "_dapcli" ]]; then
    _dapcli "$@"
else
    compdef _dapcli dapcli
fi
'''


def _zsh(shape: dict[str, Any]) -> str:
    groups = "".join(
        f"        {name})\n"
        f"            if (( i >= CURRENT )); then compadd -- {' '.join(subs)}; return 0; fi\n"
        f"            cmd=\"$cmd ${{words[i]}}\" ;;\n"
        for name, subs in _groups(shape).items()
    )
    aliases = "".join(f"        {alias}) cmd=\"{target}\" ;;\n" for alias, target in sorted(shape["aliases"].items())
                      if alias not in shape["commands"])
    leaves = []
    for name, entry in _leaves(shape):
        value_cases = "".join(f"                {flag}) _dapcli_words \"{kind}\"; return 0 ;;\n"
                              for flag, kind in _value_kinds(entry).items())
        leaves.append(
            f"        \"{name}\")\n"
            f"            case \"$prev\" in\n{value_cases}            esac\n"
            f"            flags=\"{' '.join(sorted(entry['flags']))}\"; kind=\"{_positional_kind(entry)}\" ;;\n"
        )
    return (_ZSH.replace("__GLOBALS__", " ".join(sorted(shape["globals"])))
            .replace("__COMMANDS__", " ".join(sorted(shape["commands"])))
            .replace("__GROUPS__", groups).replace("__ALIASES__", aliases).replace("__LEAVES__", "".join(leaves)))


# --- fish ---------------------------------------------------------------------------------

_FISH_HEAD = r'''function __dapcli_words
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
__GROUPS__        case '*'
            echo (__dapcli_alias $words[1])
    end
end

function __dapcli_alias
    switch $argv[1]
__ALIASES__        case '*'
            echo $argv[1]
    end
end

function __dapcli_at
    test "$(__dapcli_path)" = "$argv[1]"
end

complete -c dapcli -f
complete -c dapcli -n 'test -z "$(__dapcli_path)"' -a '__COMMANDS__'
'''

_FISH_ACTIONS = {"path": "-F", "location": "-F", "": ""}


def _fish_value(kind: str) -> str:
    if kind.startswith("choice:"):
        return f"-r -a '{kind[len('choice:'):]}'"
    if kind in DYNAMIC:
        return f"-r -a '(__dapcli_words {kind})'"
    return "-r " + _FISH_ACTIONS.get(kind, "")


def _fish(shape: dict[str, Any]) -> str:
    groups = "".join(
        f"        case {name}\n"
        f"            if test (count $words) -ge 2; echo \"{name} $words[2]\"; else; echo {name}; end\n"
        for name in _groups(shape)
    )
    aliases = "".join(f"        case '{alias}'\n            echo '{target}'\n"
                      for alias, target in sorted(shape["aliases"].items()) if alias not in shape["commands"])
    lines = [_FISH_HEAD.replace("__GROUPS__", groups).replace("__ALIASES__", aliases)
             .replace("__COMMANDS__", " ".join(sorted(shape["commands"])))]
    for flag, info in sorted(shape["globals"].items()):
        lines.append(_fish_flag('test -z "$(__dapcli_path)"', flag, "session" if info["value"] else None))
    for name, subs in _groups(shape).items():
        lines.append(f"complete -c dapcli -n '__dapcli_at {name}' -a '{' '.join(subs)}'")
    for name, entry in _leaves(shape):
        condition = f'__dapcli_at "{name}"'
        kind = _positional_kind(entry)
        if kind:
            action = "-F" if kind in ("path", "location") else _fish_value(kind).removeprefix("-r ")
            lines.append(f"complete -c dapcli -n '{condition}' {action}")
        for flag, info in sorted(entry["flags"].items()):
            lines.append(_fish_flag(condition, flag, info["complete"] or "" if info["value"] else None))
    return "\n".join(lines) + "\n"


def _fish_flag(condition: str, flag: str, kind: str | None) -> str:
    option = f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}"
    value = "" if kind is None else " " + _fish_value(kind)
    return f"complete -c dapcli -n '{condition}' {option}{value}".rstrip()
