"""Prints terminal escape sequences: window title, clipboard, link, screen clear, bidi override."""

import sys

HOSTILE = ("\x1b]0;pwned-title\x07" "\x1b]52;c;cHduZWQ=\x07" "\x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\"
           "\x1b[2J\x1b[H" "\u202eevil\u202c" "\x9b31m" "\r\n")


def main():
    sys.stdout.write("before " + HOSTILE)
    sys.stdout.flush()
    name = "\u202eevil\u2066"  # @printed
    return name


if __name__ == "__main__":
    main()
