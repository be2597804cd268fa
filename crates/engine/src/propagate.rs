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
}

/// What a propagator sees of a node.
#[derive(Debug)]
pub struct View<'a> {
    /// The options on the path to the node, in the order chosen.
    pub chosen: &'a [OptionId],
    /// `starts[k]..starts[k + 1]` in `options`: the options still available in watched item
    /// `k`.
    pub(crate) starts: &'a [u32],
    pub(crate) options: &'a [OptionId],
    /// Whether watched item `k` is covered (an option on the path holds it).
    pub(crate) covered: &'a [bool],
}

impl<'a> View<'a> {
    /// The options still available in watched item `k` (`None` when the item is covered by
    /// an option on the path).
    #[inline]
    pub fn available(&self, k: usize) -> Option<&'a [OptionId]> {
        if self.covered[k] {
            None
        } else {
            Some(&self.options[self.starts[k] as usize..self.starts[k + 1] as usize])
        }
    }

    /// The number of watched items.
    pub fn len(&self) -> usize {
        self.covered.len()
    }

    /// Whether no item is watched.
    pub fn is_empty(&self) -> bool {
        self.covered.is_empty()
    }
}

/// The buffers a search keeps to show a [`View`] without allocating at every node.
#[derive(Clone, Debug, Default)]
pub(crate) struct ViewBuffers {
    pub chosen: Vec<OptionId>,
    pub starts: Vec<u32>,
    pub options: Vec<OptionId>,
    pub covered: Vec<bool>,
    pub remove: Vec<OptionId>,
}

impl ViewBuffers {
    /// Empties the buffers for a new node.
    pub fn clear(&mut self) {
        self.chosen.clear();
        self.starts.clear();
        self.options.clear();
        self.covered.clear();
        self.remove.clear();
    }

    /// The view over the buffers, once filled.
    pub fn view(&self) -> View<'_> {
        View {
            chosen: &self.chosen,
            starts: &self.starts,
            options: &self.options,
            covered: &self.covered,
        }
    }
}
