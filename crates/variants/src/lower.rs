//! Lowering: a [`Puzzle`] becomes an exact-cover problem with colors on `dlx-engine`, plus
//! what is needed to read a solution back as a grid and to name items and options in traces.
//!
//! # The encoding (`docs/variants.md` has the figures behind each choice)
//!
//! One option per candidate `d` of each cell `c` ("placement `d` at `c`") covers:
//! - the primary item of the cell (`p{r}{c}`), and the primary item "digit `d` in house `h`"
//!   of every house with `n` cells (rows `r{r}{d}`, columns `c{c}{d}`, regions `b{g}{d}`,
//!   diagonals, windows, disjoint groups, full extra regions: `h{h}.{d}`), as in Knuth's
//!   Sudoku encoding;
//! - the *secondary* item "digit `d` in house `h`" of a house with fewer cells (a small extra
//!   region, a cage without a sum), unless the house's cells already see each other;
//! - for each relation between two cells that forbids some pairs of digits (anti-knight,
//!   anti-king, the negative rules of dots and XV), one secondary item per "star": the pairs a
//!   digit of one cell forbids in the other are one item shared by the star's centre and its
//!   leaves (`n{a}.{b}.{x}`): at most one of them is chosen;
//! - the colored secondary item "value of `c`" (`v{r}{c}`, color `d`) when a clue reads the
//!   cell's value through colors.
//!
//! The clues:
//! - a **killer cage with a sum** of `k < n` cells is a house whose digits are a set `S` of
//!   `k` digits adding up to the sum: its `n` items "digit `d` in the cage" are primary; each
//!   placement in the cage covers its digit's item, and one option per possible set `S` (the
//!   cage's primary item `q{k}`) covers the items of the digits *not* in `S`. So each digit of
//!   `S` is placed once in the cage and no other digit at all: the combinations are the
//!   options, not the 9! fillings;
//! - a **thermometer** is one item whose options are its increasing fillings (a combination
//!   of its length, placed in order: at most C(n, L)), each coloring the cells' value items;
//! - an **arrow** and a **little killer** are linear sums of cell values (a circle of several
//!   cells reads `10 x + y`): one item whose options are the fillings when there are few;
//!   otherwise a chain of chunks of consecutive cells, each chunk an item whose options are
//!   (partial sum before, the chunk's digits, partial sum after), the partial sums being
//!   colored secondary items between chunks;
//! - a **sandwich** is one item whose options are the places `i < j` of the crusts (1 and
//!   `n`) and the set `S` of digits between them: it covers the items "digit `d` inside the
//!   sandwich" of the digits not in `S` and colors each cell of the line crust, in or out;
//!   the placements of the digits 2 to `n - 1` in the line come in two versions, inside
//!   (covering "digit `d` inside") and outside;
//! - a **dot or an XV** whose allowed pairs of digits are a partial bijection (X, V) is one
//!   colored secondary item the two cells color alike; otherwise (white and black dots) one
//!   item whose options are the allowed pairs, coloring the two cells' value items;
//! - **even and odd** cells, thermometer positions and the digits no clue allows only remove
//!   candidates.
//!
//! Givens, and then every primary item left with one option, are committed before the search
//! (the options they exclude are removed), so the engine starts where unit propagation ends.
//!
//! With the propagator, the problem is *lean* by default ([`Tuning::lean`]): it leaves out
//! the stars of the pairs the propagator keeps apart by a table of its own (those forbidding
//! more than the same digit: nonconsecutive, the negative dots and XV) and the little killers'
//! items, which the propagator holds (and checks on every complete grid,
//! [`dlx_engine::Propagate::accept`]); [`Encoding::to_knuth`] writes them all.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use dlx_engine::{BuildError, ColorId, ItemId, Matrix, OptionId, Problem, ProblemBuilder};

use crate::cell::Cell;
use crate::combos::{self, bit, digits};
use crate::constraint::Constraint;
use crate::prune::Pruner;
use crate::puzzle::{Puzzle, symbol};
use crate::rules::{CellSet, HouseKind, Rules};

/// Choices of the encoding, with the defaults `docs/variants.md` measured. For experiments and
/// benchmarks; every choice gives the same solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// A sum (arrow, little killer) or a thermometer with at most this many fillings is one
    /// item whose options are its fillings; a sum with more is split into a chain.
    pub fill_limit: usize,
    /// The most options of one chunk of a split sum.
    pub chunk_limit: usize,
    /// A killer cage with at most this many fillings is lowered as its fillings, each placing
    /// every cell of the cage (0: never; then every cage is a set of digits).
    pub group_limit: usize,
    /// Thermometers also forbid, between every two of their cells, the pairs of digits too
    /// close for the cells between them (secondary items), besides their fillings.
    pub thermo_pairs: bool,
    /// Commit every primary item left with one option before the search (unit propagation).
    pub propagate: bool,
    /// Attach the variant propagator (`crate::prune`) to the problem: the search asks it at
    /// every node for placements the rules no longer allow.
    pub prune: bool,
    /// The propagator asks dancing cells to branch by conflicts
    /// ([`dlx_engine::Propagate::branch_weights`]): an item's weight grows each time a trial
    /// of one of its options fails; where the rules have sums (cages with sums, little
    /// killers, arrows, sandwiches) the item with the most weight per option left goes first,
    /// elsewhere the weight breaks ties between the items with the fewest options.
    pub weights: bool,
    /// With `prune`, leave out of the problem the items of the rules the propagator holds
    /// on its own: the stars of the pairs it keeps apart by a table (nonconsecutive, the
    /// negative dots and XV: pairs forbidding more than the same digit) and the fillings of
    /// little killers. The propagator then refuses, before a solution is reported, a grid
    /// breaking them ([`dlx_engine::Propagate::accept`]). [`Encoding::to_knuth`] still
    /// writes every item (Knuth's programs have no propagator).
    pub lean: bool,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            fill_limit: 300,
            chunk_limit: 300,
            group_limit: 0,
            thermo_pairs: false,
            propagate: true,
            prune: true,
            weights: true,
            lean: true,
        }
    }
}

/// Why a puzzle could not be lowered: the engine refused the problem (too large).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the exact-cover problem could not be built: {0}")]
pub struct EncodeError(#[from] pub BuildError);

/// What an item of the problem stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum What {
    /// A cell holds a digit.
    Cell(u16),
    /// Digit `d` in house `h` (an index into `Rules::houses`).
    House(u32, u8),
    /// The value of a cell, as a color.
    Value(u16),
    /// The star of digit `x` of cell `a` against cell `b` (or of `b` against `a` when
    /// `flip`): at most one of `a = x` and the digits of `b` it forbids.
    Star { a: u16, b: u16, x: u8 },
    /// The one choice of clue `k` (its filling, set, pair...).
    Clue(u32),
    /// Chunk `j` of the chain of clue `k`.
    Chunk(u32, u16),
    /// The partial sum of clue `k` after `j` of its cells, as a color.
    Partial(u32, u16),
    /// Digit `d` lies between the crusts of sandwich `k`.
    Filling(u32, u8),
    /// Whether a cell of sandwich `k`'s line is a crust, inside or outside, as a color.
    Side(u32, u16),
}

/// What an option of the problem does.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Does {
    /// Places digit `.1` in cell `.0` (row-major).
    Place(u16, u8),
    /// Places several digits at once: a filling of a clue (its label says which).
    Fill(Vec<(u16, u8)>, u32),
    /// Chooses for clue `.0` (a constraint's index).
    Clue(u32, Clue),
}

/// What an option of a clue chooses, kept compact and put in words only when asked
/// ([`Encoding::option_label`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clue {
    /// A cage's set of digits.
    Set(u32),
    /// Digits at cells: `Encoding::digits[at..at + len]`; for a part of a split sum, its
    /// number (from 1) and the partial sums before and after it.
    Digits {
        at: u32,
        len: u16,
        part: u16,
        from: i32,
        to: i32,
    },
    /// Digit `x` at cell `a` and `y` at `b` (a dot).
    Pair { a: u16, x: u8, b: u16, y: u8 },
    /// The crusts at places `i` and `j` of the line, the set between them.
    Sandwich { i: u16, j: u16, set: u32 },
}

const NO_COLOR: u32 = u32::MAX;
type Ent = (u32, u32);

/// One alternative of a group of versions: one or two entries, held inline.
#[derive(Clone, Copy)]
struct Alt {
    len: u8,
    e: [Ent; 2],
}

impl Alt {
    fn new(e: &[Ent]) -> Alt {
        let mut a = Alt {
            len: e.len() as u8,
            e: [(0, 0); 2],
        };
        a.e[..e.len()].copy_from_slice(e);
        a
    }
}

impl AsRef<[Ent]> for Alt {
    fn as_ref(&self) -> &[Ent] {
        &self.e[..usize::from(self.len)]
    }
}

/// The entries of one placement: up to [`Place::INLINE`] held in place, more in a vector
/// (then all of them there).
#[derive(Clone, Default)]
struct Place {
    len: u8,
    inline: [Ent; Place::INLINE],
    more: Vec<Ent>,
}

impl Place {
    const INLINE: usize = 7;

    fn push(&mut self, e: Ent) {
        if !self.more.is_empty() {
            self.more.push(e);
        } else if usize::from(self.len) < Place::INLINE {
            self.inline[usize::from(self.len)] = e;
            self.len += 1;
        } else {
            self.more.reserve(2 * Place::INLINE);
            self.more.extend_from_slice(&self.inline);
            self.more.push(e);
            self.len = 0;
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.more.clear();
    }

    fn as_slice(&self) -> &[Ent] {
        if self.more.is_empty() {
            &self.inline[..usize::from(self.len)]
        } else {
            &self.more
        }
    }

    fn len(&self) -> usize {
        self.as_slice().len()
    }
}

/// The exact-cover problem of a puzzle, with what its items and options mean.
///
/// Invariants: `does.len() == problem.option_count()`, `what.len() == problem.item_count()`;
/// `fixed[i] != 0` for the cells whose digit was settled before the search (givens and unit
/// propagation), and a solution's placements fill exactly the other cells.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// The problem for the engine.
    pub problem: Problem,
    n: usize,
    rules: Rules,
    fixed: Vec<u8>,
    does: Vec<Does>,
    what: Vec<What>,
    /// The (cell, digit) lists the labels of clue options point into.
    digits: Vec<(u16, u8)>,
    /// The givens and the encoding choices, when the problem left out items the propagator
    /// holds ([`Tuning::lean`]): [`Encoding::to_knuth`] lowers the puzzle again with them.
    lean: Option<(Vec<u8>, Tuning)>,
}

impl Encoding {
    /// Cells on a side.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digits settled before the search (givens and forced moves), row-major, 0 for the
    /// cells the search fills.
    pub fn fixed(&self) -> &[u8] {
        &self.fixed
    }

    /// The grid of a solution (row-major): the settled digits and the placements among
    /// `options`.
    pub fn decode(&self, options: &[OptionId]) -> Vec<u8> {
        let mut grid = self.fixed.clone();
        for o in options {
            match self.does.get(o.index()) {
                Some(Does::Place(cell, d)) => grid[usize::from(*cell)] = *d,
                Some(Does::Fill(places, _)) => {
                    for &(cell, d) in places {
                        grid[usize::from(cell)] = d;
                    }
                }
                _ => {}
            }
        }
        grid
    }

    /// The digits an option places: one for a placement, several for a clue's filling, none
    /// for the other options of clues.
    pub fn placements(&self, o: OptionId) -> Vec<(Cell, u8)> {
        let at = |c: u16| Cell::at(usize::from(c), self.n);
        match self.does.get(o.index()) {
            Some(Does::Place(cell, d)) => vec![(at(*cell), *d)],
            Some(Does::Fill(places, _)) => places.iter().map(|&(c, d)| (at(c), d)).collect(),
            _ => Vec::new(),
        }
    }

    /// An item in words: `r4c7`, `digit 5 in row 4`, `digit 5 in killer cage 2`, `value of
    /// r4c7`, `thermometer 1`...
    pub fn item_label(&self, i: ItemId) -> String {
        let n = self.n;
        let cell = |c: u16| Cell::at(usize::from(c), n);
        match self.what[i.index()] {
            What::Cell(c) => cell(c).to_string(),
            What::House(h, d) => {
                format!(
                    "digit {} in {}",
                    symbol(d),
                    self.rules.houses()[h as usize].name()
                )
            }
            What::Value(c) => format!("value of {}", cell(c)),
            What::Star { a, b, x } => {
                format!("{} = {} against {}", cell(a), symbol(x), cell(b))
            }
            What::Clue(k) => self.clue_name(k),
            What::Chunk(k, j) => format!("{}, part {}", self.clue_name(k), j + 1),
            What::Partial(k, j) => format!("{}, sum of its first {j} cells", self.clue_name(k)),
            What::Filling(k, d) => format!("digit {} inside {}", symbol(d), self.clue_name(k)),
            What::Side(k, c) => format!("{} in {}", cell(c), self.clue_name(k)),
        }
    }

    fn clue_name(&self, k: u32) -> String {
        let named = self.rules.named(k as usize);
        format!("{} {}", named.kind, named.index)
    }

    /// An option in words: `5 at r4c7`, or what it chooses for a clue (`killer cage 2 is
    /// {1, 2, 4}`).
    pub fn option_label(&self, o: OptionId) -> String {
        match &self.does[o.index()] {
            Does::Place(c, d) => {
                format!("{} at {}", symbol(*d), Cell::at(usize::from(*c), self.n))
            }
            Does::Fill(places, k) => {
                let words: Vec<String> = places
                    .iter()
                    .map(|&(c, d)| format!("{} at {}", symbol(d), Cell::at(usize::from(c), self.n)))
                    .collect();
                format!("{}: {}", self.clue_name(*k), words.join(", "))
            }
            Does::Clue(k, clue) => self.clue_label(*k, *clue),
        }
    }

    fn clue_label(&self, k: u32, clue: Clue) -> String {
        let name = self.clue_name(k);
        let cell = |c: u16| Cell::at(usize::from(c), self.n);
        match clue {
            Clue::Set(s) => format!("{name} is {}", set_words(s)),
            Clue::Pair { a, x, b, y } => {
                format!(
                    "{name}: {} at {}, {} at {}",
                    symbol(x),
                    cell(a),
                    symbol(y),
                    cell(b)
                )
            }
            Clue::Digits {
                at,
                len,
                part,
                from,
                to,
            } => {
                let words: Vec<String> = self.digits[at as usize..at as usize + usize::from(len)]
                    .iter()
                    .map(|&(c, d)| format!("{} at {}", symbol(d), cell(c)))
                    .collect();
                if part == 0 {
                    format!("{name}: {}", words.join(", "))
                } else {
                    format!("{name}, part {part}: {} ({from} to {to})", words.join(", "))
                }
            }
            Clue::Sandwich { i, j, set } => {
                let line = self.rules.scope(k as usize);
                format!(
                    "{name}: crusts at {} and {}, {} between",
                    line[usize::from(i)],
                    line[usize::from(j)],
                    set_words(set)
                )
            }
        }
    }

    /// The problem as plain data for drawing, with items and options labelled in words.
    pub fn view(&self) -> Matrix {
        let mut m = Matrix::of(&self.problem);
        for (k, item) in m.items.iter_mut().enumerate() {
            item.label = Some(self.item_label(ItemId(k as u32)));
        }
        m.labels = (0..self.problem.option_count())
            .map(|k| self.option_label(OptionId(k as u32)))
            .collect();
        m
    }

    /// The problem in Knuth's text format (for SSXCC and the other programs that read it),
    /// with `comment` as its first lines, and the digits settled while lowering (givens,
    /// forced moves) as primary items of one option each, named `g` + row + column + digit
    /// (0-based row and column and the digit in base 36: `g005` is 5 at r1c1), first: so the
    /// file's solutions are the puzzle's, every cell in each, even when lowering settled them
    /// all (the problem searched then has no item at all).
    pub fn to_knuth(&self, comment: Option<&str>) -> String {
        if let Some((givens, tuning)) = &self.lean {
            let full = Tuning {
                lean: false,
                ..tuning.clone()
            };
            // The full problem is the lean one and the items left out: as large as a lowering
            // the engine took, but for those; should the engine refuse it, the lean problem
            // is written, which then says so.
            match lower_parts(&self.rules, givens, &full) {
                Ok(enc) => return enc.to_knuth(comment),
                Err(e) => {
                    let mut c = comment.map(str::to_string).unwrap_or_default();
                    if !c.is_empty() && !c.ends_with('\n') {
                        c.push('\n');
                    }
                    c.push_str(&format!(
                        "without the items the propagator holds (pairs, little killers): {e}"
                    ));
                    let mut enc = self.clone();
                    enc.lean = None;
                    return enc.to_knuth(Some(&c));
                }
            }
        }
        const R36: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let n = self.n;
        let settled: Vec<String> = self
            .fixed
            .iter()
            .enumerate()
            .filter(|(_, d)| **d != 0)
            .map(|(i, &d)| {
                [b'g', R36[i / n], R36[i % n], R36[usize::from(d) % 36]]
                    .iter()
                    .map(|&b| b as char)
                    .collect()
            })
            .collect();
        if settled.is_empty() {
            return dlx_engine::format::write(&self.problem, comment);
        }
        let mut comment = comment.map(str::to_string).unwrap_or_default();
        if !comment.is_empty() && !comment.ends_with('\n') {
            comment.push('\n');
        }
        comment.push_str(
            "the digits settled before the search: items g<row><column><digit>, 0-based, base 36",
        );
        let text = dlx_engine::format::write(&self.problem, Some(&comment));
        let skip = comment.lines().count();
        let mut lines = text.lines();
        let mut out = String::with_capacity(text.len() + settled.len() * 10);
        for line in lines.by_ref().take(skip) {
            out.push_str(line);
            out.push('\n');
        }
        let items = lines.next().unwrap_or("");
        out.push_str(&settled.join(" "));
        if !items.trim().is_empty() {
            if !items.starts_with(' ') {
                out.push(' ');
            }
            out.push_str(items);
        }
        out.push('\n');
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
        for name in &settled {
            out.push_str(name);
            out.push('\n');
        }
        out
    }
}

/// Lowers a puzzle with the default [`Tuning`].
pub fn lower(puzzle: &Puzzle) -> Result<Encoding, EncodeError> {
    lower_with(puzzle, &Tuning::default())
}

/// Lowers a puzzle with the encoding choices `tuning`.
pub fn lower_with(puzzle: &Puzzle, tuning: &Tuning) -> Result<Encoding, EncodeError> {
    lower_parts(puzzle.rules(), puzzle.givens(), tuning)
}

/// Lowers the puzzle of `rules` and `givens` (row-major, 0 for an open cell).
fn lower_parts(rules: &Rules, givens: &[u8], tuning: &Tuning) -> Result<Encoding, EncodeError> {
    let mut b = Builder::new(rules, givens, tuning);
    b.group_cages();
    b.houses();
    b.cages();
    b.pairs();
    b.clues();
    b.sandwiches();
    b.finish()
}

/// The lowering under way.
///
/// `place[cell * n + d - 1]` holds the entries of the placement of `d` at `cell` (empty when
/// `d` is not a candidate, `mask[cell] & bit(d) == 0`); `versions[...]` the groups of
/// alternatives it comes in (one option per choice of one alternative in each group).
struct Builder<'a> {
    rules: &'a Rules,
    n: usize,
    tuning: &'a Tuning,
    givens: &'a [u8],
    what: Vec<What>,
    primary: Vec<bool>,
    colors: Vec<String>,
    color_of: HashMap<String, u32>,
    mask: Vec<u32>,
    place: Vec<Place>,
    /// The groups of versions, by slot of `place`, in the order they came.
    versions: Vec<(u32, [Alt; 2])>,
    /// The options of the clues: entries `clue_ents[clue_starts[k]..clue_starts[k + 1]]`,
    /// what they do `clue_does[k]`.
    clue_ents: Vec<Ent>,
    clue_starts: Vec<u32>,
    clue_does: Vec<Does>,
    /// The (cell, digit) lists of the clue options' labels.
    digits: Vec<(u16, u8)>,
    value: Vec<u32>,
    /// `apart[i]`: cells already kept from holding cell `i`'s digit by the items so far.
    apart: Vec<CellSet>,
    /// Forbidden pairs of digits between two cells `a < b`: `rows[x - 1]` is the mask of the
    /// digits of `b` that `a = x` forbids.
    forbidden: BTreeMap<(u16, u16), [u32; 16]>,
    /// Clues whose fillings place their cells directly, each filling one option.
    groups: Vec<Group>,
    /// `grouped[i]`: whether cell `i` is placed by a group's fillings.
    grouped: Vec<bool>,
    /// Whether items the propagator holds were left out ([`Tuning::lean`]).
    dropped: bool,
}

/// A clue lowered as its fillings, each one option that places all of its cells (see
/// [`Builder::group_cages`]).
struct Group {
    /// The constraint.
    k: u32,
    /// Its cells (row-major indices).
    cells: Vec<usize>,
    /// Its fillings: the digit of each cell.
    fillings: Vec<Vec<u8>>,
}

impl<'a> Builder<'a> {
    fn new(rules: &'a Rules, givens: &'a [u8], tuning: &'a Tuning) -> Self {
        let n = rules.size();
        let mut b = Builder {
            rules,
            n,
            tuning,
            givens,
            what: Vec::new(),
            primary: Vec::new(),
            colors: Vec::new(),
            color_of: HashMap::new(),
            mask: Vec::new(),
            // PERF: a placement's usual entries (its cell, houses, a value, a few stars) held
            // in place: no allocation for each of the n^3 placements (a vector of 8 each from
            // the start was already 1-4% fewer instructions than growing them).
            place: vec![Place::default(); n * n * n],
            versions: Vec::new(),
            clue_ents: Vec::new(),
            clue_starts: vec![0],
            clue_does: Vec::new(),
            digits: Vec::new(),
            value: vec![NO_COLOR; n * n],
            apart: vec![CellSet::default(); n * n],
            forbidden: BTreeMap::new(),
            groups: Vec::new(),
            grouped: vec![false; n * n],
            dropped: false,
        };
        for d in 1..=n as u8 {
            b.color(&symbol(d).to_string());
        }
        b.mask = b.masks();
        b
    }

    /// Whether the problem leaves out the items of the rules the propagator holds.
    fn lean(&self) -> bool {
        self.tuning.prune && self.tuning.lean
    }

    fn item(&mut self, what: What, primary: bool) -> u32 {
        self.what.push(what);
        self.primary.push(primary);
        (self.what.len() - 1) as u32
    }

    fn color(&mut self, name: &str) -> u32 {
        if let Some(&c) = self.color_of.get(name) {
            return c;
        }
        let c = self.colors.len() as u32;
        self.colors.push(name.to_string());
        self.color_of.insert(name.to_string(), c);
        c
    }

    /// The color of digit `d`.
    fn digit_color(d: u32) -> u32 {
        d - 1
    }

    fn idx(&self, cell: Cell) -> usize {
        cell.index(self.n)
    }

    /// Adds an entry to every placement of `cell` whose digit `pick` maps to `Some(color)`.
    fn add_to_placements(&mut self, cell: Cell, mut pick: impl FnMut(u32) -> Option<Ent>) {
        let i = self.idx(cell);
        for d in digits(self.mask[i]) {
            if let Some(e) = pick(d) {
                self.place[i * self.n + d as usize - 1].push(e);
            }
        }
    }

    /// The candidates of each cell: givens, even and odd cells, thermometer positions, the
    /// digits some cage combination or dot partner allows.
    fn masks(&self) -> Vec<u32> {
        let n = self.n;
        let all = combos::full(n);
        let mut m: Vec<u32> = self
            .givens
            .iter()
            .map(|&g| if g == 0 { all } else { bit(u32::from(g)) })
            .collect();
        let evens = (1..=n as u32)
            .filter(|d| d % 2 == 0)
            .fold(0, |m, d| m | bit(d));
        for c in self.rules.constraints() {
            match c {
                Constraint::Even { cell } => m[cell.index(n)] &= evens,
                Constraint::Odd { cell } => m[cell.index(n)] &= all & !evens,
                Constraint::Thermo { cells } => {
                    let len = cells.len() as u32;
                    for (i, cell) in cells.iter().enumerate() {
                        let lo = i as u32 + 1;
                        let hi = n as u32 - (len - 1 - i as u32);
                        let keep = (lo..=hi).fold(0, |m, d| m | bit(d));
                        m[cell.index(n)] &= keep;
                    }
                }
                Constraint::Killer {
                    cells,
                    sum: Some(s),
                } => {
                    let union = combos::with_sum(all, cells.len(), *s)
                        .into_iter()
                        .fold(0, |u, s| u | s);
                    for cell in cells {
                        m[cell.index(n)] &= union;
                    }
                }
                Constraint::Difference { cells, .. }
                | Constraint::Ratio { cells, .. }
                | Constraint::Xv { cells, .. } => {
                    let allowed = pair_relation(c, n);
                    let (a, b) = (cells[0].index(n), cells[1].index(n));
                    let mut ma = 0;
                    let mut mb = 0;
                    for x in 1..=n as u32 {
                        for y in 1..=n as u32 {
                            if x != y && allowed(x, y) {
                                ma |= bit(x);
                                mb |= bit(y);
                            }
                        }
                    }
                    m[a] &= ma;
                    m[b] &= mb;
                }
                _ => {}
            }
        }
        m
    }

    /// Killer cages with few fillings (at most [`Tuning::group_limit`]) are lowered as their
    /// fillings: one option per filling places every cell of the cage, so the items of the
    /// cells, rows, columns and regions count the fillings that support each placement.
    fn group_cages(&mut self) {
        let n = self.n;
        let limit = self.tuning.group_limit;
        for (k, c) in self.rules.constraints().iter().enumerate() {
            let Constraint::Killer { cells, sum } = c else {
                continue;
            };
            if cells.len() >= n || cells.len() < 2 {
                continue;
            }
            let idx: Vec<usize> = cells.iter().map(|&c| self.idx(c)).collect();
            if idx.iter().any(|&i| self.grouped[i]) {
                continue;
            }
            let masks: Vec<u32> = idx.iter().map(|&i| self.mask[i]).collect();
            let Some(fillings) = distinct_fillings(&masks, *sum, limit) else {
                continue;
            };
            for (j, &i) in idx.iter().enumerate() {
                self.mask[i] &= fillings.iter().fold(0, |m, f| m | bit(u32::from(f[j])));
                self.grouped[i] = true;
            }
            self.groups.push(Group {
                k: k as u32,
                cells: idx,
                fillings,
            });
        }
    }

    /// Cells, and every house of `n` cells, as primary items; smaller houses as secondary
    /// items (when their cells do not already see each other).
    fn houses(&mut self) {
        let n = self.n;
        for i in 0..n * n {
            let item = self.item(What::Cell(i as u16), true);
            for d in digits(self.mask[i]) {
                self.place[i * n + d as usize - 1].push((item, NO_COLOR));
            }
        }
        let sums: Vec<Option<usize>> = self.rules.houses().iter().map(|h| h.constraint).collect();
        // Full houses first, so that the small ones can be skipped when already covered.
        for pass in 0..2 {
            for (h, house) in self.rules.houses().iter().enumerate() {
                let full = house.cells.len() == n;
                if (pass == 0) != full {
                    continue;
                }
                // Cages placed by their fillings need no item: their fillings differ.
                if house.kind == HouseKind::Cage
                    && house
                        .constraint
                        .is_some_and(|k| self.groups.iter().any(|g| g.k as usize == k))
                {
                    self.set_apart(&house.cells);
                    continue;
                }
                // Killer cages with a sum (fewer than n cells) are lowered as cages.
                if !full
                    && house.kind == HouseKind::Cage
                    && matches!(
                        sums[h].map(|k| &self.rules.constraints()[k]),
                        Some(Constraint::Killer { sum: Some(_), .. })
                    )
                {
                    continue;
                }
                if !full && self.all_apart(&house.cells) {
                    continue;
                }
                for d in 1..=n as u8 {
                    let holders: Vec<Cell> = house
                        .cells
                        .iter()
                        .copied()
                        .filter(|&c| self.mask[self.idx(c)] & bit(u32::from(d)) != 0)
                        .collect();
                    if !full && holders.len() < 2 {
                        continue;
                    }
                    let item = self.item(What::House(h as u32, d), full);
                    for c in holders {
                        let i = self.idx(c);
                        self.place[i * n + usize::from(d) - 1].push((item, NO_COLOR));
                    }
                }
                self.set_apart(&house.cells);
            }
        }
    }

    fn all_apart(&self, cells: &[Cell]) -> bool {
        cells.iter().enumerate().all(|(k, &a)| {
            cells[k + 1..]
                .iter()
                .all(|&b| self.apart[self.idx(a)].contains(self.idx(b)))
        })
    }

    fn set_apart(&mut self, cells: &[Cell]) {
        for &a in cells {
            for &b in cells {
                if a != b {
                    let (i, j) = (self.idx(a), self.idx(b));
                    self.apart[i].insert(j);
                }
            }
        }
    }

    /// Killer cages with a sum and fewer than `n` cells: combinations as options.
    fn cages(&mut self) {
        let n = self.n;
        let houses: Vec<(usize, usize)> = self
            .rules
            .houses()
            .iter()
            .enumerate()
            .filter(|(_, h)| h.kind == HouseKind::Cage && h.cells.len() < n)
            .filter_map(|(h, house)| house.constraint.map(|k| (h, k)))
            .filter(|&(_, k)| !self.groups.iter().any(|g| g.k as usize == k))
            .collect();
        for (h, k) in houses {
            let Constraint::Killer {
                cells,
                sum: Some(sum),
            } = &self.rules.constraints()[k]
            else {
                continue;
            };
            let cells = cells.clone();
            let union = cells.iter().fold(0, |u, &c| u | self.mask[self.idx(c)]);
            let sets: Vec<u32> = combos::with_sum(union, cells.len(), *sum)
                .into_iter()
                .filter(|&s| {
                    // Every digit of the set has a cell that can hold it.
                    digits(s).all(|d| cells.iter().any(|&c| self.mask[self.idx(c)] & bit(d) != 0))
                })
                .collect();
            let clue = self.item(What::Clue(k as u32), true);
            let items: Vec<u32> = (1..=n as u8)
                .map(|d| self.item(What::House(h as u32, d), true))
                .collect();
            for &c in &cells {
                let i = self.idx(c);
                for d in digits(self.mask[i]) {
                    self.place[i * n + d as usize - 1].push((items[d as usize - 1], NO_COLOR));
                }
            }
            let mut e: Vec<Ent> = Vec::with_capacity(n + 1);
            for s in sets {
                e.clear();
                e.push((clue, NO_COLOR));
                e.extend(
                    (1..=n as u32)
                        .filter(|&d| s & bit(d) == 0)
                        .map(|d| (items[d as usize - 1], NO_COLOR)),
                );
                self.clue_option(k, &e, Clue::Set(s));
            }
            self.set_apart(&cells);
        }
    }

    /// Adds an option of clue `k` with `entries`.
    fn clue_option(&mut self, k: usize, entries: &[Ent], clue: Clue) {
        self.clue_ents.extend_from_slice(entries);
        self.clue_starts.push(self.clue_ents.len() as u32);
        self.clue_does.push(Does::Clue(k as u32, clue));
    }

    /// Keeps the digits `f` of `cells` for a label; the `Clue::Digits` that points at them.
    fn label_digits(&mut self, cells: &[Cell], f: &[u32], part: u16, from: i32, to: i32) -> Clue {
        let at = self.digits.len() as u32;
        let n = self.n;
        self.digits.extend(
            cells
                .iter()
                .zip(f)
                .map(|(c, &d)| (c.index(n) as u16, d as u8)),
        );
        Clue::Digits {
            at,
            len: cells.len() as u16,
            part,
            from,
            to,
        }
    }

    /// Relations between two cells: anti-knight, anti-king, the negative rules, and the dots
    /// and XV clues.
    fn pairs(&mut self) {
        let n = self.n;
        let rules = self.rules;
        let knight = rules.has(&Constraint::AntiKnight);
        let king = rules.has(&Constraint::AntiKing);
        if knight || king {
            for i in 0..n * n {
                for j in i + 1..n * n {
                    let (a, b) = (Cell::at(i, n), Cell::at(j, n));
                    if ((knight && a.knight(b)) || (king && a.king(b)))
                        && !self.apart[i].contains(j)
                    {
                        for x in 1..=n as u32 {
                            self.forbid(a, b, x, bit(x));
                        }
                    }
                }
            }
        }
        let nonconsecutive = rules.has(&Constraint::NonConsecutive);
        let negative_ratio = rules.has(&Constraint::NegativeRatio);
        let negative_xv = rules.has(&Constraint::NegativeXv);
        if nonconsecutive || negative_ratio || negative_xv {
            let dots = rules.marked_pairs(|c| {
                matches!(c, Constraint::Difference { .. } | Constraint::Ratio { .. })
            });
            let xv = rules.marked_pairs(|c| matches!(c, Constraint::Xv { .. }));
            let ratios = rules.negative_ratios();
            for [a, b] in rules.orthogonal_pairs() {
                let free_dot = !dots.contains(&[a, b]);
                let free_xv = !xv.contains(&[a, b]);
                for x in 1..=n as u32 {
                    let mut f = 0u32;
                    for y in 1..=n as u32 {
                        let bad = (nonconsecutive && free_dot && x.abs_diff(y) == 1)
                            || (negative_ratio
                                && free_dot
                                && ratios.iter().any(|&r| x == r * y || y == r * x))
                            || (negative_xv && free_xv && (x + y == 5 || x + y == 10));
                        if bad {
                            f |= bit(y);
                        }
                    }
                    self.forbid(a, b, x, f);
                }
            }
        }
        for (k, c) in rules.constraints().iter().enumerate() {
            if let Some([a, b]) = c.pair() {
                self.pair_clue(k, c, a, b);
            }
        }
    }

    /// Records that `a = x` forbids the digits `ys` in `b`.
    fn forbid(&mut self, a: Cell, b: Cell, x: u32, ys: u32) {
        if ys == 0 {
            return;
        }
        let (i, j) = (self.idx(a) as u16, self.idx(b) as u16);
        if i < j {
            let rows = self.forbidden.entry((i, j)).or_insert([0; 16]);
            rows[x as usize - 1] |= ys;
        } else {
            let rows = self.forbidden.entry((j, i)).or_insert([0; 16]);
            for y in digits(ys) {
                rows[y as usize - 1] |= bit(x);
            }
        }
    }

    /// A dot or an XV clue on `a` and `b`.
    fn pair_clue(&mut self, k: usize, c: &Constraint, a: Cell, b: Cell) {
        let n = self.n;
        let allowed = pair_relation(c, n);
        let (ma, mb) = (self.mask[self.idx(a)], self.mask[self.idx(b)]);
        let pairs: Vec<(u32, u32)> = digits(ma)
            .flat_map(|x| digits(mb).map(move |y| (x, y)))
            .filter(|&(x, y)| x != y && allowed(x, y))
            .collect();
        let bijection = pairs.iter().all(|&(x, y)| {
            pairs.iter().filter(|p| p.0 == x).count() == 1
                && pairs.iter().filter(|p| p.1 == y).count() == 1
        });
        if bijection {
            // One colored item: a's digit x and b's digit y get the same color iff (x, y) is
            // allowed.
            let item = self.item(What::Clue(k as u32), false);
            let pa: Vec<(u32, u32)> = pairs.clone();
            self.add_to_placements(a, |x| {
                pa.iter()
                    .position(|p| p.0 == x)
                    .map(|p| (item, Self::digit_color(p as u32 + 1)))
            });
            self.add_to_placements(b, |y| {
                pairs
                    .iter()
                    .position(|p| p.1 == y)
                    .map(|p| (item, Self::digit_color(p as u32 + 1)))
            });
            // The digits without a partner have no color: they cannot be placed.
            let (ia, ib) = (self.idx(a), self.idx(b));
            self.mask_out(ia, |x| !pa.iter().any(|p| p.0 == x));
            self.mask_out(ib, |y| !pa.iter().any(|p| p.1 == y));
        } else {
            let clue = self.item(What::Clue(k as u32), true);
            let (va, vb) = (self.value_item(a), self.value_item(b));
            let (ia, ib) = (self.idx(a) as u16, self.idx(b) as u16);
            for (x, y) in pairs {
                let e = [
                    (clue, NO_COLOR),
                    (va, Self::digit_color(x)),
                    (vb, Self::digit_color(y)),
                ];
                let pair = Clue::Pair {
                    a: ia,
                    x: x as u8,
                    b: ib,
                    y: y as u8,
                };
                self.clue_option(k, &e, pair);
            }
        }
    }

    /// Removes the candidates `d` of cell `i` for which `out(d)`.
    fn mask_out(&mut self, i: usize, out: impl Fn(u32) -> bool) {
        for d in digits(self.mask[i]) {
            if out(d) {
                self.mask[i] &= !bit(d);
                self.place[i * self.n + d as usize - 1].clear();
            }
        }
    }

    /// The color of partial sum `p` among the partial sums `possible` at a boundary of a chain:
    /// one character, its rank (Knuth's programs take one-character colors), when there are at
    /// most 90; `s{p}` beyond.
    fn sum_color(&mut self, possible: &[i32], p: i32) -> u32 {
        const RANKS: &[u8; 90] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&'()*+,-./;<=>?@[]^_`{}~";
        match possible.binary_search(&p) {
            Ok(k) if possible.len() <= RANKS.len() => {
                let name = (RANKS[k] as char).to_string();
                self.color(&name)
            }
            _ => self.color(&format!("s{p}")),
        }
    }

    /// The colored item "value of `cell`", made on first use.
    fn value_item(&mut self, cell: Cell) -> u32 {
        let i = self.idx(cell);
        if self.value[i] != NO_COLOR {
            return self.value[i];
        }
        let item = self.item(What::Value(i as u16), false);
        self.value[i] = item;
        self.add_to_placements(cell, |d| Some((item, Self::digit_color(d))));
        item
    }

    /// Thermometers, arrows and little killers.
    fn clues(&mut self) {
        let rules = self.rules;
        for (k, c) in rules.constraints().iter().enumerate() {
            match c {
                Constraint::Thermo { cells } if cells.len() >= 2 => self.thermo(k, cells),
                Constraint::Arrow { circle, line } => {
                    let mut terms: Vec<(Cell, i32)> = Vec::new();
                    let mut place = 1i32;
                    for &c in circle.iter().rev() {
                        terms.push((c, -place));
                        place *= 10;
                    }
                    terms.reverse();
                    terms.extend(line.iter().map(|&c| (c, 1)));
                    self.sum(k, &terms, 0);
                }
                // With a lean problem the propagator's sum rule holds a little killer alone.
                Constraint::LittleKiller { .. } if self.lean() => self.dropped = true,
                Constraint::LittleKiller { sum, .. } => {
                    let terms: Vec<(Cell, i32)> = rules.scope(k).iter().map(|&c| (c, 1)).collect();
                    self.sum(k, &terms, *sum as i32);
                }
                _ => {}
            }
        }
    }

    fn thermo(&mut self, k: usize, cells: &[Cell]) {
        let n = self.n;
        let masks: Vec<u32> = cells.iter().map(|&c| self.mask[self.idx(c)]).collect();
        // Increasing fillings, counted first.
        let mut fillings: Vec<Vec<u32>> = Vec::new();
        let mut stack: Vec<u32> = Vec::new();
        let limit = self.tuning.fill_limit;
        fn go(
            masks: &[u32],
            from: u32,
            stack: &mut Vec<u32>,
            out: &mut Vec<Vec<u32>>,
            limit: usize,
        ) -> bool {
            if out.len() > limit {
                return false;
            }
            let i = stack.len();
            if i == masks.len() {
                out.push(stack.clone());
                return true;
            }
            for d in digits(masks[i] & !((1u32 << from) - 1)) {
                stack.push(d);
                let ok = go(masks, d, stack, out, limit);
                stack.pop();
                if !ok {
                    return false;
                }
            }
            true
        }
        let fits = go(&masks, 0, &mut stack, &mut fillings, limit);
        if fits {
            let clue = self.item(What::Clue(k as u32), true);
            let values: Vec<u32> = cells.iter().map(|&c| self.value_item(c)).collect();
            let mut e: Vec<Ent> = Vec::with_capacity(cells.len() + 1);
            for f in fillings {
                e.clear();
                e.push((clue, NO_COLOR));
                e.extend(
                    values
                        .iter()
                        .zip(&f)
                        .map(|(&v, &d)| (v, Self::digit_color(d))),
                );
                let label = self.label_digits(cells, &f, 0, 0, 0);
                self.clue_option(k, &e, label);
            }
        }
        if !fits || self.tuning.thermo_pairs {
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    let gap = (j - i) as u32;
                    for x in 1..=n as u32 {
                        // b must be at least x + gap.
                        let too_low = (1..=n as u32)
                            .filter(|&y| y < x + gap)
                            .fold(0, |m, y| m | bit(y));
                        self.forbid(cells[i], cells[j], x, too_low);
                    }
                }
            }
        }
    }

    /// `sum(coefficient * digit) == target` over `terms`: fillings as options, or a chain.
    fn sum(&mut self, k: usize, terms: &[(Cell, i32)], target: i32) {
        let masks: Vec<u32> = terms.iter().map(|&(c, _)| self.mask[self.idx(c)]).collect();
        let coefs: Vec<i32> = terms.iter().map(|t| t.1).collect();
        let cells: Vec<Cell> = terms.iter().map(|t| t.0).collect();
        let sees: Vec<Vec<bool>> = cells
            .iter()
            .map(|&a| {
                cells
                    .iter()
                    .map(|&b| a != b && self.rules.sees(a, b))
                    .collect()
            })
            .collect();
        let spec = Chunk {
            masks: &masks,
            coefs: &coefs,
            sees: &sees,
        };
        let all = spec.fillings(0, terms.len(), 0, &[target], self.tuning.fill_limit);
        if let Some(fillings) = all {
            let clue = self.item(What::Clue(k as u32), true);
            let values: Vec<u32> = cells.iter().map(|&c| self.value_item(c)).collect();
            let mut e: Vec<Ent> = Vec::with_capacity(cells.len() + 1);
            for (f, _) in fillings {
                e.clear();
                e.push((clue, NO_COLOR));
                e.extend(
                    values
                        .iter()
                        .zip(&f)
                        .map(|(&v, &d)| (v, Self::digit_color(d))),
                );
                let label = self.label_digits(&cells, &f, 0, 0, 0);
                self.clue_option(k, &e, label);
            }
            return;
        }
        // A chain: the partial sums each prefix can reach and still finish at the target.
        let len = terms.len();
        let mut reach: Vec<Vec<i32>> = vec![vec![0]];
        for i in 0..len {
            let mut next: Vec<i32> = reach[i]
                .iter()
                .flat_map(|&p| {
                    let k = coefs[i];
                    digits(masks[i]).map(move |d| p + k * d as i32)
                })
                .collect();
            next.sort_unstable();
            next.dedup();
            reach.push(next);
        }
        let mut back: Vec<Vec<i32>> = vec![Vec::new(); len + 1];
        back[len] = vec![target];
        for i in (0..len).rev() {
            let mut prev: Vec<i32> = back[i + 1]
                .iter()
                .flat_map(|&p| {
                    let k = coefs[i];
                    digits(masks[i]).map(move |d| p - k * d as i32)
                })
                .collect();
            prev.sort_unstable();
            prev.dedup();
            back[i] = prev;
        }
        let valid: Vec<Vec<i32>> = (0..=len)
            .map(|i| {
                reach[i]
                    .iter()
                    .copied()
                    .filter(|p| back[i].binary_search(p).is_ok())
                    .collect()
            })
            .collect();
        // Chunks: as long as their options stay within the limit.
        let mut bounds = vec![0usize];
        let mut start = 0;
        while start < len {
            let mut end = start + 1;
            while end < len {
                let count = spec.count_from(
                    start,
                    end + 1,
                    &valid[start],
                    &valid[end + 1],
                    self.tuning.chunk_limit,
                );
                if count > self.tuning.chunk_limit {
                    break;
                }
                end += 1;
            }
            bounds.push(end);
            start = end;
        }
        let values: Vec<u32> = cells.iter().map(|&c| self.value_item(c)).collect();
        let partials: Vec<u32> = (0..bounds.len())
            .map(|j| {
                let at = bounds[j];
                if at == 0 || at == len {
                    NO_COLOR
                } else {
                    self.item(What::Partial(k as u32, at as u16), false)
                }
            })
            .collect();
        for j in 0..bounds.len() - 1 {
            let (s, e) = (bounds[j], bounds[j + 1]);
            let chunk = self.item(What::Chunk(k as u32, j as u16), true);
            for &p in &valid[s] {
                let ends = &valid[e];
                let Some(fillings) = spec.fillings(s, e, p, ends, usize::MAX) else {
                    continue;
                };
                for (f, q) in fillings {
                    let mut ent = vec![(chunk, NO_COLOR)];
                    if partials[j] != NO_COLOR {
                        let c = self.sum_color(&valid[s], p);
                        ent.push((partials[j], c));
                    }
                    ent.extend(
                        values[s..e]
                            .iter()
                            .zip(&f)
                            .map(|(&v, &d)| (v, Self::digit_color(d))),
                    );
                    if partials[j + 1] != NO_COLOR {
                        let c = self.sum_color(&valid[e], q);
                        ent.push((partials[j + 1], c));
                    }
                    let label = self.label_digits(&cells[s..e], &f, j as u16 + 1, p, q);
                    self.clue_option(k, &ent, label);
                }
            }
        }
    }

    /// Sandwich clues: crust places and filling sets as options; the placements of the other
    /// digits of the line come inside or outside.
    fn sandwiches(&mut self) {
        let n = self.n;
        let rules = self.rules;
        let inner = combos::full(n) & !bit(1) & !bit(n as u32);
        // One character each, as Knuth's programs want colors.
        let (crust, inside, outside) = (self.color("c"), self.color("i"), self.color("o"));
        for (k, c) in rules.constraints().iter().enumerate() {
            let Constraint::Sandwich { sum, .. } = c else {
                continue;
            };
            let line = rules.scope(k).to_vec();
            let clue = self.item(What::Clue(k as u32), true);
            let fill: Vec<u32> = (1..=n as u8)
                .map(|d| {
                    if inner & bit(u32::from(d)) != 0 {
                        self.item(What::Filling(k as u32, d), true)
                    } else {
                        NO_COLOR
                    }
                })
                .collect();
            let sides: Vec<u32> = line
                .iter()
                .map(|&c| {
                    let i = self.idx(c) as u16;
                    self.item(What::Side(k as u32, i), false)
                })
                .collect();
            let crusts = bit(1) | bit(n as u32);
            let mut e: Vec<Ent> = Vec::with_capacity(2 * n + 1);
            for i in 0..n {
                for j in i + 1..n {
                    let (mi, mj) = (self.mask[self.idx(line[i])], self.mask[self.idx(line[j])]);
                    if mi & crusts == 0 || mj & crusts == 0 {
                        continue;
                    }
                    for s in combos::with_sum(inner, j - i - 1, *sum) {
                        e.clear();
                        e.push((clue, NO_COLOR));
                        e.extend(digits(inner & !s).map(|d| (fill[d as usize - 1], NO_COLOR)));
                        for (p, &side) in sides.iter().enumerate() {
                            let color = if p == i || p == j {
                                crust
                            } else if p > i && p < j {
                                inside
                            } else {
                                outside
                            };
                            e.push((side, color));
                        }
                        let clue_is = Clue::Sandwich {
                            i: i as u16,
                            j: j as u16,
                            set: s,
                        };
                        self.clue_option(k, &e, clue_is);
                    }
                }
            }
            for (p, &cell) in line.iter().enumerate() {
                let ci = self.idx(cell);
                for d in digits(self.mask[ci]) {
                    let slot = ci * n + d as usize - 1;
                    if inner & bit(d) != 0 {
                        self.versions.push((
                            slot as u32,
                            [
                                Alt::new(&[(sides[p], inside), (fill[d as usize - 1], NO_COLOR)]),
                                Alt::new(&[(sides[p], outside)]),
                            ],
                        ));
                    } else {
                        self.place[slot].push((sides[p], crust));
                    }
                }
            }
        }
    }

    /// Emits the stars of the forbidden pairs, expands the placements, commits the givens and
    /// the forced options, and builds the problem.
    fn finish(mut self) -> Result<Encoding, EncodeError> {
        let n = self.n;
        // Stars: centred on the side that needs fewer entries.
        let forbidden = std::mem::take(&mut self.forbidden);
        for (&(i, j), &rows) in &forbidden {
            if self.lean() && crate::prune::pair_held(&rows, n) {
                // The propagator keeps these two cells apart by a table of their own.
                self.dropped = true;
                continue;
            }
            let (ma, mb) = (self.mask[usize::from(i)], self.mask[usize::from(j)]);
            let seen = self.apart[usize::from(i)].contains(usize::from(j));
            let mut rows = rows;
            for x in 1..=n as u32 {
                let r = &mut rows[x as usize - 1];
                if ma & bit(x) == 0 {
                    *r = 0;
                }
                *r &= mb;
                if seen {
                    *r &= !bit(x);
                }
            }
            let mut cols = [0u32; 16];
            for x in 1..=n as u32 {
                for y in digits(rows[x as usize - 1]) {
                    cols[y as usize - 1] |= bit(x);
                }
            }
            let cost = |t: &[u32; 16]| -> u32 {
                t.iter()
                    .map(|&m| if m == 0 { 0 } else { 1 + m.count_ones() })
                    .sum()
            };
            let (a, b, table) = if cost(&rows) <= cost(&cols) {
                (i, j, rows)
            } else {
                (j, i, cols)
            };
            for x in 1..=n as u32 {
                let ys = table[x as usize - 1];
                if ys == 0 {
                    continue;
                }
                let item = self.item(What::Star { a, b, x: x as u8 }, false);
                self.place[usize::from(a) * n + x as usize - 1].push((item, NO_COLOR));
                for y in digits(ys) {
                    self.place[usize::from(b) * n + y as usize - 1].push((item, NO_COLOR));
                }
            }
        }
        self.forbidden = forbidden;
        // Every option: placements (in their versions), then the clues' options, as runs of
        // `ents` (option `k` is `ents[starts[k]..starts[k + 1]]`).
        let mut ents: Vec<Ent> = Vec::with_capacity(
            self.place.iter().map(Place::len).sum::<usize>() + self.clue_ents.len(),
        );
        // The groups of versions of each slot: `vgroups[vstart[slot]..vstart[slot + 1]]`, in
        // the order they came (counted, then placed).
        let slots = self.place.len();
        let mut vstart = vec![0u32; slots + 1];
        for &(slot, _) in &self.versions {
            vstart[slot as usize + 1] += 1;
        }
        for i in 1..vstart.len() {
            vstart[i] += vstart[i - 1];
        }
        let mut vgroups = vec![[Alt::new(&[]); 2]; self.versions.len()];
        let mut vfill = vstart.clone();
        for &(slot, g) in &self.versions {
            let f = &mut vfill[slot as usize];
            vgroups[*f as usize] = g;
            *f += 1;
        }
        let versions = |slot: usize| &vgroups[vstart[slot] as usize..vstart[slot + 1] as usize];
        let mut starts: Vec<u32> = vec![0];
        let mut does: Vec<Does> = Vec::new();
        let mut buf: Vec<Ent> = Vec::new();
        for cell in 0..n * n {
            if self.grouped[cell] {
                continue;
            }
            for d in digits(self.mask[cell]) {
                let slot = cell * n + d as usize - 1;
                if versions(slot).is_empty() {
                    ents.extend_from_slice(self.place[slot].as_slice());
                    starts.push(ents.len() as u32);
                    does.push(Does::Place(cell as u16, d as u8));
                    continue;
                }
                expand(self.place[slot].as_slice(), versions(slot), &mut buf, |e| {
                    ents.extend_from_slice(e);
                    starts.push(ents.len() as u32);
                    does.push(Does::Place(cell as u16, d as u8));
                });
            }
        }
        let mut base: Vec<Ent> = Vec::new();
        let mut groups: Vec<&[Alt]> = Vec::new();
        let mut merged: Vec<Ent> = Vec::new();
        for g in std::mem::take(&mut self.groups) {
            'fillings: for f in &g.fillings {
                base.clear();
                groups.clear();
                for (&cell, &d) in g.cells.iter().zip(f) {
                    let slot = cell * n + usize::from(d) - 1;
                    if self.mask[cell] & bit(u32::from(d)) == 0 {
                        continue 'fillings;
                    }
                    base.extend_from_slice(self.place[slot].as_slice());
                    groups.extend(versions(slot).iter().map(|g| &g[..]));
                }
                let places: Vec<(u16, u8)> = g
                    .cells
                    .iter()
                    .zip(f)
                    .map(|(&c, &d)| (c as u16, d))
                    .collect();
                expand(&base, &groups, &mut buf, |e| {
                    // An item twice: twice the same color is one entry; anything else is a
                    // filling the other rules forbid.
                    e.sort_unstable();
                    merged.clear();
                    for &x in e.iter() {
                        match merged.last() {
                            Some(&last) if last.0 == x.0 => {
                                if last.1 == x.1 && x.1 != NO_COLOR {
                                    continue;
                                }
                                return;
                            }
                            _ => merged.push(x),
                        }
                    }
                    ents.extend_from_slice(&merged);
                    starts.push(ents.len() as u32);
                    does.push(Does::Fill(places.clone(), g.k));
                });
            }
        }
        let base = *starts.last().unwrap_or(&0);
        ents.extend_from_slice(&self.clue_ents);
        starts.extend(self.clue_starts[1..].iter().map(|&x| x + base));
        does.append(&mut self.clue_does);
        let options = Options { ents, starts };
        let mut fixed = self.givens.to_vec();
        let givens: Vec<usize> = (0..n * n).filter(|&i| self.givens[i] != 0).collect();
        let (alive, covered) = commit(
            &self.primary,
            &options,
            &givens,
            self.tuning.propagate,
            |o| match &does[o] {
                Does::Place(c, d) => fixed[usize::from(*c)] = *d,
                Does::Fill(places, _) => {
                    for &(c, d) in places {
                        fixed[usize::from(c)] = d;
                    }
                }
                Does::Clue(..) => {}
            },
        );
        self.build(options, does, alive, covered, fixed)
    }

    fn build(
        self,
        options: Options,
        does: Vec<Does>,
        alive: Vec<bool>,
        settled: Vec<bool>,
        fixed: Vec<u8>,
    ) -> Result<Encoding, EncodeError> {
        let items = self.what.len();
        // Items kept: primary items not covered; secondary items some live option still uses
        // and not settled (colored or taken by a committed option).
        let mut used = vec![false; items];
        for (o, _) in alive.iter().enumerate().filter(|(_, a)| **a) {
            for &(i, _) in options.get(o) {
                used[i as usize] = true;
            }
        }
        let keep: Vec<bool> = (0..items)
            .map(|i| {
                if self.primary[i] {
                    !settled[i]
                } else {
                    used[i] && !settled[i]
                }
            })
            .collect();
        let kept_items = keep.iter().filter(|&&k| k).count();
        let kept_options = alive.iter().filter(|&&a| a).count();
        let mut b = ProblemBuilder::with_capacity(
            kept_items,
            kept_items * 6,
            kept_options,
            options.ents.len(),
        );
        let mut id = vec![u32::MAX; items];
        let mut what = Vec::with_capacity(kept_items);
        let mut name = String::new();
        // Branching takes the item with the fewest options, the first in this order on a tie:
        // the cells under the most clues first (the most constrained variable), then the rest
        // as built.
        let mut degree = vec![0u32; self.n * self.n];
        for (k, c) in self.rules.constraints().iter().enumerate() {
            if c.is_global() {
                continue;
            }
            for cell in self.rules.scope(k) {
                degree[self.idx(*cell)] += 1;
            }
        }
        // A forbidden pair (anti-knight, nonconsecutive...) is a clue on two cells too.
        for &(a, b) in self.forbidden.keys() {
            degree[usize::from(a)] += 1;
            degree[usize::from(b)] += 1;
        }
        let mut order: Vec<usize> = (0..items).collect();
        order.sort_by_key(|&i| match self.what[i] {
            What::Cell(c) => (0, u32::MAX - degree[usize::from(c)]),
            _ => (1, 0),
        });
        for pass in [true, false] {
            for &i in &order {
                if keep[i] && self.primary[i] == pass {
                    self.item_name(self.what[i], &mut name);
                    let item = if pass {
                        b.primary(&name)?
                    } else {
                        b.secondary(&name)?
                    };
                    id[i] = item.0;
                    what.push(self.what[i]);
                }
            }
        }
        let colors: Vec<ColorId> = self.colors.iter().map(|c| b.color(c)).collect();
        let mut kept_does = Vec::with_capacity(kept_options);
        let mut entries: Vec<(ItemId, Option<ColorId>)> = Vec::new();
        for (o, does) in does.into_iter().enumerate() {
            if !alive[o] {
                continue;
            }
            entries.clear();
            for &(i, c) in options.get(o) {
                if keep[i as usize] {
                    let color = (c != NO_COLOR).then(|| colors[c as usize]);
                    entries.push((ItemId(id[i as usize]), color));
                }
            }
            b.option(&entries)?;
            kept_does.push(does);
        }
        let mut problem = b.build();
        if self.tuning.prune {
            let cells: Vec<(ItemId, u16)> = what
                .iter()
                .enumerate()
                .filter_map(|(k, w)| match w {
                    What::Cell(c) => Some((ItemId(k as u32), *c)),
                    _ => None,
                })
                .collect();
            // Borrowed, not copied: one placement or a filling's.
            let places = kept_does.iter().map(|d| {
                let (one, many) = match d {
                    Does::Place(c, d) => (Some((*c, *d)), &[][..]),
                    Does::Fill(p, _) => (None, p.as_slice()),
                    Does::Clue(..) => (None, &[][..]),
                };
                one.into_iter().chain(many.iter().copied())
            });
            // The propagator's fixpoint is closed under the forced moves of the exact cover
            // when every option places one digit and every item is a cell, a digit of a house
            // or a star of a forbidden pair (the propagator holds them all: singles, hidden
            // singles, peers and pairs).
            let closed = kept_does.iter().all(|d| matches!(d, Does::Place(..)))
                && what
                    .iter()
                    .all(|w| matches!(w, What::Cell(_) | What::House(..) | What::Star { .. }));
            if let Some(p) = Pruner::new(
                self.rules,
                cells,
                places,
                fixed.clone(),
                &self.forbidden,
                self.tuning.weights,
                closed,
            ) {
                problem = problem.with_propagator(std::sync::Arc::new(p));
            }
        }
        Ok(Encoding {
            problem,
            n: self.n,
            rules: self.rules.clone(),
            fixed,
            does: kept_does,
            what,
            digits: self.digits,
            lean: self
                .dropped
                .then(|| (self.givens.to_vec(), self.tuning.clone())),
        })
    }

    /// The engine's name of an item: Knuth's style, at most 8 characters (his programs' limit)
    /// for up to 1,296 houses and 46,656 constraints: a letter, then numbers in base 36 of
    /// fixed width.
    fn item_name(&self, w: What, s: &mut String) {
        const R36: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let n = self.n;
        let ch = |x: usize| R36[x % 36] as char;
        // `x` in base 36 on `width` characters (more when it does not fit).
        let b36 = |s: &mut String, x: usize, width: u32| {
            let mut digits = Vec::new();
            let mut v = x;
            loop {
                digits.push(R36[v % 36] as char);
                v /= 36;
                if v == 0 && digits.len() >= width as usize {
                    break;
                }
            }
            s.extend(digits.iter().rev());
        };
        s.clear();
        match w {
            What::Cell(c) => {
                let c = usize::from(c);
                let _ = write!(s, "p{}{}", ch(c / n), ch(c % n));
            }
            What::House(h, d) => {
                let house = &self.rules.houses()[h as usize];
                let d = ch(usize::from(d));
                match house.kind {
                    HouseKind::Row => {
                        let _ = write!(s, "r{}{d}", ch(house.index));
                    }
                    HouseKind::Column => {
                        let _ = write!(s, "c{}{d}", ch(house.index));
                    }
                    HouseKind::Region => {
                        let _ = write!(s, "b{}{d}", ch(house.index));
                    }
                    _ => {
                        s.push('h');
                        b36(s, h as usize, 2);
                        s.push(d);
                    }
                }
            }
            What::Value(c) => {
                let c = usize::from(c);
                let _ = write!(s, "v{}{}", ch(c / n), ch(c % n));
            }
            What::Star { a, b, x } => {
                s.push('n');
                b36(s, usize::from(a), 2);
                b36(s, usize::from(b), 2);
                s.push(ch(usize::from(x)));
            }
            What::Clue(k) => {
                s.push('q');
                b36(s, k as usize, 3);
            }
            What::Chunk(k, j) => {
                s.push('k');
                b36(s, k as usize, 3);
                b36(s, usize::from(j), 2);
            }
            What::Partial(k, j) => {
                s.push('t');
                b36(s, k as usize, 3);
                b36(s, usize::from(j), 2);
            }
            What::Filling(k, d) => {
                s.push('w');
                b36(s, k as usize, 3);
                s.push(ch(usize::from(d)));
            }
            What::Side(k, c) => {
                s.push('i');
                b36(s, k as usize, 3);
                b36(s, usize::from(c), 2);
            }
        }
    }
}

/// Options as runs of entries: option `k` is `ents[starts[k]..starts[k + 1]]`.
struct Options {
    ents: Vec<Ent>,
    starts: Vec<u32>,
}

impl Options {
    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    fn get(&self, k: usize) -> &[Ent] {
        &self.ents[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

/// The options of a placement that comes in versions: `base` followed by one alternative of
/// each group, for every choice of them (the last group's choice changing fastest), each
/// handed to `f` in `buf` (reused: no allocation per option).
fn expand<A: AsRef<[Ent]>, G: AsRef<[A]>>(
    base: &[Ent],
    groups: &[G],
    buf: &mut Vec<Ent>,
    mut f: impl FnMut(&mut Vec<Ent>),
) {
    if groups.iter().any(|g| g.as_ref().is_empty()) {
        return;
    }
    let mut pick = vec![0usize; groups.len()];
    loop {
        buf.clear();
        buf.extend_from_slice(base);
        for (g, &k) in groups.iter().zip(&pick) {
            buf.extend_from_slice(g.as_ref()[k].as_ref());
        }
        f(buf);
        // The next choice: the odometer, last group first.
        let mut i = groups.len();
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            pick[i] += 1;
            if pick[i] < groups[i].as_ref().len() {
                break;
            }
            pick[i] = 0;
        }
    }
}

/// The cells, coefficients and "sees" relation of a linear sum, for counting and listing the
/// fillings of a range of its terms.
struct Chunk<'s> {
    masks: &'s [u32],
    coefs: &'s [i32],
    sees: &'s [Vec<bool>],
}

impl Chunk<'_> {
    /// The fillings of terms `s..e` starting from partial sum `p` whose end sum is one of
    /// `ends` (sorted), with that end sum; `None` if there are more than `limit`.
    fn fillings(
        &self,
        s: usize,
        e: usize,
        p: i32,
        ends: &[i32],
        limit: usize,
    ) -> Option<Vec<(Vec<u32>, i32)>> {
        let mut out = Vec::new();
        let mut stack = Vec::with_capacity(e - s);
        // Bounds of the rest of the terms, for pruning: min and max of each suffix.
        let mut lo = vec![0i32; e - s + 1];
        let mut hi = vec![0i32; e - s + 1];
        for i in (s..e).rev() {
            let vals = digits(self.masks[i]).map(|d| self.coefs[i] * d as i32);
            let (mn, mx) = vals.fold((i32::MAX, i32::MIN), |(a, b), v| (a.min(v), b.max(v)));
            let (mn, mx) = if mn > mx { (0, 0) } else { (mn, mx) };
            lo[i - s] = lo[i - s + 1] + mn;
            hi[i - s] = hi[i - s + 1] + mx;
        }
        if ends.is_empty() {
            return Some(out);
        }
        let ok = self.go(s, e, p, ends, &lo, &hi, &mut stack, &mut out, limit);
        ok.then_some(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        s: usize,
        e: usize,
        p: i32,
        ends: &[i32],
        lo: &[i32],
        hi: &[i32],
        stack: &mut Vec<u32>,
        out: &mut Vec<(Vec<u32>, i32)>,
        limit: usize,
    ) -> bool {
        let i = s + stack.len();
        if i == e {
            if ends.binary_search(&p).is_ok() {
                if out.len() >= limit {
                    return false;
                }
                out.push((stack.clone(), p));
            }
            return true;
        }
        'digits: for d in digits(self.masks[i]) {
            for (k, &prev) in stack.iter().enumerate() {
                if prev == d && self.sees[i][s + k] {
                    continue 'digits;
                }
            }
            let q = p + self.coefs[i] * d as i32;
            // Whatever the rest adds lies in [q + lo, q + hi]: that range must meet the ends.
            let rest = i + 1 - s;
            if q + lo[rest] > ends[ends.len() - 1] || q + hi[rest] < ends[0] {
                continue;
            }
            stack.push(d);
            let ok = self.go(s, e, q, ends, lo, hi, stack, out, limit);
            stack.pop();
            if !ok {
                return false;
            }
        }
        true
    }

    /// The number of options of chunk `s..e` over the start sums `starts` and end sums `ends`,
    /// or more than `limit` once it passes it.
    fn count_from(&self, s: usize, e: usize, starts: &[i32], ends: &[i32], limit: usize) -> usize {
        let mut total = 0;
        for &p in starts {
            match self.fillings(s, e, p, ends, limit - total.min(limit)) {
                Some(f) => total += f.len(),
                None => return limit + 1,
            }
            if total > limit {
                return total;
            }
        }
        total
    }
}

/// The pairs of digits `(x, y)` a dot or an XV clue allows (`x` in its first cell).
fn pair_relation(c: &Constraint, _n: usize) -> Box<dyn Fn(u32, u32) -> bool> {
    match c {
        Constraint::Difference { value, .. } => {
            let v = *value;
            Box::new(move |x, y| x.abs_diff(y) == v)
        }
        Constraint::Ratio { value, .. } => {
            let v = *value;
            Box::new(move |x, y| x == v * y || y == v * x)
        }
        Constraint::Xv { letter, .. } => {
            let s = letter.sum();
            Box::new(move |x, y| x + y == s)
        }
        _ => Box::new(|_, _| true),
    }
}

/// The fillings of cells with candidates `masks` by different digits adding up to `sum` (any
/// sum when `None`); `None` if there are more than `limit`.
fn distinct_fillings(masks: &[u32], sum: Option<u32>, limit: usize) -> Option<Vec<Vec<u8>>> {
    let k = masks.len();
    // For pruning: the smallest and largest digits each remaining cell could add.
    let lo: Vec<u32> = masks
        .iter()
        .map(|&m| if m == 0 { 0 } else { m.trailing_zeros() + 1 })
        .collect();
    let hi: Vec<u32> = masks.iter().map(|&m| 32 - m.leading_zeros()).collect();
    let mut rest_lo = vec![0u32; k + 1];
    let mut rest_hi = vec![0u32; k + 1];
    for i in (0..k).rev() {
        rest_lo[i] = rest_lo[i + 1] + lo[i];
        rest_hi[i] = rest_hi[i + 1] + hi[i];
    }
    let mut out = Vec::new();
    let mut stack = Vec::with_capacity(k);
    #[allow(clippy::too_many_arguments)]
    fn go(
        masks: &[u32],
        sum: Option<u32>,
        used: u32,
        total: u32,
        rest_lo: &[u32],
        rest_hi: &[u32],
        stack: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
        limit: usize,
    ) -> bool {
        let i = stack.len();
        if i == masks.len() {
            if sum.is_none_or(|s| s == total) {
                if out.len() >= limit {
                    return false;
                }
                out.push(stack.clone());
            }
            return true;
        }
        for d in digits(masks[i] & !used) {
            let t = total + d;
            if let Some(s) = sum
                && (t + rest_lo[i + 1] > s || t + rest_hi[i + 1] < s)
            {
                continue;
            }
            stack.push(d as u8);
            let ok = go(
                masks,
                sum,
                used | bit(d),
                t,
                rest_lo,
                rest_hi,
                stack,
                out,
                limit,
            );
            stack.pop();
            if !ok {
                return false;
            }
        }
        true
    }
    go(
        masks, sum, 0, 0, &rest_lo, &rest_hi, &mut stack, &mut out, limit,
    )
    .then_some(out)
}

/// `{1, 2, 4}`.
fn set_words(s: u32) -> String {
    let v: Vec<String> = digits(s).map(|d| symbol(d as u8).to_string()).collect();
    format!("{{{}}}", v.join(", "))
}

/// Commits, before the search, every option that is the only one left of a primary item
/// (givens are such options; so, with `propagate`, is every forced move after them): its items
/// are covered and the options it excludes removed, until no primary item has exactly one
/// option. Calls `settle` with each committed option. Returns which options are left, and
/// which items are settled (covered primary items, taken secondary items, and colored ones,
/// whose color every option left agrees with).
fn commit(
    primary: &[bool],
    options: &Options,
    first: &[usize],
    propagate: bool,
    mut settle: impl FnMut(usize),
) -> (Vec<bool>, Vec<bool>) {
    let items = primary.len();
    let count = options.len();
    // The options of each item: `uses[ustart[i]..ustart[i + 1]]`.
    let mut ustart = vec![0u32; items + 1];
    for &(i, _) in &options.ents {
        ustart[i as usize + 1] += 1;
    }
    for i in 0..items {
        ustart[i + 1] += ustart[i];
    }
    let mut fill = ustart.clone();
    let mut uses = vec![0u32; options.ents.len()];
    for o in 0..count {
        for &(i, _) in options.get(o) {
            uses[fill[i as usize] as usize] = o as u32;
            fill[i as usize] += 1;
        }
    }
    let of = |i: usize| &uses[ustart[i] as usize..ustart[i + 1] as usize];
    let mut alive = vec![true; count];
    let mut left: Vec<u32> = (0..items).map(|i| ustart[i + 1] - ustart[i]).collect();
    let mut settled = vec![false; items];
    // The givens' cell items (items `0..n * n` are the cells), then, with `propagate`, every
    // primary item with one option.
    let mut queue: Vec<usize> = Vec::new();
    if propagate {
        queue.extend((0..items).filter(|&i| primary[i] && left[i] == 1));
    }
    queue.extend(first.iter().rev());
    let mut kill = Vec::new();
    while let Some(i) = queue.pop() {
        if settled[i] || left[i] != 1 {
            continue;
        }
        let Some(&o) = of(i).iter().find(|&&o| alive[o as usize]) else {
            continue;
        };
        let o = o as usize;
        settle(o);
        kill.clear();
        for &(item, color) in options.get(o) {
            let item = item as usize;
            settled[item] = true;
            for &p in of(item) {
                let p = p as usize;
                if p == o || !alive[p] {
                    continue;
                }
                let keeps = !primary[item]
                    && color != NO_COLOR
                    && options
                        .get(p)
                        .iter()
                        .any(|&(j, c)| j as usize == item && c == color);
                if !keeps {
                    kill.push(p);
                }
            }
        }
        alive[o] = false;
        for &(item, _) in options.get(o) {
            left[item as usize] -= 1;
        }
        for &p in &kill {
            if !alive[p] {
                continue;
            }
            alive[p] = false;
            for &(item, _) in options.get(p) {
                let item = item as usize;
                left[item] -= 1;
                if propagate && primary[item] && !settled[item] && left[item] == 1 {
                    queue.push(item);
                }
            }
        }
    }
    (alive, settled)
}
