//! What became of each line of a batch ([`LineStatus`], spelled once for every face) and the
//! totals ([`Summary`]).

use serde::{Deserialize, Serialize};

use crate::solve::Status;

/// What became of one line of a batch: a search's verdict, or `invalid` (a line that does not
/// read, breaks the grid's rules, or whose givens repeat a digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum LineStatus {
    /// Exactly one solution.
    Unique,
    /// A solution; whether it is the only one was not (fully) checked.
    Solved,
    /// At least two solutions.
    Multiple,
    /// No solution: the whole search tree was explored.
    None,
    /// No solution found before a budget ran out.
    Incomplete,
    /// Not a puzzle that can be searched.
    Invalid,
}

impl LineStatus {
    /// Every status, in the order of their codes (Python's `STATUSES`).
    pub const ALL: [LineStatus; 6] = [
        LineStatus::Unique,
        LineStatus::Solved,
        LineStatus::Multiple,
        LineStatus::None,
        LineStatus::Incomplete,
        LineStatus::Invalid,
    ];

    /// The word used in reports and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            LineStatus::Unique => "unique",
            LineStatus::Solved => "solved",
            LineStatus::Multiple => "multiple",
            LineStatus::None => "none",
            LineStatus::Incomplete => "incomplete",
            LineStatus::Invalid => "invalid",
        }
    }

    /// Its position in [`LineStatus::ALL`].
    pub fn code(self) -> u8 {
        LineStatus::ALL.iter().position(|&s| s == self).unwrap_or(5) as u8
    }
}

impl From<Status> for LineStatus {
    fn from(s: Status) -> Self {
        match s {
            Status::Unique => LineStatus::Unique,
            Status::Solved => LineStatus::Solved,
            Status::Multiple => LineStatus::Multiple,
            Status::None => LineStatus::None,
            Status::Incomplete => LineStatus::Incomplete,
        }
    }
}

impl std::fmt::Display for LineStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Totals over a batch: `solved` counts every line with a solution (unique and multiple
/// included).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Lines answered.
    pub puzzles: u64,
    /// Lines with a solution.
    pub solved: u64,
    /// Of those, with exactly one.
    pub unique: u64,
    /// Of those, with two or more.
    pub multiple: u64,
    /// Lines without a solution.
    pub none: u64,
    /// Lines a budget stopped before any solution.
    pub incomplete: u64,
    /// Lines that are not puzzles.
    pub invalid: u64,
}

impl Summary {
    /// Adds another part's totals.
    pub fn merge(&mut self, other: &Summary) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.none += other.none;
        self.incomplete += other.incomplete;
        self.invalid += other.invalid;
    }

    /// Counts one line.
    pub fn count(&mut self, status: LineStatus) {
        self.puzzles += 1;
        match status {
            LineStatus::Solved => self.solved += 1,
            LineStatus::Unique => {
                self.solved += 1;
                self.unique += 1
            }
            LineStatus::Multiple => {
                self.solved += 1;
                self.multiple += 1
            }
            LineStatus::None => self.none += 1,
            LineStatus::Incomplete => self.incomplete += 1,
            LineStatus::Invalid => self.invalid += 1,
        }
    }
}
