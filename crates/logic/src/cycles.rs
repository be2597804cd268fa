//! Sudoku Explainer's first level of chains: bidirectional cycles and forcing chains on the
//! board as it is (static links), in three passes:
//!
//! - X (links on one digit): X-cycles (6.5) and X-chains (6.6);
//! - Y (links through bivalue cells, weak links between cells on one digit): Y-cycles (6.5);
//! - XY (both): cycles (7.0) and forcing chains (7.0);
//!
//! each plus the length increment of its complexity (the potentials of the cycle, or of the
//! chain to its target). The step taken is the one of smallest rating, then complexity, then
//! pass, then order found, as Sudoku Explainer sorts them.
//!
//! # The search
//!
//! A *potential* is a candidate (cell `c`, digit `d`: `p = c * N + d`) said on or off. From
//! one potential, a breadth-first search alternates two rounds until nothing is new:
//!
//! - each pending `on(c, d)` makes `off` the other candidates of `c` (Y links) and `d` in
//!   every peer of `c` (its box, row and column in that order);
//! - each pending `off(c, d)` makes `on` the other candidate of a bivalue `c` (Y links), and
//!   the other place of `d` in a box, row or column where `d` has two places (X links).
//!
//! A forcing chain is found when `on(p)` reaches `off(p)` (then `p` is false) or `off(p)`
//! reaches `on(p)` (then `p` is true); the search keeps the first way it reaches each
//! potential. A cycle is found when the search from `on(p)` comes back to `on(p)` after two
//! rounds or more; there, an `off` potential is followed from every `on` that reaches it,
//! so every shortest return is a cycle. A cycle removes a candidate that sees an `on` and an
//! `off` potential of its digit in the cycle (outside the cycle's cells).

use crate::basic::{bits, fmt_elims};
use crate::board::Topology;
use crate::step::{Candidate, Link, Pattern, Step, Technique, length_increment};
use crate::technique::TechniqueSet;

const NONE: u32 = u32::MAX;

/// How a node was derived: the root, a cell link, or a link in house `h` (its index).
const ROOT: u16 = u16::MAX;
const CELL: u16 = u16::MAX - 1;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pot: u32,
    on: bool,
    parent: u32,
    cause: u16,
}

/// Scratch space for the searches on one board size.
pub(crate) struct Scratch {
    n: usize,
    /// `on_node[p] = i + 1` iff node `i` is the first `on(p)` reached (likewise `off_node`).
    on_node: Vec<u32>,
    off_node: Vec<u32>,
    touched: Vec<u32>,
    nodes: Vec<Node>,
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    /// A queue's allocation kept between rounds.
    spare: Vec<u32>,
    /// Places of digit `d` in house `h`, at `h * N + d`.
    count: Vec<u8>,
    /// The links of the board searched (see [`Search`]).
    links: Vec<(u32, u16)>,
    bounds: Vec<[u32; 5]>,
    /// The links of `links` as potential bitsets (`w` words a row), for [`chain_reach`]:
    /// table 0 the `off`s an `on` makes with cell links, 1 without; table 2 the `on`s an
    /// `off` makes in houses, 3 in houses and cells (rows of the board's candidates only).
    reach: Vec<u64>,
    /// Whether `reach` holds the rows of the board searched.
    reach_made: bool,
    w: usize,
    /// `chain_reach`'s frontiers and visited sets, `w` words each.
    sets: Vec<u64>,
    /// A cycle search's returns to its root (kept for the allocation).
    returns: Vec<u32>,
    /// The strongly connected components of the links of one pass (see [`Graph`]).
    graph: Graph,
    /// When to stop (looked at every 16 starting candidates); a cut search finds nothing
    /// and sets `expired`.
    pub(crate) deadline: Option<dlx_time::Instant>,
    pub(crate) expired: bool,
    /// Whether the step found goes without its sentence and pattern (`Board::silent`).
    pub(crate) silent: bool,
}

impl Scratch {
    pub(crate) fn new(n: usize) -> Scratch {
        Scratch {
            n,
            on_node: vec![0; n * n * n],
            off_node: vec![0; n * n * n],
            touched: Vec::new(),
            nodes: Vec::new(),
            pend_on: Vec::new(),
            pend_off: Vec::new(),
            spare: Vec::new(),
            count: vec![0; 3 * n * n],
            links: Vec::new(),
            bounds: Vec::new(),
            reach: Vec::new(),
            reach_made: false,
            w: (n * n * n).div_ceil(64),
            sets: Vec::new(),
            returns: Vec::new(),
            graph: Graph::default(),
            deadline: None,
            expired: false,
            silent: false,
        }
    }

    /// An empty queue (the last one handled, kept for its allocation).
    fn take_spare(&mut self) -> Vec<u32> {
        let mut v = std::mem::take(&mut self.spare);
        v.clear();
        v
    }

    fn reset(&mut self) {
        for &p in &self.touched {
            self.on_node[p as usize] = 0;
            self.off_node[p as usize] = 0;
        }
        self.touched.clear();
        self.nodes.clear();
        self.pend_on.clear();
        self.pend_off.clear();
    }

    fn node(&mut self, pot: usize, on: bool, parent: u32, cause: u16) -> u32 {
        self.nodes.push(Node {
            pot: pot as u32,
            on,
            parent,
            cause,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Marks node `i` as the first of its potential.
    fn mark(&mut self, i: u32) {
        let nd = self.nodes[i as usize];
        let p = nd.pot as usize;
        if self.on_node[p] == 0 && self.off_node[p] == 0 {
            self.touched.push(p as u32);
        }
        if nd.on {
            self.on_node[p] = i + 1;
        } else {
            self.off_node[p] = i + 1;
        }
    }

    /// Whether the potential (`pot`, `on`) is node `i` or one of its ancestors.
    fn is_ancestor(&self, i: u32, pot: usize, on: bool) -> bool {
        let mut cur = i;
        while cur != NONE {
            let nd = self.nodes[cur as usize];
            if nd.pot as usize == pot && nd.on == on {
                return true;
            }
            cur = nd.parent;
        }
        false
    }

    /// The nodes from the root to `i`.
    fn path(&self, i: u32) -> Vec<Node> {
        let mut v = Vec::new();
        let mut cur = i;
        while cur != NONE {
            let nd = self.nodes[cur as usize];
            v.push(nd);
            cur = nd.parent;
        }
        v.reverse();
        v
    }
}

/// The links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pass {
    x: bool,
    y: bool,
}

impl Pass {
    const X: Pass = Pass { x: true, y: false };
    const Y: Pass = Pass { x: false, y: true };
    const XY: Pass = Pass { x: true, y: true };

    /// Sudoku Explainer's sort key: X 2, Y 3, XY 4.
    fn key(self) -> u8 {
        match (self.x, self.y) {
            (true, false) => 2,
            (false, true) => 3,
            _ => 4,
        }
    }

    fn cycle(self) -> Technique {
        match (self.x, self.y) {
            (true, false) => Technique::XCycle,
            (false, true) => Technique::YCycle,
            _ => Technique::XyCycle,
        }
    }

    fn chain(self) -> Technique {
        if self.y {
            Technique::ForcingChain
        } else {
            Technique::XChain
        }
    }
}

/// The search: a board's topology and candidates, with every potential's links made once
/// per board (`links[bounds[p][0]..bounds[p][4]]`: the `off`s an `on(p)` makes in its cell,
/// then in its peers; the `on`s an `off(p)` makes in its cell, then in its houses).
struct Search<'a> {
    topo: &'a Topology,
    cand: &'a [u64],
    links: &'a [(u32, u16)],
    bounds: &'a [[u32; 5]],
}

/// The links of every candidate of `cand`, in the order [`Search::on_to_off`] and
/// [`Search::off_to_on`] give them, into `links` and `bounds` (indexed by potential).
fn make_links(
    topo: &Topology,
    cand: &[u64],
    count: &[u8],
    links: &mut Vec<(u32, u16)>,
    bounds: &mut Vec<[u32; 5]>,
) {
    let n = topo.n;
    links.clear();
    bounds.resize(n * n * n, [0; 5]);
    let sr = Search {
        topo,
        cand,
        links: &[],
        bounds: &[],
    };
    let mut buf = Vec::new();
    let all = Pass::XY;
    for (c, &m) in cand.iter().enumerate() {
        for d in bits(m) {
            let p = c * n + d;
            let mut b = [0u32; 5];
            b[0] = links.len() as u32;
            sr.on_to_off(p, true, &mut buf);
            let cell = bits(m).count() - 1;
            b[1] = b[0] + cell as u32;
            links.extend(buf.iter().map(|&(q, h)| (q as u32, h)));
            b[2] = links.len() as u32;
            sr.off_to_on(p, all, count, &mut buf);
            let cell = usize::from(m.count_ones() == 2);
            b[3] = b[2] + cell as u32;
            links.extend(buf.iter().map(|&(q, h)| (q as u32, h)));
            b[4] = links.len() as u32;
            bounds[p] = b;
        }
    }
}

impl Search<'_> {
    /// The `off`s an `on(p)` makes (in its cell only with Y links), made by [`make_links`].
    #[inline]
    fn offs(&self, pot: usize, y: bool) -> &[(u32, u16)] {
        let b = &self.bounds[pot];
        let from = if y { b[0] } else { b[1] };
        &self.links[from as usize..b[2] as usize]
    }

    /// The `on`s an `off(p)` makes with the links of `pass`, made by [`make_links`].
    #[inline]
    fn ons(&self, pot: usize, pass: Pass) -> &[(u32, u16)] {
        let b = &self.bounds[pot];
        let from = if pass.y { b[2] } else { b[3] };
        let to = if pass.x { b[4] } else { b[3] };
        &self.links[from as usize..to as usize]
    }

    /// The `off` potentials an `on(c, d)` makes, in Sudoku Explainer's order, with the
    /// house of the link (or `CELL`).
    fn on_to_off(&self, pot: usize, y: bool, out: &mut Vec<(usize, u16)>) {
        let t = self.topo;
        let n = t.n;
        let (c, d) = (pot / n, pot % n);
        out.clear();
        if y {
            for e in bits(self.cand[c] & !(1 << d)) {
                out.push((c * n + e, CELL));
            }
        }
        for (&q, &h) in t.se_peers[c].iter().zip(&t.se_peer_house[c]) {
            let q = q as usize;
            if self.cand[q] >> d & 1 != 0 {
                out.push((q * n + d, h));
            }
        }
        // a variant's pair rules (nonconsecutive...): none on a classic board
        for &(q, m) in t.excluded(c, d) {
            let q = q as usize;
            out.extend(bits(self.cand[q] & m).map(|e| (q * n + e, crate::board::SEES)));
        }
    }

    /// The `on` potentials an `off(c, d)` makes, in Sudoku Explainer's order, with the house
    /// of the link (or `CELL`).
    fn off_to_on(&self, pot: usize, pass: Pass, count: &[u8], out: &mut Vec<(usize, u16)>) {
        let t = self.topo;
        let n = t.n;
        let (c, d) = (pot / n, pot % n);
        out.clear();
        if pass.y && self.cand[c].count_ones() == 2 {
            let e = (self.cand[c] & !(1 << d)).trailing_zeros() as usize;
            out.push((c * n + e, CELL));
        }
        if pass.x {
            for &h in &t.se_houses_of[c] {
                let h = h as usize;
                if count[h * n + d] != 2 {
                    continue;
                }
                for &q in &t.houses[h] {
                    let q = q as usize;
                    if q != c && self.cand[q] >> d & 1 != 0 {
                        let p = q * n + d;
                        if !out.iter().any(|x| x.0 == p) {
                            out.push((p, h as u16));
                        }
                    }
                }
            }
            // a variant's other full houses (diagonals, windows, disjoint groups)
            for &(h, _) in &t.extra_of[c] {
                let h = h as usize;
                if count[h * n + d] != 2 {
                    continue;
                }
                for &q in t.cells(h) {
                    let q = q as usize;
                    if q != c && self.cand[q] >> d & 1 != 0 {
                        let p = q * n + d;
                        if !out.iter().any(|x| x.0 == p) {
                            out.push((p, h as u16));
                        }
                    }
                }
            }
        }
    }
}

impl Search<'_> {
    /// The link from `off(pot)` to `on(p)` that [`Search::off_to_on`] would give, if any.
    fn back_to(&self, pot: usize, p: usize, pass: Pass, count: &[u8]) -> Option<u16> {
        let t = self.topo;
        let n = t.n;
        let (c, d) = (pot / n, pot % n);
        let (pc, pd) = (p / n, p % n);
        if pc == c {
            let m = self.cand[c];
            return (pass.y && pd != d && m.count_ones() == 2 && m >> pd & 1 != 0).then_some(CELL);
        }
        if !pass.x || pd != d {
            return None;
        }
        t.se_houses_of[c]
            .iter()
            .copied()
            .find(|&h| count[h as usize * n + d] == 2 && t.cell_houses[pc].contains(&h))
            .or_else(|| {
                t.extra_of[c].iter().map(|&(h, _)| h).find(|&h| {
                    count[h as usize * n + d] == 2 && t.extra_of[pc].iter().any(|x| x.0 == h)
                })
            })
    }
}

/// One hint of the level.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    tenths: u16,
    pub(crate) complexity: usize,
    key: u8,
    technique: Technique,
    /// The nodes of the chain or cycle, root first.
    path: Vec<Node>,
    elims: Vec<(usize, usize)>,
    placement: Option<(usize, usize)>,
    cycle: bool,
    /// The eliminations as potentials (`cell * N + digit`), for the levels that nest this one.
    pub(crate) removals: Vec<usize>,
}

impl Found {
    fn rank(&self) -> (u16, usize, u8) {
        (self.tenths, self.complexity, self.key)
    }
}

fn rate(technique: Technique, complexity: usize) -> u16 {
    technique.base_tenths() + length_increment(complexity.saturating_sub(2))
}

/// What a search keeps: the best hint, or every hint (for the levels that nest this one).
enum Keep {
    Best(Option<Found>),
    All(Vec<Found>),
}

impl Keep {
    fn offer(&mut self, f: Found) {
        match self {
            Keep::Best(best) => {
                if best.as_ref().is_none_or(|b| f.rank() < b.rank()) {
                    *best = Some(f);
                }
            }
            Keep::All(v) => v.push(f),
        }
    }

    /// Whether a hint ranked `rank` could still be kept.
    fn may_keep(&self, rank: (u16, usize, u8)) -> bool {
        match self {
            Keep::Best(best) => best.as_ref().is_none_or(|b| rank < b.rank()),
            Keep::All(_) => true,
        }
    }

    /// Whether a hint of any rank would be kept.
    fn keeps_any(&self) -> bool {
        matches!(self, Keep::Best(None) | Keep::All(_))
    }

    fn best_tenths(&self) -> Option<u16> {
        match self {
            Keep::Best(best) => best.as_ref().map(|b| b.tenths),
            Keep::All(_) => None,
        }
    }
}

/// The chains and cycles of the level on `cand`, of the techniques of `wanted`: the step
/// Sudoku Explainer takes.
pub(crate) fn chains_and_cycles(
    topo: &Topology,
    cand: &[u64],
    s: &mut Scratch,
    wanted: TechniqueSet,
) -> Option<Step> {
    let mut keep = Keep::Best(None);
    search(topo, cand, s, wanted, &mut keep);
    match keep {
        Keep::Best(Some(best)) => Some(make_step(topo, &best, s.silent)),
        _ => None,
    }
}

/// Every hint of the level on `cand` (for nested chains), smallest rating first.
pub(crate) fn all_hints(topo: &Topology, cand: &[u64], s: &mut Scratch) -> Vec<Found> {
    let mut keep = Keep::All(Vec::new());
    let wanted: TechniqueSet = [
        Technique::XCycle,
        Technique::YCycle,
        Technique::XChain,
        Technique::XyCycle,
        Technique::ForcingChain,
    ]
    .into_iter()
    .collect();
    search(topo, cand, s, wanted, &mut keep);
    let Keep::All(mut v) = keep else {
        return Vec::new();
    };
    v.sort_by_key(|f| f.rank());
    v
}

/// The `off` potentials a hint found on `grid` depends on: the candidates of `orig` gone
/// from `grid` where a link of the hint's chain needed a cell or a house with two places.
pub(crate) fn rule_parents(topo: &Topology, grid: &[u64], orig: &[u64], f: &Found) -> Vec<usize> {
    let n = topo.n;
    let mut out: Vec<usize> = Vec::new();
    let mut push = |p: usize| {
        if !out.contains(&p) {
            out.push(p);
        }
    };
    for nd in &f.path {
        // a cycle is also walked reversed, where its offs are ons: every node counts
        let counts = nd.on || f.cycle;
        if !counts || nd.cause == ROOT {
            continue;
        }
        let (c, d) = (nd.pot as usize / n, nd.pot as usize % n);
        if nd.cause == CELL {
            for x in bits(orig[c] & !grid[c]) {
                push(c * n + x);
            }
        } else if (nd.cause as usize) < topo.nfull() {
            // (a variant's link of a knight's or king's move, `board::SEES`, has no house)
            for &k in topo.cells(nd.cause as usize) {
                let k = k as usize;
                if orig[k] >> d & 1 != 0 && grid[k] >> d & 1 == 0 {
                    push(k * n + d);
                }
            }
        }
    }
    out
}

/// `count[h * n + d]`: the places of digit `d` in house `h` (every house, `topo.nfull()`).
fn house_counts(topo: &Topology, cand: &[u64], count: &mut Vec<u8>) {
    let n = topo.n;
    count.clear();
    count.resize(topo.nfull() * n, 0);
    for h in 0..topo.nfull() {
        for &k in topo.cells(h) {
            for d in bits(cand[k as usize]) {
                count[h * n + d] += 1;
            }
        }
    }
}

fn search(topo: &Topology, cand: &[u64], s: &mut Scratch, wanted: TechniqueSet, keep: &mut Keep) {
    let n = topo.n;
    debug_assert_eq!(s.n, n);
    house_counts(topo, cand, &mut s.count);
    let count = s.count.clone();
    let (mut links, mut bounds) = (std::mem::take(&mut s.links), std::mem::take(&mut s.bounds));
    make_links(topo, cand, &count, &mut links, &mut bounds);
    let sr = Search {
        topo,
        cand,
        links: &links,
        bounds: &bounds,
    };
    // (made when a chain's bitset search first needs them: most boards need none)
    s.reach_made = false;
    search_with(&sr, s, &count, wanted, keep);
    s.links = links;
    s.bounds = bounds;
}

fn search_with(sr: &Search, s: &mut Scratch, count: &[u8], wanted: TechniqueSet, keep: &mut Keep) {
    let cand = sr.cand;
    let n = sr.topo.n;
    for pass in [Pass::X, Pass::Y, Pass::XY] {
        let cycles = wanted.contains(pass.cycle());
        let chains = pass.x && wanted.contains(pass.chain());
        if !cycles && !chains {
            continue;
        }
        // a pass whose base is above the best rating found cannot win
        let floor = if cycles {
            pass.cycle().base_tenths()
        } else {
            pass.chain().base_tenths()
        };
        if keep.best_tenths().is_some_and(|b| b < floor) {
            continue;
        }
        // PERF: which potentials lie on a cycle, and which reach which, once for the pass
        let mut graph = std::mem::take(&mut s.graph);
        graph.make(sr, pass, chains);
        for (c, &m) in cand.iter().enumerate() {
            if m.count_ones() < 2 {
                continue;
            }
            if !pass.x && m.count_ones() > 2 {
                continue; // Y-cycles start in bivalue cells
            }
            if c % 16 == 0 && s.deadline.is_some_and(|t| dlx_time::Instant::now() >= t) {
                s.expired = true;
                s.graph = graph;
                return;
            }
            for d in bits(m) {
                let p = c * n + d;
                // a cycle returns to `on(p)`, and a chain from `off(p)` reaches it, only by a
                // strong link of `p` (the other candidate of a bivalue cell, the other place
                // of a house with two): without one, neither search can find anything
                // (and a cycle through `on(p)` needs a return: `on(p)` in a component of the
                // links with more than one potential; a chain needs its end reachable)
                // (and a cycle removes a candidate only if one sees an `on` and an `off` of its
                // digit in the cycle: in its component at least)
                if cycles
                    && !sr.ons(p, pass).is_empty()
                    && graph.on_cycle(2 * p)
                    && graph.may_eliminate(sr, 2 * p, &mut s.sets)
                {
                    cycle_search(sr, s, count, p, pass, keep);
                }
                if chains {
                    let strong = !sr.ons(p, Pass { x: true, ..pass }).is_empty();
                    for on in [true, false] {
                        if !on && !strong {
                            continue;
                        }
                        // (while any chain would be kept, the bitset search only asks what
                        // the components already tell)
                        if graph.reaches(p, on)
                            && (keep.keeps_any() || chain_reach(sr, s, p, on, pass, keep))
                        {
                            chain_search(sr, s, p, on, pass, keep);
                        }
                    }
                }
            }
        }
        s.graph = graph;
    }
}

/// The links of one pass as a graph on potentials (node `2p` is `on(p)`, `2p + 1` is
/// `off(p)`, with the edges the cycle and chain searches follow: `on` to `off` by
/// [`Search::offs`], `off` to `on` by [`Search::ons`]), cut into strongly connected
/// components (Tarjan's algorithm); with `closure`, each component's set of the components
/// it reaches. A cycle through `on(p)` needs `on(p)` in a component of two nodes or more,
/// a chain from one potential to another needs the second reachable from the first: the
/// searches skip the roots that cannot find anything (found in one pass over the links
/// instead of a breadth-first search from every root).
#[derive(Default)]
struct Graph {
    /// The component of each node (`NONE` for a potential not on the board).
    comp: Vec<u32>,
    /// The size of each component.
    size: Vec<u32>,
    /// `reach[c * cw..]`: the columns (`on` nodes, see [`Graph::close`]) component `c`
    /// reaches, with a closure.
    reach: Vec<u64>,
    cw: usize,
    /// The column of each potential's `on` node (`NONE`: no link enters it).
    col: Vec<u32>,
    /// `into_off[p * cw..]`: the columns with a link to `off(p)`.
    into_off: Vec<u64>,
    /// The last component whose row took each component's (scratch).
    seen: Vec<u32>,
    /// Whether each component's row has a bit (an empty one adds nothing to a row).
    any: Vec<bool>,
    closure: bool,
    // Tarjan's scratch space
    index: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<u32>,
    /// The nodes being searched, each with the range of its links still to follow.
    calls: Vec<(u32, u32, u32)>,
    members: Vec<u32>,
    starts: Vec<u32>,
    /// Whether a cycle in each component could remove a candidate, decided when first asked.
    elim: Vec<Elim>,
}

/// What [`Graph::may_eliminate`] found for a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elim {
    Unknown,
    Never,
    Maybe,
}

impl Graph {
    /// The successors of node `v` in the links of `pass`.
    fn succ<'a>(sr: &'a Search, pass: Pass, v: usize) -> &'a [(u32, u16)] {
        if v % 2 == 0 {
            sr.offs(v / 2, pass.y)
        } else {
            sr.ons(v / 2, pass)
        }
    }

    /// The range of [`Graph::succ`] in the board's links.
    #[inline]
    fn succ_range(sr: &Search, pass: Pass, v: usize) -> (u32, u32) {
        let b = &sr.bounds[v / 2];
        if v % 2 == 0 {
            (if pass.y { b[0] } else { b[1] }, b[2])
        } else {
            (
                if pass.y { b[2] } else { b[3] },
                if pass.x { b[4] } else { b[3] },
            )
        }
    }

    fn make(&mut self, sr: &Search, pass: Pass, closure: bool) {
        let n = sr.topo.n;
        let nodes = 2 * n * n * n;
        self.closure = closure;
        self.comp.clear();
        self.comp.resize(nodes, NONE);
        self.index.clear();
        self.index.resize(nodes, NONE);
        // (`low` is written whenever `index` is: no need to clear it)
        if self.low.len() < nodes {
            self.low.resize(nodes, 0);
        }
        self.size.clear();
        self.elim.clear();
        self.members.clear();
        self.starts.clear();
        self.stack.clear();
        let mut counter = 0u32;
        let links = sr.links;
        for (c, &m) in sr.cand.iter().enumerate() {
            if !pass.x && m.count_ones() != 2 {
                // Y-cycles start in bivalue cells, and only those ask: the components of
                // the nodes reached from theirs are whole (PERF: a third of the searches)
                continue;
            }
            for d in bits(m) {
                for root in [2 * (c * n + d), 2 * (c * n + d) + 1] {
                    if self.index[root] != NONE {
                        continue;
                    }
                    self.index[root] = counter;
                    self.low[root] = counter;
                    counter += 1;
                    self.stack.push(root as u32);
                    let (from, to) = Graph::succ_range(sr, pass, root);
                    self.calls.push((root as u32, from, to));
                    while let Some(top) = self.calls.last_mut() {
                        let v = top.0 as usize;
                        if top.1 < top.2 {
                            let q = links[top.1 as usize].0 as usize;
                            top.1 += 1;
                            let w = 2 * q + usize::from(v % 2 == 0);
                            if self.index[w] == NONE {
                                self.index[w] = counter;
                                self.low[w] = counter;
                                counter += 1;
                                self.stack.push(w as u32);
                                let (from, to) = Graph::succ_range(sr, pass, w);
                                self.calls.push((w as u32, from, to));
                            } else if self.comp[w] == NONE {
                                // on the stack
                                self.low[v] = self.low[v].min(self.index[w]);
                            }
                            continue;
                        }
                        self.calls.pop();
                        if let Some(&(u, _, _)) = self.calls.last() {
                            let u = u as usize;
                            self.low[u] = self.low[u].min(self.low[v]);
                        }
                        if self.low[v] == self.index[v] {
                            let id = self.size.len() as u32;
                            self.starts.push(self.members.len() as u32);
                            loop {
                                let x = self.stack.pop().unwrap() as usize;
                                self.comp[x] = id;
                                self.members.push(x as u32);
                                if x == v {
                                    break;
                                }
                            }
                            let len = self.members.len() as u32 - self.starts[id as usize];
                            self.size.push(len);
                        }
                    }
                }
            }
        }
        if closure {
            self.close(sr, pass);
        }
    }

    /// What the chains' ends need (see [`Graph::reaches`]): each component's set of the
    /// `on` nodes it reaches, as bitsets over the `on` nodes with a link into them (the
    /// only ones a path of two nodes or more can end on), and for each potential `p` the
    /// set of those with a link to `off(p)`. PERF: a few words a row, where a closure over
    /// the components took a bit for each of them (a fifth of a killer's rating).
    fn close(&mut self, sr: &Search, pass: Pass) {
        let n = sr.topo.n;
        let npot = n * n * n;
        // the columns: `on` nodes entered by a link (from an `off` node)
        self.col.clear();
        self.col.resize(npot, NONE);
        let mut ncol = 0u32;
        for (c, &m) in sr.cand.iter().enumerate() {
            for d in bits(m) {
                for &(q, _) in sr.ons(c * n + d, pass) {
                    let q = q as usize;
                    if self.col[q] == NONE {
                        self.col[q] = ncol;
                        ncol += 1;
                    }
                }
            }
        }
        let cw = (ncol as usize).div_ceil(64).max(1);
        self.cw = cw;
        // the columns with a link into each `off` node
        self.into_off.clear();
        self.into_off.resize(npot * cw, 0);
        for (c, &m) in sr.cand.iter().enumerate() {
            for d in bits(m) {
                let p = c * n + d;
                let col = self.col[p];
                if col == NONE {
                    continue;
                }
                for &(q, _) in sr.offs(p, pass.y) {
                    let q = q as usize;
                    self.into_off[q * cw + col as usize / 64] |= 1 << (col % 64);
                }
            }
        }
        // components come out sinks first: those a component reaches are done before it
        let nc = self.size.len();
        self.reach.clear();
        self.reach.resize(nc * cw, 0);
        self.seen.clear();
        self.seen.resize(nc, NONE);
        self.any.clear();
        self.any.resize(nc, false);
        self.starts.push(self.members.len() as u32);
        for c in 0..nc {
            let lo = c * cw;
            for k in self.starts[c]..self.starts[c + 1] {
                let v = self.members[k as usize] as usize;
                if v % 2 == 0 && self.col[v / 2] != NONE {
                    let col = self.col[v / 2] as usize;
                    self.reach[lo + col / 64] |= 1 << (col % 64);
                }
                for &(q, _) in Graph::succ(sr, pass, v) {
                    let w = 2 * q as usize + usize::from(v % 2 == 0);
                    let e = self.comp[w] as usize;
                    if e == c || self.seen[e] == c as u32 || !self.any[e] {
                        continue;
                    }
                    self.seen[e] = c as u32;
                    let (done, this) = self.reach.split_at_mut(lo);
                    for (x, &y) in this[..cw].iter_mut().zip(&done[e * cw..(e + 1) * cw]) {
                        *x |= y;
                    }
                }
            }
            self.any[c] = self.reach[lo..lo + cw].iter().any(|&x| x != 0);
        }
        self.starts.pop();
    }

    /// Whether a cycle through node `v` could remove a candidate: whether a candidate sees
    /// an `on` and an `off` potential of its digit in `v`'s component, as
    /// [`cycle_eliminations`] asks of the cycle's potentials (every potential of a cycle lies
    /// in one component). Decided once a component, in `sets` (potential bitsets).
    /// PERF: 87% of the cycle searches of a generation at ER 4.0-8.9 start in a component
    /// where no cycle can remove anything (32,662 of 37,367 for 100 puzzles).
    fn may_eliminate(&mut self, sr: &Search, v: usize, sets: &mut Vec<u64>) -> bool {
        let id = self.comp[v] as usize;
        if self.elim.len() < self.size.len() {
            self.elim.resize(self.size.len(), Elim::Unknown);
        }
        if self.elim[id] == Elim::Unknown {
            let (n, words) = (sr.topo.n, sr.topo.words);
            // per digit, the cells seeing an `on` (`forw`) and an `off` (`back`) of it in the
            // component, as cell bitsets (`peer_bits` is the set of `se_peers`)
            sets.clear();
            sets.resize(2 * n * words, 0);
            let (forw, back) = sets.split_at_mut(n * words);
            let lo = self.starts[id] as usize;
            let hi = self
                .starts
                .get(id + 1)
                .map_or(self.members.len(), |&x| x as usize);
            for &x in &self.members[lo..hi] {
                let (pot, on) = (x as usize / 2, x % 2 == 0);
                let (c, d) = (pot / n, pot % n);
                let set = if on { &mut *forw } else { &mut *back };
                let row = &mut set[d * words..(d + 1) * words];
                for (w, &p) in row.iter_mut().zip(&sr.topo.peer_bits[c * words..]) {
                    *w |= p;
                }
            }
            let any = (0..n).any(|d| {
                (0..words).any(|w| {
                    let both = forw[d * words + w] & back[d * words + w];
                    bits(both).any(|b| sr.cand[w * 64 + b] >> d & 1 != 0)
                })
            });
            self.elim[id] = if any { Elim::Maybe } else { Elim::Never };
        }
        self.elim[id] == Elim::Maybe
    }

    /// Whether node `v` lies on a cycle of the links.
    fn on_cycle(&self, v: usize) -> bool {
        self.size[self.comp[v] as usize] > 1
    }

    /// Whether `off(p)` can be reached from `on(p)` (`on`), or `on(p)` from `off(p)` (true
    /// without the closure): a path into an `off` node ends with a link from an `on` node,
    /// a path into an `on` node with a link into it.
    fn reaches(&self, p: usize, on: bool) -> bool {
        if !self.closure {
            return true;
        }
        let cw = self.cw;
        if on {
            let row = &self.reach[self.comp[2 * p] as usize * cw..][..cw];
            let into = &self.into_off[p * cw..(p + 1) * cw];
            row.iter().zip(into).any(|(&x, &y)| x & y != 0)
        } else {
            let col = self.col[p];
            col != NONE
                && self.reach[self.comp[2 * p + 1] as usize * cw + col as usize / 64] >> (col % 64)
                    & 1
                    != 0
        }
    }
}

/// The bitset rows of [`Scratch::reach`] for the board of `sr`.
fn make_reach(sr: &Search, s: &mut Scratch) {
    let n = sr.topo.n;
    let (w, npot) = (s.w, n * n * n);
    s.reach.resize(4 * npot * w, 0);
    for (c, &m) in sr.cand.iter().enumerate() {
        for d in bits(m) {
            let p = c * n + d;
            let lists = [
                sr.offs(p, true),
                sr.offs(p, false),
                sr.ons(p, Pass::X),
                sr.ons(p, Pass::XY),
            ];
            for (t, list) in lists.into_iter().enumerate() {
                let row = &mut s.reach[(t * npot + p) * w..(t * npot + p + 1) * w];
                row.iter_mut().for_each(|x| *x = 0);
                for &(q, _) in list {
                    row[q as usize / 64] |= 1 << (q % 64);
                }
            }
        }
    }
}

/// Whether [`chain_search`] from the same potential would offer a chain that `keep` keeps:
/// the same breadth-first search on potential bitsets (the same rounds, the same cuts by
/// `keep`'s best, the same visited sets), without nodes; only its length matters, and
/// which parents the nodes have does not change it.
fn chain_reach(sr: &Search, s: &mut Scratch, p: usize, on: bool, pass: Pass, keep: &Keep) -> bool {
    let technique = pass.chain();
    let n = sr.topo.n;
    let (w, npot) = (s.w, n * n * n);
    if !s.reach_made {
        make_reach(sr, s);
        s.reach_made = true;
    }
    let (t_off, t_on) = if pass.y { (0, 3) } else { (1, 2) };
    let mut sets = std::mem::take(&mut s.sets);
    sets.clear();
    sets.resize(5 * w, 0);
    let (f_on, rest) = sets.split_at_mut(w);
    let (f_off, rest) = rest.split_at_mut(w);
    let (vis_on, rest) = rest.split_at_mut(w);
    let (vis_off, next) = rest.split_at_mut(w);
    // the path length of the nodes in each frontier
    let (mut lv_on, mut lv_off) = (1usize, 1usize);
    if on {
        f_on[p / 64] |= 1 << (p % 64);
        vis_on[p / 64] |= 1 << (p % 64);
    } else {
        f_off[p / 64] |= 1 << (p % 64);
        vis_off[p / 64] |= 1 << (p % 64);
    }
    let reach = &s.reach;
    // `next` = the union of the rows of table `t` over the potentials of `from`
    let expand = |from: &[u64], t: usize, next: &mut [u64]| {
        next.iter_mut().for_each(|x| *x = 0);
        for (i, &word) in from.iter().enumerate() {
            for b in bits(word) {
                let q = i * 64 + b;
                let row = &reach[(t * npot + q) * w..(t * npot + q + 1) * w];
                for (x, &y) in next.iter_mut().zip(row) {
                    *x |= y;
                }
            }
        }
    };
    let empty = |v: &[u64]| v.iter().all(|&x| x == 0);
    let has = |v: &[u64], q: usize| v[q / 64] >> (q % 64) & 1 != 0;
    let mut depth = 1;
    let mut found = None;
    while !empty(f_on) || !empty(f_off) {
        if !keep.may_keep((rate(technique, depth + 1), depth + 1, pass.key())) {
            break;
        }
        // on to off
        expand(f_on, t_off, next);
        if on && has(next, p) {
            found = Some(lv_on + 1);
            break;
        }
        if !empty(f_on) {
            lv_off = lv_on + 1;
        }
        // (the root `off` of a chain from `off(p)` waits in the frontier for this round)
        for i in 0..w {
            f_off[i] |= next[i] & !vis_off[i];
            vis_off[i] |= f_off[i];
        }
        depth += 1;
        // off to on
        expand(f_off, t_on, next);
        if !on && has(next, p) {
            found = Some(lv_off + 1);
            break;
        }
        lv_on = lv_off + 1;
        for i in 0..w {
            f_on[i] = next[i] & !vis_on[i];
            vis_on[i] |= f_on[i];
        }
        f_off.iter_mut().for_each(|x| *x = 0);
        depth += 1;
    }
    s.sets = sets;
    found.is_some_and(|len| keep.may_keep((rate(technique, len), len, pass.key())))
}

/// The forcing chain from `on(p)` to `off(p)` (`on`), or from `off(p)` to `on(p)`.
#[allow(clippy::too_many_arguments)]
fn chain_search(sr: &Search, s: &mut Scratch, p: usize, on: bool, pass: Pass, keep: &mut Keep) {
    let technique = pass.chain();
    s.reset();
    let root = s.node(p, on, NONE, ROOT);
    s.mark(root);
    if on {
        s.pend_on.push(root);
    } else {
        s.pend_off.push(root);
    }
    let mut depth = 1;
    let mut target = NONE;
    'bfs: while !s.pend_on.is_empty() || !s.pend_off.is_empty() {
        // the chain found at this depth has `depth + 1` potentials at least
        if !keep.may_keep((rate(technique, depth + 1), depth + 1, pass.key())) {
            return;
        }
        let spare = s.take_spare();
        let pend = std::mem::replace(&mut s.pend_on, spare);
        for &i in &pend {
            let pot = s.nodes[i as usize].pot as usize;
            for &(q, cause) in sr.offs(pot, pass.y) {
                let q = q as usize;
                if on && q == p {
                    target = s.node(q, false, i, cause);
                    break 'bfs;
                }
                // (every `off` node is marked when made, so an unmarked one is no ancestor)
                if s.off_node[q] != 0 {
                    continue;
                }
                let j = s.node(q, false, i, cause);
                s.mark(j);
                s.pend_off.push(j);
            }
        }
        s.spare = pend;
        depth += 1;
        let spare = s.take_spare();
        let pend = std::mem::replace(&mut s.pend_off, spare);
        for &i in &pend {
            let pot = s.nodes[i as usize].pot as usize;
            for &(q, cause) in sr.ons(pot, Pass { x: true, ..pass }) {
                let q = q as usize;
                if !on && q == p {
                    target = s.node(q, true, i, cause);
                    break 'bfs;
                }
                if s.on_node[q] != 0 {
                    continue;
                }
                let j = s.node(q, true, i, cause);
                s.mark(j);
                s.pend_on.push(j);
            }
        }
        s.spare = pend;
        depth += 1;
    }
    if target == NONE {
        return;
    }
    let path = s.path(target);
    let complexity = path.len();
    let n = s.n;
    let (c, d) = (p / n, p % n);
    let (elims, placement) = if on {
        (vec![(c, d)], None)
    } else {
        let others = bits(sr.cand[c] & !(1 << d)).map(|e| (c, e)).collect();
        (others, Some((c, d)))
    };
    let removals = elims.iter().map(|&(k, e)| k * n + e).collect();
    keep.offer(Found {
        tenths: rate(technique, complexity),
        complexity,
        key: pass.key(),
        technique,
        path,
        elims,
        placement,
        cycle: false,
        removals,
    });
}

/// The cycles from `on(p)` back to itself.
#[allow(clippy::too_many_arguments)]
fn cycle_search(sr: &Search, s: &mut Scratch, count: &[u8], p: usize, pass: Pass, keep: &mut Keep) {
    let technique = pass.cycle();
    let n = s.n;
    s.reset();
    let root = s.node(p, true, NONE, ROOT);
    s.mark(root);
    s.pend_on.push(root);
    let mut length = 0;
    let mut returns = std::mem::take(&mut s.returns);
    returns.clear();
    let back = sr.ons(p, pass);
    while !s.pend_on.is_empty() || !s.pend_off.is_empty() {
        let least = length.max(4);
        if !keep.may_keep((rate(technique, least), least, pass.key())) {
            break;
        }
        length += 1;
        let spare = s.take_spare();
        let pend = std::mem::replace(&mut s.pend_on, spare);
        for &i in &pend {
            let pot = s.nodes[i as usize].pot as usize;
            for &(q, cause) in sr.offs(pot, pass.y) {
                let q = q as usize;
                if s.off_node[q] != 0 {
                    // a later `off(q)` is followed only to return to the root (below)
                    // (`off(q)` leads back to `on(p)` iff `off(p)` leads to `on(q)`: the
                    // strong links of a cell or a house go both ways)
                    if length + 1 < 4
                        || !back.iter().any(|&(x, _)| x as usize == q)
                        || s.is_ancestor(i, q, false)
                    {
                        continue;
                    }
                }
                let j = s.node(q, false, i, cause);
                if s.off_node[q] == 0 {
                    s.mark(j);
                }
                s.pend_off.push(j);
            }
        }
        s.spare = pend;
        length += 1;
        let spare = s.take_spare();
        let pend = std::mem::replace(&mut s.pend_off, spare);
        for &i in &pend {
            let pot = s.nodes[i as usize].pot as usize;
            if s.off_node[pot] != i + 1 {
                // a later node of a potential: the first one, expanded before it, made
                // every `on` it leads to, so it can only return to the root
                if length >= 4 {
                    if let Some(cause) = sr.back_to(pot, p, pass, count) {
                        returns.push(s.node(p, true, i, cause));
                    }
                }
                continue;
            }
            for &(q, cause) in sr.ons(pot, pass) {
                let q = q as usize;
                if length >= 4 && q == p {
                    returns.push(s.node(q, true, i, cause));
                }
                if s.on_node[q] != 0 {
                    continue;
                }
                let j = s.node(q, true, i, cause);
                s.mark(j);
                s.pend_on.push(j);
            }
        }
        s.spare = pend;
    }
    let mut cycle = Vec::new();
    for &r in &returns {
        // the cycle's potentials: the return is the root again (the nodes from `r` up to
        // the root, the root left out)
        cycle.clear();
        let mut cur = r;
        while s.nodes[cur as usize].parent != NONE {
            cycle.push(s.nodes[cur as usize]);
            cur = s.nodes[cur as usize].parent;
        }
        let complexity = cycle.len();
        let tenths = rate(technique, complexity);
        if !keep.may_keep((tenths, complexity, pass.key())) {
            continue;
        }
        let elims = cycle_eliminations(sr, &cycle, n, &mut s.sets);
        if elims.is_empty() {
            continue;
        }
        let path = s.path(r);
        let removals = elims.iter().map(|&(k, e)| k * n + e).collect();
        keep.offer(Found {
            tenths,
            complexity,
            key: pass.key(),
            technique,
            path,
            elims,
            placement: None,
            cycle: true,
            removals,
        });
    }
    s.returns = returns;
}

/// Candidates outside the cycle's cells that see an `on` and an `off` potential of their
/// digit in the cycle, in the order of their potentials. PERF: on potential bitsets in
/// `sets` (most cycles of a rating remove nothing: 11,035 of 11,071 in 60 generated
/// puzzles), not lists searched for each peer.
fn cycle_eliminations(
    sr: &Search,
    nodes: &[Node],
    n: usize,
    sets: &mut Vec<u64>,
) -> Vec<(usize, usize)> {
    let ncells = sr.cand.len();
    let (w, cw) = ((ncells * n).div_ceil(64), ncells.div_ceil(64));
    sets.clear();
    sets.resize(2 * w + cw, 0);
    let (forw, rest) = sets.split_at_mut(w);
    let (back, cells) = rest.split_at_mut(w);
    for nd in nodes {
        let c = nd.pot as usize / n;
        cells[c / 64] |= 1 << (c % 64);
    }
    for nd in nodes {
        let (c, d) = (nd.pot as usize / n, nd.pot as usize % n);
        let set = if nd.on { &mut *forw } else { &mut *back };
        for &q in &sr.topo.se_peers[c] {
            let q = q as usize;
            if cells[q / 64] >> (q % 64) & 1 != 0 || sr.cand[q] >> d & 1 == 0 {
                continue;
            }
            let p = q * n + d;
            set[p / 64] |= 1 << (p % 64);
        }
    }
    let mut out = Vec::new();
    for (i, (&f, &b)) in forw.iter().zip(back.iter()).enumerate() {
        for x in bits(f & b) {
            let p = i * 64 + x;
            out.push((p / n, p % n));
        }
    }
    out
}

fn make_step(topo: &Topology, f: &Found, silent: bool) -> Step {
    let n = topo.n;
    let c = |pot: u32| {
        let pot = pot as usize;
        Candidate {
            row: pot / n / n,
            col: pot / n % n,
            digit: (pot % n) as u8 + 1,
        }
    };
    let at = |&(k, d): &(usize, usize)| Candidate {
        row: k / n,
        col: k % n,
        digit: d as u8 + 1,
    };
    if silent {
        let placements = f.placement.iter().map(at).collect();
        let eliminations = f.elims.iter().map(at).collect();
        return crate::basic::bare(f.technique, f.tenths, placements, eliminations);
    }
    let links: Vec<Link> = f
        .path
        .windows(2)
        .map(|w| Link {
            from: c(w[0].pot),
            to: c(w[1].pot),
            strong: w[1].on,
        })
        .collect();
    let words: Vec<String> = f.path.iter().map(|nd| c(nd.pot).assumed(nd.on)).collect();
    let mut cells: Vec<(usize, usize)> = Vec::new();
    for nd in &f.path {
        let x = c(nd.pot);
        if !cells.contains(&(x.row, x.col)) {
            cells.push((x.row, x.col));
        }
    }
    let eliminations: Vec<Candidate> = f
        .elims
        .iter()
        .map(|&(k, d)| Candidate {
            row: k / n,
            col: k % n,
            digit: d as u8 + 1,
        })
        .collect();
    let placements: Vec<Candidate> = f
        .placement
        .iter()
        .map(|&(k, d)| Candidate {
            row: k / n,
            col: k % n,
            digit: d as u8 + 1,
        })
        .collect();
    let root = c(f.path[0].pot);
    let text = if f.cycle {
        format!(
            "{}: {} (each link holds both ways), so {}",
            f.technique.title(),
            words.join(" → "),
            fmt_elims(&eliminations)
        )
    } else {
        format!(
            "{}: {}, so {}",
            f.technique.title(),
            words.join(" → "),
            root.stated(!f.path[0].on)
        )
    };
    let mut digits: Vec<u8> = f.path.iter().map(|nd| c(nd.pot).digit).collect();
    digits.sort_unstable();
    digits.dedup();
    Step {
        technique: f.technique,
        rating: f64::from(f.tenths) / 10.0,
        chain: None,
        placements,
        eliminations,
        pattern: Pattern {
            cells,
            houses: vec![],
            digits,
            candidates: f.path.iter().map(|nd| c(nd.pot)).collect(),
            links,
            areas: Vec::new(),
        },
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use dlx_sudoku::{Grid, Shape};

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    fn names(cs: &[Candidate]) -> Vec<String> {
        let mut v: Vec<String> = cs.iter().map(|c| c.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn the_chains_ends_are_what_a_search_over_the_links_reaches() {
        // boards with about a quarter of the candidates gone at random (a fixed generator):
        // `Graph::reaches` against a breadth-first search over the same links
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..30 {
            let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()));
            for k in 0..81 {
                b.cand[k] &= next() | next();
                if b.cand[k] == 0 {
                    b.cand[k] = 1 << (next() % 9);
                }
            }
            let (topo, cand) = (&b.topo, &b.cand);
            let mut count = Vec::new();
            house_counts(topo, cand, &mut count);
            let (mut links, mut bounds) = (Vec::new(), Vec::new());
            make_links(topo, cand, &count, &mut links, &mut bounds);
            let sr = Search {
                topo,
                cand,
                links: &links,
                bounds: &bounds,
            };
            for pass in [Pass::X, Pass::XY] {
                let mut g = Graph::default();
                g.make(&sr, pass, true);
                for (c, &m) in cand.iter().enumerate() {
                    for d in bits(m) {
                        let p = c * 9 + d;
                        for on in [true, false] {
                            // from `on(p)` to `off(p)`, or back, in one link or more
                            let (from, to) = if on {
                                (2 * p, 2 * p + 1)
                            } else {
                                (2 * p + 1, 2 * p)
                            };
                            let mut seen = vec![false; 2 * 729];
                            let mut queue = vec![from];
                            let mut found = false;
                            while let Some(v) = queue.pop() {
                                for &(q, _) in Graph::succ(&sr, pass, v) {
                                    let w = 2 * q as usize + usize::from(v % 2 == 0);
                                    found |= w == to;
                                    if !seen[w] {
                                        seen[w] = true;
                                        queue.push(w);
                                    }
                                }
                            }
                            assert_eq!(g.reaches(p, on), found, "{pass:?} p {p} on {on}");
                            if found {
                                yes += 1;
                            } else {
                                no += 1;
                            }
                        }
                    }
                }
            }
        }
        // both answers are asked
        assert!(yes >= 10 && no >= 10, "{yes} {no}");
    }

    #[test]
    fn a_y_cycle_through_four_bivalue_cells() {
        // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}: a loop through bivalue cells; each
        // weak link's digit leaves the rest of its house
        let mut b = Board::new(&Grid::empty(Shape::new(3, 3).unwrap()));
        for (k, m) in [
            (at(1, 1), 0b11),
            (at(1, 5), 0b110),
            (at(5, 5), 0b1100),
            (at(5, 1), 0b1001),
        ] {
            b.cand[k] = m;
        }
        let mut s = Scratch::new(9);
        let only = TechniqueSet::EMPTY.with(Technique::YCycle);
        let step = chains_and_cycles(&b.topo, &b.cand, &mut s, only).unwrap();
        assert_eq!(step.technique, Technique::YCycle, "{}", step.text);
        assert_eq!(step.rating, 6.6, "{}", step.text);
        // 2 leaves row 1, 3 column 5, 4 row 5, 1 column 1 (outside the loop's cells)
        assert_eq!(step.eliminations.len(), 4 * 7, "{}", step.text);
        assert!(names(&step.eliminations).contains(&"r1c9=2".to_string()));
        assert!(names(&step.eliminations).contains(&"r9c1=1".to_string()));
    }
}
