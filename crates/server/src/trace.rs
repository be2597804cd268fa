//! Recording a dancing-links search step by step for the page's player and matrix view: the
//! [`Matrix`] (items and options of a problem, as index lists) and the [`Recorder`], an engine
//! [`Observer`] that turns each decision of the search into an [`XccStep`].
//!
//! Each step carries the stack of chosen option ids after it, from which the page derives
//! everything it draws: the items covered (every item of a chosen option) and the options
//! hidden (every option sharing an item with a chosen one).

use std::ops::ControlFlow;

use dlx_engine::{ItemId, Links, Observer, OptionId, Problem, Search, Status};
use serde::Serialize;

use crate::work::Budget;

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

/// A problem as the page draws it: `options[k]` lists the item indexes of option `k`.
///
/// Invariant: every index in `options` is `< items.len()`; `labels[k]` is option `k` in
/// Knuth's notation, and `labels.len() == options.len()`; when `colors` is present,
/// `colors[k][e]` is the color of entry `e` of option `k` (`None` for no color), so
/// `colors[k].len() == options[k].len()`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Matrix {
    /// Primary items first, then secondary items.
    pub items: Vec<MatrixItem>,
    /// Each option as the indexes of its items, in the order given.
    pub options: Vec<Vec<u32>>,
    /// Each option written as Knuth writes it (`a x:red`).
    pub labels: Vec<String>,
    /// The color name of each entry, present only when the problem has colors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<Vec<Option<String>>>>,
}

impl Matrix {
    /// The matrix of `problem`.
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

/// What happened at one step of the search.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// An item was chosen to branch on (it has at least one option).
    Choose,
    /// An option was tried.
    Try,
    /// The chosen item has no option left.
    DeadEnd,
    /// Every option of an item was tried; the search backs up.
    Backtrack,
    /// Every primary item is covered.
    Solution,
}

/// One step of a recorded dancing-links search.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct XccStep {
    /// What happened.
    pub kind: StepKind,
    /// The search level (0 at the root).
    pub depth: usize,
    /// The item chosen at this level (choose, dead end, backtrack), by name.
    pub item: Option<String>,
    /// The same item by index.
    pub item_id: Option<u32>,
    /// How many options the chosen item had (choose, dead end).
    pub options: Option<usize>,
    /// The option tried (try).
    pub option: Option<u32>,
    /// The options of the partial solution after this step, by id, in level order.
    pub stack: Vec<u32>,
    /// A sentence saying what happened.
    pub text: String,
}

/// The recorded search.
#[derive(Clone, Debug, Serialize)]
pub struct XccTrace {
    /// The steps, at most the cap asked for.
    pub steps: Vec<XccStep>,
    /// Whether the search went on past the last recorded step.
    pub truncated: bool,
    /// Solutions met within the recorded steps.
    pub solutions: u64,
}

/// An [`Observer`] that records every decision, up to a cap.
#[derive(Debug)]
pub struct Recorder<'a> {
    problem: &'a Problem,
    steps: Vec<XccStep>,
    cap: usize,
    /// The options chosen at levels `0..stack.len()`.
    stack: Vec<u32>,
    truncated: bool,
    solutions: u64,
    /// The item chosen at each level, to name it when the level is left.
    chosen: Vec<u32>,
}

impl<'a> Recorder<'a> {
    /// A recorder keeping at most `cap` steps.
    pub fn new(problem: &'a Problem, cap: usize) -> Self {
        Recorder {
            problem,
            steps: Vec::new(),
            cap,
            stack: Vec::new(),
            truncated: false,
            solutions: 0,
            chosen: Vec::new(),
        }
    }

    fn name(&self, item: ItemId) -> String {
        self.problem.item_name(item).to_string()
    }

    fn push(&mut self, step: XccStep) {
        if self.steps.len() < self.cap {
            self.steps.push(step);
        } else {
            self.truncated = true;
        }
    }

    fn full(&self) -> bool {
        self.steps.len() >= self.cap
    }

    /// Runs the search of `problem` and returns what was recorded. The node budget is lowered
    /// to the cap, since every node records at least one step: the search cannot run on long
    /// after the cap is reached.
    pub fn record(
        problem: &Problem,
        heuristic: dlx_engine::Heuristic,
        cap: usize,
        budget: Budget,
    ) -> XccTrace {
        let mut config = budget.engine_config(heuristic);
        config.node_budget = Some(budget.nodes.min(cap as u64 + 1));
        let mut links = Links::new(problem, config);
        let mut rec = Recorder::new(problem, cap);
        let outcome = links.run(&mut rec);
        let truncated = rec.truncated || outcome.status != Status::Complete;
        XccTrace {
            steps: rec.steps,
            truncated,
            solutions: rec.solutions,
        }
    }
}

impl Observer for Recorder<'_> {
    fn solution(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        if self.full() {
            self.truncated = true;
            return ControlFlow::Break(());
        }
        self.solutions += 1;
        self.stack = options.iter().map(|o| o.0).collect();
        let text = format!(
            "solution {}: every primary item is covered by {} option{}",
            self.solutions,
            options.len(),
            if options.len() == 1 { "" } else { "s" }
        );
        self.push(XccStep {
            kind: StepKind::Solution,
            depth: options.len(),
            item: None,
            item_id: None,
            options: None,
            option: None,
            stack: self.stack.clone(),
            text,
        });
        ControlFlow::Continue(())
    }

    fn choose(&mut self, level: usize, item: ItemId, options: usize) {
        self.stack.truncate(level);
        self.chosen.truncate(level);
        self.chosen.push(item.0);
        if self.full() {
            self.truncated = true;
            return;
        }
        let name = self.name(item);
        let (kind, text) = if options == 0 {
            (
                StepKind::DeadEnd,
                format!("dead end: item {name} has no option left; backtracking"),
            )
        } else {
            (
                StepKind::Choose,
                format!(
                    "item {name} has {options} option{}; covering it",
                    if options == 1 { "" } else { "s" }
                ),
            )
        };
        self.push(XccStep {
            kind,
            depth: level,
            item: Some(name),
            item_id: Some(item.0),
            options: Some(options),
            option: None,
            stack: self.stack.clone(),
            text,
        });
    }

    fn try_option(&mut self, level: usize, option: OptionId) {
        self.stack.truncate(level);
        self.stack.push(option.0);
        if self.full() {
            self.truncated = true;
            return;
        }
        let item = self.chosen.get(level).map(|&i| self.name(ItemId(i)));
        let text = format!(
            "level {level}: trying option {} ({})",
            option.0,
            self.problem.display_option(option)
        );
        self.push(XccStep {
            kind: StepKind::Try,
            depth: level,
            item,
            item_id: self.chosen.get(level).copied(),
            options: None,
            option: Some(option.0),
            stack: self.stack.clone(),
            text,
        });
    }

    fn backtrack(&mut self, level: usize, item: ItemId) {
        self.stack.truncate(level);
        // A dead end was already reported when the item was chosen.
        if let Some(last) = self.steps.last()
            && last.kind == StepKind::DeadEnd
            && last.depth == level
        {
            return;
        }
        if self.full() {
            self.truncated = true;
            return;
        }
        let name = self.name(item);
        let text = if level == 0 {
            format!("every option of {name} has been tried; the search is over")
        } else {
            format!(
                "every option of {name} has been tried; backing up to level {}",
                level - 1
            )
        };
        self.push(XccStep {
            kind: StepKind::Backtrack,
            depth: level,
            item: Some(name),
            item_id: Some(item.0),
            options: None,
            option: None,
            stack: self.stack.clone(),
            text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    const KNUTH: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

    fn budget() -> Budget {
        Budget {
            nodes: 1_000_000,
            deadline: Instant::now() + Duration::from_secs(10),
        }
    }

    #[test]
    fn knuths_example_is_recorded_to_its_one_solution() {
        let (p, _) = dlx_engine::format::parse(KNUTH).unwrap();
        let t = Recorder::record(&p, dlx_engine::Heuristic::Mrv, 1000, budget());
        assert!(!t.truncated);
        assert_eq!(t.solutions, 1);
        let sol = t
            .steps
            .iter()
            .find(|s| s.kind == StepKind::Solution)
            .unwrap();
        let mut ids = sol.stack.clone();
        ids.sort();
        assert_eq!(ids, vec![0, 3, 4]);
        // Every try pushes exactly one option on top of the previous stack at its level.
        for s in &t.steps {
            if s.kind == StepKind::Try {
                assert_eq!(s.stack.len(), s.depth + 1);
                assert_eq!(s.stack.last().copied(), s.option);
            }
        }
        // The first step chooses an item with the fewest options (a has 2, as do others).
        assert_eq!(t.steps[0].kind, StepKind::Choose);
        assert_eq!(t.steps[0].options, Some(2));
        assert_eq!(t.steps.last().unwrap().kind, StepKind::Backtrack);
    }

    #[test]
    fn cap_truncates() {
        let (p, _) = dlx_engine::format::parse(KNUTH).unwrap();
        let t = Recorder::record(&p, dlx_engine::Heuristic::Leftmost, 3, budget());
        assert_eq!(t.steps.len(), 3);
        assert!(t.truncated);
    }

    #[test]
    fn matrix_lists_item_indexes() {
        let (p, _) = dlx_engine::format::parse("a b | x\na x:red\nb\n").unwrap();
        let m = Matrix::of(&p);
        assert_eq!(m.items.len(), 3);
        assert!(m.items[0].primary && !m.items[2].primary);
        assert_eq!(m.options, vec![vec![0, 2], vec![1]]);
        assert_eq!(m.labels, vec!["a x:red".to_string(), "b".to_string()]);
        assert_eq!(
            m.colors,
            Some(vec![vec![None, Some("red".to_string())], vec![None]])
        );
    }
}
