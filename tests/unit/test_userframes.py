"""Which frame is the user's: a library frame whose source gdb "found" as a same-named file of
the user's (glibc's ``abort.c`` → the program folder's ``abort.c``) is not."""

from __future__ import annotations

from pathlib import Path

from dapcli.engine.userframes import is_user_frame, source_holds, user_frame_index


def test_a_line_past_the_end_or_a_c_name_the_file_never_mentions_is_not_its_code(tmp_path: Path) -> None:
    source = tmp_path / "abort.c"
    source.write_text("#include <stdlib.h>\nint main(void) {\n    abort();\n}\n")
    assert source_holds(str(source), 3, "main")
    assert not source_holds(str(source), 79, "main")  # glibc's line: past this file's end
    assert not source_holds(str(source), 3, "__GI_abort")  # libc's function: not in this file
    assert source_holds(str(source), 3, "ns::f(int)")  # not a plain C name: the line decides
    assert source_holds(str(tmp_path / "gone.c"), 3, "f")  # nothing to read: nothing to contradict
    assert source_holds(str(source), None, None)


def test_the_users_frame_is_below_a_misfound_library_frame(tmp_path: Path) -> None:
    (tmp_path / "abort.c").write_text("void give_up(void) { abort(); }\n")
    (tmp_path / "check.c").write_text("\n" * 7 + "static int check(int got) { assert(got); }\n")
    frames = [("./nptl/./nptl/pthread_kill.c", 44, "__pthread_kill_implementation"),
              (str(tmp_path / "abort.c"), 79, "__GI_abort"),
              ("./assert/./assert/assert.c", 94, "__assert_fail_base"),
              (str(tmp_path / "check.c"), 8, "check")]
    assert user_frame_index(frames) == 3
    assert not is_user_frame(str(tmp_path / "abort.c"), 1, "__GI_abort")
    assert is_user_frame(str(tmp_path / "abort.c"), 1, "give_up")


def test_a_scripts_top_level_named_main_is_the_users_code(tmp_path: Path) -> None:
    """bash-dap names a script's top level ``main``, a word the script never writes."""
    script = tmp_path / "spin.sh"
    script.write_text("#!/bin/bash\nn=0\nwhile true; do n=$((n + 1)); done\n")
    assert is_user_frame(str(script), 3, "main")
    assert not is_user_frame(str(script), 9, "main")  # past the end all the same
