//! `dlx sudoku solve` and `dlx sudoku count`: one puzzle, or a batch of one puzzle a line
//! solved on all cores in chunks and printed in input order, with a summary on stderr.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx_sudoku::{
    Grid, InputKind, Parsed, Shape, Snapshot, SolveOptions, SolveResult, SolverKind, Status, Style,
    Visitor,
};
use rayon::prelude::*;
use serde::Serialize;

use super::{FormatArg, Input, SolveArgs, read_line};
use crate::output::{self, Found};

/// What the command looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `solve`: one solution, or two with `--unique`, or all with `--all`.
    Solve,
    /// `count`: every solution up to `--limit`.
    Count,
}

/// The settings every puzzle is solved with.
struct Job {
    mode: Mode,
    shape: Option<Shape>,
    solver: SolverKind,
    options: SolveOptions,
    time_limit: Option<Duration>,
    all: bool,
    format: FormatArg,
}

/// What happened to one puzzle.
struct Record {
    line: usize,
    puzzle: String,
    style: Style,
    result: Result<SolveResult, String>,
    /// Every solution, with `--all`.
    all: Vec<Grid>,
    /// The parsed grid, when valid (for pretty output).
    grid: Option<Grid>,
}

impl Record {
    fn status(&self) -> &'static str {
        match &self.result {
            Ok(r) => r.status.as_str(),
            Err(_) => "invalid",
        }
    }
}

/// One line of `--json` output.
#[derive(Serialize)]
struct JsonRecord<'a> {
    line: usize,
    puzzle: &'a str,
    status: &'a str,
    solution: Option<String>,
    solutions: u64,
    complete: bool,
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    all_solutions: Vec<String>,
    solver: &'static str,
    nodes: u64,
    updates: u64,
    guesses: u64,
    backtracks: u64,
    seconds: f64,
}

/// Collects every solution (for `--all`).
struct Collect<'a> {
    grids: &'a mut Vec<Grid>,
}

impl Visitor for Collect<'_> {
    fn solution(&mut self, grid: &Grid) -> ControlFlow<()> {
        self.grids.push(grid.clone());
        ControlFlow::Continue(())
    }
}

/// Prints progress snapshots for `--verbose`.
struct Verbose {
    every: u64,
}

impl Visitor for Verbose {
    fn solution(&mut self, _: &Grid) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn wants_solutions(&self) -> bool {
        false
    }
    fn progress_every(&self) -> u64 {
        self.every
    }
    fn progress(&mut self, s: &Snapshot) {
        eprintln!(
            "nodes {}, depth {}, solutions {}, {:.3} s\n{}",
            s.nodes,
            s.depth,
            s.solutions,
            s.elapsed.as_secs_f64(),
            s.grid.pretty()
        );
    }
}

impl Job {
    fn solve(
        &self,
        line: usize,
        parsed: Result<Parsed, String>,
        raw: &str,
        verbose: Option<u64>,
    ) -> Record {
        let parsed = parsed.and_then(|p| {
            let conflicts = dlx_sudoku::check_givens(&p.grid);
            match conflicts.first() {
                Some(c) if conflicts.len() == 1 => Err(c.to_string()),
                Some(c) => Err(format!("{c} (and {} more repeats)", conflicts.len() - 1)),
                None => Ok(p),
            }
        });
        let p = match parsed {
            Ok(p) => p,
            Err(e) => {
                return Record {
                    line,
                    puzzle: raw.trim().to_string(),
                    style: Style::default(),
                    result: Err(e),
                    all: Vec::new(),
                    grid: None,
                };
            }
        };
        let mut options = self.options.clone();
        if let Some(t) = self.time_limit {
            options.deadline = Instant::now().checked_add(t);
        }
        let mut all = Vec::new();
        let result = if let Some(every) = verbose {
            dlx_sudoku::solve_with(&p.grid, &options, &mut Verbose { every })
        } else if self.all {
            dlx_sudoku::solve_with(&p.grid, &options, &mut Collect { grids: &mut all })
        } else {
            dlx_sudoku::solve(&p.grid, &options)
        };
        Record {
            line,
            puzzle: p.grid.to_line_styled(&p.style),
            style: p.style,
            result: Ok(result),
            all,
            grid: Some(p.grid),
        }
    }

    /// The output text of one record.
    fn format(&self, rec: &Record, single: bool) -> String {
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
                    puzzle: &rec.puzzle,
                    status: rec.status(),
                    solution,
                    solutions,
                    complete,
                    error: rec.result.as_ref().err().map(String::as_str),
                    all_solutions: rec.all.iter().map(sol_line).collect(),
                    solver: self.solver.as_str(),
                    nodes: stats.nodes,
                    updates: stats.updates,
                    guesses: stats.guesses,
                    backtracks: stats.backtracks,
                    seconds: stats.seconds,
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
                    csv_quote(&rec.puzzle),
                    rec.status(),
                    solutions,
                    solution,
                    stats.nodes,
                    stats.guesses,
                    stats.backtracks,
                    error
                )
            }
            FormatArg::Line => match &rec.result {
                Err(e) => format!("{}  # invalid: {e}\n", rec.puzzle),
                Ok(r) if self.mode == Mode::Count => {
                    format!(
                        "{}  # {} solutions{}\n",
                        rec.puzzle,
                        r.solutions,
                        if r.complete { "" } else { " at least" }
                    )
                }
                Ok(r) => {
                    let mut s = String::new();
                    if self.all {
                        for g in &rec.all {
                            s.push_str(&sol_line(g));
                            s.push('\n');
                        }
                        if rec.all.is_empty() {
                            s = format!("{}  # {}\n", rec.puzzle, r.status);
                        }
                        return s;
                    }
                    match (&r.solution, r.status) {
                        (Some(g), Status::Solved | Status::Unique) => format!("{}\n", sol_line(g)),
                        (Some(g), _) => format!("{}  # {}\n", sol_line(g), r.status),
                        (None, _) => format!("{}  # {}\n", rec.puzzle, r.status),
                    }
                }
            },
            FormatArg::Pretty => self.pretty(rec, single),
        }
    }

    fn pretty(&self, rec: &Record, single: bool) -> String {
        let mut s = String::new();
        if !single {
            s.push_str(&format!("# line {}: {}\n", rec.line, rec.puzzle));
        }
        let r = match &rec.result {
            Err(e) => {
                s.push_str(&format!("invalid: {e}\n"));
                return s;
            }
            Ok(r) => r,
        };
        if self.mode == Mode::Solve {
            if self.all {
                for (k, g) in rec.all.iter().enumerate() {
                    s.push_str(&format!("solution {}:\n{}", k + 1, g.pretty()));
                }
            } else if let Some(g) = &r.solution {
                s.push_str(&g.pretty());
            } else if let Some(g) = &rec.grid {
                s.push_str(&g.pretty());
            }
        }
        let limit = self.options.limit;
        let count = if r.complete {
            r.solutions.to_string()
        } else if limit > 0 && r.solutions >= limit {
            format!("{} (stopped at the limit of {limit})", r.solutions)
        } else {
            format!("at least {} (a budget ran out)", r.solutions)
        };
        let status = match r.status {
            Status::Solved if self.options.limit == 1 => {
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
        if self.solver == SolverKind::Fast {
            s.push_str(&format!(
                "solver: fast; guesses {}, {:.3} ms\n",
                r.stats.guesses,
                r.stats.seconds * 1e3
            ));
        } else {
            s.push_str(&format!(
                "solver: {}; nodes {}, updates {}, guesses {}, backtracks {}, {:.3} ms\n",
                self.solver,
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

fn csv_quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Totals over a batch.
#[derive(Default, Serialize)]
struct Summary {
    puzzles: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    none: u64,
    incomplete: u64,
    invalid: u64,
}

impl Summary {
    fn add(&mut self, rec: &Record) {
        self.puzzles += 1;
        match &rec.result {
            Err(_) => self.invalid += 1,
            Ok(r) => match r.status {
                Status::Solved => self.solved += 1,
                Status::Unique => {
                    self.solved += 1;
                    self.unique += 1
                }
                Status::Multiple => {
                    self.solved += 1;
                    self.multiple += 1
                }
                Status::None => self.none += 1,
                Status::Incomplete => self.incomplete += 1,
            },
        }
    }
}

/// Runs `solve` or `count`.
pub fn run(args: SolveArgs, mode: Mode) -> Result<Found> {
    let input = Input::open(&args.input)?;
    let mut solver: SolverKind = args.solver.into();
    if solver == SolverKind::Fast && (args.all || args.verbose) {
        // The fast solver gives only the first solution and no progress.
        solver = SolverKind::Dlx;
    }
    let single = input.kind == InputKind::Single;
    let limit = match (mode, args.unique, args.all) {
        (Mode::Count, _, _) => args.limit.unwrap_or(0),
        (Mode::Solve, _, true) => args.limit.unwrap_or(0),
        (Mode::Solve, true, false) => 2,
        (Mode::Solve, false, false) => args.limit.unwrap_or(1),
    };
    if mode == Mode::Solve && args.unique && args.all {
        anyhow::bail!("--unique and --all cannot be used together");
    }
    let format = if args.json {
        FormatArg::Json
    } else {
        args.format.unwrap_or(if single {
            FormatArg::Pretty
        } else {
            FormatArg::Line
        })
    };
    let job = Job {
        mode,
        shape: args.input.shape,
        solver,
        options: SolveOptions {
            solver,
            heuristic: args.heuristic.into(),
            limit,
            node_budget: args.nodes,
            deadline: None,
        },
        time_limit: args.time_limit,
        all: args.all && mode == Mode::Solve,
        format,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if format == FormatArg::Csv {
        writeln!(
            out,
            "line,puzzle,status,solutions,solution,nodes,guesses,backtracks,error"
        )?;
    }
    if single {
        let name = input.name.clone();
        let text = input.into_text()?;
        let first_line = dlx_sudoku::parse::content_lines(&text)
            .next()
            .map_or(1, |(k, _)| k);
        let parsed = dlx_sudoku::parse_styled(&text, job.shape).map_err(|e| e.to_string());
        if args.verbose
            && let Ok(p) = &parsed
        {
            describe(&p.grid);
        }
        let raw = text
            .lines()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .unwrap_or("");
        let rec = job.solve(
            first_line,
            parsed,
            raw,
            args.verbose.then_some(args.every.max(1)),
        );
        if let Err(e) = &rec.result {
            if format != FormatArg::Pretty {
                out.write_all(job.format(&rec, true).as_bytes())?;
                out.flush()?;
            }
            anyhow::bail!("{name}: {e}");
        }
        out.write_all(job.format(&rec, true).as_bytes())?;
        out.flush()?;
        let found = rec.result.as_ref().is_ok_and(|r| r.solutions > 0);
        return Ok(if found { Found::Some } else { Found::None });
    }
    run_batch(input, &job, &args, &mut out)
}

/// For `--verbose`: the size of the puzzle and of its exact-cover encoding.
fn describe(grid: &Grid) {
    let open = grid.cells.len() - grid.givens();
    eprintln!(
        "puzzle: {n}x{n}, boxes {}, {} givens, {open} open cells",
        grid.shape,
        grid.givens(),
        n = grid.n()
    );
    if let Ok(e) = dlx_sudoku::encode(grid) {
        eprintln!(
            "exact cover: {} items, {} options (of {} and {} for the empty grid)",
            e.problem.item_count(),
            e.problem.option_count(),
            4 * grid.cells.len(),
            grid.cells.len() * grid.n()
        );
    }
}

/// How many puzzles are solved in parallel before their results are printed.
const CHUNK: usize = 4096;

fn run_batch(mut input: Input, job: &Job, args: &SolveArgs, out: &mut impl Write) -> Result<Found> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    let force = if args.no_progress {
        Some(false)
    } else if args.progress {
        Some(true)
    } else {
        None
    };
    let bar = output::progress_bar(force, &input.name);
    let start = Instant::now();
    let mut summary = Summary::default();
    let mut errors_shown = 0;
    let mut line_no = 0usize;
    let mut bytes = 0u64;
    let mut head = std::mem::take(&mut input.head).into_iter();
    let mut rest = input.rest.take();
    loop {
        // Read a chunk of lines.
        let mut chunk: Vec<(usize, String)> = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            let line = if let Some(l) = head.next() {
                l
            } else if let Some(r) = rest.as_mut() {
                let mut l = String::new();
                if read_line(r.as_mut(), &mut l)
                    .with_context(|| format!("cannot read {}", input.name))?
                    == 0
                {
                    rest = None;
                    continue;
                }
                l
            } else {
                break;
            };
            line_no += 1;
            bytes += line.len() as u64 + 1;
            let t = line.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            chunk.push((line_no, line));
        }
        if chunk.is_empty() {
            break;
        }
        let texts: Vec<(Record, String)> = pool.install(|| {
            chunk
                .par_iter()
                .map(|(no, line)| {
                    let parsed = match dlx_sudoku::parse_line(line, *no, job.shape) {
                        Ok(Some(p)) => Ok(p),
                        Ok(None) => Err("empty line".to_string()),
                        Err(e) => Err(e.to_string()),
                    };
                    let rec = job.solve(*no, parsed, line, None);
                    let text = job.format(&rec, false);
                    (rec, text)
                })
                .collect()
        });
        let mut write = || -> io::Result<()> {
            for (rec, text) in &texts {
                summary.add(rec);
                if let Err(e) = &rec.result {
                    if errors_shown < 20 {
                        let msg = format!("dlx: {}:{}: {e}", input.name, rec.line);
                        match &bar {
                            Some(b) => b.suspend(|| eprintln!("{msg}")),
                            None => eprintln!("{msg}"),
                        }
                    }
                    errors_shown += 1;
                }
                out.write_all(text.as_bytes())?;
            }
            out.flush()
        };
        match &bar {
            Some(b) => b.suspend(&mut write)?,
            None => write()?,
        }
        if let Some(b) = &bar {
            if let Some(size) = input.size.filter(|&s| s > 0) {
                b.set_position((bytes as f64 / size as f64 * 1_000_000.0).min(1_000_000.0) as u64);
            }
            b.set_prefix(format!("{} puzzles", summary.puzzles));
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    if errors_shown > 20 {
        eprintln!(
            "dlx: {}: {} more invalid puzzles not shown",
            input.name,
            errors_shown - 20
        );
    }
    if !args.quiet {
        let s = &summary;
        let rate = if secs > 0.0 {
            s.puzzles as f64 / secs
        } else {
            0.0
        };
        eprintln!(
            "puzzles: {}, solved: {}, unique: {}, multiple: {}, none: {}, incomplete: {}, invalid: {}; {:.3} s, {:.0} puzzles/s ({}, {} thread{})",
            s.puzzles,
            s.solved,
            s.unique,
            s.multiple,
            s.none,
            s.incomplete,
            s.invalid,
            secs,
            rate,
            job.solver,
            threads,
            if threads == 1 { "" } else { "s" }
        );
    }
    if summary.invalid > 0 {
        anyhow::bail!(
            "{}: {} of {} puzzles invalid",
            input.name,
            summary.invalid,
            summary.puzzles
        );
    }
    Ok(if summary.solved > 0 {
        Found::Some
    } else {
        Found::None
    })
}
