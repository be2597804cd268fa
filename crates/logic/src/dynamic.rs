//! Sudoku Explainer's forcing chains after the first level: Nishio (7.5), cell and region
//! forcing chains (8.0), dynamic forcing chains (8.5), with pointing, claiming, pairs and
//! X-wings inside (9.0), and the nested levels (9.5 and above), searched and rated as Sudoku
//! Explainer does.
//!
//! # A run
//!
//! A *potential* is a candidate (cell `c`, 0-based digit `d`: `p = c * N + d`) said on or off.
//! A run starts from one potential and derives others, recording each derivation (an
//! [`Event`]) with its parents, until nothing is new or a potential is derived both on and off
//! (a contradiction, which ends the run). Pending `on`s are handled before pending `off`s,
//! each queue in order:
//!
//! - an `on(c, d)` makes `off` the other candidates of `c` (not in Nishio runs) and `d` in
//!   every peer of `c` (box, row, column);
//! - an `off(c, d)` makes `on` the last other candidate of `c` (not in Nishio runs) and the
//!   last other place of `d` in a box, row or column; in *dynamic* runs "last" is on the board
//!   as the run changes it (an `off` leaves the board when it is handled, and the `on` it makes
//!   has for parents every `off` that emptied the cell or house), in *static* runs on the
//!   board as it was;
//! - when both queues are empty, runs with something inside (level 1 and up) look on the
//!   changed board for pointing, claiming, hidden and naked pairs and X-wings (and, from level
//!   2, chains of the levels below) that the run made possible, and turn their eliminations
//!   `off`, with the `off`s that made them possible for parents.
//!
//! A run's record is its events (each with its parents) and, per potential, the event that
//! derived it; what it derived is also kept as two bitsets (on and off), so that clearing a
//! run for the next one is a few words, and the cell, region and double chains intersect
//! their branches' bitsets before they look at any event.
//!
//! The *complexity* of a conclusion is the number of its ancestors, counted per branch and
//! summed over branches, plus the complexity of every distinct chain nested in them; the
//! rating is the level's base plus Sudoku Explainer's length increment of it.
//!
//! # A level
//!
//! For each cell (row by row) and candidate, the on and off runs give contradictions (dynamic
//! levels), double forcing chains (dynamic, cells of three candidates or more: a potential
//! implied both ways), region forcing chains (every place of the digit in a house implies the
//! same) and cell forcing chains (every candidate of the cell implies the same). Static
//! forcing chains start only from cells of three candidates or more, as in Sudoku Explainer.
//! The step is the one of smallest complexity, then kind (double, cell, region,
//! contradiction), then order found.

use crate::basic::{bits, fmt_elims};
use crate::board::Topology;
use crate::step::{Candidate, ChainKind, Link, Pattern, Step, Technique, length_increment};

const NONE: u32 = u32::MAX;

/// Whether `x` has exactly two bits set. The default x86-64 target has no population count
/// instruction, and `count_ones` there is a dozen instructions in the runs' inner loops.
#[inline]
fn two(x: u64) -> bool {
    let y = x & x.wrapping_sub(1);
    y != 0 && y & (y - 1) == 0
}

/// Whether `x` has two bits set or more.
#[inline]
fn several(x: u64) -> bool {
    x & x.wrapping_sub(1) != 0
}

/// A potential's cell and digit (a division by a constant on 9x9 grids).
#[inline]
fn split(pot: usize, n: usize) -> (usize, usize) {
    if n == 9 {
        (pot / 9, pot % 9)
    } else {
        (pot / n, pot % n)
    }
}

/// How a potential was derived (for rule parents and texts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cause {
    Root,
    /// On: the last candidate of its cell.
    Cell,
    /// On: the last place in a house (the house index).
    House(u16),
    /// Off: a peer or a cell mate is on.
    Weak,
    /// Off: eliminated by a rule inside the run.
    Advanced,
}

#[derive(Clone, Copy, Debug)]
struct Event {
    pot: u32,
    on: bool,
    cause: Cause,
    first_parent: u32,
    nparents: u32,
    /// For `Advanced` offs found by a nested chain: its index in `nested`.
    nested: u32,
}

/// How a run derives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Config {
    /// Implications on the board as the run changes it.
    pub dynamic: bool,
    /// Links inside cells (off in Nishio runs).
    pub cells: bool,
    /// What is looked for inside at each fixpoint: 0 nothing, 1 the basic rules, 2 with
    /// static chains, 3 with static multiple chains, 4 and up with dynamic chains of level
    /// `level - 4` (Sukaku) inside.
    pub level: u8,
}

impl Config {
    pub(crate) const STATIC: Config = Config {
        dynamic: false,
        cells: true,
        level: 0,
    };
    pub(crate) const NISHIO: Config = Config {
        dynamic: true,
        cells: false,
        level: 0,
    };
    pub(crate) fn dynamic(level: u8) -> Config {
        Config {
            dynamic: true,
            cells: true,
            level,
        }
    }
}

/// One run's record: its events, parents and, per potential, its event.
pub(crate) struct Run {
    n: usize,
    events: Vec<Event>,
    parents: Vec<u32>,
    /// `set[p / 64][on] >> (p % 64) & 1`: whether the run derived `on(p)` (`on` = 1) or
    /// `off(p)` (`on` = 0); a few hundred bytes, cleared at each run (PERF: both words of a
    /// potential behind one bounds check).
    set: Vec<[u64; 2]>,
    /// `ev[p][on]`: the event deriving the potential when `set` says there is one (stale
    /// otherwise: never cleared).
    ev: Vec<[u32; 2]>,
    /// The contradiction that ended the run: (the `on` event, the `off` event).
    contradiction: Option<(u32, u32)>,
    /// The complexities of nested chains, by index.
    nested: Vec<u32>,
    // scratch for ancestors
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    seen_nested: Vec<u32>,
}

impl Run {
    fn new(n: usize) -> Run {
        let npot = n * n * n;
        Run {
            n,
            events: Vec::new(),
            parents: Vec::new(),
            set: vec![[0; 2]; npot.div_ceil(64)],
            ev: vec![[0; 2]; npot],
            contradiction: None,
            nested: Vec::new(),
            mark: Vec::new(),
            stamp: 0,
            stack: Vec::new(),
            seen_nested: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.set.fill([0; 2]);
        self.events.clear();
        self.parents.clear();
        self.contradiction = None;
        self.nested.clear();
    }

    /// The event deriving the potential, if any.
    pub(crate) fn event(&self, pot: usize, on: bool) -> Option<u32> {
        self.has(pot, on).then(|| self.ev[pot][on as usize])
    }

    /// Whether the run derived the potential.
    #[inline]
    fn has(&self, pot: usize, on: bool) -> bool {
        self.set[pot / 64][on as usize] >> (pot % 64) & 1 != 0
    }

    #[inline]
    fn push(&mut self, pot: usize, on: bool, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let i = self.events.len() as u32;
        self.events.push(Event {
            pot: pot as u32,
            on,
            cause,
            first_parent: self.parents.len() as u32,
            nparents: parents.len() as u32,
            nested,
        });
        if let [p] = parents {
            self.parents.push(*p);
        } else {
            self.parents.extend_from_slice(parents);
        }
        i
    }

    /// Pushes and records a new `off(pot)` derived from one parent (the runs' commonest
    /// event): one bounds check for the potential's words, no re-read of the event.
    #[inline(always)]
    fn add_off(&mut self, pot: usize, parent: u32) -> u32 {
        let i = self.events.len() as u32;
        self.set[pot / 64][0] |= 1 << (pot % 64);
        self.ev[pot][0] = i;
        self.events.push(Event {
            pot: pot as u32,
            on: false,
            cause: Cause::Weak,
            first_parent: self.parents.len() as u32,
            nparents: 1,
            nested: NONE,
        });
        self.parents.push(parent);
        i
    }

    fn record(&mut self, i: u32) {
        let ev = self.events[i as usize];
        let p = ev.pot as usize;
        self.set[p / 64][ev.on as usize] |= 1 << (p % 64);
        self.ev[p][ev.on as usize] = i;
    }

    /// Sudoku Explainer's complexity of one target: its ancestors (itself included), and
    /// the nested chains among them, not yet counted in `nested_seen`.
    fn ancestors(&mut self, e: u32) -> (usize, u32) {
        if self.mark.len() < self.events.len() {
            self.mark.resize(self.events.len(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let mut count = 0;
        let mut nested = 0u32;
        self.stack.clear();
        self.stack.push(e);
        while let Some(x) = self.stack.pop() {
            let x = x as usize;
            if self.mark[x] == self.stamp {
                continue;
            }
            self.mark[x] = self.stamp;
            count += 1;
            let ev = self.events[x];
            if ev.nested != NONE && !self.seen_nested.contains(&ev.nested) {
                self.seen_nested.push(ev.nested);
                nested += self.nested[ev.nested as usize];
            }
            let s = ev.first_parent as usize;
            for k in s..s + ev.nparents as usize {
                self.stack.push(self.parents[k]);
            }
        }
        (count, nested)
    }

    fn cand_of(&self, pot: u32) -> Candidate {
        let n = self.n;
        let pot = pot as usize;
        Candidate {
            row: pot / n / n,
            col: pot / n % n,
            digit: (pot % n) as u8 + 1,
        }
    }

    /// The chain from the root to `e` along first parents, as text.
    fn path_text(&self, e: u32) -> String {
        let mut seq = Vec::new();
        let mut cur = e as usize;
        loop {
            seq.push(cur);
            let ev = self.events[cur];
            if ev.nparents == 0 || seq.len() > 64 {
                break;
            }
            cur = self.parents[ev.first_parent as usize] as usize;
        }
        seq.reverse();
        let words: Vec<String> = seq
            .iter()
            .map(|&i| {
                let ev = self.events[i];
                self.cand_of(ev.pot).assumed(ev.on)
            })
            .collect();
        if words.len() > 12 {
            format!(
                "{} → … ({} steps) → {}",
                words[..4].join(" → "),
                words.len() - 6,
                words[words.len() - 2..].join(" → ")
            )
        } else {
            words.join(" → ")
        }
    }

    /// The links among the ancestors of `e`, parent to child, at most `max`.
    fn links(&mut self, e: u32, max: usize, out: &mut Vec<Link>) {
        self.ancestors(e);
        for x in 0..self.events.len().min(self.mark.len()) {
            if self.mark[x] != self.stamp {
                continue;
            }
            let ev = self.events[x];
            let s = ev.first_parent as usize;
            for k in s..s + ev.nparents as usize {
                let p = self.events[self.parents[k] as usize];
                if p.pot == ev.pot {
                    continue;
                }
                out.push(Link {
                    from: self.cand_of(p.pot),
                    to: self.cand_of(ev.pot),
                    strong: ev.on,
                });
                if out.len() >= max {
                    return;
                }
            }
        }
    }
}

/// Scratch space for runs on one board size: the board as it changes and the queues.
pub(crate) struct Chainer {
    n: usize,
    pub(crate) grid: Vec<u64>,
    pub(crate) orig: Vec<u64>,
    /// `places[h * N + d]`: the places (indices in the house) of `d` in house `h` on `grid`.
    places: Vec<u64>,
    orig_places: Vec<u64>,
    /// Whether `orig_places` holds the places of `orig`.
    counted: bool,
    /// `strong_off[p / 64] >> (p % 64) & 1`: whether `off(p)` on `orig` is one side of a
    /// strong link (its cell has two candidates, or a house two places of its digit): in a
    /// static run, where "last" is on the board as it was, any other `off` derives nothing
    /// and is not queued.
    strong_off: Vec<u64>,
    /// Whether `strong_off` is that of `orig` (made for the first static run on a board).
    strong_ready: bool,
    /// The candidates the last run removed from `grid` (put back by the next run on the
    /// same board, instead of copying the board and its places again).
    removed: Vec<u32>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    ps: Vec<u32>,
    /// The runs inside runs (levels 1 and up), made when first needed.
    pub(crate) inside: Option<Box<nested::Inside>>,
    pub(crate) deadline: Option<dlx_time::Instant>,
    pub(crate) expired: bool,
    runs: u32,
}

impl Chainer {
    pub(crate) fn new(n: usize) -> Chainer {
        Chainer {
            n,
            grid: vec![0; n * n],
            orig: vec![0; n * n],
            places: vec![0; 3 * n * n],
            orig_places: vec![0; 3 * n * n],
            counted: false,
            strong_off: Vec::new(),
            strong_ready: false,
            removed: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            ps: Vec::new(),
            inside: None,
            deadline: None,
            expired: false,
            runs: 0,
        }
    }

    /// Runs from one potential on the candidates `cand`, recording into `run`; `true` when
    /// it ended in a contradiction.
    pub(crate) fn run(
        &mut self,
        topo: &Topology,
        cand: &[u64],
        root: usize,
        on: bool,
        cfg: Config,
        run: &mut Run,
    ) -> bool {
        run.clear();
        if let Some(deadline) = self.deadline {
            self.runs = self.runs.wrapping_add(1);
            if self.runs % 16 == 0 && dlx_time::Instant::now() >= deadline {
                self.expired = true;
            }
        }
        if self.expired {
            return false;
        }
        let n = self.n;
        if self.counted && self.orig[..] == cand[..] {
            // the same board as the last run: put back what that run removed (PERF: most
            // dynamic runs remove hundreds of candidates, and a copy of the board and its
            // places is a few hundred words)
            if self.removed.len() > 8 {
                self.grid.copy_from_slice(&self.orig);
                self.places.copy_from_slice(&self.orig_places);
                self.removed.clear();
            }
            for &p in &self.removed {
                let (c, d) = (p as usize / n, p as usize % n);
                self.grid[c] |= 1 << d;
                for (&h, &at) in topo.cell_houses[c].iter().zip(&topo.cell_pos[c]) {
                    self.places[h as usize * n + d] |= 1 << at;
                }
                for &(h, at) in &topo.extra_of[c] {
                    self.places[h as usize * n + d] |= 1 << at;
                }
            }
            self.removed.clear();
        } else {
            // the house counts of a new board (the runs of a level share one)
            self.orig.copy_from_slice(cand);
            self.orig_places.clear();
            self.orig_places.resize(topo.nfull() * n, 0);
            self.places.resize(topo.nfull() * n, 0);
            for h in 0..topo.nfull() {
                for (i, &k) in topo.cells(h).iter().enumerate() {
                    for d in bits(cand[k as usize]) {
                        self.orig_places[h * n + d] |= 1 << i;
                    }
                }
            }
            self.counted = true;
            self.strong_ready = false;
            self.grid.copy_from_slice(cand);
            self.places.copy_from_slice(&self.orig_places);
            self.removed.clear();
        }
        if !cfg.dynamic && !self.strong_ready {
            self.strong_links(topo);
        }
        self.pend_on.clear();
        self.pend_off.clear();
        let e = run.push(root, on, Cause::Root, &[], NONE);
        run.record(e);
        if on {
            self.pend_on.push(e);
        } else {
            self.pend_off.push(e);
        }
        let (mut ho, mut hf) = (0usize, 0usize);
        loop {
            if ho < self.pend_on.len() {
                let i = self.pend_on[ho];
                ho += 1;
                if self.on_to_off(topo, cfg, run, i) {
                    return true;
                }
            } else if hf < self.pend_off.len() {
                let i = self.pend_off[hf];
                hf += 1;
                if self.off_to_on(topo, cfg, run, i) {
                    return true;
                }
            } else if cfg.level > 0 {
                let found = nested::advanced(self, topo, cfg, run);
                if self.expired {
                    run.contradiction = None;
                    return false;
                }
                let before = self.pend_off.len();
                for (i, _) in found {
                    let ev = run.events[i as usize];
                    if run.event(ev.pot as usize, false).is_none() {
                        run.record(i);
                        self.pend_off.push(i);
                    }
                }
                if self.pend_off.len() == before {
                    return false;
                }
            } else {
                return false;
            }
        }
    }

    /// Which `off`s of `orig` are one side of a strong link (`strong_off`).
    fn strong_links(&mut self, topo: &Topology) {
        let n = self.n;
        self.strong_off.clear();
        self.strong_off.resize((n * n * n).div_ceil(64), 0);
        for c in 0..topo.ncells {
            let m = self.orig[c];
            for d in bits(m) {
                let linked = two(m)
                    || topo.cell_houses[c]
                        .iter()
                        .map(|&h| h as usize)
                        .chain(topo.extra_of[c].iter().map(|x| x.0 as usize))
                        .any(|h| two(self.orig_places[h * n + d]));
                if linked {
                    let p = c * n + d;
                    self.strong_off[p / 64] |= 1 << (p % 64);
                }
            }
        }
        self.strong_ready = true;
    }

    /// Derives an `off` with parent `i`; `true` on a contradiction.
    #[inline(always)]
    fn make_off(&mut self, run: &mut Run, pot: usize, i: u32, dynamic: bool) -> bool {
        make_off(run, &mut self.pend_off, &self.strong_off, pot, i, dynamic)
    }

    fn on_to_off(&mut self, topo: &Topology, cfg: Config, run: &mut Run, i: u32) -> bool {
        let n = self.n;
        let pot = run.events[i as usize].pot as usize;
        let (c, d) = split(pot, n);
        if cfg.cells {
            for e in bits(self.grid[c] & !(1 << d)) {
                if self.make_off(run, c * n + e, i, cfg.dynamic) {
                    return true;
                }
            }
        }
        if topo.variant.is_some() {
            // a variant's peers go beyond the houses
            for k in 0..topo.se_peers[c].len() {
                let q = topo.se_peers[c][k] as usize;
                if self.grid[q] >> d & 1 != 0 && self.make_off(run, q * n + d, i, cfg.dynamic) {
                    return true;
                }
            }
            return false;
        }
        // the peers holding `d`, in Sudoku Explainer's order (`se_peers`): the box, then the
        // row and the column outside the box (`se_skip`), each in its house's order
        let (places, pend_off, strong_off) =
            (&self.places[..], &mut self.pend_off, &self.strong_off[..]);
        for (&h, &skip) in topo.se_houses_of[c].iter().zip(&topo.se_skip[c]) {
            let h = h as usize;
            let cells = &topo.houses[h][..];
            for x in bits(places[h * n + d] & !skip) {
                let q = cells[x] as usize;
                if make_off(run, pend_off, strong_off, q * n + d, i, cfg.dynamic) {
                    return true;
                }
            }
        }
        // a variant's pair rules (nonconsecutive...): none on a classic board
        for &(q, m) in topo.excluded(c, d) {
            let q = q as usize;
            for e in bits(self.grid[q] & m) {
                if self.make_off(run, q * n + e, i, cfg.dynamic) {
                    return true;
                }
            }
        }
        false
    }

    fn off_to_on(&mut self, topo: &Topology, cfg: Config, run: &mut Run, i: u32) -> bool {
        let n = self.n;
        let pot = run.events[i as usize].pot as usize;
        let (c, d) = split(pot, n);
        // PERF: most `off`s derive nothing (no cell or house left with two places): then
        // only the board changes. Otherwise each `on`, with its parents read before this
        // `off` leaves the board, is derived at once (in the same order: the cell's, then
        // the houses' in Sudoku Explainer's order, then a variant's other full houses; an
        // `on` already derived, by this `off` or before, is skipped).
        let cell_two = cfg.cells && two(self.grid[c]);
        let quiet = !cell_two
            && topo.extra_of[c].is_empty()
            && topo.se_houses_of[c]
                .iter()
                .all(|&h| !two(self.places[h as usize * n + d]));
        if !quiet && self.derive_ons(topo, cfg, run, i, c, d, cell_two) {
            if cfg.dynamic {
                self.take_off(topo, c, d, pot);
            }
            return true;
        }
        if cfg.dynamic {
            self.take_off(topo, c, d, pot);
        }
        false
    }

    /// The `on`s `off(c, d)` (event `i`) derives, on the board before it leaves it; `true`
    /// on a contradiction.
    #[allow(clippy::too_many_arguments)]
    fn derive_ons(
        &mut self,
        topo: &Topology,
        cfg: Config,
        run: &mut Run,
        i: u32,
        c: usize,
        d: usize,
        cell_two: bool,
    ) -> bool {
        let n = self.n;
        // PERF: an `on` the run has already (most of them) is skipped before its parents are
        // read (the run cannot hold it `off` too: it would have ended)
        if cell_two
            && !run.has(
                c * n + (self.grid[c] & !(1 << d)).trailing_zeros() as usize,
                true,
            )
        {
            let e = (self.grid[c] & !(1 << d)).trailing_zeros() as usize;
            self.ps.clear();
            self.ps.push(i);
            if cfg.dynamic {
                for x in bits(self.orig[c] & !self.grid[c]) {
                    self.ps.push(run.ev[c * n + x][0]);
                }
            }
            if derive_on(run, &mut self.pend_on, &self.ps, c * n + e, Cause::Cell) {
                return true;
            }
        }
        for (&h, &at) in topo.se_houses_of[c].iter().zip(&topo.se_pos_of[c]) {
            let h = h as usize;
            let here = self.places[h * n + d];
            if !two(here) {
                continue;
            }
            // the last other place
            let rest = here & !(1 << at);
            if rest == 0 {
                continue;
            }
            let cells = &topo.houses[h];
            let other = cells[63 - rest.leading_zeros() as usize] as usize;
            if run.has(other * n + d, true) {
                continue;
            }
            self.ps.clear();
            self.ps.push(i);
            if cfg.dynamic {
                for x in bits(self.orig_places[h * n + d] & !here) {
                    let q = cells[x] as usize;
                    self.ps.push(run.ev[q * n + d][0]);
                }
            }
            let cause = Cause::House(h as u16);
            if derive_on(run, &mut self.pend_on, &self.ps, other * n + d, cause) {
                return true;
            }
        }
        // a variant's other full houses
        for &(h, at) in &topo.extra_of[c] {
            let h = h as usize;
            let here = self.places[h * n + d];
            if !two(here) {
                continue;
            }
            let rest = here & !(1 << at);
            if rest == 0 {
                continue;
            }
            let cells = topo.cells(h);
            let other = cells[63 - rest.leading_zeros() as usize] as usize;
            if run.has(other * n + d, true) {
                continue;
            }
            self.ps.clear();
            self.ps.push(i);
            if cfg.dynamic {
                for x in bits(self.orig_places[h * n + d] & !here) {
                    let q = cells[x] as usize;
                    self.ps.push(run.ev[q * n + d][0]);
                }
            }
            let cause = Cause::House(h as u16);
            if derive_on(run, &mut self.pend_on, &self.ps, other * n + d, cause) {
                return true;
            }
        }
        false
    }

    /// A dynamic run's `off(c, d)` leaves the board.
    #[inline(always)]
    fn take_off(&mut self, topo: &Topology, c: usize, d: usize, pot: usize) {
        let n = self.n;
        self.grid[c] &= !(1 << d);
        self.removed.push(pot as u32);
        for (&h, &at) in topo.cell_houses[c].iter().zip(&topo.cell_pos[c]) {
            self.places[h as usize * n + d] &= !(1 << at);
        }
        for &(h, at) in &topo.extra_of[c] {
            self.places[h as usize * n + d] &= !(1 << at);
        }
    }

    /// Adds `off` events for the eliminations of a rule inside the run (not yet recorded:
    /// [`Chainer::run`] records those that are new); returns their event indices.
    pub(crate) fn advanced_off(
        run: &mut Run,
        pot: usize,
        parents: &[u32],
        nested: Option<u32>,
    ) -> u32 {
        let nested = match nested {
            Some(c) => {
                run.nested.push(c);
                (run.nested.len() - 1) as u32
            }
            None => NONE,
        };
        run.push(pot, false, Cause::Advanced, parents, nested)
    }
}

/// Derives an `off` with parent `i` into `run`, queued on `pend_off` when it can derive
/// something (always in dynamic runs, where it is one side of a strong link in static
/// ones); `true` on a contradiction. (A free function so that the runs' loops can hold the
/// board and the queues apart.)
#[inline(always)]
fn make_off(
    run: &mut Run,
    pend_off: &mut Vec<u32>,
    strong_off: &[u64],
    pot: usize,
    i: u32,
    dynamic: bool,
) -> bool {
    let w = run.set[pot / 64];
    let bit = 1u64 << (pot % 64);
    if w[1] & bit != 0 {
        let on = run.ev[pot][1];
        let e = run.push(pot, false, Cause::Weak, &[i], NONE);
        run.contradiction = Some((on, e));
        return true;
    }
    if w[0] & bit == 0 {
        let e = run.add_off(pot, i);
        if dynamic || strong_off[pot / 64] & bit != 0 {
            pend_off.push(e);
        }
    }
    false
}

/// Derives `on(p)` with `parents` into `run`, queued on `pend_on`, unless the run has it
/// already; `true` on a contradiction (the run has `off(p)`).
#[inline(always)]
fn derive_on(
    run: &mut Run,
    pend_on: &mut Vec<u32>,
    parents: &[u32],
    p: usize,
    cause: Cause,
) -> bool {
    let w = run.set[p / 64];
    let bit = 1u64 << (p % 64);
    if w[0] & bit != 0 {
        let off = run.ev[p][0];
        let x = run.push(p, true, cause, parents, NONE);
        run.contradiction = Some((x, off));
        return true;
    }
    if w[1] & bit == 0 {
        let x = run.push(p, true, cause, parents, NONE);
        run.record(x);
        pend_on.push(x);
    }
    false
}

/// A hint of a level, before it becomes a step.
#[derive(Clone, Debug)]
pub(crate) struct Hint {
    pub complexity: usize,
    /// Sudoku Explainer's sort key: double 1, cell 5, region 6, contradiction 7.
    pub key: u8,
    pub kind: ChainKind,
    /// The target: the potential concluded (on: placed; off: removed).
    pub target: (usize, bool),
    /// The branches: (root potential, root on) of each.
    pub branches: Vec<(usize, bool)>,
    /// For regions: the house.
    pub house: Option<usize>,
}

/// The level's searches: every candidate's on and off runs kept.
pub(crate) struct Level {
    n: usize,
    /// `slot[2 * p + on]`: the index in `runs` of the potential's run, `NONE` until made.
    slot: Vec<u32>,
    /// The runs made on this board (the first `used`), and spare ones (PERF: a run stays
    /// where it is made, and a new level marks only the slots it used as empty).
    runs: Vec<Run>,
    used: usize,
    /// The slots set since the last reset.
    touched: Vec<u32>,
    /// Scratch: the potentials every branch of a group derived.
    common: Vec<[u64; 2]>,
}

impl Level {
    pub(crate) fn new(n: usize) -> Level {
        let npot = n * n * n;
        Level {
            n,
            slot: vec![NONE; 2 * npot],
            runs: Vec::new(),
            used: 0,
            touched: Vec::new(),
            common: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for &t in &self.touched {
            self.slot[t as usize] = NONE;
        }
        self.touched.clear();
        self.used = 0;
    }

    /// The run of `pot` (`on` or off), if made.
    fn run(&self, pot: usize, on: bool) -> Option<&Run> {
        match self.slot[2 * pot + on as usize] {
            NONE => None,
            i => Some(&self.runs[i as usize]),
        }
    }

    /// The run of `pot` (`on` or off), if made.
    fn run_mut(&mut self, pot: usize, on: bool) -> Option<&mut Run> {
        match self.slot[2 * pot + on as usize] {
            NONE => None,
            i => Some(&mut self.runs[i as usize]),
        }
    }

    /// The `on` and the `off` runs of `pot`, both made.
    fn both_mut(&mut self, pot: usize) -> (&mut Run, &mut Run) {
        let (a, b) = (self.slot[2 * pot + 1] as usize, self.slot[2 * pot] as usize);
        assert!(a != b && a < self.used && b < self.used, "both runs made");
        if a < b {
            let (x, y) = self.runs.split_at_mut(b);
            (&mut x[a], &mut y[0])
        } else {
            let (x, y) = self.runs.split_at_mut(a);
            (&mut y[0], &mut x[b])
        }
    }

    /// The run of `pot` (`on` or off), made when first asked.
    #[allow(clippy::too_many_arguments)]
    fn get(
        &mut self,
        ch: &mut Chainer,
        topo: &Topology,
        cand: &[u64],
        pot: usize,
        on: bool,
        cfg: Config,
    ) -> &mut Run {
        let s = 2 * pot + on as usize;
        if self.slot[s] == NONE {
            if self.used == self.runs.len() {
                self.runs.push(Run::new(self.n));
            }
            let i = self.used;
            self.used += 1;
            ch.run(topo, cand, pot, on, cfg, &mut self.runs[i]);
            self.slot[s] = i as u32;
            self.touched.push(s as u32);
        }
        let i = self.slot[s] as usize;
        &mut self.runs[i]
    }
}

/// Which kinds of hints a level looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kinds {
    pub contradiction: bool,
    pub double: bool,
    pub cell: bool,
    pub region: bool,
}

impl Kinds {
    pub(crate) const ALL: Kinds = Kinds {
        contradiction: true,
        double: true,
        cell: true,
        region: true,
    };
}

/// Which searches a level makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Nishio: contradictions of single-digit dynamic runs.
    Nishio,
    /// Static cell and region forcing chains.
    Multiple,
    /// Dynamic (with `level` inside): contradictions, doubles, cells, regions.
    Dynamic,
}

/// Every hint of a level on `cand`, in Sudoku Explainer's order, with complexities; `best`
/// only: stops keeping hints that cannot be the smallest (all are kept otherwise, for the
/// nested levels' inner rules).
#[allow(clippy::too_many_arguments)]
pub(crate) fn hints(
    ch: &mut Chainer,
    lv: &mut Level,
    topo: &Topology,
    cand: &[u64],
    kind: Kind,
    cfg: Config,
    kinds: Kinds,
    best_only: bool,
) -> Vec<Hint> {
    let n = topo.n;
    lv.reset();
    let mut out: Vec<Hint> = Vec::new();
    let dynamic = kind != Kind::Multiple;
    let nishio = kind == Kind::Nishio;
    let multiple = kind != Kind::Nishio;
    let better = |out: &Vec<Hint>, c: usize, key: u8| {
        !best_only
            || out
                .last()
                .is_none_or(|b: &Hint| (c, key) < (b.complexity, b.key))
    };
    // On a classic board, Nishio's runs and the dynamic `off` runs first as sets (below)
    let off_sets = kind == Kind::Dynamic && cfg == Config::dynamic(0);
    let masks = if (nishio && cfg == Config::NISHIO) || off_sets {
        sets::Masks::of(topo)
    } else {
        None
    };
    let mut closure = sets::Closure::new(n, topo.ncells);
    let places: Vec<u128> = match &masks {
        Some(m) => (0..n).map(|d| m.places(cand, d)).collect(),
        None => Vec::new(),
    };
    // PERF: each digit's places in the houses holding two or more, made once for the
    // level (the only houses a Nishio run's fixpoint reads)
    let house_places: Vec<Vec<u128>> = match (&masks, nishio) {
        (Some(m), true) => places.iter().map(|&pl| m.house_places(pl)).collect(),
        _ => Vec::new(),
    };
    let mut branches: Vec<usize> = Vec::with_capacity(n);
    for c in 0..topo.ncells {
        let m = cand[c];
        let card = m.count_ones();
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        for d in bits(m) {
            let p = c * n + d;
            if let (Some(ms), true) = (&masks, nishio) {
                let hps = &house_places[d];
                if !ms.nishio_contradicts_in(hps, places[d], c, true)
                    && !ms.nishio_contradicts_in(hps, places[d], c, false)
                {
                    // neither run meets a contradiction: nothing to find from `p`
                    continue;
                }
            }
            let do_double = card >= 3 && !nishio && dynamic && kinds.double;
            let do_contra = (dynamic || nishio) && kinds.contradiction;
            // the on and the off runs
            lv.get(ch, topo, cand, p, true, cfg);
            // The `off` run gives a hint only by a contradiction or, from a cell of three
            // candidates or more, a potential the `on` run derived too (a double chain):
            // when its fixpoint, as sets, has neither, the run is not made.
            let need_off = match (&masks, off_sets) {
                (Some(ms), true) if do_double || do_contra => {
                    ms.dynamic_contradicts(cand, &places, (c, d, false), &mut closure)
                        || (do_double && {
                            let onr = lv.run(p, true).expect("run");
                            shares(&closure, onr, cand, n)
                        })
                }
                _ => do_double || do_contra,
            };
            if need_off {
                lv.get(ch, topo, cand, p, false, cfg);
            }
            if ch.expired {
                return Vec::new();
            }
            if do_contra {
                for on in [true, false] {
                    let run = match (on, need_off) {
                        (true, _) => lv.run_mut(p, true).expect("run"),
                        (false, true) => lv.run_mut(p, false).expect("run"),
                        (false, false) => continue,
                    };
                    if let Some((a, b)) = run.contradiction {
                        run.seen_nested.clear();
                        let x = run.ancestors(a);
                        let y = run.ancestors(b);
                        let cx = x.0 + y.0 + (x.1 + y.1) as usize;
                        let worth = on || m & !(1 << d) != 0;
                        if worth && better(&out, cx, 7) {
                            out.push(Hint {
                                complexity: cx,
                                key: 7,
                                kind: ChainKind::Contradiction,
                                target: (p, !on),
                                branches: vec![(p, on)],
                                house: None,
                            });
                        }
                    }
                }
            }
            if do_double && need_off {
                let (onr, offr) = lv.both_mut(p);
                for polarity in [true, false] {
                    let pol = polarity as usize;
                    if onr
                        .set
                        .iter()
                        .zip(&offr.set)
                        .all(|(a, b)| a[pol] & b[pol] == 0)
                    {
                        continue;
                    }
                    for i in 0..onr.events.len() {
                        let ev = onr.events[i];
                        if ev.on != polarity
                            || onr.event(ev.pot as usize, polarity) != Some(i as u32)
                        {
                            continue;
                        }
                        let Some(j) = offr.event(ev.pot as usize, polarity) else {
                            continue;
                        };
                        let q = ev.pot as usize;
                        if polarity && !several(cand[q / n]) {
                            continue;
                        }
                        onr.seen_nested.clear();
                        offr.seen_nested.clear();
                        let x = onr.ancestors(i as u32);
                        let y = offr.ancestors(j);
                        let cx = x.0 + y.0 + (x.1 + y.1) as usize;
                        if better(&out, cx, 1) {
                            out.push(Hint {
                                complexity: cx,
                                key: 1,
                                kind: ChainKind::Double,
                                target: (q, polarity),
                                branches: vec![(p, true), (p, false)],
                                house: None,
                            });
                        }
                    }
                }
            }
            if !nishio && kinds.region {
                // region chains, from the first place of the digit in each house
                let extra = topo.extra_of[c].iter().map(|x| x.0);
                for h in topo.se_houses_of[c].iter().copied().chain(extra) {
                    let h = h as usize;
                    // PERF: one buffer for every house's branches (no allocation per house)
                    branches.clear();
                    branches.extend(
                        topo.cells(h)
                            .iter()
                            .map(|&k| k as usize)
                            .filter(|&k| cand[k] >> d & 1 != 0)
                            .map(|k| k * n + d),
                    );
                    let count = branches.len();
                    if !(count == 2 || (multiple && count > 2)) || branches[0] != c * n + d {
                        continue;
                    }
                    group(
                        ch,
                        lv,
                        topo,
                        cand,
                        cfg,
                        &branches,
                        Some(h),
                        &mut out,
                        best_only,
                    );
                    if ch.expired {
                        return Vec::new();
                    }
                }
            }
        }
        if !nishio && kinds.cell && (card == 2 || (multiple && card > 2)) {
            branches.clear();
            branches.extend(bits(m).map(|d| c * n + d));
            group(
                ch, lv, topo, cand, cfg, &branches, None, &mut out, best_only,
            );
            if ch.expired {
                return Vec::new();
            }
        }
    }
    if best_only {
        // each hint kept beats the ones before it
        return out.pop().into_iter().collect();
    }
    out.sort_by_key(|h| (h.complexity, h.key));
    out
}

/// Whether a potential the sets hold (an `on` only in a cell of two candidates or more) was
/// derived by the run with the same polarity.
fn shares(sets: &sets::Closure, run: &Run, cand: &[u64], n: usize) -> bool {
    for d in 0..n {
        for (on, plane) in [(true, sets.ons[d]), (false, sets.offs[d])] {
            let mut m = plane;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                if run.has(c * n + d, on) && (!on || several(cand[c])) {
                    return true;
                }
            }
        }
    }
    false
}

/// The conclusions every branch (an `on` run each) reaches: cell or region forcing chains.
#[allow(clippy::too_many_arguments)]
fn group(
    ch: &mut Chainer,
    lv: &mut Level,
    topo: &Topology,
    cand: &[u64],
    cfg: Config,
    branches: &[usize],
    house: Option<usize>,
    out: &mut Vec<Hint>,
    best_only: bool,
) {
    let n = topo.n;
    for &b in branches {
        lv.get(ch, topo, cand, b, true, cfg);
    }
    if ch.expired {
        return;
    }
    let (key, kind) = match house {
        None => (5, ChainKind::Cell),
        Some(_) => (6, ChainKind::Region),
    };
    // the first branch's potentials, in its order, found in every other branch
    let mut common = std::mem::take(&mut lv.common);
    let first = lv.run(branches[0], true).expect("run");
    // what every branch derived, as one set (most groups have nothing in common)
    common.clear();
    common.extend_from_slice(&first.set);
    for &b in &branches[1..] {
        let set = &lv.run(b, true).expect("run").set;
        common.iter_mut().zip(set).for_each(|(w, s)| {
            w[0] &= s[0];
            w[1] &= s[1];
        });
    }
    let mut targets: Vec<(usize, bool)> = Vec::new();
    for polarity in [true, false] {
        let pol = polarity as usize;
        if common.iter().all(|w| w[pol] == 0) {
            continue;
        }
        for (i, ev) in first.events.iter().enumerate() {
            if ev.on != polarity || first.event(ev.pot as usize, polarity) != Some(i as u32) {
                continue;
            }
            let q = ev.pot as usize;
            if common[q / 64][pol] >> (q % 64) & 1 != 0 {
                targets.push((q, polarity));
            }
        }
    }
    lv.common = common;
    if targets.is_empty() {
        return;
    }
    let debug = std::env::var_os("DLX_DEBUG").is_some();
    for (q, polarity) in targets {
        if branches.contains(&q) {
            continue;
        }
        if polarity && !several(cand[q / n]) {
            continue; // nothing to remove
        }
        // PERF: keeping only the best, a target whose complexity cannot beat it is not
        // counted to the end: each branch adds two or more (the target is not the
        // branch's root, an ancestor of everything the branch derives)
        let best = match out.last() {
            Some(b) if best_only && !debug => Some((b.complexity, b.key)),
            _ => None,
        };
        let mut cx = 0usize;
        let mut hopeless = false;
        for (k, &b) in branches.iter().enumerate() {
            if best.is_some_and(|best| (cx + 2 * (branches.len() - k), key) >= best) {
                hopeless = true;
                break;
            }
            let run = lv.run_mut(b, true).expect("run");
            let e = run.event(q, polarity).expect("found in every branch");
            run.seen_nested.clear();
            let (a, nest) = run.ancestors(e);
            cx += a + nest as usize;
        }
        if hopeless {
            continue;
        }
        if debug {
            let rc = |p: usize| format!("r{}c{}={}", p / n / n + 1, p / n % n + 1, p % n + 1);
            let br: Vec<String> = branches.iter().map(|&b| rc(b)).collect();
            eprintln!(
                "group {:?} [{}] target {}{} cx {}",
                kind,
                br.join(" "),
                rc(q),
                if polarity { "" } else { " off" },
                cx
            );
        }
        let better = !best_only || out.last().is_none_or(|b| (cx, key) < (b.complexity, b.key));
        if better {
            out.push(Hint {
                complexity: cx,
                key,
                kind,
                target: (q, polarity),
                branches: branches.iter().map(|&b| (b, true)).collect(),
                house,
            });
        }
    }
}

/// The rating of a hint at a level's base.
pub(crate) fn tenths(base: u16, complexity: usize) -> u16 {
    base + length_increment(complexity.saturating_sub(2))
}

/// The step of a hint (its runs made again for the text and links).
pub(crate) fn step(
    ch: &mut Chainer,
    topo: &Topology,
    cand: &[u64],
    cfg: Config,
    technique: Technique,
    base: u16,
    h: &Hint,
) -> Step {
    let n = topo.n;
    let mut run = Run::new(n);
    let tc = run.cand_of(h.target.0 as u32);
    let (placements, eliminations) = if h.target.1 {
        (vec![tc], vec![])
    } else {
        (vec![], vec![tc])
    };
    let mut links = Vec::new();
    let mut parts = Vec::new();
    let mut cands = Vec::new();
    for &(p, on) in &h.branches {
        ch.run(topo, cand, p, on, cfg, &mut run);
        let root = run.cand_of(p as u32);
        cands.push(root);
        match (h.kind, run.contradiction) {
            (ChainKind::Contradiction, Some((a, b))) => {
                let t = run.cand_of(run.events[a as usize].pot);
                run.links(a, 100, &mut links);
                run.links(b, 100, &mut links);
                parts.push(format!(
                    "if {}, then r{}c{} would be both {} and not {} ({} and {})",
                    root.assumed(on),
                    t.row + 1,
                    t.col + 1,
                    t.digit,
                    t.digit,
                    run.path_text(a),
                    run.path_text(b)
                ));
            }
            (_, _) => {
                if let Some(e) = run.event(h.target.0, h.target.1) {
                    run.links(e, 100, &mut links);
                    parts.push(run.path_text(e));
                } else {
                    parts.push(format!("{} is impossible", root.assumed(on)));
                }
            }
        }
    }
    let conclusion = tc.stated(h.target.1);
    let step_name = crate::step::Step {
        technique,
        rating: 0.0,
        chain: Some(h.kind),
        placements: vec![],
        eliminations: vec![],
        pattern: Pattern::default(),
        text: String::new(),
    }
    .name();
    let text = match h.kind {
        ChainKind::Contradiction => format!("{step_name}: {}, so {conclusion}", parts.join("; ")),
        _ => {
            let first = cands[0];
            let what = match h.kind {
                ChainKind::Cell => {
                    format!("every candidate of r{}c{}", first.row + 1, first.col + 1)
                }
                ChainKind::Region => format!(
                    "every place of {} in {}",
                    first.digit,
                    h.house
                        .map(|x| topo.house(x).to_string())
                        .unwrap_or_default()
                ),
                _ => format!(
                    "r{}c{} being {} or not",
                    first.row + 1,
                    first.col + 1,
                    first.digit
                ),
            };
            format!(
                "{step_name}: {what} leads to the same conclusion ({}), so {conclusion}",
                parts.join("; ")
            )
        }
    };
    let elim_text = if eliminations.is_empty() {
        String::new()
    } else {
        format!(": {}", fmt_elims(&eliminations))
    };
    let mut cells: Vec<(usize, usize)> = Vec::new();
    for c in &cands {
        if !cells.contains(&(c.row, c.col)) {
            cells.push((c.row, c.col));
        }
    }
    cands.push(tc);
    Step {
        technique,
        rating: f64::from(tenths(base, h.complexity)) / 10.0,
        chain: Some(h.kind),
        placements,
        eliminations,
        pattern: Pattern {
            cells,
            houses: h
                .house
                .map(|x| vec![topo.house(x).into()])
                .unwrap_or_default(),
            digits: vec![tc.digit],
            candidates: cands,
            links,
            areas: Vec::new(),
        },
        text: text + &elim_text,
    }
}

/// The candidates a hint removes, as potentials: the target's, or the other candidates of
/// the target's cell when it places it.
pub(crate) fn removals(topo: &Topology, grid: &[u64], h: &Hint) -> Vec<usize> {
    let n = topo.n;
    let (q, on) = h.target;
    if on {
        let c = q / n;
        bits(grid[c] & !(1 << (q % n))).map(|e| c * n + e).collect()
    } else {
        vec![q]
    }
}

/// The `off` potentials of the outer run a hint found on `grid` depends on (Sudoku
/// Explainer's rule parents): the candidates of `orig` gone from `grid` in the cells and
/// houses where the hint's chains used a last candidate or a last place.
pub(crate) fn rule_parents(
    lv: &mut Level,
    topo: &Topology,
    grid: &[u64],
    orig: &[u64],
    h: &Hint,
) -> Vec<usize> {
    let n = topo.n;
    let mut out: Vec<usize> = Vec::new();
    // (run, target event) pairs
    let mut targets: Vec<(usize, bool, u32)> = Vec::new();
    match h.kind {
        ChainKind::Contradiction => {
            let (p, on) = h.branches[0];
            if let Some(run) = run_of(lv, p, on) {
                if let Some((a, b)) = run.contradiction {
                    targets.push((p, on, a));
                    targets.push((p, on, b));
                }
            }
        }
        _ => {
            for &(p, on) in &h.branches {
                if let Some(run) = run_of(lv, p, on) {
                    if let Some(e) = run.event(h.target.0, h.target.1) {
                        targets.push((p, on, e));
                    }
                }
            }
        }
    }
    for (p, on, e) in targets {
        let Some(run) = run_of(lv, p, on) else {
            continue;
        };
        run.ancestors(e);
        for x in 0..run.events.len().min(run.mark.len()) {
            if run.mark[x] != run.stamp {
                continue;
            }
            let ev = run.events[x];
            if !ev.on {
                continue;
            }
            let cause = match (ev.cause, h.kind) {
                (Cause::Root, ChainKind::Cell) => Cause::Cell,
                (Cause::Root, ChainKind::Region) => Cause::House(h.house.unwrap_or(0) as u16),
                (c, _) => c,
            };
            let (c, d) = (ev.pot as usize / n, ev.pot as usize % n);
            match cause {
                Cause::Cell => {
                    for x in bits(orig[c] & !grid[c]) {
                        if !out.contains(&(c * n + x)) {
                            out.push(c * n + x);
                        }
                    }
                }
                Cause::House(hh) => {
                    for &k in topo.cells(hh as usize) {
                        let k = k as usize;
                        if orig[k] >> d & 1 != 0
                            && grid[k] >> d & 1 == 0
                            && !out.contains(&(k * n + d))
                        {
                            out.push(k * n + d);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn run_of(lv: &mut Level, p: usize, on: bool) -> Option<&mut Run> {
    lv.run_mut(p, on)
}

/// What a dynamic run looks for inside itself at each fixpoint (Sudoku Explainer's "advanced
/// potentials"): a module of this file, not a sibling, because the runs and the rules inside
/// them call each other.
///
/// potentials"): on the board as the run has changed it, the eliminations of a rule that the
/// run made possible, each with the run's `off`s that made it possible as parents.
///
/// The rules, tried in order until one gives something: pointing and claiming, hidden pairs,
/// naked pairs, X-wings (level 1 and up); then static forcing chains and cycles (level 2),
/// static cell and region forcing chains (level 3), or dynamic forcing chains of a lower
/// level (level 4 and up: 4 has dynamic forcing chains inside, 5 those of level 2, Sudoku
/// Explainer 1.2.1's last level). A nested chain adds its own complexity to the chains that
/// use it, once.
mod nested {

    use super::{self as dynamic, Chainer, Config, Kind, Run, several, two};
    use crate::basic::bits;
    use crate::board::Topology;

    /// Scratch space for the rules inside a run.
    pub(crate) struct Inside {
        chainer: Chainer,
        level: dynamic::Level,
        cycles: crate::cycles::Scratch,
    }

    impl Inside {
        fn new(n: usize) -> Inside {
            Inside {
                chainer: Chainer::new(n),
                level: dynamic::Level::new(n),
                cycles: crate::cycles::Scratch::new(n),
            }
        }
    }

    /// An elimination of a rule inside: the potential and its parents (`off` potentials of the
    /// outer run), with the nested chain's complexity if a chain found it.
    struct Found {
        pot: usize,
        parents: Vec<usize>,
        nested: Option<u32>,
    }

    /// The eliminations the first rule that has any gives on the run's board now, as new
    /// `off` events of `run` (not yet recorded); their indices.
    pub(crate) fn advanced(
        ch: &mut Chainer,
        topo: &Topology,
        cfg: Config,
        run: &mut Run,
    ) -> Vec<(u32, ())> {
        let n = topo.n;
        let mut found: Vec<Found> = Vec::new();
        let pos = places(topo, &ch.grid);
        for rule in 0..5 {
            let (grid, orig) = (&ch.grid[..], &ch.orig[..]);
            match rule {
                0 => locking(topo, grid, orig, &pos, &mut found),
                1 => hidden_pairs(topo, grid, orig, &pos, &mut found),
                2 => naked_pairs(topo, grid, orig, &mut found),
                3 => x_wings(topo, grid, orig, &pos, &mut found),
                _ => {
                    if cfg.level >= 2 {
                        let (grid, orig) = (ch.grid.clone(), ch.orig.clone());
                        chains_inside(ch, topo, &grid, &orig, cfg.level, &mut found);
                    }
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        let mut out = Vec::with_capacity(found.len());
        for f in found {
            let parents: Vec<u32> = f
                .parents
                .iter()
                .filter_map(|&p| run.event(p, false))
                .collect();
            if parents.len() != f.parents.len() {
                continue;
            }
            let e = Chainer::advanced_off(run, f.pot, &parents, f.nested);
            out.push((e, ()));
        }
        let _ = n;
        out
    }

    /// Whether cell `k` held `d` when the run started but not now.
    #[inline]
    fn removed(grid: &[u64], orig: &[u64], k: usize, d: usize) -> bool {
        orig[k] >> d & 1 != 0 && grid[k] >> d & 1 == 0
    }

    /// Pointing and claiming, in Sudoku Explainer's order: box to column, box to row, column to
    /// box, row to box, each pair of crossing houses in index order, then the digits.
    fn locking(topo: &Topology, grid: &[u64], orig: &[u64], pos: &[u64], out: &mut Vec<Found>) {
        let n = topo.n;
        // kinds as indices into cell_houses: 0 row, 1 column, 2 box
        let mut inter = vec![0u64; n];
        for (k1, k2) in [(2usize, 1usize), (2, 0), (1, 2), (0, 2)] {
            for i1 in 0..n {
                let r1 = k1_house(topo, k1, i1);
                // the places of r1 in each house of kind k2
                inter.iter_mut().for_each(|m| *m = 0);
                for (i, &k) in topo.houses[r1].iter().enumerate() {
                    inter[topo.cell_houses[k as usize][k2] as usize - k2 * n] |= 1 << i;
                }
                for (i2, &within) in inter.iter().enumerate() {
                    let r2 = k1_house(topo, k2, i2);
                    if within == 0 {
                        continue;
                    }
                    for d in 0..n {
                        let at = pos[r1 * n + d];
                        if !several(at) || at & !within != 0 {
                            continue;
                        }
                        let in1 = |k: usize| topo.cell_houses[k][k1] as usize == r1;
                        let victims: Vec<usize> = topo.houses[r2]
                            .iter()
                            .map(|&k| k as usize)
                            .filter(|&k| !in1(k) && grid[k] >> d & 1 != 0)
                            .collect();
                        if victims.is_empty() {
                            continue;
                        }
                        let parents: Vec<usize> = topo.houses[r1]
                            .iter()
                            .map(|&k| k as usize)
                            .filter(|&k| {
                                removed(grid, orig, k, d) && topo.cell_houses[k][k2] as usize != r2
                            })
                            .map(|k| k * n + d)
                            .collect();
                        if parents.is_empty() {
                            continue;
                        }
                        for k in victims {
                            out.push(Found {
                                pot: k * n + d,
                                parents: parents.clone(),
                                nested: None,
                            });
                        }
                    }
                }
            }
        }
    }

    /// `places(..)[h * N + d]`: the places (indices in the house) of digit `d` in house `h`.
    fn places(topo: &Topology, grid: &[u64]) -> Vec<u64> {
        let n = topo.n;
        let mut pos = vec![0u64; 3 * n * n];
        for (h, cells) in topo.houses.iter().enumerate() {
            for (i, &k) in cells.iter().enumerate() {
                for d in bits(grid[k as usize]) {
                    pos[h * n + d] |= 1 << i;
                }
            }
        }
        pos
    }

    /// The house of kind `kind` (0 row, 1 column, 2 box) and index `i`.
    fn k1_house(topo: &Topology, kind: usize, i: usize) -> usize {
        kind * topo.n + i
    }

    /// Houses in Sudoku Explainer's order for subsets: boxes, columns, rows.
    fn subset_houses(n: usize) -> impl Iterator<Item = usize> {
        (2 * n..3 * n).chain(n..2 * n).chain(0..n)
    }

    fn empties(topo: &Topology, grid: &[u64], h: usize) -> usize {
        // cells without a value: in a run no value is set, a cell with candidates is empty
        topo.houses[h]
            .iter()
            .filter(|&&k| grid[k as usize] != 0)
            .count()
    }

    fn hidden_pairs(
        topo: &Topology,
        grid: &[u64],
        orig: &[u64],
        places: &[u64],
        out: &mut Vec<Found>,
    ) {
        let n = topo.n;
        for h in subset_houses(n) {
            if empties(topo, orig, h) <= 4 {
                continue;
            }
            let house = &topo.houses[h];
            let pos = &places[h * n..h * n + n];
            for (a, b) in colex_pairs(n) {
                let (pa, pb) = (pos[a], pos[b]);
                if !several(pa) || !several(pb) || !two(pa | pb) {
                    continue;
                }
                let set = pa | pb;
                let values = 1u64 << a | 1 << b;
                let mut victims = Vec::new();
                for i in bits(set) {
                    let k = house[i] as usize;
                    for d in bits(grid[k] & !values) {
                        victims.push(k * n + d);
                    }
                }
                if victims.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for (i, &k) in house.iter().enumerate() {
                    if set >> i & 1 != 0 {
                        continue;
                    }
                    for d in [a, b] {
                        if orig[k as usize] >> d & 1 != 0 {
                            parents.push(k as usize * n + d);
                        }
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for v in victims {
                    out.push(Found {
                        pot: v,
                        parents: parents.clone(),
                        nested: None,
                    });
                }
            }
        }
    }

    fn naked_pairs(topo: &Topology, grid: &[u64], orig: &[u64], out: &mut Vec<Found>) {
        let n = topo.n;
        for h in subset_houses(n) {
            if empties(topo, orig, h) < 4 {
                continue;
            }
            let house = &topo.houses[h];
            for (i, j) in colex_pairs(n) {
                let (a, b) = (house[i] as usize, house[j] as usize);
                let (ma, mb) = (grid[a], grid[b]);
                if !several(ma) || !several(mb) || !two(ma | mb) {
                    continue;
                }
                let values = ma | mb;
                let mut victims = Vec::new();
                for &k in house {
                    let k = k as usize;
                    if k == a || k == b {
                        continue;
                    }
                    for d in bits(grid[k] & values) {
                        victims.push(k * n + d);
                    }
                }
                if victims.is_empty() {
                    continue;
                }
                let mut parents = Vec::new();
                for k in [a, b] {
                    for d in bits(orig[k] & !values) {
                        parents.push(k * n + d);
                    }
                }
                if parents.is_empty() {
                    continue;
                }
                for v in victims {
                    out.push(Found {
                        pot: v,
                        parents: parents.clone(),
                        nested: None,
                    });
                }
            }
        }
    }

    fn x_wings(topo: &Topology, grid: &[u64], orig: &[u64], places: &[u64], out: &mut Vec<Found>) {
        let n = topo.n;
        // Sudoku Explainer: the digit placed n - 4 times at most (a row without the digit
        // among its candidates holds it)
        let wanted: Vec<bool> = (0..n)
            .map(|d| {
                let placed = (0..n)
                    .filter(|&r| {
                        !topo.houses[r]
                            .iter()
                            .any(|&k| orig[k as usize] >> d & 1 != 0)
                    })
                    .count();
                placed + 4 <= n
            })
            .collect();
        // columns as base first, then rows
        for base_kind in [1usize, 0] {
            let cover_kind = 1 - base_kind;
            for (l1, l2) in colex_pairs(n) {
                for d in 0..n {
                    if !wanted[d] {
                        continue;
                    }
                    let lines = [base_kind * n + l1, base_kind * n + l2];
                    let pos = [places[lines[0] * n + d], places[lines[1] * n + d]];
                    if !several(pos[0]) || !several(pos[1]) {
                        continue;
                    }
                    let covers = pos[0] | pos[1];
                    if !two(covers) {
                        continue;
                    }
                    let mut victims = Vec::new();
                    for c in bits(covers) {
                        let h = cover_kind * n + c;
                        for &k in &topo.houses[h] {
                            let k = k as usize;
                            if lines.contains(&(topo.cell_houses[k][base_kind] as usize)) {
                                continue;
                            }
                            if grid[k] >> d & 1 != 0 {
                                victims.push(k * n + d);
                            }
                        }
                    }
                    if victims.is_empty() {
                        continue;
                    }
                    let mut parents = Vec::new();
                    for &h in &lines {
                        for (i, &k) in topo.houses[h].iter().enumerate() {
                            let k = k as usize;
                            if covers >> i & 1 == 0 && removed(grid, orig, k, d) {
                                parents.push(k * n + d);
                            }
                        }
                    }
                    if parents.is_empty() {
                        continue;
                    }
                    for v in victims {
                        out.push(Found {
                            pot: v,
                            parents: parents.clone(),
                            nested: None,
                        });
                    }
                }
            }
        }
    }

    /// Pairs `(i, j)`, `i < j < n`, in Sudoku Explainer's order (by the highest, then the lowest).
    fn colex_pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
        (1..n).flat_map(|j| (0..j).map(move |i| (i, j)))
    }

    /// Chains inside (levels 2 and up): all the hints of the chain search below, with their
    /// rule parents and complexities.
    fn chains_inside(
        ch: &mut Chainer,
        topo: &Topology,
        grid: &[u64],
        orig: &[u64],
        level: u8,
        out: &mut Vec<Found>,
    ) {
        let n = topo.n;
        let inside = ch.inside.get_or_insert_with(|| Box::new(Inside::new(n)));
        inside.chainer.deadline = ch.deadline;
        match level {
            2 => {
                let hints = crate::cycles::all_hints(topo, grid, &mut inside.cycles);
                for h in hints {
                    let parents = crate::cycles::rule_parents(topo, grid, orig, &h);
                    if parents.is_empty() {
                        continue;
                    }
                    for &pot in &h.removals {
                        out.push(Found {
                            pot,
                            parents: parents.clone(),
                            nested: Some(h.complexity as u32),
                        });
                    }
                }
            }
            _ => {
                let (kind, cfg) = match level {
                    3 => (Kind::Multiple, Config::STATIC),
                    4 => (Kind::Dynamic, Config::dynamic(0)),
                    _ => (Kind::Dynamic, Config::dynamic(level - 3)),
                };
                let hints = dynamic::hints(
                    &mut inside.chainer,
                    &mut inside.level,
                    topo,
                    grid,
                    kind,
                    cfg,
                    dynamic::Kinds::ALL,
                    false,
                );
                if inside.chainer.expired {
                    ch.expired = true;
                    return;
                }
                for h in hints {
                    let parents = dynamic::rule_parents(&mut inside.level, topo, grid, orig, &h);
                    if parents.is_empty() {
                        continue;
                    }
                    for pot in dynamic::removals(topo, grid, &h) {
                        out.push(Found {
                            pot,
                            parents: parents.clone(),
                            nested: Some(h.complexity as u32),
                        });
                    }
                }
            }
        }
        let _ = bits(0);
    }
}

/// Set-only prechecks on a classic board (at most 128 cells, no variant houses or rules):
/// what a run would derive, as sets, without its events, to skip the runs that cannot give
/// a hint. Each check is exact or a superset of what the runs find, so the hints (and their
/// order and complexities, made by the runs as before) are unchanged.
mod sets {
    use crate::basic::bits;
    use crate::board::Topology;

    /// What a dynamic run without rules inside derived, as sets: `ons[d]` and `offs[d]`,
    /// the cells where digit `d` is on and off, and each cell's digits off.
    pub(crate) struct Closure {
        pub(crate) ons: Vec<u128>,
        pub(crate) offs: Vec<u128>,
        cell_off: Vec<u64>,
        todo: Vec<(u8, u8, bool)>,
    }

    impl Closure {
        pub(crate) fn new(n: usize, ncells: usize) -> Closure {
            Closure {
                ons: vec![0; n],
                offs: vec![0; n],
                cell_off: vec![0; ncells],
                todo: Vec::new(),
            }
        }
    }

    /// The cells of every house and the peers of every cell, as bitsets over cells.
    pub(crate) struct Masks {
        houses: Vec<u128>,
        peers: Vec<u128>,
        cell_houses: Vec<[u16; 3]>,
    }

    impl Closure {
        /// Sets `d` on in cell `c`; `true` on a contradiction.
        #[inline]
        fn set_on(&mut self, c: usize, d: usize) -> bool {
            if self.offs[d] >> c & 1 != 0 {
                return true;
            }
            if self.ons[d] >> c & 1 == 0 {
                self.ons[d] |= 1 << c;
                self.todo.push((c as u8, d as u8, true));
            }
            false
        }

        /// Sets `d` off in cell `c`; `true` on a contradiction.
        #[inline]
        fn set_off(&mut self, c: usize, d: usize) -> bool {
            if self.ons[d] >> c & 1 != 0 {
                return true;
            }
            if self.offs[d] >> c & 1 == 0 {
                self.offs[d] |= 1 << c;
                self.cell_off[c] |= 1 << d;
                self.todo.push((c as u8, d as u8, false));
            }
            false
        }
    }

    /// The set bits of a 128-bit mask, lowest first ([`bits`] on each half).
    fn bits128(m: u128) -> impl Iterator<Item = usize> {
        bits(m as u64).chain(bits((m >> 64) as u64).map(|i| i + 64))
    }

    /// Whether `x` has two bits set or more.
    #[inline]
    fn several(x: u128) -> bool {
        x & x.wrapping_sub(1) != 0
    }

    /// Whether `x` has exactly one bit set.
    #[inline]
    fn one(x: u64) -> bool {
        x != 0 && x & (x - 1) == 0
    }

    impl Masks {
        /// Whether the dynamic run without rules inside (links in cells and houses, level 0)
        /// from `d` in cell `c` said on or off, on the candidates `cand` whose places of each
        /// digit are `places`, ends in a contradiction; what it derives (the whole fixpoint
        /// when it does not) is left in `out`. Exact, as for Nishio
        /// ([`Masks::nishio_contradicts_in`]): a cell whose every candidate is off meets one
        /// too (the last two `off`s there turn the other on).
        pub(crate) fn dynamic_contradicts(
            &self,
            cand: &[u64],
            places: &[u128],
            (c, d, on): (usize, usize, bool),
            out: &mut Closure,
        ) -> bool {
            out.ons.iter_mut().for_each(|m| *m = 0);
            out.offs.iter_mut().for_each(|m| *m = 0);
            out.cell_off.iter_mut().for_each(|m| *m = 0);
            out.todo.clear();
            if on {
                out.ons[d] |= 1 << c;
            } else {
                out.offs[d] |= 1 << c;
                out.cell_off[c] |= 1 << d;
            }
            out.todo.push((c as u8, d as u8, on));
            while let Some((c, d, on)) = out.todo.pop() {
                let (c, d) = (c as usize, d as usize);
                if on {
                    for e in bits(cand[c] & !(1 << d)) {
                        if out.set_off(c, e) {
                            return true;
                        }
                    }
                    for q in bits128(self.peers[c] & places[d]) {
                        if out.set_off(q, d) {
                            return true;
                        }
                    }
                } else {
                    if several(u128::from(cand[c])) {
                        let rest = cand[c] & !out.cell_off[c];
                        if rest == 0 {
                            return true;
                        }
                        if one(rest) && out.set_on(c, rest.trailing_zeros() as usize) {
                            return true;
                        }
                    }
                    for &h in &self.cell_houses[c] {
                        let hp = self.houses[h as usize] & places[d];
                        if !several(hp) {
                            continue;
                        }
                        let rest = hp & !out.offs[d];
                        if rest == 0 {
                            return true;
                        }
                        if !several(rest) && out.set_on(rest.trailing_zeros() as usize, d) {
                            return true;
                        }
                    }
                }
            }
            false
        }

        /// The masks of a classic board; `None` for a variant's (its runs read more than
        /// the houses) or a grid of more than 128 cells.
        pub(crate) fn of(topo: &Topology) -> Option<Masks> {
            if topo.variant.is_some()
                || !topo.more.is_empty()
                || !topo.excludes.is_empty()
                || topo.ncells > 128
            {
                return None;
            }
            let houses: Vec<u128> = topo
                .houses
                .iter()
                .map(|h| h.iter().fold(0u128, |m, &k| m | 1 << k))
                .collect();
            let peers = (0..topo.ncells)
                .map(|c| {
                    topo.cell_houses[c]
                        .iter()
                        .fold(0u128, |m, &h| m | houses[h as usize])
                        & !(1u128 << c)
                })
                .collect();
            Some(Masks {
                houses,
                peers,
                cell_houses: topo.cell_houses.clone(),
            })
        }

        /// The cells holding digit `d` in `cand`.
        pub(crate) fn places(&self, cand: &[u64], d: usize) -> u128 {
            cand.iter()
                .enumerate()
                .filter(|(_, m)| *m >> d & 1 != 0)
                .fold(0u128, |m, (c, _)| m | 1 << c)
        }

        /// Whether the Nishio run (one digit, dynamic, no links inside cells) from `d` in
        /// cell `c` said on or off, whose digit's places are `pl`, ends in a contradiction.
        /// Exact: the run derives the least fixpoint of its rules (every rule is monotone:
        /// the board only loses candidates), whatever the order, unless a contradiction
        /// stops it, and it meets one exactly when the fixpoint holds one (a potential both
        /// on and off, or a house whose every place is off: the last two `off`s handled
        /// there turn the other on). (The level calls [`Masks::nishio_contradicts_in`].)
        #[cfg(test)]
        pub(crate) fn nishio_contradicts(&self, pl: u128, c: usize, on: bool) -> bool {
            self.nishio_contradicts_in(&self.house_places(pl), pl, c, on)
        }

        /// The places `pl` in each house holding two or more of them, in house order.
        pub(crate) fn house_places(&self, pl: u128) -> Vec<u128> {
            self.houses
                .iter()
                .map(|&h| h & pl)
                .filter(|&hp| several(hp))
                .collect()
        }

        /// Whether the Nishio run from `d` in cell `c` said on or off ends in a
        /// contradiction (as `nishio_contradicts`, exact by the same fixpoint argument),
        /// given the [`Masks::house_places`] `hps` of the digit's places `pl`.
        pub(crate) fn nishio_contradicts_in(
            &self,
            hps: &[u128],
            pl: u128,
            c: usize,
            on: bool,
        ) -> bool {
            let bit = 1u128 << c;
            let (mut ons, mut offs) = if on {
                (bit, self.peers[c] & pl)
            } else {
                (0, bit)
            };
            let mut done = ons;
            // PERF: a pass reads only the houses holding an `off` new since the last one
            // (another house's places left are as they were: what it gave is in `ons`)
            let mut new_offs = offs;
            loop {
                for &hp in hps {
                    if hp & new_offs == 0 {
                        continue;
                    }
                    let r = hp & !offs;
                    if r == 0 {
                        return true;
                    }
                    if !several(r) {
                        ons |= r;
                    }
                }
                if ons & offs != 0 {
                    return true;
                }
                let fresh = ons & !done;
                if fresh == 0 {
                    return false;
                }
                done |= fresh;
                let before = offs;
                for x in bits128(fresh) {
                    offs |= self.peers[x] & pl;
                }
                new_offs = offs & !before;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The set-only prechecks say a run meets a contradiction exactly when the run does, and
    /// without one hold exactly what the run derived: every candidate, both polarities, on
    /// the givens of a few magictour puzzles.
    #[test]
    fn the_sets_are_the_runs_fixpoints() {
        let text = include_str!("../../../testdata/sudoku/magictour-top1465-sample.txt");
        let (mut contradictions, mut fixpoints) = (0, 0);
        for line in text.lines().take(3) {
            let b = Board::new(&dlx_sudoku::parse(line).unwrap());
            let (topo, cand, n) = (&*b.topo, &b.cand, 9);
            let ms = sets::Masks::of(topo).expect("a classic board");
            let places: Vec<u128> = (0..n).map(|d| ms.places(cand, d)).collect();
            let mut ch = Chainer::new(n);
            let mut run = Run::new(n);
            let mut sets = sets::Closure::new(n, topo.ncells);
            for c in 0..topo.ncells {
                for d in bits(cand[c]) {
                    let p = c * n + d;
                    for on in [true, false] {
                        let nishio = ch.run(topo, cand, p, on, Config::NISHIO, &mut run);
                        assert_eq!(
                            ms.nishio_contradicts(places[d], c, on),
                            nishio,
                            "{line} {p}"
                        );
                        let dynamic = ch.run(topo, cand, p, on, Config::dynamic(0), &mut run);
                        let said = ms.dynamic_contradicts(cand, &places, (c, d, on), &mut sets);
                        assert_eq!(said, dynamic, "{line} {p} {on}");
                        if dynamic {
                            contradictions += 1;
                            continue;
                        }
                        fixpoints += 1;
                        for q in 0..topo.ncells * n {
                            let (k, e) = (q / n, q % n);
                            assert_eq!(sets.ons[e] >> k & 1 != 0, run.has(q, true), "{line} {p}");
                            assert_eq!(sets.offs[e] >> k & 1 != 0, run.has(q, false), "{line} {p}");
                        }
                    }
                }
            }
        }
        assert!(
            contradictions > 0 && fixpoints > 0,
            "{contradictions} {fixpoints}"
        );
    }
}
