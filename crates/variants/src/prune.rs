//! The propagator the lowering attaches to the problem (see `dlx_engine::propagate`): at every
//! node of the search it reads the candidates left in each cell, reasons as a variant solver
//! does (cage combinations, sum bounds, thermometer order, sandwich crusts, dot partners,
//! singles seen by their peers) until nothing changes, and names the placements that lost
//! their support. Its removals are sound by construction (each follows from the rules and the
//! candidates), so only the size of the tree depends on them (`docs/variants.md` has the
//! figures). The exact-cover encoding holds every rule on its own, but for the rules a lean
//! problem leaves to the propagator ([`crate::Tuning::lean`]: the forbidden pairs it keeps
//! apart by a table, little killers): those it checks on every complete grid before the
//! search reports it ([`Propagate::accept`]).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use dlx_engine::{ItemId, OptionId, Propagate, View, Weights};

use crate::combos::{self, bit, digits};
use crate::constraint::Constraint;
use crate::rules::{HouseKind, Rules};

/// One rule as the propagator reasons about it (cells are row-major indices).
#[derive(Clone, Debug)]
enum Rule {
    /// Different digits adding up to a sum, through the sets of digits that make it.
    Cage { cells: Vec<u16>, sets: Vec<u32> },
    /// `sum(coefficient * digit) == target` (arrows, little killers, innies and outies): the
    /// terms in runs (`runs[k]..runs[k + 1]`) of cells that see each other, whose fillings
    /// (different digits) are enumerated, and partial sums reached forward and backward.
    Sum {
        terms: Vec<(u16, i32)>,
        target: i32,
        runs: Vec<usize>,
        /// Where the tables of its runs are kept between calls ([`SumScratch::tables`]):
        /// `first_run..first_run + runs.len() - 1`, numbered over the propagator's sums.
        first_run: u32,
    },
    /// `sum(digit) == target` by bounds only (the innies and outies of the rule of 45, whose
    /// cells lie in several houses: cheap, and applied at every node).
    Bounds { cells: Vec<u16>, target: i32 },
    /// Strictly increasing digits.
    Thermo { cells: Vec<u16> },
    /// The digits between the 1 and the `n` of a line add up to the sum: `sets[m]` are the
    /// sets of `m` digits from 2 to `n - 1` that do.
    Sandwich {
        cells: Vec<u16>,
        sets: Vec<Vec<u32>>,
    },
    /// Two cells whose digits must be a pair the clue allows: `table[x - 1]` is the mask of
    /// the digits of `b` that `a = x` allows.
    Pair { a: u16, b: u16, table: [u32; 16] },
    /// A house of `n` cells: every digit somewhere, and a digit with one place goes there
    /// (hidden singles).
    House { cells: Vec<u16> },
    /// Locked candidates between the regions and the rows, and the regions and the columns.
    Locked(Vec<Locked>),
}

/// Pointing and claiming as one rule: the regions (boxes or jigsaw pieces) and the lines of
/// one direction both cut the grid into houses, so where region `r` and line `l` share two or
/// more cells, the rest of `r` (its other lines' segments) and the rest of `l` (its other
/// regions' segments) hold the same digits, those the shared cells do not: a cell of one
/// side keeps only the digits the other side can still hold.
#[derive(Clone, Debug)]
struct Locked {
    /// Each cell's segment: `16 * region + line`.
    slot: Vec<u8>,
    /// The segments of two or more cells.
    pairs: Vec<Segment>,
    /// The segments and the cells [`Segment`]'s ranges point into.
    slots: Vec<u8>,
    cells: Vec<u16>,
}

/// A segment of [`Locked`]: ranges into its `slots` (the other segments of its region, then
/// those of its line) and `cells` (its region's cells off the line, then its line's cells off
/// the region).
#[derive(Clone, Copy, Debug)]
struct Segment {
    slots: [u16; 3],
    cells: [u16; 3],
}

impl Locked {
    /// The rule for `regions` and `lines`, two partitions of the grid's cells; `None` when
    /// no region and line share two cells.
    fn new(regions: &[Vec<u16>], lines: &[Vec<u16>], cells: usize) -> Option<Locked> {
        let mut region = vec![0usize; cells];
        let mut line = vec![0usize; cells];
        for (k, r) in regions.iter().enumerate() {
            for &c in r {
                region[usize::from(c)] = k;
            }
        }
        for (k, l) in lines.iter().enumerate() {
            for &c in l {
                line[usize::from(c)] = k;
            }
        }
        let mut count = vec![vec![0u8; lines.len()]; regions.len()];
        for c in 0..cells {
            count[region[c]][line[c]] += 1;
        }
        let mut out = Locked {
            slot: (0..cells)
                .map(|c| (16 * region[c] + line[c]) as u8)
                .collect(),
            pairs: Vec::new(),
            slots: Vec::new(),
            cells: Vec::new(),
        };
        for (r, row) in count.iter().enumerate() {
            for (l, &k) in row.iter().enumerate() {
                if k < 2 {
                    continue;
                }
                let s0 = out.slots.len() as u16;
                out.slots.extend(
                    (0..lines.len())
                        .filter(|&m| m != l && row[m] > 0)
                        .map(|m| (16 * r + m) as u8),
                );
                let s1 = out.slots.len() as u16;
                out.slots.extend(
                    (0..regions.len())
                        .filter(|&q| q != r && count[q][l] > 0)
                        .map(|q| (16 * q + l) as u8),
                );
                let s2 = out.slots.len() as u16;
                let c0 = out.cells.len() as u16;
                out.cells
                    .extend(regions[r].iter().filter(|&&c| line[usize::from(c)] != l));
                let c1 = out.cells.len() as u16;
                out.cells
                    .extend(lines[l].iter().filter(|&&c| region[usize::from(c)] != r));
                let c2 = out.cells.len() as u16;
                out.pairs.push(Segment {
                    slots: [s0, s1, s2],
                    cells: [c0, c1, c2],
                });
            }
        }
        (!out.pairs.is_empty()).then_some(out)
    }

    /// Narrows the cells; the cells it changed go on `changed`. `None` on a contradiction.
    fn narrow(&self, masks: &mut [u32], changed: &mut Vec<u16>) -> Option<()> {
        // `seg[16 * r + l]`: the digits the cells of region `r` on line `l` can hold. The
        // segments are read once: a cell they lose here is taken again on the next run (the
        // rule is queued again when one of its cells changes).
        let mut seg = [0u32; 256];
        for (&s, &m) in self.slot.iter().zip(masks.iter()) {
            seg[usize::from(s)] |= m;
        }
        let or = |from: u16, to: u16| {
            self.slots[usize::from(from)..usize::from(to)]
                .iter()
                .fold(0, |u, &s| u | seg[usize::from(s)])
        };
        for p in &self.pairs {
            let [s0, s1, s2] = p.slots;
            let (rest_r, rest_l) = (or(s0, s1), or(s1, s2));
            if rest_r == rest_l {
                continue;
            }
            let [c0, c1, c2] = p.cells;
            for (range, keep_only) in [(c0..c1, rest_l), (c1..c2, rest_r)] {
                for &c in &self.cells[usize::from(range.start)..usize::from(range.end)] {
                    if keep(&mut masks[usize::from(c)], keep_only)? {
                        changed.push(c);
                    }
                }
            }
        }
        Some(())
    }
}

impl Rule {
    fn cells(&self) -> Vec<u16> {
        match self {
            Rule::Cage { cells, .. }
            | Rule::Thermo { cells }
            | Rule::Sandwich { cells, .. }
            | Rule::House { cells } => cells.clone(),
            Rule::Locked(l) => (0..l.first().map_or(0, |l| l.slot.len()) as u16).collect(),
            Rule::Sum { terms, .. } => terms.iter().map(|t| t.0).collect(),
            Rule::Bounds { cells, .. } => cells.clone(),
            Rule::Pair { a, b, .. } => vec![*a, *b],
        }
    }
}

/// Gives each propagator its number, for the cache of fixpoints.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// The fixpoints of the nodes on the current path of the search running on this thread: the
/// masks a propagator reached at each depth, with that node's path. A node whose parent's
/// fixpoint is here re-runs only the rules on the cells that changed since (every rule is
/// monotone and reads only its cells, so the fixpoint is the same: the cache changes the work,
/// never the result; a stale or missing entry means a full run).
#[derive(Default)]
struct Fixpoints {
    owner: u64,
    levels: Vec<Level>,
}

/// What [`Fixpoints`] keeps of a call at one depth.
#[derive(Default)]
struct Level {
    /// The node's path.
    path: Vec<OptionId>,
    /// The masks the rules reached.
    fixpoint: Vec<u32>,
    /// The masks read from the options, before the rules.
    raw: Vec<u32>,
    /// The number of options of each watched item (`u32::MAX`: covered).
    sizes: Vec<u32>,
}

/// The work lists of [`Pruner::narrow`], kept between calls.
struct Scratch {
    queue: Queue,
    singles: Vec<u16>,
    /// A rule's cells' masks before it runs.
    before: Vec<u32>,
    /// The cells the locked candidates changed.
    locked: Vec<u16>,
}

thread_local! {
    static FIXPOINTS: RefCell<Fixpoints> = RefCell::new(Fixpoints::default());
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        queue: Queue { pending: Vec::new() },
        singles: Vec::new(),
        before: vec![0; 16 * 16],
        locked: Vec::new(),
    });
}

/// The propagator of a variant's encoding.
#[derive(Clone, Debug)]
pub struct Pruner {
    /// Its number (clones share it: they reason alike).
    id: u64,
    n: usize,
    /// The cell items of the problem, watched, and the cell of each.
    watched: Vec<ItemId>,
    watched_cell: Vec<u16>,
    /// `places[starts[o]..starts[o + 1]]`: the (cell, digit) placements of option `o`.
    starts: Vec<u32>,
    places: Vec<(u16, u8)>,
    /// `single[o]`: the digit option `o` places as a bit, when it places one (else 0).
    single: Vec<u32>,
    /// The digits settled before the search (0 for open cells).
    fixed: Vec<u8>,
    rules: Vec<Rule>,
    /// `peers[peer_starts[i]..peer_starts[i + 1]]`: the cells cell `i` sees.
    peer_starts: Vec<u32>,
    peers: Vec<u16>,
    /// `peer_bits[i]`: the cells cell `i` sees, as a bit set of cell indices.
    peer_bits: Vec<[u64; 4]>,
    /// `of_cell[cell_starts[i]..cell_starts[i + 1]]`: the rules on cell `i`.
    cell_starts: Vec<u32>,
    of_cell: Vec<u16>,
    /// `reach[j]`, beside `of_cell[j]`: the most candidates the cell may have for a change
    /// of it to narrow that rule's cells. Most rules: any (`u8::MAX`). A [`Rule::Pair`]: a
    /// shrinking cell can narrow only its partner, and only once it is left inside the
    /// digits that all forbid one digit of the partner (nonconsecutive: `y - 1`, `y` and
    /// `y + 1`, so 3): before, every digit of the partner keeps a support (the fixpoint is
    /// the same; the 144 pairs of a nonconsecutive 9x9 run far less often).
    reach: Vec<u8>,
    /// `cell_reach[i]`: the largest `reach` of the rules on cell `i`.
    cell_reach: Vec<u8>,
    /// `rule_cells[k]`: the cells of rule `k`.
    rule_cells: Vec<Vec<u16>>,
    /// `rule_bits[k]`: the same as a bit set of cell indices.
    rule_bits: Vec<[u64; 4]>,
    /// The rules that read the whole grid and run when no other rule waits ([`Queue`]), as
    /// bits.
    last: Vec<u64>,
    /// `cell_bits[i * w..(i + 1) * w]` (`w` words of 64 rules): the rules on cell `i`, as
    /// bits, when each of them reads any change of it (`cell_any[i]`).
    cell_bits: Vec<u64>,
    cell_any: Vec<bool>,
    /// The starting branching weights, when the search is to branch by conflicts
    /// ([`Propagate::branch_weights`]).
    weights: Option<Weights>,
    /// [`Propagate::closed`]: the rules hold every item of the exact cover (see
    /// [`Pruner::new`]'s caller) and the houses' hidden singles are among them.
    closed: bool,
}

/// The rules to run again, as a set of bits (rule `k`: bit `k % 64` of word `k / 64`), taken
/// lowest first; a rule that reads the whole grid (locked candidates) runs only when no other
/// rule waits, so once or twice a node instead of after every change. The fixpoint is the
/// same in any order (every rule is monotone); only the work changes. PERF: a cell's change
/// queues its rules with a few word ORs ([`Pruner::cell_bits`]) instead of a push each
/// (little-killer-02: 144,315 changed peers a solve, about 7 rules each).
struct Queue {
    pending: Vec<u64>,
}

impl Queue {
    /// Empties the queue for `rules` rules.
    fn reset(&mut self, rules: usize) {
        self.pending.clear();
        self.pending.resize(rules.div_ceil(64), 0);
    }

    #[inline]
    fn push(&mut self, k: u16) {
        self.pending[usize::from(k) >> 6] |= 1 << (k & 63);
    }

    /// Queues the rules of `bits` (as many words as the queue).
    #[inline]
    fn push_all(&mut self, bits: &[u64]) {
        for (p, &b) in self.pending.iter_mut().zip(bits) {
            *p |= b;
        }
    }

    /// The lowest rule waiting that is not in `last`, else the lowest of `last`.
    #[inline]
    fn pop(&mut self, last: &[u64]) -> Option<u16> {
        for (w, (p, &l)) in self.pending.iter_mut().zip(last).enumerate() {
            let x = *p & !l;
            if x != 0 {
                let b = x.trailing_zeros();
                *p &= !(1 << b);
                return Some((w * 64 + b as usize) as u16);
            }
        }
        for (w, p) in self.pending.iter_mut().enumerate() {
            if *p != 0 {
                let b = p.trailing_zeros();
                *p &= !(1 << b);
                return Some((w * 64 + b as usize) as u16);
            }
        }
        None
    }
}

impl Pruner {
    /// The propagator of `rules`, for a problem whose option `o` places `placements(o)` and
    /// whose cell items are `cells` (item, cell index); `fixed` are the settled digits.
    /// `None` when the rules give it nothing to reason about beyond exact cover.
    pub(crate) fn new(
        rules: &Rules,
        cells: Vec<(ItemId, u16)>,
        placements: impl Iterator<Item = impl IntoIterator<Item = (u16, u8)>>,
        fixed: Vec<u8>,
        forbidden: &std::collections::BTreeMap<(u16, u16), [u32; 16]>,
        weights: bool,
        closed: bool,
    ) -> Option<Pruner> {
        let n = rules.size();
        let all = combos::full(n);
        let idx = |c: &crate::Cell| c.index(n) as u16;
        let mut out = Vec::new();
        for (k, c) in rules.constraints().iter().enumerate() {
            match c {
                Constraint::Killer {
                    cells,
                    sum: Some(s),
                } => out.push(Rule::Cage {
                    cells: cells.iter().map(idx).collect(),
                    sets: combos::with_sum(all, cells.len(), *s),
                }),
                Constraint::Arrow { circle, line } => {
                    let mut terms: Vec<(u16, i32)> = Vec::new();
                    let mut place = 1;
                    for c in circle.iter().rev() {
                        terms.push((idx(c), -place));
                        place *= 10;
                    }
                    terms.extend(line.iter().map(|c| (idx(c), 1)));
                    out.push(sum_rule(rules, terms, 0));
                }
                Constraint::LittleKiller { sum, .. } => out.push(sum_rule(
                    rules,
                    rules.scope(k).iter().map(|c| (idx(c), 1)).collect(),
                    *sum as i32,
                )),
                Constraint::Thermo { cells } if cells.len() >= 2 => out.push(Rule::Thermo {
                    cells: cells.iter().map(idx).collect(),
                }),
                Constraint::Sandwich { sum, .. } => {
                    let inner = all & !bit(1) & !bit(n as u32);
                    out.push(Rule::Sandwich {
                        cells: rules.scope(k).iter().map(idx).collect(),
                        sets: (0..n).map(|m| combos::with_sum(inner, m, *sum)).collect(),
                    });
                }
                Constraint::Difference { cells: [a, b], .. }
                | Constraint::Ratio { cells: [a, b], .. }
                | Constraint::Xv { cells: [a, b], .. } => {
                    let allowed = pair_allows(c);
                    let mut table = [0u32; 16];
                    for x in 1..=n as u32 {
                        for y in 1..=n as u32 {
                            if x != y && allowed(x, y) {
                                table[x as usize - 1] |= bit(y);
                            }
                        }
                    }
                    out.push(Rule::Pair {
                        a: idx(a),
                        b: idx(b),
                        table,
                    });
                }
                _ => {}
            }
        }
        // Forbidden pairs that forbid more than the same digit (nonconsecutive, the negative
        // dots and XV): each cell keeps only the digits some digit of the other allows (a
        // cell left with 4 and 6 takes 5 from its neighbours; the exact cover alone waits
        // for a digit to be placed).
        for (&(a, b), rows) in forbidden {
            if !pair_held(rows, n) {
                continue;
            }
            let sees = rules.sees(crate::Cell::at(a.into(), n), crate::Cell::at(b.into(), n));
            let mut table = [0u32; 16];
            for x in 1..=n as u32 {
                let same = if sees { bit(x) } else { 0 };
                table[x as usize - 1] = all & !rows[x as usize - 1] & !same;
            }
            out.push(Rule::Pair { a, b, table });
        }
        if out.is_empty() {
            return None;
        }
        let full: Vec<Vec<u16>> = rules
            .houses()
            .iter()
            .filter(|h| h.cells.len() == n)
            .map(|h| h.cells.iter().map(idx).collect())
            .collect();
        out.extend(innies_and_outies(rules, &full));
        // A house's hidden singles are forced moves of the exact cover already (its digit
        // items); inside the fixpoint they pay only when a rule of several cells feeds on them.
        // With pairs alone (nonconsecutive, dots) they left every tree as it was and took a
        // fifth of the instructions (nonconsecutive-03: 2.12 G to 1.79 G, 2026-11-27).
        // Locked candidates (pointing and claiming) where sums are: on the shared samples
        // (2026-11-27) they took the little killers' trees from 8,112 nodes to 6,268 and the
        // killer count's from 320 to 226, for 13% and 30% fewer instructions; on a
        // thermometer count they left the tree as it was and cost a quarter more.
        let sums = out.iter().any(|r| {
            matches!(
                r,
                Rule::Cage { .. } | Rule::Sum { .. } | Rule::Sandwich { .. }
            )
        });
        // (With pairs alone the houses' rules are left out, so the fixpoint is not closed:
        // adding them to close it took nonconsecutive-03 from 1.08 G instructions to 1.61 G,
        // 2026-11-27.)
        let houses = out.iter().any(|r| !matches!(r, Rule::Pair { .. }));
        if houses {
            if sums {
                out.extend(locked(rules));
            }
            out.extend(full.iter().cloned().map(|cells| Rule::House { cells }));
        }
        // Each sum's runs get their own place for their tables between calls.
        let mut next_run = 0u32;
        for r in &mut out {
            if let Rule::Sum {
                runs, first_run, ..
            } = r
            {
                *first_run = next_run;
                next_run += (runs.len() - 1) as u32;
            }
        }
        let rule_cells: Vec<Vec<u16>> = out.iter().map(Rule::cells).collect();
        let words = out.len().div_ceil(64);
        let mut last = vec![0u64; words];
        for (k, r) in out.iter().enumerate() {
            if matches!(r, Rule::Locked(_)) {
                last[k >> 6] |= 1 << (k & 63);
            }
        }
        let rule_bits = rule_cells
            .iter()
            .map(|cells| {
                let mut bits = [0u64; 4];
                for &c in cells {
                    bits[usize::from(c) >> 6] |= 1 << (c & 63);
                }
                bits
            })
            .collect();
        // The rules on each cell, in order, as runs of one list (counted, then placed).
        let mut cell_starts = vec![0u32; n * n + 1];
        for cells in &rule_cells {
            for &c in cells {
                cell_starts[usize::from(c) + 1] += 1;
            }
        }
        for i in 1..cell_starts.len() {
            cell_starts[i] += cell_starts[i - 1];
        }
        let mut of_cell = vec![0u16; cell_starts[n * n] as usize];
        let mut fill: Vec<u32> = cell_starts[..n * n].to_vec();
        for (k, cells) in rule_cells.iter().enumerate() {
            for &c in cells {
                let f = &mut fill[usize::from(c)];
                of_cell[*f as usize] = k as u16;
                *f += 1;
            }
        }
        let mut reach = Vec::with_capacity(of_cell.len());
        // The pairs' tables are few (nonconsecutive: two): each side's reach is found once.
        let mut known: Vec<([u32; 16], bool, u8)> = Vec::new();
        for i in 0..n * n {
            let (a, b) = (cell_starts[i] as usize, cell_starts[i + 1] as usize);
            for &k in &of_cell[a..b] {
                reach.push(match &out[usize::from(k)] {
                    Rule::Pair { a, table, .. } => {
                        let first = usize::from(*a) == i;
                        match known.iter().find(|e| e.0 == *table && e.1 == first) {
                            Some(e) => e.2,
                            None => {
                                // A pair that may narrow with every digit left reads any
                                // change.
                                let r = Some(pair_reach(table, n, first))
                                    .filter(|&r| usize::from(r) < n)
                                    .unwrap_or(u8::MAX);
                                known.push((*table, first, r));
                                r
                            }
                        }
                    }
                    _ => u8::MAX,
                });
            }
        }
        let mut cell_bits = vec![0u64; n * n * words];
        let mut cell_any = vec![false; n * n];
        for i in 0..n * n {
            let (a, b) = (cell_starts[i] as usize, cell_starts[i + 1] as usize);
            cell_any[i] = reach[a..b].iter().all(|&r| r == u8::MAX);
            for &k in &of_cell[a..b] {
                cell_bits[i * words + usize::from(k >> 6)] |= 1 << (k & 63);
            }
        }
        let cell_reach = cell_starts
            .windows(2)
            .map(|w| {
                reach[w[0] as usize..w[1] as usize]
                    .iter()
                    .copied()
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut starts = vec![0u32];
        let mut places = Vec::new();
        for p in placements {
            places.extend(p);
            starts.push(places.len() as u32);
        }
        let single = starts
            .windows(2)
            .map(|w| {
                if w[1] == w[0] + 1 {
                    bit(u32::from(places[w[0] as usize].1))
                } else {
                    0
                }
            })
            .collect();
        let mut peer_starts = Vec::with_capacity(n * n + 1);
        peer_starts.push(0u32);
        let mut peers = Vec::with_capacity(n * n * 3 * (n - 1));
        let mut peer_bits = vec![[0u64; 4]; n * n];
        for (i, bits) in peer_bits.iter_mut().enumerate() {
            let set = rules.peers(crate::Cell::at(i, n));
            peers.extend(set.iter().map(|j| j as u16));
            *bits = set.words();
            peer_starts.push(peers.len() as u32);
        }
        // Conflict-directed branching (dom/wdeg; the Interactive Sudoku Solver branches so
        // too). An item starts with the cells of the rules on it: a cell its houses' and its
        // clues', any other item (a digit of a house, a clue) three houses'. Where there are
        // sums the weight per option decides: on the shared samples (2026-11-27) it took the
        // little killers from 5,976 nodes to 1,928 and the killer count from 226 to 144, but
        // nonconsecutive's time up by a fifth (fewer nodes, more options tried at each); there
        // the fewest options decide and the weight only breaks ties (174,198 nodes to 120,382;
        // as a tie-break alone the little killers took 4,003).
        let weights = weights.then(|| {
            // The cells of the houses of `n` cells on each cell.
            let mut in_houses = vec![0u32; n * n];
            for h in &full {
                for &c in h {
                    in_houses[usize::from(c)] += h.len() as u32;
                }
            }
            let houses = |i: usize| in_houses[i];
            let len = cells.iter().map(|c| c.0.index() + 1).max().unwrap_or(0);
            let rest = 3 * n as u32;
            let mut w = vec![rest; len];
            for &(item, cell) in &cells {
                let cell = usize::from(cell);
                let (a, b) = (cell_starts[cell] as usize, cell_starts[cell + 1] as usize);
                let clues: u32 = of_cell[a..b]
                    .iter()
                    .filter(|&&r| {
                        !matches!(out[usize::from(r)], Rule::House { .. } | Rule::Locked(_))
                    })
                    .map(|&r| rule_cells[usize::from(r)].len() as u32)
                    .sum();
                w[item.index()] = houses(cell) + clues;
            }
            Weights {
                start: w,
                rest,
                per_option: sums,
            }
        });
        let (watched, watched_cell) = cells.into_iter().unzip();
        Some(Pruner {
            weights,
            closed: closed && houses,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            n,
            watched,
            watched_cell,
            starts,
            places,
            single,
            fixed,
            rules: out,
            peer_starts,
            peers,
            peer_bits,
            cell_starts,
            of_cell,
            reach,
            cell_reach,
            rule_cells,
            rule_bits,
            last,
            cell_bits,
            cell_any,
        })
    }

    fn places(&self, o: OptionId) -> &[(u16, u8)] {
        let k = o.index();
        match (self.starts.get(k), self.starts.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.places[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Narrows `masks` by every rule until nothing changes; `false` if a cell has no
    /// candidate left. A worklist of rules: a rule runs again only when a cell of it changed.
    ///
    /// With `since` (the fixpoint of the parent node), only the rules on the cells whose masks
    /// differ from it are run first.
    ///
    /// Only the `open` cells' singles are taken from their peers: a cell the search has
    /// placed (its item covered) already took its digit from every peer (houses, cages,
    /// anti-knight and anti-king are all items of the exact cover).
    fn narrow(&self, masks: &mut [u32], since: Option<&[u32]>, open: &[bool]) -> bool {
        // PERF: the work lists live on between calls (no allocation per node).
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let s = &mut *s;
            s.queue.reset(self.rules.len());
            s.singles.clear();
            let ok = self.narrow_in(masks, since, open, s);
            s.queue.reset(self.rules.len());
            ok
        })
    }

    /// [`Pruner::narrow`] with its work lists.
    fn narrow_in(
        &self,
        masks: &mut [u32],
        since: Option<&[u32]>,
        open: &[bool],
        scratch: &mut Scratch,
    ) -> bool {
        let rules = self.rules.len();
        let Scratch {
            queue,
            singles,
            before,
            locked,
        } = scratch;
        match since {
            None => {
                for k in 0..rules {
                    queue.push(k as u16);
                }
                singles.extend(
                    (0..masks.len() as u16).filter(|&i| {
                        open[usize::from(i)] && masks[usize::from(i)].count_ones() == 1
                    }),
                );
            }
            Some(parent) => {
                for i in 0..masks.len() {
                    if masks[i] != parent[i] {
                        if open[i] && masks[i].count_ones() == 1 {
                            singles.push(i as u16);
                        }
                        self.touch(i, masks[i], queue);
                    }
                }
            }
        }
        let queue = &mut *queue;
        let singles = &mut *singles;
        let before = &mut before[..];
        loop {
            // A cell with one candidate: its peers lose it.
            while let Some(i) = singles.pop() {
                let i = usize::from(i);
                let m = masks[i];
                if m == 0 {
                    return false;
                }
                let (a, b) = (
                    self.peer_starts[i] as usize,
                    self.peer_starts[i + 1] as usize,
                );
                for &j in &self.peers[a..b] {
                    let mj = &mut masks[usize::from(j)];
                    if *mj & m != 0 {
                        *mj &= !m;
                        if *mj == 0 {
                            return false;
                        }
                        if mj.count_ones() == 1 {
                            singles.push(j);
                        }
                        self.touch(usize::from(j), *mj, queue);
                    }
                }
            }
            let Some(k) = queue.pop(&self.last) else {
                return true;
            };
            let k = usize::from(k);
            if let Rule::Locked(ls) = &self.rules[k] {
                // It reads the whole grid and knows what it changed: no copy of the masks.
                locked.clear();
                for l in ls {
                    if l.narrow(masks, locked).is_none() {
                        return false;
                    }
                }
                for &c in locked.iter() {
                    if masks[usize::from(c)].count_ones() == 1 {
                        singles.push(c);
                    }
                    self.touch(usize::from(c), masks[usize::from(c)], queue);
                }
                continue;
            }
            if let Rule::Pair { a, b, table } = &self.rules[k] {
                // PERF: the most numerous rule (nonconsecutive: 144 on 9x9), narrowed here
                // without the generic path's copy of the cells' masks.
                let (a, b) = (usize::from(*a), usize::from(*b));
                let (ma, mb) = (masks[a], masks[b]);
                let (mut ka, mut kb) = (0u32, 0u32);
                for x in digits(ma) {
                    let ys = table[x as usize - 1] & mb;
                    if ys != 0 {
                        ka |= bit(x);
                        kb |= ys;
                    }
                }
                if ka == 0 {
                    return false;
                }
                for (c, m, k) in [(a, ma, ka), (b, mb, kb)] {
                    if k != m {
                        masks[c] = k;
                        if k.count_ones() == 1 {
                            singles.push(c as u16);
                        }
                        self.touch(c, k, queue);
                    }
                }
                continue;
            }
            if let Rule::House { cells } = &self.rules[k] {
                // PERF: the rule run most (a little killer: 24 houses a call). It can narrow
                // only where a digit has one place left in the house that is not yet that
                // cell's only digit (the digits of the settled cells are singles of the
                // house already): without such a digit nothing changes, and the generic
                // path's copy of the masks is skipped.
                let (mut once, mut twice, mut settled) = (0u32, 0u32, 0u32);
                for &c in cells {
                    let m = masks[usize::from(c)];
                    twice |= once & m;
                    once |= m;
                    if m & m.wrapping_sub(1) == 0 {
                        settled |= m;
                    }
                }
                if once != combos::full(self.n) {
                    return false;
                }
                if once & !twice & !settled == 0 {
                    continue;
                }
            }
            let cells = &self.rule_cells[k];
            for (w, &c) in cells.iter().enumerate() {
                before[w] = masks[usize::from(c)];
            }
            let Some((_, required)) = narrow_rule(&self.rules[k], masks, self.n) else {
                return false;
            };
            for (w, &c) in cells.iter().enumerate() {
                let m = masks[usize::from(c)];
                if m != before[w] {
                    if m.count_ones() == 1 {
                        singles.push(c);
                    }
                    self.touch(usize::from(c), masks[usize::from(c)], queue);
                }
            }
            // The digits a cage must hold leave every cell that sees all their places. (Houses
            // do it through `Rule::Locked`, one rule over the grid run last: per house here it
            // made a node of a thermometer count 75% dearer, 2026-11-26.)
            if required != 0 && !self.seen_by_all(k, required, masks, singles, queue) {
                return false;
            }
        }
    }

    /// Each digit of `required` is in one of the cells of rule `k` (a cage) that can hold it,
    /// so a cell outside the rule that sees all of those cannot: it loses the digit (a cage
    /// of 3 on two cells of a box takes 1 and 2 from the rest of the box; a digit the cage
    /// must hold in one row takes it from the rest of the row; anti-knight and anti-king
    /// peers count). One place left: the digit goes there. `false` if a cell is left with no
    /// candidate.
    fn seen_by_all(
        &self,
        k: usize,
        required: u32,
        masks: &mut [u32],
        singles: &mut Vec<u16>,
        queue: &mut Queue,
    ) -> bool {
        let cells = &self.rule_cells[k];
        let own = &self.rule_bits[k];
        for d in digits(required) {
            let b = bit(d);
            let mut common = [0u64; 4];
            for w in 0..4 {
                common[w] = !own[w];
            }
            let (mut places, mut last) = (0, 0u16);
            let mut seen = true;
            for &c in cells {
                if masks[usize::from(c)] & b != 0 {
                    places += 1;
                    last = c;
                    if seen {
                        let p = &self.peer_bits[usize::from(c)];
                        let mut any = 0;
                        for w in 0..4 {
                            common[w] &= p[w];
                            any |= common[w];
                        }
                        // PERF: most places are seen by no one cell outside (a row's digit in
                        // two boxes): the rest only counts the places.
                        seen = any != 0;
                    }
                }
            }
            // One place: the digit goes there (a hidden single of a house or a cage), and its
            // peers lose it as a single's peers do.
            if places == 1 {
                let m = &mut masks[usize::from(last)];
                if *m != b {
                    *m = b;
                    singles.push(last);
                    self.touch(usize::from(last), b, queue);
                }
                continue;
            }
            if places == 0 || !seen {
                continue;
            }
            for (w, &word) in common.iter().enumerate() {
                let mut x = word;
                while x != 0 {
                    let j = w * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    let mj = &mut masks[j];
                    if *mj & b != 0 {
                        *mj &= !b;
                        if *mj == 0 {
                            return false;
                        }
                        if mj.count_ones() == 1 {
                            singles.push(j as u16);
                        }
                        self.touch(j, *mj, queue);
                    }
                }
            }
        }
        true
    }

    /// Queues the rules on cell `i`, whose candidates are now `m`: those a change of `i`
    /// can narrow further with `m` ([`Pruner::reach`]).
    #[inline]
    fn touch(&self, i: usize, m: u32, queue: &mut Queue) {
        if self.cell_any[i] {
            let w = self.last.len();
            queue.push_all(&self.cell_bits[i * w..(i + 1) * w]);
            return;
        }
        let (a, b) = (
            self.cell_starts[i] as usize,
            self.cell_starts[i + 1] as usize,
        );
        let left = ones(m);
        // PERF: most changes (a peer losing a digit) leave a cell of pairs alone too wide
        // for any of them. (A rule that reads any change has reach `u8::MAX`, above any
        // count of candidates.)
        if left > self.cell_reach[i] {
            return;
        }
        for (&k, &r) in self.of_cell[a..b].iter().zip(&self.reach[a..b]) {
            if left <= r {
                queue.push(k);
            }
        }
    }
}

/// The digits of a mask of at most 16 (two lookups: the build targets x86-64 without
/// `popcnt`, where `count_ones` is a dozen instructions).
#[inline]
fn ones(m: u32) -> u8 {
    const BYTE: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        t
    };
    BYTE[(m & 0xff) as usize] + BYTE[((m >> 8) & 0xff) as usize]
}

/// The most candidates cell `a` (`first`) or `b` of a [`Rule::Pair`] may have for a change of
/// it to narrow the other: a digit of the other loses its support only when every candidate
/// left is one that forbids it, so the largest set of digits forbidding one digit.
fn pair_reach(table: &[u32; 16], n: usize, first: bool) -> u8 {
    let all = combos::full(n);
    (1..=n as u32)
        .map(|y| {
            (1..=n as u32)
                .filter(|&x| {
                    // `first`: `a = x` forbids `b = y`; else `b = x` forbids `a = y`.
                    let (p, q) = if first { (x, y) } else { (y, x) };
                    table[p as usize - 1] & all & bit(q) == 0
                })
                .count() as u8
        })
        .max()
        .unwrap_or(0)
}

/// A sum rule, its terms grouped in runs of at most 4 consecutive cells that all see each
/// other.
/// Whether the propagator keeps two cells apart by a [`Rule::Pair`] of their own, given the
/// digits of the second cell each digit of the first forbids (`rows[x - 1]`): when some digit
/// forbids more than itself (nonconsecutive, the negative dots and XV). The same digit alone
/// (anti-knight, anti-king) is left to the exact cover. A pair so held needs no items in the
/// problem ([`crate::Tuning::lean`]): the table holds every forbidden pair.
pub(crate) fn pair_held(rows: &[u32; 16], n: usize) -> bool {
    (1..=n as u32).any(|x| rows[x as usize - 1] & !bit(x) != 0)
}

fn sum_rule(rules: &Rules, terms: Vec<(u16, i32)>, target: i32) -> Rule {
    let n = rules.size();
    let cell = |c: u16| crate::Cell::at(usize::from(c), n);
    let mut runs = vec![0];
    for k in 1..terms.len() {
        let start = *runs.last().unwrap_or(&0);
        let joins = k - start < 4
            && terms[start..k]
                .iter()
                .all(|t| rules.sees(cell(t.0), cell(terms[k].0)));
        if !joins {
            runs.push(k);
        }
    }
    runs.push(terms.len());
    Rule::Sum {
        terms,
        target,
        runs,
        first_run: 0,
    }
}

/// The rule of 45: in a house of `n` cells, or a union of `k` consecutive rows or columns
/// (which holds every digit `k` times), the cells outside the cages that lie wholly inside it
/// (innies) add up to its total less their sums; when every cell of it is in a cage, the cells
/// of those cages outside it (outies) add up to their sums less the total. Innies or outies
/// inside one house are a cage (different digits); otherwise a plain sum.
fn innies_and_outies(rules: &Rules, houses: &[Vec<u16>]) -> Vec<Rule> {
    let n = rules.size();
    let all = combos::full(n);
    let mut cages: Vec<(Vec<u16>, u32)> = rules
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Killer {
                cells,
                sum: Some(s),
            } => Some((cells.iter().map(|c| c.index(n) as u16).collect(), *s)),
            _ => None,
        })
        .collect();
    // A little killer's diagonal is a sum too (its digits may repeat, which the rule of 45
    // does not mind): those that overlap no cage nor an earlier diagonal join them (three
    // cells in a corner box make the rest of the box a cage).
    for (k, c) in rules.constraints().iter().enumerate() {
        if let Constraint::LittleKiller { sum, .. } = c {
            let cells: Vec<u16> = rules.scope(k).iter().map(|c| c.index(n) as u16).collect();
            if cages
                .iter()
                .all(|(other, _)| other.iter().all(|c| !cells.contains(c)))
            {
                cages.push((cells, *sum));
            }
        }
    }
    if cages.is_empty() {
        return Vec::new();
    }
    // Regions to reason about: each house (one of each digit), and unions of 2 to 4
    // consecutive rows or columns.
    let mut areas: Vec<(Vec<u16>, i32)> = houses.iter().map(|h| (h.clone(), 1)).collect();
    for k in 2..=4.min(n - 1) {
        for start in 0..=n - k {
            let rows: Vec<u16> = (start..start + k)
                .flat_map(|r| (0..n).map(move |c| (r * n + c) as u16))
                .collect();
            let cols: Vec<u16> = (start..start + k)
                .flat_map(|c| (0..n).map(move |r| (r * n + c) as u16))
                .collect();
            areas.push((rows, k as i32));
            areas.push((cols, k as i32));
        }
    }
    let one_house = |cells: &[u16]| houses.iter().any(|h| cells.iter().all(|c| h.contains(c)));
    let total1 = (n * (n + 1) / 2) as i32;
    let mut out = Vec::new();
    let mut seen: Vec<Vec<u16>> = Vec::new();
    let mut push = |cells: Vec<u16>, sum: i32, out: &mut Vec<Rule>| {
        let mut key = cells.clone();
        key.sort_unstable();
        if cells.is_empty() || cells.len() > n || seen.contains(&key) {
            return;
        }
        seen.push(key);
        if one_house(&cells) {
            if sum > 0 {
                out.push(Rule::Cage {
                    sets: combos::with_sum(all, cells.len(), sum as u32),
                    cells,
                });
            }
        } else {
            out.push(Rule::Bounds { cells, target: sum });
        }
    };
    for (area, times) in &areas {
        let total = total1 * times;
        let inside: Vec<&(Vec<u16>, u32)> = cages
            .iter()
            .filter(|(cells, _)| cells.iter().all(|c| area.contains(c)))
            .collect();
        if !inside.is_empty() {
            let rest: Vec<u16> = area
                .iter()
                .copied()
                .filter(|c| !inside.iter().any(|cage| cage.0.contains(c)))
                .collect();
            let sum = total - inside.iter().map(|c| c.1 as i32).sum::<i32>();
            if rest.len() < area.len() {
                push(rest, sum, &mut out);
            }
            // In a house, each cage's complement too: the rest of the house holds the
            // digits the cage does not, set by set (with two or more cages inside, the
            // innies above do not say it).
            if *times == 1 && inside.len() > 1 {
                for (cells, s) in &inside {
                    let rest: Vec<u16> = area
                        .iter()
                        .copied()
                        .filter(|c| !cells.contains(c))
                        .collect();
                    push(rest, total - *s as i32, &mut out);
                }
            }
        }
        let touching: Vec<&(Vec<u16>, u32)> = cages
            .iter()
            .filter(|(cells, _)| cells.iter().any(|c| area.contains(c)))
            .collect();
        if area
            .iter()
            .all(|c| touching.iter().any(|(cells, _)| cells.contains(c)))
        {
            let outside: Vec<u16> = touching
                .iter()
                .flat_map(|c| c.0.iter().copied())
                .filter(|c| !area.contains(c))
                .collect();
            let sum = touching.iter().map(|c| c.1 as i32).sum::<i32>() - total;
            push(outside, sum, &mut out);
        }
    }
    out
}

/// The [`Rule::Locked`] of the regions with the rows and with the columns.
fn locked(rules: &Rules) -> Vec<Rule> {
    let n = rules.size();
    let of = |kind: HouseKind| -> Vec<Vec<u16>> {
        rules
            .houses()
            .iter()
            .filter(|h| h.kind == kind)
            .map(|h| h.cells.iter().map(|c| c.index(n) as u16).collect())
            .collect()
    };
    let regions = of(HouseKind::Region);
    if regions.len() != n {
        return Vec::new();
    }
    let both: Vec<Locked> = [HouseKind::Row, HouseKind::Column]
        .into_iter()
        .filter_map(|kind| Locked::new(&regions, &of(kind), n * n))
        .collect();
    if both.is_empty() {
        Vec::new()
    } else {
        vec![Rule::Locked(both)]
    }
}

/// The pairs of digits `(x, y)` a dot or an XV clue allows.
fn pair_allows(c: &Constraint) -> Box<dyn Fn(u32, u32) -> bool> {
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

/// Sets `*m &= keep`; whether it changed. `None` if it becomes empty.
#[inline]
fn keep(m: &mut u32, keep: u32) -> Option<bool> {
    let new = *m & keep;
    if new == *m {
        return Some(false);
    }
    *m = new;
    if new == 0 { None } else { Some(true) }
}

/// Narrows the cells of one rule; whether any mask changed and the digits the rule's cells
/// must hold (a cage's digits common to every set left; 0 for the other rules), `None` on a
/// contradiction.
fn narrow_rule(r: &Rule, masks: &mut [u32], n: usize) -> Option<(bool, u32)> {
    let mut changed = false;
    let mut required = 0u32;
    match r {
        Rule::Cage { cells, sets } => {
            let mut support = [0u32; 16];
            let common = cage_support(cells, sets, masks, &mut support)?;
            required = common;
            for (&c, &s) in cells.iter().zip(&support) {
                changed |= keep(&mut masks[usize::from(c)], s)?;
            }
        }
        Rule::Sum {
            terms,
            target,
            runs,
            first_run,
        } => {
            if terms.iter().any(|&(c, _)| masks[usize::from(c)] == 0) {
                return None;
            }
            changed |= narrow_sum(terms, *target, runs, *first_run as usize, masks)?;
        }
        Rule::Bounds { cells, target } => {
            let lo_hi = |m: u32| {
                (
                    (m.trailing_zeros() + 1) as i32,
                    (32 - m.leading_zeros()) as i32,
                )
            };
            if cells.iter().any(|&c| masks[usize::from(c)] == 0) {
                return None;
            }
            let (mut lo, mut hi) = (0, 0);
            for &c in cells {
                let (a, b) = lo_hi(masks[usize::from(c)]);
                lo += a;
                hi += b;
            }
            if *target < lo || *target > hi {
                return None;
            }
            for &c in cells {
                let m = masks[usize::from(c)];
                let (a, b) = lo_hi(m);
                let (need_lo, need_hi) = (target - (hi - b), target - (lo - a));
                let mut k = 0u32;
                for d in digits(m) {
                    if (need_lo..=need_hi).contains(&(d as i32)) {
                        k |= bit(d);
                    }
                }
                changed |= keep(&mut masks[usize::from(c)], k)?;
            }
        }
        Rule::Thermo { cells } => {
            if cells.iter().any(|&c| masks[usize::from(c)] == 0) {
                return None;
            }
            // Forward: above the least digit of the cell before; backward: below the greatest
            // of the cell after.
            for w in 1..cells.len() {
                let prev = masks[usize::from(cells[w - 1])];
                let least = prev.trailing_zeros() + 1;
                let above = !((1u32 << least) - 1);
                changed |= keep(&mut masks[usize::from(cells[w])], above)?;
            }
            for w in (0..cells.len() - 1).rev() {
                let next = masks[usize::from(cells[w + 1])];
                let most = 32 - next.leading_zeros();
                let below = (1u32 << (most - 1)) - 1;
                changed |= keep(&mut masks[usize::from(cells[w])], below)?;
            }
        }
        Rule::Pair { a, b, table } => {
            let (ma, mb) = (masks[usize::from(*a)], masks[usize::from(*b)]);
            let mut ka = 0u32;
            let mut kb = 0u32;
            for x in digits(ma) {
                let ys = table[x as usize - 1] & mb;
                if ys != 0 {
                    ka |= bit(x);
                    kb |= ys;
                }
            }
            changed |= keep(&mut masks[usize::from(*a)], ka)?;
            changed |= keep(&mut masks[usize::from(*b)], kb)?;
        }
        Rule::House { cells } => {
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in cells {
                let m = masks[usize::from(c)];
                twice |= once & m;
                once |= m;
            }
            if once != combos::full(n) {
                return None;
            }
            let single = once & !twice;
            if single != 0 {
                for &c in cells {
                    let m = masks[usize::from(c)] & single;
                    if m != 0 && m != masks[usize::from(c)] {
                        if m.count_ones() > 1 {
                            return None;
                        }
                        masks[usize::from(c)] = m;
                        changed = true;
                    } else if m.count_ones() > 1 {
                        return None;
                    }
                }
            }
        }
        Rule::Locked(ls) => {
            let mut cells = Vec::new();
            for l in ls {
                l.narrow(masks, &mut cells)?;
            }
            changed = !cells.is_empty();
        }
        Rule::Sandwich { cells, sets } => {
            let big = bit(n as u32);
            let crusts = bit(1) | big;
            let inner_digits = combos::full(n) & !crusts;
            let len = cells.len();
            let m: Vec<u32> = cells.iter().map(|&c| masks[usize::from(c)]).collect();
            let mut allowed = [0u32; 16];
            let mut any = false;
            for i in 0..len {
                if m[i] & crusts == 0 {
                    continue;
                }
                for j in i + 1..len {
                    let (one_i, big_j) = (
                        m[i] & bit(1) != 0 && m[j] & big != 0,
                        m[i] & big != 0 && m[j] & bit(1) != 0,
                    );
                    if !one_i && !big_j {
                        continue;
                    }
                    let mut inner_union = 0u32;
                    let mut outer_union = 0u32;
                    for &s in &sets[j - i - 1] {
                        let rest = inner_digits & !s;
                        if (i + 1..j).all(|p| m[p] & s != 0)
                            && (0..len)
                                .filter(|&p| p < i || p > j)
                                .all(|p| m[p] & rest != 0)
                        {
                            inner_union |= s;
                            outer_union |= rest;
                        }
                    }
                    if inner_union == 0 && j > i + 1 {
                        continue;
                    }
                    if j == i + 1 && sets[0].is_empty() {
                        continue;
                    }
                    if j == i + 1 {
                        outer_union = inner_digits;
                        if !(0..len)
                            .filter(|&p| p < i || p > j)
                            .all(|p| m[p] & outer_union != 0)
                        {
                            continue;
                        }
                    }
                    any = true;
                    allowed[i] |= if one_i { bit(1) } else { 0 } | if big_j { big } else { 0 };
                    allowed[j] |= if one_i { big } else { 0 } | if big_j { bit(1) } else { 0 };
                    for slot in &mut allowed[i + 1..j] {
                        *slot |= inner_union;
                    }
                    for p in (0..len).filter(|&p| p < i || p > j) {
                        allowed[p] |= outer_union;
                    }
                }
            }
            if !any {
                return None;
            }
            for (p, &c) in cells.iter().enumerate() {
                changed |= keep(&mut masks[usize::from(c)], allowed[p])?;
            }
        }
    }
    Some((changed, required))
}

/// The size of [`narrow_sum`]'s table of a run's sums.
const SLOTS: usize = 512;

/// The sum rule: each run's fillings (different digits within a run) by their sum, the partial
/// sums reachable from the left and able to reach the target on the right, and the digits of
/// the fillings that fit between them.
fn narrow_sum(
    terms: &[(u16, i32)],
    target: i32,
    runs: &[usize],
    first_run: usize,
    masks: &mut [u32],
) -> Option<bool> {
    // PERF: the runs' tables live on between calls (a little killer's node made a dozen
    // allocations and cleared 1 KB a run).
    SUM_SCRATCH.with(|s| {
        let mut s = s.borrow_mut();
        let SumScratch { slot, tables } = &mut *s;
        narrow_sum_in_tables(terms, target, runs, first_run, masks, slot, tables)
    })
}

/// [`narrow_sum`]'s tables, kept between calls.
struct SumScratch {
    /// [`SLOTS`] entries, all `u16::MAX` between calls.
    slot: Box<[u16; SLOTS]>,
    /// The table of each run, at its rule's `first_run` plus its number in the rule.
    tables: Vec<RunTable>,
}

/// The fillings of one run of a sum by their sums, and what they were worked out from: the
/// run's terms and its cells' candidates. PERF: a sum runs again when one of its cells
/// changed, and then most of its runs have the same candidates as last time (a little
/// killer's diagonal is three runs of a box each): their tables are taken as they are. The
/// table is a function of the run's terms and candidates alone, so a table found under the
/// same key (whatever propagator or node left it) is the one the walk would give.
#[derive(Default)]
struct RunTable {
    /// The run's terms and its cells' candidates when the table was made (`len` of them;
    /// `u8::MAX`: no table yet).
    terms: [(u16, i32); 4],
    masks: [u32; 4],
    len: u8,
    /// (sum, union of each cell's digits over the fillings of that sum).
    sums: Vec<(i32, [u32; 4])>,
}

thread_local! {
    static SUM_SCRATCH: RefCell<SumScratch> = RefCell::new(SumScratch {
        slot: Box::new([u16::MAX; SLOTS]),
        tables: Vec::new(),
    });
}

/// [`narrow_sum`] with its tables: `slot` all `u16::MAX` (and left so), `tables` the runs'
/// tables (any, or none yet).
fn narrow_sum_in_tables(
    terms: &[(u16, i32)],
    target: i32,
    runs: &[usize],
    first_run: usize,
    masks: &mut [u32],
    slot_table: &mut [u16; SLOTS],
    tables: &mut Vec<RunTable>,
) -> Option<bool> {
    let groups = runs.len() - 1;
    while tables.len() < first_run + groups {
        tables.push(RunTable {
            len: u8::MAX,
            sums: Vec::with_capacity(32),
            ..RunTable::default()
        });
    }
    let sums = &mut tables[first_run..first_run + groups];
    for (g, table) in sums.iter_mut().enumerate() {
        let run = &terms[runs[g]..runs[g + 1]];
        // The same run with the same candidates: the same table.
        if usize::from(table.len) == run.len()
            && run
                .iter()
                .zip(table.terms.iter().zip(&table.masks))
                .all(|(&(c, k), (&t, &m))| t == (c, k) && masks[usize::from(c)] == m)
        {
            if table.sums.is_empty() {
                return None;
            }
            continue;
        }
        table.len = run.len() as u8;
        for (w, &(c, k)) in run.iter().enumerate() {
            table.terms[w] = (c, k);
            table.masks[w] = masks[usize::from(c)];
        }
        let by_sum = &mut table.sums;
        by_sum.clear();
        // `slot[total - lo]`: where the fillings of that sum are in `by_sum` (PERF: a search
        // of `by_sum` at each filling was a tenth of a little killer's search).
        let lo: i32 = run.iter().map(|&(_, k)| k.min(k * 16)).sum();
        let hi: i32 = run.iter().map(|&(_, k)| k.max(k * 16)).sum();
        let slot = if hi - lo < SLOTS as i32 {
            Some(&mut *slot_table)
        } else {
            None
        };
        struct Out<'s> {
            lo: i32,
            slot: Option<&'s mut [u16; SLOTS]>,
            by_sum: &'s mut Vec<(i32, [u32; 4])>,
        }
        let mut out = Out { lo, slot, by_sum };
        impl Out<'_> {
            /// Adds a filling of sum `total`, its digits `digits_of[..len]`.
            #[inline(always)]
            fn record(&mut self, total: i32, digits_of: &[u32; 4], len: usize) {
                let at = match &mut self.slot {
                    Some(slot) => {
                        let s = &mut slot[(total - self.lo) as usize];
                        if *s == u16::MAX {
                            *s = self.by_sum.len() as u16;
                            self.by_sum.push((total, *digits_of));
                            return;
                        }
                        usize::from(*s)
                    }
                    None => match self.by_sum.iter().position(|e| e.0 == total) {
                        Some(at) => at,
                        None => {
                            self.by_sum.push((total, *digits_of));
                            return;
                        }
                    },
                };
                let e = &mut self.by_sum[at];
                for (k, d) in digits_of.iter().enumerate().take(len) {
                    e.1[k] |= d;
                }
            }
        }
        fn go(
            run: &[(u16, i32)],
            masks: &[u32],
            i: usize,
            used: u32,
            total: i32,
            digits_of: &mut [u32; 4],
            out: &mut Out<'_>,
        ) {
            let (c, k) = run[i];
            let free = masks[usize::from(c)] & !used;
            if i + 1 == run.len() {
                // The last cell: each digit ends a filling (no call per filling).
                for d in digits(free) {
                    digits_of[i] = bit(d);
                    out.record(total + k * d as i32, digits_of, run.len());
                }
            } else {
                for d in digits(free) {
                    digits_of[i] = bit(d);
                    go(
                        run,
                        masks,
                        i + 1,
                        used | bit(d),
                        total + k * d as i32,
                        digits_of,
                        out,
                    );
                }
            }
            digits_of[i] = 0;
        }
        if run.is_empty() {
            out.record(0, &[0; 4], 0);
        } else {
            go(run, masks, 0, 0, 0, &mut [0u32; 4], &mut out);
        }
        // The table back to all `u16::MAX`: only the sums recorded were set.
        if let Some(slot) = out.slot {
            for e in out.by_sum.iter() {
                slot[(e.0 - lo) as usize] = u16::MAX;
            }
        }
        if out.by_sum.is_empty() {
            return None;
        }
    }
    let sums = &tables[first_run..first_run + groups];
    if let Some(done) = narrow_sum_bits(terms, target, runs, sums, masks) {
        return done;
    }
    // Partial sums: forward from 0, backward from the target.
    let mut fwd: Vec<Vec<i32>> = vec![vec![0]];
    for g in 0..groups {
        let mut next: Vec<i32> = fwd[g]
            .iter()
            .flat_map(|&p| sums[g].sums.iter().map(move |e| p + e.0))
            .collect();
        next.sort_unstable();
        next.dedup();
        fwd.push(next);
    }
    let mut back: Vec<Vec<i32>> = vec![Vec::new(); groups + 1];
    back[groups] = vec![target];
    for g in (0..groups).rev() {
        let mut prev: Vec<i32> = back[g + 1]
            .iter()
            .flat_map(|&q| sums[g].sums.iter().map(move |e| q - e.0))
            .collect();
        prev.sort_unstable();
        prev.dedup();
        back[g] = prev;
    }
    if fwd[groups].binary_search(&target).is_err() {
        return None;
    }
    let mut changed = false;
    for g in 0..groups {
        let mut keep_masks = [0u32; 4];
        for &(s, ref unions) in &sums[g].sums {
            let fits = fwd[g]
                .iter()
                .any(|&p| back[g + 1].binary_search(&(p + s)).is_ok());
            if fits {
                for (k, u) in unions.iter().enumerate() {
                    keep_masks[k] |= u;
                }
            }
        }
        for (k, &(c, _)) in terms[runs[g]..runs[g + 1]].iter().enumerate() {
            changed |= keep(&mut masks[usize::from(c)], keep_masks[k])?;
        }
    }
    Some(changed)
}

/// A set of partial sums `base..base + 512`, as bits.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Sums([u64; 8]);

/// A set of partial sums `base..base + WIDTH` as bits: [`Sums`], or a `u64` or `u128` when
/// the sums span fewer than 64 or 128 values (little killers, arrows with a one-cell circle),
/// where a shift is one instruction or a few.
trait SumSet: Copy {
    const WIDTH: i32;
    const EMPTY: Self;
    fn one(k: usize) -> Self;
    fn shift(&self, k: i32) -> Self;
    fn or(&mut self, other: Self);
    fn meets(&self, other: &Self) -> bool;
}

/// PERF: the sums of a little killer's diagonal span at most 46 values: a `u64`'s shifts are
/// cheaper than a `u128`'s (two words and a branch each; they were 7% of a little killer's
/// instructions).
macro_rules! int_sum_set {
    ($t:ty) => {
        impl SumSet for $t {
            const WIDTH: i32 = <$t>::BITS as i32;
            const EMPTY: $t = 0;

            fn one(k: usize) -> $t {
                1 << k
            }

            fn shift(&self, k: i32) -> $t {
                if k >= Self::WIDTH || k <= -Self::WIDTH {
                    0
                } else if k >= 0 {
                    *self << k
                } else {
                    *self >> -k
                }
            }

            fn or(&mut self, other: $t) {
                *self |= other;
            }

            fn meets(&self, other: &$t) -> bool {
                self & other != 0
            }
        }
    };
}

int_sum_set!(u64);
int_sum_set!(u128);

impl SumSet for Sums {
    const WIDTH: i32 = 512;
    const EMPTY: Sums = Sums([0; 8]);

    fn one(k: usize) -> Sums {
        let mut b = Sums::EMPTY;
        b.0[k >> 6] |= 1 << (k & 63);
        b
    }

    /// Every sum moved by `k` (up when positive); what leaves the range is dropped.
    fn shift(&self, k: i32) -> Sums {
        let mut out = Sums::EMPTY;
        let (words, bits) = ((k.unsigned_abs() / 64) as usize, k.unsigned_abs() % 64);
        for w in 0..8usize {
            if k >= 0 {
                let Some(src) = w.checked_sub(words) else {
                    continue;
                };
                out.0[w] |= self.0[src] << bits;
                if bits > 0 && src > 0 {
                    out.0[w] |= self.0[src - 1] >> (64 - bits);
                }
            } else {
                let src = w + words;
                if src >= 8 {
                    continue;
                }
                out.0[w] |= self.0[src] >> bits;
                if bits > 0 && src + 1 < 8 {
                    out.0[w] |= self.0[src + 1] << (64 - bits);
                }
            }
        }
        out
    }

    fn or(&mut self, other: Sums) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    fn meets(&self, other: &Sums) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
}

/// [`narrow_sum`]'s partial sums as bit sets, when every partial sum fits in 512 values;
/// `None` (not done) otherwise.
fn narrow_sum_bits(
    terms: &[(u16, i32)],
    target: i32,
    runs: &[usize],
    sums: &[RunTable],
    masks: &mut [u32],
) -> Option<Option<bool>> {
    // Every partial sum lies in base..=top.
    let (mut base, mut top) = (0i32, 0i32);
    for g in sums {
        let lo = g.sums.iter().map(|e| e.0).min().unwrap_or(0);
        let hi = g.sums.iter().map(|e| e.0).max().unwrap_or(0);
        base += lo.min(0);
        top += hi.max(0);
    }
    if top - base < u64::WIDTH {
        narrow_sum_in::<u64>(terms, target, runs, sums, masks, base, top)
    } else if top - base < u128::WIDTH {
        narrow_sum_in::<u128>(terms, target, runs, sums, masks, base, top)
    } else if top - base < Sums::WIDTH {
        narrow_sum_in::<Sums>(terms, target, runs, sums, masks, base, top)
    } else {
        None
    }
}

/// [`narrow_sum_bits`] in one width of bit set, the partial sums in `base..=top`.
fn narrow_sum_in<S: SumSet>(
    terms: &[(u16, i32)],
    target: i32,
    runs: &[usize],
    sums: &[RunTable],
    masks: &mut [u32],
    base: i32,
    top: i32,
) -> Option<Option<bool>> {
    let groups = sums.len();
    if target < base || target > top {
        return Some(None);
    }
    let mut fwd = [S::EMPTY; 17];
    let mut back = [S::EMPTY; 17];
    if groups >= 17 {
        return None;
    }
    fwd[0] = S::one((0 - base) as usize);
    for g in 0..groups {
        let mut next = S::EMPTY;
        for e in &sums[g].sums {
            next.or(fwd[g].shift(e.0));
        }
        fwd[g + 1] = next;
    }
    back[groups] = S::one((target - base) as usize);
    if !fwd[groups].meets(&back[groups]) {
        return Some(None);
    }
    for g in (0..groups).rev() {
        let mut prev = S::EMPTY;
        for e in &sums[g].sums {
            prev.or(back[g + 1].shift(-e.0));
        }
        back[g] = prev;
    }
    let mut changed = false;
    for g in 0..groups {
        let mut keep_masks = [0u32; 4];
        for (s, unions) in &sums[g].sums {
            if fwd[g].shift(*s).meets(&back[g + 1]) {
                for (k, u) in unions.iter().enumerate() {
                    keep_masks[k] |= u;
                }
            }
        }
        for (k, &(c, _)) in terms[runs[g]..runs[g + 1]].iter().enumerate() {
            match keep(&mut masks[usize::from(c)], keep_masks[k]) {
                None => return Some(None),
                Some(ch) => changed |= ch,
            }
        }
    }
    Some(Some(changed))
}

/// The largest cage whose cells [`cage_support`] narrows digit by digit; a larger one (the
/// rule of 45's derived cages of 7 to 9 cells) keeps the union of its sets. On the shared
/// killers (2026-11-27) the larger ones cost more instructions than their nodes saved.
const SUPPORT_CELLS: usize = 6;

/// Each cell's digits that some filling of the cage still uses (`support[w]` for `cells[w]`:
/// a filling is a set of `sets` and a way to give its digits to the cells, each from its
/// mask), and the digits common to every set left; `None` when no set is left. This is the
/// all-different rule made arc consistent inside each set (Régin's: a digit two cells of a
/// set need elsewhere leaves them even when the set's union keeps it), not only the union.
fn cage_support(
    cells: &[u16],
    sets: &[u32],
    masks: &[u32],
    support: &mut [u32; 16],
) -> Option<u32> {
    let (mut union, mut common) = (0u32, !0u32);
    let k = cells.len().min(16);
    for &s in sets {
        let mut adj = [0u32; 16];
        let (mut least, mut reach) = (u32::MAX, 0u32);
        for (a, &c) in adj.iter_mut().zip(cells) {
            *a = masks[usize::from(c)] & s;
            least = least.min(a.count_ones());
            reach |= *a;
        }
        if least == 0 || reach != s {
            continue;
        }
        if least as usize >= k {
            union |= s;
            // Every cell has as many digits of `s` as there are cells: whichever digit one
            // takes, the others still have enough (Hall), so every digit is supported.
            common &= s;
            for (out, a) in support.iter_mut().zip(&adj[..k]) {
                *out |= a;
            }
            continue;
        }
        let Some(owner) = matching(&adj, k) else {
            continue;
        };
        union |= s;
        common &= s;
        if k > SUPPORT_CELLS {
            for (out, a) in support.iter_mut().zip(&adj[..k]) {
                *out |= a;
            }
            continue;
        }
        // `mine[i]`: the digit cell `i` holds in the matching. Cell `x` can move to the digit
        // of cell `y` (x -> y) when its mask has it; a cell `i` can take digit `d` of cell `j`
        // when `j` reaches `i` (the cells on the way shift along, and `i`'s digit closes the
        // cycle).
        let mut mine = [0u32; 16];
        for (d, &o) in owner.iter().enumerate() {
            if o != u8::MAX {
                mine[usize::from(o)] = 1 << d;
            }
        }
        let mut next = [0u32; 16];
        for ((out, &a), &m) in next.iter_mut().zip(&adj[..k]).zip(&mine) {
            let mut other = a & !m;
            while other != 0 {
                let d = other.trailing_zeros() as usize;
                other &= other - 1;
                *out |= 1 << owner[d];
            }
        }
        // The cells each reaches (Warshall's closure on bit sets).
        for via in 0..k {
            for x in 0..k {
                if next[x] >> via & 1 != 0 {
                    next[x] |= next[via];
                }
            }
        }
        for i in 0..k {
            let mut ok = mine[i];
            let mut rest = adj[i] & !mine[i];
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let j = usize::from(owner[d]);
                if next[j] >> i & 1 != 0 {
                    ok |= 1 << d;
                }
            }
            support[i] |= ok;
        }
    }
    if union == 0 { None } else { Some(common) }
}

/// A perfect matching of the cells `0..k` (their digits `adj`) into their digits, as the
/// cell of each digit (bit position; `u8::MAX` for none); `None` when there is none. Kuhn's
/// augmenting paths on bit sets (at most 16 cells and digits).
// PERF: the backtracking over fillings it replaces took 23% of a killer's search (derived
// cages of the rule of 45 have up to 9 cells).
fn matching(adj: &[u32; 16], k: usize) -> Option<[u8; 32]> {
    let mut owner = [u8::MAX; 32];
    fn augment(i: usize, adj: &[u32; 16], owner: &mut [u8; 32], seen: &mut u32) -> bool {
        let mut free = adj[i] & !*seen;
        while free != 0 {
            let d = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1 << d;
            let o = owner[d];
            if o == u8::MAX || augment(usize::from(o), adj, owner, seen) {
                owner[d] = i as u8;
                return true;
            }
        }
        false
    }
    (0..k)
        .all(|i| augment(i, adj, &mut owner, &mut 0))
        .then_some(owner)
}

impl Propagate for Pruner {
    fn watched(&self) -> &[ItemId] {
        &self.watched
    }

    fn branch_weights(&self) -> Option<Weights> {
        self.weights.clone()
    }

    fn closed(&self) -> bool {
        self.closed
    }

    /// A complete grid breaks no pair table and no sum: the rules a lean problem leaves out
    /// of its items ([`crate::Tuning::lean`]) are among them.
    fn accept(&self, chosen: &[OptionId]) -> bool {
        let mut grid = self.fixed.clone();
        for &o in chosen {
            for &(c, d) in self.places(o) {
                grid[usize::from(c)] = d;
            }
        }
        let digit = |c: u16| u32::from(grid[usize::from(c)]);
        self.rules.iter().all(|r| match r {
            Rule::Pair { a, b, table } => {
                let (x, y) = (digit(*a), digit(*b));
                x == 0 || y == 0 || table[x as usize - 1] & bit(y) != 0
            }
            Rule::Sum { terms, target, .. } => {
                terms.iter().any(|&(c, _)| digit(c) == 0)
                    || terms.iter().map(|&(c, k)| k * digit(c) as i32).sum::<i32>() == *target
            }
            _ => true,
        })
    }

    fn propagate(&self, view: &View<'_>, remove: &mut Vec<OptionId>) {
        let cells = self.n * self.n;
        let depth = view.chosen.len();
        FIXPOINTS.with(|f| {
            let mut f = f.borrow_mut();
            if f.owner != self.id {
                f.owner = self.id;
                f.levels.clear();
            }
            // The nearest ancestor on the path whose fixpoint is kept (dancing cells commits
            // forced moves in batches, so it may be many options back: near a solution a batch
            // fills a dozen cells), or this node's own from an earlier call.
            let parent = (0..=depth).rev().find(|&d| {
                f.levels.get(d).is_some_and(|l| {
                    // Compared from the end: a sibling's path differs there.
                    l.fixpoint.len() == cells
                        && l.path.len() == d
                        && l.path.iter().rev().eq(view.chosen[..d].iter().rev())
                })
            });
            // The placed cells: those placed at the ancestor kept their digit (its fixpoint
            // has it), the options chosen since place the others.
            let mut masks = [0u32; 256];
            let placed = match parent {
                Some(d) => {
                    masks[..cells].copy_from_slice(&f.levels[d].fixpoint);
                    &view.chosen[d..]
                }
                None => {
                    for (i, &d) in self.fixed.iter().enumerate() {
                        if d != 0 {
                            masks[i] = bit(u32::from(d));
                        }
                    }
                    view.chosen
                }
            };
            for &o in placed {
                for &(c, d) in self.places(o) {
                    masks[usize::from(c)] = bit(u32::from(d));
                }
            }
            // The candidates of the open cells: a cell whose item has as many options as at
            // the ancestor has the same options (they only go along a path), so the same
            // candidates; the others are read from their options.
            let mut open = [false; 256];
            let mut sizes = [u32::MAX; 256];
            for (k, &cell) in self.watched_cell.iter().enumerate() {
                let Some(size) = view.size(k) else {
                    continue;
                };
                let cell = usize::from(cell);
                open[cell] = true;
                sizes[k] = size as u32;
                if let Some(l) = parent.map(|d| &f.levels[d])
                    && l.sizes[k] == size as u32
                {
                    masks[cell] = l.raw[cell];
                    continue;
                }
                let mut m = 0u32;
                for o in view.available(k).into_iter().flatten() {
                    // Most options place one digit: its bit is kept.
                    match self.single.get(o.index()) {
                        Some(&b) if b != 0 => m |= b,
                        _ => {
                            for &(c, d) in self.places(o) {
                                if usize::from(c) == cell {
                                    m |= bit(u32::from(d));
                                }
                            }
                        }
                    }
                }
                masks[cell] = m;
            }
            let raw = masks;
            let since = parent.map(|d| f.levels[d].fixpoint.as_slice());
            let ok = self.narrow(&mut masks[..cells], since, &open);
            if f.levels.len() <= depth {
                f.levels.resize_with(depth + 1, Default::default);
            }
            let l = &mut f.levels[depth];
            l.path.clear();
            l.path.extend_from_slice(view.chosen);
            l.fixpoint.clear();
            l.fixpoint.extend_from_slice(&masks[..cells]);
            l.raw.clear();
            l.raw.extend_from_slice(&raw[..cells]);
            l.sizes.clear();
            l.sizes.extend_from_slice(&sizes[..self.watched_cell.len()]);
            for (k, &cell) in self.watched_cell.iter().enumerate() {
                // An option that lost a placement is in the list of that placement's cell.
                if ok && masks[usize::from(cell)] == raw[usize::from(cell)] {
                    continue;
                }
                let Some(options) = view.available(k) else {
                    continue;
                };
                for o in options {
                    // On a contradiction, every option of one cell goes: a dead end.
                    let dead = !ok
                        || self
                            .places(o)
                            .iter()
                            .any(|&(c, d)| masks[usize::from(c)] & bit(u32::from(d)) == 0);
                    if dead {
                        remove.push(o);
                    }
                }
                if !ok {
                    return;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks of digits lists, by cell index.
    fn masks(cells: &[&[u32]]) -> Vec<u32> {
        cells
            .iter()
            .map(|ds| ds.iter().fold(0, |m, &d| m | bit(d)))
            .collect()
    }

    fn cage(cells: &[u16], sum: u32) -> Rule {
        Rule::Cage {
            cells: cells.to_vec(),
            sets: combos::with_sum(combos::full(9), cells.len(), sum),
        }
    }

    #[test]
    fn a_sum_narrows_alike_with_its_runs_tables_kept_or_made_afresh() {
        // Two runs (cells 0-2 see each other, then 3-4): a sum of 23. Each step narrows on
        // this thread (the tables of the earlier steps kept: steps 1 and 3 leave one run's
        // candidates as they were) and on a new thread (no tables): the same masks and
        // answers.
        let rule = Rule::Sum {
            terms: (0..5).map(|c| (c, 1)).collect(),
            target: 23,
            runs: vec![0, 3, 5],
            first_run: 0,
        };
        let all: &[u32] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let steps = [
            masks(&[all; 5]),
            masks(&[all, all, all, &[1, 2], &[1, 3]]),
            masks(&[&[1, 2], &[2, 3], &[3, 4], &[8, 9], &[8, 9]]),
            masks(&[&[1], &[2], &[3], &[8, 9], &[8, 9]]),
            masks(&[&[1], &[2], &[3], &[9], &[9]]),
        ];
        let run = |m: &[u32]| {
            let mut m = m.to_vec();
            let r = narrow_rule(&rule, &mut m, 9);
            (m, r)
        };
        for step in &steps {
            let kept = run(step);
            let fresh = std::thread::scope(|t| t.spawn(|| run(step)).join().unwrap());
            assert_eq!(kept, fresh, "{step:?}");
        }
        // The answers are the sum's: 8 + 9 leaves 6 for three different digits, 1 + 2 + 3.
        assert_eq!(run(&steps[0]).1, Some((false, 0)));
        assert_eq!(run(&steps[1]).1, Some((false, 0)));
        assert_eq!(run(&steps[2]), (steps[3].clone(), Some((true, 0))));
        assert_eq!(run(&steps[3]).1, Some((false, 0)));
        assert_eq!(run(&steps[4]).1, None);
    }

    #[test]
    fn the_queue_gives_the_lowest_rule_first_and_the_whole_grid_rules_last() {
        let mut q = Queue {
            pending: Vec::new(),
        };
        q.reset(130);
        let mut last = vec![0u64; 3];
        last[0] |= 1 << 2;
        q.push(2);
        q.push(129);
        q.push(70);
        q.push(70);
        q.push_all(&[1 << 5, 0, 0]);
        let order: Vec<u16> = std::iter::from_fn(|| q.pop(&last)).collect();
        assert_eq!(order, vec![5, 70, 129, 2]);
        assert_eq!(q.pending, vec![0; 3]);
    }

    #[test]
    fn a_cage_gives_each_cell_only_the_digits_a_filling_uses() {
        // 6 in three cells is {1, 2, 3}; 1 and 2 are the first two cells', so the third is 3
        // (the union of the sets left keeps 1 and 2 in it).
        let mut m = masks(&[&[1, 2], &[1, 2], &[1, 2, 3]]);
        assert_eq!(
            narrow_rule(&cage(&[0, 1, 2], 6), &mut m, 9),
            Some((true, bit(1) | bit(2) | bit(3)))
        );
        assert_eq!(m, masks(&[&[1, 2], &[1, 2], &[3]]));
        // 10 in two cells: 1 goes with 9 only, so with 9 gone from the second, 1 leaves the
        // first.
        let mut m = masks(&[&[1, 2], &[8]]);
        assert_eq!(
            narrow_rule(&cage(&[0, 1], 10), &mut m, 9),
            Some((true, bit(2) | bit(8)))
        );
        assert_eq!(m, masks(&[&[2], &[8]]));
    }

    #[test]
    fn a_cage_keeps_every_digit_some_filling_uses() {
        let before = masks(&[&[1, 2, 3], &[1, 2, 3], &[1, 2, 3]]);
        let mut m = before.clone();
        assert_eq!(
            narrow_rule(&cage(&[0, 1, 2], 6), &mut m, 9),
            Some((false, bit(1) | bit(2) | bit(3)))
        );
        assert_eq!(m, before);
        // 10 in two cells: {1, 9} and {2, 8} both fit, each digit in its own cell.
        let before = masks(&[&[1, 2], &[8, 9]]);
        let mut m = before.clone();
        assert_eq!(narrow_rule(&cage(&[0, 1], 10), &mut m, 9), Some((false, 0)));
        assert_eq!(m, before);
        // {1, 2, 3} with the first cell 1: the others share 2 and 3 either way.
        let before = masks(&[&[1], &[2, 3], &[2, 3]]);
        let mut m = before.clone();
        assert_eq!(
            narrow_rule(&cage(&[0, 1, 2], 6), &mut m, 9).map(|r| r.0),
            Some(false)
        );
        assert_eq!(m, before);
        // Two cells that both need 1: no filling.
        let mut m = masks(&[&[1], &[1]]);
        assert_eq!(narrow_rule(&cage(&[0, 1], 3), &mut m, 9), None);
    }

    #[test]
    fn a_forbidden_pair_beyond_the_same_digit_is_a_pair_rule() {
        let rules = Rules::new(4, None, vec![Constraint::NonConsecutive]).unwrap();
        let mut forbidden = std::collections::BTreeMap::new();
        // r1c1-r1c2 nonconsecutive; r1c1-r2c3 a knight's move (the same digit only).
        let mut consecutive = [0u32; 16];
        let mut same = [0u32; 16];
        for x in 1..=4u32 {
            for y in [x.wrapping_sub(1), x + 1] {
                if (1..=4).contains(&y) {
                    consecutive[x as usize - 1] |= bit(y);
                }
            }
            same[x as usize - 1] = bit(x);
        }
        forbidden.insert((0u16, 1u16), consecutive);
        forbidden.insert((0u16, 6u16), same);
        let p = Pruner::new(
            &rules,
            Vec::new(),
            std::iter::empty::<Vec<(u16, u8)>>(),
            vec![0; 16],
            &forbidden,
            true,
            false,
        )
        .expect("a pair rule");
        let pairs: Vec<&Rule> = p
            .rules
            .iter()
            .filter(|r| matches!(r, Rule::Pair { .. }))
            .collect();
        assert_eq!(pairs.len(), 1);
        // Pairs alone: no house rules (the exact cover's singles do their work).
        assert_eq!(p.rules.len(), 1);
        // A cell left with 2 and 4 takes 3 from its neighbour; with 1 and 2, 1 and 2 (the
        // two cells see each other).
        let mut m = masks(&[&[2, 4], &[1, 2, 3, 4]]);
        assert_eq!(narrow_rule(pairs[0], &mut m, 4), Some((true, 0)));
        assert_eq!(m, masks(&[&[2, 4], &[1, 2, 4]]));
        let mut m = masks(&[&[1, 2], &[1, 2, 3, 4]]);
        narrow_rule(pairs[0], &mut m, 4);
        assert_eq!(m, masks(&[&[1, 2], &[3, 4]]));
        // Nothing to take: 1 allows 3 and 4, 4 allows 1 and 2.
        let before = masks(&[&[1, 4], &[1, 2, 3, 4]]);
        let mut m = before.clone();
        assert_eq!(narrow_rule(pairs[0], &mut m, 4), Some((false, 0)));
        assert_eq!(m, before);
    }

    /// The locked-candidates rule of a classic 9x9 grid.
    fn locked_9x9() -> Rule {
        let rules = Rules::new(9, None, Vec::new()).unwrap();
        let mut out = locked(&rules);
        assert_eq!(out.len(), 1);
        out.pop().unwrap()
    }

    #[test]
    fn a_digit_locked_in_a_box_line_leaves_the_rest_of_the_line() {
        let rule = locked_9x9();
        let all = combos::full(9);
        // Pointing: in box 1, 5 only in row 1 (r1c1-r1c3): the rest of row 1 loses it.
        let mut m = vec![all; 81];
        for c in [9, 10, 11, 18, 19, 20] {
            m[c] &= !bit(5);
        }
        assert_eq!(narrow_rule(&rule, &mut m, 9), Some((true, 0)));
        assert!((3..9).all(|c| m[c] & bit(5) == 0));
        assert!((0..3).all(|c| m[c] & bit(5) != 0));
        assert_eq!(m[27], all);
        // Claiming: in column 9, 7 only in box 9 (r7c9-r9c9): the rest of box 9 loses it.
        let mut m = vec![all; 81];
        for r in 0..6 {
            m[r * 9 + 8] &= !bit(7);
        }
        assert_eq!(narrow_rule(&rule, &mut m, 9), Some((true, 0)));
        for c in [60, 61, 69, 70, 78, 79] {
            assert_eq!(m[c], all & !bit(7), "cell {c}");
        }
        assert!([62, 71, 80].iter().all(|&c| m[c] == all));
    }

    #[test]
    fn a_digit_in_two_lines_of_a_box_stays_everywhere() {
        let rule = locked_9x9();
        let all = combos::full(9);
        // 5 in rows 1 and 2 of box 1: nothing locked.
        let mut m = vec![all; 81];
        for c in [18, 19, 20] {
            m[c] &= !bit(5);
        }
        let before = m.clone();
        assert_eq!(narrow_rule(&rule, &mut m, 9), Some((false, 0)));
        assert_eq!(m, before);
        // A jigsaw without two cells of any region on one row or column gets no rule.
        assert!(Locked::new(&[vec![0, 3], vec![1, 2]], &[vec![0, 1], vec![2, 3]], 4).is_none());
    }

    fn killers(cages: &[(&[&str], u32)]) -> (Rules, Vec<Vec<u16>>) {
        let cell = |s: &str| s.parse::<crate::Cell>().unwrap();
        let rules = Rules::new(
            9,
            None,
            cages
                .iter()
                .map(|(cells, sum)| Constraint::Killer {
                    cells: cells.iter().map(|c| cell(c)).collect(),
                    sum: Some(*sum),
                })
                .collect(),
        )
        .unwrap();
        let houses = rules
            .houses()
            .iter()
            .filter(|h| h.cells.len() == 9)
            .map(|h| h.cells.iter().map(|c| c.index(9) as u16).collect())
            .collect();
        (rules, houses)
    }

    /// The derived cage on exactly `cells` (sorted), if any.
    fn derived<'r>(rules: &'r [Rule], cells: &[u16]) -> Vec<&'r Rule> {
        rules
            .iter()
            .filter(|r| {
                let mut c = r.cells();
                c.sort_unstable();
                c == cells
            })
            .collect()
    }

    #[test]
    fn each_cage_in_a_house_with_another_gives_its_complement() {
        // Box 1 holds {1, 2} in r1c1-r1c2 (3) and {8, 9} in r2c1-r2c2 (17).
        let (rules, houses) = killers(&[(&["r1c1", "r1c2"], 3), (&["r2c1", "r2c2"], 17)]);
        let out = innies_and_outies(&rules, &houses);
        // The rest of box 1 beside the first cage: 42 in 7 cells, only {3, ..., 9}.
        let rest = [2, 9, 10, 11, 18, 19, 20];
        let found = derived(&out, &rest);
        assert_eq!(found.len(), 1);
        let mut m = vec![combos::full(9); 81];
        assert_eq!(narrow_rule(found[0], &mut m, 9).map(|r| r.0), Some(true));
        assert!(
            rest.iter()
                .all(|&c| m[usize::from(c)] == combos::full(9) & !bit(1) & !bit(2))
        );
        // And beside the second: 28 in 7 cells, 8 and 9 out; the innies of both: 25 in 5.
        assert_eq!(derived(&out, &[0, 1, 2, 11, 18, 19, 20]).len(), 1);
        assert_eq!(derived(&out, &[2, 11, 18, 19, 20]).len(), 1);
    }

    #[test]
    fn a_little_killer_in_a_box_makes_the_rest_of_the_box_a_cage() {
        // r9c7, r8c8, r7c9 add up to 24 (all in box 9): the other six cells of box 9 make 21,
        // so {1, ..., 6}.
        let start = "r9c7".parse::<crate::Cell>().unwrap();
        let rules = Rules::new(
            9,
            None,
            vec![Constraint::LittleKiller {
                sum: 24,
                start,
                direction: crate::constraint::Direction::UpRight,
            }],
        )
        .unwrap();
        let houses: Vec<Vec<u16>> = rules
            .houses()
            .iter()
            .filter(|h| h.cells.len() == 9)
            .map(|h| h.cells.iter().map(|c| c.index(9) as u16).collect())
            .collect();
        let out = innies_and_outies(&rules, &houses);
        let rest = [60, 61, 69, 71, 79, 80];
        let found = derived(&out, &rest);
        assert_eq!(found.len(), 1);
        let mut m = vec![combos::full(9); 81];
        assert_eq!(narrow_rule(found[0], &mut m, 9).map(|r| r.0), Some(true));
        assert!(rest.iter().all(|&c| m[usize::from(c)] == combos::full(6)));
        // A diagonal across boxes gives no cage on a house's rest.
        let start = "r1c1".parse::<crate::Cell>().unwrap();
        let rules = Rules::new(
            9,
            None,
            vec![Constraint::LittleKiller {
                sum: 45,
                start,
                direction: crate::constraint::Direction::DownRight,
            }],
        )
        .unwrap();
        let out = innies_and_outies(&rules, &houses);
        assert!(out.iter().all(|r| !matches!(r, Rule::Cage { .. })));
    }

    #[test]
    fn a_lone_cage_in_a_house_gives_its_complement_once() {
        let (rules, houses) = killers(&[(&["r1c1", "r1c2"], 3)]);
        let out = innies_and_outies(&rules, &houses);
        // The innies of box 1 and of row 1 are the complements already: one rule each.
        assert_eq!(derived(&out, &[2, 9, 10, 11, 18, 19, 20]).len(), 1);
        assert_eq!(derived(&out, &[2, 3, 4, 5, 6, 7, 8]).len(), 1);
        // No cage wholly inside column 1: nothing on its other cells.
        assert!(derived(&out, &[9, 18, 27, 36, 45, 54, 63, 72]).is_empty());
    }

    /// An empty 4x4 f-puzzle with the fields `extra` (JSON members).
    #[test]
    fn a_pair_is_run_again_only_once_a_cell_is_narrow_enough_to_take_a_digit() {
        // Nonconsecutive between two cells that see each other: `y` loses its support only
        // when the other cell is left inside `y - 1`, `y` and `y + 1`.
        let mut table = [0u32; 16];
        for x in 1..=9u32 {
            table[x as usize - 1] = combos::full(9) & !bit(x) & !(bit(x) << 1) & !(bit(x) >> 1);
        }
        assert_eq!(pair_reach(&table, 9, true), 3);
        assert_eq!(pair_reach(&table, 9, false), 3);
        // Four digits left always support every digit of the partner; three may not.
        let all = combos::full(9);
        let support = |m: u32| digits(m).fold(0, |s, x| s | table[x as usize - 1]);
        for m in 1..=all {
            if m.count_ones() >= 4 {
                assert_eq!(support(m), all, "{m:b}");
            }
        }
        assert_ne!(support(bit(4) | bit(5) | bit(6)), all);
        // A V (digits adding up to 5) on 9x9: a digit from 5 up has no partner at all, so
        // any change may matter (the rule's first run takes those digits anyway).
        let mut v = [0u32; 16];
        for x in 1..=4u32 {
            v[x as usize - 1] = bit(5 - x);
        }
        assert_eq!(pair_reach(&v, 9, true), 9);
        assert_eq!(ones(0b1011_0000_0001), 4);
        assert_eq!(ones(combos::full(16)), 16);
    }

    #[test]
    fn the_fixpoint_is_closed_only_when_it_holds_every_item() {
        let closed = |extra: &str| {
            let enc = crate::lower(&fpuzzle(extra)).unwrap();
            enc.problem.propagator().is_some_and(|p| p.closed())
        };
        // A killer cage: cells, houses' digits and the house rules of the propagator.
        assert!(closed(
            ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]"
        ));
        // Nonconsecutive alone: the houses' hidden singles are left to the exact cover.
        assert!(!closed(",\"nonconsecutive\":true"));
        // A thermometer lowered as its fillings: options placing several digits.
        assert!(!closed(
            ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\",\"R1C3\"]]}]"
        ));
    }

    fn fpuzzle(extra: &str) -> crate::Puzzle {
        let row = format!("[{}]", ["{}"; 4].join(","));
        let grid = vec![row; 4].join(",");
        crate::parse(&format!("{{\"size\":4,\"grid\":[{grid}]{extra}}}")).unwrap()
    }

    /// The options that place the open cells of `grid` (row-major digits) in `enc`.
    fn options_of(enc: &crate::Encoding, grid: &[u8]) -> Vec<OptionId> {
        (0..enc.problem.option_count() as u32)
            .map(OptionId)
            .filter(|&o| {
                let p = enc.placements(o);
                !p.is_empty() && p.iter().all(|&(c, d)| grid[c.index(4)] == d)
            })
            .collect()
    }

    /// `p` lowered with every item (not lean).
    fn full_encoding(p: &crate::Puzzle) -> crate::Encoding {
        let tuning = crate::Tuning {
            lean: false,
            ..Default::default()
        };
        crate::lower_with(p, &tuning).unwrap()
    }

    #[test]
    fn a_lean_problem_leaves_out_the_pairs_and_refuses_a_grid_breaking_them() {
        let p = fpuzzle(",\"nonconsecutive\":true");
        let lean = crate::lower(&p).unwrap();
        let full = full_encoding(&p);
        // The stars of the nonconsecutive pairs are gone from the lean problem, not from
        // the file Knuth's programs read.
        assert!(lean.problem.item_count() < full.problem.item_count());
        assert_eq!(lean.to_knuth(None), full.to_knuth(None));
        // A Sudoku grid with 1 next to 2: the items take it, the propagator does not.
        let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let chosen = options_of(&lean, &grid);
        assert_eq!(chosen.len(), 16);
        let rule = lean.problem.propagator().unwrap();
        assert!(!rule.accept(&chosen));
        // No 4x4 grid is nonconsecutive: none is reported, lean or full, on both algorithms.
        for enc in [&lean, &full] {
            for algorithm in [crate::Algorithm::Links, crate::Algorithm::Cells] {
                let limits = crate::Limits {
                    algorithm,
                    ..crate::Limits::count_all()
                };
                assert_eq!(crate::search(enc, &limits).count, 0);
            }
        }
    }

    #[test]
    fn a_lean_problem_leaves_out_a_little_killer_and_refuses_a_grid_breaking_it() {
        // The main diagonal adds up to 10 (r1c1 to r4c4).
        let p = fpuzzle(
            ",\"littlekillersum\":[{\"cell\":\"R0C0\",\"direction\":\"DR\",\"value\":\"10\"}]",
        );
        let lean = crate::lower(&p).unwrap();
        let rule = lean.problem.propagator().unwrap();
        // Two Sudoku grids, whose diagonals add up to 1 + 4 + 4 + 1 = 10 and 1 + 4 + 4 + 3.
        let good = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let bad = [1, 2, 3, 4, 3, 4, 1, 2, 2, 3, 4, 1, 4, 1, 2, 3];
        assert!(rule.accept(&options_of(&lean, &good)));
        assert!(!rule.accept(&options_of(&lean, &bad)));
        let full = full_encoding(&p);
        assert!(lean.problem.option_count() < full.problem.option_count());
        let count = |enc: &crate::Encoding| crate::search(enc, &crate::Limits::count_all()).count;
        assert_eq!(count(&lean), count(&full));
    }
}
