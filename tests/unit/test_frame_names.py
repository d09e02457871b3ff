"""A frame's name as shown: Rust's ``::h<16 hex>`` symbol hash left out, other names kept."""

from __future__ import annotations

import pytest

from dapcli.verbs.shared.framenames import shown_frame_name


@pytest.mark.parametrize("name,shown", [
    ("values::main::h3f2a1b2c3d4e5f60", "values::main"),
    ("values::main::{{closure}}::h0123456789abcdef", "values::main::{{closure}}"),
    ("<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop::h0123456789abcdef",
     "<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop"),
    ("core::ptr::drop_in_place<values::Shape>::h0123456789abcdef (inlined)",
     "core::ptr::drop_in_place<values::Shape> (inlined)"),
    ("std::rt::lang_start::{{closure}}::hffffffffffffffff", "std::rt::lang_start::{{closure}}"),
    # not a hash: kept
    ("ns::h0123456789abcdefg", "ns::h0123456789abcdefg"), ("ns::h0123", "ns::h0123"), ("main", "main"),
    ("ns::H0123456789ABCDEF", "ns::H0123456789ABCDEF"), ("module.function", "module.function"),
])
def test_rust_hashes_are_left_out(name: str, shown: str) -> None:
    assert shown_frame_name(name) == shown
