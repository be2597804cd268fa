//! `dlx sudoku solve` and `dlx sudoku count`: one puzzle, or a batch of one puzzle a line
//! solved on all cores in chunks and printed in input order, with a summary on stderr.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::{Context, Result};
use dlx_sudoku::batch::{self, BatchError, Input, LineAnswer, LineJob, LineStatus, SolveJob};
use dlx_sudoku::request::Mode as RequestMode;
use dlx_sudoku::{Conflicts, Grid, InputKind, Parsed, Snapshot, SolveRequest, SolverKind, Visitor};

use super::args::{FormatArg, SearchArgs};
use super::input::open;
use super::report::{Job, Mode, Record};
use crate::output::{self, Found};

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

/// Solves the one puzzle of a single input, with progress on stderr for `--verbose`.
fn solve_one(
    job: &Job,
    line: usize,
    parsed: Result<Parsed, String>,
    raw: &str,
    verbose: Option<u64>,
) -> Record {
    let Some(every) = verbose else {
        return job.solve.solve_parsed(line, parsed, raw);
    };
    let p = match parsed {
        Ok(p) => p,
        Err(e) => return LineAnswer::invalid(line, raw, e),
    };
    // Progress on a puzzle whose givens repeat a digit would only show a dead search.
    let conflicts = Conflicts::of(&p.grid);
    if !conflicts.is_empty() {
        return LineAnswer::invalid(line, raw, conflicts.to_string());
    }
    let mut options = job.solve.options.clone();
    if let Some(t) = job.solve.time_limit {
        options.deadline = Instant::now().checked_add(t);
    }
    let result = dlx_sudoku::solve_with(&p.grid, &options, &mut Verbose { every });
    LineAnswer {
        line,
        raw: String::new(),
        style: p.style,
        result: Ok(result),
        all: Vec::new(),
        grid: Some(p.grid),
    }
}

/// Each line of a batch: the library's [`SolveJob`], written in the command's format.
impl LineJob for Job {
    fn answer(
        &self,
        line: usize,
        text: &[u8],
        cut: bool,
        out: &mut Vec<u8>,
    ) -> Result<LineStatus, String> {
        // The usual line of a big batch, answered by the library's 9x9 path when the job
        // allows it (its solution is the line printed).
        if !cut
            && self.format == FormatArg::Line
            && self.mode == Mode::Solve
            && let Some(status) = self.solve.quick(text, out)
        {
            return Ok(status.into());
        }
        // UTF-8 already (the batch's reader makes it so), so borrowed, not copied.
        let text = String::from_utf8_lossy(text);
        let rec = self.solve.solve_line(line, &text, cut);
        self.write(&rec, out);
        match rec.result {
            Ok(r) => Ok(r.status.into()),
            Err(e) => Err(e),
        }
    }
}

/// Runs `solve` or `count`.
///
/// `unique` and `all` are `solve`'s flags (never both; clap refuses that).
pub fn run(args: SearchArgs, unique: bool, all: bool, mode: Mode) -> Result<Found> {
    let input = open(&args.input)?;
    let solver = SolverKind::from(args.solver).runs_as(all || args.verbose);
    let single = input.kind == InputKind::Single;
    // The flags as the library's request: `count` and `solve --all` count (up to --limit),
    // `--unique` decides uniqueness, `solve` finds one (or --limit) solutions.
    let (request_mode, limit) = match (mode, unique, all) {
        (Mode::Count, _, _) | (Mode::Solve, _, true) => (RequestMode::Count, args.limit),
        (Mode::Solve, true, false) => (RequestMode::Unique, None),
        (Mode::Solve, false, false) => match args.limit {
            Some(n) if n > 1 => (RequestMode::Count, Some(n)),
            _ => (RequestMode::One, None),
        },
    };
    let request = SolveRequest {
        puzzle: String::new(),
        shape: args.input.shape,
        solver,
        heuristic: args.heuristic.into(),
        mode: Some(request_mode),
        limit,
        node_budget: args.nodes,
        time_limit_ms: args.time_limit.map(crate::output::millis),
    };
    let solve =
        SolveJob::of(&request, all && mode == Mode::Solve).map_err(|e| anyhow::anyhow!("--{e}"))?;
    if all && args.format == Some(FormatArg::Csv) {
        anyhow::bail!(
            "--all with --format csv: a CSV row holds one solution; use --json (its \
             `all_solutions`), --format line or pretty"
        );
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
        solve,
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
        let parsed = dlx_sudoku::parse_styled(&text, job.solve.shape).map_err(|e| e.to_string());
        if args.verbose
            && let Ok(p) = &parsed
        {
            describe(&p.grid);
        }
        let raw = text
            .lines()
            .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .unwrap_or("");
        let rec = solve_one(
            &job,
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

/// A batch: the library's pipeline (`dlx_sudoku::batch::run`), printing each chunk in input
/// order, the first 20 invalid lines on stderr, and a progress bar.
fn run_batch(input: Input, job: &Job, args: &SearchArgs, out: &mut impl Write) -> Result<Found> {
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
    let name = input.name.clone();
    let size = input.size;
    let start = Instant::now();
    let mut errors_shown = 0;
    let mut puzzles = 0;
    let summary = batch::run(input, job, &pool, |done| {
        puzzles += done.summary.puzzles;
        let mut write = || -> io::Result<()> {
            for (line, e) in &done.errors {
                if errors_shown < 20 {
                    let msg = format!("dlx: {name}:{line}: {e}");
                    match &bar {
                        Some(b) => b.suspend(|| eprintln!("{msg}")),
                        None => eprintln!("{msg}"),
                    }
                }
                errors_shown += 1;
            }
            out.write_all(&done.out)?;
            out.flush()
        };
        match &bar {
            Some(b) => b.suspend(&mut write)?,
            None => write()?,
        }
        if let Some(b) = &bar {
            if let Some(size) = size.filter(|&s| s > 0) {
                b.set_position(
                    (done.bytes as f64 / size as f64 * 1_000_000.0).min(1_000_000.0) as u64,
                );
            }
            b.set_prefix(format!("{puzzles} puzzles"));
        }
        Ok(())
    });
    let summary = match summary {
        Ok(s) => s,
        Err(BatchError::Deliver(e)) => return Err(e.into()),
        Err(e) => return Err(e.into()),
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    if errors_shown > 20 {
        eprintln!(
            "dlx: {}: {} more invalid puzzles not shown",
            name,
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
        // Unique and multiple only when the search could tell them apart (not when one
        // solution was asked for).
        let told = job.solve.options.limit != 1;
        let verdicts = if told {
            format!(
                "solved: {}, unique: {}, multiple: {}",
                s.solved, s.unique, s.multiple
            )
        } else {
            format!("solved: {}", s.solved)
        };
        eprintln!(
            "puzzles: {}, {verdicts}, none: {}, incomplete: {}, invalid: {}; {:.3} s, {:.0} puzzles/s ({}, {})",
            s.puzzles,
            s.none,
            s.incomplete,
            s.invalid,
            secs,
            rate,
            job.solve.options.solver,
            output::counted(threads as u64, "thread"),
        );
    }
    if summary.invalid > 0 {
        anyhow::bail!(
            "{}: {} of {} puzzles invalid",
            name,
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
