//! Chains and forcing chains, on one implication engine.
//!
//! # The engine
//!
//! A *potential* is a candidate (cell `c`, 0-based digit `d`, index `p = c * N + d`) said to
//! be on (the cell holds `d`) or off. An [`Engine`] run starts from one potential and derives
//! others breadth first, recording each derivation as an [`Event`] with its parent events, so
//! that a conclusion's *complexity* is the number of its ancestors (Sudoku Explainer's
//! measure, to which its length increment applies):
//!
//! - `on(c, d)` makes `off` every other candidate of `c` and `d` in every peer of `c`;
//! - `off(c, d)` makes `on(c, e)` when `e` is the last candidate left in `c` (a Y link), and
//!   `on(q, d)` when `q` is the last place left for `d` in a house of `c` (an X link).
//!
//! In *static* mode "left" means in the board as it is (bivalue cells and conjugate pairs
//! only: the links of X-chains, XY-chains and alternating inference chains). In *dynamic*
//! mode it means after every `off` derived so far (the board as the assumption changes it);
//! *plus* adds locked candidates at each fixpoint, *nested* adds, at each fixpoint, dynamic
//! contradictions tried inside the assumption on the candidates of bivalue cells.
//!
//! Invariant: `on_ev[p] = i + 1` iff `events[i]` derives `on(p)` (likewise `off_ev`); a
//! potential is derived at most once each way; deriving both ways is a contradiction, which
//! stops the run.
//!
//! # The levels (Sudoku Explainer's order)
//!
//! 1. static chains: `on(p)` leads to `off(p)` (p is false) or `off(p)` to `on(p)` (p is
//!    true): X-chains 6.6, XY-chains 6.6, mixed chains 7.0, plus length;
//! 2. Nishio (7.5): a single-digit dynamic assumption that ends in a contradiction;
//! 3. static cell and region forcing chains (8.0);
//! 4. dynamic: contradiction, double (`on(p)` and `off(p)` agree), cell and region (8.5);
//! 5. dynamic plus locked candidates (9.0);
//! 6. nested (10.0 here; see [`Technique::NestedForcingChains`]).
//!
//! Within a level the step with the smallest rating is taken (the first on ties).

use crate::basic::{bits, cand, fmt_elims};
use crate::board::Board;
use crate::step::{Candidate, ChainKind, Link, Pattern, Step, Technique, length_increment};
use crate::technique::{Finder, TechniqueSet};

/// How implications are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Static,
    Nishio,
    Dynamic,
    Plus,
    Nested,
}

/// How an event was derived.
const VIA_ROOT: u8 = 0;
const VIA_CELL: u8 = 1;
const VIA_HOUSE: u8 = 2;
const VIA_WEAK: u8 = 3;
const VIA_LOCKED: u8 = 4;
const VIA_NESTED: u8 = 5;
const VIA_WEAK_CELL: u8 = 6;

#[derive(Clone, Copy, Debug)]
struct Event {
    pot: u32,
    on: bool,
    via: u8,
    first_parent: u32,
    nparents: u32,
    /// Ancestors this event stands for by itself (1, or an inner chain's size).
    weight: u32,
    /// The longest path from the root to this event, in events (a cheap stand-in for the
    /// ancestor count when choosing among many conclusions).
    depth: u32,
}

/// Scratch space for implication runs on one board size.
pub(crate) struct Engine {
    n: usize,
    on_ev: Vec<u32>,
    off_ev: Vec<u32>,
    touched: Vec<u32>,
    events: Vec<Event>,
    parents: Vec<u32>,
    /// The board's candidates when the run started.
    orig: Vec<u64>,
    /// Dynamic modes: `orig` less every `off` derived.
    work: Vec<u64>,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    mode: Mode,
    digit: usize,
    inner: Option<Box<Engine>>,
    /// Places of digit `d` in house `h` left, at `h * N + d` (dynamic: in `work`).
    count: Vec<u8>,
    /// The same for the candidates a run starts from.
    base_count: Vec<u8>,
    /// Which candidate array (address, generation) `base_count` was counted for.
    counted_for: Option<(usize, u32)>,
    generation: u32,
    /// Nested mode: try every cell inside, not only bivalue cells.
    deep: bool,
    /// When to stop: once past it, every run derives nothing (so no conclusion is drawn
    /// from a cut run) and `expired` is set.
    pub(crate) deadline: Option<std::time::Instant>,
    pub(crate) expired: bool,
    runs: u32,
}

/// A contradiction: two events deriving the same potential on and off.
type Conflict = (u32, u32);

impl Engine {
    pub(crate) fn new(n: usize) -> Engine {
        let npot = n * n * n;
        Engine {
            n,
            on_ev: vec![0; npot],
            off_ev: vec![0; npot],
            touched: Vec::new(),
            events: Vec::new(),
            parents: Vec::new(),
            orig: vec![0; n * n],
            work: vec![0; n * n],
            mark: Vec::new(),
            stamp: 0,
            stack: Vec::new(),
            mode: Mode::Static,
            digit: 0,
            inner: None,
            count: vec![0; 3 * n * n],
            base_count: vec![0; 3 * n * n],
            counted_for: None,
            generation: 0,
            deep: false,
            deadline: None,
            expired: false,
            runs: 0,
        }
    }

    fn reset(&mut self, b: &Board, cand: &[u64], mode: Mode) {
        for &p in &self.touched {
            self.on_ev[p as usize] = 0;
            self.off_ev[p as usize] = 0;
        }
        self.touched.clear();
        self.events.clear();
        self.parents.clear();
        self.orig.copy_from_slice(cand);
        self.work.copy_from_slice(cand);
        self.mode = mode;
        if self.counted_for != Some((cand.as_ptr() as usize, self.generation)) {
            self.count_houses(b, cand);
        }
        self.count.copy_from_slice(&self.base_count);
    }

    /// Counts the places of each digit in each house (`base_count[h * N + d]`).
    fn count_houses(&mut self, b: &Board, cand: &[u64]) {
        let n = self.n;
        self.base_count.iter_mut().for_each(|x| *x = 0);
        for (h, cells) in b.topo.houses.iter().enumerate() {
            for &k in cells {
                for d in bits(cand[k as usize]) {
                    self.base_count[h * n + d] += 1;
                }
            }
        }
        self.counted_for = Some((cand.as_ptr() as usize, self.generation));
    }

    /// Forgets the house counts: the next run counts again (call when the board changes).
    pub(crate) fn invalidate(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn dynamic(&self) -> bool {
        self.mode != Mode::Static
    }

    /// Derives a potential; `Err` on a contradiction.
    fn add(
        &mut self,
        b: &Board,
        pot: usize,
        on: bool,
        via: u8,
        parents: &[u32],
        weight: u32,
    ) -> Result<(), Conflict> {
        let exists = if on {
            self.on_ev[pot]
        } else {
            self.off_ev[pot]
        };
        if exists != 0 {
            return Ok(());
        }
        let idx = self.events.len() as u32;
        let first_parent = self.parents.len() as u32;
        let depth = weight
            + parents
                .iter()
                .map(|&q| self.events[q as usize].depth)
                .max()
                .unwrap_or(0);
        self.parents.extend_from_slice(parents);
        self.events.push(Event {
            pot: pot as u32,
            on,
            via,
            first_parent,
            nparents: parents.len() as u32,
            weight,
            depth,
        });
        let opp = if on {
            self.off_ev[pot]
        } else {
            self.on_ev[pot]
        };
        if opp != 0 {
            return Err((opp - 1, idx));
        }
        if self.on_ev[pot] == 0 && self.off_ev[pot] == 0 {
            self.touched.push(pot as u32);
        }
        if on {
            self.on_ev[pot] = idx + 1;
            return Ok(());
        }
        self.off_ev[pot] = idx + 1;
        let n = self.n;
        let (c, d) = (pot / n, pot % n);
        let t = &*b.topo;
        // PERF: parent lists on the stack (at most N - 1 parents), house counts kept up to
        // date instead of rescanning houses.
        let mut ps = [0u32; 64];
        if self.dynamic() {
            self.work[c] &= !(1 << d);
            if self.mode != Mode::Nishio && self.work[c].count_ones() == 1 {
                let e = self.work[c].trailing_zeros() as usize;
                let mut np = 0;
                for x in bits(self.orig[c] & !(1 << e)) {
                    ps[np] = self.off_ev[c * n + x] - 1;
                    np += 1;
                }
                self.add(b, c * n + e, true, VIA_CELL, &ps[..np], 1)?;
            }
            for &h in &t.cell_houses[c] {
                let h = h as usize;
                self.count[h * n + d] -= 1;
                if self.count[h * n + d] != 1 {
                    continue;
                }
                let mut q = c;
                let mut np = 0;
                for &x in &t.houses[h] {
                    let x = x as usize;
                    if self.work[x] >> d & 1 != 0 {
                        q = x;
                    } else if self.orig[x] >> d & 1 != 0 {
                        ps[np] = self.off_ev[x * n + d] - 1;
                        np += 1;
                    }
                }
                self.add(b, q * n + d, true, VIA_HOUSE, &ps[..np], 1)?;
            }
        } else {
            if self.orig[c].count_ones() == 2 {
                let e = (self.orig[c] & !(1 << d)).trailing_zeros() as usize;
                self.add(b, c * n + e, true, VIA_CELL, &[idx], 1)?;
            }
            for &h in &t.cell_houses[c] {
                let h = h as usize;
                if self.count[h * n + d] != 2 {
                    continue;
                }
                for &q in &t.houses[h] {
                    let q = q as usize;
                    if q != c && self.orig[q] >> d & 1 != 0 {
                        self.add(b, q * n + d, true, VIA_HOUSE, &[idx], 1)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs from one potential to a fixpoint or a contradiction.
    fn run(
        &mut self,
        b: &Board,
        cand: &[u64],
        root: usize,
        on: bool,
        mode: Mode,
    ) -> Option<Conflict> {
        self.reset(b, cand, mode);
        self.digit = root % self.n;
        if let Some(deadline) = self.deadline {
            self.runs = self.runs.wrapping_add(1);
            if self.runs % 16 == 0 && std::time::Instant::now() >= deadline {
                self.expired = true;
            }
        }
        if self.expired {
            return None;
        }
        self.propagate(b, root, on).err()
    }

    fn propagate(&mut self, b: &Board, root: usize, on: bool) -> Result<(), Conflict> {
        let t = b.topo.clone();
        let n = self.n;
        self.add(b, root, on, VIA_ROOT, &[], 1)?;
        let mut head = 0;
        loop {
            while head < self.events.len() {
                let ev = self.events[head];
                let i = head as u32;
                head += 1;
                if !ev.on {
                    continue;
                }
                let (c, d) = (ev.pot as usize / n, ev.pot as usize % n);
                if self.mode != Mode::Nishio {
                    let src = if self.dynamic() {
                        self.work[c]
                    } else {
                        self.orig[c]
                    };
                    for e in bits(src & !(1 << d)) {
                        self.add(b, c * n + e, false, VIA_WEAK_CELL, &[i], 1)?;
                    }
                }
                for &q in &t.peers[c] {
                    let q = q as usize;
                    let src = if self.dynamic() {
                        self.work[q]
                    } else {
                        self.orig[q]
                    };
                    if src >> d & 1 != 0 {
                        self.add(b, q * n + d, false, VIA_WEAK, &[i], 1)?;
                    }
                }
            }
            let before = self.events.len();
            if matches!(self.mode, Mode::Plus | Mode::Nested) {
                self.locked(b)?;
            }
            if self.events.len() == before && self.mode == Mode::Nested {
                self.nested(b)?;
            }
            if self.events.len() == before {
                return Ok(());
            }
        }
    }

    /// Locked candidates on the changed board (plus mode): a digit of a box confined to a
    /// line leaves the rest of the line, and the other way round. Only intersections where
    /// a derived `off` made the confinement are looked at (the others held on the board
    /// already, where the lower levels found them). The parents are those `off`s.
    fn locked(&mut self, b: &Board) -> Result<(), Conflict> {
        let t = b.topo.clone();
        let n = self.n;
        // PERF: house counts filter first; no allocation unless something is found.
        let mut ps = [0u32; 64];
        for base in 0..3 * n {
            let is_box = base >= 2 * n;
            for d in 0..n {
                let c = self.count[base * n + d];
                if c < 2 || c == self.base_count[base * n + d] {
                    continue;
                }
                let (mut first, mut same) = (usize::MAX, [true; 3]);
                for &k in &t.houses[base] {
                    let k = k as usize;
                    if self.work[k] >> d & 1 == 0 {
                        continue;
                    }
                    if first == usize::MAX {
                        first = k;
                    } else {
                        for (kind, s) in same.iter_mut().enumerate() {
                            *s &= t.cell_houses[k][kind] == t.cell_houses[first][kind];
                        }
                    }
                }
                let kinds: &[usize] = if is_box { &[0, 1] } else { &[2] };
                for &kind in kinds {
                    if !same[kind] {
                        continue;
                    }
                    let cover = t.cell_houses[first][kind] as usize;
                    let outside = |k: usize| !t.cell_houses[k].contains(&(base as u16));
                    let any = t.houses[cover]
                        .iter()
                        .any(|&q| outside(q as usize) && self.work[q as usize] >> d & 1 != 0);
                    if !any {
                        continue;
                    }
                    let mut np = 0;
                    for &x in &t.houses[base] {
                        let x = x as usize;
                        if self.orig[x] >> d & 1 != 0 && self.work[x] >> d & 1 == 0 {
                            ps[np] = self.off_ev[x * n + d] - 1;
                            np += 1;
                        }
                    }
                    for &q in &t.houses[cover] {
                        let q = q as usize;
                        if outside(q) && self.work[q] >> d & 1 != 0 {
                            self.add(b, q * n + d, false, VIA_LOCKED, &ps[..np], 1)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Nested mode: candidates of bivalue cells whose dynamic assumption, inside this one,
    /// ends in a contradiction, are turned off.
    fn nested(&mut self, b: &Board) -> Result<(), Conflict> {
        let n = self.n;
        let mut inner = self
            .inner
            .take()
            .unwrap_or_else(|| Box::new(Engine::new(n)));
        let work = self.work.clone();
        inner.invalidate();
        inner.deadline = self.deadline;
        let mut found = Vec::new();
        let widest = if self.deep { n as u32 } else { 2 };
        for c in 0..work.len() {
            let k = work[c].count_ones();
            if k < 2 || k > widest || self.on_ev[c * n + work[c].trailing_zeros() as usize] != 0 {
                continue;
            }
            for d in bits(work[c]) {
                if let Some(conf) = inner.run(b, &work, c * n + d, true, Mode::Plus) {
                    let w = inner.complexity(conf);
                    found.push((c * n + d, w));
                    break;
                }
            }
            if found.len() >= 4 {
                break;
            }
        }
        if inner.expired {
            // an inner run was cut: what it would have found is unknown, so this run
            // stops here too (it draws no conclusion from a cut run)
            self.expired = true;
            found.clear();
        }
        self.inner = Some(inner);
        for (pot, w) in found {
            self.add(b, pot, false, VIA_NESTED, &[0], w as u32)?;
        }
        Ok(())
    }

    /// The number of ancestors (weighted) of the given events together, and the kinds of
    /// link used (bit `via`).
    fn ancestors(&mut self, roots: &[u32]) -> (usize, u32) {
        if self.mark.len() < self.events.len() {
            self.mark.resize(self.events.len(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let mut count = 0;
        let mut kinds = 0u32;
        self.stack.clear();
        self.stack.extend_from_slice(roots);
        while let Some(e) = self.stack.pop() {
            let e = e as usize;
            if self.mark[e] == self.stamp {
                continue;
            }
            self.mark[e] = self.stamp;
            let ev = self.events[e];
            count += ev.weight as usize;
            kinds |= 1 << ev.via;
            let s = ev.first_parent as usize;
            for k in s..s + ev.nparents as usize {
                self.stack.push(self.parents[k]);
            }
        }
        (count, kinds)
    }

    fn complexity(&mut self, conf: Conflict) -> usize {
        self.ancestors(&[conf.0, conf.1]).0
    }

    fn event_of(&self, pot: usize, on: bool) -> Option<u32> {
        let e = if on {
            self.on_ev[pot]
        } else {
            self.off_ev[pot]
        };
        (e != 0).then(|| e - 1)
    }

    /// The links among the ancestors of `roots`, parent to child, at most `max`.
    fn links(&mut self, b: &Board, roots: &[u32], max: usize) -> Vec<Link> {
        self.ancestors(roots);
        let mut out = Vec::new();
        for e in 0..self.events.len().min(self.mark.len()) {
            if self.mark[e] != self.stamp {
                continue;
            }
            let ev = self.events[e];
            let s = ev.first_parent as usize;
            for k in s..s + ev.nparents as usize {
                let p = self.events[self.parents[k] as usize];
                if p.pot == ev.pot {
                    continue;
                }
                out.push(Link {
                    from: self.cand_of(b, p.pot),
                    to: self.cand_of(b, ev.pot),
                    strong: ev.on,
                });
                if out.len() >= max {
                    return out;
                }
            }
        }
        out
    }

    fn cand_of(&self, b: &Board, pot: u32) -> Candidate {
        cand(b, pot as usize / self.n, pot as usize % self.n)
    }

    /// The chain from the root to event `e` along first parents, as text.
    fn path_text(&self, b: &Board, e: u32) -> String {
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
                self.cand_of(b, ev.pot).assumed(ev.on)
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
}

/// The derived potentials of one run: bitsets over potentials, and the depth of each,
/// dense at `depths[2 * pot + on]` (0: not derived) for grids up to 16x16, else sorted
/// `(2 * pot + on, depth)` pairs (memory in proportion to what the run derived).
#[derive(Clone, Default)]
struct Derived {
    on: Vec<u64>,
    off: Vec<u64>,
    conflict: Option<u32>,
    depths: Vec<u16>,
    sparse: Vec<(u32, u32)>,
}

/// Potentials up to which depths are kept dense.
const DENSE_POTENTIALS: usize = 4096;

impl Derived {
    fn of(eng: &Engine, words: usize, conflict: Option<Conflict>) -> Derived {
        let npot = eng.on_ev.len();
        let dense = npot <= DENSE_POTENTIALS;
        let mut d = Derived {
            on: vec![0; words],
            off: vec![0; words],
            conflict: conflict
                .map(|(a, b)| eng.events[a as usize].depth + eng.events[b as usize].depth),
            depths: if dense { vec![0; 2 * npot] } else { Vec::new() },
            sparse: Vec::new(),
        };
        let mut put = |key: usize, depth: u32| {
            if dense {
                d.depths[key] = depth.min(u32::from(u16::MAX)) as u16;
            } else {
                d.sparse.push((key as u32, depth));
            }
        };
        for &p in &eng.touched {
            let p = p as usize;
            if eng.on_ev[p] != 0 {
                put(2 * p + 1, eng.events[eng.on_ev[p] as usize - 1].depth);
            }
            if eng.off_ev[p] != 0 {
                put(2 * p, eng.events[eng.off_ev[p] as usize - 1].depth);
            }
        }
        for &p in &eng.touched {
            let p = p as usize;
            if eng.on_ev[p] != 0 {
                d.on[p / 64] |= 1 << (p % 64);
            }
            if eng.off_ev[p] != 0 {
                d.off[p / 64] |= 1 << (p % 64);
            }
        }
        d.sparse.sort_unstable();
        d
    }

    fn depth(&self, pot: usize, on: bool) -> u32 {
        let key = 2 * pot + usize::from(on);
        let found = if self.depths.is_empty() {
            self.sparse
                .binary_search_by_key(&(key as u32), |x| x.0)
                .map_or(0, |i| self.sparse[i].1)
        } else {
            u32::from(self.depths[key])
        };
        if found == 0 { u32::MAX / 64 } else { found }
    }
}

/// A conclusion under study: placements or eliminations of one potential.
#[derive(Clone, Copy)]
struct Best {
    tenths: u16,
    pot: usize,
    on: bool,
}

fn rate(technique: Technique, complexity: usize) -> u16 {
    technique.base_tenths() + length_increment(complexity.saturating_sub(2))
}

/// The chain step of a level, if any.
pub(crate) fn chain_step(
    b: &Board,
    eng: &mut Engine,
    finder: Finder,
    wanted: TechniqueSet,
    solution: Option<&[u8]>,
) -> Option<Step> {
    eng.invalidate();
    match finder {
        Finder::Nishio => nishio(b, eng),
        Finder::Multiple => multiple(b, eng, Mode::Static, wanted),
        Finder::Dynamic => multiple(b, eng, Mode::Dynamic, wanted),
        Finder::DynamicPlus => multiple(b, eng, Mode::Plus, wanted),
        Finder::Nested3 => nested_first(b, eng, solution),
        _ => None,
    }
}

/// Level 6, nested: the first contradiction found, trying the candidates of cells with the
/// fewest candidates first. When the solution is known, only wrong candidates are tried (a
/// right one never leads to a contradiction), which changes nothing but the time.
///
/// Unlike the lower levels, this one does not look for the smallest rating among all
/// steps of the level (it would cost seconds a step), so a step can be rated above the
/// smallest one the level holds.
fn nested_first(b: &Board, eng: &mut Engine, solution: Option<&[u8]>) -> Option<Step> {
    let mut cells: Vec<usize> = (0..b.topo.ncells).filter(|&c| b.cand[c] != 0).collect();
    cells.sort_by_key(|&c| b.cand[c].count_ones());
    // bivalue cells inside first; every cell inside when that finds nothing
    for deep in [false, true] {
        eng.deep = deep;
        let found = nested_pass(b, eng, solution, &cells);
        eng.deep = false;
        if found.is_some() {
            return found;
        }
    }
    None
}

fn nested_pass(
    b: &Board,
    eng: &mut Engine,
    solution: Option<&[u8]>,
    cells: &[usize],
) -> Option<Step> {
    let n = b.topo.n;
    for &c in cells {
        for d in bits(b.cand[c]) {
            if solution.is_some_and(|s| s[c] as usize == d + 1) {
                continue;
            }
            let p = c * n + d;
            if let Some(conf) = eng.run(b, &b.cand, p, true, Mode::Nested) {
                let tenths = rate(Technique::NestedMultipleForcingChains, eng.complexity(conf));
                return Some(contradiction_step(
                    b,
                    eng,
                    Technique::NestedMultipleForcingChains,
                    Some(ChainKind::Contradiction),
                    tenths,
                    p,
                    true,
                    conf,
                ));
            }
        }
    }
    None
}

fn candidates_of(b: &Board) -> impl Iterator<Item = usize> + '_ {
    let n = b.topo.n;
    (0..b.topo.ncells).flat_map(move |c| bits(b.cand[c]).map(move |d| c * n + d))
}

/// Runs candidate `p` (`on` or off) again in `mode` and makes the step of the
/// contradiction it reaches.
fn rerun(
    b: &Board,
    eng: &mut Engine,
    technique: Technique,
    chain: Option<ChainKind>,
    mode: Mode,
    (tenths, p, on): (u16, usize, bool),
) -> Option<Step> {
    let conf = eng.run(b, &b.cand, p, on, mode)?;
    Some(contradiction_step(
        b, eng, technique, chain, tenths, p, on, conf,
    ))
}

#[allow(clippy::too_many_arguments)]
fn contradiction_step(
    b: &Board,
    eng: &mut Engine,
    technique: Technique,
    chain: Option<ChainKind>,
    tenths: u16,
    p: usize,
    on: bool,
    conf: Conflict,
) -> Step {
    let c = eng.cand_of(b, p as u32);
    let links = eng.links(b, &[conf.0, conf.1], 200);
    let target = eng.cand_of(b, eng.events[conf.1 as usize].pot);
    let (placements, eliminations) = if on {
        (vec![], vec![c])
    } else {
        (vec![c], vec![])
    };
    let assume = c.assumed(on);
    let text = if technique <= Technique::ForcingChain && conf.0 as usize == 0 {
        format!(
            "{}: {} , so {}",
            technique.title(),
            eng.path_text(b, conf.1),
            c.stated(!on)
        )
    } else {
        format!(
            "{}: if {assume}, then r{}c{} would be both {} and not {} ({} and {}), so {}",
            step_name(technique, chain),
            target.row + 1,
            target.col + 1,
            target.digit,
            target.digit,
            eng.path_text(b, conf.0),
            eng.path_text(b, conf.1),
            c.stated(!on)
        )
    };
    let text = text.replace(" , so", ", so");
    Step {
        technique,
        rating: f64::from(tenths) / 10.0,
        chain,
        placements,
        eliminations,
        pattern: Pattern {
            cells: vec![(c.row, c.col)],
            houses: vec![],
            digits: vec![c.digit],
            candidates: vec![c, target],
            links,
        },
        text,
    }
}

fn step_name(technique: Technique, chain: Option<ChainKind>) -> String {
    Step {
        technique,
        rating: 0.0,
        chain,
        placements: vec![],
        eliminations: vec![],
        pattern: Pattern::default(),
        text: String::new(),
    }
    .name()
}

/// Level 2: Nishio, a single-digit dynamic assumption that ends in a contradiction.
fn nishio(b: &Board, eng: &mut Engine) -> Option<Step> {
    let mut best: Option<(u16, usize)> = None;
    let floor = Technique::Nishio.base_tenths();
    for p in candidates_of(b).collect::<Vec<_>>() {
        if let Some(conf) = eng.run(b, &b.cand, p, true, Mode::Nishio) {
            let tenths = rate(Technique::Nishio, eng.complexity(conf));
            if best.is_none_or(|x| tenths < x.0) {
                best = Some((tenths, p));
            }
            if tenths <= floor {
                break;
            }
        }
    }
    let (tenths, p) = best?;
    let chain = Some(ChainKind::Contradiction);
    rerun(
        b,
        eng,
        Technique::Nishio,
        chain,
        Mode::Nishio,
        (tenths, p, true),
    )
}

/// Levels 3 to 6: contradiction (dynamic levels only), double, cell and region forcing.
fn multiple(b: &Board, eng: &mut Engine, mode: Mode, wanted: TechniqueSet) -> Option<Step> {
    let t = b.topo.clone();
    let n = t.n;
    let npot = t.ncells * n;
    let words = npot.div_ceil(64);
    let technique = match mode {
        Mode::Static | Mode::Nishio => Technique::CellForcingChains,
        Mode::Dynamic => Technique::DynamicForcingChains,
        Mode::Plus => Technique::DynamicForcingChainsPlus,
        Mode::Nested => Technique::NestedForcingChains,
    };
    let dynamic = mode != Mode::Static;
    let pots: Vec<usize> = candidates_of(b).collect();
    // Contradictions first (cheap to rate), keeping the derived sets for the rest.
    let mut on_sets: Vec<Option<Derived>> = vec![None; npot];
    let mut off_sets: Vec<Option<Derived>> = vec![None; npot];
    let mut best_contra: Option<(u16, usize, bool)> = None;
    for &p in &pots {
        // `off(p)` where p has one alternative (a bivalue cell or a conjugate pair) is
        // `on` of that alternative one link later: its run adds nothing to the others.
        let (c, d) = (p / n, p % n);
        let forced_alternative = b.cand[c].count_ones() == 2
            || t.cell_houses[c]
                .iter()
                .any(|&h| b.positions(h as usize, d).count_ones() == 2);
        let polarities: &[bool] = if dynamic && !forced_alternative {
            &[true, false]
        } else {
            &[true]
        };
        for &on in polarities {
            let conf = eng.run(b, &b.cand, p, on, mode);
            if let Some(conf) = conf {
                if dynamic {
                    let tenths = rate(technique, eng.complexity(conf));
                    if best_contra.is_none_or(|x| tenths < x.0) {
                        best_contra = Some((tenths, p, on));
                    }
                }
            }
            let d = Derived::of(eng, words, conf);
            if on {
                on_sets[p] = Some(d);
            } else {
                off_sets[p] = Some(d);
            }
        }
        if best_contra.is_some_and(|x| x.0 <= technique.base_tenths()) {
            break;
        }
    }
    let base = technique.base_tenths();
    let contradiction = Some(ChainKind::Contradiction);
    if let Some(best) = best_contra.filter(|x| x.0 <= base) {
        return rerun(b, eng, technique, contradiction, mode, best);
    }
    // Groups of branches: (kind, branches as (pot, polarity)), at least two each.
    let mut groups: Vec<(ChainKind, Vec<(usize, bool)>)> = Vec::new();
    if dynamic {
        for &p in &pots {
            groups.push((ChainKind::Double, vec![(p, true), (p, false)]));
        }
    }
    let cells = mode != Mode::Static || wanted.contains(Technique::CellForcingChains);
    let regions = mode != Mode::Static || wanted.contains(Technique::RegionForcingChains);
    for c in (0..t.ncells).filter(|_| cells) {
        if b.cand[c].count_ones() >= 2 {
            groups.push((
                ChainKind::Cell,
                bits(b.cand[c]).map(|d| (c * n + d, true)).collect(),
            ));
        }
    }
    for h in (0..3 * n).filter(|_| regions) {
        for d in 0..n {
            let pos = b.positions(h, d);
            if pos.count_ones() >= 2 {
                groups.push((
                    ChainKind::Region,
                    bits(pos)
                        .map(|i| (t.houses[h][i] as usize * n + d, true))
                        .collect(),
                ));
            }
        }
    }
    let mut best: Option<(u32, ChainKind, usize, Best)> = None;
    let mut useful_on = vec![0u64; words];
    let mut useful_off = vec![0u64; words];
    for c in 0..t.ncells {
        if b.value[c] == 0 {
            for d in bits(b.cand[c]) {
                let p = c * n + d;
                useful_off[p / 64] |= 1 << (p % 64);
                if b.cand[c].count_ones() > 1 {
                    useful_on[p / 64] |= 1 << (p % 64);
                }
            }
        }
    }
    for (gi, (kind, branches)) in groups.iter().enumerate() {
        if *kind == ChainKind::Double
            && branches.iter().any(|&(p, on)| {
                let set = if on { &on_sets[p] } else { &off_sets[p] };
                set.as_ref().is_none_or(|s| s.conflict.is_some())
            })
        {
            // one side contradicts itself: that is a contradiction, rated as such
            continue;
        }
        let mut on_all = useful_on.clone();
        let mut off_all = useful_off.clone();
        let mut live = false;
        for &(p, on) in branches {
            let set = if on { &on_sets[p] } else { &off_sets[p] };
            let Some(set) = set else {
                live = false;
                break;
            };
            if set.conflict.is_some() {
                // a branch that contradicts itself is impossible; the others decide
                continue;
            }
            live = true;
            for w in 0..words {
                on_all[w] &= set.on[w];
                off_all[w] &= set.off[w];
            }
        }
        if !live {
            continue;
        }
        // drop the branches' own roots
        for &(p, _) in branches {
            on_all[p / 64] &= !(1 << (p % 64));
            off_all[p / 64] &= !(1 << (p % 64));
        }
        let mut concl: Vec<(usize, bool)> = Vec::new();
        for (w, (&a, &o)) in on_all.iter().zip(&off_all).enumerate() {
            for (m, on) in [(a, true), (o, false)] {
                for bit in bits(m) {
                    concl.push((w * 64 + bit, on));
                }
            }
        }
        if concl.is_empty() {
            continue;
        }
        // choose by the sum of depths over the branches (the exact rating, by ancestors, is
        // computed for the chosen conclusion only)
        for &(pot, on) in &concl {
            let score: u32 = branches
                .iter()
                .map(|&(p, pon)| {
                    let set = if pon { &on_sets[p] } else { &off_sets[p] };
                    set.as_ref()
                        .map_or(0, |s| s.conflict.unwrap_or_else(|| s.depth(pot, on)))
                })
                .sum();
            if best.is_none_or(|x| score < x.0) {
                best = Some((score, *kind, gi, Best { tenths: 0, pot, on }));
            }
        }
    }
    let best = best.map(|(_, kind, gi, mut c)| {
        c.tenths = group_ratings(b, eng, technique, mode, &groups[gi].1, &[(c.pot, c.on)])[0];
        (c.tenths, kind, gi, c)
    });
    let contra_tenths = best_contra.map(|x| x.0).unwrap_or(u16::MAX);
    match best {
        Some((tenths, kind, gi, conclusion)) if tenths < contra_tenths => {
            let technique = if kind == ChainKind::Region && mode == Mode::Static {
                Technique::RegionForcingChains
            } else {
                technique
            };
            Some(group_step(
                b,
                eng,
                technique,
                mode,
                kind,
                &groups[gi].1,
                conclusion,
            ))
        }
        _ => rerun(b, eng, technique, contradiction, mode, best_contra?),
    }
}

/// The ratings of conclusions reached by every live branch of a group: the base plus the
/// length increment of the branches' ancestors summed.
fn group_ratings(
    b: &Board,
    eng: &mut Engine,
    technique: Technique,
    mode: Mode,
    branches: &[(usize, bool)],
    concl: &[(usize, bool)],
) -> Vec<u16> {
    let mut totals = vec![0usize; concl.len()];
    for &(p, pon) in branches {
        if let Some(conf) = eng.run(b, &b.cand, p, pon, mode) {
            // an impossible branch counts with the chain that shows it impossible
            let len = eng.complexity(conf);
            totals.iter_mut().for_each(|t| *t += len);
            continue;
        }
        for (i, &(pot, on)) in concl.iter().enumerate() {
            if let Some(e) = eng.event_of(pot, on) {
                totals[i] += eng.ancestors(&[e]).0;
            }
        }
    }
    totals.into_iter().map(|t| rate(technique, t)).collect()
}

fn group_step(
    b: &Board,
    eng: &mut Engine,
    technique: Technique,
    mode: Mode,
    kind: ChainKind,
    branches: &[(usize, bool)],
    best: Best,
) -> Step {
    let target = eng.cand_of(b, best.pot as u32);
    let mut links = Vec::new();
    let mut parts = Vec::new();
    for &(p, pon) in branches {
        let c = eng.cand_of(b, p as u32);
        let assume = c.assumed(pon);
        if eng.run(b, &b.cand, p, pon, mode).is_some() {
            parts.push(format!("{assume} is impossible"));
            continue;
        }
        if let Some(e) = eng.event_of(best.pot, best.on) {
            links.extend(eng.links(b, &[e], 100));
            parts.push(eng.path_text(b, e));
        }
    }
    let conclusion = target.stated(best.on);
    let (placements, eliminations) = if best.on {
        (vec![target], vec![])
    } else {
        (vec![], vec![target])
    };
    let t = b.topo.clone();
    let what = match kind {
        ChainKind::Cell => {
            let c = eng.cand_of(b, branches[0].0 as u32);
            format!("every candidate of r{}c{}", c.row + 1, c.col + 1)
        }
        ChainKind::Region => {
            let c = eng.cand_of(b, branches[0].0 as u32);
            let cells: Vec<usize> = branches.iter().map(|&(p, _)| p / t.n).collect();
            let h = t.cell_houses[cells[0]]
                .iter()
                .find(|&&h| cells.iter().all(|&k| t.cell_houses[k].contains(&h)))
                .map(|&h| t.house(h as usize).to_string())
                .unwrap_or_default();
            format!("every place of {} in {h}", c.digit)
        }
        _ => {
            let c = eng.cand_of(b, branches[0].0 as u32);
            format!("r{}c{} being {} or not", c.row + 1, c.col + 1, c.digit)
        }
    };
    let text = format!(
        "{}: {what} leads to the same conclusion ({}), so {conclusion}",
        step_name(technique, Some(kind)),
        parts.join("; ")
    );
    let elim_text = if eliminations.is_empty() {
        String::new()
    } else {
        format!(": {}", fmt_elims(&eliminations))
    };
    Step {
        technique,
        rating: f64::from(best.tenths) / 10.0,
        chain: Some(kind),
        placements,
        eliminations,
        pattern: Pattern {
            cells: branches
                .iter()
                .map(|&(p, _)| (p / t.n / t.n, p / t.n % t.n))
                .collect(),
            houses: vec![],
            digits: vec![target.digit],
            candidates: branches
                .iter()
                .map(|&(p, _)| eng.cand_of(b, p as u32))
                .chain(std::iter::once(target))
                .collect(),
            links,
        },
        text: text + &elim_text,
    }
}
