//! The geometry of a packing, below the packing itself, its families and its text format:
//! [`Cell`], [`Shape`] and its [`Orientations`], [`Piece`], [`Board`], and [`PackingError`].

use dlx_engine::BuildError;

/// The longest side of a board, in cells.
pub const MAX_SIDE: usize = 256;
/// The most options a packing may have.
pub const MAX_OPTIONS: usize = 1 << 22;
/// The most entries (items in options, summed over options) a packing may have. Checked
/// up front on an upper bound that counts every position in the board's bounding rectangle
/// (and every order item of a piece with copies), so a refused problem costs no time.
pub const MAX_ENTRIES: usize = 1 << 23;

/// A square of a grid: row 0 is the top, column 0 the left. Ordered row-major.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The row, from the top.
    pub row: u32,
    /// The column, from the left.
    pub col: u32,
}

impl Cell {
    /// The cell at `(row, col)`.
    pub fn new(row: u32, col: u32) -> Cell {
        Cell { row, col }
    }
}

/// The shape of a piece, independent of where it is.
///
/// Invariants: `cells` is non-empty, sorted row-major, without repeats, and touches row 0 and
/// column 0 (`min row == 0 && min col == 0`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    pub(crate) cells: Vec<Cell>,
}

/// Which orientations of a piece may be used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Orientations {
    /// All rotations and reflections (up to 8 distinct orientations). The default.
    #[default]
    Free,
    /// Rotations only (up to 4): the piece may not be turned over.
    OneSided,
    /// Only as given.
    Fixed,
}

impl Shape {
    /// The shape made of the given `(row, col)` cells, moved to touch row 0 and column 0.
    /// Repeats are ignored; `None` if there are no cells.
    pub fn new(cells: impl IntoIterator<Item = (u32, u32)>) -> Option<Shape> {
        Shape::normalized(cells.into_iter().map(|(r, c)| (i64::from(r), i64::from(c))))
    }

    fn normalized(cells: impl Iterator<Item = (i64, i64)>) -> Option<Shape> {
        let cells: Vec<(i64, i64)> = cells.collect();
        let r0 = cells.iter().map(|c| c.0).min()?;
        let c0 = cells.iter().map(|c| c.1).min()?;
        let mut cells: Vec<Cell> = cells
            .iter()
            .map(|&(r, c)| Cell::new((r - r0) as u32, (c - c0) as u32))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        Some(Shape { cells })
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of rows it spans.
    pub fn height(&self) -> u32 {
        self.cells.iter().map(|c| c.row + 1).max().unwrap_or(0)
    }

    /// The number of columns it spans.
    pub fn width(&self) -> u32 {
        self.cells.iter().map(|c| c.col + 1).max().unwrap_or(0)
    }

    /// The shape turned a quarter turn clockwise: `(r, c) -> (c, -r)`.
    pub fn rotated(&self) -> Shape {
        self.mapped(|r, c| (c, -r))
    }

    /// The shape mirrored left to right: `(r, c) -> (r, -c)`.
    pub fn reflected(&self) -> Shape {
        self.mapped(|r, c| (r, -c))
    }

    /// The shape with each cell `(r, c)` moved to `to(r, c)`, normalized.
    fn mapped(&self, to: impl Fn(i64, i64) -> (i64, i64)) -> Shape {
        let cells = self
            .cells
            .iter()
            .map(|c| to(i64::from(c.row), i64::from(c.col)));
        Shape::normalized(cells).unwrap_or_else(|| self.clone())
    }

    /// The distinct orientations allowed by `which`, in increasing order.
    pub fn orientations(&self, which: Orientations) -> Vec<Shape> {
        let mut all = vec![self.clone()];
        if which != Orientations::Fixed {
            for _ in 0..3 {
                let next = all[all.len() - 1].rotated();
                all.push(next);
            }
            if which == Orientations::Free {
                let mirrored: Vec<Shape> = all.iter().map(Shape::reflected).collect();
                all.extend(mirrored);
            }
        }
        all.sort();
        all.dedup();
        all
    }
}

/// One kind of piece in a packing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name, one character, shown on its cells when a tiling is rendered.
    pub glyph: char,
    /// Its shape.
    pub shape: Shape,
    /// Which orientations may be used.
    pub orientations: Orientations,
    /// How many identical copies there are (at least 1).
    pub copies: u32,
    /// Whether the piece may be left out (its item is secondary).
    pub optional: bool,
    /// Whether its placements are restricted to the top-left quadrant of the board, to break
    /// the board's mirror symmetries (see the [module docs](super)).
    pub quadrant: bool,
}

impl Piece {
    /// One required copy of `shape`, free to rotate and reflect.
    pub fn new(glyph: char, shape: Shape) -> Piece {
        Piece {
            glyph,
            shape,
            orientations: Orientations::Free,
            copies: 1,
            optional: false,
            quadrant: false,
        }
    }
}

/// Whether `g` may name a piece: printable, not blank, and not a character with a meaning in
/// drawings, item names or Knuth's format.
pub fn is_valid_glyph(g: char) -> bool {
    !g.is_whitespace() && !g.is_control() && !"#.-:|/<".contains(g)
}

/// The board: a rectangle of `height x width` squares, some of which are cells to cover and
/// the others holes.
///
/// Invariants: `cells.len() == height * width`; `cells[r * width + c]` says whether `(r, c)`
/// is a cell; both sides are between 1 and [`MAX_SIDE`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) height: u32,
    pub(crate) width: u32,
    pub(crate) cells: Vec<bool>,
}

impl Board {
    /// A full rectangle of `height` rows and `width` columns.
    pub fn rectangle(height: usize, width: usize) -> Result<Board, PackingError> {
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(PackingError::BoardSize { height, width });
        }
        Ok(Board {
            height: height as u32,
            width: width as u32,
            cells: vec![true; height * width],
        })
    }

    /// Dana Scott's board (1958): 8x8 without the 2x2 square in the middle.
    pub fn scott() -> Board {
        let cells = (0..64u32)
            .map(|k| !matches!((k / 8, k % 8), (3 | 4, 3 | 4)))
            .collect();
        Board {
            height: 8,
            width: 8,
            cells,
        }
    }

    /// The board made of the given `(row, col)` cells, trimmed to their bounding box.
    pub fn from_cells(cells: impl IntoIterator<Item = (u32, u32)>) -> Result<Board, PackingError> {
        let shape = Shape::new(cells).ok_or(PackingError::EmptyBoard)?;
        let (height, width) = (shape.height() as usize, shape.width() as usize);
        if height > MAX_SIDE || width > MAX_SIDE {
            return Err(PackingError::BoardSize { height, width });
        }
        let mut board = Board {
            height: height as u32,
            width: width as u32,
            cells: vec![false; height * width],
        };
        for c in shape.cells() {
            board.cells[c.row as usize * width + c.col as usize] = true;
        }
        Ok(board)
    }

    /// The number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Whether `(row, col)` is a cell of the board (false for holes and outside squares).
    pub fn contains(&self, row: i64, col: i64) -> bool {
        (0..i64::from(self.height)).contains(&row)
            && (0..i64::from(self.width)).contains(&col)
            && self.cells[(row * i64::from(self.width) + col) as usize]
    }

    /// The cells, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let w = self.width;
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c)
            .map(move |(k, _)| Cell::new(k as u32 / w, k as u32 % w))
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c).count()
    }

    /// The item name of a cell: two base-36 digits when both sides are at most 36, else
    /// `row.col` in decimal.
    pub fn cell_name(&self, cell: Cell) -> String {
        if self.height <= 36 && self.width <= 36 {
            let d = |v: u32| char::from_digit(v, 36).unwrap_or('?');
            [d(cell.row), d(cell.col)].iter().collect()
        } else {
            format!("{}.{}", cell.row, cell.col)
        }
    }

    /// Whether the board is its own image under the top-bottom and the left-right mirrors.
    pub fn is_mirror_symmetric(&self) -> bool {
        let (h, w) = (i64::from(self.height), i64::from(self.width));
        self.cells().all(|c| {
            let (r, c) = (i64::from(c.row), i64::from(c.col));
            self.contains(h - 1 - r, c) && self.contains(r, w - 1 - c)
        })
    }
}

/// Why a packing could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackingError {
    /// A side of the board is 0 or more than [`MAX_SIDE`].
    #[error("a {height}x{width} board: each side must be between 1 and {MAX_SIDE}")]
    BoardSize {
        /// Rows asked for.
        height: usize,
        /// Columns asked for.
        width: usize,
    },
    /// The board has no cells.
    #[error("the board has no cells")]
    EmptyBoard,
    /// No pieces were given.
    #[error("no pieces")]
    NoPieces,
    /// A glyph is not a valid piece name.
    #[error("`{0}` cannot name a piece (use a letter, digit or other visible character)")]
    BadGlyph(char),
    /// Two pieces share a glyph.
    #[error("two pieces are named `{0}`")]
    DuplicateGlyph(char),
    /// A piece has no copies.
    #[error("piece `{0}` has 0 copies")]
    NoCopies(char),
    /// The pieces are too small to cover the board.
    #[error("the pieces cover at most {pieces} cells, fewer than the board's {board}")]
    PiecesTooSmall {
        /// Cells of the board.
        board: usize,
        /// Cells of all pieces, copies included.
        pieces: usize,
    },
    /// The pieces that must be used do not fit in the board.
    #[error(
        "the pieces that must be used cover {pieces} cells, more than the board's {board} \
         (mark some `optional`?)"
    )]
    PiecesTooLarge {
        /// Cells of the board.
        board: usize,
        /// Cells of the required pieces, copies included.
        pieces: usize,
    },
    /// A piece restricted to a quadrant, on a board without both mirror symmetries.
    #[error(
        "piece `{0}` is restricted to a quadrant, but the board is not symmetric under \
         both mirrors"
    )]
    QuadrantAsymmetric(char),
    /// A piece with several copies restricted to a quadrant.
    #[error("piece `{0}` has several copies and cannot be restricted to a quadrant")]
    QuadrantCopies(char),
    /// The problem would exceed [`MAX_OPTIONS`] or [`MAX_ENTRIES`].
    #[error(
        "the problem is too large (over {MAX_OPTIONS} options or {MAX_ENTRIES} entries); \
         use a smaller board or fewer pieces"
    )]
    TooLarge,
    /// The engine refused the problem (should not happen).
    #[error("building the problem failed: {0}")]
    Build(#[from] BuildError),
}
