//! Recording a search step by step, for players that replay it and traces that explain it:
//! the [`Recorder`], an [`Observer`] that turns each decision of a search into a [`Step`], and
//! the [`Matrix`], a problem as plain data for drawing the items and options the steps name.
//!
//! A recorder knows nothing of what items mean: a face (Sudoku, the web app's exact-cover
//! view) maps each [`Step`] to its own words. Every step carries the stack of options chosen
//! after it, from which a viewer derives everything else (items covered, options hidden, the
//! grid of a puzzle).
//!
//! ```
//! use dlx_engine::{format, Config, StepKind, record};
//!
//! let (problem, _) = format::parse("a b\na\nb\na b\n").unwrap();
//! let (rec, _outcome) = record::record(&problem, Config::default(), 100, u64::MAX);
//! assert_eq!(rec.solutions, 2);
//! assert!(!rec.truncated);
//! assert_eq!(rec.steps[0].kind, StepKind::Choose);
//! ```

use std::ops::ControlFlow;

use serde::Serialize;

use crate::links::Links;
use crate::problem::{ItemId, OptionId, Problem};
use crate::search::{Config, Observer, Outcome, Search, Status};

/// What happened at one step of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// An item was chosen to branch on (it has at least one option).
    Choose,
    /// One of its options was tried.
    Try,
    /// The chosen item has no option left: the search backs up at once.
    DeadEnd,
    /// Every option of the item chosen at a level has been tried; the search backs up.
    Backtrack,
    /// Every primary item is covered.
    Solution,
}

/// One recorded decision.
///
/// `item` is the item chosen at `level` (`None` for a solution); `options` its number of
/// options when chosen (0 for a dead end and a solution); `tried` is `k` when the step tries
/// the `k`-th of them (1-based; 0 for the other kinds); `option` is the option tried.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Step {
    /// What happened.
    pub kind: StepKind,
    /// The search level (0 at the root; for a solution, the number of its options).
    pub level: usize,
    /// The item chosen at this level.
    pub item: Option<ItemId>,
    /// How many options that item had when chosen.
    pub options: usize,
    /// Which of them a `Try` step tries, from 1.
    pub tried: usize,
    /// The option a `Try` step tries.
    pub option: Option<OptionId>,
    /// The options of the partial solution after the step, in level order.
    pub stack: Vec<OptionId>,
}

/// What a [`Recorder`] recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The steps, at most the cap.
    pub steps: Vec<Step>,
    /// Whether the search went on past the last step (cap, node budget or deadline), as
    /// opposed to ending or stopping at the solution limit.
    pub truncated: bool,
    /// Solutions found, those after the cap included (the steps show those within it).
    pub solutions: u64,
    /// Options tried for an item that had two or more (guesses), cap or not.
    pub guesses: u64,
    /// Levels left after every option was tried (dead ends included), cap or not.
    pub backtracks: u64,
}

/// The item chosen at one level.
#[derive(Clone, Copy, Debug)]
struct Level {
    item: ItemId,
    options: usize,
    tried: usize,
}

/// An [`Observer`] that records every decision of a search, up to `cap` steps, and stops at
/// `limit` solutions.
///
/// Invariants: `stack.len()` is the level of the last event (the options chosen at levels
/// `0..stack.len()`); `levels[l]` is the item chosen at level `l`; `steps.len() <= cap`, and
/// `truncated` once a step was left out.
#[derive(Debug)]
pub struct Recorder {
    rec: Record,
    cap: usize,
    limit: u64,
    stack: Vec<OptionId>,
    levels: Vec<Level>,
    /// The level whose item was a dead end: its backtrack is implied, not recorded.
    dead_at: Option<usize>,
}

impl Recorder {
    /// A recorder keeping at most `cap` steps and stopping the search at the `limit`-th
    /// solution (`u64::MAX` for none).
    pub fn new(cap: usize, limit: u64) -> Self {
        Recorder {
            rec: Record::default(),
            cap,
            limit,
            stack: Vec::new(),
            levels: Vec::new(),
            dead_at: None,
        }
    }

    /// What was recorded, given how the search returned: a search that stopped for a budget or
    /// a deadline, or for the cap, is `truncated`; one that ended or met its solution limit
    /// is not.
    pub fn finish(mut self, status: Status) -> Record {
        let at_limit = self.rec.solutions >= self.limit;
        self.rec.truncated |= match status {
            Status::Complete => false,
            Status::Stopped => !at_limit,
            _ => true,
        };
        self.rec
    }

    fn full(&self) -> bool {
        self.rec.steps.len() >= self.cap
    }

    /// Records a step at the current stack, unless the cap is reached.
    fn push(
        &mut self,
        kind: StepKind,
        level: usize,
        item: Option<ItemId>,
        option: Option<OptionId>,
    ) {
        if self.full() {
            self.rec.truncated = true;
            return;
        }
        let (options, tried) = match (kind, self.levels.get(level)) {
            (StepKind::Solution, _) | (_, None) => (0, 0),
            (StepKind::Try, Some(l)) => (l.options, l.tried),
            (_, Some(l)) => (l.options, 0),
        };
        self.rec.steps.push(Step {
            kind,
            level,
            item,
            options,
            tried,
            option,
            stack: self.stack.clone(),
        });
    }
}

impl Observer for Recorder {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        self.rec.solutions += 1;
        self.stack.clear();
        self.stack.extend_from_slice(options);
        self.push(StepKind::Solution, options.len(), None, None);
        if self.rec.solutions >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        self.stack.truncate(level);
        self.levels.truncate(level);
        self.levels.push(Level {
            item,
            options,
            tried: 0,
        });
        let kind = if options == 0 {
            self.dead_at = Some(level);
            StepKind::DeadEnd
        } else {
            self.dead_at = None;
            StepKind::Choose
        };
        self.push(kind, level, Some(item), None);
    }

    fn try_option(&mut self, level: usize, option: OptionId) {
        self.stack.truncate(level);
        self.stack.push(option);
        let Some(l) = self.levels.get_mut(level) else {
            return;
        };
        l.tried += 1;
        if l.options >= 2 {
            self.rec.guesses += 1;
        }
        let item = l.item;
        self.push(StepKind::Try, level, Some(item), Some(option));
    }

    fn backtrack(&mut self, level: usize, item: ItemId) {
        self.rec.backtracks += 1;
        self.stack.truncate(level);
        if self.dead_at.take() == Some(level) {
            return;
        }
        self.push(StepKind::Backtrack, level, Some(item), None);
    }
}

/// Records the dancing-links search of `problem` under `config`, at most `cap` steps, up to
/// `limit` solutions (`u64::MAX` for all). The node budget is lowered to `cap + 1`: every
/// node records at least one step, so the search cannot run on long after the cap.
pub fn record(problem: &Problem, mut config: Config, cap: usize, limit: u64) -> (Record, Outcome) {
    let nodes = cap as u64 + 1;
    config.node_budget = Some(config.node_budget.map_or(nodes, |b| b.min(nodes)));
    let mut recorder = Recorder::new(cap, limit);
    let outcome = Links::new(problem, config).run(&mut recorder);
    (recorder.finish(outcome.status), outcome)
}

/// One item of a [`Matrix`].
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MatrixItem {
    /// The item's name.
    pub name: String,
    /// Whether the item is primary (covered exactly once) or secondary (at most once).
    pub primary: bool,
    /// What the item means, in words, when the problem comes from a puzzle (`r4c7`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// A problem as a viewer draws it: `options[k]` lists the item indexes of option `k`.
///
/// Invariant: every index in `options` is `< items.len()`; `labels[k]` is option `k` in
/// words (Knuth's notation unless a puzzle names it), and `labels.len() == options.len()`;
/// when `colors` is present, `colors[k][e]` is the color of entry `e` of option `k` (`None`
/// for no color), so `colors[k].len() == options[k].len()`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Matrix {
    /// Primary items first, then secondary items.
    pub items: Vec<MatrixItem>,
    /// Each option as the indexes of its items, in the order given.
    pub options: Vec<Vec<u32>>,
    /// Each option in words: as Knuth writes it (`a x:red`) unless a puzzle relabels it.
    pub labels: Vec<String>,
    /// The color name of each entry, present only when the problem has colors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<Vec<Option<String>>>>,
}

impl Matrix {
    /// The matrix of `problem`, with Knuth's names and no item labels.
    pub fn of(problem: &Problem) -> Matrix {
        let items = (0..problem.item_count())
            .map(|k| {
                let id = ItemId(k as u32);
                MatrixItem {
                    name: problem.item_name(id).to_string(),
                    primary: problem.is_primary(id),
                    label: None,
                }
            })
            .collect();
        let options = problem
            .options()
            .map(|entries| entries.iter().map(|e| e.item.0).collect())
            .collect();
        let labels = (0..problem.option_count())
            .map(|k| problem.display_option(OptionId(k as u32)).to_string())
            .collect();
        let colors = (problem.color_count() > 0).then(|| {
            problem
                .options()
                .map(|entries| {
                    entries
                        .iter()
                        .map(|e| e.color.map(|c| problem.color_name(c).to_string()))
                        .collect()
                })
                .collect()
        });
        Matrix {
            items,
            options,
            labels,
            colors,
        }
    }
}
