"""``output --follow``'s writes per page, one logic for both of the CLI's paths (in the client and
inside the session host): the session host's path joined a line whose end the buffer dropped to
the next kept line (``…xxx000117413 xxx``) because only the client's path ended it at the cut."""

from __future__ import annotations

from dapcli.frontends.cli.runner import STOPPED_NOTE, _Follower


def test_a_line_left_open_ends_at_the_cut_before_the_note() -> None:
    follower = _Follower(tail=False, as_json=False)
    assert follower.page(False, 0, 0, ["000000001 xx\n", "0000"], "running") == [("000000001 xx\n0000", "out")]
    writes = follower.page(True, 5, 500, ["000117413 xx\n"], "running")
    assert writes[0] == ("\n", "out") and writes[1][1] == "err" and "output cut here" in writes[1][0], writes
    assert writes[2] == ("000117413 xx\n", "out")
    # a whole last line: nothing added at the next cut
    assert follower.page(True, 6, 600, ["000200000 xx\n"], "running")[0][1] == "err"


def test_a_tail_is_no_cut_and_a_stop_is_said_once() -> None:
    follower = _Follower(tail=True, as_json=True)
    first = follower.page(True, 1, 100, ["\x1b[31mred\n"], "stopped")
    assert first == [("\x1b[31mred\n", "out"), (STOPPED_NOTE, "err")]  # JSON: the text as it is
    assert follower.page(False, 1, 100, [], "stopped") == []
    assert follower.page(True, 2, 200, [], "running")[0][1] == "err"  # after the first page a cut is a cut

