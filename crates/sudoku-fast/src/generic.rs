//! The generic path: any `p x q` box shape with `N = p q <= 64` digits, one `u64`
//! candidate mask per cell.
//!
//! # Data
//!
//! [`Geometry`] holds the fixed structure of an `N x N` grid: the `3N` houses (rows
//! `0..N`, columns `N..2N`, boxes `2N..3N`), each cell's houses and peers, and the
//! box/line intersections ("segments") used by locked candidates.
//!
//! A search state is a slice of `u64` words in an arena, one slice per search level:
//! * `cand[c]` (`c < N²`): bit `d` iff digit `d + 1` may go in cell `c`;
//! * `placed[h]` (`3N` words): bit `d` iff digit `d + 1` is placed in house `h`;
//! * `done[w]`: bit `c % 64` of word `c / 64` iff cell `c` is placed.
//!
//! Invariants between propagation steps: a placed cell has exactly one candidate, its digit,
//! which is in `placed[h]` of its three houses and in no peer's `cand`; a cell whose `cand`
//! has become a single bit but that is not placed yet is in the work queue.
//!
//! Propagation: naked singles through the queue, hidden singles on the houses whose cells
//! changed, and before each guess locked candidates (pointing and claiming) over all
//! segments. The guess goes to the unplaced cell with the fewest candidates for the weight of
//! its houses (*dom/wdeg*, Boussemart et al., 2004: a house's weight counts the dead ends
//! met in it, so the search turns to where it keeps failing; ties go to the cell with two
//! candidates that has most such peers), or to the (house, digit) with the fewest places if
//! that is fewer than any cell's candidates. The search keeps an explicit stack of branch
//! points (no recursion, so any thread stack will do); every alternative but the last is
//! explored on a copy of the state one level up in the arena, the last one reuses the
//! current level. The arena holds one state per open branch point: `(N² + 3N + N²/64) * 8`
//! bytes each (16x16: 2.5 KB). A search for one solution restarts with growing cutoffs,
//! keeping the weights (see [`attempt`]). Values are tried in increasing order, except on a
//! blank grid or one whose givens fit a relabelled pattern grid, where the pattern's value
//! goes first ([`guide`]): blank grids up to 64x64 are then filled without a dead end.
//!
//! Known weakness: depth-first search is heavy-tailed on big grids near the hard phase; the
//! weights and restarts cut the tail on 16x16 and 25x25 grids, but random 36x36 grids with
//! 40-60% of the cells blank can still run past 100,000 guesses; `budget` and the deadline
//! bound it.

use std::time::Instant;

use crate::common::{Answer, CLOCK_EVERY, Shape, past};

/// The fixed structure of an `N x N` grid with `p x q` boxes.
pub(crate) struct Geometry {
    /// Rows in a box.
    p: usize,
    /// Columns in a box.
    q: usize,
    /// Digits per house.
    n: usize,
    /// Cells in the grid (`n * n`).
    nn: usize,
    /// `houses[h * n + k]`: the `k`-th cell of house `h` (rows, then columns, then boxes).
    houses: Vec<u16>,
    /// `cell_houses[c]`: the row, column and box of cell `c`.
    cell_houses: Vec<[u16; 3]>,
    /// `peers[c * npeers + k]`: the cells sharing a house with `c`, each once, not `c`.
    peers: Vec<u16>,
    /// Peers per cell.
    npeers: usize,
    /// Segments: the intersections of a box with a row or a column; row segment `(r, k)`
    /// (`k`: box column-group) at `r p + k`, column segment `(c, k)` (`k`: box row-group)
    /// at `n p + c q + k`.
    segments: Vec<Segment>,
    /// `seg_cells[s.start..s.start + s.len]`: cells of a segment; then the cells of its
    /// line outside the box, then the cells of its box outside the line.
    seg_cells: Vec<u16>,
    /// All digits: `n` low bits set.
    all: u64,
}

/// One box/line intersection; see [`Geometry::seg_cells`].
struct Segment {
    start: u32,
    /// Cells in the intersection.
    len: u16,
    /// Cells of the line outside the box.
    line_rest: u16,
    /// Cells of the box outside the line.
    box_rest: u16,
}

impl Geometry {
    pub(crate) fn new(shape: Shape) -> Geometry {
        let (p, q) = (shape.rows as usize, shape.cols as usize);
        let n = p * q;
        let nn = n * n;
        let box_of = |r: usize, c: usize| (r / p) * p + c / q;
        let mut houses = vec![0u16; 3 * n * n];
        let mut fill = vec![0usize; 3 * n];
        let mut cell_houses = vec![[0u16; 3]; nn];
        for r in 0..n {
            for c in 0..n {
                let cell = r * n + c;
                let hs = [r, n + c, 2 * n + box_of(r, c)];
                for (k, &h) in hs.iter().enumerate() {
                    houses[h * n + fill[h]] = cell as u16;
                    fill[h] += 1;
                    cell_houses[cell][k] = h as u16;
                }
            }
        }
        let mut peers = Vec::new();
        let mut npeers = 0;
        // PERF: from the houses, O(n^3) instead of O(n^4) (25x25: 0.3 ms instead of 3 ms).
        let mut seen = vec![usize::MAX; nn];
        for (cell, hs) in cell_houses.iter().enumerate() {
            let start = peers.len();
            for &h in hs {
                for &other in &houses[h as usize * n..(h as usize + 1) * n] {
                    let other = other as usize;
                    if other != cell && seen[other] != cell {
                        seen[other] = cell;
                        peers.push(other as u16);
                    }
                }
            }
            npeers = peers.len() - start;
        }
        // Row segments (r, k) at index r p + k, k = box column-group; then column segments
        // (c, k) at index n p + c q + k, k = box row-group.
        let mut segments = Vec::new();
        let mut seg_cells = Vec::new();
        let lines = (0..n)
            .flat_map(|r| (0..p).map(move |k| (true, r, (r / p) * p + k)))
            .chain((0..n).flat_map(|c| (0..q).map(move |k| (false, c, k * p + c / q))));
        for (is_row, line, bx) in lines {
            let on_line = |x: usize| if is_row { x / n == line } else { x % n == line };
            let in_box = |x: usize| box_of(x / n, x % n) == bx;
            let line_cells = if is_row { line } else { n + line };
            let line_cells = houses[line_cells * n..(line_cells + 1) * n]
                .iter()
                .map(|&x| x as usize);
            let box_cells = houses[(2 * n + bx) * n..(2 * n + bx + 1) * n]
                .iter()
                .map(|&x| x as usize);
            let inter: Vec<usize> = line_cells.clone().filter(|&x| in_box(x)).collect();
            let line_rest: Vec<usize> = line_cells.filter(|&x| !in_box(x)).collect();
            let box_rest: Vec<usize> = box_cells.filter(|&x| !on_line(x)).collect();
            segments.push(Segment {
                start: seg_cells.len() as u32,
                len: inter.len() as u16,
                line_rest: line_rest.len() as u16,
                box_rest: box_rest.len() as u16,
            });
            seg_cells.extend(
                inter
                    .iter()
                    .chain(&line_rest)
                    .chain(&box_rest)
                    .map(|&x| x as u16),
            );
        }
        Geometry {
            p,
            q,
            n,
            nn,
            houses,
            cell_houses,
            peers,
            npeers,
            segments,
            seg_cells,
            all: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
        }
    }

    /// Words in one search state.
    fn stride(&self) -> usize {
        self.nn + 3 * self.n + self.nn.div_ceil(64)
    }
}

/// Why propagation stopped early: the cell or house where a contradiction showed.
enum Contradiction {
    Cell(u16),
    House(u16),
}

/// Solver scratch space and the arena of states.
struct Solver<'g> {
    g: &'g Geometry,
    /// `arena[level * stride..]`: the state at each search level.
    arena: Vec<u64>,
    /// Cells whose candidates became a single digit, to be placed.
    queue: Vec<u16>,
    /// Bit `h` iff house `h` changed since its hidden singles were last checked.
    dirty: [u64; 3],
    /// Scratch for locked candidates: row segment unions (`n p`), then column ones (`n q`).
    seg: Vec<u64>,
    limit: u64,
    budget: u64,
    solutions: u64,
    guesses: u64,
    first: Option<Vec<u8>>,
    stopped: bool,
    /// `weights[h]`: contradictions seen in house `h` (or in a cell of it), plus one.
    weights: Vec<u32>,
    /// When to stop, checked every [`CLOCK_EVERY`] guesses.
    deadline: Option<Instant>,
    /// `prefer[c]`: the digit (as a bit) tried first in cell `c` (see [`guide`]).
    prefer: Vec<u64>,
    /// A run that has met a dead end stops (to restart) at this many guesses.
    restart_at: u64,
    /// The current run has met a dead end.
    failed: bool,
}

/// A view of one state of the arena.
struct StateMut<'a> {
    cand: &'a mut [u64],
    placed: &'a mut [u64],
    done: &'a mut [u64],
}

impl<'a> StateMut<'a> {
    fn split(words: &'a mut [u64], g: &Geometry) -> StateMut<'a> {
        let (cand, rest) = words.split_at_mut(g.nn);
        let (placed, done) = rest.split_at_mut(3 * g.n);
        StateMut { cand, placed, done }
    }
}

impl Solver<'_> {
    #[inline]
    fn mark_dirty(dirty: &mut [u64; 3], hs: [u16; 3]) {
        for h in hs {
            dirty[(h >> 6) as usize] |= 1 << (h & 63);
        }
    }

    /// Places digit bit `bit` in `cell` and removes it from the peers.
    fn assign(
        g: &Geometry,
        st: &mut StateMut,
        queue: &mut Vec<u16>,
        dirty: &mut [u64; 3],
        cell: usize,
        bit: u64,
    ) -> Result<(), Contradiction> {
        if st.cand[cell] & bit == 0 {
            return Err(Contradiction::Cell(cell as u16));
        }
        if st.done[cell >> 6] & (1 << (cell & 63)) != 0 {
            return Ok(());
        }
        let hs = g.cell_houses[cell];
        for h in hs {
            let pl = &mut st.placed[h as usize];
            if *pl & bit != 0 {
                return Err(Contradiction::House(h));
            }
            *pl |= bit;
        }
        Self::mark_dirty(dirty, hs);
        st.cand[cell] = bit;
        st.done[cell >> 6] |= 1 << (cell & 63);
        // PERF: the inner loop of the generic path.
        for &peer in &g.peers[cell * g.npeers..(cell + 1) * g.npeers] {
            Self::remove(g, st, queue, dirty, peer as usize, bit)?;
        }
        Ok(())
    }

    /// Removes the digits `mask` from `cell`; whether it held any of them.
    #[inline(always)]
    fn remove(
        g: &Geometry,
        st: &mut StateMut,
        queue: &mut Vec<u16>,
        dirty: &mut [u64; 3],
        cell: usize,
        mask: u64,
    ) -> Result<bool, Contradiction> {
        let c = st.cand[cell];
        if c & mask == 0 {
            return Ok(false);
        }
        let c = c & !mask;
        st.cand[cell] = c;
        if c & c.wrapping_sub(1) == 0 {
            if c == 0 {
                return Err(Contradiction::Cell(cell as u16));
            }
            queue.push(cell as u16);
        }
        Self::mark_dirty(dirty, g.cell_houses[cell]);
        Ok(true)
    }

    /// Naked and hidden singles to a fixed point, then locked candidates; repeats until
    /// nothing changes.
    fn propagate(&mut self, level: usize) -> Result<(), Contradiction> {
        let g = self.g;
        let stride = g.stride();
        let mut st = StateMut::split(&mut self.arena[level * stride..(level + 1) * stride], g);
        let queue = &mut self.queue;
        let dirty = &mut self.dirty;
        loop {
            while let Some(cell) = queue.pop() {
                let cell = cell as usize;
                let c = st.cand[cell];
                Self::assign(g, &mut st, queue, dirty, cell, c)?;
            }
            // Hidden singles in one changed house.
            if let Some(w) = dirty.iter().position(|&w| w != 0) {
                let h = (w << 6) + dirty[w].trailing_zeros() as usize;
                dirty[w] &= dirty[w] - 1;
                let cells = &g.houses[h * g.n..(h + 1) * g.n];
                let (mut one, mut two) = (0u64, 0u64);
                for &c in cells {
                    let m = st.cand[c as usize];
                    two |= one & m;
                    one |= m;
                }
                if one != g.all {
                    return Err(Contradiction::House(h as u16));
                }
                let mut hidden = one & !two & !st.placed[h];
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    if let Some(&c) = cells.iter().find(|&&c| st.cand[c as usize] & bit != 0) {
                        Self::assign(g, &mut st, queue, dirty, c as usize, bit)?;
                    } else {
                        return Err(Contradiction::House(h as u16));
                    }
                }
                continue;
            }
            // Locked candidates, pointing and claiming, over all box/line intersections.
            // PERF: segment unions first (each cell read twice), then the "elsewhere in the
            // line / box" unions from them: 3x faster than scanning each segment's cells.
            let (p, q, n) = (g.p, g.q, g.n);
            let seg = &mut self.seg;
            seg.fill(0);
            let (rowseg, colseg) = seg.split_at_mut(n * p);
            for r in 0..n {
                let band = r / p;
                for k in 0..p {
                    let mut u = 0;
                    for j in 0..q {
                        let c = k * q + j;
                        let m = st.cand[r * n + c];
                        u |= m;
                        colseg[c * q + band] |= m;
                    }
                    rowseg[r * p + k] = u;
                }
            }
            let mut changed = false;
            for (si, sg) in g.segments.iter().enumerate() {
                let (here, in_line, in_box) = if si < n * p {
                    segment_unions(rowseg, p, si / p, si % p)
                } else {
                    segment_unions(colseg, q, (si - n * p) / q, (si - n * p) % q)
                };
                // Pointing: digits of the box only here leave the rest of the line.
                let point = here & !in_box & in_line;
                // Claiming: digits of the line only here leave the rest of the box.
                let claim = here & !in_line & in_box;
                if point | claim == 0 {
                    continue;
                }
                let base = sg.start as usize;
                let (len, lr, br) = (sg.len as usize, sg.line_rest as usize, sg.box_rest as usize);
                if point != 0 {
                    for &c in &g.seg_cells[base + len..base + len + lr] {
                        changed |= Self::remove(g, &mut st, queue, dirty, c as usize, point)?;
                    }
                }
                if claim != 0 {
                    for &c in &g.seg_cells[base + len + lr..base + len + lr + br] {
                        changed |= Self::remove(g, &mut st, queue, dirty, c as usize, claim)?;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// The guess: `Ok(None)` if solved; else the cells and digits to branch on, as
    /// `(cell, bit)` pairs, fewest alternatives first.
    fn choose(&self, level: usize, out: &mut Vec<(u16, u64)>) -> bool {
        let g = self.g;
        let stride = g.stride();
        let words = &self.arena[level * stride..(level + 1) * stride];
        let cand = &words[..g.nn];
        let done = &words[g.nn + 3 * g.n..];
        out.clear();
        // The cell with the fewest candidates for the weight of its houses (dom/wdeg), ties
        // going to the cell with two candidates with most such peers.
        // PERF: 100 random 25x25 grids with 55% of the cells blank, limit 1, budget 100,000
        // guesses: fewest candidates (ties: most two-candidate peers): 8 stopped, 35.1 s in
        // all; dom/wdeg: 2 stopped, 13.2 s; with restarts (see `attempt`): 0 stopped, 6.9 s.
        // Hard 16x16 (seed5 and seed2024) at limit 2: 4,710 -> 1,679 guesses.
        let mut best_cell = usize::MAX;
        let mut best = u32::MAX;
        let mut key = (u64::MAX, 1u64, 0usize);
        for (w, &dw) in done.iter().enumerate() {
            let mut open = !dw;
            if w == done.len() - 1 && g.nn % 64 != 0 {
                open &= (1u64 << (g.nn % 64)) - 1;
            }
            while open != 0 {
                let c = (w << 6) + open.trailing_zeros() as usize;
                open &= open - 1;
                let k = cand[c].count_ones();
                best = best.min(k);
                let weight: u64 = g.cell_houses[c]
                    .iter()
                    .map(|&h| self.weights[h as usize] as u64)
                    .sum();
                // k / weight against key.0 / key.1, in integers. Only the "none yet" key
                // (`u64::MAX`) can overflow, and saturating keeps it above every real key.
                let (lhs, rhs) = (k as u64 * key.1, key.0.saturating_mul(weight));
                if lhs > rhs {
                    continue;
                }
                let score = if k == 2 {
                    let peers = &g.peers[c * g.npeers..(c + 1) * g.npeers];
                    // (A placed cell has one candidate, so it never counts.)
                    1 + peers
                        .iter()
                        .filter(|&&x| cand[x as usize].count_ones() == 2)
                        .count()
                } else {
                    0
                };
                if lhs < rhs || score > key.2 {
                    key = (k as u64, weight, score);
                    best_cell = c;
                }
            }
        }
        if best_cell == usize::MAX {
            return false;
        }
        if best > 2 {
            // A (house, digit) with fewer places than the best cell has candidates.
            let placed = &words[g.nn..g.nn + 3 * g.n];
            let mut best_hd = None;
            // PERF: bit-sliced saturating counters, `level[j]` = digits seen at least j + 1
            // times; one pass over the house instead of one per digit.
            let mut level = [0u64; 65];
            for (h, &placed_h) in placed.iter().enumerate() {
                let cells = &g.houses[h * g.n..(h + 1) * g.n];
                let depth = best as usize;
                level[..depth].fill(0);
                for &c in cells {
                    let m = cand[c as usize];
                    for j in (1..depth).rev() {
                        level[j] |= level[j - 1] & m;
                    }
                    level[0] |= m;
                }
                let open = g.all & !placed_h;
                // Digits with exactly k places, k < best.
                for k in 1..depth {
                    let exact = open & level[k - 1] & !level[k];
                    if exact != 0 {
                        best = k as u32;
                        best_hd = Some((h, exact & exact.wrapping_neg()));
                        break;
                    }
                }
                if best <= 2 {
                    break;
                }
            }
            if let Some((h, bit)) = best_hd {
                for &c in &g.houses[h * g.n..(h + 1) * g.n] {
                    if cand[c as usize] & bit != 0 {
                        out.push((c, bit));
                        if self.prefer[c as usize] == bit {
                            let last = out.len() - 1;
                            out.swap(0, last);
                        }
                    }
                }
                return true;
            }
        }
        let mut m = cand[best_cell];
        let first = m & self.prefer[best_cell];
        if first != 0 {
            out.push((best_cell as u16, first));
            m &= !first;
        }
        while m != 0 {
            out.push((best_cell as u16, m & m.wrapping_neg()));
            m &= m - 1;
        }
        true
    }

    fn record(&mut self, level: usize) {
        if self.solutions == 0 {
            let stride = self.g.stride();
            let cand = &self.arena[level * stride..level * stride + self.g.nn];
            self.first = Some(cand.iter().map(|&m| m.trailing_zeros() as u8 + 1).collect());
        }
        self.solutions += 1;
    }

    /// Records where a contradiction showed, and forgets the pending work.
    fn blame(&mut self, e: Contradiction) {
        self.reset();
        self.failed = true;
        match e {
            Contradiction::Cell(c) => {
                for h in self.g.cell_houses[c as usize] {
                    self.weights[h as usize] += 1;
                }
            }
            Contradiction::House(h) => self.weights[h as usize] += 1,
        }
    }

    /// Forgets pending work after a contradiction.
    fn reset(&mut self) {
        self.queue.clear();
        self.dirty = [0; 3];
    }

    /// Depth-first search from the state at level 0 (already holding pending work), with an
    /// explicit stack of branch points: `frames[l]` holds the alternatives of the state at
    /// level `l` and the next one to try. Invariant at the top of the loop: the state to
    /// expand is at `level == frames.len()`, the child of the innermost branch point.
    fn search(&mut self) {
        let g = self.g;
        let stride = g.stride();
        let mut frames: Vec<Frame> = Vec::new();
        let mut spare: Vec<Vec<(u16, u64)>> = Vec::new();
        let mut level = 0;
        loop {
            // Expand the state at `level`.
            if let Err(e) = self.propagate(level) {
                self.blame(e);
            } else {
                let mut alts = spare.pop().unwrap_or_default();
                if !self.choose(level, &mut alts) {
                    self.record(level);
                    spare.push(alts);
                    if self.solutions >= self.limit {
                        return;
                    }
                } else {
                    if self.guesses >= self.budget
                        || (self.failed && self.guesses >= self.restart_at)
                        || (self.guesses % CLOCK_EVERY == 0 && past(self.deadline))
                    {
                        self.stopped = true;
                        return;
                    }
                    self.guesses += 1;
                    if self.arena.len() < (level + 2) * stride {
                        self.arena.resize((level + 2) * stride, 0);
                    }
                    frames.push(Frame { alts, next: 0 });
                }
            }
            // Take the next alternative of the innermost branch point; the state at `level`
            // (its child, or itself if a frame was just pushed) is done with.
            loop {
                let fl = frames.len().wrapping_sub(1);
                let Some(frame) = frames.last_mut() else {
                    return;
                };
                let (cur, next) = self.arena.split_at_mut((fl + 1) * stride);
                let cur = &mut cur[fl * stride..];
                if frame.next > 0 {
                    // The previous alternative was explored in the child: remove it here.
                    let (cell, bit) = frame.alts[frame.next - 1];
                    let mut st = StateMut::split(cur, g);
                    if let Err(e) = Self::remove(
                        g,
                        &mut st,
                        &mut self.queue,
                        &mut self.dirty,
                        cell as usize,
                        bit,
                    ) {
                        self.blame(e);
                        if let Some(f) = frames.pop() {
                            spare.push(f.alts);
                        }
                        continue;
                    }
                }
                let k = frame.next;
                frame.next += 1;
                let (cell, bit) = frame.alts[k];
                // The last alternative goes on in place, the others in a copy at the next
                // level.
                let last = k + 1 == frame.alts.len();
                let state = if last {
                    if let Some(f) = frames.pop() {
                        spare.push(f.alts);
                    }
                    cur
                } else {
                    next[..stride].copy_from_slice(cur);
                    &mut next[..stride]
                };
                let mut st = StateMut::split(state, g);
                if let Err(e) = Self::assign(
                    g,
                    &mut st,
                    &mut self.queue,
                    &mut self.dirty,
                    cell as usize,
                    bit,
                ) {
                    self.blame(e);
                    continue;
                }
                level = if last { fl } else { fl + 1 };
                break;
            }
        }
    }
}

/// For segment `k` of line `line`, where `segs` holds the digit unions of the `w` segments of
/// each line (and `w` lines cross each box): the segment's own digits, those of the rest of
/// its line, and those of the rest of its box.
#[inline(always)]
fn segment_unions(segs: &[u64], w: usize, line: usize, k: usize) -> (u64, u64, u64) {
    let own = &segs[line * w..(line + 1) * w];
    let in_line = own
        .iter()
        .enumerate()
        .filter(|&(k2, _)| k2 != k)
        .fold(0, |a, (_, &m)| a | m);
    let first = (line / w) * w;
    let in_box = (first..first + w)
        .filter(|&l2| l2 != line)
        .fold(0, |a, l2| a | segs[l2 * w + k]);
    (own[k], in_line, in_box)
}

/// A branch point of [`Solver::search`].
struct Frame {
    /// The alternatives, as (cell, digit bit).
    alts: Vec<(u16, u64)>,
    /// The next alternative to try.
    next: usize,
}

/// Solves with the generic path; `cells` must already be validated (length `N²`, values
/// `0..=N`). The search stops after `budget` guesses or at `deadline` (checked every
/// [`CLOCK_EVERY`] guesses), whichever comes first.
pub(crate) fn solve(
    shape: Shape,
    cells: &[u8],
    limit: u64,
    budget: Option<u64>,
    deadline: Option<Instant>,
) -> Answer {
    let g = Geometry::new(shape);
    attempt(
        &g,
        cells,
        limit,
        budget.unwrap_or(u64::MAX),
        deadline,
        FIRST_CUTOFF,
    )
}

/// Guesses allowed in the first run of a search for one solution; each restart allows half
/// as many again.
const FIRST_CUTOFF: u64 = 500;

/// Depth-first search with a guess budget. A search for one solution restarts from the
/// givens whenever a run has met a dead end and used its cutoff of guesses, keeping the
/// house weights learned so far (so the next run guesses elsewhere); the cutoff grows by half
/// each time, so a run eventually completes and an answer of "no solution" stays exact. A
/// run without a dead end is never cut: it is on its way to a solution (a blank grid of
/// 64x64 takes 3,000 guesses, none wrong, see [`guide`]). Searches for more solutions
/// (counts, uniqueness) run once: a restart would find the same solutions again.
///
/// PERF: first cutoff (growth 1.5), limit 1, 100 random 25x25 grids with 55% blanks / 100
/// with 62% / 300 16x16 with 65%, budget 100,000 guesses: no restarts 2 stopped, 13.2 s /
/// 1 stopped, 2.0 s / 0.23 s; 50: 1, 7.4 s / 0, 1.2 s / 0.14 s; 200: 1, 5.6 s / 0, 1.1 s /
/// 0.14 s; 500: 0, 6.9 s / 0, 0.8 s / 0.11 s; 1000: 1, 9.1 s / 0, 0.8 s / 0.10 s. Hard
/// puzzles with one solution (the shared 16x16 ones: 376 guesses) finish in the first run.
/// (Restarts with random tie-breaking and no weights were tried before: no clear gain.)
fn attempt(
    g: &Geometry,
    cells: &[u8],
    limit: u64,
    budget: u64,
    deadline: Option<Instant>,
    first_cutoff: u64,
) -> Answer {
    let mut solver = Solver {
        g,
        arena: vec![0; g.stride() * 8],
        queue: Vec::with_capacity(g.nn),
        dirty: [0; 3],
        seg: vec![0; 2 * g.n * g.n],
        limit,
        budget,
        solutions: 0,
        guesses: 0,
        first: None,
        stopped: false,
        weights: vec![1; 3 * g.n],
        deadline,
        prefer: guide(g, cells),
        restart_at: u64::MAX,
        failed: false,
    };
    let mut cutoff = first_cutoff.max(1);
    loop {
        solver.queue.clear();
        solver.dirty = [0; 3];
        solver.stopped = false;
        if limit == 1 {
            solver.restart_at = solver.guesses.saturating_add(cutoff);
            solver.failed = false;
        }
        if limit == 0 || init(&mut solver, cells).is_err() {
            break;
        }
        // All houses are checked once at the start.
        for h in 0..3 * g.n {
            solver.dirty[h >> 6] |= 1 << (h & 63);
        }
        solver.search();
        let restart =
            solver.stopped && solver.solutions == 0 && solver.guesses < budget && !past(deadline);
        if !restart {
            break;
        }
        cutoff = cutoff.saturating_add(cutoff.div_ceil(2));
    }
    Answer {
        solutions: solver.solutions,
        solution: solver.first,
        guesses: solver.guesses,
        complete: !solver.stopped,
    }
}

/// A complete grid to try first, for a blank grid or one whose givens all fit it: the pattern
/// grid `((r % p) q + r / p + c) mod N`, its digits relabelled to match the givens. Each
/// guess tries the guide's digit first (or, on a house and digit, the guide's cell for it),
/// so such a grid is filled without a dead end. Any other puzzle gets no guide (all zero):
/// a pattern that disagrees with a given points nowhere in particular.
///
/// PERF: blank grids, one solution, budget 200,000 guesses: 36x36 5,212 guesses (0.17 s)
/// -> 922 (0.04 s), 56x56 9,294 (0.84 s) -> 2,312 (0.24 s), 60x60 196,923 (12.2 s) -> 2,689
/// (0.33 s), 64x64 stopped -> 3,012 (0.42 s). Guiding every puzzle by the pattern that
/// agrees with most givens instead was worse on random ones (25x25 with 55% blank: 32,560 ->
/// 115,380 guesses for ten, one stopped).
fn guide(g: &Geometry, cells: &[u8]) -> Vec<u64> {
    let (p, q, n) = (g.p, g.q, g.n);
    let pattern = |c: usize| (q * (c / n % p) + c / n / p + c % n) % n;
    // label[k]: the digit (as a bit) that pattern digit k stands for; taken: the digits so
    // far given a pattern digit.
    let mut label = vec![0u64; n];
    let mut taken = 0u64;
    for (c, &v) in cells.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (k, bit) = (pattern(c), 1u64 << (v - 1));
        if label[k] == 0 && taken & bit == 0 {
            label[k] = bit;
            taken |= bit;
        } else if label[k] != bit {
            return vec![0; g.nn];
        }
    }
    let mut free = g.all & !taken;
    for l in label.iter_mut().filter(|l| **l == 0) {
        *l = free & free.wrapping_neg();
        free &= free.wrapping_sub(1);
    }
    (0..g.nn).map(|c| label[pattern(c)]).collect()
}

fn init(solver: &mut Solver, cells: &[u8]) -> Result<(), Contradiction> {
    let g = solver.g;
    let stride = g.stride();
    let words = &mut solver.arena[..stride];
    words.fill(0);
    let mut st = StateMut::split(words, g);
    st.cand.fill(g.all);
    for (cell, &v) in cells.iter().enumerate() {
        if v != 0 {
            Solver::assign(
                g,
                &mut st,
                &mut solver.queue,
                &mut solver.dirty,
                cell,
                1 << (v - 1),
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern grid `((r % p) q + r / p + c) mod N` of `shape`, digits relabelled and
    /// about `blanks` cells erased, all by a xorshift sequence from `seed`.
    fn puzzle(shape: Shape, blanks: usize, seed: &mut u64) -> Vec<u8> {
        let mut next = |n: usize| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed % n as u64) as usize
        };
        let (p, q) = (shape.rows as usize, shape.cols as usize);
        let n = p * q;
        let mut digit: Vec<u8> = (1..=n as u8).collect();
        for i in (1..n).rev() {
            digit.swap(i, next(i + 1));
        }
        let mut cells: Vec<u8> = (0..n * n)
            .map(|i| digit[(q * (i / n % p) + i / n / p + i % n) % n])
            .collect();
        for _ in 0..blanks {
            cells[next(n * n)] = 0;
        }
        cells
    }

    fn is_solution(shape: Shape, givens: &[u8], grid: &[u8]) -> bool {
        let g = Geometry::new(shape);
        (0..g.nn).all(|c| givens[c] == 0 || givens[c] == grid[c])
            && (0..3 * g.n).all(|h| {
                let seen = g.houses[h * g.n..(h + 1) * g.n]
                    .iter()
                    .fold(0u64, |m, &c| m | 1 << (grid[c as usize] - 1));
                seen == g.all
            })
    }

    #[test]
    fn restarts_keep_answers_exact() {
        // With a cutoff of one guess the search restarts again and again; whether a solution
        // exists must not change, and a "none" must still come from a complete search.
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        let (mut restarted, mut none) = (0, 0);
        for (p, q) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape { rows: p, cols: q };
            let g = Geometry::new(shape);
            for k in 0..40 {
                let mut cells = puzzle(shape, g.nn * 6 / 10, &mut seed);
                if k % 2 == 1 {
                    // Change a given: most such puzzles have no solution left.
                    let i = cells.iter().position(|&v| v != 0).unwrap();
                    cells[i] = cells[i] % g.n as u8 + 1;
                }
                let plain = attempt(&g, &cells, 2, u64::MAX, None, u64::MAX);
                let hurried = attempt(&g, &cells, 1, u64::MAX, None, 1);
                assert!(plain.complete && hurried.complete);
                assert_eq!(
                    plain.solutions.min(1),
                    hurried.solutions,
                    "{p}x{q} {cells:?}"
                );
                if let Some(grid) = &hurried.solution {
                    assert!(is_solution(shape, &cells, grid), "{p}x{q} {cells:?}");
                }
                restarted += (hurried.guesses > 1) as u32;
                none += (plain.solutions == 0) as u32;
            }
        }
        assert!(
            restarted > 10 && none > 10,
            "restarted {restarted}, none {none}"
        );
    }

    /// The guide of `cells` as digits `1..=N`.
    fn guide_grid(g: &Geometry, cells: &[u8]) -> Vec<u8> {
        guide(g, cells)
            .iter()
            .map(|&bit| bit.trailing_zeros() as u8 + 1)
            .collect()
    }

    #[test]
    fn the_guide_of_a_blank_grid_is_a_solution() {
        for (p, q) in [
            (1, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 4),
            (5, 5),
            (7, 9),
            (8, 8),
        ] {
            let shape = Shape { rows: p, cols: q };
            let g = Geometry::new(shape);
            let blank = vec![0u8; g.nn];
            assert!(
                is_solution(shape, &blank, &guide_grid(&g, &blank)),
                "{p}x{q}"
            );
        }
    }

    #[test]
    fn the_guide_follows_fitting_givens_and_ignores_others() {
        let mut seed = 0x2545_F491_4F6C_DD1D;
        let shape = Shape { rows: 3, cols: 4 };
        let g = Geometry::new(shape);
        let cells = puzzle(shape, g.nn * 7 / 10, &mut seed);
        assert!(is_solution(shape, &cells, &guide_grid(&g, &cells)));
        // One given changed: no relabelled pattern fits, so no guide.
        let mut off = cells.clone();
        let i = off.iter().position(|&v| v != 0).unwrap();
        off[i] = off[i] % g.n as u8 + 1;
        assert!(guide(&g, &off).iter().all(|&bit| bit == 0));
    }

    #[test]
    fn geometry_counts() {
        let g = Geometry::new(Shape { rows: 2, cols: 3 });
        assert_eq!(g.n, 6);
        assert_eq!(g.npeers, 5 + 5 + 2);
        // 6 boxes x (2 rows + 3 columns).
        assert_eq!(g.segments.len(), 6 * 5);
        assert!(
            g.segments[..12]
                .iter()
                .all(|s| (s.len, s.line_rest, s.box_rest) == (3, 3, 3))
        );
        assert!(
            g.segments[12..]
                .iter()
                .all(|s| (s.len, s.line_rest, s.box_rest) == (2, 4, 4))
        );
    }
}
