"""An ``eval`` that blocks in the program gives up by debugpy's own evaluation timeout
(pydevd's PYDEVD_INTERRUPT_THREAD_TIMEOUT, set at launch): the stop answers again afterwards."""

from __future__ import annotations

from conftest import Cli, one_line_error


def test_a_blocking_eval_gives_up_and_the_stop_answers_again(dc: Cli) -> None:
    out = dc.launch("hang_call.py", "stop", timeout=30).out
    assert "other" in out and "42" in out, out
    hung = dc.run("eval", "stuck.wait()", check=False, timeout=120)  # pydevd interrupts it after 10 s
    assert hung.code != 0 and "Traceback" not in hung.err, hung
    assert one_line_error(hung.err).startswith("error: KeyboardInterrupt"), hung
    assert "hint: the expression did not return: debugpy interrupts an evaluation after 10 s; " \
           "the stop answers again" in hung.err, hung
    answer = dc.run("eval", "other", timeout=60)
    assert answer.out.split() == ["42", "(int)"], answer
    assert dc.status()["state"] == "stopped"
    dc.run("stop")
