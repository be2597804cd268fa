//! Variant puzzles on `dlx sudoku solve`, `count`, `trace` and `convert`: the input read by
//! `dlx-variants` (f-puzzles JSON or link, our JSON or text format), the flags filled into its
//! request (`dlx_variants::request`), the answer written in the classic commands' formats.

use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use dlx_engine::AlgorithmChoice;
use dlx_sudoku::request::Mode as RequestMode;
use dlx_variants::request::SolveRequest;
use dlx_variants::{Answer, Encoding, Format, Puzzle, Regions, Verdict, Watch, grid_line};
use serde::Serialize;

use super::args::{FormatArg, SearchArgs, SolverArg};
use super::report::{Mode, csv_quote};
use crate::output::{self, Found};

/// The algorithm a variant runs for `--solver`: `fast` (the default) is dancing cells, `dlx`
/// dancing links; the backtracking solvers know no variant rules.
fn algorithm(solver: SolverArg) -> Result<AlgorithmChoice> {
    match solver {
        SolverArg::Fast => Ok(AlgorithmChoice::Auto),
        SolverArg::Dlx => Ok(AlgorithmChoice::Links),
        other => bail!(
            "--solver {}: a variant puzzle is solved by exact cover: --solver fast (dancing \
             cells, the default) or dlx (dancing links)",
            format!("{other:?}").to_lowercase()
        ),
    }
}

/// Reads a variant puzzle: the library's request refuses it with the line, column or the
/// constraint at fault.
fn read(name: &str, text: String, format: Option<Format>) -> Result<(Puzzle, Format)> {
    SolveRequest {
        format,
        ..SolveRequest::new(text)
    }
    .puzzle()
    .map_err(|e| anyhow::anyhow!("{name}: {}", e.reason()))
}

/// Lowers a puzzle to exact cover (refused only when the problem is too large to build).
pub(super) fn lower(name: &str, puzzle: &Puzzle) -> Result<Encoding> {
    dlx_variants::lower(puzzle).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// Writes `enc` in Knuth's format to `path` (`--emit-xcc`).
pub fn emit_xcc(path: &Path, problem: &dlx_engine::Problem, comment: &str) -> Result<()> {
    let text = dlx_engine::format::write(problem, Some(comment));
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The grid printed as the classic commands print one: boxed for boxes, rows of symbols
/// for jigsaw regions.
fn pretty(puzzle: &Puzzle, grid: &[u8]) -> String {
    let n = puzzle.size();
    if let Regions::Boxes { rows, cols } = puzzle.rules().regions()
        && let Ok(shape) = dlx_sudoku::Shape::new(*rows, *cols)
        && let Ok(g) = dlx_sudoku::Grid::new(shape, grid.to_vec())
    {
        return g.pretty();
    }
    dlx_variants::grid_pretty(grid, n)
}

/// One line of `--json` for a variant: the classic record's fields, and the variant's.
#[derive(Serialize)]
struct JsonRecord<'a> {
    line: usize,
    puzzle: String,
    format: &'static str,
    rules: String,
    status: &'static str,
    solution: Option<String>,
    solutions: u64,
    complete: bool,
    stopped: Option<&'static str>,
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    all_solutions: Vec<String>,
    solver: &'static str,
    nodes: u64,
    updates: u64,
    seconds: f64,
    setup_seconds: f64,
    items: usize,
    options: usize,
}

/// Runs `solve` or `count` on a variant puzzle (`unique` and `all` are `solve`'s flags).
pub fn solve(
    name: &str,
    text: String,
    format: Option<Format>,
    args: &SearchArgs,
    (unique, all, mode): (bool, bool, Mode),
) -> Result<Found> {
    // The flags as the library's request, as for a classic grid: `count` and `solve --all`
    // count (up to --limit), `--unique` decides uniqueness, `solve` finds one solution.
    let (request_mode, limit) = match (mode, unique, all) {
        (Mode::Count, _, _) | (Mode::Solve, _, true) => (RequestMode::Count, args.limit),
        (Mode::Solve, true, false) => (RequestMode::Unique, None),
        (Mode::Solve, false, false) => match args.limit {
            Some(n) if n > 1 => (RequestMode::Count, Some(n)),
            _ => (RequestMode::One, None),
        },
    };
    let list = match (mode, all) {
        (Mode::Solve, true) => {
            usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX)
        }
        (Mode::Solve, false) => 1,
        (Mode::Count, _) => 0,
    };
    if all && args.format == Some(FormatArg::Csv) {
        bail!(
            "--all with --format csv: a CSV row holds one solution; use --json (its \
             `all_solutions`), --format line or pretty"
        );
    }
    let request = SolveRequest {
        format,
        mode: Some(request_mode),
        limit,
        list: Some(list),
        algorithm: algorithm(args.solver)?,
        heuristic: args.heuristic.into(),
        node_budget: args.nodes,
        time_limit_ms: args.time_limit.map(output::millis),
        ..SolveRequest::new(text)
    };
    request
        .validate(usize::MAX)
        .map_err(|e| anyhow::anyhow!("--{e}"))?;
    let start = Instant::now();
    let (puzzle, format) = request
        .puzzle()
        .map_err(|e| anyhow::anyhow!("{name}: {}", e.reason()))?;
    let enc = lower(name, &puzzle)?;
    let setup = start.elapsed();
    if let Some(path) = &args.emit_xcc {
        // With the settled digits as items, so the file has the puzzle's solutions even when
        // lowering settled every cell.
        let text = enc.to_knuth(Some(&format!("{name}: {}", puzzle.describe())));
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.verbose {
        eprintln!("puzzle: {}", puzzle.describe());
        eprintln!(
            "exact cover: {} items ({} primary), {} options; {} cells settled before the search",
            enc.problem.item_count(),
            enc.problem.primary_count(),
            enc.problem.option_count(),
            enc.fixed().iter().filter(|&&d| d != 0).count()
        );
    }
    let mut limits = request.limits().map_err(|e| anyhow::anyhow!("--{e}"))?;
    limits.threads = args.threads.unwrap_or(1);
    // Solutions printed in order on several threads: the library's `auto` takes links.
    limits.algorithm = request.algorithm.resolve(limits.threads != 1 && list > 1);
    let force = if args.no_progress {
        Some(false)
    } else if args.progress {
        Some(true)
    } else {
        None
    };
    let bar = output::progress_bar(force, name);
    let show = |p: &dlx_engine::Progress| output::show_progress(bar.as_ref(), p);
    let watch = Watch {
        interrupt: None,
        progress: bar
            .as_ref()
            .map(|_| &show as &(dyn Fn(&dlx_engine::Progress) + Sync)),
    };
    let mut answer = dlx_variants::search_with(&enc, &limits, watch);
    answer.setup = setup;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let format_out = if args.json {
        FormatArg::Json
    } else {
        args.format.unwrap_or(FormatArg::Pretty)
    };
    let out_text = report(&puzzle, format, &answer, &limits, format_out, mode, all);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    out.write_all(out_text.as_bytes())?;
    out.flush()?;
    Ok(if answer.count > 0 {
        Found::Some
    } else {
        Found::None
    })
}

/// The words of the search that ran.
fn solver_words(limits: &dlx_variants::Limits) -> &'static str {
    match limits.algorithm {
        dlx_engine::Algorithm::Cells => "cells",
        _ => "links",
    }
}

/// The answer in the command's output format.
fn report(
    puzzle: &Puzzle,
    format: Format,
    a: &Answer,
    limits: &dlx_variants::Limits,
    out: FormatArg,
    mode: Mode,
    all: bool,
) -> String {
    let givens = puzzle.givens_line();
    let first = a.solutions.first().map(|g| grid_line(g));
    let status = a.verdict.as_str();
    match out {
        FormatArg::Json => {
            let j = JsonRecord {
                line: 1,
                puzzle: givens,
                format: format.as_str(),
                rules: puzzle.describe(),
                status,
                solution: first,
                solutions: a.count,
                complete: a.status.is_complete(),
                stopped: (!a.status.is_complete()).then(|| a.stop.as_str()),
                error: None,
                all_solutions: if all {
                    a.solutions.iter().map(|g| grid_line(g)).collect()
                } else {
                    Vec::new()
                },
                solver: solver_words(limits),
                nodes: a.stats.nodes,
                updates: a.stats.updates,
                seconds: a.elapsed.as_secs_f64(),
                setup_seconds: a.setup.as_secs_f64(),
                items: a.items,
                options: a.options,
            };
            let mut s = serde_json::to_string(&j).unwrap_or_default();
            s.push('\n');
            s
        }
        FormatArg::Csv => format!(
            "line,puzzle,status,solutions,solution,nodes,guesses,backtracks,error\n1,{},{status},{},{},{},,,\n",
            csv_quote(&givens),
            a.count,
            first.unwrap_or_default(),
            a.stats.nodes
        ),
        FormatArg::Line => {
            if mode == Mode::Count {
                return format!(
                    "{givens}  # {}{}\n",
                    output::counted(a.count, "solution"),
                    if a.status.is_complete() {
                        ""
                    } else {
                        " at least"
                    }
                );
            }
            if all {
                if a.solutions.is_empty() {
                    return format!("{givens}  # {status}\n");
                }
                return a
                    .solutions
                    .iter()
                    .map(|g| format!("{}\n", grid_line(g)))
                    .collect();
            }
            match (first, a.verdict) {
                (Some(g), Verdict::Unique) => format!("{g}\n"),
                (Some(g), Verdict::Solved) if limits.solutions == 1 => format!("{g}\n"),
                (Some(g), Verdict::Solved) => {
                    format!("{g}  # solved, uniqueness not decided (a budget ran out)\n")
                }
                (Some(g), v) => format!("{g}  # {}\n", v.as_str()),
                (None, v) => format!("{givens}  # {}\n", v.as_str()),
            }
        }
        FormatArg::Pretty => {
            let mut s = String::new();
            if mode == Mode::Solve {
                if all {
                    for (k, g) in a.solutions.iter().enumerate() {
                        s.push_str(&format!("solution {}:\n{}", k + 1, pretty(puzzle, g)));
                    }
                } else if let Some(g) = a.solutions.first() {
                    s.push_str(&pretty(puzzle, g));
                } else {
                    s.push_str(&pretty(puzzle, puzzle.givens()));
                }
            }
            let count = if a.status.is_complete() {
                a.count.to_string()
            } else if a.stop == dlx_engine::Stop::Limit {
                format!("{} (stopped at the limit of {})", a.count, limits.solutions)
            } else {
                format!("at least {} (a budget ran out)", a.count)
            };
            let status = match a.verdict {
                Verdict::Solved if limits.solutions == 1 => {
                    "solved (uniqueness not checked; use --unique)".to_string()
                }
                Verdict::Incomplete => {
                    "incomplete (a budget ran out before any solution)".to_string()
                }
                v => v.as_str().to_string(),
            };
            s.push_str(&format!(
                "puzzle: {} ({})\nstatus: {status}\nsolutions: {count}\n",
                puzzle.describe(),
                format.as_str()
            ));
            s.push_str(&format!(
                "solver: {} with the variant propagator; nodes {}, updates {}, {:.3} ms (+ {:.3} ms to build {} items, {} options)\n",
                if limits.algorithm == dlx_engine::Algorithm::Cells {
                    "dancing cells"
                } else {
                    "dancing links"
                },
                a.stats.nodes,
                a.stats.updates,
                a.elapsed.as_secs_f64() * 1e3,
                a.setup.as_secs_f64() * 1e3,
                a.items,
                a.options
            ));
            s
        }
    }
}

/// What `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ToArg {
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles link.
    Link,
    /// Our JSON (`dlx_variants::Puzzle`, the API's body).
    Json,
    /// Our text format.
    Text,
    /// The exact-cover problem in Knuth's format (DLX2/SSXCC input), without the propagator.
    Knuth,
}

/// Writes `puzzle` in `to`.
pub fn convert(name: &str, puzzle: &Puzzle, to: ToArg) -> Result<String> {
    let format = match to {
        ToArg::Fpuzzles => Format::FPuzzles,
        ToArg::Link => Format::Link,
        ToArg::Json => Format::Json,
        ToArg::Text => Format::Text,
        ToArg::Knuth => {
            let enc = lower(name, puzzle)?;
            return Ok(enc.to_knuth(Some(&format!("{name}: {}", puzzle.describe()))));
        }
    };
    let mut s = dlx_variants::write(puzzle, format);
    if !s.ends_with('\n') {
        s.push('\n');
    }
    Ok(s)
}

/// Reads a variant puzzle for `convert` (see [`read`]).
pub fn read_variant(name: &str, text: String, format: Option<Format>) -> Result<Puzzle> {
    read(name, text, format).map(|(p, _)| p)
}
