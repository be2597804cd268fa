//! Damaging a text at random, for the tests of damaged input (`tests/engine/mangled.rs` of
//! `dlx-engine` and `dlx-sudoku`, which includes this file by path).

use proptest::prelude::*;

/// One edit, at a fraction of the text's length (see [`damage`]).
#[derive(Clone, Debug)]
pub enum Edit {
    Replace(f64, char),
    Delete(f64, usize),
    Insert(f64, String),
    Duplicate(f64, usize),
    Truncate(f64),
}

/// One to three edits. Mostly a character replaced by one of `keep`, which keeps the
/// layout (the text still reads, but may now say something else); else a character replaced
/// by one of `stray`, a run deleted, stray text inserted, a run duplicated, or the rest cut.
pub fn edits(keep: Vec<char>, stray: Vec<char>) -> impl Strategy<Value = Vec<Edit>> {
    let keep = prop::sample::select(keep);
    let stray = prop::sample::select(stray);
    let edit = prop_oneof![
        6 => (0.0..1.0, keep).prop_map(|(at, c)| Edit::Replace(at, c)),
        1 => (0.0..1.0, stray.clone()).prop_map(|(at, c)| Edit::Replace(at, c)),
        1 => (0.0..1.0, 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => (0.0..1.0, prop::collection::vec(stray, 1..6))
            .prop_map(|(at, v)| Edit::Insert(at, v.into_iter().collect())),
        1 => (0.0..1.0, 1..200usize).prop_map(|(at, n)| Edit::Duplicate(at, n)),
        1 => (0.0..1.0).prop_map(Edit::Truncate),
    ];
    prop::collection::vec(edit, 1..4)
}

/// Characters that break any text format: controls, a byte-order mark, non-ASCII, and the
/// separators of the formats.
pub fn stray() -> Vec<char> {
    vec![
        '|', '-', '+', '#', ':', ';', ',', ' ', '\t', '\n', '\r', '_', '*', 'a', 'Z', 'é',
        '\u{feff}', '\0',
    ]
}

/// `text` with the edits applied in turn.
pub fn damage(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let at = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
        match e {
            Edit::Replace(f, c) => {
                let i = at(*f, chars.len());
                if i < chars.len() {
                    chars[i] = *c;
                }
            }
            Edit::Delete(f, n) => {
                let i = at(*f, chars.len());
                chars.drain(i..(i + n).min(chars.len()));
            }
            Edit::Insert(f, s) => {
                let i = at(*f, chars.len());
                chars.splice(i..i, s.chars());
            }
            Edit::Duplicate(f, n) => {
                let i = at(*f, chars.len());
                let run: Vec<char> = chars[i..(i + n).min(chars.len())].to_vec();
                chars.splice(i..i, run);
            }
            Edit::Truncate(f) => chars.truncate(at(*f, chars.len())),
        }
    }
    chars.into_iter().collect()
}
