//! Unit tests of `src/words.rs`.

use dlx_api::words::*;

#[test]
fn digits_from_10_take_the_boards_symbols_up_to_35x35() {
    assert_eq!(digit(13, 16), "D");
    assert_eq!(digit(9, 16), "9");
    assert_eq!(digit(13, 36), "13");
    assert_eq!(digit(35, 35), "Z");
}

#[test]
fn logic_sentences_keep_houses_cells_and_types() {
    let s = "Hidden single: 13 in box 13 can only go in r12c13";
    assert_eq!(
        logic_text(s, 16),
        "Hidden single: D in box 13 can only go in r12c13"
    );
    assert_eq!(logic_text(s, 9), s);
    let s = "Unique rectangle type 1: {11,13} in r10c4, r10c7, r12c4, r12c7 would allow two \
             solutions, so r12c7 is not 11 or 13: 11 from r12c7; 13 from r12c7";
    assert_eq!(
        logic_text(s, 16),
        "Unique rectangle type 1: {B,D} in r10c4, r10c7, r12c4, r12c7 would allow two \
         solutions, so r12c7 is not B or D: B from r12c7; D from r12c7"
    );
    let s = "if r3c12=10, then r9c5 would be both 16 and not 16 (r3c12=10 → r3c10≠16)";
    assert_eq!(
        logic_text(s, 16),
        "if r3c12=A, then r9c5 would be both G and not G (r3c12=A → r3c10≠G)"
    );
    assert_eq!(
        logic_text("Swordfish on 12 in row 10, row 14 and column 12", 16),
        "Swordfish on C in row 10, row 14 and column 12"
    );
    assert_eq!(
        logic_text("2-string kite: 11 in r14c4", 16),
        "2-string kite: B in r14c4"
    );
    // A number above the grid's digits is not a digit.
    assert_eq!(logic_text("holds 17", 16), "holds 17");
}

#[test]
fn trace_sentences_keep_counts() {
    assert_eq!(
        trace_text("r4c7 has 11 candidates; trying 13 (10 of 11)", 16),
        "r4c7 has 11 candidates; trying D (10 of 11)"
    );
    assert_eq!(
        trace_text(
            "dead end: digit 12 has no place left in row 12; backtracking",
            16
        ),
        "dead end: digit C has no place left in row 12; backtracking"
    );
}
