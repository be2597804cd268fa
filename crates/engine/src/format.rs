//! Knuth's text format for exact-cover problems, read and written.
//!
//! ```text
//! | a comment: any line that starts with `|`
//! a b c | x y        <- primary items, `|`, secondary items
//! a b x:red          <- one option a line; `x:red` gives secondary item x the color red
//! c y
//! ```
//!
//! Names are any run of characters other than whitespace, control characters, `:` and `|`;
//! they may be longer than Knuth's 8 characters. Errors give the line and column (both
//! 1-based) and show names with control characters escaped. An option with no primary item is
//! dropped with a [`Warning`], as Knuth's programs do. Lines end with `\n` or `\r\n`; a lone
//! `\r` (old Mac line endings) is refused. Knuth's multiplicities (`2|R0` or `1:3|R0` on the
//! item line, DLX3/MCC) are refused as not supported yet.

use std::fmt::Write as _;

pub use crate::problem::shown;
use crate::problem::{BuildError, ItemId, OptionId, Problem, ProblemBuilder};

/// The longest line accepted, in bytes.
pub const MAX_LINE: usize = 1 << 20;

/// What went wrong, without the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no line naming the items.
    #[error("no items: the first line that is not a comment must name the items")]
    NoItems,
    /// An item is declared twice.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// More than one `|` on the item line.
    #[error("a second `|` on the item line")]
    SecondBar,
    /// An item name contains `:`.
    #[error("item name `{0}` contains `:`")]
    BadItemName(String),
    /// An option names an item that was not declared.
    #[error("unknown item `{0}`")]
    UnknownItem(String),
    /// An option names an item twice.
    #[error("item `{0}` appears twice in this option")]
    RepeatedItem(String),
    /// A primary item has a color.
    #[error("primary item `{0}` cannot have a color")]
    ColorOnPrimary(String),
    /// A name or color is empty (`x:` or `:c`).
    #[error("empty name or color in `{0}`")]
    Empty(String),
    /// A line exceeds [`MAX_LINE`].
    #[error("line is too long ({0} bytes; the limit is {MAX_LINE})")]
    LineTooLong(usize),
    /// The problem exceeds the solvers' index range.
    #[error("problem too large")]
    TooLarge,
    /// A name holds a control character (a NUL, an escape...), shown escaped.
    #[error("control character `{1}` in `{0}`")]
    ControlCharacter(String, String),
    /// A carriage return not followed by a line feed.
    #[error("a carriage return without a line feed: lines must end with \\n or \\r\\n")]
    LoneCarriageReturn,
    /// Knuth's multiplicity syntax (`2|R0`, `1:3|R0`, DLX3/MCC) on the item line.
    #[error("multiplicities (`{0}`, Knuth's DLX3) are not supported yet")]
    Multiplicity(String),
}

/// The first control character of `word`, with its column (`col` is the word's).
fn control_in(col: usize, word: &str) -> Option<(usize, ParseErrorKind)> {
    let (k, c) = word.chars().enumerate().find(|(_, c)| c.is_control())?;
    Some((
        col + k,
        ParseErrorKind::ControlCharacter(shown(word), c.escape_debug().to_string()),
    ))
}

/// Whether `word` on the item line is Knuth's multiplicity syntax: `n|name` or `m:n|name`.
fn is_multiplicity(word: &str) -> bool {
    let Some((bounds, name)) = word.split_once('|') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    !name.is_empty()
        && match bounds.split_once(':') {
            Some((m, n)) => digits(m) && digits(n),
            None => digits(bounds),
        }
}

/// An error of a line-based reader with its position: `kind` says what is wrong. The
/// readers of Knuth's format ([`ParseError`]) and of the puzzle formats share it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct Located<K> {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the offending word.
    pub column: usize,
    /// What is wrong.
    pub kind: K,
}

/// A parse error of Knuth's format, with its position.
pub type ParseError = Located<ParseErrorKind>;

/// Something accepted but worth telling the user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Warning {
    /// An option had no primary item and was dropped.
    #[error("line {line}: option has no primary item; dropped")]
    NoPrimary {
        /// 1-based line number.
        line: usize,
    },
}

/// Where each kept option came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// `lines[k]` is the 1-based line of option `k`.
    pub lines: Vec<usize>,
}

/// The words of `s` (runs of characters other than whitespace) with their 1-based character
/// columns, counting from `col0 + 1` (the column before `s`, when it is the tail of a line).
/// The tokenizer of Knuth's format, shared with the other line-based readers.
///
/// ```
/// use dlx_engine::format::words;
/// assert_eq!(words("ab  cd", 0), vec![(1, "ab"), (5, "cd")]);
/// assert_eq!(words(" é x", 3), vec![(5, "é"), (7, "x")]);
/// ```
pub fn words(s: &str, col0: usize) -> Vec<(usize, &str)> {
    let mut col = col0;
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (byte, ch) in s.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &s[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, col));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &s[b..]));
    }
    out
}

/// Parses a problem in Knuth's format. Returns the problem and any warnings.
pub fn parse(text: &str) -> Result<(Problem, Vec<Warning>), ParseError> {
    parse_with_source(text).map(|(p, w, _)| (p, w))
}

/// Like [`parse`], also telling which line each option came from.
pub fn parse_with_source(text: &str) -> Result<(Problem, Vec<Warning>, SourceMap), ParseError> {
    let mut b = ProblemBuilder::new();
    let mut warnings = Vec::new();
    let mut source = SourceMap::default();
    let mut have_items = false;
    let mut entries = Vec::new();
    // A byte-order mark (Windows editors start UTF-8 files with one) is not an item.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (k, line) in text.lines().enumerate() {
        let lineno = k + 1;
        let err = |column: usize, kind: ParseErrorKind| ParseError {
            line: lineno,
            column,
            kind,
        };
        if line.len() > MAX_LINE {
            return Err(err(1, ParseErrorKind::LineTooLong(line.len())));
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        if let Some(byte) = line.find('\r') {
            let column = line[..byte].chars().count() + 1;
            return Err(err(column, ParseErrorKind::LoneCarriageReturn));
        }
        if line.starts_with('|') {
            continue;
        }
        if !have_items {
            if line.trim().is_empty() {
                continue;
            }
            let mut secondary = false;
            for (col, w) in words(line, 0) {
                if let Some((col, kind)) = control_in(col, w) {
                    return Err(err(col, kind));
                }
                if is_multiplicity(w) {
                    return Err(err(col, ParseErrorKind::Multiplicity(w.into())));
                }
                // A `|` may stand alone or be glued to names: "a b|c".
                let mut col = col;
                for (n, piece) in w.split('|').enumerate() {
                    if n > 0 {
                        if secondary {
                            return Err(err(col - 1, ParseErrorKind::SecondBar));
                        }
                        secondary = true;
                    }
                    if !piece.is_empty() {
                        if piece.contains(':') {
                            return Err(err(col, ParseErrorKind::BadItemName(shown(piece))));
                        }
                        let r = if secondary {
                            b.secondary(piece)
                        } else {
                            b.primary(piece)
                        };
                        r.map_err(|e| match e {
                            BuildError::DuplicateItem(n) => {
                                err(col, ParseErrorKind::DuplicateItem(shown(&n)))
                            }
                            _ => err(col, ParseErrorKind::TooLarge),
                        })?;
                    }
                    col += piece.chars().count() + 1;
                }
            }
            if b.item_count() == 0 {
                return Err(err(1, ParseErrorKind::NoItems));
            }
            have_items = true;
            continue;
        }
        entries.clear();
        let mut cols = Vec::new();
        for (col, w) in words(line, 0) {
            if let Some((col, kind)) = control_in(col, w) {
                return Err(err(col, kind));
            }
            let (name, color) = match w.split_once(':') {
                Some((n, c)) => {
                    if n.is_empty() || c.is_empty() {
                        return Err(err(col, ParseErrorKind::Empty(shown(w))));
                    }
                    (n, Some(c))
                }
                None => (w, None),
            };
            let Some(item) = b.item(name) else {
                return Err(err(col, ParseErrorKind::UnknownItem(shown(name))));
            };
            let color = color.map(|c| b.color(c));
            entries.push((item, color));
            cols.push(col);
        }
        if entries.is_empty() {
            continue;
        }
        // The column of the second copy of a repeated item (the one that repeats it), or of
        // the only one.
        let col_of = |b: &ProblemBuilder, item: &str, nth: usize| {
            let at: Vec<usize> = entries
                .iter()
                .zip(&cols)
                .filter(|((i, _), _)| b.item(item) == Some(*i))
                .map(|(_, &c)| c)
                .collect();
            at.get(nth).or(at.first()).copied().unwrap_or(1)
        };
        match b.option(&entries) {
            Ok(_) => source.lines.push(lineno),
            Err(BuildError::NoPrimary) => warnings.push(Warning::NoPrimary { line: lineno }),
            Err(BuildError::RepeatedItem(n)) => {
                return Err(err(
                    col_of(&b, &n, 1),
                    ParseErrorKind::RepeatedItem(shown(&n)),
                ));
            }
            Err(BuildError::ColorOnPrimary(n)) => {
                return Err(err(
                    col_of(&b, &n, 0),
                    ParseErrorKind::ColorOnPrimary(shown(&n)),
                ));
            }
            Err(_) => return Err(err(1, ParseErrorKind::TooLarge)),
        }
    }
    if !have_items {
        return Err(ParseError {
            line: text.lines().count().max(1),
            column: 1,
            kind: ParseErrorKind::NoItems,
        });
    }
    Ok((b.build(), warnings, source))
}

/// Writes `problem` in Knuth's format, with an optional comment line first.
pub fn write(problem: &Problem, comment: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(c) = comment {
        for line in c.lines() {
            let _ = writeln!(out, "| {line}");
        }
    }
    // A leading space keeps the item line an item line: when a first item named with a
    // byte-order mark would be read back as the file's mark and lost, and when there is no
    // primary item, so that the line starts with `|` and would be read back as a comment.
    if problem.item_count() > 0
        && ((comment.is_none() && problem.item_name(ItemId(0)).starts_with('\u{feff}'))
            || problem.primary_count() == 0)
    {
        out.push(' ');
    }
    for k in 0..problem.item_count() {
        if k == problem.primary_count() {
            out.push_str(if k == 0 { "|" } else { " |" });
        }
        if k > 0 || k == problem.primary_count() {
            out.push(' ');
        }
        out.push_str(problem.item_name(ItemId(k as u32)));
    }
    out.push('\n');
    for k in 0..problem.option_count() {
        let _ = writeln!(out, "{}", problem.display_option(OptionId(k as u32)));
    }
    out
}
