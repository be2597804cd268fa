//! One puzzle's uniqueness searches: budgets, deadline, and the counts it reports.

use dlx_time::Instant;

use crate::constraint::Constraint;
use crate::puzzle::Puzzle;
use crate::rules::Rules;
use crate::solve::{Limits, Verdict, solve};

/// The time limit passed during a puzzle.
#[derive(Debug)]
pub(super) struct Timeout;

/// What a uniqueness search said.
pub(super) enum Check {
    Unique,
    /// A second solution (when kept).
    Multiple(Option<Vec<u8>>),
    /// The node budget ran out.
    Unknown,
}

/// One puzzle's searches: budgets, deadline, and the counts it reports.
pub(super) struct Worker<'a> {
    /// The rules every puzzle of the run adds (diagonals, windoku...).
    pub(super) globals: &'a [Constraint],
    /// Search nodes per uniqueness proof.
    pub(super) budget: u64,
    pub(super) deadline: Option<Instant>,
    pub(super) n: usize,
    pub(super) searches: u64,
    pub(super) nodes: u64,
    pub(super) certified: u64,
}

impl Worker<'_> {
    pub(super) fn tick(&self) -> Result<(), Timeout> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(Timeout),
            _ => Ok(()),
        }
    }

    pub(super) fn limits(&self, keep: usize) -> Limits {
        Limits {
            solutions: 2,
            keep,
            node_budget: Some(self.budget),
            deadline: self.deadline,
            ..Limits::default()
        }
    }

    /// Decides the uniqueness of `puzzle`, keeping up to `keep` solutions.
    pub(super) fn check(&mut self, puzzle: &Puzzle, keep: usize) -> Result<Check, Timeout> {
        self.tick()?;
        let Ok(answer) = solve(puzzle, &self.limits(keep)) else {
            return Ok(Check::Unknown);
        };
        self.searches += 1;
        self.nodes += answer.stats.nodes;
        match answer.verdict {
            Verdict::Unique => Ok(Check::Unique),
            Verdict::Multiple => Ok(Check::Multiple(answer.solutions.into_iter().nth(1))),
            _ => {
                self.tick()?;
                Ok(Check::Unknown)
            }
        }
    }

    pub(super) fn check_givens(&mut self, rules: &Rules, givens: &[u8]) -> Result<Check, Timeout> {
        match Puzzle::new(rules.clone(), givens.to_vec()) {
            Ok(p) => self.check(&p, 0),
            Err(_) => Ok(Check::Unknown),
        }
    }
}
