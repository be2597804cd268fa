//! Unit tests of `src/lib.rs`.

use dlx_puzzles::*;

#[test]
fn numbers_are_base36_then_decimal() {
    assert_eq!(name("r", 0), "r0");
    assert_eq!(name("r", 9), "r9");
    assert_eq!(name("a", 10), "aa");
    assert_eq!(name("b", 35), "bz");
    assert_eq!(name("c", 36), "c36");
    assert_eq!(name("c", 123), "c123");
}
