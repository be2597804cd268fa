//! `dlx sudoku solve` and `dlx sudoku count`: one puzzle, or a batch of one puzzle a line
//! solved on all cores in chunks and printed in input order, with a summary on stderr.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx_sudoku::{
    Grid, InputKind, Parsed, Shape, Snapshot, SolveOptions, SolverKind, Status, Style, Visitor,
};
use rayon::prelude::*;

use super::chunks::{Buffers, Done, Feed, Lines, Reader, Span};
use super::report::{Record, Summary};
use super::{FormatArg, Input, MAX_LINE, SearchArgs};
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
pub(super) struct Job {
    pub(super) mode: Mode,
    pub(super) shape: Option<Shape>,
    pub(super) solver: SolverKind,
    pub(super) options: SolveOptions,
    pub(super) time_limit: Option<Duration>,
    pub(super) all: bool,
    pub(super) format: FormatArg,
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
    /// Whether [`Job::quick`] may answer lines: solutions printed as lines, by the fast
    /// solver, one solution or a uniqueness check, with no time limit and 3x3 boxes.
    fn quick_allowed(&self) -> bool {
        self.format == FormatArg::Line
            && self.mode == Mode::Solve
            && !self.all
            && self.solver == SolverKind::Fast
            && self.time_limit.is_none()
            && matches!(self.options.limit, 1 | 2)
            && self.shape.is_none_or(|s| s.rows == 3 && s.cols == 3)
    }

    /// The usual line of a big batch, answered by the library's 9x9 path when the job
    /// allows it; `None` sends the line down the general path.
    fn quick(&self, bytes: &[u8], out: &mut Vec<u8>) -> Option<Status> {
        dlx_sudoku::quick::solve_line9(bytes, &self.options, out)
    }

    fn solve(
        &self,
        line: usize,
        parsed: Result<Parsed, String>,
        raw: &str,
        verbose: Option<u64>,
    ) -> Record {
        let invalid = |e: String| Record {
            line,
            raw: raw.trim().to_string(),
            style: Style::default(),
            result: Err(e),
            all: Vec::new(),
            grid: None,
        };
        let p = match parsed {
            Ok(p) => p,
            Err(e) => return invalid(e),
        };
        let givens_error = |conflicts: &[dlx_sudoku::Conflict]| match conflicts.first() {
            Some(c) if conflicts.len() == 1 => Some(c.to_string()),
            Some(c) => Some(format!("{c} (and {} more repeats)", conflicts.len() - 1)),
            None => None,
        };
        // Progress on a puzzle whose givens repeat a digit would only show a dead search.
        if verbose.is_some()
            && let Some(e) = givens_error(&dlx_sudoku::check_givens(&p.grid))
        {
            return invalid(e);
        }
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
        if let Some(e) = givens_error(&result.conflicts) {
            return invalid(e);
        }
        Record {
            line,
            raw: String::new(),
            style: p.style,
            result: Ok(result),
            all,
            grid: Some(p.grid),
        }
    }
}

/// Runs `solve` or `count`.
///
/// `unique` and `all` are `solve`'s flags (never both; clap refuses that).
pub fn run(args: SearchArgs, unique: bool, all: bool, mode: Mode) -> Result<Found> {
    let input = Input::open(&args.input)?;
    let solver = SolverKind::from(args.solver).runs_as(all || args.verbose);
    let single = input.kind == InputKind::Single;
    let limit = match (mode, unique, all) {
        (Mode::Count, _, _) => args.limit.unwrap_or(0),
        (Mode::Solve, _, true) => args.limit.unwrap_or(0),
        (Mode::Solve, true, false) => 2,
        (Mode::Solve, false, false) => args.limit.unwrap_or(1),
    };
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
        all: all && mode == Mode::Solve,
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

/// Most chunks read but not yet printed: memory stays flat however long the input.
const IN_FLIGHT: usize = 8;

/// Solves and formats one chunk, in input order. Runs of lines go to idle workers too, so a
/// chunk of a few big puzzles still uses every core.
fn solve_chunk(job: &Job, chunk: Lines) -> Done {
    /// The answers to a run of lines.
    struct Part {
        text: Vec<u8>,
        summary: Summary,
        errors: Vec<(usize, String)>,
    }
    let Lines { mut buf, bytes } = chunk;
    // About 4 KiB of input a run: 49 lines of 9x9 puzzles, one 36x36 puzzle.
    let run = (4096 * buf.lines.len() / buf.text.len().max(1)).clamp(1, 64);
    let text = &buf.text;
    let parts: Vec<Part> = buf
        .lines
        .par_chunks(run)
        .map(|lines| {
            let mut part = Part {
                text: Vec::with_capacity(lines.len() * 84),
                summary: Summary::default(),
                errors: Vec::new(),
            };
            let quick = job.quick_allowed();
            for &Span {
                line: no,
                start,
                end,
                cut,
            } in lines
            {
                let line = &text[start..end];
                if !cut
                    && quick
                    && let Some(status) = job.quick(line, &mut part.text)
                {
                    part.summary.count(status);
                    continue;
                }
                // UTF-8 already (see `Reader::next`), so borrowed, not copied.
                let mut line = String::from_utf8_lossy(line);
                let parsed = if cut {
                    // Only the start of the line is shown, and nothing is parsed.
                    line = line.chars().take(40).chain("...".chars()).collect();
                    Err(format!(
                        "line {no} is longer than {} KiB: not a puzzle",
                        MAX_LINE / 1024
                    ))
                } else {
                    match dlx_sudoku::parse_line(&line, no, job.shape) {
                        Ok(Some(p)) => Ok(p),
                        Ok(None) => Err("empty line".to_string()),
                        Err(e) => Err(e.to_string()),
                    }
                };
                let rec = job.solve(no, parsed, &line, None);
                job.write(&rec, &mut part.text);
                part.summary.add(&rec);
                if let Err(e) = rec.result {
                    part.errors.push((rec.line, e));
                }
            }
            part
        })
        .collect();
    buf.out.clear();
    let mut done = Done {
        buf,
        summary: Summary::default(),
        errors: Vec::new(),
        bytes,
    };
    for part in parts {
        done.summary.merge(&part.summary);
        done.errors.extend(part.errors);
        done.buf.out.extend_from_slice(&part.text);
    }
    done
}

// PERF: reading, solving and printing overlap. Each worker takes the next chunk of lines from
// the shared reader and solves it (no barrier between chunks); the calling thread prints the
// solved chunks in input order as they come. At most `IN_FLIGHT` chunks are between reading
// and printing. Once the input has ended, the workers left help with the chunks still being
// solved (a chunk's runs of lines are rayon tasks). A reader thread handing chunks to the
// pool instead cost its workers 8% of their time waiting (`perf sched`).
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
    let mut summary = Summary::default();
    let mut errors_shown = 0;
    let (done_tx, done_rx) = mpsc::channel::<(usize, Result<Done>)>();
    // The buffers of a chunk in flight: a worker takes a set before reading, the printer
    // gives it back after printing.
    let (token_tx, token_rx) = mpsc::sync_channel::<Buffers>(IN_FLIGHT);
    for _ in 0..IN_FLIGHT {
        let _ = token_tx.send(Buffers::default());
    }
    let feed = Mutex::new(Feed {
        reader: Reader::new(input),
        seq: 0,
        free: token_rx,
        ended: false,
    });
    let written = std::thread::scope(|scope| -> Result<()> {
        let pool = &pool;
        let feed = &feed;
        scope.spawn(move || {
            pool.scope(|tasks| {
                for _ in 0..threads {
                    let tx = done_tx.clone();
                    tasks.spawn(move |_| {
                        loop {
                            let next = feed.lock().unwrap_or_else(PoisonError::into_inner).next();
                            let Some((seq, chunk)) = next else { break };
                            let done = chunk.map(|lines| solve_chunk(job, lines));
                            if tx.send((seq, done)).is_err() {
                                break;
                            }
                        }
                    });
                }
                drop(done_tx);
            });
        });
        let token_tx = token_tx;
        let mut next = 0;
        let mut waiting = std::collections::BTreeMap::new();
        // Printing on this thread, in input order; returning drops `done_rx` and `token_tx`,
        // which stops the workers.
        for (seq, done) in done_rx {
            waiting.insert(seq, done);
            while let Some(done) = waiting.remove(&next) {
                next += 1;
                let done = done?;
                summary.merge(&done.summary);
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
                    out.write_all(&done.buf.out)?;
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
                    b.set_prefix(format!("{} puzzles", summary.puzzles));
                }
                let _ = token_tx.send(done.buf);
            }
        }
        Ok(())
    });
    written?;
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
        let told = job.options.limit != 1;
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
            job.solver,
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
