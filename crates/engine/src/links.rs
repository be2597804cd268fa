//! Dancing links: Knuth's Algorithm C (exact cover with colors) on flat `u32` arrays.
//!
//! # The data
//!
//! Following Knuth (TAOCP 7.2.2.1, and his program DLX2), "a pointer is an array index":
//!
//! - Node `k` of the array is addressed by its byte offset `16 k` (written `k·` below): every
//!   link holds such an offset, so following one is a single addressing step, with no scaling
//!   of the index on the critical path of a chain of loads.
//! - `items` holds the doubly linked list of *active* items (`llink`, `rlink`), addressed by
//!   the same offsets: entry `0·` is the root of the primary items, entry `(n + 1)·` the root
//!   of the secondary items, and item `k` (0-based [`ItemId`]) lives at entry `(k + 1)·`.
//! - Node `i·` for `1 <= i <= n` is the header of item `i - 1`: its `top` is the item's
//!   length (how many of its options are still in its list) and `up`/`down` are the ends of
//!   its list.
//! - Then come the options, each a run of consecutive nodes, with a *spacer* node before the
//!   first option and after every option. A spacer has `top <= 0`; its `up` is the first node
//!   of the option before it and its `down` the last node of the option after it.
//! - An ordinary node has `top = (i + 1)·` for its item `i`, `up`/`down` its neighbours in the
//!   item's list, and `color` 0 (none), a color number `c + 1`, or `-1` once its item has been
//!   purified by a choice of the same color. In a problem without colors, `color` holds
//!   instead the next node of the same option, cyclically (a fixed link that `hide` and
//!   `unhide` follow without testing for spacers).
//!
//! Invariants while the search runs (the `validate` method checks them):
//! - for every item `i` in the active lists, `nodes[down[x]].up == x` around its list, and
//!   `len(i)` equals the number of nodes in its list;
//! - `rlink[llink[i]] == i` for every active item.
//!
//! # The search
//!
//! No recursion: `choice[l]` is the node chosen at level `l`, and the loop moves between the
//! steps of Knuth's Algorithm C, so a search can stop at any solution or budget check and be
//! resumed later by calling [`Links::run`] again.

use std::sync::Arc;
use std::time::Duration;

use dlx_time::Instant;

use crate::problem::{ItemId, OptionId, Problem};
use crate::propagate::{Propagate, ViewBuffers};
use crate::search::{
    Config, CountOnly, ForceError, Heuristic, Observer, Outcome, Piece, Search, Stats, Status,
    report_progress, same_in_both_searches,
};

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u32,
    down: u32,
    /// Length for a header, item number + 1 for an ordinary node, `-option` for a spacer.
    top: i32,
    /// 0 = no color, `c + 1` = color `c`, -1 = already known compatible (purified); in a
    /// problem without colors, the next node of the option, cyclically.
    color: i32,
}

/// The byte size of a [`Node`]: the step between the offsets of consecutive nodes.
const S: u32 = std::mem::size_of::<Node>() as u32;

/// The links of an item in the list of active items, padded to the size of a [`Node`] so that
/// the offset of an item's header also addresses its entry here.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(16))]
struct ItemLinks {
    llink: u32,
    rlink: u32,
}

const _: () = assert!(std::mem::size_of::<ItemLinks>() == S as usize && S == 16);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Step C2: enter the current level.
    Enter,
    /// Step C6: undo the option at the current level and try the next.
    Retry,
    /// The option at the current level is committed and covers every primary item: a
    /// solution leaf that the node budget stopped before counting.
    Leaf,
    /// The search is over.
    Done,
}

/// A dancing-links search over one [`Problem`].
///
/// ```
/// use dlx_engine::{Links, Config, Search, format};
/// let (p, _) = format::parse("a b c | x\na b\nc x\na x\nb c\n").unwrap();
/// let mut s = Links::new(&p, Config::default());
/// let out = s.count();
/// assert!(out.is_complete());
/// assert_eq!(out.stats.solutions, 2);
/// ```
#[derive(Clone, Debug)]
pub struct Links {
    items: Vec<ItemLinks>,
    nodes: Vec<Node>,
    /// The option of each node, by node number (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
    /// Number of items; `(n + 1)·` is the secondary root.
    n: u32,
    /// The offset of the last item header, `n·`: a node at or below it is a header.
    last: u32,
    has_colors: bool,
    config: Config,
    /// The node count at which the search stops (`pub` for the unit tests in `tests/unit`,
    /// which lift a budget to resume a stopped search).
    #[doc(hidden)]
    pub node_limit: u64,
    check_mask: u64,
    level: usize,
    choice: Vec<u32>,
    phase: Phase,
    stats: Stats,
    elapsed: std::time::Duration,
    solution: Vec<OptionId>,
    /// The level the search started at: levels below it were forced by [`Links::force`].
    base: usize,
    /// In [`Links::split`], the level at which partial solutions are recorded instead of
    /// entered; `usize::MAX` otherwise.
    cap: usize,
    /// What [`Links::split`] found, in search order.
    pieces: Vec<Piece>,
    /// The problem's pruning rule and its bookkeeping, if it has one.
    pruning: Option<Box<Pruning>>,
}

/// What a search needs to consult a [`Propagate`] and undo its removals.
///
/// Invariants: `removed` lists the first nodes of the options the rule removed on the current
/// path, in order; those removed on entering level `l` are `removed[mark[l]..mark[l + 1]]`
/// (the last level's run to the end); a removed option has every node whose color is not
/// negative out of its item's list.
#[derive(Clone, Debug)]
struct Pruning {
    rule: Arc<dyn Propagate>,
    /// The header offsets of the watched items.
    watched: Vec<u32>,
    /// The offset of each option's first node.
    first: Vec<u32>,
    removed: Vec<u32>,
    mark: Vec<usize>,
    /// `seen[o] == call`: option `o` is in the view of call `call`; `gone[o] == call`: removed
    /// by it.
    seen: Vec<u32>,
    gone: Vec<u32>,
    call: u32,
    buf: ViewBuffers,
}

impl Search for Links {
    /// Builds the links for `problem` (Knuth's step C1).
    fn new(problem: &Problem, config: Config) -> Self {
        let n = problem.item_count() as u32;
        let n1 = problem.primary_count() as u32;
        let mut llink = vec![0u32; n as usize + 2];
        let mut rlink = vec![0u32; n as usize + 2];
        // Primary items in a circular list through 0, secondary ones through n + 1.
        for i in 1..=n {
            let (root, first, last) = if i <= n1 {
                (0, 1, n1)
            } else {
                (n + 1, n1 + 1, n)
            };
            llink[i as usize] = if i == first { root } else { i - 1 };
            rlink[i as usize] = if i == last { root } else { i + 1 };
        }
        llink[0] = if n1 > 0 { n1 } else { 0 };
        rlink[0] = if n1 > 0 { 1 } else { 0 };
        let r = (n + 1) as usize;
        llink[r] = if n > n1 { n } else { n + 1 };
        rlink[r] = if n > n1 { n1 + 1 } else { n + 1 };

        let total = n as usize + 2 + problem.entry_count() + problem.option_count();
        let mut nodes = vec![Node::default(); total];
        let mut option_of = vec![u32::MAX; total];
        for i in 1..=n {
            nodes[i as usize].up = i;
            nodes[i as usize].down = i;
        }
        let mut has_colors = false;
        let mut spacer = n as usize + 1;
        nodes[spacer].top = 0;
        let mut x = spacer;
        for (k, option) in problem.options().enumerate() {
            let first = x + 1;
            for e in option {
                x += 1;
                let item = e.item.0 + 1;
                let head = item as usize;
                nodes[head].top += 1;
                let last = nodes[head].up;
                nodes[x] = Node {
                    up: last,
                    down: item,
                    top: item as i32,
                    color: e.color.map_or(0, |c| c.0 as i32 + 1),
                };
                has_colors |= e.color.is_some();
                nodes[last as usize].down = x as u32;
                nodes[head].up = x as u32;
                option_of[x] = k as u32;
            }
            nodes[spacer].down = x as u32;
            x += 1;
            spacer = x;
            nodes[spacer] = Node {
                up: first as u32,
                down: 0,
                top: -(k as i32 + 1),
                color: 0,
            };
        }
        if !has_colors {
            // PERF: the fixed cyclic links spare `hide` a spacer test per node (pento-6x10-xq
            // and pento-scott, one thread, medians of 5 alternating runs: 0.82x and 0.89x of a
            // local DLX1 build before, 0.73x and 0.74x after). The order in which the nodes of
            // one option leave their lists is free: they are in different lists.
            let mut first = n as usize + 2;
            for x in n as usize + 2..total {
                if nodes[x].top <= 0 {
                    if x > first {
                        nodes[x - 1].color = first as i32;
                    }
                    first = x + 1;
                } else {
                    nodes[x].color = x as i32 + 1;
                }
            }
        }
        // Every link becomes a byte offset (see the module documentation).
        assert!(
            total <= crate::problem::MAX_NODES,
            "problem larger than MAX_NODES"
        );
        for (k, node) in nodes.iter_mut().enumerate() {
            node.up *= S;
            node.down *= S;
            if k > n as usize && node.top > 0 {
                // An ordinary node: its item's header, and its option's next node.
                node.top *= S as i32;
                if !has_colors {
                    node.color *= S as i32;
                }
            }
        }
        let items = llink
            .iter()
            .zip(&rlink)
            .map(|(&l, &r)| ItemLinks {
                llink: l * S,
                rlink: r * S,
            })
            .collect();
        let (node_limit, check_mask) = config.limits();
        let pruning = problem.propagator().map(|rule| {
            let mut first = Vec::with_capacity(problem.option_count());
            for (k, &o) in option_of.iter().enumerate() {
                if o != u32::MAX && first.len() == o as usize {
                    first.push(k as u32 * S);
                }
            }
            let watched = rule
                .watched()
                .iter()
                .filter(|i| i.0 < n)
                .map(|i| (i.0 + 1) * S)
                .collect();
            Box::new(Pruning {
                rule: Arc::clone(rule),
                watched,
                first,
                removed: Vec::new(),
                mark: Vec::new(),
                seen: vec![0; problem.option_count()],
                gone: vec![0; problem.option_count()],
                call: 0,
                buf: ViewBuffers::default(),
            })
        });
        Links {
            items,
            nodes,
            option_of,
            n,
            last: n * S,
            has_colors,
            config,
            node_limit,
            check_mask,
            level: 0,
            choice: Vec::new(),
            phase: Phase::Enter,
            stats: Stats::default(),
            elapsed: std::time::Duration::ZERO,
            solution: Vec::new(),
            base: 0,
            cap: usize::MAX,
            pieces: Vec::new(),
            pruning,
        }
    }

    /// Replays the choices `prefix` (options the search would choose at levels
    /// `0..prefix.len()`, as recorded by [`Links::split`]), so that [`Links::run`] then explores
    /// only the subtree below them. The replay's own work is not counted in the statistics, so
    /// the statistics of the pieces of a split add up to those of the whole search.
    fn force(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        if self.phase != Phase::Enter || self.stats.nodes > 0 || self.level > 0 {
            return Err(ForceError::Started);
        }
        if let Err(e) = self.replay(prefix) {
            // The state is half replayed: nothing can be searched from it.
            self.phase = Phase::Done;
            return Err(e);
        }
        self.level = prefix.len();
        self.base = prefix.len();
        self.stats = Stats::default();
        Ok(())
    }

    same_in_both_searches!();

    /// The options committed on the current path: those chosen at levels `0..level`, and at
    /// `level` too unless the search is about to enter it (after a stop at a solution, the
    /// whole solution).
    fn partial_solution(&self) -> Vec<OptionId> {
        let depth = match self.phase {
            Phase::Done => 0,
            Phase::Enter => self.level,
            Phase::Retry | Phase::Leaf => self.level + 1,
        }
        .min(self.choice.len());
        self.choice[..depth]
            .iter()
            .filter_map(|&x| {
                self.option_of
                    .get((x / S) as usize)
                    .filter(|&&o| o != u32::MAX)
            })
            .map(|&o| OptionId(o))
            .collect()
    }

    /// Knuth's estimate of the fraction of the tree explored: at each level the chosen node is
    /// the k-th of the d options of its item, and the fractions (k - 1) / (d_0 ... d_l) add up.
    fn progress_fraction(&self) -> f64 {
        let open = match self.phase {
            Phase::Done => return 1.0,
            Phase::Enter => self.level,
            Phase::Retry | Phase::Leaf => self.level + 1,
        };
        let mut scale = 1.0;
        let mut sum = 0.0;
        for &x in &self.choice[self.base.min(open)..open.min(self.choice.len())] {
            if x <= self.last {
                break;
            }
            let head = self.nd(x).top as u32;
            let d = self.nd(head).top.max(1) as f64;
            let mut k = 0usize;
            let mut p = self.nd(head).down;
            while p != x && p != head {
                k += 1;
                p = self.nd(p).down;
            }
            scale /= d;
            sum += k as f64 * scale;
        }
        (sum + 0.5 * scale).clamp(0.0, 1.0)
    }
}

impl Links {
    /// The choices of [`Links::force`], level by level.
    fn replay(&mut self, prefix: &[OptionId]) -> Result<(), ForceError> {
        self.choice
            .resize(self.choice.len().max(prefix.len() + 1), 0);
        for (level, &o) in prefix.iter().enumerate() {
            if self.rl(0) == 0 {
                return Err(ForceError::TooLong);
            }
            if self.pruning.is_some() {
                self.prune(level);
            }
            let (i, _) = self.choose();
            let mut x = self.nd(i).down;
            while x != i && self.option_at(x) != o.0 {
                x = self.nd(x).down;
            }
            if x == i {
                return Err(ForceError::NotAvailable(o.0, level));
            }
            if self.has_colors {
                self.cover::<true>(i);
                self.commit_others::<true>(x);
            } else {
                self.cover::<false>(i);
                self.commit_others::<false>(x);
            }
            self.choice[level] = x;
        }
        Ok(())
    }

    fn record_prefix(&mut self, level: usize) {
        let mut weight = 1.0;
        let mut prefix = Vec::with_capacity(level);
        for &x in &self.choice[..level] {
            let head = self.nd(x).top as u32;
            weight /= self.nd(head).top.max(1) as f64;
            prefix.push(OptionId(self.option_at(x)));
        }
        self.pieces.push(Piece::Prefix(prefix, weight));
    }

    /// The option of the node at offset `x`.
    fn option_at(&self, x: u32) -> u32 {
        self.option_of[(x / S) as usize]
    }

    // PERF: links are byte offsets, so following one needs no scaling instruction between the
    // load of a link and the load it addresses. One thread, medians of 5 alternating runs with
    // a local DLX1 build (2026-11-22): queens14 0.71 -> 0.63 s (DLX1 0.87), queens13 0.12 ->
    // 0.12 (0.16), pento-scott 0.45 -> 0.27 (0.51).
    #[inline(always)]
    fn nd(&self, x: u32) -> &Node {
        debug_assert!(x % S == 0 && ((x / S) as usize) < self.nodes.len());
        // SAFETY: every link stored in `nodes` and `items` is the offset of an element of
        // `nodes` (set by `new` from in-range positions and only ever copied from other links),
        // and offsets are multiples of the element size, so the pointer is aligned.
        unsafe { &*self.nodes.as_ptr().byte_add(x as usize) }
    }

    #[inline(always)]
    fn nd_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!(x % S == 0 && ((x / S) as usize) < self.nodes.len());
        // SAFETY: as in `nd`.
        unsafe { &mut *self.nodes.as_mut_ptr().byte_add(x as usize) }
    }

    #[inline(always)]
    fn item(&self, i: u32) -> &ItemLinks {
        debug_assert!(i % S == 0 && ((i / S) as usize) < self.items.len());
        // SAFETY: item links are offsets of entries `0..=n + 1`, the length of `items`.
        unsafe { &*self.items.as_ptr().byte_add(i as usize) }
    }

    #[inline(always)]
    fn item_mut(&mut self, i: u32) -> &mut ItemLinks {
        debug_assert!(i % S == 0 && ((i / S) as usize) < self.items.len());
        // SAFETY: as in `item`.
        unsafe { &mut *self.items.as_mut_ptr().byte_add(i as usize) }
    }

    #[inline(always)]
    fn rl(&self, i: u32) -> u32 {
        self.item(i).rlink
    }

    #[inline(always)]
    fn ll(&self, i: u32) -> u32 {
        self.item(i).llink
    }

    #[inline(always)]
    fn set_rl(&mut self, i: u32, v: u32) {
        self.item_mut(i).rlink = v;
    }

    #[inline(always)]
    fn set_ll(&mut self, i: u32, v: u32) {
        self.item_mut(i).llink = v;
    }

    /// Knuth's `hide(p)`: takes the other nodes of `p`'s option out of their items' lists.
    #[inline(always)]
    fn hide<const COLORS: bool>(&mut self, p: u32) {
        let mut updates = 0;
        if !COLORS {
            let mut q = self.nd(p).color as u32;
            while q != p {
                let node = *self.nd(q);
                self.nd_mut(node.up).down = node.down;
                self.nd_mut(node.down).up = node.up;
                self.nd_mut(node.top as u32).top -= 1;
                updates += 1;
                q = node.color as u32;
            }
            self.stats.updates += updates;
            return;
        }
        let mut q = p + S;
        while q != p {
            let node = *self.nd(q);
            if node.top <= 0 {
                q = node.up;
            } else {
                if !COLORS || node.color >= 0 {
                    self.nd_mut(node.up).down = node.down;
                    self.nd_mut(node.down).up = node.up;
                    self.nd_mut(node.top as u32).top -= 1;
                    updates += 1;
                }
                q += S;
            }
        }
        self.stats.updates += updates;
    }

    /// Knuth's `unhide(p)`: the exact reverse of `hide(p)`.
    #[inline(always)]
    fn unhide<const COLORS: bool>(&mut self, p: u32) {
        if !COLORS {
            let mut q = self.nd(p).color as u32;
            while q != p {
                let node = *self.nd(q);
                self.nd_mut(node.up).down = q;
                self.nd_mut(node.down).up = q;
                self.nd_mut(node.top as u32).top += 1;
                q = node.color as u32;
            }
            return;
        }
        let mut q = p - S;
        while q != p {
            let node = *self.nd(q);
            if node.top <= 0 {
                q = node.down;
            } else {
                if !COLORS || node.color >= 0 {
                    self.nd_mut(node.up).down = q;
                    self.nd_mut(node.down).up = q;
                    self.nd_mut(node.top as u32).top += 1;
                }
                q -= S;
            }
        }
    }

    /// Knuth's `cover(i)`: hides every option of item `i` and takes `i` out of the active list.
    // PERF: cover/hide is where the time goes: ~85% of cycles on pento-6x10.
    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, i: u32) {
        let mut p = self.nd(i).down;
        while p != i {
            self.hide::<COLORS>(p);
            p = self.nd(p).down;
        }
        let (l, r) = (self.ll(i), self.rl(i));
        self.set_rl(l, r);
        self.set_ll(r, l);
        self.stats.updates += 1;
    }

    /// Knuth's `uncover(i)`: the exact reverse of `cover(i)`.
    #[inline(always)]
    fn uncover<const COLORS: bool>(&mut self, i: u32) {
        let (l, r) = (self.ll(i), self.rl(i));
        self.set_rl(l, i);
        self.set_ll(r, i);
        let mut p = self.nd(i).up;
        while p != i {
            self.unhide::<COLORS>(p);
            p = self.nd(p).up;
        }
    }

    /// Knuth's `purify(p)`: keeps in `p`'s item only the options of `p`'s color.
    fn purify(&mut self, p: u32) {
        let node = *self.nd(p);
        let (c, i) = (node.color, node.top as u32);
        let mut q = self.nd(i).down;
        while q != i {
            if self.nd(q).color == c {
                if q != p {
                    self.nd_mut(q).color = -1;
                }
            } else {
                self.hide::<true>(q);
            }
            q = self.nd(q).down;
        }
    }

    /// Knuth's `unpurify(p)`: the exact reverse of `purify(p)`.
    fn unpurify(&mut self, p: u32) {
        let node = *self.nd(p);
        let (c, i) = (node.color, node.top as u32);
        let mut q = self.nd(i).up;
        while q != i {
            if self.nd(q).color < 0 {
                self.nd_mut(q).color = c;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.nd(q).up;
        }
    }

    /// Step C5: commits every other item of the option of node `x`.
    #[inline(always)]
    fn commit_others<const COLORS: bool>(&mut self, x: u32) {
        let mut p = x + S;
        while p != x {
            let node = *self.nd(p);
            if node.top <= 0 {
                p = node.up;
            } else {
                if !COLORS || node.color == 0 {
                    self.cover::<COLORS>(node.top as u32);
                } else if node.color > 0 {
                    self.purify(p);
                }
                p += S;
            }
        }
    }

    /// Step C6: the exact reverse of `commit_others`.
    #[inline(always)]
    fn uncommit_others<const COLORS: bool>(&mut self, x: u32) {
        let mut p = x - S;
        while p != x {
            let node = *self.nd(p);
            if node.top <= 0 {
                p = node.down;
            } else {
                if !COLORS || node.color == 0 {
                    self.uncover::<COLORS>(node.top as u32);
                } else if node.color > 0 {
                    self.unpurify(p);
                }
                p -= S;
            }
        }
    }

    /// Entering `level`: shows the pruning rule the node and removes the options it names.
    // PERF: only problems with a propagator come here; the others test one `Option`.
    fn prune(&mut self, level: usize) {
        let Some(mut p) = self.pruning.take() else {
            return;
        };
        if p.mark.len() <= level {
            p.mark.resize(level + 1, 0);
        }
        p.mark[level] = p.removed.len();
        p.call = p.call.wrapping_add(1);
        if p.call == 0 {
            p.seen.fill(0);
            p.gone.fill(0);
            p.call = 1;
        }
        let call = p.call;
        p.buf.clear();
        for &x in &self.choice[..level] {
            p.buf.chosen.push(OptionId(self.option_at(x)));
        }
        for &h in &p.watched {
            p.buf.starts.push(p.buf.options.len() as u32);
            let active = self.rl(self.ll(h)) == h;
            if active {
                let mut x = self.nd(h).down;
                while x != h {
                    let o = self.option_at(x);
                    p.seen[o as usize] = call;
                    p.buf.options.push(OptionId(o));
                    x = self.nd(x).down;
                }
                let start = p.buf.starts[p.buf.starts.len() - 1];
                p.buf.sizes.push(p.buf.options.len() as u32 - start);
            } else {
                p.buf.sizes.push(u32::MAX);
            }
        }
        p.buf.starts.push(p.buf.options.len() as u32);
        let mut remove = std::mem::take(&mut p.buf.remove);
        p.rule.propagate(&p.buf.view(), &mut remove);
        for &o in &remove {
            let k = o.0 as usize;
            // Only options the view showed as available, each once.
            if k >= p.seen.len() || p.seen[k] != call || p.gone[k] == call {
                continue;
            }
            p.gone[k] = call;
            let x = p.first[k];
            self.remove_option(x);
            p.removed.push(x);
        }
        p.buf.remove = remove;
        self.pruning = Some(p);
    }

    /// Whether the pruning rule, if any, accepts `self.solution` ([`Propagate::accept`]).
    fn accepts(&self) -> bool {
        self.pruning
            .as_ref()
            .is_none_or(|p| p.rule.accept(&self.solution))
    }

    /// Backing up out of `level`: puts back the options the rule removed on entering it.
    fn unprune(&mut self, level: usize) {
        let Some(mut p) = self.pruning.take() else {
            return;
        };
        if let Some(&m) = p.mark.get(level) {
            while p.removed.len() > m {
                let x = p.removed.pop().unwrap_or_default();
                self.restore_option(x);
            }
        }
        self.pruning = Some(p);
    }

    /// Takes every node of the option starting at node `x` out of its item's list (but the
    /// purified ones, which lie in covered items' lists and are left as `hide` leaves them).
    fn remove_option(&mut self, x: u32) {
        let mut q = x;
        while self.nd(q).top > 0 {
            let node = *self.nd(q);
            if !self.has_colors || node.color >= 0 {
                self.nd_mut(node.up).down = node.down;
                self.nd_mut(node.down).up = node.up;
                self.nd_mut(node.top as u32).top -= 1;
                self.stats.updates += 1;
            }
            q += S;
        }
    }

    /// The exact reverse of `remove_option`.
    fn restore_option(&mut self, x: u32) {
        let mut q = x;
        while self.nd(q).top > 0 {
            q += S;
        }
        while q != x {
            q -= S;
            let node = *self.nd(q);
            if !self.has_colors || node.color >= 0 {
                self.nd_mut(node.up).down = q;
                self.nd_mut(node.down).up = q;
                self.nd_mut(node.top as u32).top += 1;
            }
        }
    }

    /// Step C3: the item to branch on, and its length.
    #[inline(always)]
    fn choose(&self) -> (u32, i32) {
        let mut i = self.rl(0);
        let mut best = (i, self.nd(i).top);
        if self.config.heuristic == Heuristic::Leftmost {
            return best;
        }
        // Knuth's DLX1: the first item of minimum length; a length of 0 ends the scan.
        loop {
            if best.1 == 0 {
                break;
            }
            i = self.rl(i);
            if i == 0 {
                break;
            }
            let len = self.nd(i).top;
            if len < best.1 {
                best = (i, len);
            }
        }
        best
    }

    fn search<O: Observer, const COLORS: bool>(
        &mut self,
        observer: &mut O,
        start: Instant,
    ) -> Status {
        let mut level = self.level;
        let status = 'outer: loop {
            // `x` is the node to try at `level`; set by each branch below.
            let mut x;
            let mut leaf = false;
            match self.phase {
                Phase::Done => break Status::Complete,
                Phase::Enter => {
                    if level == self.cap {
                        // Splitting: record this partial solution and back up.
                        self.record_prefix(level);
                        level -= 1;
                        self.phase = Phase::Retry;
                        continue;
                    }
                    if self.rl(0) == 0 {
                        // No primary item at all: the empty set is the one solution (if the
                        // pruning rule accepts it).
                        self.stats.nodes += 1;
                        self.phase = Phase::Done;
                        self.solution.clear();
                        if self.accepts() {
                            self.stats.solutions += 1;
                            let _ = observer.solution(&[]);
                        }
                        break Status::Complete;
                    }
                    // Step C2: enter level `level` (a primary item is uncovered).
                    if self.stats.nodes >= self.node_limit {
                        self.level = level;
                        break Status::NodeBudget;
                    }
                    self.stats.nodes += 1;
                    if self.stats.nodes & self.check_mask == 0 {
                        self.level = level;
                        if report_progress(self, self.level, observer, start).is_break() {
                            self.stats.nodes -= 1;
                            break Status::Stopped;
                        }
                        if let Some(d) = self.config.deadline
                            && Instant::now() >= d
                        {
                            self.stats.nodes -= 1;
                            break Status::Deadline;
                        }
                    }
                    if level >= self.stats.level_nodes.len() {
                        self.stats.level_nodes.resize(level + 1, 0);
                        self.choice.resize(level + 1, 0);
                        self.stats.max_depth = self.stats.max_depth.max(level + 1);
                    }
                    self.stats.level_nodes[level] += 1;
                    if self.pruning.is_some() {
                        self.prune(level);
                    }
                    // Step C3: choose an item; step C4: cover it.
                    let (i, len) = self.choose();
                    observer.choose(level, ItemId(i / S - 1), len as usize);
                    self.cover::<COLORS>(i);
                    x = self.nd(i).down;
                }
                Phase::Retry => {
                    // Step C6: undo the option at `level`, then try the next one.
                    let cur = self.choice[level];
                    self.uncommit_others::<COLORS>(cur);
                    x = self.nd(cur).down;
                }
                Phase::Leaf => {
                    x = self.choice[level];
                    leaf = true;
                }
            }
            // Step C5: try node `x`, backing up (step C7, C8) while the options run out.
            loop {
                if std::mem::take(&mut leaf) {
                    // Resuming at a solution leaf: `x` is already committed.
                } else {
                    let item = if x <= self.last {
                        x
                    } else {
                        self.nd(x).top as u32
                    };
                    if x == item {
                        // Every option of `item` was tried.
                        observer.backtrack(level, ItemId(item / S - 1));
                        self.uncover::<COLORS>(item);
                        if self.pruning.is_some() {
                            self.unprune(level);
                        }
                        if level == self.base {
                            self.phase = Phase::Done;
                            break 'outer Status::Complete;
                        }
                        level -= 1;
                        let cur = self.choice[level];
                        self.uncommit_others::<COLORS>(cur);
                        x = self.nd(cur).down;
                        continue;
                    }
                    self.choice[level] = x;
                    observer.try_option(level, OptionId(self.option_at(x)));
                    self.commit_others::<COLORS>(x);
                }
                if self.rl(0) == 0 {
                    // A solution: a leaf node of the search tree, counted as a node, so the
                    // budget applies to it too.
                    if self.stats.nodes >= self.node_limit {
                        self.phase = Phase::Leaf;
                        self.level = level;
                        break 'outer Status::NodeBudget;
                    }
                    self.stats.nodes += 1;
                    self.stats.max_depth = self.stats.max_depth.max(level + 1);
                    self.solution.clear();
                    for &c in &self.choice[..=level] {
                        self.solution
                            .push(OptionId(self.option_of[(c / S) as usize]));
                    }
                    if !self.accepts() {
                        // The pruning rule refuses it: a failed leaf.
                        self.phase = Phase::Retry;
                        self.uncommit_others::<COLORS>(x);
                        x = self.nd(x).down;
                        continue;
                    }
                    self.stats.solutions += 1;
                    if self.cap != usize::MAX {
                        self.pieces.push(Piece::Solution(self.solution.clone()));
                    }
                    let flow = observer.solution(&self.solution);
                    self.phase = Phase::Retry;
                    if flow.is_break() {
                        self.level = level;
                        break 'outer Status::Stopped;
                    }
                    self.uncommit_others::<COLORS>(x);
                    x = self.nd(x).down;
                    continue;
                }
                level += 1;
                self.phase = Phase::Enter;
                continue 'outer;
            }
        };
        self.level = level;
        status
    }

    /// Checks the invariants of the data structure (a sanity checker, as in Knuth's programs).
    /// Returns a description of the first violation found.
    pub fn validate(&self) -> Result<(), String> {
        // Checked lookups: a broken structure must give an error, not read out of bounds.
        let node = |x: u32| {
            self.nodes
                .get((x / S) as usize)
                .filter(|_| x % S == 0)
                .ok_or_else(|| format!("link {x} is not a node"))
        };
        let item = |i: u32| {
            self.items
                .get((i / S) as usize)
                .filter(|_| i % S == 0)
                .ok_or_else(|| format!("link {i} is not an item"))
        };
        for root in [0, (self.n + 1) * S] {
            let mut i = item(root)?.rlink;
            let mut steps = 0;
            while i != root {
                if item(item(i)?.rlink)?.llink != i {
                    return Err(format!("item links broken at {i}"));
                }
                let mut len = 0;
                let mut x = node(i)?.down;
                while x != i {
                    let nx = node(x)?;
                    if node(nx.down)?.up != x {
                        return Err(format!("node {x}: down.up != self"));
                    }
                    if nx.top as u32 != i {
                        return Err(format!("node {x} in list of {i} has top {}", nx.top));
                    }
                    len += 1;
                    if len > self.nodes.len() {
                        return Err(format!("the list of item {i} does not close"));
                    }
                    x = nx.down;
                }
                if len as i32 != node(i)?.top {
                    return Err(format!("item {i}: length {} but {len} nodes", node(i)?.top));
                }
                i = item(i)?.rlink;
                steps += 1;
                if steps > self.n + 2 {
                    return Err("item list does not close".into());
                }
            }
        }
        Ok(())
    }
}
