"""What dapcli says to rdbg in Ruby, read without Ruby: hit counters, log points folded into a
condition (no interpolation of the user's text), rdbg's answers read back, method lookup, and
which runner a ``.rb`` selector gets."""

from __future__ import annotations

from pathlib import Path

import pytest

from dapcli.adapters.ruby import RubyAdapter, ruby_string
from dapcli.adapters.rubymethods import find_method
from dapcli.engine.breakpoints import BreakpointBook
from dapcli.engine.testrun.detect import detect_runner

ADAPTER = RubyAdapter()


def test_a_ruby_string_never_interpolates_the_users_text() -> None:
    assert ruby_string('a "b" #{x} \\ #@y\n') == '"a \\"b\\" \\#{x} \\\\ \\#@y\\n"'


@pytest.mark.parametrize(("condition", "expected"), [
    ("3", "($c = ($c || 0) + 1) == 3"), ("==3", "($c = ($c || 0) + 1) == 3"), (">=2", "($c = ($c || 0) + 1) >= 2"),
    ("%2", "($c = ($c || 0) + 1) % 2 == 0"), ("%0", "false"), ("bogus", None),
])
def test_hit_counts_are_counted_by_rdbg_in_the_condition(condition: str, expected: str | None) -> None:
    assert ADAPTER.hit_condition(condition) is None
    assert ADAPTER.hit_counter(condition, "c") == expected


def test_a_log_point_writes_from_its_condition_and_never_stops() -> None:
    folded = ADAPTER.log_condition('sum={sum} "#@x \\', "v > 1")
    assert folded is not None
    assert folded.startswith("((v > 1)) && (::STDOUT.write(")
    assert '"sum="' in folded and "(begin; (sum).to_s; rescue ::Exception => e;" in folded
    assert '" \\"\\#@x \\\\\\n"' in folded and folded.endswith("; false)")


def test_the_book_folds_hit_count_and_log_message_into_the_condition() -> None:
    book = BreakpointBook()
    book.hit_to_send, book.hit_counter = ADAPTER.hit_condition, ADAPTER.hit_counter
    book.counted_condition, book.log_condition = ADAPTER.counted_condition, ADAPTER.log_condition
    book.logs_by_client = not ADAPTER.formats_log_messages()
    entry = book.new_entry(path="/p/app.rb", line=3, condition="i > 1", hit_condition="2", log_message="i={i}")
    sent = book.sent_condition(entry)
    assert sent is not None
    assert sent.startswith("((((i > 1)) && (($dapcli_hits_0_1 = ($dapcli_hits_0_1 || 0) + 1) == 2))) && (::STDOUT")
    assert book.sent_hit(entry) is None and book.sent_log(entry) is None and book.counted_hit(entry) is None
    assert book.emulated(entry) == [] and book.log_folded(entry)
    assert book.hit_by([]) == []


def test_rdbgs_answers_read_back() -> None:
    assert ADAPTER.evaluate_error("#<NameError: undefined local variable or method `x' for main:Object>",
                                  "NameError") == "NameError: undefined local variable or method `x' for main:Object"
    assert ADAPTER.evaluate_error('"#<not an error>"', "String") is None
    assert ADAPTER.stop_text(" BP - Line  /p/app.rb:3 (line) if: ($dapcli_hits_1_1 = 1) == 2") is None
    assert ADAPTER.stop_text("#<RuntimeError: boom> is raised.") == "#<RuntimeError: boom> is raised."


def test_methods_are_found_in_the_programs_files(tmp_path: Path) -> None:
    (tmp_path / "shop.rb").write_text(
        "module Shop\n  class Cart\n    def self.build\n      new\n    end\n\n    def total(x = 1)\n"
        "      # a comment\n      @items.sum\n    end\n  end\nend\n\ndef total\n  0\nend\n")
    assert find_method("Shop::Cart#total", [str(tmp_path)]) == (str(tmp_path / "shop.rb"), 9)
    assert find_method("Cart#total", [str(tmp_path)]) == (str(tmp_path / "shop.rb"), 9)
    assert find_method("Cart.build", [str(tmp_path)]) == (str(tmp_path / "shop.rb"), 4)
    assert find_method("total", [str(tmp_path)]) == (str(tmp_path / "shop.rb"), 9)
    missing = find_method("Cart#nothing", [str(tmp_path)])
    assert missing == "no method Cart#nothing is defined in the program's .rb files"
    assert find_method("not a name", [str(tmp_path)]) is None


def test_a_ruby_file_gets_minitest_and_a_spec_rspec(tmp_path: Path) -> None:
    assert detect_runner(None, ["test/test_cart.rb"], str(tmp_path)) == "minitest"
    assert detect_runner(None, ["test/test_cart.rb", "test_total"], str(tmp_path)) == "minitest"
    assert detect_runner(None, ["spec/cart_spec.rb:12"], str(tmp_path)) == "rspec"
    (tmp_path / "spec").mkdir()
    assert detect_runner(None, [], str(tmp_path), adapter="ruby") == "rspec"
