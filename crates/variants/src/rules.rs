//! The rules of a variant: the grid's size, its regions (boxes or a jigsaw layout) and its
//! constraints, checked once when made ([`Rules::new`], or when deserialized), with the
//! geometry the solvers and the logic need: the houses ([`Rules::houses`]), which cells see
//! each other ([`Rules::sees`]), each constraint's cells ([`Rules::scope`]) and name.
//!
//! Invariants of a `Rules` (checked by [`Rules::new`]): `4 <= n <= 16`; every region has `n`
//! cells and every cell one region; every cell of every constraint lies inside the grid and
//! appears once in it; every constraint can be satisfied on its own (a cage's sum by some
//! digits, a thermometer no longer than `n`...); no two constraints contradict each other on
//! their face (a cell both even and odd, an X and a V on the same pair).

use serde::{Deserialize, Serialize};

use crate::cell::Cell;
use crate::combos;
use crate::constraint::{Constraint, Line};
use crate::error::{Named, RuleError};

/// The smallest grid: 4x4.
pub const MIN_SIZE: usize = 4;
/// The largest grid: 16x16 (digits 1 to 16, written 1-9 then A-G).
pub const MAX_SIZE: usize = 16;

/// The regions of a grid: each holds every digit once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Regions {
    /// Boxes of `rows x cols` cells (`rows * cols = n`), numbered row-major.
    Boxes {
        /// Rows of cells in a box.
        rows: usize,
        /// Columns of cells in a box.
        cols: usize,
    },
    /// Irregular ("jigsaw") regions: `layout[i]` is the region of cell `i` (row-major), from
    /// 0 to `n - 1`.
    Jigsaw {
        /// The region of each cell, row-major, 0-based.
        layout: Vec<u8>,
    },
}

impl Regions {
    /// The usual boxes for a grid of `n` (2x2, 2x3, 3x3, 3x4, 4x4...), if the size has a box
    /// shape.
    pub fn default_for(n: usize) -> Option<Regions> {
        let s = dlx_sudoku::Shape::for_size(n).ok()?;
        Some(Regions::Boxes {
            rows: s.rows,
            cols: s.cols,
        })
    }

    /// Whether these are plain boxes.
    pub fn is_boxes(&self) -> bool {
        matches!(self, Regions::Boxes { .. })
    }
}

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box, or a jigsaw region.
    Region,
    /// The positive diagonal (bottom-left to top-right).
    DiagonalPositive,
    /// The negative diagonal (top-left to bottom-right).
    DiagonalNegative,
    /// A windoku window.
    Window,
    /// A disjoint group (the same place in every region).
    DisjointGroup,
    /// An extra region.
    ExtraRegion,
    /// A killer cage (its digits differ).
    Cage,
}

/// A set of cells whose digits all differ: every digit once when it has `n` cells, at most
/// once when fewer (a small extra region, a killer cage).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct House {
    /// What it is.
    pub kind: HouseKind,
    /// Its number among the houses of its kind, from 0.
    pub index: usize,
    /// The constraint it comes from, for houses that rules add (an index into
    /// [`Rules::constraints`]).
    pub constraint: Option<usize>,
    /// Its cells.
    pub cells: Vec<Cell>,
}

impl House {
    /// The house in words, numbered from 1: `row 3`, `region 4`, `diagonal+`, `window 2`,
    /// `disjoint group 5`, `extra region 1`, `killer cage 3`.
    pub fn name(&self) -> String {
        let k = self.index + 1;
        match self.kind {
            HouseKind::Row => format!("row {k}"),
            HouseKind::Column => format!("column {k}"),
            HouseKind::Region => format!("region {k}"),
            HouseKind::DiagonalPositive => "diagonal+".to_string(),
            HouseKind::DiagonalNegative => "diagonal-".to_string(),
            HouseKind::Window => format!("window {k}"),
            HouseKind::DisjointGroup => format!("disjoint group {k}"),
            HouseKind::ExtraRegion => format!("extra region {k}"),
            HouseKind::Cage => format!("killer cage {k}"),
        }
    }

    fn named(&self) -> Named {
        let (kind, index) = match self.kind {
            HouseKind::Row => ("row", self.index + 1),
            HouseKind::Column => ("column", self.index + 1),
            HouseKind::Region => ("region", self.index + 1),
            HouseKind::DiagonalPositive => ("diagonal+", 0),
            HouseKind::DiagonalNegative => ("diagonal-", 0),
            HouseKind::Window => ("window", self.index + 1),
            HouseKind::DisjointGroup => ("disjoint group", self.index + 1),
            HouseKind::ExtraRegion => ("extra region", self.index + 1),
            HouseKind::Cage => ("killer cage", self.index + 1),
        };
        Named {
            kind,
            index,
            cells: Vec::new(),
        }
    }
}

/// A set of at most 256 cells (a 16x16 grid), by row-major index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellSet([u64; 4]);

impl CellSet {
    /// Adds cell index `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Whether cell index `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// The indices in the set, increasing.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).flat_map(move |w| {
            let mut m = self.0[w];
            std::iter::from_fn(move || {
                if m == 0 {
                    None
                } else {
                    let b = m.trailing_zeros() as usize;
                    m &= m - 1;
                    Some(w * 64 + b)
                }
            })
        })
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The set as four words of 64 cells, cell `i` at bit `i % 64` of word `i / 64`.
    pub fn words(&self) -> [u64; 4] {
        self.0
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
}

/// The plain data of [`Rules`], as it is serialized.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesData {
    /// Cells on a side.
    pub size: usize,
    /// The regions; the usual boxes when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Regions>,
    /// The constraints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<Constraint>,
}

/// The rules of a variant, checked: see the module documentation for the invariants.
///
/// ```
/// use dlx_variants::{Cell, Constraint, Rules};
/// let rules = Rules::new(9, None, vec![Constraint::AntiKnight]).unwrap();
/// assert!(rules.sees(Cell::new(0, 0), Cell::new(1, 2))); // a knight's move
/// assert!(rules.sees(Cell::new(0, 0), Cell::new(2, 2))); // the same box
/// assert!(!rules.sees(Cell::new(0, 0), Cell::new(4, 4)));
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "RulesData", into = "RulesData")]
pub struct Rules {
    n: usize,
    regions: Regions,
    constraints: Vec<Constraint>,
    /// `region_of[i]`: the region of cell `i`.
    region_of: Vec<u8>,
    houses: Vec<House>,
    /// `sees[i]`: the cells that must hold a digit other than cell `i`'s.
    sees: Vec<CellSet>,
    /// `scopes[k]`: the cells of constraint `k` (a little killer's diagonal, a sandwich's line).
    scopes: Vec<Vec<Cell>>,
    /// `numbers[k]`: the number of constraint `k` among those of its kind, from 1.
    numbers: Vec<usize>,
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.n == other.n && self.regions == other.regions && self.constraints == other.constraints
    }
}

impl Eq for Rules {}

impl TryFrom<RulesData> for Rules {
    type Error = RuleError;
    fn try_from(d: RulesData) -> Result<Rules, RuleError> {
        Rules::new(d.size, d.regions, d.constraints)
    }
}

impl From<Rules> for RulesData {
    fn from(r: Rules) -> RulesData {
        RulesData {
            size: r.n,
            regions: Some(r.regions),
            constraints: r.constraints,
        }
    }
}

impl Rules {
    /// Checks and makes the rules of an `n x n` grid (`regions`: the usual boxes when `None`).
    pub fn new(
        n: usize,
        regions: Option<Regions>,
        constraints: Vec<Constraint>,
    ) -> Result<Rules, RuleError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(RuleError::Size { n });
        }
        let regions = match regions {
            Some(r) => r,
            None => Regions::default_for(n).ok_or(RuleError::NoBoxShape { n })?,
        };
        let region_of = region_layout(n, &regions)?;
        let mut numbers = Vec::with_capacity(constraints.len());
        let mut counts: Vec<(&'static str, usize)> = Vec::new();
        for c in &constraints {
            let kind = c.kind_name();
            let k = match counts.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, count)) => {
                    *count += 1;
                    *count
                }
                None => {
                    counts.push((kind, 1));
                    1
                }
            };
            numbers.push(if c.is_global() { 0 } else { k });
        }
        let mut rules = Rules {
            n,
            regions,
            constraints,
            region_of,
            houses: Vec::new(),
            sees: Vec::new(),
            scopes: Vec::new(),
            numbers,
        };
        for k in 0..rules.constraints.len() {
            rules.check_cells(k)?;
        }
        rules.scopes = (0..rules.constraints.len())
            .map(|k| rules.compute_scope(k))
            .collect();
        rules.houses = rules.compute_houses()?;
        rules.sees = rules.compute_sees();
        for k in 0..rules.constraints.len() {
            rules.check_values(k)?;
        }
        rules.check_contradictions()?;
        Ok(rules)
    }

    /// Cells on a side (and digits: 1 to `n`).
    pub fn size(&self) -> usize {
        self.n
    }

    /// The regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// The constraints, in the order given.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The region of a cell (0-based).
    pub fn region_of(&self, cell: Cell) -> usize {
        usize::from(self.region_of[cell.index(self.n)])
    }

    /// Every house: rows, columns, regions, then the houses the constraints add (diagonals,
    /// windows, disjoint groups, extra regions, killer cages) in the order of the constraints.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Whether cells `a` and `b` (distinct) must hold different digits: they share a house
    /// (killer cages included) or are a knight's or a king's move apart under anti-knight or
    /// anti-king.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.sees[a.index(self.n)].contains(b.index(self.n))
    }

    /// The cells `cell` sees (see [`Rules::sees`]), as row-major indices.
    pub fn peers(&self, cell: Cell) -> &CellSet {
        &self.sees[cell.index(self.n)]
    }

    /// The cells of constraint `k`: those it names, a little killer's whole diagonal, a
    /// sandwich's whole line; none for a rule of the whole grid.
    pub fn scope(&self, k: usize) -> &[Cell] {
        &self.scopes[k]
    }

    /// Constraint `k` as errors and steps name it: `killer cage 3 (r1c1 r1c2)`.
    pub fn named(&self, k: usize) -> Named {
        let c = &self.constraints[k];
        Named {
            kind: c.kind_name(),
            index: self.numbers[k],
            cells: if c.is_global() {
                Vec::new()
            } else {
                self.scopes
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| c.cells().clone())
            },
        }
    }

    /// Whether the rules hold `c` (a rule of the whole grid, such as `AntiKnight`).
    pub fn has(&self, c: &Constraint) -> bool {
        self.constraints.contains(c)
    }

    /// Every pair of orthogonal neighbours, each once (the left or upper cell first).
    pub fn orthogonal_pairs(&self) -> Vec<[Cell; 2]> {
        let n = self.n as u8;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n {
                    out.push([Cell::new(r, c), Cell::new(r, c + 1)]);
                }
                if r + 1 < n {
                    out.push([Cell::new(r, c), Cell::new(r + 1, c)]);
                }
            }
        }
        out
    }

    /// The pairs of neighbours that carry a clue of the kinds `kinds` accepts (dots, XV), for
    /// the exemptions of the negative rules.
    pub fn marked_pairs(&self, kinds: impl Fn(&Constraint) -> bool) -> Vec<[Cell; 2]> {
        let mut out: Vec<[Cell; 2]> = self
            .constraints
            .iter()
            .filter(|c| kinds(c))
            .filter_map(|c| c.pair())
            .map(|[a, b]| if a < b { [a, b] } else { [b, a] })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The ratios the negative black-dot rule forbids between unmarked neighbours: those of
    /// the black dots given, or 2 when there is none (as the reader of f-puzzles files in David
    /// Clamage's solver does).
    pub fn negative_ratios(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .constraints
            .iter()
            .filter_map(|c| match c {
                Constraint::Ratio { value, .. } => Some(*value),
                _ => None,
            })
            .collect();
        if v.is_empty() {
            v.push(2);
        }
        v.sort();
        v.dedup();
        v
    }

    fn named_with(&self, k: usize, cells: Vec<Cell>) -> Named {
        Named {
            kind: self.constraints[k].kind_name(),
            index: self.numbers[k],
            cells,
        }
    }

    /// Every cell inside the grid and named once; lengths; neighbours.
    fn check_cells(&self, k: usize) -> Result<(), RuleError> {
        let n = self.n;
        let c = &self.constraints[k];
        let cells = c.cells();
        let at = || self.named_with(k, cells.clone());
        for (i, &cell) in cells.iter().enumerate() {
            if !cell.inside(n) {
                return Err(RuleError::Outside { at: at(), cell, n });
            }
            if cells[..i].contains(&cell) {
                return Err(RuleError::Repeated { at: at(), cell });
            }
        }
        let length = |min: usize, max: usize, expected: &str| {
            if cells.len() < min || cells.len() > max {
                Err(RuleError::Length {
                    at: at(),
                    got: cells.len(),
                    expected: expected.to_string(),
                })
            } else {
                Ok(())
            }
        };
        match c {
            Constraint::ExtraRegion { .. } => length(
                1,
                n,
                &format!("an extra region holds 1 to {n} cells (its digits differ)"),
            )?,
            Constraint::Killer { .. } => length(
                1,
                n,
                &format!("a killer cage holds 1 to {n} cells (its digits differ)"),
            )?,
            Constraint::Thermo { .. } if cells.len() > n => {
                return Err(RuleError::Impossible {
                    at: at(),
                    why: format!(
                        "{} cells, but only {n} digits can increase along a thermometer",
                        cells.len()
                    ),
                });
            }
            Constraint::Thermo { .. } => length(1, n, "a thermometer has at least 1 cell")?,
            Constraint::Arrow { circle, line } => {
                if circle.is_empty() || circle.len() > 3 {
                    return Err(RuleError::Length {
                        at: at(),
                        got: circle.len(),
                        expected: "an arrow's circle has 1 to 3 cells".into(),
                    });
                }
                if line.is_empty() {
                    return Err(RuleError::Length {
                        at: at(),
                        got: 0,
                        expected: "an arrow's line has at least 1 cell".into(),
                    });
                }
            }
            Constraint::Difference { cells: [a, b], .. }
            | Constraint::Ratio { cells: [a, b], .. }
            | Constraint::Xv { cells: [a, b], .. }
                if !a.orthogonal(*b) =>
            {
                return Err(RuleError::NotNeighbours { at: at() });
            }
            Constraint::LittleKiller {
                start, direction, ..
            } if {
                let (dr, dc) = direction.step();
                let (r, c) = (i32::from(start.row) - dr, i32::from(start.col) - dc);
                (0..n as i32).contains(&r) && (0..n as i32).contains(&c)
            } =>
            {
                return Err(RuleError::Value {
                    at: at(),
                    why: format!(
                        "{start} is not at the edge of the grid going {}: a little killer's diagonal starts next to its clue, outside the grid",
                        direction.as_str()
                    ),
                });
            }
            Constraint::Sandwich { line, .. } if usize::from(line.number()) >= n => {
                let what = match line {
                    Line::Row(_) => "row",
                    Line::Column(_) => "column",
                };
                return Err(RuleError::Value {
                    at: at(),
                    why: format!("{what} {} is outside the {n}x{n} grid", line.number() + 1),
                });
            }
            _ => {}
        }
        Ok(())
    }

    fn compute_scope(&self, k: usize) -> Vec<Cell> {
        let n = self.n as i32;
        match &self.constraints[k] {
            Constraint::LittleKiller {
                start, direction, ..
            } => {
                let (dr, dc) = direction.step();
                let (mut r, mut c) = (i32::from(start.row), i32::from(start.col));
                let mut out = Vec::new();
                while (0..n).contains(&r) && (0..n).contains(&c) {
                    out.push(Cell::new(r as u8, c as u8));
                    r += dr;
                    c += dc;
                }
                out
            }
            Constraint::Sandwich { line, .. } => line.cells(self.n),
            c => c.cells(),
        }
    }

    fn compute_houses(&self) -> Result<Vec<House>, RuleError> {
        let n = self.n;
        let mut houses = Vec::new();
        for r in 0..n {
            houses.push(House {
                kind: HouseKind::Row,
                index: r,
                constraint: None,
                cells: Line::Row(r as u8).cells(n),
            });
        }
        for c in 0..n {
            houses.push(House {
                kind: HouseKind::Column,
                index: c,
                constraint: None,
                cells: Line::Column(c as u8).cells(n),
            });
        }
        let mut regions = vec![Vec::new(); n];
        for i in 0..n * n {
            regions[usize::from(self.region_of[i])].push(Cell::at(i, n));
        }
        for (g, cells) in regions.iter().enumerate() {
            houses.push(House {
                kind: HouseKind::Region,
                index: g,
                constraint: None,
                cells: cells.clone(),
            });
        }
        let mut counts = [0usize; 4];
        for (k, c) in self.constraints.iter().enumerate() {
            let mut add = |kind: HouseKind, index: usize, cells: Vec<Cell>| {
                houses.push(House {
                    kind,
                    index,
                    constraint: Some(k),
                    cells,
                })
            };
            match c {
                Constraint::DiagonalPositive => add(
                    HouseKind::DiagonalPositive,
                    0,
                    (0..n)
                        .map(|i| Cell::new((n - 1 - i) as u8, i as u8))
                        .collect(),
                ),
                Constraint::DiagonalNegative => add(
                    HouseKind::DiagonalNegative,
                    0,
                    (0..n).map(|i| Cell::new(i as u8, i as u8)).collect(),
                ),
                Constraint::Windoku => {
                    let windows = windows(n).ok_or_else(|| RuleError::Unsupported {
                        at: self.named(k),
                        why: format!("a {n}x{n} grid has no box shape for windows"),
                    })?;
                    for (w, cells) in windows.into_iter().enumerate() {
                        add(HouseKind::Window, w, cells);
                    }
                }
                Constraint::DisjointGroups => {
                    for (g, cells) in disjoint_groups(n, &regions).into_iter().enumerate() {
                        add(HouseKind::DisjointGroup, g, cells);
                    }
                }
                Constraint::ExtraRegion { cells } => {
                    add(HouseKind::ExtraRegion, counts[0], cells.clone());
                    counts[0] += 1;
                }
                Constraint::Killer { cells, .. } => {
                    add(HouseKind::Cage, counts[1], cells.clone());
                    counts[1] += 1;
                }
                _ => {}
            }
        }
        Ok(houses)
    }

    fn compute_sees(&self) -> Vec<CellSet> {
        let n = self.n;
        let mut sees = vec![CellSet::default(); n * n];
        for h in &self.houses {
            for &a in &h.cells {
                for &b in &h.cells {
                    if a != b {
                        sees[a.index(n)].insert(b.index(n));
                    }
                }
            }
        }
        let knight = self.has(&Constraint::AntiKnight);
        let king = self.has(&Constraint::AntiKing);
        if knight || king {
            for (i, seen) in sees.iter_mut().enumerate() {
                for j in 0..n * n {
                    let (a, b) = (Cell::at(i, n), Cell::at(j, n));
                    if (knight && a.knight(b)) || (king && a.king(b)) {
                        seen.insert(j);
                    }
                }
            }
        }
        sees
    }

    /// Values and sums: each constraint can be satisfied on its own.
    fn check_values(&self, k: usize) -> Result<(), RuleError> {
        let n = self.n;
        let at = || self.named(k);
        let impossible = |why: String| Err(RuleError::Impossible { at: at(), why });
        let all = combos::full(n);
        match &self.constraints[k] {
            Constraint::Killer {
                cells,
                sum: Some(s),
            } if combos::with_sum(all, cells.len(), *s).is_empty() => {
                let (lo, hi) = combos::sum_range(n, cells.len());
                return impossible(format!(
                    "no {} different digits from 1 to {n} add up to {s} (they make {lo} to {hi})",
                    cells.len()
                ));
            }
            Constraint::Arrow { circle, line } => {
                let (lo, hi) = self.line_sum_bounds(line);
                let (clo, chi) = circle_range(n, circle.len());
                if hi < clo || lo > chi {
                    return impossible(format!(
                        "its line of {} cells adds up to {lo} to {hi}, but its circle of {} cells holds {clo} to {chi}",
                        line.len(),
                        circle.len()
                    ));
                }
            }
            Constraint::LittleKiller { sum, .. } => {
                let (lo, hi) = self.line_sum_bounds(self.scope(k));
                if *sum < lo || *sum > hi {
                    return impossible(format!(
                        "its {} cells add up to {lo} to {hi}, not {sum}",
                        self.scope(k).len()
                    ));
                }
            }
            Constraint::Sandwich { sum, .. } => {
                let inner = all & !combos::bit(1) & !combos::bit(n as u32);
                if !combos::some_subset_sums_to(inner, *sum) {
                    return impossible(format!(
                        "no digits from 2 to {} add up to {sum} between the 1 and the {n}",
                        n - 1
                    ));
                }
            }
            Constraint::Difference { value, .. } if *value == 0 || *value as usize >= n => {
                return Err(RuleError::Value {
                    at: at(),
                    why: format!(
                        "a difference of {value}: digits from 1 to {n} differ by 1 to {}",
                        n - 1
                    ),
                });
            }
            Constraint::Ratio { value, .. } if *value < 2 || *value as usize > n => {
                return Err(RuleError::Value {
                    at: at(),
                    why: format!("a ratio of {value}: digits from 1 to {n} have ratios 2 to {n}"),
                });
            }
            Constraint::Xv { letter, .. } => {
                let s = letter.sum();
                // Two different digits (neighbours share a row or a column).
                if s < 3 || s as usize > 2 * n - 1 {
                    return impossible(format!(
                        "no two different digits from 1 to {n} add up to {s}"
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Bounds on the sum of `cells`: each at least 1 and at most `n`, and the cells of one
    /// house different (the house with most of them gives the bound).
    pub(crate) fn line_sum_bounds(&self, cells: &[Cell]) -> (u32, u32) {
        let n = self.n as u32;
        let len = cells.len() as u32;
        let mut most = 1u32;
        for h in &self.houses {
            let m = cells.iter().filter(|c| h.cells.contains(c)).count() as u32;
            most = most.max(m);
        }
        let most = most.min(n);
        let lo = most * (most + 1) / 2 + (len - most);
        let hi = most * n - most * (most - 1) / 2 + (len - most) * n;
        (lo, hi)
    }

    fn check_contradictions(&self) -> Result<(), RuleError> {
        let cs = &self.constraints;
        for (i, a) in cs.iter().enumerate() {
            for (j, b) in cs.iter().enumerate().skip(i + 1) {
                let why = match (a, b) {
                    (Constraint::Even { cell: x }, Constraint::Odd { cell: y })
                    | (Constraint::Odd { cell: x }, Constraint::Even { cell: y })
                        if x == y =>
                    {
                        Some(format!("{x} cannot be both even and odd"))
                    }
                    (
                        Constraint::Xv {
                            cells: p,
                            letter: l,
                        },
                        Constraint::Xv {
                            cells: q,
                            letter: m,
                        },
                    ) if same_pair(p, q) && l != m => {
                        Some("two neighbours cannot add up to both 10 and 5".to_string())
                    }
                    (
                        Constraint::Difference { cells: p, value: v },
                        Constraint::Difference { cells: q, value: w },
                    ) if same_pair(p, q) && v != w => {
                        Some(format!("two neighbours cannot differ by both {v} and {w}"))
                    }
                    (
                        Constraint::Ratio { cells: p, value: v },
                        Constraint::Ratio { cells: q, value: w },
                    ) if same_pair(p, q) && v != w => Some(format!(
                        "one of two neighbours cannot be both {v} and {w} times the other"
                    )),
                    _ => None,
                };
                if let Some(why) = why {
                    return Err(RuleError::Contradiction {
                        a: self.named(i),
                        b: self.named(j),
                        why,
                    });
                }
            }
        }
        Ok(())
    }

    /// The rules every digit of `values` (row-major, 0 for an empty cell) already breaks: a
    /// digit repeated in a house, a relation broken by two digits, a clue whose cells are all
    /// filled (or whose filled cells already exceed it). On a full grid, no violation means the
    /// grid satisfies every rule.
    ///
    /// `values` must have `n * n` entries, each from 0 to `n`.
    pub fn violations(&self, values: &[u8]) -> Vec<Violation> {
        let n = self.n;
        debug_assert_eq!(values.len(), n * n);
        let v = |c: Cell| u32::from(values[c.index(n)]);
        let mut out = Vec::new();
        for h in &self.houses {
            for (i, &a) in h.cells.iter().enumerate() {
                for &b in &h.cells[i + 1..] {
                    if v(a) != 0 && v(a) == v(b) {
                        let mut at = h.named();
                        if let Some(k) = h.constraint {
                            at.cells = self.scope(k).to_vec();
                        }
                        out.push(Violation {
                            at,
                            constraint: h.constraint,
                            cells: vec![(a, v(a)), (b, v(b))],
                        });
                    }
                }
            }
        }
        let marked_dots = self.marked_pairs(|c| {
            matches!(c, Constraint::Difference { .. } | Constraint::Ratio { .. })
        });
        let marked_xv = self.marked_pairs(|c| matches!(c, Constraint::Xv { .. }));
        let ratios = self.negative_ratios();
        for (k, c) in self.constraints.iter().enumerate() {
            let broken = |cells: Vec<(Cell, u32)>| Violation {
                at: self.named(k),
                constraint: Some(k),
                cells,
            };
            let scope = self.scope(k);
            let filled: Vec<(Cell, u32)> = scope
                .iter()
                .map(|&c| (c, v(c)))
                .filter(|p| p.1 != 0)
                .collect();
            let full = filled.len() == scope.len();
            match c {
                Constraint::AntiKnight | Constraint::AntiKing => {
                    for i in 0..n * n {
                        for j in i + 1..n * n {
                            let (a, b) = (Cell::at(i, n), Cell::at(j, n));
                            let near = match c {
                                Constraint::AntiKnight => a.knight(b),
                                _ => a.king(b),
                            };
                            if near && v(a) != 0 && v(a) == v(b) {
                                out.push(broken(vec![(a, v(a)), (b, v(b))]));
                            }
                        }
                    }
                }
                Constraint::NonConsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                    let marked = if matches!(c, Constraint::NegativeXv) {
                        &marked_xv
                    } else {
                        &marked_dots
                    };
                    for [a, b] in self.orthogonal_pairs() {
                        let (x, y) = (v(a), v(b));
                        if x == 0 || y == 0 || marked.contains(&[a, b]) {
                            continue;
                        }
                        let bad = match c {
                            Constraint::NonConsecutive => x.abs_diff(y) == 1,
                            Constraint::NegativeRatio => {
                                ratios.iter().any(|&r| x == r * y || y == r * x)
                            }
                            _ => x + y == 5 || x + y == 10,
                        };
                        if bad {
                            out.push(broken(vec![(a, x), (b, y)]));
                        }
                    }
                }
                Constraint::Killer { sum: Some(s), .. } => {
                    let total: u32 = filled.iter().map(|p| p.1).sum();
                    if total > *s || (full && total != *s) {
                        out.push(broken(filled));
                    }
                }
                Constraint::Thermo { cells } => {
                    let len = cells.len() as u32;
                    let pos: Vec<(u32, Cell, u32)> = cells
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (i as u32, c, v(c)))
                        .filter(|p| p.2 != 0)
                        .collect();
                    let mut bad: Vec<(Cell, u32)> = Vec::new();
                    for &(i, c, x) in &pos {
                        if x < i + 1 || x > n as u32 - (len - 1 - i) {
                            bad.push((c, x));
                        }
                    }
                    for (k1, &(i, a, x)) in pos.iter().enumerate() {
                        for &(j, b, y) in &pos[k1 + 1..] {
                            if y < x + (j - i) && bad.is_empty() {
                                bad = vec![(a, x), (b, y)];
                            }
                        }
                    }
                    if !bad.is_empty() {
                        out.push(broken(bad));
                    }
                }
                Constraint::Arrow { circle, line } => {
                    let circle_full = circle.iter().all(|&c| v(c) != 0);
                    if circle_full {
                        let target = circle.iter().fold(0u32, |acc, &c| acc * 10 + v(c));
                        let line_sum: u32 = line.iter().map(|&c| v(c)).sum();
                        let empty = line.iter().filter(|&&c| v(c) == 0).count() as u32;
                        if line_sum + empty > target || (full && line_sum != target) {
                            out.push(broken(filled));
                        }
                    }
                }
                Constraint::LittleKiller { sum, .. } => {
                    let total: u32 = filled.iter().map(|p| p.1).sum();
                    let empty = (scope.len() - filled.len()) as u32;
                    if total + empty > *sum || (full && total != *sum) {
                        out.push(broken(filled));
                    }
                }
                Constraint::Sandwich { sum, .. } => {
                    let at = |d: u32| scope.iter().position(|&c| v(c) == d);
                    if let (Some(i), Some(j)) = (at(1), at(n as u32)) {
                        let (i, j) = (i.min(j), i.max(j));
                        let inner = &scope[i + 1..j];
                        if inner.iter().all(|&c| v(c) != 0) {
                            let s: u32 = inner.iter().map(|&c| v(c)).sum();
                            if s != *sum {
                                out.push(broken(scope[i..=j].iter().map(|&c| (c, v(c))).collect()));
                            }
                        }
                    }
                }
                Constraint::Difference {
                    cells: [a, b],
                    value,
                } if full && v(*a).abs_diff(v(*b)) != *value => out.push(broken(filled)),
                Constraint::Ratio {
                    cells: [a, b],
                    value,
                } if full && v(*a) != value * v(*b) && v(*b) != value * v(*a) => {
                    out.push(broken(filled))
                }
                Constraint::Xv {
                    cells: [a, b],
                    letter,
                } if full && v(*a) + v(*b) != letter.sum() => out.push(broken(filled)),
                Constraint::Even { cell } if v(*cell) % 2 == 1 => out.push(broken(filled)),
                Constraint::Odd { cell } if v(*cell) != 0 && v(*cell) % 2 == 0 => {
                    out.push(broken(filled))
                }
                _ => {}
            }
        }
        out
    }
}

/// A rule broken by some digits of a grid ([`Rules::violations`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The rule: a house, a relation or a clue.
    pub at: Named,
    /// The constraint it comes from (an index into [`Rules::constraints`]), if any: rows,
    /// columns and regions have none.
    pub constraint: Option<usize>,
    /// The digits that break it: (cell, digit).
    pub cells: Vec<(Cell, u32)>,
}

fn same_pair(p: &[Cell; 2], q: &[Cell; 2]) -> bool {
    (p[0] == q[0] && p[1] == q[1]) || (p[0] == q[1] && p[1] == q[0])
}

/// The smallest and largest numbers a circle of `k` cells reads (each digit 1 to `n`, the
/// first the leading digit of a number in base 10).
pub(crate) fn circle_range(n: usize, k: usize) -> (u32, u32) {
    let mut lo = 0u32;
    let mut hi = 0u32;
    for _ in 0..k {
        lo = lo * 10 + 1;
        hi = hi * 10 + n as u32;
    }
    (lo, hi)
}

/// The region of each cell, checked: `n * n` entries, each region `n` cells.
fn region_layout(n: usize, regions: &Regions) -> Result<Vec<u8>, RuleError> {
    let layout: Vec<u8> = match regions {
        Regions::Boxes { rows, cols } => {
            let (rows, cols) = (*rows, *cols);
            if rows == 0 || cols == 0 || rows.checked_mul(cols) != Some(n) {
                return Err(RuleError::BoxShape { n, rows, cols });
            }
            (0..n * n)
                .map(|i| ((i / n) / rows * rows + (i % n) / cols) as u8)
                .collect()
        }
        Regions::Jigsaw { layout } => {
            if layout.len() != n * n {
                return Err(RuleError::LayoutLength {
                    n,
                    got: layout.len(),
                });
            }
            for (i, &g) in layout.iter().enumerate() {
                if usize::from(g) >= n {
                    return Err(RuleError::RegionNumber {
                        cell: Cell::at(i, n),
                        region: usize::from(g) + 1,
                        n,
                    });
                }
            }
            layout.clone()
        }
    };
    for g in 0..n {
        let cells: Vec<Cell> = (0..n * n)
            .filter(|&i| usize::from(layout[i]) == g)
            .map(|i| Cell::at(i, n))
            .collect();
        if cells.len() != n {
            return Err(RuleError::RegionSize {
                region: g + 1,
                cells,
                n,
            });
        }
    }
    Ok(layout)
}

/// The windoku windows of an `n x n` grid with the usual box shape: box-sized squares one
/// cell in from the edges and one cell apart, as far as they fit; `None` without a box shape.
pub fn windows(n: usize) -> Option<Vec<Vec<Cell>>> {
    let s = dlx_sudoku::Shape::for_size(n).ok()?;
    let starts = |size: usize| -> Vec<usize> {
        (0..)
            .map(|k| 1 + k * (size + 1))
            .take_while(|&o| o + size < n)
            .collect()
    };
    let mut out = Vec::new();
    for r0 in starts(s.rows) {
        for c0 in starts(s.cols) {
            out.push(
                (0..s.rows)
                    .flat_map(|i| {
                        (0..s.cols).map(move |j| Cell::new((r0 + i) as u8, (c0 + j) as u8))
                    })
                    .collect(),
            );
        }
    }
    if out.is_empty() { None } else { Some(out) }
}

/// The disjoint groups: group `k` holds the `k`-th cell (in reading order) of every region.
fn disjoint_groups(n: usize, regions: &[Vec<Cell>]) -> Vec<Vec<Cell>> {
    (0..n)
        .map(|k| {
            let mut g: Vec<Cell> = regions.iter().map(|cells| cells[k]).collect();
            g.sort();
            g
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn windows_of_the_usual_sizes() {
        let w = windows(9).unwrap();
        assert_eq!(w.len(), 4);
        assert_eq!(w[0][0], c("r2c2"));
        assert_eq!(w[3][8], c("r8c8"));
        assert_eq!(windows(4).unwrap().len(), 1);
        assert_eq!(windows(16).unwrap().len(), 9);
        assert!(windows(7).is_none());
    }

    #[test]
    fn houses_and_sees() {
        let rules = Rules::new(
            9,
            None,
            vec![
                Constraint::DiagonalPositive,
                Constraint::Killer {
                    cells: vec![c("r1c1"), c("r5c5")],
                    sum: Some(10),
                },
            ],
        )
        .unwrap();
        assert_eq!(rules.houses().len(), 27 + 1 + 1);
        assert_eq!(rules.houses()[27].cells[0], c("r9c1"));
        assert_eq!(rules.houses()[28].name(), "killer cage 1");
        assert!(rules.sees(c("r9c1"), c("r1c9")));
        assert!(rules.sees(c("r1c1"), c("r5c5")));
        assert!(!rules.sees(c("r1c1"), c("r9c9")));
        // 20 in its row, column and box; 6 more on diagonal+ (2 are in its box); r1c1 by the cage.
        assert_eq!(rules.peers(c("r5c5")).len(), 20 + 6 + 1);
    }

    #[test]
    fn disjoint_groups_follow_jigsaw_regions() {
        // Regions are the rows of a 4x4 grid: group k is column k.
        let layout = (0..16).map(|i| (i / 4) as u8).collect();
        let rules = Rules::new(
            4,
            Some(Regions::Jigsaw { layout }),
            vec![Constraint::DisjointGroups],
        )
        .unwrap();
        let g = rules
            .houses()
            .iter()
            .find(|h| h.kind == HouseKind::DisjointGroup && h.index == 2)
            .unwrap();
        assert_eq!(g.cells, vec![c("r1c3"), c("r2c3"), c("r3c3"), c("r4c3")]);
    }

    #[test]
    fn little_killer_scope_runs_to_the_edge() {
        let rules = Rules::new(
            9,
            None,
            vec![Constraint::LittleKiller {
                sum: 17,
                start: c("r9c8"),
                direction: crate::Direction::UpRight,
            }],
        )
        .unwrap();
        assert_eq!(rules.scope(0), &[c("r9c8"), c("r8c9")]);
    }
}
