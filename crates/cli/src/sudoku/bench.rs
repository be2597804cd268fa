//! `dlx sudoku bench FILE`: reads and parses every puzzle first, then times only the solving,
//! as tdoku's benchmark driver does, and checks every answer afterwards (outside the timing:
//! the timed pass keeps only counts, and a second pass solves again and checks each answer).
//! With `--shuffle SEED` each puzzle is first moved by a random symmetry of the grid, as
//! tdoku's driver does by default.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use dlx_sudoku::{Grid, InputKind, SolveOptions, SolveResult, SolverKind, Status, Symmetry};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::args::SolverArg;
use crate::output::Found;
use crate::search::HeuristicArg;

/// `dlx sudoku bench FILE`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// A file of puzzles, one a line (`#` comments).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The solver.
    #[arg(long, value_enum, default_value = "fast")]
    pub solver: SolverArg,
    /// For the dlx solver: how to choose the item to branch on.
    #[arg(long, value_enum, default_value = "mrv")]
    pub heuristic: HeuristicArg,
    /// Threads (default 1, to compare with single-thread figures; 0 = all cores; at most 256).
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N", value_parser = crate::output::parse_threads)]
    pub threads: usize,
    /// Also prove uniqueness (look for a second solution).
    #[arg(long)]
    pub unique: bool,
    /// Solve at most this many puzzles (the first ones).
    #[arg(long, value_name = "N")]
    pub max: Option<usize>,
    /// Before timing, move each puzzle by a random symmetry drawn from this seed (digits
    /// relabelled; rows, columns, bands and stacks permuted; transposed when the boxes are
    /// square): the same puzzles in other orientations, so that the orientation a set was
    /// collected in favours no solver (tdoku's benchmark driver does this by default).
    #[arg(long, value_name = "SEED")]
    pub shuffle: Option<u64>,
    /// Repeat the timed pass until this much time has gone by (at most 1000 passes) and
    /// report the median pass: a pass over a small set takes milliseconds, which one burst
    /// of another program on the machine can double. 0 times a single pass.
    #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = crate::output::parse_duration)]
    pub min_time: Duration,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Report {
    file: String,
    solver: &'static str,
    threads: usize,
    shuffle: Option<u64>,
    /// With `--unique`: how many puzzles were proved to have one solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<usize>,
    puzzles: usize,
    solved: usize,
    invalid: usize,
    wrong: usize,
    /// The median time of a pass.
    seconds: f64,
    /// Timed passes over the puzzles.
    passes: usize,
    puzzles_per_second: f64,
    nodes_per_puzzle: f64,
    guesses_per_puzzle: f64,
}

/// Most puzzles a worker solves in one piece. Rayon splits a range again only when another
/// worker steals part of it, so without a bound the hard puzzles of a set could end up in
/// one long piece that the other workers cannot share.
// PERF: 100,000 easy puzzles ending with 1,684 hard ones, two threads: 0.161-0.171 s, 1.16x
// to 1.38x the one-thread time halved, without the bound; 0.125 s, 1.05x, with it.
const RUN: usize = 64;

/// Solves every puzzle with `f` and adds up its (solutions, nodes, guesses): on the calling
/// thread alone for one thread (no pool in the way), else on the pool.
fn timed_pass<T: Sync>(
    pool: &rayon::ThreadPool,
    puzzles: &[T],
    f: impl Fn(&T) -> (usize, u64, u64) + Sync + Send,
) -> (usize, u64, u64) {
    let add = |a: (usize, u64, u64), b: (usize, u64, u64)| (a.0 + b.0, a.1 + b.1, a.2 + b.2);
    if pool.current_num_threads() == 1 {
        puzzles.iter().map(f).fold((0, 0, 0), add)
    } else {
        pool.install(|| {
            puzzles
                .par_iter()
                .with_max_len(RUN)
                .map(f)
                .reduce(|| (0, 0, 0), add)
        })
    }
}

/// Runs `dlx sudoku bench`.
pub fn run(args: BenchArgs) -> Result<Found> {
    let name = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {name}"))?;
    let mut grids = Vec::new();
    let mut invalid = 0;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    // A file holding one grid (the 9-line contest format, a boxed grid) is one puzzle, not
    // a puzzle a line.
    if dlx_sudoku::detect(text.lines()) == InputKind::Single {
        grids.push(dlx_sudoku::parse(text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?);
    } else {
        for (k, line) in text.lines().enumerate() {
            match dlx_sudoku::parse_line(line, k + 1, None) {
                Ok(Some(p)) => grids.push(p.grid),
                Ok(None) => {}
                Err(e) => {
                    invalid += 1;
                    if invalid <= 5 {
                        eprintln!("dlx: {name}:{}: {e}", k + 1);
                    }
                }
            }
        }
    }
    if let Some(m) = args.max {
        grids.truncate(m);
    }
    if let Some(seed) = args.shuffle {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for g in &mut grids {
            *g = Symmetry::random(g.shape, &mut rng).apply(g);
        }
    }
    let solver: SolverKind = args.solver.into();
    let options = SolveOptions {
        solver,
        heuristic: args.heuristic.into(),
        limit: if args.unique { 2 } else { 1 },
        ..SolveOptions::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .context("cannot start the worker threads")?;
    let threads = pool.current_num_threads();
    // PERF: the timed pass keeps no results (holding them all made it page in fresh memory
    // for every solution: 7% of an easy set's time).
    let tally = |r: SolveResult| {
        (
            r.solution.is_some() as usize,
            r.stats.nodes,
            r.stats.guesses,
        )
    };
    // The fast solver on 9x9 grids is timed as the batch runs it on the usual line, and as
    // tdoku's driver runs a solver: the 9x9 path called on each puzzle's 81 cells. The check
    // below still goes through the library.
    let nine: Option<Vec<[u8; 81]>> = (solver == SolverKind::Fast)
        .then(|| {
            grids
                .iter()
                .map(|g| {
                    (g.shape.rows == 3 && g.shape.cols == 3)
                        .then(|| g.cells.as_slice().try_into().ok())
                        .flatten()
                })
                .collect()
        })
        .flatten();
    let tally9 = |cells: &[u8; 81]| {
        let a = dlx_sudoku::quick::solve9(cells, &options);
        (a.solution.is_some() as usize, 0, a.guesses)
    };
    // Every pass gives the same counts (the solvers are deterministic); only times differ.
    let mut times = Vec::new();
    let mut counts = (0, 0, 0);
    let mut spent = Duration::ZERO;
    while times.is_empty() || (spent < args.min_time && times.len() < 1000) {
        let start = Instant::now();
        counts = match &nine {
            Some(nine) => timed_pass(&pool, nine, tally9),
            None => timed_pass(&pool, &grids, |g| tally(dlx_sudoku::solve(g, &options))),
        };
        let pass = start.elapsed();
        spent += pass;
        times.push(pass.as_secs_f64());
    }
    let (found, nodes, guesses) = counts;
    times.sort_by(f64::total_cmp);
    let seconds = times[times.len() / 2];
    // Check every answer (not timed): the solvers are deterministic, so solving again gives
    // the answers just timed.
    let check = |g: &Grid| {
        let r = dlx_sudoku::solve(g, &options);
        let unique = (r.status == Status::Unique) as usize;
        match &r.solution {
            Some(s) if is_solution_of(g, s) && r.status != Status::None => (1, 0, unique),
            Some(_) => (0, 1, 0),
            None => (0, 0, 0),
        }
    };
    let (solved, wrong, unique) = pool.install(|| {
        grids
            .par_iter()
            .map(check)
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
    });
    if solved + wrong != found {
        anyhow::bail!(
            "the timed pass found {found} solutions, the check {}",
            solved + wrong
        );
    }
    let n = grids.len().max(1) as f64;
    let report = Report {
        file: name,
        solver: solver.as_str(),
        threads,
        shuffle: args.shuffle,
        unique: args.unique.then_some(unique),
        puzzles: grids.len(),
        solved,
        invalid,
        wrong,
        seconds,
        passes: times.len(),
        puzzles_per_second: if seconds > 0.0 {
            grids.len() as f64 / seconds
        } else {
            0.0
        },
        nodes_per_puzzle: nodes as f64 / n,
        guesses_per_puzzle: guesses as f64 / n,
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{}{}: {}, {} solved{}, {} with {}: {:.3} s{}, {:.0} puzzles/s; {}",
            report.file,
            match report.shuffle {
                Some(seed) => format!(" (shuffled, seed {seed})"),
                None => String::new(),
            },
            crate::output::counted(report.puzzles as u64, "puzzle"),
            report.solved,
            match report.unique {
                Some(k) => format!(" ({k} unique)"),
                None => String::new(),
            },
            report.solver,
            crate::output::counted(threads as u64, "thread"),
            report.seconds,
            if report.passes > 1 {
                format!(" (median of {} passes)", report.passes)
            } else {
                String::new()
            },
            report.puzzles_per_second,
            // The fast solver counts guesses only.
            if !solver.counts_nodes() {
                format!("{:.2} guesses a puzzle", report.guesses_per_puzzle)
            } else {
                format!(
                    "{:.1} nodes and {:.2} guesses a puzzle",
                    report.nodes_per_puzzle, report.guesses_per_puzzle
                )
            }
        )?;
    }
    out.flush()?;
    if wrong > 0 {
        anyhow::bail!("{wrong} answers are wrong");
    }
    if invalid > 0 {
        anyhow::bail!("{invalid} invalid puzzles skipped");
    }
    Ok(if solved > 0 { Found::Some } else { Found::None })
}

/// Whether `s` is a complete grid that keeps the givens of `g` and repeats no digit.
pub fn is_solution_of(g: &Grid, s: &Grid) -> bool {
    s.shape == g.shape
        && s.is_full()
        && g.cells
            .iter()
            .zip(&s.cells)
            .all(|(&a, &b)| a == 0 || a == b)
        && dlx_sudoku::check_givens(s).is_empty()
}
