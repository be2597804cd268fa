//! The exact-cover trace of the page's player and matrix view: the engine's
//! [`Record`](dlx_engine::Record) of a dancing-links search, each step put in words as an
//! [`XccStep`] (items by name, a sentence).
//!
//! Each step carries only how the stack of chosen option ids changed (`pop` ids leave its top,
//! then those of `push` are added), so a deep search costs the same per step as a shallow one.
//! From the stack, replayed, the page derives everything it draws on the
//! [`Matrix`](dlx_engine::Matrix): the items covered (every item of a chosen option) and the
//! options hidden (every option sharing an item with a chosen one).

use dlx_engine::{Heuristic, OptionId, Problem, Step, StepKind};
use serde::Serialize;

use crate::run::Budget;

/// One step of a recorded dancing-links search.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XccStep {
    /// What happened.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::step_kind))]
    pub kind: StepKind,
    /// The search level (0 at the root).
    pub depth: usize,
    /// The item chosen at this level (choose, dead end, try, backtrack), by name.
    pub item: Option<String>,
    /// The same item by index.
    pub item_id: Option<u32>,
    /// How many options the chosen item had (choose, dead end).
    pub options: Option<usize>,
    /// The option tried (try).
    pub option: Option<u32>,
    /// How many option ids leave the top of the partial solution (the chosen options, by id,
    /// in level order) at this step, before those of `push` are added.
    pub pop: usize,
    /// The option ids added to the partial solution at this step (see `pop`).
    pub push: Vec<u32>,
    /// A sentence saying what happened.
    pub text: String,
}

/// The recorded search.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XccTrace {
    /// The steps, at most the cap asked for.
    pub steps: Vec<XccStep>,
    /// Whether the search went on past the last recorded step.
    pub truncated: bool,
    /// Solutions met within the recorded steps.
    pub solutions: u64,
}

fn plural(k: usize) -> &'static str {
    if k == 1 { "" } else { "s" }
}

impl XccStep {
    /// Step `s` of a search of `problem`, which met `solution` solutions up to it; `before` is
    /// the partial solution before the step.
    fn of(problem: &Problem, s: &Step, solution: u64, before: &[OptionId]) -> XccStep {
        let name = s.item.map(|i| problem.item_name(i).to_string());
        let who = name.as_deref().unwrap_or("?");
        let level = s.level;
        let options = s.options;
        let text = match s.kind {
            StepKind::Solution => format!(
                "solution {solution}: every primary item is covered by {level} option{}",
                plural(level)
            ),
            StepKind::DeadEnd => format!("dead end: item {who} has no option left; backtracking"),
            StepKind::Choose => {
                format!(
                    "item {who} has {options} option{}; covering it",
                    plural(options)
                )
            }
            StepKind::Try => {
                let o = s.option.unwrap_or(OptionId(0));
                format!(
                    "level {level}: trying option {} ({})",
                    o.0,
                    problem.display_option(o)
                )
            }
            StepKind::Backtrack if level == 0 => {
                format!("every option of {who} has been tried; the search is over")
            }
            StepKind::Backtrack => format!(
                "every option of {who} has been tried; backing up to level {}",
                level - 1
            ),
        };
        let counted = matches!(s.kind, StepKind::Choose | StepKind::DeadEnd);
        let keep = before
            .iter()
            .zip(&s.stack)
            .take_while(|(a, b)| a == b)
            .count();
        XccStep {
            kind: s.kind,
            depth: level,
            item: name,
            item_id: s.item.map(|i| i.0),
            options: counted.then_some(options),
            option: s.option.map(|o| o.0),
            pop: before.len() - keep,
            push: s.stack[keep..].iter().map(|o| o.0).collect(),
            text,
        }
    }
}

/// Records the dancing-links search of `problem`, at most `cap` steps, within `budget`.
pub fn record(problem: &Problem, heuristic: Heuristic, cap: usize, budget: Budget) -> XccTrace {
    let config = budget.engine_config(heuristic);
    let (rec, _) = dlx_engine::record::record(problem, config, cap, u64::MAX);
    let mut solutions = 0;
    let mut before: &[OptionId] = &[];
    let steps = rec
        .steps
        .iter()
        .map(|s| {
            solutions += u64::from(s.kind == StepKind::Solution);
            let step = XccStep::of(problem, s, solutions, before);
            before = &s.stack;
            step
        })
        .collect();
    XccTrace {
        steps,
        truncated: rec.truncated,
        solutions,
    }
}
