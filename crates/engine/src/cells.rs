//! Dancing cells: Knuth's SSXCC (exact cover with colors on sparse sets, after Christine
//! Solnon's "dancing cells"), with forced moves committed in batches.
//!
//! This module owns [`Cells`], a second search over the same [`Problem`] as
//! [`Links`](crate::Links), with the same semantics and the same API. Instead of doubly linked
//! lists, every item keeps the set of its active options as a *sparse set*: a run of slots
//! whose first `size` entries are the options still active. Removing an option swaps it to the
//! end of the run and shrinks `size`; undoing a removal only needs the old `size` back, because
//! nothing ever moves past the end of the run. The active items form one more sparse set.
//!
//! # The data
//!
//! "A pointer is an array index", as in Knuth's programs:
//!
//! - `set` holds, for each item in input order, a header of `HEAD` = 3 words and then one slot
//!   per option containing the item. An item is named by the index `x` of its first slot (its
//!   *offset*); the header words are `set[x - 3]` = the item's number, `set[x - 2] = pos(x)`,
//!   its position in the active list, and `set[x - 1] = size(x)`, how many of its options are
//!   still active. Primary items come first, so `x` is primary iff `x < second`.
//! - `nd` holds the options as runs of nodes, one per item, each run followed by a *spacer*.
//!   An ordinary node has `itm` = its item's offset and `loc` = the slot of `set` that points
//!   back at it. A spacer after an option of `t` items has `itm = -t`, so that stepping
//!   `n += itm` from it goes back to the option's first node: options are walked circularly.
//! - `item` lists the items in two regions: the primary items in `0..n1` (`n1` of them), of
//!   which `item[0..active]` are active, and the secondary items in `n1..n`, of which
//!   `item[n1..sactive]` are active. An item is inactive once an option covering it was
//!   chosen (a secondary item with a color is then *purified*: only options of that color
//!   remain in play). Since every primary position is below `n1 <= sactive`, the one test
//!   `pos(x) < sactive` says "active, or primary" (Knuth keeps one list; two regions let the
//!   scan for the branch item skip the secondary items).
//!
//! Invariants (checked by [`Cells::validate`]):
//! - `pos(item[k]) == k` for every `k`, and `item[pos(x)] == x` for every item `x`;
//! - `pos(x) < n1` iff `x < second` (the regions never mix);
//! - `nd[set[q]].loc == q` for every slot `q`, and `set[nd[y].loc] == y` for every node `y`;
//! - for every item `x` active at the current level, `set[x..x + size(x)]` are exactly the
//!   active options that contain `x`, and every such option is in the active prefix of the set
//!   of each of its items that is active.
//!
//! # Undo: saved sizes
//!
//! Sets only shrink while the search goes deeper, and a set is restored by restoring its
//! `size`: a removal swaps within the first `size` slots, so the first `size` slots always hold
//! the same options as a set. Likewise the active items are restored by restoring `active` and
//! `sactive`. So,
//! as in Knuth's SSXCC (an idea of Christine Solnon's), each branch node pushes the sizes of
//! all active items on `saved`, and trying its next option restores them. Forced moves save
//! nothing: undoing the branch above them undoes them too.
//!
//! # The search
//!
//! Knuth's SSXCC, in our own words:
//!
//! 1. *Enter a level.* Commit forced moves: while the stack `force` holds an active primary
//!    item (it has exactly one option left), choose that option. Committing an option swaps
//!    its items out of the active list and hides the other options of those items; if a
//!    primary item loses its last option, the trial fails at once; if it drops to one option,
//!    it is pushed on `force`. When `force` is empty, scan the active primary items: push
//!    every item of size 1 and repeat; with none left, either no primary item is active (a
//!    solution), or branch on the item of fewest options (ties: first in input order).
//! 2. *Branch.* Swap the chosen item out, hide all its options, save the sizes, and try its
//!    options one by one, each as a trial that continues at the next level.
//! 3. *Retry.* Undo the trial (restore the saved sizes and active counts) and try the next
//!    option; after the last, back up a level.
//!
//! No recursion: `best[l]` and `cur[l]` are the branch item and the slot of the option being
//! tried at branch level `l`, so a search can stop at any solution, budget or deadline and
//! resume with [`Cells::run`].
//!
//! Counting as the [`Stats`] fields say: `nodes` are branch nodes plus solutions; forced moves
//! are not nodes (they are counted in `forced`); `updates` counts each removal of an option
//! from an item's set plus each item swapped out of the active list (Knuth's `updates` in
//! SSXCC). Knuth's SSXCC counts a forced move as a node as well; `nodes + forced` is his count
//! (exactly: `Cells` commits forced moves in SSXCC's order). A *level* is a branch level, so
//! forced moves add none: the observer's `level`, `level_nodes` (branch nodes, dead ends
//! included, per level) and `max_depth` (the deepest level entered, counting the level of a
//! solution leaf) all count branches, while a solution lists every option, forced or not.

use std::sync::Arc;
use std::time::Duration;

use dlx_time::Instant;

use crate::problem::{ItemId, OptionId, Problem};
use crate::propagate::{Propagate, Source, View, ViewBuffers};
use crate::search::{
    Config, CountOnly, ForceError, Heuristic, Observer, Outcome, Piece, Search, Stats, Status,
    report_progress, same_in_both_searches,
};

/// Header words before each item's slots in `set`: number, pos, size.
const HEAD: usize = 3;

/// One node of an option: its item (or `-t` for a spacer after an option of `t` items) and
/// the slot of `set` that points to it.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    itm: i32,
    loc: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Commit forced moves at `level`, then branch or report a solution.
    Enter,
    /// Undo the trial at `level` and try its next option.
    Retry,
    /// The search is over.
    Done,
}

/// What entering a level found, after the forced moves.
enum Scan {
    /// A forced move failed: the trial that led here fails.
    Fail,
    /// No active primary item: the chosen options form a solution.
    Solution,
    /// This item has no option left (possible at the root, or with [`Heuristic::Leftmost`]).
    DeadEnd(u32),
    /// Branch on this item, which has this many options (at least 2).
    Branch(u32, u32),
}

/// A dancing-cells search (Knuth's SSXCC) over one [`Problem`].
///
/// Same semantics and API ([`Search`]) as [`Links`](crate::Links): primary items exactly
/// once, secondary items at most once or shared by options that agree on their color.
///
/// ```
/// use dlx_engine::{Cells, Config, Search, format};
/// let (p, _) = format::parse("a b c | x\na b\nc x\na x\nb c\n").unwrap();
/// let mut s = Cells::new(&p, Config::default());
/// let out = s.count();
/// assert!(out.is_complete());
/// assert_eq!(out.stats.solutions, 2);
/// ```
#[derive(Clone, Debug)]
pub struct Cells {
    /// Item headers and sets (see the module docs).
    set: Vec<u32>,
    /// Option nodes and spacers.
    nd: Vec<Node>,
    /// The color of each node's item in its option: 0 = none, `c + 1` = color `c`.
    clr: Vec<u32>,
    /// The option of each node (`u32::MAX` for spacers).
    node_opt: Vec<u32>,
    /// The items' offsets: active primary ones in `0..active`, active secondary ones in
    /// `n1..sactive` (see the module docs).
    item: Vec<u32>,
    active: u32,
    sactive: u32,
    /// The number of primary items, where the secondary region of `item` starts.
    n1: u32,
    /// The offset of the first secondary item (`set.len()` if there is none).
    second: u32,
    has_colors: bool,
    /// `force[..nforce]`: primary items known to have exactly one option left (some may be
    /// inactive by now). An item is pushed only when it is active with one option left, and it
    /// then leaves the active list before it could be pushed again, until the next restore
    /// empties the stack; so the stack never holds more than the primary items.
    force: Vec<u32>,
    nforce: usize,
    /// `(item, size)` of every active item at each open branch node, level after level.
    saved: Vec<(u32, u32)>,
    /// Per branch level `l`: the item branched on.
    best: Vec<u32>,
    /// Per branch level: the slot of `set` holding the option being tried.
    cur: Vec<u32>,
    /// Per branch level: where its sizes start in `saved` (they run to the next level's mark).
    mark: Vec<u32>,
    /// Per branch level: `active` after the branch item was swapped out.
    base_active: Vec<u32>,
    /// Per branch level: `sactive` then.
    base_sactive: Vec<u32>,
    /// Per branch level: how many options were chosen before this level's choice.
    base_len: Vec<u32>,
    /// The nodes of the chosen options, branch and forced, in the order chosen.
    chosen: Vec<u32>,
    level: usize,
    phase: Phase,
    config: Config,
    /// The node count at which the search stops (`pub` for the unit tests in `tests/unit`,
    /// which lift a budget to resume a stopped search).
    #[doc(hidden)]
    pub node_limit: u64,
    check_mask: u64,
    stats: Stats,
    elapsed: Duration,
    solution: Vec<OptionId>,
    /// The branch level the search started at: levels below it were replayed by
    /// [`Cells::force`], and backing up to it ends the search.
    base: usize,
    /// In [`Cells::split`], the branch level at which partial solutions are recorded instead
    /// of entered; `usize::MAX` otherwise.
    cap: usize,
    /// What [`Cells::split`] found, in search order.
    pieces: Vec<Piece>,
    /// The problem's pruning rule and what it needs, if it has one.
    pruning: Option<Box<Pruning>>,
    /// The branching weights of the primary items, by item index, when the pruning rule asks
    /// for conflict-directed branching ([`Propagate::branch_weights`]), and the failures left
    /// before they halve.
    weights: Option<(Vec<u32>, u32)>,
    /// Whether the weights count per option left ([`crate::Weights::per_option`]).
    per_option: bool,
}

/// Failures between two halvings of the branching weights.
const DECAY: u32 = 1 << 14;

/// What a search needs to consult a [`Propagate`]. Its removals are undone as the search's
/// own are: by the sizes a branch saved.
#[derive(Clone, Debug)]
struct Pruning {
    rule: Arc<dyn Propagate>,
    /// The offsets of the watched items.
    watched: Vec<u32>,
    /// The first node of each option.
    first: Vec<u32>,
    /// [`Propagate::closed`].
    closed: bool,
    buf: ViewBuffers,
}

impl Search for Cells {
    /// Builds the sets for `problem` (options enter each item's set in input order).
    ///
    /// # Panics
    /// If the problem needs more than `i32::MAX` slots (more than about 500 million items),
    /// which no problem that fits in memory does.
    fn new(problem: &Problem, config: Config) -> Self {
        let n = problem.item_count();
        let mut len = vec![0u32; n];
        for option in problem.options() {
            for e in option {
                len[e.item.index()] += 1;
            }
        }
        // Offsets: each item's header, then its slots.
        let mut offset = vec![0u32; n];
        let mut total = 0usize;
        let mut second = None;
        for i in 0..n {
            if i == problem.primary_count() {
                second = Some(total + HEAD);
            }
            total += HEAD;
            offset[i] = total as u32;
            total += len[i] as usize;
        }
        assert!(
            total < i32::MAX as usize,
            "problem too large for 32-bit offsets"
        );
        let second = second.unwrap_or(total + HEAD) as u32;
        let mut set = vec![0u32; total];
        let mut item = Vec::with_capacity(n);
        for (i, &x) in offset.iter().enumerate() {
            let x = x as usize;
            set[x - 3] = i as u32;
            set[x - 2] = i as u32;
            set[x - 1] = len[i];
            item.push(x as u32);
        }
        let nodes = 1 + problem.entry_count() + problem.option_count();
        // PERF: the nodes are pushed in order (node 0, then each option's entries and its
        // spacer), not written over a filled vector: `vec![Node::default(); n]` is a loop
        // (a struct is not zeroed by the allocator), and every index was checked.
        let mut nd = Vec::with_capacity(nodes);
        let mut clr = Vec::with_capacity(nodes);
        let mut node_opt = Vec::with_capacity(nodes);
        // The first node of each option (for the propagator's removals).
        let mut first = Vec::with_capacity(problem.option_count());
        nd.push(Node::default());
        clr.push(0u32);
        node_opt.push(u32::MAX);
        let mut fill = vec![0u32; n];
        let mut has_colors = false;
        for (k, option) in problem.options().enumerate() {
            first.push(nd.len() as u32);
            for e in option {
                let i = e.item.index();
                let x = offset[i];
                let q = x + fill[i];
                fill[i] += 1;
                set[q as usize] = nd.len() as u32;
                nd.push(Node {
                    itm: x as i32,
                    loc: q,
                });
                clr.push(e.color.map_or(0, |c| c.0 + 1));
                has_colors |= e.color.is_some();
                node_opt.push(k as u32);
            }
            nd.push(Node {
                itm: -(option.len() as i32),
                loc: 0,
            });
            clr.push(0);
            node_opt.push(u32::MAX);
        }
        debug_assert_eq!(nd.len(), nodes);
        let levels = problem.primary_count() + 1;
        let (node_limit, check_mask) = config.limits();
        let pruning = problem.propagator().map(|rule| {
            let watched = rule
                .watched()
                .iter()
                .filter(|i| i.index() < n)
                .map(|i| offset[i.index()])
                .collect();
            Box::new(Pruning {
                rule: Arc::clone(rule),
                watched,
                first,
                closed: rule.closed(),
                buf: ViewBuffers::default(),
            })
        });
        // Weights replace the fewest-options rule only; the leftmost item stays the leftmost.
        let weights = problem
            .propagator()
            .filter(|_| config.heuristic == Heuristic::Mrv)
            .and_then(|rule| rule.branch_weights())
            .map(|w| {
                let mut start = w.start;
                start.resize(problem.primary_count(), w.rest.max(1));
                (start, DECAY, w.per_option)
            });
        let per_option = weights.as_ref().is_some_and(|w| w.2);
        let weights = weights.map(|w| (w.0, w.1));
        Cells {
            weights,
            per_option,
            set,
            nd,
            clr,
            node_opt,
            active: problem.primary_count() as u32,
            sactive: n as u32,
            n1: problem.primary_count() as u32,
            item,
            second,
            has_colors,
            force: vec![0; problem.primary_count() + 1],
            nforce: 0,
            saved: Vec::with_capacity(4 * n),
            best: vec![0; levels],
            cur: vec![0; levels],
            mark: vec![0; levels],
            base_active: vec![0; levels],
            base_sactive: vec![0; levels],
            base_len: vec![0; levels],
            chosen: Vec::with_capacity(levels),
            level: 0,
            phase: Phase::Enter,
            config,
            node_limit,
            check_mask,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
            solution: Vec::new(),
            base: 0,
            cap: usize::MAX,
            pieces: Vec::new(),
            pruning,
        }
    }

    /// Replays the choices `prefix` (the options the search would choose at branch levels
    /// `0..prefix.len()`, as recorded by [`Cells::split`]), so that [`Cells::run`] then
    /// explores only the subtree below them. Before each choice the forced moves are committed
    /// as the search commits them; the forced moves that follow the last choice are left to
    /// [`Cells::run`], which counts them. The replay's own work is not counted in the
    /// statistics, so the statistics of the pieces of a split add up to those of the whole
    /// search.
    ///
    /// An option that is not among those of the branch item at its level, or whose choice
    /// fails at once (the search would not descend below it), is [`ForceError::NotAvailable`].
    /// In a [`split`](Search::split), branch levels are counted, and the forced moves at the
    /// split level belong to the pieces, not to the statistics of the split.
    fn force(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        if self.phase != Phase::Enter || self.stats.nodes > 0 || self.level > 0 || self.base > 0 {
            return Err(ForceError::Started);
        }
        let result = if self.has_colors {
            self.replay::<true>(prefix)
        } else {
            self.replay::<false>(prefix)
        };
        self.stats = Stats::default();
        match result {
            Ok(()) => {
                self.level = prefix.len();
                self.base = prefix.len();
                Ok(())
            }
            Err(e) => {
                // The state is half replayed: nothing can be searched from it.
                self.phase = Phase::Done;
                Err(e)
            }
        }
    }

    same_in_both_searches!();

    /// The options chosen so far on the current path, branch and forced, in the order chosen.
    fn partial_solution(&self) -> Vec<OptionId> {
        if self.phase == Phase::Done {
            return Vec::new();
        }
        self.chosen.iter().map(|&y| self.option_of(y)).collect()
    }

    /// Knuth's estimate of the fraction of the tree explored: at each branch level the option
    /// tried is the k-th of the d options of its item, and the fractions (k - 1) / (d_0 ... d_l)
    /// add up.
    fn progress_fraction(&self) -> f64 {
        if self.phase == Phase::Done {
            return 1.0;
        }
        let open = match self.phase {
            Phase::Retry => self.level + 1,
            _ => self.level,
        };
        let mut scale = 1.0;
        let mut sum = 0.0;
        for l in self.base.min(open)..open.min(self.best.len()) {
            let x = self.best[l];
            let d = self.set[x as usize - 1].max(1) as f64;
            let k = self.cur[l].saturating_sub(x) as f64;
            scale /= d;
            sum += k * scale;
        }
        (sum + 0.5 * scale).clamp(0.0, 1.0)
    }
}

/// Runs `$body` with `$nn` bound to each node after `$y` in its option, around to the one
/// before it (a spacer links back to the option's first node), and `$c` to that node's item.
/// The body must not `continue`.
// PERF: a macro, not a method taking a closure: with the closure, `commit` compiled to 1% more
// instructions in all on queens10 (callgrind); the macro compiles to the loops written out.
macro_rules! for_other_nodes {
    ($cells:ident, $y:expr, |$nn:ident, $c:ident| $body:block) => {
        let mut $nn = $y + 1;
        while $nn != $y {
            let node = $cells.node($nn);
            if node.itm < 0 {
                $nn = $nn.wrapping_add_signed(node.itm);
                continue;
            }
            let $c = node.itm as u32;
            $body
            $nn += 1;
        }
    };
}

impl Cells {
    fn replay<const COLORS: bool>(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        for (level, &o) in prefix.iter().enumerate() {
            let x = match self.propagate::<COLORS>() {
                Scan::Branch(x, _) => x,
                Scan::Solution => return Err(ForceError::TooLong),
                Scan::Fail | Scan::DeadEnd(_) => return Err(ForceError::NotAvailable(o.0, level)),
            };
            let size = self.s(x - 1);
            let found = (x..x + size).find(|&q| self.option_of(self.s(q)) == o);
            // With branching weights the replay's item may not be the split's (its weights
            // have not lived the split's failures): any active primary item of the option
            // does, as the pieces are the options chosen, not the items.
            let Some((x, q)) = found.map(|q| (x, q)).or_else(|| self.slot_of(o)) else {
                return Err(ForceError::NotAvailable(o.0, level));
            };
            self.open_branch::<COLORS>(level, x);
            self.cur[level] = q;
            let y = self.s(q);
            self.chosen.push(y);
            if !self.commit::<COLORS>(y) {
                self.nforce = 0;
                return Err(ForceError::NotAvailable(o.0, level));
            }
        }
        Ok(())
    }

    /// Records the partial solution at branch level `level` as a piece of a split.
    #[cold]
    #[inline(never)]
    fn record_prefix(&mut self, level: usize) {
        let mut weight = 1.0;
        let mut prefix = Vec::with_capacity(level);
        for l in 0..level {
            weight /= self.s(self.best[l] - 1).max(1) as f64;
            prefix.push(self.option_of(self.s(self.cur[l])));
        }
        self.pieces.push(Piece::Prefix(prefix, weight));
    }

    #[inline(always)]
    fn option_of(&self, y: u32) -> OptionId {
        OptionId(self.node_opt.get(y as usize).copied().unwrap_or(u32::MAX))
    }

    #[inline(always)]
    fn item_id(&self, x: u32) -> ItemId {
        ItemId(
            self.set
                .get((x as usize).wrapping_sub(3))
                .copied()
                .unwrap_or(u32::MAX),
        )
    }

    // ---- unchecked access: every index below comes from links that `new` built in range ----

    #[inline(always)]
    fn s(&self, q: u32) -> u32 {
        debug_assert!((q as usize) < self.set.len());
        // SAFETY: `q` is an item offset minus at most HEAD, or a slot `x + k` with
        // `k < size(x) <= len(x)`; all are below `set.len()` by construction in `new`.
        unsafe { *self.set.get_unchecked(q as usize) }
    }

    #[inline(always)]
    fn s_mut(&mut self, q: u32) -> &mut u32 {
        debug_assert!((q as usize) < self.set.len());
        // SAFETY: as in `s`.
        unsafe { self.set.get_unchecked_mut(q as usize) }
    }

    #[inline(always)]
    fn node(&self, y: u32) -> Node {
        debug_assert!((y as usize) < self.nd.len());
        // SAFETY: node indices come from `set` slots or from walking an option between its
        // spacers, all built in range by `new`.
        unsafe { *self.nd.get_unchecked(y as usize) }
    }

    #[inline(always)]
    fn color(&self, y: u32) -> u32 {
        debug_assert!((y as usize) < self.clr.len());
        // SAFETY: `clr` has one entry per node, as `nd`.
        unsafe { *self.clr.get_unchecked(y as usize) }
    }

    #[inline(always)]
    fn itm(&self, k: u32) -> u32 {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: positions are below the number of items, the length of `item`.
        unsafe { *self.item.get_unchecked(k as usize) }
    }

    #[inline(always)]
    fn set_itm(&mut self, k: u32, x: u32) {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: as in `itm`.
        unsafe { *self.item.get_unchecked_mut(k as usize) = x }
    }

    /// Pushes the size of every active item on `saved`.
    #[inline(always)]
    fn save_sizes(&mut self) {
        let set = &self.set;
        let primary = &self.item[..self.active as usize];
        let secondary = &self.item[self.n1 as usize..self.sactive as usize];
        self.saved.extend(primary.iter().chain(secondary).map(|&x| {
            debug_assert!((x as usize) <= set.len() && x as usize >= HEAD);
            // SAFETY: `x` is an item offset, so `x - 1` indexes its size word.
            (x, unsafe { *set.get_unchecked(x as usize - 1) })
        }));
    }

    /// Restores the sizes saved from `saved[mark..]`.
    #[inline(always)]
    fn restore_sizes(&mut self, mark: usize) {
        let set = self.set.as_mut_ptr();
        for &(x, size) in &self.saved[mark..] {
            debug_assert!((x as usize) <= self.set.len() && x as usize >= HEAD);
            // SAFETY: `x` is an item offset (at least HEAD, at most `set.len()`), so `x - 1`
            // indexes its size word.
            unsafe { *set.add(x as usize - 1) = size };
        }
    }

    /// Swaps item `x` out of the active items (to the last active position of its region).
    #[inline(always)]
    fn swap_out(&mut self, x: u32) {
        let a = if x < self.second {
            self.active -= 1;
            self.active
        } else {
            self.sactive -= 1;
            self.sactive
        };
        let p = self.s(x - 2);
        let y = self.itm(a);
        self.set_itm(a, x);
        self.set_itm(p, y);
        *self.s_mut(y - 2) = p;
        *self.s_mut(x - 2) = a;
        self.stats.updates += 1;
    }

    /// Removes option `tt` (given by one of its nodes) from the sets of its other items that
    /// are primary or were active when `sactive` was `osact`. With `CHECK`, fails as soon as a
    /// primary item still active (position below `self.active`) would lose its last option,
    /// and pushes on `force` those left with one.
    // PERF: this is the inner loop (~85% of the time on pentominoes). The array bases live in
    // registers (reloading them from `self` cost 13% more instructions); the rare cases (a
    // primary item down to one option, an item already purified) go to cold code, and updates
    // are counted once per option, so that nothing spills in the loop. Measured on an idle
    // machine: 2.3 ns per update on pento-4x15 (229M updates in 0.53 s), 0.71x the time of
    // Knuth's SSXCC (gcc -O3 -march=native); before these changes it was 1.2x.
    #[inline(always)]
    fn remove_option<const CHECK: bool>(&mut self, tt: u32, osact: u32) -> bool {
        let set = self.set.as_mut_ptr();
        let nd = self.nd.as_mut_ptr();
        let (set_len, nd_len) = (self.set.len(), self.nd.len());
        let mut nn = tt + 1;
        // SAFETY: `nn` walks one option between its spacers, so it indexes `nd`; item offsets
        // `u` and slots `loc`, `u + ss` with `ss < size(u) <= len(u)` index `set`, and the
        // header words `u - 2`, `u - 1` too (every offset is at least HEAD). All were built in
        // range by `new` and are only ever copied from one another.
        unsafe {
            while nn != tt {
                debug_assert!((nn as usize) < nd_len);
                let node = *nd.add(nn as usize);
                if node.itm < 0 {
                    // The spacer: every other node of the option is one update, except
                    // those skipped below.
                    self.stats.updates += (-node.itm - 1) as u64;
                    nn = nn.wrapping_add_signed(node.itm);
                    continue;
                }
                let u = node.itm as u32;
                debug_assert!((u as usize) < set_len + 1 && u as usize >= HEAD);
                let p = *set.add(u as usize - 2);
                if p >= osact {
                    self.skip_update();
                    nn += 1;
                    continue;
                }
                let ss = (*set.add(u as usize - 1)).wrapping_sub(1);
                // `p < active`: an active primary item (secondary positions are >= n1 >= active).
                if CHECK && ss <= 1 && p < self.active {
                    if ss == 0 {
                        self.fail_at(tt, nn);
                        return false;
                    }
                    self.force[self.nforce] = u;
                    self.nforce += 1;
                }
                let last = u.wrapping_add(ss) as usize;
                debug_assert!(last < set_len && (node.loc as usize) < set_len);
                let other = *set.add(last);
                *set.add(u as usize - 1) = ss;
                *set.add(last) = nn;
                *set.add(node.loc as usize) = other;
                (*nd.add(nn as usize)).loc = last as u32;
                debug_assert!((other as usize) < nd_len);
                (*nd.add(other as usize)).loc = node.loc;
                nn += 1;
            }
        }
        true
    }

    /// The removal of option `tt` stopped at node `f`, before removing it: corrects the
    /// count of updates, which adds a whole option's worth at its spacer.
    #[cold]
    #[inline(never)]
    fn fail_at(&mut self, tt: u32, f: u32) {
        if f < tt {
            // Past the spacer: nodes `f..tt` were counted but not removed.
            self.stats.updates -= u64::from(tt - f);
        } else {
            // Before the spacer: nodes `tt + 1..f` were removed but not yet counted.
            self.stats.updates += u64::from(f - tt - 1);
        }
    }

    /// An item of a removed option was skipped: it is a purified secondary item. (A live
    /// option never holds an inactive primary item: covering an item hides all its options.)
    #[cold]
    #[inline(never)]
    fn skip_update(&mut self) {
        self.stats.updates -= 1;
    }

    /// Hides the options of item `c` that do not give it color `color` (all of them when
    /// `color` is 0), removing them from the other sets they are in.
    // PERF: not inlined: its own register allocation keeps the inner loop free of spills
    // (7% faster on pento-4x15 than inlined into `search`).
    #[inline(never)]
    fn hide<const CHECK: bool, const COLORS: bool>(
        &mut self,
        c: u32,
        color: u32,
        osact: u32,
    ) -> bool {
        let end = c + self.s(c - 1);
        let mut r = c;
        while r < end {
            let tt = self.s(r);
            r += 1;
            if COLORS && color != 0 && self.color(tt) == color {
                continue;
            }
            if !self.remove_option::<CHECK>(tt, osact) {
                return false;
            }
        }
        true
    }

    /// Chooses the option of node `y`, whose branch item is already out of the active list
    /// and hidden: swaps the option's other items out and hides their options (purifies
    /// colored secondary items). Fails if a primary item runs out of options.
    #[inline(always)]
    fn commit<const COLORS: bool>(&mut self, y: u32) -> bool {
        let osact = self.sactive;
        // Swap the other items out (a purified secondary item is already out).
        for_other_nodes!(self, y, |_nn, c| {
            let bound = if c < self.second {
                self.active
            } else {
                self.sactive
            };
            if self.s(c - 2) < bound {
                self.swap_out(c);
            }
        });
        // Hide their options.
        for_other_nodes!(self, y, |nn, c| {
            if c < self.second {
                if !self.hide::<true, COLORS>(c, 0, osact) {
                    return false;
                }
            } else if self.s(c - 2) < osact {
                let color = if COLORS { self.color(nn) } else { 0 };
                if !self.hide::<true, COLORS>(c, color, osact) {
                    return false;
                }
            }
        });
        true
    }

    /// Commits forced moves until none is left; then scans the active primary items.
    #[inline(always)]
    fn propagate<const COLORS: bool>(&mut self) -> Scan {
        // Whether the pruning rule has seen this node and is closed under the forced moves
        // (`Propagate::closed`): then it is not asked again before the next branch.
        let mut settled = false;
        loop {
            while self.nforce > 0 {
                self.nforce -= 1;
                let x = self.force[self.nforce];
                if self.s(x - 2) >= self.active {
                    continue;
                }
                // Knuth's SSXCC "forced move": the item's one option, without a branch node.
                debug_assert_eq!(self.s(x - 1), 1);
                let y = self.s(x);
                self.swap_out(x);
                // Hiding `x`'s options is removing its one option from its other items.
                let osact = self.sactive;
                self.remove_option::<false>(y, osact);
                self.chosen.push(y);
                self.stats.forced += 1;
                if !self.commit::<COLORS>(y) {
                    self.nforce = 0;
                    return Scan::Fail;
                }
            }
            if !settled && let Some(p) = &self.pruning {
                settled = p.closed;
                match self.prune() {
                    None => {
                        self.nforce = 0;
                        return Scan::Fail;
                    }
                    // Options went: forced moves may follow, and then another look.
                    Some(true) => {
                        if self.nforce > 0 {
                            continue;
                        }
                    }
                    Some(false) => {}
                }
            }
            if let Some(scan) = self.scan() {
                return scan;
            }
        }
    }

    /// Whether the pruning rule, if any, accepts the options chosen as a solution
    /// ([`Propagate::accept`]).
    fn accepts(&mut self) -> bool {
        let Some(mut p) = self.pruning.take() else {
            return true;
        };
        p.buf.chosen.clear();
        for &y in &self.chosen {
            p.buf.chosen.push(self.option_of(y));
        }
        let ok = p.rule.accept(&p.buf.chosen);
        self.pruning = Some(p);
        ok
    }

    /// Shows the pruning rule the node and removes the options it names: `Some(removed any)`,
    /// or `None` if a primary item lost its last option. The rule reads the watched items'
    /// sets in place (no copy): only their sizes are gathered.
    fn prune(&mut self) -> Option<bool> {
        let mut p = self.pruning.take()?;
        p.buf.clear();
        for &y in &self.chosen {
            p.buf.chosen.push(self.option_of(y));
        }
        for &x in &p.watched {
            let bound = if x < self.second {
                self.active
            } else {
                self.sactive
            };
            p.buf.sizes.push(if self.s(x - 2) < bound {
                self.s(x - 1)
            } else {
                u32::MAX
            });
        }
        let mut remove = std::mem::take(&mut p.buf.remove);
        let view = View {
            chosen: &p.buf.chosen,
            sizes: &p.buf.sizes,
            source: Source::Sets {
                heads: &p.watched,
                set: &self.set,
                node_opt: &self.node_opt,
            },
        };
        p.rule.propagate(&view, &mut remove);
        let mut ok = true;
        let mut any = false;
        for &o in &remove {
            // Only options still available (a repeat was removed a moment ago).
            let Some(&y) = p.first.get(o.index()) else {
                continue;
            };
            if !self.is_available(y) {
                continue;
            }
            any = true;
            if !self.remove_whole(y) {
                ok = false;
                break;
            }
        }
        p.buf.remove = remove;
        self.pruning = Some(p);
        ok.then_some(any)
    }

    /// With branching weights, an active primary item of option `o` and the slot of `o` in
    /// it, if `o` is still available.
    fn slot_of(&self, o: OptionId) -> Option<(u32, u32)> {
        self.weights.as_ref()?;
        let mut nn = *self.pruning.as_ref()?.first.get(o.index())?;
        loop {
            let node = self.node(nn);
            if node.itm < 0 {
                return None;
            }
            let u = node.itm as u32;
            if u < self.second && self.s(u - 2) < self.active {
                return (node.loc < u + self.s(u - 1)).then_some((u, node.loc));
            }
            nn += 1;
        }
    }

    /// Whether the option whose first node is `y` is still available: in the set of its
    /// first active item (an option is taken out of all its active items' sets at once, and
    /// one with no active item is hidden).
    fn is_available(&self, y: u32) -> bool {
        let mut nn = y;
        loop {
            let node = self.node(nn);
            if node.itm < 0 {
                return false;
            }
            let u = node.itm as u32;
            let bound = if u < self.second {
                self.active
            } else {
                self.sactive
            };
            if self.s(u - 2) < bound {
                return node.loc < u + self.s(u - 1);
            }
            nn += 1;
        }
    }

    /// Removes the option whose first node is `y` from the sets of all its items that are
    /// primary or active; pushes on `force` the active primary items left with one option;
    /// `false` as soon as one is left with none.
    fn remove_whole(&mut self, y: u32) -> bool {
        let osact = self.sactive;
        let mut nn = y;
        loop {
            let node = self.node(nn);
            if node.itm < 0 {
                return true;
            }
            let u = node.itm as u32;
            let p = self.s(u - 2);
            if p < osact {
                let ss = self.s(u - 1).wrapping_sub(1);
                if ss <= 1 && p < self.active {
                    if ss == 0 {
                        return false;
                    }
                    self.force[self.nforce] = u;
                    self.nforce += 1;
                }
                let last = u.wrapping_add(ss);
                let other = self.s(last);
                *self.s_mut(u - 1) = ss;
                *self.s_mut(last) = nn;
                *self.s_mut(node.loc) = other;
                self.nd[nn as usize].loc = last;
                self.nd[other as usize].loc = node.loc;
                self.stats.updates += 1;
            }
            nn += 1;
        }
    }

    /// Looks at every active primary item: pushes those with one option on `force`, and
    /// otherwise finds the item to branch on. `None` if some items were pushed.
    // PERF: on sudoku-s16 the scan is a large part of the work per node (it walks only the
    // primary region, with one key compare per item): sudoku-s16-seed5 takes 0.19 s against
    // SSXCC's 0.33 s.
    #[inline(always)]
    fn scan(&mut self) -> Option<Scan> {
        // The key of item `x` with `s` options: fewest options first, then input order (or
        // input order alone for the leftmost item).
        let size_shift = if self.config.heuristic == Heuristic::Mrv {
            32
        } else {
            64
        };
        if self.weights.is_some() {
            return self.scan_weighted();
        }
        let mut key = u64::MAX;
        let mut zero = u32::MAX;
        let mut forced = false;
        for k in 0..self.active {
            let x = self.itm(k);
            let s = self.s(x - 1);
            if s <= 1 {
                self.note_small(x, s, &mut zero, &mut forced);
            } else {
                key = key.min(u64::from(s).checked_shl(size_shift).unwrap_or(0) | u64::from(x));
            }
        }
        let best = key as u32;
        let branch = (key != u64::MAX).then(|| (best, self.s(best - 1)));
        self.verdict(zero, forced, branch)
    }

    /// An item with one option left is forced (queued), one with none a dead end (the
    /// leftmost kept in `zero`).
    #[inline(always)]
    fn note_small(&mut self, x: u32, s: u32, zero: &mut u32, forced: &mut bool) {
        if s == 0 {
            *zero = (*zero).min(x);
        } else {
            self.force[self.nforce] = x;
            self.nforce += 1;
            *forced = true;
        }
    }

    /// A scan's outcome: a dead end first, then forced moves (`None`), then a solution when
    /// nothing is left to branch on.
    #[inline(always)]
    fn verdict(&mut self, zero: u32, forced: bool, branch: Option<(u32, u32)>) -> Option<Scan> {
        if zero != u32::MAX {
            self.nforce = 0;
            Some(Scan::DeadEnd(zero))
        } else if forced {
            None
        } else {
            Some(branch.map_or(Scan::Solution, |(best, t)| Scan::Branch(best, t)))
        }
    }

    /// [`Cells::scan`] by the weights ([`crate::Weights`]): the most weight per option left,
    /// or the fewest options and then the most weight; then input order.
    #[inline(never)]
    fn scan_weighted(&mut self) -> Option<Scan> {
        // Taken out for the scan (a move of three words), put back after it.
        let (w, left) = self.weights.take()?;
        let per_option = self.per_option;
        // The best so far: weight `bw` over `bs` options, at offset `best`.
        let (mut best, mut bw, mut bs) = (u32::MAX, 0u64, 1u64);
        let mut zero = u32::MAX;
        let mut forced = false;
        for k in 0..self.active {
            let x = self.itm(k);
            let s = self.s(x - 1);
            if s <= 1 {
                self.note_small(x, s, &mut zero, &mut forced);
                continue;
            }
            let wx = u64::from(w[self.s(x - 3) as usize]);
            let s = u64::from(s);
            // wx / s against bw / bs.
            let (a, b) = (wx * bs, bw * s);
            let better = if !per_option {
                s < bs || (s == bs && (wx > bw || (wx == bw && x < best)))
            } else {
                a > b || (a == b && (s < bs || (s == bs && x < best)))
            };
            if best == u32::MAX || better {
                (best, bw, bs) = (x, wx, s);
            }
        }
        self.weights = Some((w, left));
        let branch = (best != u32::MAX).then_some((best, bs as u32));
        self.verdict(zero, forced, branch)
    }

    /// The trial of an option of the item branched on at `level` failed: with conflict-directed
    /// branching, that item weighs more.
    #[inline(always)]
    fn failed(&mut self, level: usize) {
        if let Some((w, left)) = &mut self.weights {
            let x = self.best[level];
            // The item's index is in its header word `x - 3`.
            let i = self.set[x as usize - 3] as usize;
            w[i] = w[i].saturating_add(1);
            *left -= 1;
            if *left == 0 {
                *left = DECAY;
                for v in w.iter_mut() {
                    *v = (*v >> 1).max(1);
                }
            }
        }
    }

    /// Counts a node about to be entered at `level`; `Err` if a budget or the deadline stops
    /// the search first (nothing is counted then).
    #[inline(always)]
    fn enter_node<O: Observer>(
        &mut self,
        observer: &mut O,
        start: Instant,
        level: usize,
    ) -> Result<(), Status> {
        if self.stats.nodes >= self.node_limit {
            return Err(Status::NodeBudget);
        }
        self.stats.nodes += 1;
        if self.stats.nodes & self.check_mask == 0 {
            self.level = level;
            if report_progress(self, self.level, observer, start).is_break() {
                self.stats.nodes -= 1;
                return Err(Status::Stopped);
            }
            if let Some(d) = self.config.deadline
                && Instant::now() >= d
            {
                self.stats.nodes -= 1;
                return Err(Status::Deadline);
            }
        }
        if level >= self.stats.level_nodes.len() {
            self.stats.level_nodes.resize(level + 1, 0);
        }
        self.stats.level_nodes[level] += 1;
        self.stats.max_depth = self.stats.max_depth.max(level + 1);
        Ok(())
    }

    /// Branches on item `x` at `level`: swaps it out, hides all its options, and saves what
    /// trying each of them must restore. The option to try is then `cur[level]`, the slot `x`.
    #[inline(always)]
    fn open_branch<const COLORS: bool>(&mut self, level: usize, x: u32) {
        self.swap_out(x);
        let osact = self.sactive;
        self.hide::<false, COLORS>(x, 0, osact);
        self.best[level] = x;
        self.cur[level] = x;
        self.mark[level] = self.saved.len() as u32;
        self.base_active[level] = self.active;
        self.base_sactive[level] = self.sactive;
        self.base_len[level] = self.chosen.len() as u32;
        self.save_sizes();
    }

    fn search<O: Observer, const COLORS: bool>(
        &mut self,
        observer: &mut O,
        start: Instant,
    ) -> Status {
        let mut level = self.level;
        let (base, cap) = (self.base, self.cap);
        let status = 'outer: loop {
            match self.phase {
                Phase::Done => break Status::Complete,
                Phase::Enter => {
                    if level == cap {
                        // Splitting: record this partial solution (its forced moves belong
                        // to the piece) and back up.
                        self.record_prefix(level);
                        self.nforce = 0;
                        level -= 1;
                        self.phase = Phase::Retry;
                        continue;
                    }
                    let mut scan = self.propagate::<COLORS>();
                    if matches!(scan, Scan::Solution) && !self.accepts() {
                        // The pruning rule refuses the complete assignment: a failed trial.
                        scan = Scan::Fail;
                    }
                    if matches!(scan, Scan::Fail | Scan::DeadEnd(_)) && level > base {
                        self.failed(level - 1);
                    }
                    match scan {
                        Scan::Fail => {
                            // A forced move failed: the trial that led here fails.
                            if level == base {
                                self.phase = Phase::Done;
                                break Status::Complete;
                            }
                            level -= 1;
                            self.phase = Phase::Retry;
                        }
                        Scan::Solution => {
                            // A leaf of the search tree (a node too: the budget holds for it;
                            // resuming finds it again, as nothing was undone).
                            if self.stats.nodes >= self.node_limit {
                                self.level = level;
                                break Status::NodeBudget;
                            }
                            self.stats.nodes += 1;
                            self.stats.solutions += 1;
                            self.stats.max_depth = self.stats.max_depth.max(level + 1);
                            self.solution.clear();
                            for k in 0..self.chosen.len() {
                                let o = self.option_of(self.chosen[k]);
                                self.solution.push(o);
                            }
                            if cap != usize::MAX {
                                self.pieces.push(Piece::Solution(self.solution.clone()));
                            }
                            let flow = observer.solution(&self.solution);
                            if level == base {
                                self.phase = Phase::Done;
                            } else {
                                level -= 1;
                                self.phase = Phase::Retry;
                            }
                            if flow.is_break() {
                                self.level = level;
                                break Status::Stopped;
                            }
                        }
                        Scan::DeadEnd(x) => {
                            if let Err(s) = self.enter_node(observer, start, level) {
                                self.level = level;
                                break s;
                            }
                            observer.choose(level, self.item_id(x), 0);
                            observer.backtrack(level, self.item_id(x));
                            if level == base {
                                self.phase = Phase::Done;
                                break Status::Complete;
                            }
                            level -= 1;
                            self.phase = Phase::Retry;
                        }
                        Scan::Branch(x, t) => {
                            if let Err(s) = self.enter_node(observer, start, level) {
                                self.level = level;
                                break s;
                            }
                            observer.choose(level, self.item_id(x), t as usize);
                            self.open_branch::<COLORS>(level, x);
                            // Try the first option.
                            let y = self.s(x);
                            self.chosen.push(y);
                            observer.try_option(level, self.option_of(y));
                            if self.commit::<COLORS>(y) {
                                level += 1;
                            } else {
                                self.nforce = 0;
                                self.failed(level);
                                self.phase = Phase::Retry;
                            }
                        }
                    }
                }
                Phase::Retry => {
                    // Undo the trial at `level` and try the next option.
                    self.restore_sizes(self.mark[level] as usize);
                    self.active = self.base_active[level];
                    self.sactive = self.base_sactive[level];
                    self.chosen.truncate(self.base_len[level] as usize);
                    let x = self.best[level];
                    let next = self.cur[level] + 1;
                    if next < x + self.s(x - 1) {
                        self.cur[level] = next;
                        let y = self.s(next);
                        self.chosen.push(y);
                        observer.try_option(level, self.option_of(y));
                        if self.commit::<COLORS>(y) {
                            level += 1;
                            self.phase = Phase::Enter;
                        } else {
                            self.nforce = 0;
                            self.failed(level);
                        }
                    } else {
                        observer.backtrack(level, self.item_id(x));
                        self.saved.truncate(self.mark[level] as usize);
                        if level == base {
                            self.phase = Phase::Done;
                            break 'outer Status::Complete;
                        }
                        level -= 1;
                    }
                }
            }
        };
        self.level = level;
        status
    }

    /// Checks the invariants of the data structure (a sanity checker, as in Knuth's
    /// programs). Returns a description of the first violation found.
    pub fn validate(&self) -> Result<(), String> {
        for (k, &x) in self.item.iter().enumerate() {
            if self.set[x as usize - 2] != k as u32 {
                return Err(format!("pos of item at offset {x} is not {k}"));
            }
        }
        for (y, node) in self.nd.iter().enumerate() {
            if node.itm < 0 {
                continue;
            }
            let (x, q) = (node.itm as usize, node.loc as usize);
            if q < x || self.set.get(q) != Some(&(y as u32)) {
                return Err(format!("node {y}: set[loc] is not the node"));
            }
        }
        for (k, &x) in self.item.iter().enumerate() {
            if (k < self.n1 as usize) != (x < self.second) {
                return Err(format!("item at offset {x} is in the wrong region"));
            }
        }
        let primary = &self.item[..self.active as usize];
        let secondary = &self.item[self.n1 as usize..self.sactive as usize];
        for &x in primary.iter().chain(secondary) {
            let x = x as usize;
            let size = self.set[x - 1] as usize;
            for q in x..x + size {
                let y = self.set[q] as usize;
                if self.nd[y].itm as usize != x || self.nd[y].loc as usize != q {
                    return Err(format!("slot {q} of item at offset {x} is inconsistent"));
                }
            }
        }
        Ok(())
    }
}
