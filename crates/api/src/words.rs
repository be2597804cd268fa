//! Digits in sentences as the board shows them: on grids of 10 to 35 cells a side a digit
//! from 10 up is written with its symbol (`A` for 10, `D` for 13, `G` for 16), as in
//! `dlx_sudoku::grid::SYMBOLS`; above 35 (and up to 9) digits stay numbers.
//!
//! The libraries write digits as numbers everywhere. The conflicts' sentences are written
//! here from their fields; the sentences of the logic and of traces are rewritten: in the
//! logic's, every number from 10 to N is a digit unless it is a house's number (after `row`,
//! `column` or `box`), a unique rectangle's type, or part of a word (a cell name `r12c4`,
//! `2-string kite`); in a trace's, only the number after `digit`, `placing` or `trying` is.

use dlx_sudoku::grid::SYMBOLS;

/// Digit `d` of a grid of `n` cells a side, as the board shows it.
pub fn digit(d: u8, n: usize) -> String {
    match usize::from(d) {
        k @ 10.. if n <= SYMBOLS.len() && k <= SYMBOLS.len() => {
            char::from(SYMBOLS[k - 1]).to_string()
        }
        _ => d.to_string(),
    }
}

/// `digit 5 at r1c3 repeats r1c8 in row 1`, the digit as the board shows it.
pub fn conflict(c: &dlx_sudoku::Conflict, n: usize) -> String {
    format!(
        "digit {} at r{}c{} repeats r{}c{} in {}",
        digit(c.digit, n),
        c.a.0 + 1,
        c.a.1 + 1,
        c.b.0 + 1,
        c.b.1 + 1,
        c.house
    )
}

/// Whether sentences on a grid of `n` cells a side need rewriting at all.
fn symbolic(n: usize) -> bool {
    (10..=SYMBOLS.len()).contains(&n)
}

/// Rewrites each number token of `text` (a run of ASCII digits not touching a letter, digit,
/// `-`, `_` or a decimal point) whose value is a digit from 10 to `n` and for which
/// `is_digit(before)` holds, with `before` the text before the token.
fn rewrite(text: &str, n: usize, is_digit: impl Fn(&str) -> bool) -> String {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_';
    let mut out = String::with_capacity(text.len());
    let (mut copied, mut i) = (0, 0);
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let glued_before = start > 0 && (word(b[start - 1]) || b[start - 1] == b'.');
        let glued_after = i < b.len()
            && (word(b[i]) || b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if glued_before || glued_after {
            continue;
        }
        if let Ok(v) = text[start..i].parse::<usize>()
            && (10..=n).contains(&v)
            && is_digit(&text[..start])
        {
            out.push_str(&text[copied..start]);
            out.push(char::from(SYMBOLS[v - 1]));
            copied = i;
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// A sentence of the logical solver (a step, a hint, a refusal) with its digits as the board
/// shows them.
pub fn logic_text(text: &str, n: usize) -> String {
    if !symbolic(n) {
        return text.to_string();
    }
    rewrite(text, n, |before| {
        ![
            "row ", "column ", "box ", "type ", "rows ", "columns ", "boxes ",
        ]
        .iter()
        .any(|w| before.ends_with(w))
    })
}

/// A sentence of a search trace with its digits as the board shows them.
pub fn trace_text(text: &str, n: usize) -> String {
    if !symbolic(n) {
        return text.to_string();
    }
    rewrite(text, n, |before| {
        ["digit ", "placing ", "trying "]
            .iter()
            .any(|w| before.ends_with(w))
    })
}
