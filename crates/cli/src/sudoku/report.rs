//! The output of `dlx sudoku solve` and `count`: one record a puzzle in the line, pretty,
//! CSV or JSON format, and the totals of a batch.

use dlx_sudoku::batch::{LineAnswer, SolveJob};
use dlx_sudoku::{Grid, SolveStats, Status, Style};
use serde::Serialize;

use super::args::FormatArg;
use crate::output;

/// What the command looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `solve`: one solution, or two with `--unique`, or all with `--all`.
    Solve,
    /// `count`: every solution up to `--limit`.
    Count,
}

/// What a run of `solve` or `count` does with each puzzle: the library's [`SolveJob`], and
/// how the command reports it.
pub(super) struct Job {
    pub(super) mode: Mode,
    pub(super) solve: SolveJob,
    pub(super) format: FormatArg,
}

/// What happened to one puzzle: the library's answer.
pub(super) type Record = LineAnswer;

fn status_of(rec: &Record) -> &'static str {
    LineAnswer::status(rec).as_str()
}

/// One line of `--json` output.
#[derive(Serialize)]
pub(super) struct JsonRecord<'a> {
    pub(super) line: usize,
    pub(super) puzzle: &'a str,
    pub(super) status: &'a str,
    pub(super) solution: Option<String>,
    pub(super) solutions: u64,
    pub(super) complete: bool,
    pub(super) error: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) all_solutions: Vec<String>,
    pub(super) solver: &'static str,
    /// `nodes`, `updates`, `guesses`, `backtracks`, `seconds`.
    #[serde(flatten)]
    pub(super) stats: SolveStats,
}

impl Job {
    /// Whether a solution with this status is printed alone on its line: it is unique, or
    /// only one solution was asked for.
    pub(super) fn bare(&self, status: Status) -> bool {
        status == Status::Unique || (status == Status::Solved && self.solve.options.limit == 1)
    }

    /// Appends the output text of one record of a batch to `out`.
    pub(super) fn write(&self, rec: &Record, out: &mut Vec<u8>) {
        // PERF: the common line, a solution, goes straight into the chunk's text.
        if self.format == FormatArg::Line
            && self.mode == Mode::Solve
            && !self.solve.all
            && let Ok(r) = &rec.result
            && let Some(g) = &r.solution
            && self.bare(r.status)
        {
            let style = Style {
                blank: '.',
                ..rec.style
            };
            out.extend_from_slice(g.to_line_styled(&style).as_bytes());
            out.push(b'\n');
            return;
        }
        out.extend_from_slice(self.format(rec, false).as_bytes());
    }

    /// The output text of one record.
    pub(super) fn format(&self, rec: &Record, single: bool) -> String {
        let sol_line = |g: &Grid| {
            let style = Style {
                blank: '.',
                ..rec.style
            };
            g.to_line_styled(&style)
        };
        match self.format {
            FormatArg::Json => {
                let (solution, solutions, complete, stats) = match &rec.result {
                    Ok(r) => (
                        r.solution.as_ref().map(sol_line),
                        r.solutions,
                        r.complete,
                        r.stats.clone(),
                    ),
                    Err(_) => (None, 0, false, Default::default()),
                };
                let j = JsonRecord {
                    line: rec.line,
                    puzzle: &rec.puzzle(),
                    status: status_of(rec),
                    solution,
                    solutions,
                    complete,
                    error: rec.result.as_ref().err().map(String::as_str),
                    all_solutions: rec.all.iter().map(sol_line).collect(),
                    solver: self.solve.options.solver.as_str(),
                    stats,
                };
                let mut s = serde_json::to_string(&j).unwrap_or_default();
                s.push('\n');
                s
            }
            FormatArg::Csv => {
                let (solution, solutions, stats) = match &rec.result {
                    Ok(r) => (
                        r.solution.as_ref().map(sol_line).unwrap_or_default(),
                        r.solutions,
                        r.stats.clone(),
                    ),
                    Err(_) => (String::new(), 0, Default::default()),
                };
                let error = rec
                    .result
                    .as_ref()
                    .err()
                    .map_or(String::new(), |e| csv_quote(e));
                format!(
                    "{},{},{},{},{},{},{},{},{}\n",
                    rec.line,
                    csv_quote(&rec.puzzle()),
                    status_of(rec),
                    solutions,
                    solution,
                    stats.nodes,
                    stats.guesses,
                    stats.backtracks,
                    error
                )
            }
            FormatArg::Line => match &rec.result {
                Err(e) => format!("{}  # invalid: {e}\n", rec.puzzle()),
                Ok(r) if self.mode == Mode::Count => {
                    format!(
                        "{}  # {}{}\n",
                        rec.puzzle(),
                        output::counted(r.solutions, "solution"),
                        if r.complete { "" } else { " at least" }
                    )
                }
                Ok(r) => {
                    let mut s = String::new();
                    if self.solve.all {
                        // In a batch, each puzzle's solutions under a comment naming it.
                        if !single && !rec.all.is_empty() {
                            s.push_str(&format!(
                                "# line {}: {} ({})\n",
                                rec.line,
                                rec.puzzle(),
                                output::counted(rec.all.len() as u64, "solution")
                            ));
                        }
                        for g in &rec.all {
                            s.push_str(&sol_line(g));
                            s.push('\n');
                        }
                        if rec.all.is_empty() {
                            s = format!("{}  # {}\n", rec.puzzle(), r.status);
                        }
                        return s;
                    }
                    match (&r.solution, r.status) {
                        (Some(g), status) if self.bare(status) => format!("{}\n", sol_line(g)),
                        // With --unique, a solution whose uniqueness a budget left open.
                        (Some(g), Status::Solved) => format!(
                            "{}  # solved, uniqueness not decided (a budget ran out)\n",
                            sol_line(g)
                        ),
                        (Some(g), _) => format!("{}  # {}\n", sol_line(g), r.status),
                        (None, _) => format!("{}  # {}\n", rec.puzzle(), r.status),
                    }
                }
            },
            FormatArg::Pretty => self.pretty(rec, single),
        }
    }

    pub(super) fn pretty(&self, rec: &Record, single: bool) -> String {
        let mut s = String::new();
        if !single {
            s.push_str(&format!("# line {}: {}\n", rec.line, rec.puzzle()));
        }
        let r = match &rec.result {
            Err(e) => {
                s.push_str(&format!("invalid: {e}\n"));
                return s;
            }
            Ok(r) => r,
        };
        if self.mode == Mode::Solve {
            if self.solve.all {
                for (k, g) in rec.all.iter().enumerate() {
                    s.push_str(&format!(
                        "solution {}:\n{}",
                        k + 1,
                        g.pretty_styled(&rec.style)
                    ));
                }
            } else if let Some(g) = &r.solution {
                s.push_str(&g.pretty_styled(&rec.style));
            } else if let Some(g) = &rec.grid {
                s.push_str(&g.pretty_styled(&rec.style));
            }
        }
        let limit = self.solve.options.limit;
        let count = if r.complete {
            r.solutions.to_string()
        } else if r.stop == dlx_sudoku::Stop::Limit {
            format!("{} (stopped at the limit of {limit})", r.solutions)
        } else {
            format!("at least {} (a budget ran out)", r.solutions)
        };
        let status = match r.status {
            Status::Solved if self.solve.options.limit == 1 => {
                "solved (uniqueness not checked; use --unique)".to_string()
            }
            Status::Incomplete => "incomplete (a budget ran out before any solution)".to_string(),
            st => st.to_string(),
        };
        let shape = rec.grid.as_ref().map_or(String::new(), |g| {
            format!(
                "{n}x{n}, boxes {}, {} givens",
                g.shape,
                g.givens(),
                n = g.n()
            )
        });
        s.push_str(&format!("puzzle: {shape}\n"));
        s.push_str(&format!("status: {status}\nsolutions: {count}\n"));
        if !self.solve.options.solver.counts_nodes() {
            s.push_str(&format!(
                "solver: fast; guesses {}, {:.3} ms\n",
                r.stats.guesses,
                r.stats.seconds * 1e3
            ));
        } else {
            s.push_str(&format!(
                "solver: {}; nodes {}, updates {}, guesses {}, backtracks {}, {:.3} ms\n",
                self.solve.options.solver,
                r.stats.nodes,
                r.stats.updates,
                r.stats.guesses,
                r.stats.backtracks,
                r.stats.seconds * 1e3
            ));
        }
        if !single {
            s.push('\n');
        }
        s
    }
}

pub(super) fn csv_quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
