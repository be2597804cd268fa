//! Propagation: an optional pruning rule a [`Problem`](crate::Problem) may carry, which the
//! search asks, at every node, for options no solution can use any more.
//!
//! Exact cover propagates only by covering: choosing an option hides the options that share
//! an item with it, and the branching heuristic takes an item left with one option. Rules that
//! add up digits (killer cages, arrows, sandwiches) propagate far better by reasoning about
//! what remains: which digits of a cage can still make its sum. A [`Propagate`] does that
//! reasoning outside the engine. At each node, before the item to branch on is chosen, the
//! search shows it a [`View`] (the options on the path, and the options still available in
//! each item it watches) and removes the options it names, as `hide` would, until the search
//! backs up out of that node.
//!
//! A propagator must be *sound*: it may name only options that belong to no solution
//! extending the current path. Then the solutions, and their count, are those of the problem
//! without it; only the tree is smaller (fewer nodes). The counts of the engine's own tests
//! do not change: a problem without a propagator searches exactly as before.
//!
//! A propagator may also *hold* a rule the items leave out (a problem built lean, without the
//! items of a rule the propagator enforces anyway): then it must refuse, in
//! [`Propagate::accept`], every complete assignment that breaks the rule, and the search asks
//! it before reporting a solution. The solutions are those of the full problem as long as the
//! items kept and `accept` together say what the full items said.

use std::fmt;

use crate::ids::{ItemId, OptionId};

/// A sound pruning rule (see the module documentation).
pub trait Propagate: Send + Sync + fmt::Debug {
    /// The items whose available options the propagator reads, in the order of
    /// [`View::available`].
    fn watched(&self) -> &[ItemId];

    /// Looks at the node `view` and pushes on `remove` the options no solution extending it
    /// can use (each at most once is best; repeats and options no longer available are
    /// ignored).
    fn propagate(&self, view: &View<'_>, remove: &mut Vec<OptionId>);

    /// Conflict-directed branching (dancing cells only): with `Some`, the search branches by
    /// [`Weights`], and adds 1 to an item's weight each time the trial of one of its options
    /// fails (all weights halve every 16,384 failures). Weights, known as dom/wdeg in
    /// constraint programming, steer the search to the items where the rules bite. Only with
    /// [`Heuristic::Mrv`](crate::Heuristic::Mrv), which they replace; `None` (the default):
    /// fewest options first, then input order.
    fn branch_weights(&self) -> Option<Weights> {
        None
    }

    /// Whether the complete assignment `chosen` (every primary item covered) is a solution:
    /// both searches ask before reporting one, and a refused leaf is a failed node, not a
    /// solution. A propagator that holds rules the items leave out checks them here; the
    /// default accepts everything (the items hold every rule).
    fn accept(&self, chosen: &[OptionId]) -> bool {
        let _ = chosen;
        true
    }

    /// Whether every call's removals are *closed* under the forced moves they cause: an item
    /// they leave with one option is one whose option the propagator already counted as
    /// placed (a single it took from the peers, a hidden single), and committing that option
    /// takes out no option the propagator kept. Then a second call at the same node, after
    /// those forced moves, would remove nothing, and dancing cells calls the propagator once
    /// per node (at each branch), not again after the forced moves that follow its removals.
    /// Only the work depends on it, never the solutions (the propagator's removals are sound
    /// either way); a propagator that says `true` wrongly may leave a larger tree. Default
    /// `false`: called again after every batch of forced moves.
    fn closed(&self) -> bool {
        false
    }
}

/// How a propagator asks the search to branch ([`Propagate::branch_weights`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The starting weight of each primary item, by item index.
    pub start: Vec<u32>,
    /// The starting weight of the primary items past the end of `start`.
    pub rest: u32,
    /// `true`: the item with the most weight per option left (ties to fewer options, then
    /// input order). `false`: the fewest options left, then the most weight, then input order.
    pub per_option: bool,
}

/// What a propagator sees of a node.
///
/// The options of a watched item are read in place where the search keeps them (dancing
/// cells' sets), so a propagator that reads only the items whose [`size`](View::size) changed
/// since an earlier call pays only for those.
#[derive(Debug)]
pub struct View<'a> {
    /// The options on the path to the node, in the order chosen.
    pub chosen: &'a [OptionId],
    /// `sizes[k]`: the number of options still available in watched item `k`, or
    /// `u32::MAX` when it is covered.
    pub(crate) sizes: &'a [u32],
    pub(crate) source: Source<'a>,
}

/// Where a [`View`] finds the options of a watched item.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// Copied: watched item `k`'s options are `options[starts[k]..starts[k + 1]]`.
    Buffer {
        starts: &'a [u32],
        options: &'a [OptionId],
    },
    /// In place: watched item `k`'s nodes are `set[heads[k]..heads[k] + sizes[k]]`, and node
    /// `y` belongs to option `node_opt[y]`.
    Sets {
        heads: &'a [u32],
        set: &'a [u32],
        node_opt: &'a [u32],
    },
}

impl<'a> View<'a> {
    /// The options still available in watched item `k` (`None` when the item is covered by
    /// an option on the path).
    #[inline(always)]
    pub fn available(&self, k: usize) -> Option<Options<'a>> {
        let size = self.sizes[k];
        if size == u32::MAX {
            return None;
        }
        Some(Options(match self.source {
            Source::Buffer { starts, options } => {
                Inner::Ids(options[starts[k] as usize..starts[k + 1] as usize].iter())
            }
            Source::Sets {
                heads,
                set,
                node_opt,
            } => {
                let x = heads[k] as usize;
                Inner::Nodes(set[x..x + size as usize].iter(), node_opt)
            }
        }))
    }

    /// The number of options still available in watched item `k` (`None` when it is
    /// covered). Along a path of the search an item's options only go, so an item whose
    /// size is the same as at an ancestor node has the same options as there.
    #[inline]
    pub fn size(&self, k: usize) -> Option<usize> {
        let size = self.sizes[k];
        (size != u32::MAX).then_some(size as usize)
    }

    /// The number of watched items.
    pub fn len(&self) -> usize {
        self.sizes.len()
    }

    /// Whether no item is watched.
    pub fn is_empty(&self) -> bool {
        self.sizes.is_empty()
    }
}

/// The options of a watched item, as [`View::available`] gives them.
#[derive(Clone, Debug)]
pub struct Options<'a>(Inner<'a>);

#[derive(Clone, Debug)]
enum Inner<'a> {
    Ids(std::slice::Iter<'a, OptionId>),
    Nodes(std::slice::Iter<'a, u32>, &'a [u32]),
}

impl Iterator for Options<'_> {
    type Item = OptionId;

    #[inline]
    fn next(&mut self) -> Option<OptionId> {
        match &mut self.0 {
            Inner::Ids(it) => it.next().copied(),
            Inner::Nodes(it, node_opt) => it.next().map(|&y| OptionId(node_opt[y as usize])),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            Inner::Ids(it) => it.size_hint(),
            Inner::Nodes(it, _) => it.size_hint(),
        }
    }
}

impl ExactSizeIterator for Options<'_> {}

/// The buffers a search keeps to show a [`View`] without allocating at every node.
#[derive(Clone, Debug, Default)]
pub(crate) struct ViewBuffers {
    pub chosen: Vec<OptionId>,
    pub starts: Vec<u32>,
    pub options: Vec<OptionId>,
    pub sizes: Vec<u32>,
    pub remove: Vec<OptionId>,
}

impl ViewBuffers {
    /// Empties the buffers for a new node.
    pub fn clear(&mut self) {
        self.chosen.clear();
        self.starts.clear();
        self.options.clear();
        self.sizes.clear();
        self.remove.clear();
    }

    /// The view over the buffers, once filled (options copied).
    pub fn view(&self) -> View<'_> {
        View {
            chosen: &self.chosen,
            sizes: &self.sizes,
            source: Source::Buffer {
                starts: &self.starts,
                options: &self.options,
            },
        }
    }
}
