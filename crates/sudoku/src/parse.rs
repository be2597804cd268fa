//! Reading puzzles: one-line puzzles, files of one puzzle a line, and grids of `N` lines
//! (plain, like the 9-line contest format, or boxed with `|`, `-`, `+`), detected
//! automatically.
//!
//! # The rules
//!
//! - Lines that start with `#` (after spaces) and blank lines are ignored everywhere.
//! - **One line** ([`parse_line`]): the first word is the puzzle, `N * N` symbols (see
//!   [`crate::grid`] for the symbols); what follows after whitespace is a comment. If instead
//!   every word of the line is a number or a blank symbol and there are `N * N` of them, the
//!   words are the cells (for big grids: `10 . 3 16 ...`).
//! - **A grid** ([`parse`] of several lines): every line is a row. `|` and `+` are ignored;
//!   lines made only of `-`, `=`, `+`, `|` and spaces are rules between bands (unless they are
//!   needed as rows of blanks written with `-`). A row is either one symbol a cell, spaces
//!   allowed (`5 3 . | . 7 .`), or numbers separated by spaces when at least one number has
//!   two digits (`10 . 3 16`); the grid must be square.
//! - **A file of puzzles** ([`detect`]): one puzzle a line, when the first puzzle line's
//!   first word has `N * N >= 16` symbols or more than 35, unless the input is exactly a
//!   square grid of such lines (16 lines of 16 symbols is one 16x16 grid, not sixteen 4x4
//!   puzzles).
//!
//! Errors name the line and column (1-based) of the culprit.

use serde::Serialize;

use crate::grid::{Grid, MAX_N, Shape, SizeError, Style, symbol_value};

/// Why a puzzle could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParseError {
    /// No puzzle at all.
    #[error("no puzzle found (the input is empty or only comments)")]
    Empty,
    /// A one-line puzzle whose length is not `N * N` for a supported `N`.
    #[error(
        "wrong length: {len} cells at line {line}; a puzzle has N*N cells: 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25), ... up to 4096 (64x64)"
    )]
    WrongLength {
        /// The number of cells found.
        len: usize,
        /// The line (1-based).
        line: usize,
    },
    /// A character that is neither a digit of this size nor a blank.
    #[error(
        "unknown character '{ch}' at line {line}, column {column} (a {n}x{n} grid uses {digits}, and . 0 _ - * for blanks)",
        digits = digit_range(*n)
    )]
    UnknownChar {
        /// The character.
        ch: char,
        /// The line (1-based).
        line: usize,
        /// The column (1-based, in characters).
        column: usize,
        /// The size of the grid.
        n: usize,
    },
    /// A number larger than the size of the grid, in a grid written with numbers.
    #[error(
        "number {value} at line {line}, column {column} is larger than {n}, the size of the grid"
    )]
    NumberTooLarge {
        /// The number.
        value: u64,
        /// The line (1-based).
        line: usize,
        /// The column (1-based, in characters) where the number starts.
        column: usize,
        /// The size of the grid.
        n: usize,
    },
    /// A row of a grid with a different number of cells than the first row.
    #[error(
        "line {line} has {found} cells, but line {first_line} has {expected}: rows must be the same length"
    )]
    RaggedRows {
        /// The line of the odd row.
        line: usize,
        /// Its number of cells.
        found: usize,
        /// The line of the first row.
        first_line: usize,
        /// The number of cells of the first row.
        expected: usize,
    },
    /// A grid whose number of rows differs from its number of columns.
    #[error("the grid has {rows} rows of {cols} cells (from line {line}); it must be square")]
    NotSquare {
        /// Rows found.
        rows: usize,
        /// Cells in each row.
        cols: usize,
        /// The first line of the grid.
        line: usize,
    },
    /// The size or box shape is not supported.
    #[error("{source} (line {line})")]
    Size {
        /// What is wrong with the size.
        #[serde(serialize_with = "serialize_display")]
        source: SizeError,
        /// The line (1-based) of the puzzle.
        line: usize,
    },
}

fn serialize_display<S: serde::Serializer>(e: &SizeError, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(e)
}

fn digit_range(n: usize) -> String {
    match n {
        0..=9 => format!("1-{n}"),
        10 => "1-9, A".to_string(),
        11..=35 => format!("1-9, A-{}", (b'A' + (n - 10) as u8) as char),
        _ => format!("numbers 1-{n}"),
    }
}

impl ParseError {
    /// The column (1-based, in characters) the error is about, if any.
    pub fn column(&self) -> Option<usize> {
        match *self {
            ParseError::UnknownChar { column, .. } | ParseError::NumberTooLarge { column, .. } => {
                Some(column)
            }
            _ => None,
        }
    }

    /// The line (1-based) the error is about, if any.
    pub fn line(&self) -> Option<usize> {
        match *self {
            ParseError::Empty => None,
            ParseError::WrongLength { line, .. }
            | ParseError::UnknownChar { line, .. }
            | ParseError::NumberTooLarge { line, .. }
            | ParseError::RaggedRows { line, .. }
            | ParseError::NotSquare { line, .. }
            | ParseError::Size { line, .. } => Some(line),
        }
    }
}

/// A grid and how its input was spelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The grid.
    pub grid: Grid,
    /// The spelling of the input, to write answers in the same alphabet.
    pub style: Style,
}

/// How an input holds its puzzles (see the module docs for the rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    /// One puzzle, on one line or as a grid of lines.
    Single,
    /// One puzzle a line.
    Lines,
}

/// Reads one puzzle in any format, with the default box shape for its size.
///
/// ```
/// let g = dlx_sudoku::parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..").unwrap();
/// assert_eq!(g.n(), 9);
/// assert_eq!(g.get(0, 2), 3);
/// ```
pub fn parse(text: &str) -> Result<Grid, ParseError> {
    parse_with_shape(text, None)
}

/// Reads one puzzle in any format; `shape` overrides the default box shape.
pub fn parse_with_shape(text: &str, shape: Option<Shape>) -> Result<Grid, ParseError> {
    parse_styled(text, shape).map(|p| p.grid)
}

/// Reads one puzzle in any format and says how it was spelled.
pub fn parse_styled(text: &str, shape: Option<Shape>) -> Result<Parsed, ParseError> {
    // A byte-order mark (Windows editors start UTF-8 files with one) is not a cell.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    match lines.as_slice() {
        [] => Err(ParseError::Empty),
        [(no, line)] => parse_line(line, *no, shape)?.ok_or(ParseError::Empty),
        _ => parse_grid(&lines, shape),
    }
}

/// The lines that hold content: numbered from 1, without `\r`, skipping blank lines and
/// `#` comments.
pub fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !is_comment_or_blank(l))
}

/// Whether a line holds no puzzle: blank, or a `#` comment after any white space.
pub fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// The most content lines one grid takes: a 64x64 grid drawn with a rule between every two
/// rows and around it has 129. An input with more is a file of puzzles, one a line, each
/// judged on its own (issue 22), unless it is a square of `L` lines of `L` symbols.
pub const MAX_GRID_LINES: usize = 130;

/// The most content lines [`detect`] looks at: enough to see a square of `L` lines of `L`
/// symbols whole (and the line after it) for `L` up to 4,096.
pub const DETECT_LINES: usize = 4097;

/// How many content lines [`detect`] needs to decide, given the first one: one more than
/// [`MAX_GRID_LINES`], or, when the first line is one word of `L` symbols, `L + 1` (at most
/// [`DETECT_LINES`]), to tell a square grid of `L` lines from a file of puzzles.
pub fn detect_lines_needed(first: &str) -> usize {
    let mut words = first.split_whitespace();
    let square = match (words.next(), words.next()) {
        (Some(w), None) if w.chars().all(|c| symbol_value(c).is_some()) => w.chars().count() + 1,
        _ => 0,
    };
    square.clamp(MAX_GRID_LINES + 1, DETECT_LINES)
}

/// Decides whether the first content lines of an input are one puzzle or a file of one
/// puzzle a line. `first_lines` needs at most [`detect_lines_needed`] of the first content
/// line (at most [`DETECT_LINES`]) content lines.
pub fn detect<'a>(first_lines: impl IntoIterator<Item = &'a str>) -> InputKind {
    let lines: Vec<&str> = first_lines
        .into_iter()
        .filter(|l| !is_comment_or_blank(l))
        .take(DETECT_LINES)
        .collect();
    let Some(first) = lines.first() else {
        return InputKind::Single;
    };
    if lines.len() == 1 {
        return InputKind::Single;
    }
    // Exactly L lines of L symbols (a single word each): one grid, however big (too big a
    // grid is then refused as such, not read as L puzzles of L cells).
    let len = first.trim().chars().count();
    let one_symbol_word = |l: &&str| {
        let mut words = l.split_whitespace();
        matches!((words.next(), words.next()), (Some(w), None)
            if w.chars().count() == len && w.chars().all(|c| symbol_value(c).is_some()))
    };
    if len > MAX_GRID_LINES && lines.len() == len && lines.iter().all(one_symbol_word) {
        return InputKind::Single;
    }
    // More lines than any grid: a file of puzzles, each line judged on its own.
    if lines.len() > MAX_GRID_LINES {
        return InputKind::Lines;
    }
    // Big grids as numbers: a line of N*N numbers is a whole puzzle, unless the input is an
    // N x N grid of lines of N numbers (a 16x16 grid of numbers has 16 = 4*4 on a line).
    let numbers: Vec<&str> = first.split_whitespace().collect();
    let count = numbers.len();
    if count >= 16 && count.isqrt().pow(2) == count && numbers.iter().all(|w| is_number_or_blank(w))
    {
        let grid_like =
            lines.len() == count && lines.iter().all(|l| l.split_whitespace().count() == count);
        return if grid_like {
            InputKind::Single
        } else {
            InputKind::Lines
        };
    }
    let word = first.split_whitespace().next().unwrap_or("");
    // A puzzle line is made of symbols, and is not a rule of dashes.
    if !word.chars().all(|c| symbol_value(c).is_some()) || word.chars().all(|c| c == '-') {
        return InputKind::Single;
    }
    let len = word.chars().count();
    let root = len.isqrt();
    let square = root * root == len && root >= 4;
    if !(square || len > 35) {
        return InputKind::Single;
    }
    // An L x L grid of L-symbol lines is one grid.
    let grid_like = lines.len() == len
        && lines
            .iter()
            .all(|l| l.split_whitespace().count() == 1 && l.trim().chars().count() == len);
    if grid_like {
        InputKind::Single
    } else {
        InputKind::Lines
    }
}

/// Reads the puzzle of one line of a file of puzzles (line number `line`, 1-based):
/// `Ok(None)` for a blank or comment line.
pub fn parse_line(
    text: &str,
    line: usize,
    shape: Option<Shape>,
) -> Result<Option<Parsed>, ParseError> {
    let text = text.trim_end_matches(['\r', '\n']);
    if is_comment_or_blank(text) {
        return Ok(None);
    }
    // PERF: the usual line (ASCII, a puzzle word longer than a number, then perhaps a
    // comment) skips splitting into words: a fifth of an easy puzzle's time in a batch.
    if text.is_ascii() {
        let lead = text.len() - text.trim_start().len();
        let word = text[lead..].split(char::is_whitespace).next();
        if let Some(word) = word.filter(|w| w.len() > 3) {
            return word_to_grid(word, lead + 1, line, shape).map(Some);
        }
    }
    let words: Vec<(usize, &str)> = words_with_columns(text).collect();
    // Numbers separated by spaces: every word a number or a blank, N*N of them.
    if words.len() >= 16 && words.iter().all(|(_, w)| is_number_or_blank(w)) {
        let root = words.len().isqrt();
        if root * root == words.len() {
            return numbers_to_grid(
                &words.iter().map(|&(c, w)| (line, c, w)).collect::<Vec<_>>(),
                root,
                shape,
                line,
            )
            .map(Some);
        }
    }
    let (col0, word) = words[0];
    word_to_grid(word, col0, line, shape).map(Some)
}

/// [`BYTE_VALUE`] of a blank symbol.
const BLANK_BYTE: u8 = 0x80;

/// `BYTE_VALUE[b]`: 1..=9 for the digits, [`BLANK_BYTE`] (value 0 once masked with `0x7F`)
/// for the blank symbols `. 0 _ - *`, and `0x7F` (too big for any grid up to 9x9) otherwise.
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub const BYTE_VALUE: [u8; 256] = {
    let mut t = [0x7Fu8; 256];
    let mut d = 1;
    while d <= 9 {
        t[(b'0' + d) as usize] = d;
        d += 1;
    }
    t[b'.' as usize] = BLANK_BYTE;
    t[b'0' as usize] = BLANK_BYTE;
    t[b'_' as usize] = BLANK_BYTE;
    t[b'-' as usize] = BLANK_BYTE;
    t[b'*' as usize] = BLANK_BYTE;
    t
};

/// The usual line of a 9x9 batch, read the fastest way: 81 digits and blank symbols, then
/// nothing, or white space and anything (a comment). Returns the cells (0 for a blank), or
/// `None` for any other line, which [`parse_line`] then reads (and explains).
// PERF: the symbols are decoded by arithmetic rather than through `BYTE_VALUE`, so that the
// compiler turns the loop into a few vector instructions (1.1% of the instructions of an easy
// batch); a test checks that both agree on every byte.
#[inline]
pub fn cells9(line: &[u8]) -> Option<[u8; 81]> {
    if line.len() < 81 || line.get(81).is_some_and(|b| !b.is_ascii_whitespace()) {
        return None;
    }
    let mut cells = [0u8; 81];
    let mut bad = false;
    for (c, &b) in cells.iter_mut().zip(&line[..81]) {
        let d = b.wrapping_sub(b'0');
        let digit = d <= 9;
        *c = if digit { d } else { 0 };
        bad |= !(digit | (b == b'.') | (b == b'_') | (b == b'-') | (b == b'*'));
    }
    (!bad).then_some(cells)
}

/// The grid written as one word of `N * N` symbols starting at column `col0` of line `line`.
fn word_to_grid(
    word: &str,
    col0: usize,
    line: usize,
    shape: Option<Shape>,
) -> Result<Parsed, ParseError> {
    let ascii = word.is_ascii();
    let len = if ascii {
        word.len()
    } else {
        word.chars().count()
    };
    let n = len.isqrt();
    if n * n != len {
        return Err(ParseError::WrongLength { len, line });
    }
    let shape = Shape::fit(n, shape).map_err(|source| ParseError::Size { source, line })?;
    let mut cells = Vec::with_capacity(len);
    let mut style = Style::default();
    let mut blank_seen = false;
    if ascii && n <= 9 {
        // PERF: digits and blanks through a table, without a branch a byte; anything else
        // (letters, and the error with its column) takes the general loop below. 100,000
        // easy puzzles, one thread, whole run: this function 6.0% -> 2.0% of the samples (perf).
        let max = n as u8;
        let mut bad = 0;
        cells.extend(word.bytes().map(|b| {
            let v = BYTE_VALUE[b as usize] & 0x7F;
            bad |= (v > max) as u8;
            v
        }));
        if bad == 0 {
            if let Some(b) = word.bytes().find(|&b| BYTE_VALUE[b as usize] == BLANK_BYTE) {
                style.blank = b as char;
            }
            return Ok(Parsed {
                grid: Grid { shape, cells },
                style,
            });
        }
        cells.clear();
    }
    for (k, ch) in word.chars().enumerate() {
        let d = symbol_value(ch)
            .filter(|&d| (d as usize) <= n)
            .ok_or(ParseError::UnknownChar {
                ch,
                line,
                column: col0 + k,
                n,
            })?;
        note_style(&mut style, &mut blank_seen, ch, d);
        cells.push(d);
    }
    Ok(Parsed {
        grid: Grid { shape, cells },
        style,
    })
}

fn note_style(style: &mut Style, blank_seen: &mut bool, ch: char, d: u8) {
    if d == 0 {
        if !*blank_seen {
            style.blank = ch;
            *blank_seen = true;
        }
    } else if ch.is_ascii_lowercase() {
        style.lowercase = true;
    }
}

/// The words of a line with their 1-based columns.
fn words_with_columns(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut col = 0;
    let mut start_col = 0;
    for (i, ch) in text.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some(s) = start.take() {
                out.push((start_col, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
            start_col = col;
        }
    }
    if let Some(s) = start {
        out.push((start_col, &text[s..]));
    }
    out.into_iter()
}

fn is_number_or_blank(w: &str) -> bool {
    (w.len() == 1 && symbol_value(w.chars().next().unwrap_or('?')) == Some(0))
        || (!w.is_empty() && w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit()))
}

/// Builds a grid from number words `(line, column, word)`, `n` a side.
fn numbers_to_grid(
    words: &[(usize, usize, &str)],
    n: usize,
    shape: Option<Shape>,
    first_line: usize,
) -> Result<Parsed, ParseError> {
    let shape = Shape::fit(n, shape).map_err(|source| ParseError::Size {
        source,
        line: first_line,
    })?;
    let mut style = Style {
        numbers: true,
        ..Style::default()
    };
    let mut blank_seen = false;
    let mut cells = Vec::with_capacity(words.len());
    for &(line, column, w) in words {
        let d = if w.len() == 1 && !w.as_bytes()[0].is_ascii_digit() {
            0
        } else {
            let v: u64 = w.parse().unwrap_or(u64::MAX);
            if v > n as u64 {
                return Err(ParseError::NumberTooLarge {
                    value: v,
                    line,
                    column,
                    n,
                });
            }
            v as u8
        };
        if d == 0 && !blank_seen {
            style.blank = if w == "0" || w == "00" {
                '0'
            } else {
                w.chars().next().unwrap_or('.')
            };
            blank_seen = true;
        }
        cells.push(d);
    }
    Ok(Parsed {
        grid: Grid { shape, cells },
        style,
    })
}

/// A line made only of rule characters, and whether it is surely a rule (has `+`, `=` or
/// `|`, or a run of dashes with spaces around, like a pretty grid's rule).
fn rule_kind(line: &str) -> Option<bool> {
    if !line
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
    {
        return None;
    }
    let sure = line.contains(['+', '=']) || (line.contains('|') && line.contains("--"));
    Some(sure)
}

/// Reads a grid of several lines (see the module docs).
fn parse_grid(lines: &[(usize, &str)], shape: Option<Shape>) -> Result<Parsed, ParseError> {
    // Rows: lines that are not rules; maybe-rows: rules without `+`/`=` that could be rows
    // of blanks written with `-`.
    let mut rows: Vec<(usize, &str, bool)> = Vec::new(); // (line, text, ambiguous)
    for &(no, text) in lines {
        match rule_kind(text) {
            Some(true) => {}
            Some(false) => rows.push((no, text, true)),
            None => rows.push((no, text, false)),
        }
    }
    let sure: Vec<(usize, &str)> = rows.iter().filter(|r| !r.2).map(|r| (r.0, r.1)).collect();
    let all: Vec<(usize, &str)> = rows.iter().map(|r| (r.0, r.1)).collect();
    let first_line = lines[0].0;
    if all.is_empty() {
        // Every line a rule (`-+`, `===`): no row at all.
        return Err(ParseError::Empty);
    }
    if sure.is_empty() {
        return grid_from_rows(&all, shape, first_line);
    }
    match grid_from_rows(&sure, shape, first_line) {
        // Dash lines may be rows of blanks: try them as rows when the rest is no grid.
        Err(e) if all.len() != sure.len() => grid_from_rows(&all, shape, first_line).map_err(|_| e),
        result => result,
    }
}

/// The cells of a row in character mode: every symbol but `|`, `+` and spaces, with its
/// 1-based column.
fn row_cells(text: &str) -> Vec<(usize, char)> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != '|' && *c != '+')
        .map(|(k, c)| (k + 1, c))
        .collect()
}

fn row_words(text: &str) -> Vec<(usize, &str)> {
    words_with_columns(text)
        .flat_map(|(col, w)| {
            // `|` and `+` separate words too.
            let mut parts = Vec::new();
            let mut offset = 0;
            for part in w.split(['|', '+']) {
                if !part.is_empty() {
                    parts.push((col + offset, part));
                }
                offset += part.chars().count() + 1;
            }
            parts
        })
        .collect()
}

fn grid_from_rows(
    rows: &[(usize, &str)],
    shape: Option<Shape>,
    first_line: usize,
) -> Result<Parsed, ParseError> {
    // Numbers mode: every word a number or blank, some number with two digits, square.
    let words: Vec<Vec<(usize, &str)>> = rows.iter().map(|r| row_words(r.1)).collect();
    let numeric = words.iter().flatten().all(|(_, w)| is_number_or_blank(w))
        && words.iter().flatten().any(|(_, w)| w.len() >= 2)
        && words.iter().all(|w| w.len() == rows.len());
    if numeric {
        let flat: Vec<(usize, usize, &str)> = rows
            .iter()
            .zip(&words)
            .flat_map(|(r, ws)| ws.iter().map(move |&(c, w)| (r.0, c, w)))
            .collect();
        return numbers_to_grid(&flat, rows.len(), shape, first_line);
    }
    let cells: Vec<Vec<(usize, char)>> = rows.iter().map(|r| row_cells(r.1)).collect();
    let n = cells[0].len();
    for (r, c) in rows.iter().zip(&cells).skip(1) {
        if c.len() != n {
            return Err(ParseError::RaggedRows {
                line: r.0,
                found: c.len(),
                first_line: rows[0].0,
                expected: n,
            });
        }
    }
    if rows.len() != n {
        return Err(ParseError::NotSquare {
            rows: rows.len(),
            cols: n,
            line: first_line,
        });
    }
    if n > MAX_N {
        return Err(ParseError::Size {
            source: SizeError::Unsupported {
                n,
                why: "larger than 64x64",
            },
            line: first_line,
        });
    }
    let shape = Shape::fit(n, shape).map_err(|source| ParseError::Size {
        source,
        line: first_line,
    })?;
    let mut style = Style::default();
    let mut blank_seen = false;
    let mut grid = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().zip(&cells) {
        for &(column, ch) in row {
            let d =
                symbol_value(ch)
                    .filter(|&d| (d as usize) <= n)
                    .ok_or(ParseError::UnknownChar {
                        ch,
                        line: r.0,
                        column,
                        n,
                    })?;
            note_style(&mut style, &mut blank_seen, ch, d);
            grid.push(d);
        }
    }
    Ok(Parsed {
        grid: Grid { shape, cells: grid },
        style,
    })
}
