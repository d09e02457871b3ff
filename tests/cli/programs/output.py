"""Writes non-ASCII text and rich-looking markup to stdout and stderr."""

import sys

TEXT = "héllo → 世界 🐛"


def main():
    print(TEXT)
    print("err: " + TEXT, file=sys.stderr)
    label = "[red]x[/red] [bold]not bold[/bold]"
    print(label)
    sys.stdout.flush()
    sys.stderr.flush()
    marker = 1  # @after_print
    print("the end", marker)  # @end
    return 0


if __name__ == "__main__":
    main()
