//! Polyomino packing as exact cover: pieces placed on a board so that every cell of the board
//! is covered exactly once.
//!
//! # The encoding
//!
//! Items: one primary item per piece (named by its one-character glyph, `F`, `I`, ...), then
//! one primary item per board cell, in row-major order, named by two base-36 digits `rc`
//! (`00`, `01`, ..., `0a`, ..., `59`) when both sides are at most 36, else `r.c` in decimal.
//! A piece that may be left out ([`Piece::optional`]) has a secondary item instead, after the
//! primary ones.
//!
//! Options: for each piece in order, for each of its distinct orientations in increasing order
//! (an orientation is its sorted list of `(row, col)` cells, moved to touch row 0 and column
//! 0, and compared lexicographically), for each position of its top-left corner in row-major
//! order, if every cell is on the board: the piece item, then the covered cells in row-major
//! order. This is the order of the shared files `pento-*.dlx`: [`Packing::pentominoes`] and
//! [`Packing::scott`] write them byte for byte.
//!
//! # Symmetry breaking
//!
//! [`Piece::quadrant`] keeps only the placements whose bounding box has its centre in the
//! top-left quadrant of the board, midlines included. When the board is symmetric under both
//! mirrors (which [`Packing::new`] demands) every solution has an image under the mirrors that
//! satisfies this, so no solution is lost; the 9356 solutions of the 6x10 rectangle become its
//! 2339 distinct ones. A solution whose restricted piece sits on a midline (possible only when
//! a side of the board is odd, or on a square board under its diagonal mirrors, which are not
//! broken at all) is still counted with its mirror image: Scott's board gives 130 = 65 x 2
//! with the X in a quadrant, and 3x20 gives 4 = 2 x 2 (the X is always on the middle row).
//!
//! # Identical copies
//!
//! A piece with `copies = m > 1` gets items `A#1 .. A#m`. To count each packing once, not
//! once per labelling of the copies, copy `k + 1` must start after copy `k` in row-major
//! order of their first cells. Secondary items `A#k<c`, one per copy and board cell, enforce
//! it: copy `k` placed with first cell `a` takes `A#k<c` for every cell `c <= a`, and copy
//! `k + 1` placed with first cell `b` takes `A#k<c` for every `c >= b`; the two clash exactly
//! when `b <= a`. (For an optional piece, the labels of the copies left out are still free,
//! so a packing using `j` of `m` copies is found `m! / (j! (m - j)!)` times.)
//!
//! # The text format
//!
//! Users describe their own puzzles in a small line-oriented format, read by [`parse`] or
//! [`Packing::from_text`]:
//!
//! ```text
//! // Comments start with `//`. This is Scott's board: a chessboard without its centre.
//! board
//! ########
//! ########
//! ########
//! ###--###
//! ###--###
//! ########
//! ########
//! ########
//!
//! // The twelve pentominoes, free to turn and flip.
//! pieces pentominoes
//! ```
//!
//! and a smaller one with pieces of one's own:
//!
//! ```text
//! board 3x4
//! pieces tetrominoes L: one-sided
//! piece A: x2
//! ##
//! #
//! piece b: fixed optional
//! ##
//! ```
//!
//! - `board HxW` is a rectangle of H rows and W columns. `board` alone is followed by a
//!   drawing of the board, one line a row: `#` or `.` is a cell, a space or `-` is a hole (use
//!   `-` for a row that is all holes, since a blank line ends the drawing). Either `#` or `.`
//!   may mark cells, but not both in one drawing. Empty rows and columns at the edges are
//!   trimmed.
//! - `pieces FAMILY [GLYPH ...] [: FLAGS]` adds pieces from a family: `pentominoes` (F I L N P
//!   T U V W X Y Z), `tetrominoes` (I O T L S; also J and Z, the mirror images of L and S, if
//!   asked for by name), `trominoes` (I L), `domino` (D), `monomino` (M). Without glyphs, the
//!   whole family (its default members).
//! - `piece GLYPH [: FLAGS]` is followed by a drawing of the piece, drawn like a board. A
//!   glyph is one character other than a space, `#`, `.`, `-`, `:`, `|`, `/` or `<`; it is
//!   the piece's name and what the rendering shows on its cells. Glyphs must be distinct.
//! - Flags: `free` (the default: all rotations and reflections), `one-sided` (rotations only),
//!   `fixed` (as drawn), `optional` (the piece may be left out, for boards smaller than the
//!   pieces), `xN` (N identical copies, told apart in a drawn solution by their numbers:
//!   `A1` ... `AN`, see [`Tiling`]), `quadrant` (symmetry breaking, see above; one copy
//!   only).
//! - A line whose first non-blank characters are `//` is a comment, even inside a drawing. A
//!   line that starts with a letter is a keyword line (`board`, `pieces`, `piece`), so
//!   drawings cannot be indented and pieces cannot be drawn with letters. Blank lines end
//!   drawings and are otherwise ignored. Errors name the line and column.
//!
//! ```
//! use dlx_engine::{Config, Links, Search};
//! use dlx_puzzles::{Packing, Puzzle};
//!
//! let text = "board 3x4\npieces tetrominoes L: one-sided\npiece A: x2\n##\n#\n\
//!             piece b: fixed optional\n##\n";
//! let packing = Packing::from_text(text).unwrap();
//! let (first, _) = Links::new(packing.problem(), Config::default()).first();
//! let tiling = packing.decode(&first.unwrap()).unwrap();
//! packing.check(&tiling).unwrap();
//! // Three rows of four cells; the two copies of `A` are told apart as `A1` and `A2`.
//! let text = tiling.to_string();
//! assert_eq!(text.lines().count(), 3);
//! assert!(text.lines().all(|l| l.split_whitespace().count() == 4));
//! assert!(text.contains("A1") && text.contains("A2"));
//!
//! let err = Packing::from_text("board 3x4\npiece AB\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 7: `AB` cannot name a piece: use one \
//!     character other than a space, `#`, `.`, `-`, `:`, `|`, `/` and `<`");
//! ```

mod families;
mod pieces;
mod text;

use std::fmt;

use dlx_engine::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::{DecodeError, Invalid, Puzzle};

pub use families::{FAMILIES, family, family_member, pentominoes};
pub use pieces::{
    Board, Cell, MAX_ENTRIES, MAX_OPTIONS, MAX_SIDE, Orientations, PackingError, Piece, Shape,
    is_valid_glyph,
};
pub use text::{ParseError, ParseErrorKind, Spec, TextError, parse};
// For the unit tests in `tests/unit`.
#[doc(hidden)]
pub use text::{MAX_COPIES, parse_size};

/// Where option `k` puts its piece.
#[derive(Clone, Debug)]
struct Placement {
    /// Index into `Packing::pieces`.
    piece: u32,
    /// Which copy, from 0.
    copy: u32,
    /// `Packing::cells[start..start + len]`, `len` = the piece's size.
    start: u32,
}

/// Polyominoes to be packed into a board, as an exact-cover problem.
///
/// Invariant: option `k` of `problem` is `placements[k]`, whose cells are
/// `cells[start .. start + pieces[piece].shape.len()]`.
#[derive(Clone, Debug)]
pub struct Packing {
    board: Board,
    pieces: Vec<Piece>,
    problem: Problem,
    placements: Vec<Placement>,
    cells: Vec<Cell>,
}

impl Packing {
    /// The twelve pentominoes on a `height x width` rectangle (area 60: 6x10, 5x12, 4x15,
    /// 3x20, or turned). With `x_quadrant`, the X is kept in the top-left quadrant.
    pub fn pentominoes(
        height: usize,
        width: usize,
        x_quadrant: bool,
    ) -> Result<Packing, PackingError> {
        Packing::new(Board::rectangle(height, width)?, pentomino_set(x_quadrant))
    }

    /// The twelve pentominoes on Scott's board ([`Board::scott`]).
    pub fn scott(x_quadrant: bool) -> Result<Packing, PackingError> {
        Packing::new(Board::scott(), pentomino_set(x_quadrant))
    }

    /// A puzzle written in the [text format](self).
    pub fn from_text(text: &str) -> Result<Packing, TextError> {
        let spec = parse(text)?;
        Ok(Packing::new(spec.board, spec.pieces)?)
    }

    /// Sets up the exact-cover problem of packing `pieces` into `board`.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Result<Packing, PackingError> {
        validate(&board, &pieces)?;
        let (h, w) = (i64::from(board.height), i64::from(board.width));
        // The row-major number of each square's cell among the board's cells.
        let mut number = vec![u32::MAX; board.cells.len()];
        for (k, c) in board.cells().enumerate() {
            number[(c.row * board.width + c.col) as usize] = k as u32;
        }
        let cell_list: Vec<Cell> = board.cells().collect();

        let mut b = ProblemBuilder::new();
        let copy_name = |p: &Piece, k: u32| {
            if p.copies == 1 {
                p.glyph.to_string()
            } else {
                format!("{}#{}", p.glyph, k + 1)
            }
        };
        // copy_item[p][k]: the item of copy k of piece p.
        let mut copy_item: Vec<Vec<ItemId>> = vec![Vec::new(); pieces.len()];
        for (p, piece) in pieces.iter().enumerate().filter(|(_, p)| !p.optional) {
            for k in 0..piece.copies {
                copy_item[p].push(b.primary(&copy_name(piece, k))?);
            }
        }
        let cell_item: Vec<ItemId> = cell_list
            .iter()
            .map(|&c| b.primary(&board.cell_name(c)))
            .collect::<Result<_, _>>()?;
        for (p, piece) in pieces.iter().enumerate().filter(|(_, p)| p.optional) {
            for k in 0..piece.copies {
                copy_item[p].push(b.secondary(&copy_name(piece, k))?);
            }
        }
        // order_item[p][k][c]: `A#k<c`, for copies k + 1 < copies.
        let mut order_item: Vec<Vec<Vec<ItemId>>> = vec![Vec::new(); pieces.len()];
        for (p, piece) in pieces.iter().enumerate() {
            for k in 0..piece.copies.saturating_sub(1) {
                let items = cell_list
                    .iter()
                    .map(|&c| {
                        let name = format!("{}<{}", copy_name(piece, k), board.cell_name(c));
                        b.secondary(&name)
                    })
                    .collect::<Result<_, _>>()?;
                order_item[p].push(items);
            }
        }

        let mut placements = Vec::new();
        let mut cells = Vec::new();
        let mut entries = Vec::new();
        let mut entry_total = 0usize;
        for (p, piece) in pieces.iter().enumerate() {
            let orientations = piece.shape.orientations(piece.orientations);
            for k in 0..piece.copies {
                for shape in &orientations {
                    let (sh, sw) = (i64::from(shape.height()), i64::from(shape.width()));
                    for dr in 0..=(h - sh) {
                        for dc in 0..=(w - sw) {
                            let fits = shape.cells().iter().all(|c| {
                                board.contains(i64::from(c.row) + dr, i64::from(c.col) + dc)
                            });
                            // The bounding box's centre, doubled, is (2 dr + sh - 1, 2 dc + sw - 1);
                            // the board's is (h - 1, w - 1). Top-left quadrant, midlines included:
                            // 2 dr + sh - 1 <= h - 1, and the same for columns.
                            let in_quadrant = 2 * dr + sh <= h && 2 * dc + sw <= w;
                            if !fits || (piece.quadrant && !in_quadrant) {
                                continue;
                            }
                            entries.clear();
                            entries.push((copy_item[p][k as usize], None));
                            let start = cells.len() as u32;
                            for c in shape.cells() {
                                let cell = Cell::new(c.row + dr as u32, c.col + dc as u32);
                                let n = number[(cell.row * board.width + cell.col) as usize];
                                entries.push((cell_item[n as usize], None));
                                cells.push(cell);
                            }
                            // The shape's cells are sorted, so the first is the top-left one.
                            let c0 = cells[start as usize];
                            let first = number[(c0.row * board.width + c0.col) as usize] as usize;
                            if let Some(mine) = order_item[p].get(k as usize) {
                                entries.extend(mine[..=first].iter().map(|&i| (i, None)));
                            }
                            if k > 0 {
                                let before = &order_item[p][k as usize - 1];
                                entries.extend(before[first..].iter().map(|&i| (i, None)));
                            }
                            entry_total += entries.len();
                            if placements.len() >= MAX_OPTIONS || entry_total > MAX_ENTRIES {
                                return Err(PackingError::TooLarge);
                            }
                            b.option(&entries)?;
                            placements.push(Placement {
                                piece: p as u32,
                                copy: k,
                                start,
                            });
                        }
                    }
                }
            }
        }
        Ok(Packing {
            board,
            pieces,
            problem: b.build(),
            placements,
            cells,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces, in item order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece (index into [`Packing::pieces`]), the copy (from 0) and the cells of option
    /// `o`.
    pub fn placement(&self, o: OptionId) -> Option<(usize, u32, &[Cell])> {
        let pl = self.placements.get(o.index())?;
        let len = self.pieces[pl.piece as usize].shape.len();
        let cells = &self.cells[pl.start as usize..pl.start as usize + len];
        Some((pl.piece as usize, pl.copy, cells))
    }
}

fn pentomino_set(x_quadrant: bool) -> Vec<Piece> {
    let mut pieces = pentominoes();
    for p in &mut pieces {
        p.quadrant = x_quadrant && p.glyph == 'X';
    }
    pieces
}

fn validate(board: &Board, pieces: &[Piece]) -> Result<(), PackingError> {
    if board.cell_count() == 0 {
        return Err(PackingError::EmptyBoard);
    }
    if pieces.is_empty() {
        return Err(PackingError::NoPieces);
    }
    let (mut total, mut required) = (0usize, 0usize);
    for (k, p) in pieces.iter().enumerate() {
        if !is_valid_glyph(p.glyph) {
            return Err(PackingError::BadGlyph(p.glyph));
        }
        if pieces[..k].iter().any(|q| q.glyph == p.glyph) {
            return Err(PackingError::DuplicateGlyph(p.glyph));
        }
        if p.copies == 0 {
            return Err(PackingError::NoCopies(p.glyph));
        }
        if p.quadrant && p.copies > 1 {
            return Err(PackingError::QuadrantCopies(p.glyph));
        }
        if p.quadrant && !board.is_mirror_symmetric() {
            return Err(PackingError::QuadrantAsymmetric(p.glyph));
        }
        let area = p.shape.len().saturating_mul(p.copies as usize);
        total = total.saturating_add(area);
        if !p.optional {
            required = required.saturating_add(area);
        }
    }
    let cells = board.cell_count();
    // Size guards before anything is allocated: the order items, and an upper bound on the
    // entries that counts every position inside the board's bounding rectangle.
    let (h, w) = (board.height as usize, board.width as usize);
    let mut order_items = 0usize;
    let mut entries = 0usize;
    for p in pieces {
        let copies = p.copies as usize;
        order_items = order_items.saturating_add((copies - 1).saturating_mul(cells));
        for o in p.shape.orientations(p.orientations) {
            let (sh, sw) = (o.height() as usize, o.width() as usize);
            if sh <= h && sw <= w {
                let positions = (h - sh + 1) * (w - sw + 1);
                // Each option: the piece, its cells, and at most `cells` order items.
                let per = 1 + o.len() + if copies > 1 { cells } else { 0 };
                entries = entries.saturating_add(copies.saturating_mul(positions * per));
            }
        }
    }
    if order_items > MAX_ENTRIES || entries > MAX_ENTRIES {
        return Err(PackingError::TooLarge);
    }
    if total < cells {
        return Err(PackingError::PiecesTooSmall {
            board: cells,
            pieces: total,
        });
    }
    if required > cells {
        return Err(PackingError::PiecesTooLarge {
            board: cells,
            pieces: required,
        });
    }
    Ok(())
}

/// What a square of a [`Tiling`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Not part of the board.
    Hole,
    /// A cell not covered (yet).
    Empty,
    /// A cell covered by the piece with this glyph.
    Piece(char),
}

/// One piece as placed in a [`Tiling`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    /// Index of the piece in [`Packing::pieces`].
    pub piece: usize,
    /// Its glyph.
    pub glyph: char,
    /// Which of the piece's identical copies it is, from 0 (always 0 for a piece with one
    /// copy).
    pub copy: u32,
    /// The cells it covers, row-major.
    pub cells: Vec<Cell>,
}

/// A (possibly partial) packing: which piece covers each cell.
///
/// Invariants: `squares.len() == numbers.len() == height * width`; `squares[r * width + c]`
/// is `Piece(g)` exactly for the cells of the placed pieces with glyph `g`, and
/// `numbers[r * width + c]` is `copy + 1` ([`PlacedPiece::copy`]) for the cells of a placed
/// piece with several copies, 0 elsewhere; `most_copies` is the largest [`Piece::copies`] of
/// the packing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiling {
    // The fields are `pub` (hidden) for the unit tests in `tests/unit`, which build tilings
    // the validator must reject.
    #[doc(hidden)]
    pub height: u32,
    #[doc(hidden)]
    pub width: u32,
    #[doc(hidden)]
    pub squares: Vec<Square>,
    #[doc(hidden)]
    pub numbers: Vec<u32>,
    #[doc(hidden)]
    pub most_copies: u32,
    #[doc(hidden)]
    pub placed: Vec<PlacedPiece>,
}

impl Tiling {
    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// What square `(row, col)` shows (`Hole` outside the board).
    pub fn square(&self, row: u32, col: u32) -> Square {
        if row < self.height && col < self.width {
            self.squares[(row * self.width + col) as usize]
        } else {
            Square::Hole
        }
    }

    /// The number, from 1, of the copy that covers square `(row, col)` when its piece has
    /// several identical copies; `None` for a piece with one copy and for a square no piece
    /// covers.
    pub fn copy_number(&self, row: u32, col: u32) -> Option<u32> {
        if row < self.height && col < self.width {
            Some(self.numbers[(row * self.width + col) as usize]).filter(|&n| n > 0)
        } else {
            None
        }
    }

    /// The squares row by row, for a graphical view.
    pub fn rows(&self) -> impl Iterator<Item = &[Square]> + '_ {
        self.squares.chunks(self.width as usize)
    }

    /// The pieces placed, in the order of the options.
    pub fn placed(&self) -> &[PlacedPiece] {
        &self.placed
    }

    /// Whether every cell is covered.
    pub fn is_complete(&self) -> bool {
        !self.squares.contains(&Square::Empty)
    }
}

/// One line a row: the glyph of the piece on each cell, `.` for an uncovered cell and a space
/// for a hole.
///
/// When a piece of the packing has several identical copies, one glyph would not tell them
/// apart: each square is then its glyph followed by the copy's number from 1 (`D1`, `D2`,
/// ...; a piece with one copy, `.` and a hole are padded with spaces to the same width), and
/// the squares of a row are separated by a space:
///
/// ```text
/// D1 D1 D2 D2
/// D3 D3 D4 D4
/// ```
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.most_copies > 1 {
            let width = 1 + self.most_copies.to_string().len();
            for (r, row) in self.rows().enumerate() {
                let mut line = String::new();
                for (c, s) in row.iter().enumerate() {
                    if c > 0 {
                        line.push(' ');
                    }
                    let square = match s {
                        Square::Hole => String::new(),
                        Square::Empty => ".".to_string(),
                        Square::Piece(g) => match self.numbers[r * self.width as usize + c] {
                            0 => g.to_string(),
                            n => format!("{g}{n}"),
                        },
                    };
                    line.push_str(&format!("{square:<width$}"));
                }
                writeln!(f, "{line}")?;
            }
            return Ok(());
        }
        for row in self.rows() {
            let line: String = row
                .iter()
                .map(|s| match s {
                    Square::Hole => ' ',
                    Square::Empty => '.',
                    Square::Piece(g) => *g,
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The eight symmetries of the square as matrices `m`: `(r, c) -> (m[0] r + m[1] c,
/// m[2] r + m[3] c)`. The first four are rotations (determinant 1), the last four reflections.
/// Used by the validator, independently of [`Shape::orientations`].
const SYMMETRIES: [[i64; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, -1, 0],
    [-1, 0, 0, -1],
    [0, -1, 1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, -1, -1, 0],
];

/// The cells moved to touch row 0 and column 0, sorted.
fn canonical(cells: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    v.sort_unstable();
    v
}

impl Puzzle for Packing {
    type Board = Tiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Result<Tiling, DecodeError> {
        let b = &self.board;
        let mut squares: Vec<Square> = b
            .cells
            .iter()
            .map(|&c| if c { Square::Empty } else { Square::Hole })
            .collect();
        let mut used: Vec<Vec<bool>> = self
            .pieces
            .iter()
            .map(|p| vec![false; p.copies as usize])
            .collect();
        let mut numbers = vec![0; squares.len()];
        let mut placed = Vec::with_capacity(options.len());
        for &o in options {
            let (p, k, cells) = self.placement(o).ok_or(DecodeError::UnknownOption(o.0))?;
            let glyph = self.pieces[p].glyph;
            if std::mem::replace(&mut used[p][k as usize], true) {
                return Err(DecodeError::Conflict {
                    option: o.0,
                    what: format!("piece `{glyph}`, copy {}", k + 1),
                });
            }
            for c in cells {
                let sq = &mut squares[(c.row * b.width + c.col) as usize];
                if *sq != Square::Empty {
                    return Err(DecodeError::Conflict {
                        option: o.0,
                        what: format!("cell ({}, {})", c.row, c.col),
                    });
                }
                *sq = Square::Piece(glyph);
                if self.pieces[p].copies > 1 {
                    numbers[(c.row * b.width + c.col) as usize] = k + 1;
                }
            }
            placed.push(PlacedPiece {
                piece: p,
                glyph,
                copy: k,
                cells: cells.to_vec(),
            });
        }
        Ok(Tiling {
            height: b.height,
            width: b.width,
            squares,
            numbers,
            most_copies: self.pieces.iter().map(|p| p.copies).max().unwrap_or(1),
            placed,
        })
    }

    /// Checks from the placed pieces alone: each is an allowed rotation or reflection of its
    /// piece (found by trying the eight symmetries of the square), every board cell is
    /// covered exactly once and nothing else is, and each piece is used as often as it must
    /// be (exactly `copies` times, or at most that many if optional).
    fn check(&self, tiling: &Tiling) -> Result<(), Invalid> {
        let b = &self.board;
        let mut cover = vec![0u32; b.cells.len()];
        let mut uses = vec![0u32; self.pieces.len()];
        for pp in &tiling.placed {
            let piece = self
                .pieces
                .get(pp.piece)
                .ok_or_else(|| Invalid(format!("no piece number {}", pp.piece)))?;
            let allowed = match piece.orientations {
                Orientations::Free => 8,
                Orientations::OneSided => 4,
                Orientations::Fixed => 1,
            };
            let have: Vec<(i64, i64)> = pp
                .cells
                .iter()
                .map(|c| (i64::from(c.row), i64::from(c.col)))
                .collect();
            let have = canonical(&have);
            let matches = SYMMETRIES[..allowed].iter().any(|m| {
                let image: Vec<(i64, i64)> = piece
                    .shape
                    .cells()
                    .iter()
                    .map(|c| {
                        let (r, c) = (i64::from(c.row), i64::from(c.col));
                        (m[0] * r + m[1] * c, m[2] * r + m[3] * c)
                    })
                    .collect();
                canonical(&image) == have
            });
            if !matches {
                return Err(Invalid(format!(
                    "the cells of `{}` do not form its shape in an allowed orientation",
                    piece.glyph
                )));
            }
            for c in &pp.cells {
                if !b.contains(i64::from(c.row), i64::from(c.col)) {
                    return Err(Invalid(format!(
                        "`{}` covers ({}, {}), which is not a cell of the board",
                        piece.glyph, c.row, c.col
                    )));
                }
                cover[(c.row * b.width + c.col) as usize] += 1;
            }
            uses[pp.piece] += 1;
        }
        for c in b.cells() {
            let n = cover[(c.row * b.width + c.col) as usize];
            if n != 1 {
                return Err(Invalid(format!(
                    "cell ({}, {}) is covered {n} times",
                    c.row, c.col
                )));
            }
        }
        for (p, &u) in self.pieces.iter().zip(&uses) {
            if u > p.copies || (!p.optional && u < p.copies) {
                return Err(Invalid(format!(
                    "`{}` is used {u} times, with {} copies{}",
                    p.glyph,
                    p.copies,
                    if p.optional { "" } else { " all required" }
                )));
            }
        }
        Ok(())
    }
}
