//! Solving one line of a batch, the same for every face: [`SolveJob`] (the quick 9x9 path,
//! then parsing, the grid's rules, repeated givens and the search) and what it gives,
//! [`LineAnswer`].

use std::ops::ControlFlow;
use std::time::Duration;

use dlx_time::Instant;

use super::input::MAX_LINE;
use super::status::LineStatus;
use crate::grid::{Grid, Shape, Style};
use crate::parse::{Parsed, parse, parse_line};
use crate::request::{Conflicts, RequestError, SolveRequest};
use crate::solve::{SolveOptions, SolveResult, SolverKind, Status, Visitor, solve, solve_with};

/// What happened to one line.
#[derive(Clone, Debug)]
pub struct LineAnswer {
    /// Its number in the input, from 1.
    pub line: usize,
    /// The line as read, trimmed, when it is not a valid puzzle (for the output).
    pub raw: String,
    /// How the puzzle was spelled.
    pub style: Style,
    /// The search's result, or why the line is invalid.
    pub result: Result<SolveResult, String>,
    /// Every solution, when the job collects them.
    pub all: Vec<Grid>,
    /// The parsed grid, when valid.
    pub grid: Option<Grid>,
}

impl LineAnswer {
    /// The line's status.
    pub fn status(&self) -> LineStatus {
        match &self.result {
            Ok(r) => r.status.into(),
            Err(_) => LineStatus::Invalid,
        }
    }

    /// The puzzle as the input wrote it (its alphabet and blank).
    // PERF: built only for the outputs that show it, not for every solved line.
    pub fn puzzle(&self) -> String {
        match &self.grid {
            Some(g) => g.to_line_styled(&self.style),
            None => self.raw.clone(),
        }
    }

    /// An invalid line.
    pub fn invalid(line: usize, raw: &str, why: String) -> LineAnswer {
        LineAnswer {
            line,
            raw: raw.trim().to_string(),
            style: Style::default(),
            result: Err(why),
            all: Vec::new(),
            grid: None,
        }
    }
}

/// Collects every solution.
struct Collect<'a> {
    grids: &'a mut Vec<Grid>,
}

impl Visitor for Collect<'_> {
    fn solution(&mut self, grid: &Grid) -> ControlFlow<()> {
        self.grids.push(grid.clone());
        ControlFlow::Continue(())
    }
}

/// How every line of a batch is solved.
#[derive(Clone, Debug, Default)]
pub struct SolveJob {
    /// The solver, its limit and budgets (a deadline here is ignored: see `time_limit`).
    pub options: SolveOptions,
    /// The box shape, when not the default for the size.
    pub shape: Option<Shape>,
    /// Each puzzle's time limit, from when its search starts.
    pub time_limit: Option<Duration>,
    /// Collect every solution (up to the limit) in [`LineAnswer::all`].
    pub all: bool,
}

impl SolveJob {
    /// The job of a request: its solver, heuristic, mode's limit and node budget; its time
    /// limit applies to each puzzle from when its search starts; `all` collects every
    /// solution found (the command line's `--all`).
    pub fn of(request: &SolveRequest, all: bool) -> Result<SolveJob, RequestError> {
        request.validate()?;
        let mut options = request.options()?;
        options.deadline = None;
        Ok(SolveJob {
            options,
            shape: request.shape,
            time_limit: request.time_limit_ms.map(Duration::from_millis),
            all,
        })
    }

    /// Whether [`SolveJob::quick`] may answer lines: the fast solver, one solution or a
    /// uniqueness check, no time limit, nothing collected, 3x3 boxes.
    pub fn quick_allowed(&self) -> bool {
        !self.all
            && self.options.solver == SolverKind::Fast
            && self.time_limit.is_none()
            && self.options.deadline.is_none()
            && matches!(self.options.limit, 1 | 2)
            && self.shape.is_none_or(|s| s.rows == 3 && s.cols == 3)
    }

    /// The usual line of a big batch (81 symbols), answered by the allocation-free 9x9 path
    /// when the job allows it and the puzzle has a solution (the only one, with a uniqueness
    /// check): writes the solution's 81 digits and a newline to `out` and returns the status.
    /// `None`, writing nothing, sends the line down the general path.
    pub fn quick(&self, line: &[u8], out: &mut Vec<u8>) -> Option<Status> {
        if !self.quick_allowed() {
            return None;
        }
        crate::quick::solve_line9(line, &self.options, out)
    }

    /// The options of one search, its deadline starting now.
    fn options_now(&self) -> SolveOptions {
        let mut options = self.options.clone();
        if let Some(t) = self.time_limit {
            options.deadline = Instant::now().checked_add(t);
        }
        options
    }

    /// Solves a parsed line: repeated givens make it invalid.
    pub fn solve_parsed(
        &self,
        line: usize,
        parsed: Result<Parsed, String>,
        raw: &str,
    ) -> LineAnswer {
        let p = match parsed {
            Ok(p) => p,
            Err(e) => return LineAnswer::invalid(line, raw, e),
        };
        let options = self.options_now();
        let mut all = Vec::new();
        let result = if self.all {
            solve_with(&p.grid, &options, &mut Collect { grids: &mut all })
        } else {
            solve(&p.grid, &options)
        };
        if !result.conflicts.is_empty() {
            return LineAnswer::invalid(line, raw, Conflicts(result.conflicts).to_string());
        }
        LineAnswer {
            line,
            raw: String::new(),
            style: p.style,
            result: Ok(result),
            all,
            grid: Some(p.grid),
        }
    }

    /// Reads and solves line number `line` (`cut`: longer than [`MAX_LINE`], only its start
    /// kept, and invalid).
    pub fn solve_line(&self, line: usize, text: &str, cut: bool) -> LineAnswer {
        if cut {
            // Only the start of the line is shown, and nothing is parsed.
            let shown: String = text.chars().take(40).chain("...".chars()).collect();
            return LineAnswer::invalid(
                line,
                &shown,
                format!(
                    "line {line} is longer than {} KiB: not a puzzle",
                    MAX_LINE / 1024
                ),
            );
        }
        let parsed = match parse_line(text, line, self.shape) {
            Ok(Some(p)) => Ok(p),
            Ok(None) => Err("empty line".to_string()),
            Err(e) => Err(e.to_string()),
        };
        self.solve_parsed(line, parsed, text)
    }

    /// Solves one puzzle given whole (any format, no line number): its status and solution.
    /// The quick 9x9 path first, then the general one.
    pub fn solve_text(&self, text: &str) -> (LineStatus, Option<Grid>) {
        if self.quick_allowed()
            && let Some(cells) = crate::cells9(text.as_bytes())
        {
            let a = crate::quick::solve9(&cells, &self.options);
            let status = match (a.solutions, self.options.limit, a.complete) {
                (1, 1, _) => Some(LineStatus::Solved),
                (1, 2, true) => Some(LineStatus::Unique),
                _ => None,
            };
            if let (Some(status), Some(solution)) = (status, a.solution) {
                let shape = Shape { rows: 3, cols: 3 };
                let grid = Grid {
                    shape,
                    cells: solution.to_vec(),
                };
                return (status, Some(grid));
            }
        }
        let parsed = parse(text).map_err(|e| e.to_string()).map(|grid| Parsed {
            grid,
            style: Style::default(),
        });
        self.answer_of(self.solve_parsed(0, parsed, text))
    }

    /// Solves one puzzle given as cells (0 a blank) of a grid of `shape`: its status and
    /// solution.
    pub fn solve_cells(&self, shape: Shape, cells: &[u8]) -> (LineStatus, Option<Grid>) {
        if self.quick_allowed()
            && let Ok(c81) = <&[u8; 81]>::try_from(cells)
        {
            let a = crate::quick::solve9(c81, &self.options);
            if let (1, Some(solution)) = (a.solutions, a.solution)
                && (self.options.limit == 1 || a.complete)
            {
                let status = if self.options.limit == 1 {
                    LineStatus::Solved
                } else {
                    LineStatus::Unique
                };
                let grid = Grid {
                    shape,
                    cells: solution.to_vec(),
                };
                return (status, Some(grid));
            }
        }
        let parsed = match Grid::new(shape, cells.to_vec()) {
            Ok(grid) => Ok(Parsed {
                grid,
                style: Style::default(),
            }),
            Err(e) => Err(e.to_string()),
        };
        self.answer_of(self.solve_parsed(0, parsed, ""))
    }

    fn answer_of(&self, a: LineAnswer) -> (LineStatus, Option<Grid>) {
        let status = a.status();
        (status, a.result.ok().and_then(|r| r.solution))
    }
}
