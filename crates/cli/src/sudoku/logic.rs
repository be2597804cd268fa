//! `dlx sudoku explain`, `hint` and `rate`: solving by logic, as a person would, on the
//! `dlx-logic` crate (techniques from singles to nested forcing chains, Sudoku Explainer's
//! difficulty scale).

use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::{Result, anyhow};
use clap::Args;
use dlx_logic::{
    ExplainRequest, Explanation, HintRequest, LogicRequestError, Marks, RateRequest, Rating, Step,
    Technique,
};
use dlx_sudoku::InputKind;
use dlx_sudoku::batch::{LineJob, LineStatus};
use serde::Serialize;

use super::args::InputArgs;
use super::input::open;
use crate::output::{self, Found};

/// `dlx sudoku explain [INPUT]`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop after this many steps (default 10,000).
    #[arg(long, value_name = "N", value_parser = output::parse_count)]
    pub max_steps: Option<u64>,
    /// The hardest technique allowed (by name, e.g. `x_wing`; see `dlx sudoku explain
    /// --techniques`): the path stops where harder ones would be needed.
    #[arg(long, value_name = "TECHNIQUE")]
    pub upto: Option<Technique>,
    /// Never use unique rectangles or BUG+1 (techniques that assume one solution).
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Stop after this long, e.g. 10s (the path then says so; every step shown is sound).
    #[arg(long, value_name = "DURATION", value_parser = output::parse_duration)]
    pub time_limit: Option<std::time::Duration>,
    /// Also print the grid after every step.
    #[arg(long)]
    pub grids: bool,
    /// Print one JSON object: the steps (with their patterns), why the path stopped, the rating.
    #[arg(long)]
    pub json: bool,
    /// List the techniques with their ratings and exit.
    #[arg(long, exclusive = true)]
    pub techniques: bool,
}

/// `dlx sudoku hint [INPUT]`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The grid as the solver has it so far (the givens and the digits placed), in any
    /// format; the hint is the easiest next step from there.
    #[arg(long, value_name = "GRID")]
    pub progress: Option<String>,
    /// Your pencil marks, in any form `dlx_logic::marks` reads: one candidate list a cell
    /// (`159 7 28 ...`), or N characters a cell (`1...5...9` for 9x9).
    #[arg(long, value_name = "MARKS")]
    pub marks: Option<String>,
    /// How much to tell: 1, the technique and where to look; 2, the cells of its pattern
    /// too; 3, the whole deduction (the default).
    #[arg(long, value_name = "1-3")]
    pub level: Option<u8>,
    /// Print the step as JSON (technique, rating, placements, eliminations, pattern, text).
    #[arg(long)]
    pub json: bool,
}

/// `dlx sudoku rate [INPUT]`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// One JSON object a puzzle.
    #[arg(long)]
    pub json: bool,
    /// The rating scale: sukaku (SukakuExplainer 1.18's default techniques) or classic
    /// (Sudoku Explainer 1.2.1's, as skfr rates).
    #[arg(long, value_name = "SCALE")]
    pub scale: Option<String>,
    /// Rate with these techniques instead of the scale's (names separated by commas).
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Filter: ER in this range (7.2, 6..8.9, 9.., ..3.5); the rating stops once the
    /// puzzle is proven inside or outside.
    #[arg(long, value_name = "RANGE")]
    pub er: Option<String>,
    /// Filter: EP in this range.
    #[arg(long, value_name = "RANGE")]
    pub ep: Option<String>,
    /// Filter: ED in this range.
    #[arg(long, value_name = "RANGE")]
    pub ed: Option<String>,
    /// Filter: diamonds only (ER = ED).
    #[arg(long)]
    pub diamonds: bool,
    /// Filter: pearls only (ER = EP).
    #[arg(long)]
    pub pearls: bool,
    /// With a filter, write only the puzzles that pass (the others are counted).
    #[arg(long)]
    pub pass_only: bool,
    /// With a filter, write the puzzles that pass to FILE (in the output's format) instead
    /// of the standard output.
    #[arg(long = "pass", value_name = "FILE")]
    pub pass_file: Option<std::path::PathBuf>,
    /// With a filter, write the puzzles that fail to FILE instead of the standard output.
    #[arg(long = "fail", value_name = "FILE")]
    pub fail_file: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub pool: output::PoolArgs,
}

impl RateArgs {
    /// The request for `puzzle` with these options.
    fn request(&self, puzzle: String) -> RateRequest {
        RateRequest {
            puzzle,
            shape: self.input.shape,
            scale: self.scale.clone(),
            techniques: self.techniques.clone(),
            er: self.er.clone(),
            ep: self.ep.clone(),
            ed: self.ed.clone(),
            diamonds: self.diamonds,
            pearls: self.pearls,
        }
    }
}

/// The one puzzle of an input: a classic grid's text, or a variant puzzle read by
/// `dlx-variants` (f-puzzles JSON or link, our JSON or text format).
enum OnePuzzle {
    Classic(String),
    Variant(Box<dlx_variants::Puzzle>),
}

/// Reads the one puzzle of `input` (refusing a file of puzzles): its name and the puzzle.
fn one_puzzle(args: &InputArgs, verb: &str) -> Result<(String, OnePuzzle)> {
    let input = open(args)?;
    let name = input.name.clone();
    if let Some(format) = args.from.variant(&input.head.join("\n")) {
        let text = input.into_text()?;
        let puzzle = super::variant::read_variant(&name, text, format)?;
        return Ok((name, OnePuzzle::Variant(Box::new(puzzle))));
    }
    if input.kind == InputKind::Lines
        && input
            .head
            .iter()
            .filter(|l| !dlx_sudoku::parse::is_comment_or_blank(l))
            .count()
            > 1
    {
        anyhow::bail!(
            "{name}: a file of puzzles, one a line; {verb} takes one puzzle (to rate a file, \
             use `dlx sudoku rate`)"
        );
    }
    Ok((name, OnePuzzle::Classic(input.into_text()?)))
}

/// A request's error as the command line says it: the input's name, then the sentence.
fn refused(name: &str, e: &LogicRequestError) -> anyhow::Error {
    match e {
        LogicRequestError::Read(r) if r.field() == "puzzle" => anyhow!("{name}: {}", r.reason()),
        LogicRequestError::Logic {
            field: "puzzle",
            source,
        } => anyhow!("{name}: {source}"),
        other => anyhow!("{other}"),
    }
}

fn rating_line(r: &Rating) -> String {
    format!(
        "rating: ER {:.1}, EP {:.1}, ED {:.1} ({}); hardest: {}{}",
        r.er,
        r.ep,
        r.ed,
        r.band,
        r.hardest.title(),
        if r.complete { "" } else { " (path incomplete)" }
    )
}

fn step_lines(k: usize, step: &Step) -> String {
    format!("{:>3}. [{:.1}] {}\n", k + 1, step.rating, step.text)
}

/// Runs `dlx sudoku explain`.
pub fn explain(args: ExplainArgs) -> Result<Found> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.techniques {
        for t in Technique::ALL {
            writeln!(
                out,
                "{:<28} {:.1}  {}",
                t.as_str(),
                t.base_rating(),
                t.title()
            )?;
        }
        out.flush()?;
        return Ok(Found::Some);
    }
    let (name, puzzle) = one_puzzle(&args.input, "explain")?;
    let puzzle = match puzzle {
        OnePuzzle::Classic(text) => text,
        OnePuzzle::Variant(p) => return explain_variant(&name, &p, &args, out),
    };
    let request = ExplainRequest {
        puzzle,
        shape: args.input.shape,
        ..explain_request(&args)
    };
    let options = request.options().map_err(|e| refused(&name, &e))?;
    let grid = request.grid().map_err(|e| refused(&name, &e))?;
    let path: Explanation = request
        .run_with(&grid, &options)
        .map_err(|e| refused(&name, &e))?;
    let replay = dlx_logic::Solver::new(&grid, &options)?;
    write_path(out, &path, replay, &args)
}

/// The request of `explain`'s options, for any puzzle (the puzzle and shape left empty).
fn explain_request(args: &ExplainArgs) -> ExplainRequest {
    ExplainRequest {
        max_steps: args
            .max_steps
            .map(|m| usize::try_from(m).unwrap_or(usize::MAX)),
        upto: args.upto.map(|t| t.as_str().to_string()),
        no_uniqueness: args.no_uniqueness,
        time_limit_ms: args.time_limit.map(crate::output::millis),
        ..ExplainRequest::default()
    }
}

/// `explain` on a variant puzzle: the same output as for a classic grid.
fn explain_variant(
    name: &str,
    puzzle: &dlx_variants::Puzzle,
    args: &ExplainArgs,
    out: BufWriter<io::StdoutLock<'_>>,
) -> Result<Found> {
    let request = explain_request(args);
    let options = request.options().map_err(|e| refused(name, &e))?;
    let path = request.run_variant(puzzle).map_err(|e| refused(name, &e))?;
    let replay = dlx_logic::Solver::for_variant(puzzle, None, None, &options, &Default::default())?;
    write_path(out, &path, replay, args)
}

/// Writes an explanation: the steps (and the grid after each with `--grids`), why the path
/// ended and the rating, or one JSON object.
fn write_path(
    mut out: BufWriter<io::StdoutLock<'_>>,
    path: &Explanation,
    mut replay: dlx_logic::Solver,
    args: &ExplainArgs,
) -> Result<Found> {
    if args.json {
        serde_json::to_writer(&mut out, path)?;
        writeln!(out)?;
    } else {
        for (k, step) in path.steps.iter().enumerate() {
            out.write_all(step_lines(k, step).as_bytes())?;
            if args.grids {
                replay.apply(step);
                writeln!(out, "     {}", replay.board().grid().to_line())?;
            }
        }
        let end = match path.stop {
            dlx_logic::Stop::Solved => "solved".to_string(),
            dlx_logic::Stop::Stuck => format!(
                "stuck: no allowed technique applies ({} cells open)",
                path.grid.cells.iter().filter(|&&d| d == 0).count()
            ),
            dlx_logic::Stop::Deadline => "stopped: the time limit was reached".to_string(),
            _ => "stopped: the step budget ran out".to_string(),
        };
        writeln!(
            out,
            "{end} in {}",
            output::counted(path.steps.len() as u64, "step")
        )?;
        writeln!(out, "{}", rating_line(&path.rating))?;
    }
    out.flush()?;
    Ok(if path.grid.is_full() {
        Found::Some
    } else {
        Found::None
    })
}

/// Runs `dlx sudoku hint`.
pub fn hint(args: HintArgs) -> Result<Found> {
    let (name, puzzle) = one_puzzle(&args.input, "hint")?;
    let (puzzle, variant) = match puzzle {
        OnePuzzle::Classic(text) => (text, None),
        OnePuzzle::Variant(p) => (String::new(), Some(p)),
    };
    let request = HintRequest {
        puzzle,
        progress: args.progress.clone(),
        marks: args.marks.clone().map(Marks::Text),
        shape: args.input.shape,
        level: args.level,
    };
    let hint = match &variant {
        Some(p) => request.run_variant(p),
        None => request.run(),
    };
    let hint = hint.map_err(|e| match &e {
        LogicRequestError::Read(r) if r.field() == "progress" => {
            anyhow!("--progress: {}", r.reason())
        }
        LogicRequestError::Logic {
            field: "progress",
            source,
        } => anyhow!("--progress: {source}"),
        LogicRequestError::Marks(m) => anyhow!("--marks: {m}"),
        LogicRequestError::Invalid { field, message } => anyhow!("--{field}: {message}"),
        _ => refused(&name, &e),
    })?;
    let step = hint.step;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match (&step, args.json) {
        (_, true) => {
            serde_json::to_writer(&mut out, &step)?;
            writeln!(out)?;
        }
        (Some(s), false) => writeln!(
            out,
            "[{:.1}] {}",
            s.rating,
            hint.text.as_deref().unwrap_or(&s.text)
        )?,
        (None, false) => writeln!(out, "nothing to do: the grid is solved")?,
    }
    out.flush()?;
    Ok(if step.is_some() {
        Found::Some
    } else {
        Found::None
    })
}

#[derive(Serialize)]
struct RateRecord<'a> {
    line: usize,
    puzzle: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<&'a Rating>,
    /// With a filter: whether the puzzle passes, and whether the rating stopped early.
    #[serde(skip_serializing_if = "Option::is_none")]
    pass: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    early: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Each line of `dlx sudoku rate FILE`: rated by `dlx-logic`, written as a comment after the
/// puzzle or as JSON.
struct RateLines {
    shape: Option<dlx_sudoku::Shape>,
    json: bool,
    /// The options of every line (its puzzle unused).
    request: RateRequest,
    filtered: bool,
    pass_only: bool,
    /// Whether each output line starts with its [`Route`] byte, for the delivery to send it
    /// to the pass or fail file.
    routed: bool,
    /// Whether the puzzles that fail go to a file (then `pass_only` keeps them).
    fail_to_file: bool,
    passed: AtomicU64,
    failed: AtomicU64,
}

/// Where a line of `dlx sudoku rate FILE` goes, as the first byte of the line when the
/// puzzles that pass or fail go to files of their own.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Route {
    Pass = b'p',
    Fail = b'f',
    Other = b'-',
}

/// The open `--pass` and `--fail` files, and the standard output for the rest.
struct Sinks<W: Write> {
    out: W,
    pass: Option<BufWriter<std::fs::File>>,
    fail: Option<BufWriter<std::fs::File>>,
}

impl<W: Write> Sinks<W> {
    /// Writes the tagged lines of `bytes` each to its file (or the output).
    fn write_routed(&mut self, bytes: &[u8]) -> io::Result<()> {
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            let Some((&tag, rest)) = line.split_first() else {
                continue;
            };
            let sink: &mut dyn Write = match (tag, &mut self.pass, &mut self.fail) {
                (b'p', Some(f), _) => f,
                (b'f', _, Some(f)) => f,
                _ => &mut self.out,
            };
            sink.write_all(rest)?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        for f in [&mut self.pass, &mut self.fail].into_iter().flatten() {
            f.flush()?;
        }
        self.out.flush()
    }
}

/// Creates an output file named by a flag, the error naming both.
fn create(flag: &str, path: &std::path::Path) -> Result<BufWriter<std::fs::File>> {
    std::fs::File::create(path)
        .map(BufWriter::new)
        .map_err(|e| anyhow!("{flag} {}: {e}", path.display()))
}

impl LineJob for RateLines {
    fn answer(
        &self,
        line: usize,
        text: &[u8],
        cut: bool,
        out: &mut Vec<u8>,
    ) -> Result<LineStatus, String> {
        let text = String::from_utf8_lossy(text);
        let puzzle: String = if cut {
            text.chars().take(40).chain("...".chars()).collect()
        } else {
            text.split_whitespace().next().unwrap_or("").to_string()
        };
        let rated = if cut {
            Err(format!(
                "line {line} is longer than {} KiB: not a puzzle",
                dlx_sudoku::batch::MAX_LINE / 1024
            ))
        } else {
            dlx_sudoku::parse_line(&text, line, self.shape)
                .map_err(|e| e.to_string())
                .and_then(|p| p.ok_or_else(|| "no puzzle".to_string()))
                .and_then(|p| self.request.rate_on(&p.grid).map_err(|e| e.to_string()))
        };
        let route = match &rated {
            Ok(f) if self.filtered && f.pass => {
                self.passed.fetch_add(1, Ordering::Relaxed);
                Route::Pass
            }
            Ok(_) if self.filtered => {
                self.failed.fetch_add(1, Ordering::Relaxed);
                Route::Fail
            }
            _ => Route::Other,
        };
        if self.pass_only && route == Route::Fail && !self.fail_to_file {
            return Ok(LineStatus::Unique);
        }
        if self.routed {
            out.push(route as u8);
        }
        if self.json {
            let rec = RateRecord {
                line,
                puzzle: &puzzle,
                rating: rated.as_ref().ok().map(|f| &f.rating),
                pass: rated
                    .as_ref()
                    .ok()
                    .filter(|_| self.filtered)
                    .map(|f| f.pass),
                early: rated
                    .as_ref()
                    .ok()
                    .filter(|_| self.filtered)
                    .map(|f| f.early),
                error: rated.as_ref().err().cloned(),
            };
            if serde_json::to_writer(&mut *out, &rec).is_ok() {
                out.push(b'\n');
            }
        } else {
            let text = match &rated {
                Ok(f) if self.filtered && f.early => {
                    let r = &f.rating;
                    format!(
                        "{puzzle}  # {} (stopped early: ER >= {:.1} EP {} ED {:.1})\n",
                        if f.pass { "pass" } else { "fail" },
                        r.er,
                        if r.ep > 0.0 {
                            format!("{:.1}", r.ep)
                        } else {
                            "?".into()
                        },
                        r.ed,
                    )
                }
                Ok(f) => format!(
                    "{puzzle}  # {}ER {:.1} EP {:.1} ED {:.1} {} ({})\n",
                    match (self.filtered, f.pass) {
                        (false, _) => "",
                        (true, true) => "pass ",
                        (true, false) => "fail ",
                    },
                    f.rating.er,
                    f.rating.ep,
                    f.rating.ed,
                    f.rating.band,
                    f.rating.hardest.as_str()
                ),
                Err(e) => format!("{puzzle}  # invalid: {e}\n"),
            };
            out.extend_from_slice(text.as_bytes());
        }
        // A rated puzzle has exactly one solution.
        rated.map(|_| LineStatus::Unique)
    }
}

/// Runs `dlx sudoku rate`: one puzzle, or a file of puzzles rated on all cores (the library's
/// batch), in order.
pub fn rate(args: RateArgs) -> Result<Found> {
    let input = open(&args.input)?;
    let name = input.name.clone();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let routed = args.pass_file.is_some() || args.fail_file.is_some();
    {
        let filter = args
            .request(String::new())
            .filter()
            .map_err(|e| refused(&name, &e))?;
        if routed && filter.is_empty() {
            anyhow::bail!(
                "--pass and --fail need a filter (--er, --ep, --ed, --diamonds or --pearls)"
            );
        }
    }
    if let Some(format) = args.input.from.variant(&input.head.join("\n")) {
        if routed {
            anyhow::bail!("--pass and --fail take a file of classic puzzles, one a line");
        }
        let puzzle = super::variant::read_variant(&name, input.into_text()?, format)?;
        let request = args.request(String::new());
        let filter = request.filter().map_err(|e| refused(&name, &e))?;
        let f = request
            .rate_variant(&puzzle)
            .map_err(|e| refused(&name, &e))?;
        match (filter.is_empty(), args.json) {
            (true, true) => serde_json::to_writer(&mut out, &f.rating)?,
            (true, false) => write!(out, "{}", rating_line(&f.rating))?,
            (false, true) => write!(
                out,
                "{}",
                serde_json::json!({"rating": f.rating, "pass": f.pass, "early": f.early})
            )?,
            (false, false) => write!(
                out,
                "{}; {}",
                if f.pass { "pass" } else { "fail" },
                rating_line(&f.rating)
            )?,
        }
        writeln!(out)?;
        out.flush()?;
        return Ok(if filter.is_empty() || f.pass {
            Found::Some
        } else {
            Found::None
        });
    }
    let mut files = Sinks {
        out: &mut out,
        pass: args
            .pass_file
            .as_deref()
            .map(|p| create("--pass", p))
            .transpose()?,
        fail: args
            .fail_file
            .as_deref()
            .map(|p| create("--fail", p))
            .transpose()?,
    };
    if input.kind == InputKind::Single {
        let request = args.request(input.into_text()?);
        let filter = request.filter().map_err(|e| refused(&name, &e))?;
        if !filter.is_empty() {
            let grid = request.grid().map_err(|e| refused(&name, &e))?;
            let f = request.rate_on(&grid).map_err(|e| refused(&name, &e))?;
            if routed {
                // The puzzle on one line, as a file of puzzles is written.
                let r = &f.rating;
                let line = if args.json {
                    serde_json::json!({"line": 1, "puzzle": grid.to_line(), "rating": r, "pass": f.pass, "early": f.early})
                        .to_string()
                } else {
                    format!(
                        "{}  # {} ER {:.1} EP {:.1} ED {:.1}{}",
                        grid.to_line(),
                        if f.pass { "pass" } else { "fail" },
                        r.er,
                        r.ep,
                        r.ed,
                        if f.early { " (stopped early)" } else { "" }
                    )
                };
                let tag = if f.pass { Route::Pass } else { Route::Fail };
                let mut bytes = vec![tag as u8];
                bytes.extend_from_slice(line.as_bytes());
                bytes.push(b'\n');
                files.write_routed(&bytes)?;
                files.flush()?;
                return Ok(if f.pass { Found::Some } else { Found::None });
            }
            let out = &mut files.out;
            if args.json {
                let rec = serde_json::json!({"rating": f.rating, "pass": f.pass, "early": f.early});
                writeln!(out, "{rec}")?;
            } else {
                writeln!(
                    out,
                    "{}{}",
                    if f.pass { "pass" } else { "fail" },
                    if f.early {
                        format!(" (stopped early after {} steps)", f.steps)
                    } else {
                        format!("; {}", rating_line(&f.rating))
                    }
                )?;
            }
            out.flush()?;
            return Ok(if f.pass { Found::Some } else { Found::None });
        }
        let r = request.run().map_err(|e| refused(&name, &e))?;
        let out = &mut files.out;
        if args.json {
            serde_json::to_writer(&mut *out, &r)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", rating_line(&r))?;
        }
        out.flush()?;
        return Ok(Found::Some);
    }
    let pool = args.pool.pool()?;
    let start = std::time::Instant::now();
    let request = args.request(String::new());
    let filter = request.filter().map_err(|e| refused(&name, &e))?;
    request.ladder().map_err(|e| refused(&name, &e))?;
    let job = RateLines {
        shape: args.input.shape,
        json: args.json,
        filtered: !filter.is_empty(),
        pass_only: args.pass_only,
        routed,
        fail_to_file: args.fail_file.is_some(),
        request,
        passed: AtomicU64::new(0),
        failed: AtomicU64::new(0),
    };
    let mut shown = 0;
    let summary = dlx_sudoku::batch::run(input, &job, &pool, |done| {
        for (line, e) in &done.errors {
            if shown < 20 {
                eprintln!("dlx: {name}:{line}: {e}");
                shown += 1;
            }
        }
        if routed {
            files.write_routed(&done.out)?;
        } else {
            files.out.write_all(&done.out)?;
        }
        files.flush()
    })?;
    let (rated, invalid) = (summary.solved, summary.invalid);
    let secs = start.elapsed().as_secs_f64();
    if !args.pool.quiet {
        let verdicts = if job.filtered {
            format!(
                ", pass: {}, fail: {}",
                job.passed.load(Ordering::Relaxed),
                job.failed.load(Ordering::Relaxed)
            )
        } else {
            String::new()
        };
        eprintln!(
            "puzzles: {}, rated: {rated}{verdicts}, invalid: {invalid}; {secs:.3} s, {:.0} puzzles/s ({})",
            rated + invalid,
            (rated + invalid) as f64 / secs.max(1e-9),
            output::counted(pool.current_num_threads() as u64, "thread")
        );
    }
    if invalid > 0 {
        anyhow::bail!("{name}: {invalid} of {} puzzles invalid", rated + invalid);
    }
    Ok(if rated > 0 { Found::Some } else { Found::None })
}
