"""Writes a window title, a clipboard request and a cursor move to its terminal."""
import sys

sys.stdout.write("\x1b]0;pwned title\x07\x1b]52;c;aGVsbG8=\x07\x1b[2Jplain text\n")
sys.stdout.flush()
