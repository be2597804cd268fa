//! The text format for packing puzzles (described in the [module docs](super)): its parser
//! and its errors.

use std::collections::HashMap;

use dlx_engine::format::{self, words};

use super::families::{family, family_member};
use super::pieces::{Board, MAX_SIDE, Orientations, PackingError, Piece, Shape, is_valid_glyph};

impl Shape {
    /// The shape drawn in `drawing`, one line a row: `#` or `.` a cell, space or `-` a hole
    /// (the drawing rules of the [text format](super)).
    pub fn from_drawing(drawing: &str) -> Result<Shape, ParseError> {
        shape_from_drawing(drawing)
    }
}

/// The most copies of one piece.
pub const MAX_COPIES: u32 = 10_000;

/// A parsed puzzle: the board and the pieces, ready for [`Packing::new`](super::Packing::new).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The board.
    pub board: Board,
    /// The pieces, in the order they were given.
    pub pieces: Vec<Piece>,
}

/// `x` as text with its control characters escaped (`\0`, `\u{1b}`), for messages.
fn shown(x: impl std::fmt::Display) -> String {
    format::shown(&x.to_string())
}

/// What is wrong, without the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A line that should start with a keyword does not.
    #[error("unknown keyword `{}` (expected `board`, `piece` or `pieces`)", shown(.0))]
    UnknownKeyword(String),
    /// A drawing line where no drawing is open.
    #[error("a drawing line outside a `board` or `piece` section")]
    StrayDrawing,
    /// A character that drawings do not use.
    #[error("unexpected `{}` in a drawing (use `#` or `.` for a cell, space or `-` for a hole)", shown(.0))]
    DrawingChar(char),
    /// One drawing marks cells with both `#` and `.`.
    #[error("this drawing marks cells with both `#` and `.`; use one of them")]
    MixedMarks,
    /// A drawing without cells.
    #[error("the drawing of {} has no cells", shown(.0))]
    EmptyDrawing(String),
    /// A drawing or rectangle larger than [`MAX_SIDE`].
    #[error("the board or piece is larger than {MAX_SIDE} squares on a side")]
    TooLarge,
    /// A second board.
    #[error("a second board (the first is on line {0})")]
    SecondBoard(usize),
    /// A rectangle size that does not read as `HxW`.
    #[error("`{}` is not a board size like `6x10` (sides from 1 to {MAX_SIDE})", shown(.0))]
    BadSize(String),
    /// Text after a keyword that takes none.
    #[error("unexpected `{}`", shown(.0))]
    Unexpected(String),
    /// A family name not known.
    #[error("unknown family `{}` (known: pentominoes, tetrominoes, trominoes, domino, monomino)", shown(.0))]
    UnknownFamily(String),
    /// `pieces FAMILY G` with a glyph not in the family.
    #[error("the {} have no piece `{}`", shown(.family), shown(.glyph))]
    UnknownMember {
        /// The family.
        family: String,
        /// The glyph asked for.
        glyph: String,
    },
    /// `pieces` without a family.
    #[error("`pieces` needs a family name, for example `pieces pentominoes`")]
    MissingFamily,
    /// `piece` without a glyph.
    #[error("`piece` needs a name, one character, for example `piece A`")]
    MissingGlyph,
    /// A glyph that is not one allowed character.
    #[error(
        "`{}` cannot name a piece: use one character other than a space, `#`, `.`, `-`, `:`, \
         `|`, `/` and `<`", shown(.0))]
    BadGlyph(String),
    /// A glyph used twice.
    #[error("piece `{}` is already given on line {first_line}", shown(.glyph))]
    DuplicateGlyph {
        /// The glyph.
        glyph: char,
        /// Where it was first given.
        first_line: usize,
    },
    /// An unknown flag.
    #[error(
        "unknown flag `{}` (known: free, one-sided, fixed, optional, quadrant, and xN for N \
         copies)", shown(.0))]
    UnknownFlag(String),
    /// Two flags that exclude each other.
    #[error("flags `{}` and `{}` exclude each other", shown(.0), shown(.1))]
    ConflictingFlags(String, String),
    /// A bad number of copies.
    #[error("`{}`: the number of copies must be between 1 and {MAX_COPIES}", shown(.0))]
    BadCopies(String),
    /// `quadrant` on a piece with copies.
    #[error("`quadrant` applies to a piece with one copy only")]
    QuadrantCopies,
    /// No `board`.
    #[error("no board: add `board HxW` or `board` and a drawing")]
    NoBoard,
    /// No pieces.
    #[error("no pieces: add `pieces pentominoes` or a `piece` with a drawing")]
    NoPieces,
}

/// A parse error with its position (`line`, `column`, both 1-based, the column in characters).
pub type ParseError = format::Located<ParseErrorKind>;

/// Either error of [`Packing::from_text`](super::Packing::from_text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TextError {
    /// The text does not follow the format.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The puzzle it describes cannot be set up.
    #[error(transparent)]
    Packing(#[from] PackingError),
}

fn err(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
    ParseError { line, column, kind }
}

/// The cells of a drawing, given as `(line number, line)` rows.
fn drawing_cells(rows: &[(usize, &str)]) -> Result<Vec<(u32, u32)>, ParseError> {
    if rows.len() > MAX_SIDE {
        return Err(err(rows[MAX_SIDE].0, 1, ParseErrorKind::TooLarge));
    }
    let mut mark: Option<char> = None;
    let mut cells = Vec::new();
    for (r, &(line, row)) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                ' ' | '-' => continue,
                '#' | '.' => {}
                _ => return Err(err(line, c + 1, ParseErrorKind::DrawingChar(ch))),
            }
            if c >= MAX_SIDE {
                return Err(err(line, c + 1, ParseErrorKind::TooLarge));
            }
            if *mark.get_or_insert(ch) != ch {
                return Err(err(line, c + 1, ParseErrorKind::MixedMarks));
            }
            cells.push((r as u32, c as u32));
        }
    }
    Ok(cells)
}

pub(crate) fn shape_from_drawing(drawing: &str) -> Result<Shape, ParseError> {
    let rows: Vec<(usize, &str)> = drawing
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l))
        .collect();
    let cells = drawing_cells(&rows)?;
    Shape::new(cells).ok_or_else(|| err(1, 1, ParseErrorKind::EmptyDrawing("the piece".into())))
}

/// What the open drawing is for.
enum Target {
    Board,
    Piece(Piece),
}

/// A drawing being read: what it is for, its header line, its rows.
struct Drawing<'a> {
    target: Target,
    header: usize,
    rows: Vec<(usize, &'a str)>,
}

/// The flags after a `:`.
struct Flags {
    orientations: Orientations,
    copies: u32,
    optional: bool,
    quadrant: bool,
}

fn parse_flags(words: &[(usize, &str)], line: usize) -> Result<Flags, ParseError> {
    let mut flags = Flags {
        orientations: Orientations::Free,
        copies: 1,
        optional: false,
        quadrant: false,
    };
    let mut orientation_word: Option<&str> = None;
    let mut quadrant_col = 0;
    let mut copies_seen = false;
    for &(col, w) in words {
        let orientation = match w {
            "free" => Some(Orientations::Free),
            "one-sided" => Some(Orientations::OneSided),
            "fixed" => Some(Orientations::Fixed),
            _ => None,
        };
        if let Some(o) = orientation {
            if let Some(prev) = orientation_word {
                return Err(err(
                    line,
                    col,
                    ParseErrorKind::ConflictingFlags(prev.into(), w.into()),
                ));
            }
            orientation_word = Some(w);
            flags.orientations = o;
            continue;
        }
        match w {
            "optional" => flags.optional = true,
            "quadrant" => {
                flags.quadrant = true;
                quadrant_col = col;
            }
            _ => {
                let Some(n) = w.strip_prefix('x') else {
                    return Err(err(line, col, ParseErrorKind::UnknownFlag(w.into())));
                };
                let n: u32 = match n.parse() {
                    Ok(n) if (1..=MAX_COPIES).contains(&n) && !copies_seen => n,
                    Ok(_) if copies_seen => {
                        return Err(err(
                            line,
                            col,
                            ParseErrorKind::ConflictingFlags(
                                format!("x{}", flags.copies),
                                w.into(),
                            ),
                        ));
                    }
                    Ok(_) => return Err(err(line, col, ParseErrorKind::BadCopies(w.into()))),
                    Err(_) if n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty() => {
                        return Err(err(line, col, ParseErrorKind::BadCopies(w.into())));
                    }
                    Err(_) => return Err(err(line, col, ParseErrorKind::UnknownFlag(w.into()))),
                };
                copies_seen = true;
                flags.copies = n;
            }
        }
    }
    if flags.quadrant && flags.copies > 1 {
        return Err(err(line, quadrant_col, ParseErrorKind::QuadrantCopies));
    }
    Ok(flags)
}

impl Flags {
    fn apply(&self, piece: &mut Piece) {
        piece.orientations = self.orientations;
        piece.copies = self.copies;
        piece.optional = self.optional;
        piece.quadrant = self.quadrant;
    }
}

/// The single character of a glyph word.
fn glyph_of(w: &str, line: usize, col: usize) -> Result<char, ParseError> {
    let mut chars = w.chars();
    match (chars.next(), chars.next()) {
        (Some(g), None) if is_valid_glyph(g) => Ok(g),
        _ => Err(err(line, col, ParseErrorKind::BadGlyph(w.into()))),
    }
}

#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn parse_size(w: &str) -> Option<(usize, usize)> {
    let (h, rest) = w.split_once(['x', 'X'])?;
    let (h, rest): (usize, usize) = (h.parse().ok()?, rest.parse().ok()?);
    let ok = |v: usize| (1..=MAX_SIDE).contains(&v);
    (ok(h) && ok(rest)).then_some((h, rest))
}

/// The parser's state between lines.
struct Parser<'a> {
    board: Option<(Board, usize)>,
    pieces: Vec<Piece>,
    /// The line where each glyph was given.
    glyph_line: HashMap<char, usize>,
    drawing: Option<Drawing<'a>>,
}

impl<'a> Parser<'a> {
    fn add_piece(&mut self, piece: Piece, line: usize, col: usize) -> Result<(), ParseError> {
        if let Some(&first_line) = self.glyph_line.get(&piece.glyph) {
            return Err(err(
                line,
                col,
                ParseErrorKind::DuplicateGlyph {
                    glyph: piece.glyph,
                    first_line,
                },
            ));
        }
        self.glyph_line.insert(piece.glyph, line);
        self.pieces.push(piece);
        Ok(())
    }

    fn close_drawing(&mut self) -> Result<(), ParseError> {
        let Some(d) = self.drawing.take() else {
            return Ok(());
        };
        let cells = drawing_cells(&d.rows)?;
        match d.target {
            Target::Board => {
                let board = Board::from_cells(cells).map_err(|e| {
                    let kind = match e {
                        PackingError::EmptyBoard => {
                            ParseErrorKind::EmptyDrawing("the board".into())
                        }
                        _ => ParseErrorKind::TooLarge,
                    };
                    err(d.header, 1, kind)
                })?;
                self.board = Some((board, d.header));
            }
            Target::Piece(mut piece) => {
                piece.shape = Shape::new(cells).ok_or_else(|| {
                    err(
                        d.header,
                        1,
                        ParseErrorKind::EmptyDrawing(format!("piece `{}`", piece.glyph)),
                    )
                })?;
                self.pieces.push(piece);
            }
        }
        Ok(())
    }

    fn header(&mut self, line: usize, text: &'a str) -> Result<(), ParseError> {
        let (head, flag_words) = match text.split_once(':') {
            Some((head, tail)) => (head, Some(words(tail, head.chars().count() + 1))),
            None => (text, None),
        };
        let head = words(head, 0);
        let Some(&(kcol, keyword)) = head.first() else {
            return Err(err(line, 1, ParseErrorKind::UnknownKeyword(String::new())));
        };
        match keyword {
            "board" => {
                if let Some((_, first)) = &self.board {
                    return Err(err(line, kcol, ParseErrorKind::SecondBoard(*first)));
                }
                if let Some(&(col, w)) = flag_words.as_deref().and_then(<[_]>::first) {
                    return Err(err(line, col, ParseErrorKind::Unexpected(w.into())));
                }
                match head[1..] {
                    [] => {
                        self.drawing = Some(Drawing {
                            target: Target::Board,
                            header: line,
                            rows: Vec::new(),
                        });
                    }
                    [(col, size)] => {
                        let (h, w) = parse_size(size)
                            .ok_or_else(|| err(line, col, ParseErrorKind::BadSize(size.into())))?;
                        let board = Board::rectangle(h, w)
                            .map_err(|_| err(line, col, ParseErrorKind::BadSize(size.into())))?;
                        self.board = Some((board, line));
                    }
                    [_, (col, w), ..] => {
                        return Err(err(line, col, ParseErrorKind::Unexpected(w.into())));
                    }
                }
            }
            "pieces" => {
                let flags = parse_flags(flag_words.as_deref().unwrap_or(&[]), line)?;
                let Some(&(fcol, fam)) = head.get(1) else {
                    return Err(err(line, kcol, ParseErrorKind::MissingFamily));
                };
                let Some(defaults) = family(fam) else {
                    return Err(err(line, fcol, ParseErrorKind::UnknownFamily(fam.into())));
                };
                if head.len() == 2 {
                    for mut p in defaults {
                        flags.apply(&mut p);
                        self.add_piece(p, line, fcol)?;
                    }
                }
                for &(col, w) in &head[2..] {
                    let g = glyph_of(w, line, col)?;
                    let mut p = family_member(fam, g).ok_or_else(|| {
                        err(
                            line,
                            col,
                            ParseErrorKind::UnknownMember {
                                family: fam.into(),
                                glyph: w.into(),
                            },
                        )
                    })?;
                    flags.apply(&mut p);
                    self.add_piece(p, line, col)?;
                }
            }
            "piece" => {
                let flags = parse_flags(flag_words.as_deref().unwrap_or(&[]), line)?;
                let Some(&(gcol, gw)) = head.get(1) else {
                    return Err(err(line, kcol, ParseErrorKind::MissingGlyph));
                };
                if let Some(&(col, w)) = head.get(2) {
                    return Err(err(line, col, ParseErrorKind::Unexpected(w.into())));
                }
                let glyph = glyph_of(gw, line, gcol)?;
                if let Some(&first_line) = self.glyph_line.get(&glyph) {
                    return Err(err(
                        line,
                        gcol,
                        ParseErrorKind::DuplicateGlyph { glyph, first_line },
                    ));
                }
                self.glyph_line.insert(glyph, line);
                // The shape is filled in when the drawing ends.
                let mut piece = Piece::new(glyph, Shape::default_cell());
                flags.apply(&mut piece);
                self.drawing = Some(Drawing {
                    target: Target::Piece(piece),
                    header: line,
                    rows: Vec::new(),
                });
            }
            _ => {
                return Err(err(
                    line,
                    kcol,
                    ParseErrorKind::UnknownKeyword(keyword.into()),
                ));
            }
        }
        Ok(())
    }
}

impl Shape {
    /// A single cell, standing in until a drawing is read.
    fn default_cell() -> Shape {
        Shape {
            cells: vec![super::Cell::new(0, 0)],
        }
    }
}

/// Reads a puzzle in the text format (see the [module docs](super)).
pub fn parse(text: &str) -> Result<Spec, ParseError> {
    // A byte-order mark (Windows editors start UTF-8 files with one) is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut p = Parser {
        board: None,
        pieces: Vec::new(),
        glyph_line: HashMap::new(),
        drawing: None,
    };
    let mut last = 0;
    for (k, line) in text.lines().enumerate() {
        let lineno = k + 1;
        last = lineno;
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed.is_empty() {
            p.close_drawing()?;
            continue;
        }
        let indent = line.chars().count() - trimmed.chars().count();
        if trimmed.starts_with(|c: char| c.is_alphabetic()) {
            p.close_drawing()?;
            p.header(lineno, line)?;
            continue;
        }
        match &mut p.drawing {
            Some(d) => d.rows.push((lineno, line)),
            None => return Err(err(lineno, indent + 1, ParseErrorKind::StrayDrawing)),
        }
    }
    p.close_drawing()?;
    let end = last.max(1);
    let Some((board, _)) = p.board else {
        return Err(err(end, 1, ParseErrorKind::NoBoard));
    };
    if p.pieces.is_empty() {
        return Err(err(end, 1, ParseErrorKind::NoPieces));
    }
    Ok(Spec {
        board,
        pieces: p.pieces,
    })
}
