//! `dlx sudoku solve` and `dlx sudoku count`: one puzzle, or a batch of one puzzle a line
//! solved on all cores in chunks and printed in input order, with a summary on stderr.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use dlx_sudoku::{
    Grid, InputKind, Parsed, Shape, Snapshot, SolveOptions, SolveResult, SolverKind, Status, Style,
    Visitor,
};
use rayon::prelude::*;
use serde::Serialize;

use super::{FormatArg, Input, MAX_LINE, SearchArgs, read_line};
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
    /// The line as read, trimmed, when it is not a valid puzzle.
    raw: String,
    style: Style,
    result: Result<SolveResult, String>,
    /// Every solution, with `--all`.
    all: Vec<Grid>,
    /// The parsed grid, when valid (for pretty output).
    grid: Option<Grid>,
}

impl Record {
    /// The puzzle as the input wrote it (its alphabet and blank), for the output.
    // PERF: built only for the outputs that show it, not for every solved line.
    fn puzzle(&self) -> String {
        match &self.grid {
            Some(g) => g.to_line_styled(&self.style),
            None => self.raw.clone(),
        }
    }

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

    /// Whether a solution with this status is printed alone on its line: it is unique, or
    /// only one solution was asked for.
    fn bare(&self, status: Status) -> bool {
        status == Status::Unique || (status == Status::Solved && self.options.limit == 1)
    }

    /// Appends the output text of one record of a batch to `out`.
    fn write(&self, rec: &Record, out: &mut Vec<u8>) {
        // PERF: the common line, a solution, goes straight into the chunk's text.
        if self.format == FormatArg::Line
            && self.mode == Mode::Solve
            && !self.all
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
                    puzzle: &rec.puzzle(),
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
                    csv_quote(&rec.puzzle()),
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
                    if self.all {
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

    fn pretty(&self, rec: &Record, single: bool) -> String {
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
            if self.all {
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
        let limit = self.options.limit;
        let count = if r.complete {
            r.solutions.to_string()
        } else if r.stop == dlx_sudoku::Stop::Limit {
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
        if !self.solver.counts_nodes() {
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
    fn merge(&mut self, other: &Summary) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.none += other.none;
        self.incomplete += other.incomplete;
        self.invalid += other.invalid;
    }

    fn add(&mut self, rec: &Record) {
        match &rec.result {
            Err(_) => {
                self.puzzles += 1;
                self.invalid += 1
            }
            Ok(r) => self.count(r.status),
        }
    }

    fn count(&mut self, status: Status) {
        self.puzzles += 1;
        match status {
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

/// How many puzzles make one task for a worker.
const CHUNK: usize = 1024;

/// Most input bytes in one chunk, so that big puzzles come out as they are solved.
const CHUNK_BYTES: usize = 64 * 1024;

/// Most chunks read but not yet printed: memory stays flat however long the input.
const IN_FLIGHT: usize = 8;

/// The buffers of one chunk in flight. They go round: the reader fills `text` and `lines`, a
/// worker writes `out`, the printer prints it and hands all three back to the reader.
// PERF: one buffer a chunk, not a string a line: lines read on one thread and dropped on
// another made the allocator's locks a tenth of the run. Reused, not freed: fresh buffers
// every chunk cost 1,100 page faults a run of 100,000 puzzles and 5-8% of its time.
#[derive(Default)]
struct Buffers {
    text: Vec<u8>,
    lines: Vec<Span>,
    out: Vec<u8>,
}

/// Where a line read is in the text of its chunk.
#[derive(Clone, Copy)]
struct Span {
    /// Its number in the input, from 1.
    line: usize,
    start: usize,
    end: usize,
    /// Whether it was longer than [`MAX_LINE`] (and only its start was kept).
    cut: bool,
}

/// A chunk of lines read from the input: their text (UTF-8), one after another, and where
/// each is in `text`, in `buf`; and the input bytes read so far.
struct Lines {
    buf: Buffers,
    bytes: u64,
}

/// A chunk of puzzles, solved and formatted, in input order: the text is `buf.out`.
struct Done {
    buf: Buffers,
    summary: Summary,
    /// (line, message) of the invalid puzzles.
    errors: Vec<(usize, String)>,
    /// Input bytes read up to the end of the chunk (for the progress bar).
    bytes: u64,
}

/// Reads the input in chunks of puzzle lines (skipping blanks and comments). Bytes that are
/// not UTF-8 are replaced, line by line.
struct Reader {
    name: String,
    stream: bool,
    head: std::vec::IntoIter<String>,
    head_cut: std::iter::Peekable<std::vec::IntoIter<usize>>,
    rest: Option<Box<dyn super::Source>>,
    line_no: usize,
    bytes: u64,
}

impl Reader {
    fn new(mut input: Input) -> Reader {
        Reader {
            head: std::mem::take(&mut input.head).into_iter(),
            head_cut: std::mem::take(&mut input.cut).into_iter().peekable(),
            rest: input.rest.take(),
            name: input.name,
            stream: input.stream,
            line_no: 0,
            bytes: 0,
        }
    }

    /// The next chunk, read into `buffers`; `None` at the end of the input.
    fn next(&mut self, mut buffers: Buffers) -> Result<Option<Lines>> {
        let buf = &mut buffers.text;
        let lines = &mut buffers.lines;
        buf.clear();
        lines.clear();
        while lines.len() < CHUNK && buf.len() < CHUNK_BYTES {
            let start = buf.len();
            let (read, cut) = if let Some(l) = self.head.next() {
                buf.extend_from_slice(l.as_bytes());
                let cut = self.head_cut.next_if_eq(&(self.line_no + 1)).is_some();
                (l.len(), cut)
            } else if let Some(r) = self.rest.as_mut() {
                if self.stream && !lines.is_empty() && r.buffered() == 0 {
                    // The next read may wait for the writer: solve what has come first.
                    break;
                }
                match read_line(r.as_mut(), buf) {
                    Ok((0, _)) => {
                        self.rest = None;
                        continue;
                    }
                    Ok((n, too_long)) => {
                        if !buf[start..].is_ascii() && std::str::from_utf8(&buf[start..]).is_err() {
                            let fixed = String::from_utf8_lossy(&buf[start..]).into_owned();
                            buf.truncate(start);
                            buf.extend_from_slice(fixed.as_bytes());
                        }
                        (n, too_long)
                    }
                    Err(e) => {
                        self.rest = None;
                        return Err(
                            anyhow::Error::new(e).context(format!("cannot read {}", self.name))
                        );
                    }
                }
            } else {
                break;
            };
            self.line_no += 1;
            self.bytes += read as u64;
            // A line cut blank is no blank line: it goes on to be reported.
            if blank_or_comment(&buf[start..]) && !(cut && buf[start..].trim_ascii().is_empty()) {
                buf.truncate(start);
                continue;
            }
            lines.push(Span {
                line: self.line_no,
                start,
                end: buf.len(),
                cut,
            });
        }
        if lines.is_empty() {
            return Ok(None);
        }
        // Every line was checked (or made) UTF-8 above.
        Ok(Some(Lines {
            buf: buffers,
            bytes: self.bytes,
        }))
    }
}

/// What the workers of a batch share: the input, the number of the next chunk, and the
/// buffers free for a chunk (the printer hands them back).
struct Feed {
    reader: Reader,
    seq: usize,
    free: mpsc::Receiver<Buffers>,
    ended: bool,
}

impl Feed {
    /// The next chunk and its number, or `None` once the input has ended, a read failed
    /// (that error is the last chunk), or the printer stopped. Called with the feed locked:
    /// a worker waiting here for free buffers (or for a slow stream) keeps the others
    /// waiting too, which is all they could do anyway; chunks already taken are solved
    /// without the lock.
    fn next(&mut self) -> Option<(usize, Result<Lines>)> {
        if self.ended {
            return None;
        }
        let chunk = self
            .free
            .recv()
            .ok()
            .and_then(|buffers| self.reader.next(buffers).transpose());
        match chunk {
            Some(chunk) => {
                self.ended = chunk.is_err();
                self.seq += 1;
                Some((self.seq - 1, chunk))
            }
            None => {
                self.ended = true;
                None
            }
        }
    }
}

/// Whether a line (valid UTF-8) is blank or a comment (`#` after any white space).
fn blank_or_comment(line: &[u8]) -> bool {
    // Vertical tab is white space to `str::trim_start`, not to `is_ascii_whitespace`.
    match line
        .iter()
        .find(|&&b| !b.is_ascii_whitespace() && b != 0x0B)
    {
        None => true,
        Some(&b) if b.is_ascii() => b == b'#',
        Some(_) => dlx_sudoku::parse::is_comment_or_blank(std::str::from_utf8(line).unwrap_or("")),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::skip_bom;
    use std::io::{BufRead, BufReader, Read};

    #[test]
    fn read_line_matches_read_until_across_buffer_ends() {
        let text = b"first line\n\nsecond, longer than the buffer\nno newline at the end";
        for capacity in [1, 2, 3, 7, 64] {
            let mut ours = BufReader::with_capacity(capacity, &text[..]);
            let mut std = BufReader::with_capacity(capacity, &text[..]);
            loop {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let (n, cut) = read_line(&mut ours, &mut a).unwrap();
                let m = std.read_until(b'\n', &mut b).unwrap();
                assert_eq!((n, &a), (m, &b), "capacity {capacity}");
                assert!(!cut);
                if n == 0 {
                    break;
                }
            }
        }
    }

    #[test]
    fn skip_bom_takes_the_mark_only() {
        let bom = "\u{feff}";
        for capacity in [1, 2, 3, 64] {
            for (text, want) in [
                (format!("{bom}1.3\n"), "1.3\n"),
                (format!("{bom}{bom}x"), "\u{feff}x"),
                ("1.3\n".to_string(), "1.3\n"),
                (bom.to_string(), ""),
                (String::new(), ""),
            ] {
                let mut r = BufReader::with_capacity(capacity, text.as_bytes());
                skip_bom(&mut r).unwrap();
                let mut rest = String::new();
                r.read_to_string(&mut rest).unwrap();
                assert_eq!(rest, want, "capacity {capacity}, {text:?}");
            }
        }
        // A letter that starts like a mark stays whole when the buffer holds three bytes
        // (the readers here hold 64 KiB).
        let mut r = BufReader::with_capacity(3, "\u{fe00}z".as_bytes());
        skip_bom(&mut r).unwrap();
        let mut rest = String::new();
        r.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "\u{fe00}z");
    }

    #[test]
    fn read_line_keeps_the_start_of_a_long_line_and_reads_past_it() {
        let mut text = vec![b'7'; MAX_LINE + 1000];
        text.extend_from_slice(b"\nnext\n");
        for capacity in [10, 4096, 1 << 20] {
            let mut r = BufReader::with_capacity(capacity, &text[..]);
            let mut a = Vec::new();
            assert_eq!(read_line(&mut r, &mut a).unwrap(), (MAX_LINE + 1001, true));
            assert_eq!(a.len(), MAX_LINE);
            let mut b = Vec::new();
            assert_eq!(read_line(&mut r, &mut b).unwrap(), (5, false));
            assert_eq!(b, b"next\n");
            assert_eq!(read_line(&mut r, &mut b).unwrap(), (0, false));
        }
    }

    /// The lines a batch should solve, read the simple way: (number, text) of each line that
    /// is neither blank nor a comment, not-UTF-8 bytes replaced.
    fn reference_lines(data: &[u8]) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut pieces: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
        if data.is_empty() {
            pieces.clear();
        }
        for (k, piece) in pieces.into_iter().enumerate() {
            let text = String::from_utf8_lossy(piece).into_owned();
            let t = text.trim_start();
            if !(t.is_empty() || t.starts_with('#')) {
                out.push((k + 1, text));
            }
        }
        out
    }

    #[test]
    fn reader_chunks_agree_with_a_plain_split_of_random_input() {
        let alphabet: &[&[u8]] = &[
            b"1",
            b"5",
            b".",
            b" ",
            b"\t",
            b"\r",
            b"\n",
            b"\n",
            b"#",
            b"\xff",
            b"\xc3\xa9",
            b"\xe3\x80\x80",
            b"\x0b",
        ];
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for case in 0..300 {
            let mut data = Vec::new();
            for _ in 0..next() % 3000 {
                data.extend_from_slice(alphabet[(next() % alphabet.len() as u64) as usize]);
            }
            let head_lines = (next() % 4) as usize;
            let (head, rest): (Vec<&[u8]>, &[u8]) = {
                // The first lines as the kind detection leaves them: whole lines, newline
                // dropped, the rest still to read.
                let mut head = Vec::new();
                let mut at = 0;
                while head.len() < head_lines {
                    match data[at..].iter().position(|&b| b == b'\n') {
                        Some(i) => {
                            head.push(&data[at..at + i]);
                            at += i + 1;
                        }
                        None => break,
                    }
                }
                (head, &data[at..])
            };
            let input = Input {
                name: "test".into(),
                kind: InputKind::Lines,
                head: head
                    .iter()
                    .map(|l| String::from_utf8_lossy(l).into_owned())
                    .collect(),
                rest: Some(Box::new(BufReader::with_capacity(
                    1 + (next() % 100) as usize,
                    std::io::Cursor::new(rest.to_vec()),
                ))),
                stream: false,
                size: None,
                not_utf8: None,
                cut: Vec::new(),
            };
            let mut reader = Reader::new(input);
            let mut got = Vec::new();
            while let Some(lines) = reader.next(Buffers::default()).unwrap() {
                for span in &lines.buf.lines {
                    assert!(!span.cut);
                    let text = String::from_utf8(lines.buf.text[span.start..span.end].to_vec());
                    got.push((span.line, text.expect("UTF-8")));
                }
            }
            // Head lines lost their newline; compare without line ends.
            let strip = |v: Vec<(usize, String)>| -> Vec<(usize, String)> {
                v.into_iter()
                    .map(|(n, t)| (n, t.trim_end_matches('\n').to_string()))
                    .collect()
            };
            assert_eq!(strip(got), strip(reference_lines(&data)), "case {case}");
        }
    }

    #[test]
    fn blank_or_comment_agrees_with_trimmed_text() {
        let lines = [
            "",
            "\n",
            "  \t\r\n",
            "\u{0B}\u{0C}",
            "# note",
            "   # note",
            "\u{0B}#",
            "1.3",
            " 1",
            "\u{A0}",
            "\u{A0}# note",
            "\u{3000}x",
            "é",
            "\u{85}",
        ];
        for line in lines {
            let t = line.trim_start();
            assert_eq!(
                blank_or_comment(line.as_bytes()),
                t.is_empty() || t.starts_with('#'),
                "{line:?}"
            );
        }
    }
}
