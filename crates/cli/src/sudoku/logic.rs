//! `dlx sudoku explain`, `hint` and `rate`: solving by logic, as a person would, on the
//! `dlx-logic` crate (techniques from singles to nested forcing chains, Sudoku Explainer's
//! difficulty scale).

use std::io::{self, BufWriter, Write};

use anyhow::{Result, anyhow};
use clap::Args;
use dlx_logic::{Explanation, Options, Rating, Step, Technique};
use dlx_sudoku::{Grid, InputKind};
use rayon::prelude::*;
use serde::Serialize;

use super::{Input, InputArgs, read_line};
use crate::output::{self, Found};

/// `dlx sudoku explain [INPUT]`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop after this many steps.
    #[arg(long, value_name = "N", value_parser = output::parse_count, default_value = "10000")]
    pub max_steps: u64,
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
    #[command(flatten)]
    pub pool: output::PoolArgs,
}

/// Reads the one puzzle of `input` (refusing a file of puzzles).
fn one_puzzle(args: &InputArgs, verb: &str) -> Result<Grid> {
    let input = Input::open(args)?;
    let name = input.name.clone();
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
    let text = input.into_text()?;
    dlx_sudoku::parse_with_shape(&text, args.shape).map_err(|e| anyhow!("{name}: {e}"))
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
    let grid = one_puzzle(&args.input, "explain")?;
    let options = Options {
        max_steps: usize::try_from(args.max_steps).unwrap_or(usize::MAX),
        max_technique: args.upto.unwrap_or(Technique::Trial),
        uniqueness: !args.no_uniqueness,
        deadline: args
            .time_limit
            .and_then(|t| std::time::Instant::now().checked_add(t)),
    };
    let path: Explanation = dlx_logic::explain(&grid, &options)?;
    if args.json {
        serde_json::to_writer(&mut out, &path)?;
        writeln!(out)?;
    } else {
        let mut replay = dlx_logic::Solver::new(&grid, &options)?;
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
    let grid = one_puzzle(&args.input, "hint")?;
    let progress = match &args.progress {
        Some(text) => Some(
            dlx_sudoku::parse_with_shape(text, Some(grid.shape))
                .map_err(|e| anyhow!("--progress: {e}"))?,
        ),
        None => None,
    };
    let step = dlx_logic::hint(&grid, progress.as_ref(), None)?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match (&step, args.json) {
        (_, true) => {
            serde_json::to_writer(&mut out, &step)?;
            writeln!(out)?;
        }
        (Some(s), false) => writeln!(out, "[{:.1}] {}", s.rating, s.text)?,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `dlx sudoku rate`: one puzzle, or a file of puzzles rated on all cores, in order.
pub fn rate(args: RateArgs) -> Result<Found> {
    let mut input = Input::open(&args.input)?;
    let name = input.name.clone();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if input.kind == InputKind::Single {
        let text = input.into_text()?;
        let grid = dlx_sudoku::parse_with_shape(&text, args.input.shape)
            .map_err(|e| anyhow!("{name}: {e}"))?;
        let r = dlx_logic::rate(&grid)?;
        if args.json {
            serde_json::to_writer(&mut out, &r)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", rating_line(&r))?;
        }
        out.flush()?;
        return Ok(Found::Some);
    }
    let pool = args.pool.pool()?;
    let start = std::time::Instant::now();
    let (mut rated, mut invalid, mut shown) = (0u64, 0u64, 0u64);
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut number = 0;
    let mut head = std::mem::take(&mut input.head).into_iter();
    let mut rest = input.rest.take();
    let mut buf = Vec::new();
    loop {
        // Chunks of lines keep memory bounded on inputs of any length.
        let line = match head.next() {
            Some(l) => Some(l),
            None => match rest.as_mut() {
                Some(r) => {
                    buf.clear();
                    let (got, _) = read_line(r, &mut buf)?;
                    (got > 0).then(|| String::from_utf8_lossy(&buf).trim_end().to_string())
                }
                None => None,
            },
        };
        let end = line.is_none();
        if let Some(l) = line {
            number += 1;
            if !dlx_sudoku::parse::is_comment_or_blank(&l) {
                lines.push((number, l));
            }
        }
        if lines.len() >= 4096 || (end && !lines.is_empty()) {
            let shape = args.input.shape;
            let results: Vec<Result<Rating, String>> = pool.install(|| {
                lines
                    .par_iter()
                    .map(|(_, l)| {
                        let p = dlx_sudoku::parse_line(l, 0, shape)
                            .map_err(|e| e.to_string())?
                            .ok_or("no puzzle")?;
                        dlx_logic::rate(&p.grid).map_err(|e| e.to_string())
                    })
                    .collect()
            });
            for ((k, l), r) in lines.iter().zip(&results) {
                let puzzle = l.split_whitespace().next().unwrap_or("");
                match r {
                    Ok(_) => rated += 1,
                    Err(e) => {
                        invalid += 1;
                        if shown < 20 {
                            eprintln!("dlx: {name}:{k}: {e}");
                            shown += 1;
                        }
                    }
                }
                if args.json {
                    let rec = RateRecord {
                        line: *k,
                        puzzle,
                        rating: r.as_ref().ok(),
                        error: r.as_ref().err().cloned(),
                    };
                    serde_json::to_writer(&mut out, &rec)?;
                    writeln!(out)?;
                } else {
                    match r {
                        Ok(r) => writeln!(
                            out,
                            "{puzzle}  # ER {:.1} EP {:.1} ED {:.1} {} ({})",
                            r.er,
                            r.ep,
                            r.ed,
                            r.band,
                            r.hardest.as_str()
                        )?,
                        Err(e) => writeln!(out, "{puzzle}  # invalid: {e}")?,
                    }
                }
            }
            lines.clear();
        }
        if end {
            break;
        }
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64();
    if !args.pool.quiet {
        eprintln!(
            "puzzles: {}, rated: {rated}, invalid: {invalid}; {secs:.3} s, {:.0} puzzles/s ({})",
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
