//! The candidate board: which digits each cell may still hold, on any box shape.
//!
//! # Data
//!
//! A `Topology` is computed once per box shape (9x9 is cached): cells are numbered
//! row-major `0..N*N`; houses `0..N` are the rows, `N..2N` the columns, `2N..3N` the boxes
//! (row-major); `cell_houses[c] = [row, N + col, 2N + box]`; `peers[c]` lists the cells that
//! share a house with `c` (`c` excluded).
//!
//! A [`Board`] holds, for each cell, `value[c]` (0 = empty, else the digit `1..=N`) and
//! `cand[c]`, a mask with bit `d - 1` set iff digit `d` is still a candidate.
//! Invariant: `value[c] != 0 => cand[c] == 0`. Digits inside the crate are 0-based bit
//! indices; people and the public types see them 1-based.

use std::sync::{Arc, OnceLock};

use std::fmt;

use dlx_sudoku::{Grid, House, Shape};

use crate::step::{Area, Pattern};
use crate::vcache::{Region45, Supports};
use crate::vrules::{ClueKind, Clues};

/// The link house of a peer that shares none of the cell's row, column and region (a
/// knight's or king's move, an extra house, a cage), in [`Topology::se_peer_house`].
pub(crate) const SEES: u16 = u16::MAX - 2;

/// A house as steps name it: the public [`House`] (an extra house of a variant is
/// `House::Box(h - 2N)`, past the boxes, until [`Topology::fix_pattern`] turns it into an
/// [`Area`]) and, on a variant board, its name (`region 4`, `diagonal+`, `window 2`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct HouseRef<'a> {
    house: House,
    name: Option<&'a str>,
}

impl fmt::Display for HouseRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name {
            Some(s) => f.write_str(s),
            None => write!(f, "{}", self.house),
        }
    }
}

impl From<HouseRef<'_>> for House {
    fn from(h: HouseRef<'_>) -> House {
        h.house
    }
}

/// What a variant adds to the geometry (none on a classic grid).
#[derive(Debug, Default)]
pub(crate) struct VariantGeometry {
    /// The name of every house: `3N` main ones, then [`Topology::more`].
    pub names: Vec<String>,
    /// Whether the regions are a jigsaw layout (named `region k`, drawn as areas).
    pub jigsaw: bool,
    /// Anti-knight, anti-king.
    pub knight: bool,
    pub king: bool,
    /// The clues the variant techniques read.
    pub clues: Clues,
    /// The clues' supports the variant forcing chains computed (see [`Supports`]).
    pub supports: std::sync::Mutex<Supports>,
    /// The regions of the rule of 45 and what the cages make of them, made when first asked.
    pub regions45: OnceLock<Vec<Region45>>,
}

/// The fixed geometry of a box shape: houses and peers as cell indices.
#[derive(Debug)]
pub(crate) struct Topology {
    pub shape: Shape,
    pub n: usize,
    pub ncells: usize,
    /// `3N` houses: rows, then columns, then boxes; each lists its `N` cells in order.
    pub houses: Vec<Vec<u16>>,
    /// The row, column and box house of each cell.
    pub cell_houses: Vec<[u16; 3]>,
    /// The cells sharing a house with each cell.
    pub peers: Vec<Vec<u16>>,
    /// `peer_bits[c]`: the peers of `c` as a bitset over cells (`words` u64s a cell).
    pub peer_bits: Vec<u64>,
    /// u64 words in a cell bitset.
    pub words: usize,
    /// The houses of each cell in Sudoku Explainer's order: box, row, column.
    pub se_houses_of: Vec<[u16; 3]>,
    /// The peers of each cell in Sudoku Explainer's order: its box (in the box's order),
    /// then its row and its column outside the box.
    pub se_peers: Vec<Vec<u16>>,
    /// `cell_pos[c][i]`: the index of `c` among the cells of its house `cell_houses[c][i]`.
    pub cell_pos: Vec<[u8; 3]>,
    /// `se_pos_of[c][i]`: likewise for `se_houses_of[c][i]`.
    pub se_pos_of: Vec<[u8; 3]>,
    /// `se_skip[c][i]`: the places of house `se_houses_of[c][i]` that are not among the peers
    /// `se_peers[c]` lists from it: `c` itself and, in its row and column, the cells of its box
    /// (listed from the box). Made for the main houses of a grid without variant rules (the
    /// chains' classic path reads it only there).
    pub se_skip: Vec<[u64; 3]>,
    /// `se_peer_house[c][i]`: the house `c` shares with `se_peers[c][i]`, the first of
    /// `se_houses_of[c]` holding it (the link's house in chains).
    pub se_peer_house: Vec<Vec<u16>>,
    /// Every house in Sudoku Explainer's order: boxes, rows, columns.
    pub se_house_order: Vec<u16>,
    /// A variant's other groups of different digits, house `3N + i` for `more[i]`: first
    /// the `full_more` houses of `N` cells (diagonals, windows, disjoint groups, extra regions
    /// of `N` cells), then smaller groups (killer cages, small extra regions). Empty on a
    /// classic grid.
    pub more: Vec<Vec<u16>>,
    /// How many of `more` hold `N` cells (every digit once).
    pub full_more: usize,
    /// `extra_of[c]`: the full houses of `more` holding cell `c` (house index `3N + i`) and
    /// the cell's index in each, for the chains' "last place in a house" links. Empty on a
    /// classic grid.
    pub extra_of: Vec<Vec<(u16, u8)>>,
    /// `excludes[c * N + d]`: what placing digit `d + 1` in cell `c` forbids beyond its
    /// peers' `d` under a pair rule (nonconsecutive and the other negative rules, dots, XV):
    /// each other cell with the mask of digits it then cannot hold. The chains take these as
    /// weak links (as SukakuExplainer's do). Empty (no list at all) on a board without such
    /// rules, so a classic board's chains are unchanged.
    pub excludes: Vec<Vec<(u16, u64)>>,
    /// The variant's names and clues, if the board is a variant's.
    pub variant: Option<Box<VariantGeometry>>,
}

/// What placing each digit in each cell forbids other cells under the pair rules of
/// `clues` beyond what "sees" forbids ([`Topology::excludes`]; empty without pair rules).
fn pair_exclusions(t: &Topology, clues: &Clues) -> Vec<Vec<(u16, u64)>> {
    let n = t.n;
    let full = t.shape.full_mask();
    let mut out: Vec<Vec<(u16, u64)>> = Vec::new();
    for c in &clues.clues {
        let ClueKind::Pair { table, .. } = &c.kind else {
            continue;
        };
        if out.is_empty() {
            out = vec![Vec::new(); t.ncells * n];
        }
        let (x, y) = (c.cells[0] as usize, c.cells[1] as usize);
        let sees = t.sees(x, y);
        for d in 0..n {
            // y when x holds d, and x when y holds d
            let for_y = full & !table[d];
            let for_x = full
                & !(0..n)
                    .filter(|&e| table[e] >> d & 1 != 0)
                    .fold(0u64, |m, e| m | 1 << e);
            for (from, to, m) in [(x, y, for_y), (y, x, for_x)] {
                let m = if sees { m & !(1 << d) } else { m };
                if m == 0 {
                    continue;
                }
                let list = &mut out[from * n + d];
                match list.iter_mut().find(|e| e.0 as usize == to) {
                    Some(e) => e.1 |= m,
                    None => list.push((to as u16, m)),
                }
            }
        }
    }
    out
}

impl Topology {
    /// What placing digit `d` (0-based) in cell `c` forbids beyond its peers' `d`
    /// ([`Topology::excludes`]): empty on a board without pair rules.
    #[inline]
    pub fn excluded(&self, c: usize, d: usize) -> &[(u16, u64)] {
        match self.excludes.get(c * self.n + d) {
            Some(v) => v,
            None => &[],
        }
    }

    fn build(shape: Shape) -> Topology {
        let n = shape.n();
        let ncells = n * n;
        let mut houses: Vec<Vec<u16>> = Vec::with_capacity(3 * n);
        for r in 0..n {
            houses.push((0..n).map(|c| (r * n + c) as u16).collect());
        }
        for c in 0..n {
            houses.push((0..n).map(|r| (r * n + c) as u16).collect());
        }
        for b in 0..n {
            houses.push(
                shape
                    .house_cells(House::Box(b))
                    .into_iter()
                    .map(|(r, c)| (r * n + c) as u16)
                    .collect(),
            );
        }
        let cell_houses: Vec<[u16; 3]> = (0..ncells)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                [
                    r as u16,
                    (n + c) as u16,
                    (2 * n + shape.box_of(r, c)) as u16,
                ]
            })
            .collect();
        let words = ncells.div_ceil(64);
        let mut peer_bits = vec![0u64; ncells * words];
        let mut peers = Vec::with_capacity(ncells);
        for k in 0..ncells {
            let mut p: Vec<u16> = Vec::new();
            for &h in &cell_houses[k] {
                for &q in &houses[h as usize] {
                    if q as usize != k && !p.contains(&q) {
                        p.push(q);
                    }
                }
            }
            p.sort_unstable();
            for &q in &p {
                peer_bits[k * words + q as usize / 64] |= 1 << (q % 64);
            }
            peers.push(p);
        }
        let se_houses_of: Vec<[u16; 3]> = cell_houses.iter().map(|h| [h[2], h[0], h[1]]).collect();
        let se_peers = (0..ncells)
            .map(|k| {
                let mut v: Vec<u16> = Vec::new();
                for &h in &se_houses_of[k] {
                    for &q in &houses[h as usize] {
                        if q as usize != k && !v.contains(&q) {
                            v.push(q);
                        }
                    }
                }
                v
            })
            .collect::<Vec<Vec<u16>>>();
        let pos_in = |h: u16, k: usize| -> u8 {
            houses[h as usize]
                .iter()
                .position(|&q| q as usize == k)
                .expect("a cell is in its houses") as u8
        };
        let cell_pos: Vec<[u8; 3]> = (0..ncells)
            .map(|k| cell_houses[k].map(|h| pos_in(h, k)))
            .collect();
        let se_pos_of: Vec<[u8; 3]> = (0..ncells)
            .map(|k| se_houses_of[k].map(|h| pos_in(h, k)))
            .collect();
        let se_skip: Vec<[u64; 3]> = (0..ncells)
            .map(|k| {
                let the_box = se_houses_of[k][0];
                let mut skip = [0u64; 3];
                for (i, &h) in se_houses_of[k].iter().enumerate() {
                    for (x, &q) in houses[h as usize].iter().enumerate() {
                        if q as usize == k || (i > 0 && cell_houses[q as usize][2] == the_box) {
                            skip[i] |= 1 << x;
                        }
                    }
                }
                skip
            })
            .collect();
        let se_peer_house = (0..ncells)
            .map(|k| {
                se_peers[k]
                    .iter()
                    .map(|&q| {
                        se_houses_of[k]
                            .iter()
                            .copied()
                            .find(|h| se_houses_of[q as usize].contains(h))
                            .expect("a peer shares a house")
                    })
                    .collect()
            })
            .collect();
        Topology {
            shape,
            n,
            ncells,
            houses,
            cell_houses,
            peers,
            peer_bits,
            words,
            se_houses_of,
            se_peers,
            cell_pos,
            se_pos_of,
            se_skip,
            se_peer_house,
            se_house_order: (2 * n..3 * n).chain(0..2 * n).map(|h| h as u16).collect(),
            more: Vec::new(),
            full_more: 0,
            extra_of: vec![Vec::new(); ncells],
            excludes: Vec::new(),
            variant: None,
        }
    }

    /// The topology of a variant's rules on a grid of `shape` (same size): rows, columns
    /// and the rules' regions as the `3N` main houses, the other houses in `more`, and every
    /// pair of cells the rules make see each other as peers (knight's and king's moves, cage
    /// mates, extra houses). Each cell's peers keep Sudoku Explainer's order of its row,
    /// column and region first, then the others in cell order.
    pub fn for_rules(rules: &dlx_variants::Rules, shape: Shape) -> Topology {
        use dlx_variants::HouseKind;
        let mut t = Topology::build(shape);
        let n = t.n;
        let houses = rules.houses();
        let mut regions: Vec<Vec<u16>> = vec![Vec::new(); n];
        let mut full = Vec::new();
        let mut small = Vec::new();
        let (mut full_names, mut small_names) = (Vec::new(), Vec::new());
        for h in houses {
            let cells: Vec<u16> = h.cells.iter().map(|c| c.index(n) as u16).collect();
            match h.kind {
                HouseKind::Row | HouseKind::Column => {}
                HouseKind::Region => regions[h.index] = cells,
                _ if cells.len() == n => {
                    full.push(cells);
                    full_names.push(h.name());
                }
                _ if cells.len() >= 2 => {
                    small.push(cells);
                    small_names.push(h.name());
                }
                _ => {}
            }
        }
        // the groups the windows imply (a windoku's "hidden windows"), as full houses
        let windows: Vec<Vec<u16>> = houses
            .iter()
            .filter(|h| h.kind == HouseKind::Window)
            .map(|h| h.cells.iter().map(|c| c.index(n) as u16).collect())
            .collect();
        let implied = implied_windows(n, &windows);
        for (i, cells) in implied.iter().enumerate() {
            full.push(cells.clone());
            full_names.push(format!("hidden window {}", i + 1));
        }
        let jigsaw = !rules.regions().is_boxes();
        for (b, cells) in regions.into_iter().enumerate() {
            for (i, &k) in cells.iter().enumerate() {
                t.cell_houses[k as usize][2] = (2 * n + b) as u16;
                t.se_houses_of[k as usize][0] = (2 * n + b) as u16;
                t.cell_pos[k as usize][2] = i as u8;
                t.se_pos_of[k as usize][0] = i as u8;
            }
            t.houses[2 * n + b] = cells;
        }
        // peers: the rules' "sees", Sudoku Explainer's order for the main houses first
        let ncells = t.ncells;
        t.peer_bits.iter_mut().for_each(|w| *w = 0);
        for k in 0..ncells {
            let cell = dlx_variants::Cell::at(k, n);
            let mut seen: Vec<u16> = rules.peers(cell).iter().map(|q| q as u16).collect();
            for g in implied.iter().filter(|g| g.contains(&(k as u16))) {
                for &q in g {
                    if q as usize != k && !seen.contains(&q) {
                        seen.push(q);
                    }
                }
            }
            seen.sort_unstable();
            let mut se: Vec<u16> = Vec::with_capacity(seen.len());
            for &h in &t.se_houses_of[k] {
                for &q in &t.houses[h as usize] {
                    if q as usize != k && !se.contains(&q) {
                        se.push(q);
                    }
                }
            }
            for &q in &seen {
                if !se.contains(&q) {
                    se.push(q);
                }
            }
            let house: Vec<u16> = se
                .iter()
                .map(|&q| {
                    t.se_houses_of[k]
                        .iter()
                        .copied()
                        .find(|h| t.se_houses_of[q as usize].contains(h))
                        .unwrap_or(SEES)
                })
                .collect();
            let mut p = se.clone();
            p.sort_unstable();
            for &q in &p {
                t.peer_bits[k * t.words + q as usize / 64] |= 1 << (q % 64);
            }
            t.peers[k] = p;
            t.se_peers[k] = se;
            t.se_peer_house[k] = house;
        }
        let mut names: Vec<String> = (0..3 * n)
            .map(|h| match h / n {
                0 => format!("row {}", h + 1),
                1 => format!("column {}", h - n + 1),
                _ if jigsaw => format!("region {}", h - 2 * n + 1),
                _ => format!("box {}", h - 2 * n + 1),
            })
            .collect();
        t.full_more = full.len();
        names.extend(full_names);
        names.extend(small_names);
        t.more = full.into_iter().chain(small).collect();
        for i in 0..t.full_more {
            for (at, &k) in t.more[i].iter().enumerate() {
                t.extra_of[k as usize].push(((3 * n + i) as u16, at as u8));
            }
        }
        let has = |c: &dlx_variants::Constraint| rules.has(c);
        let clues = Clues::of(rules);
        t.excludes = pair_exclusions(&t, &clues);
        t.variant = Some(Box::new(VariantGeometry {
            names,
            jigsaw,
            knight: has(&dlx_variants::Constraint::AntiKnight),
            king: has(&dlx_variants::Constraint::AntiKing),
            clues,
            supports: Default::default(),
            regions45: OnceLock::new(),
        }));
        t
    }

    /// Whether the board is a variant's with clues (cages, thermometers, arrows, dots...).
    #[inline]
    pub fn has_clues(&self) -> bool {
        self.variant
            .as_ref()
            .is_some_and(|v| !v.clues.clues.is_empty())
    }

    /// Every house index: the `3N` main ones and the variant's others.
    #[inline]
    pub fn nhouses(&self) -> usize {
        3 * self.n + self.more.len()
    }

    /// The houses holding every digit once: the `3N` main ones and the variant's full ones.
    #[inline]
    pub fn nfull(&self) -> usize {
        3 * self.n + self.full_more
    }

    /// The cells of house `h` (main or variant).
    #[inline]
    pub fn cells(&self, h: usize) -> &[u16] {
        if h < 3 * self.n {
            &self.houses[h]
        } else {
            &self.more[h - 3 * self.n]
        }
    }

    /// Why cells `a` and `b` (peers) cannot hold the same digit, in words: `in row 3`, `a
    /// knight's move away`, `in killer cage 2`.
    pub fn why_sees(&self, a: usize, b: usize) -> String {
        for h in 0..self.nhouses() {
            let c = self.cells(h);
            if c.contains(&(a as u16)) && c.contains(&(b as u16)) {
                return format!("in {}", self.house(h));
            }
        }
        let (dr, dc) = (
            (a / self.n).abs_diff(b / self.n),
            (a % self.n).abs_diff(b % self.n),
        );
        if let Some(v) = &self.variant {
            if v.knight && dr.min(dc) == 1 && dr.max(dc) == 2 {
                return "a knight's move away".to_string();
            }
            if v.king && dr <= 1 && dc <= 1 {
                return "a king's move away".to_string();
            }
        }
        "seen".to_string()
    }

    /// On a variant board, moves the houses a page cannot draw from their number (jigsaw
    /// regions, the variant's other houses) from `pattern.houses` to `pattern.areas`, with
    /// their cells.
    pub fn fix_pattern(&self, pattern: &mut Pattern) {
        let Some(v) = &self.variant else { return };
        let n = self.n;
        let mut kept = Vec::new();
        for h in std::mem::take(&mut pattern.houses) {
            match h {
                House::Box(b) if b >= n || v.jigsaw => {
                    let idx = 2 * n + b;
                    if idx < self.nhouses() {
                        pattern.areas.push(Area {
                            name: v.names[idx].clone(),
                            cells: self
                                .cells(idx)
                                .iter()
                                .map(|&k| (k as usize / n, k as usize % n))
                                .collect(),
                        });
                    }
                }
                h => kept.push(h),
            }
        }
        pattern.houses = kept;
    }

    /// The topology of a shape (shared for 9x9).
    pub fn of(shape: Shape) -> Arc<Topology> {
        static NINE: OnceLock<Arc<Topology>> = OnceLock::new();
        if shape.rows == 3 && shape.cols == 3 {
            return NINE
                .get_or_init(|| Arc::new(Topology::build(shape)))
                .clone();
        }
        Arc::new(Topology::build(shape))
    }

    /// Whether cells `a` and `b` (distinct) share a house.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peer_bits[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// The house of index `h`, as steps name and show it.
    pub fn house(&self, h: usize) -> HouseRef<'_> {
        let n = self.n;
        let house = match h / n {
            0 => House::Row(h),
            1 => House::Column(h - n),
            _ => House::Box(h - 2 * n),
        };
        HouseRef {
            house,
            name: self.variant.as_ref().map(|v| v.names[h].as_str()),
        }
    }

    /// The kind of house `h`: 0 row, 1 column, 2 box.
    #[inline]
    pub fn kind(&self, h: usize) -> usize {
        h / self.n
    }

    /// `r1c3` for cell `k`.
    pub fn name(&self, k: usize) -> String {
        format!("r{}c{}", k / self.n + 1, k % self.n + 1)
    }
}

/// What changed on the board since a finder last searched it and found nothing (with the
/// same techniques wanted): the cells whose candidates changed (a cell bitset) and the
/// digits that left a cell. A finder given one searches only what these changes can reach
/// (the digits changed for a finder that looks at one digit at a time, the patterns with a
/// cell whose candidates or whose peers' candidates changed for aligned exclusion, the
/// houses with a changed cell for naked and hidden subsets): the rest
/// would find nothing again, so the step found is the one a full search finds.
pub(crate) struct Since<'a> {
    pub cells: &'a [u64],
    pub digits: u64,
}

/// A grid with pencil marks: the placed digits and each empty cell's candidates.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) topo: Arc<Topology>,
    /// Candidate masks, bit `d - 1` for digit `d`; 0 for a filled cell.
    pub(crate) cand: Vec<u64>,
    /// 0 for an empty cell, else its digit `1..=N`.
    pub(crate) value: Vec<u8>,
    /// Empty cells in each house.
    pub(crate) empties: Vec<u16>,
    /// Whether the steps found on this board go without their sentences and patterns (a
    /// rating reads only techniques, ratings, placements and eliminations): see `say!`.
    pub(crate) silent: bool,
}

impl Board {
    /// The board of a grid, each empty cell's candidates being the digits no peer holds.
    /// Conflicting givens are not checked here (see [`crate::explain`]).
    pub fn new(grid: &Grid) -> Board {
        let topo = Topology::of(grid.shape);
        let full = grid.shape.full_mask();
        let mut b = Board {
            cand: vec![full; topo.ncells],
            value: vec![0; topo.ncells],
            empties: vec![topo.n as u16; 3 * topo.n],
            topo,
            silent: false,
        };
        for (k, &d) in grid.cells.iter().enumerate() {
            if d != 0 {
                b.place(k, d as usize - 1);
            }
        }
        b
    }

    /// The board of a topology with the digits `cells` (row-major, 0 for an empty cell).
    pub(crate) fn on(topo: Arc<Topology>, cells: &[u8]) -> Board {
        let full = topo.shape.full_mask();
        let mut b = Board {
            cand: vec![full; topo.ncells],
            value: vec![0; topo.ncells],
            empties: vec![topo.n as u16; 3 * topo.n],
            topo,
            silent: false,
        };
        for (k, &d) in cells.iter().enumerate() {
            if d != 0 {
                b.place(k, d as usize - 1);
            }
        }
        b
    }

    /// The number of empty cells of house `h` (main or variant).
    #[inline]
    pub(crate) fn empty_count(&self, h: usize) -> usize {
        if h < 3 * self.topo.n {
            self.empties[h] as usize
        } else {
            self.topo
                .cells(h)
                .iter()
                .filter(|&&k| self.value[k as usize] == 0)
                .count()
        }
    }

    /// The board of a grid with the user's pencil marks: `marks[k]` is cell `k`'s candidate
    /// mask (bit `d - 1` for digit `d`), ignored for filled cells. Marks are intersected with
    /// what the givens allow, so a mark a peer's digit rules out never comes back.
    pub fn with_marks(grid: &Grid, marks: &[u64]) -> Board {
        let mut b = Board::new(grid);
        for (k, &m) in marks.iter().enumerate().take(b.cand.len()) {
            if b.value[k] == 0 {
                b.cand[k] &= m;
            }
        }
        b
    }

    /// The grid of the placed digits.
    pub fn grid(&self) -> Grid {
        Grid {
            shape: self.topo.shape,
            cells: self.value.clone(),
        }
    }

    /// The candidate mask of cell `k` (row-major), bit `d - 1` for digit `d`; 0 if filled.
    pub fn candidates(&self, k: usize) -> u64 {
        self.cand[k]
    }

    /// Every cell's candidate mask, row-major.
    pub fn all_candidates(&self) -> &[u64] {
        &self.cand
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }

    /// Places 0-based digit `d` in cell `k` and removes it from the peers.
    pub(crate) fn place(&mut self, k: usize, d: usize) {
        if self.value[k] == 0 {
            for &h in &self.topo.cell_houses[k] {
                self.empties[h as usize] -= 1;
            }
        }
        self.value[k] = d as u8 + 1;
        self.cand[k] = 0;
        let bit = !(1u64 << d);
        let topo = self.topo.clone();
        for &p in &topo.peers[k] {
            self.cand[p as usize] &= bit;
        }
    }

    /// Removes 0-based digit `d` from cell `k`'s candidates.
    #[inline]
    pub(crate) fn eliminate(&mut self, k: usize, d: usize) {
        self.cand[k] &= !(1u64 << d);
    }

    /// The cells of house `h` where 0-based digit `d` is a candidate, as a mask over the
    /// house's positions (bit `i` for `houses[h][i]`).
    #[inline]
    pub(crate) fn positions(&self, h: usize, d: usize) -> u64 {
        let mut m = 0u64;
        for (i, &k) in self.topo.cells(h).iter().enumerate() {
            m |= (self.cand[k as usize] >> d & 1) << i;
        }
        m
    }

    /// Digits placed in house `h`, as a mask.
    #[inline]
    pub(crate) fn placed_in(&self, h: usize) -> u64 {
        let mut m = 0u64;
        for &k in self.topo.cells(h) {
            let v = self.value[k as usize];
            if v != 0 {
                m |= 1 << (v - 1);
            }
        }
        m
    }

    /// Whether some empty cell has no candidate, or some house lacks a place for a digit
    /// it does not hold.
    pub(crate) fn is_broken(&self) -> bool {
        let n = self.topo.n;
        let full = self.topo.shape.full_mask();
        for k in 0..self.topo.ncells {
            if self.value[k] == 0 && self.cand[k] == 0 {
                return true;
            }
        }
        for h in 0..3 * n {
            let mut m = 0;
            for &k in &self.topo.houses[h] {
                let k = k as usize;
                m |= self.cand[k];
                if self.value[k] != 0 {
                    m |= 1 << (self.value[k] - 1);
                }
            }
            if m != full {
                return true;
            }
        }
        false
    }
}

/// The groups of `n` cells a windoku's windows imply (its "hidden windows"): the rows no
/// window covers crossed with each window's columns, each window's rows crossed with the
/// columns no window covers, and the uncovered rows with the uncovered columns. Each holds
/// every digit once: the columns of a window hold each digit once a column, the windows
/// stacked in them once each, so the cells left hold it `width - windows` times, once when
/// that is 1 (checked, with the group's size, before a group is kept). Empty without
/// windows.
fn span_of(w: &[u16], f: impl Fn(usize) -> usize) -> usize {
    let mut s: Vec<usize> = w.iter().map(|&k| f(k as usize)).collect();
    s.sort_unstable();
    s.dedup();
    s.len()
}

fn implied_windows(n: usize, windows: &[Vec<u16>]) -> Vec<Vec<u16>> {
    if windows.is_empty() {
        return Vec::new();
    }
    let span = |f: &dyn Fn(u16) -> usize| -> Vec<Vec<usize>> {
        let mut v: Vec<Vec<usize>> = windows
            .iter()
            .map(|w| {
                let mut s: Vec<usize> = w.iter().map(|&k| f(k)).collect();
                s.sort_unstable();
                s.dedup();
                s
            })
            .collect();
        v.sort();
        v.dedup();
        v
    };
    let rows = span(&|k| k as usize / n);
    let cols = span(&|k| k as usize % n);
    let gap = |spans: &[Vec<usize>]| -> Vec<usize> {
        (0..n)
            .filter(|i| !spans.iter().any(|s| s.contains(i)))
            .collect()
    };
    // only the usual layout: disjoint windows, each one row span by one column span
    let mut all: Vec<u16> = windows.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    if windows.len() != rows.len() * cols.len()
        || all.len() != windows.iter().map(Vec::len).sum::<usize>()
        || windows.iter().any(|w| {
            let (r, c) = (span_of(w, |k| k / n), span_of(w, |k| k % n));
            r * c != w.len()
        })
    {
        return Vec::new();
    }
    let (grows, gcols) = (gap(&rows), gap(&cols));
    let mut out = Vec::new();
    let mut push = |rs: &[usize], cs: &[usize], stacked: usize, width: usize| {
        if rs.len() * cs.len() == n && width == stacked + 1 {
            let mut g: Vec<u16> = rs
                .iter()
                .flat_map(|&r| cs.iter().map(move |&c| (r * n + c) as u16))
                .collect();
            g.sort_unstable();
            out.push(g);
        }
    };
    // a window's columns: as many windows stacked in them as there are row spans
    for cs in &cols {
        push(&grows, cs, rows.len(), cs.len());
    }
    for rs in &rows {
        push(rs, &gcols, cols.len(), rs.len());
    }
    push(&grows, &gcols, cols.len(), grows.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_windows_hold_every_digit_of_a_windoku_solution() {
        let n = 9;
        let windows: Vec<Vec<u16>> = dlx_variants::rules::windows(n)
            .unwrap()
            .into_iter()
            .map(|w| w.iter().map(|c| c.index(n) as u16).collect())
            .collect();
        let implied = implied_windows(n, &windows);
        assert_eq!(implied.len(), 5);
        // the 4 windows and the 5 hidden ones cover the grid once
        let mut seen = vec![0u8; n * n];
        for g in windows.iter().chain(&implied) {
            assert_eq!(g.len(), n);
            for &k in g {
                seen[k as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&x| x == 1));
        // a solution of the rules holds every digit once in each hidden window
        let options = dlx_variants::generate::GenerateOptions {
            kinds: vec![dlx_variants::generate::Kind::Windoku],
            seed: 5,
            ..Default::default()
        };
        let made = dlx_variants::generate::generate(&options).unwrap();
        let sol = &made.puzzles[0].solution;
        for g in &implied {
            let mask: u32 = g.iter().map(|&k| 1u32 << sol[k as usize]).sum();
            assert_eq!(mask, 0b11_1111_1110, "{g:?}");
        }
        // no windows, or a layout that is not a grid of windows: nothing implied
        assert!(implied_windows(n, &[]).is_empty());
        assert!(implied_windows(n, &windows[..3]).is_empty());
    }
}
