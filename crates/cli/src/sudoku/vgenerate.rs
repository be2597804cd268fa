//! `dlx sudoku generate --variant KINDS`: variant puzzles made by `dlx-variants` (jigsaw, X,
//! windoku, anti-knight, anti-king, nonconsecutive, disjoint groups with minimal givens;
//! killer with no givens; combined with commas), written in a format `dlx sudoku solve`
//! reads back.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{Context, Result, anyhow, bail};
use dlx_variants::generate::{GenerateRequest, Generated, RatingFilter};
use dlx_variants::grid_line;
use serde::Serialize;

use super::generate::{GenerateArgs, VariantFormat};
use crate::output::{self, Found};

/// One line of `--json`.
#[derive(Serialize)]
struct Record<'a> {
    index: u64,
    seed: u64,
    variant: &'a str,
    puzzle: &'a dlx_variants::Puzzle,
    solution: String,
    givens: usize,
    cages: usize,
    minimal: bool,
    attempts: u64,
    searches: u64,
    nodes: u64,
}

/// The classic flags that mean nothing for variants, refused by name.
fn refuse_classic(args: &GenerateArgs) -> Result<()> {
    if args.scale.is_some() {
        bail!(
            "--scale with --variant: variant puzzles are rated on one scale (docs/logic.md, \
             \"Variant Sudoku\")"
        );
    }
    if args.givens.is_some() || args.max_givens.is_some() {
        bail!(
            "--givens/--max-givens with --variant: variant puzzles are minimal (every given \
             needed), and killer puzzles have none"
        );
    }
    if args.shape.is_some() {
        bail!("--box with --variant: give --size (the usual boxes, or jigsaw regions)");
    }
    Ok(())
}

/// The range of `--band` or `--rating`, if given.
fn wanted_range(args: &GenerateArgs) -> Result<Option<(f64, f64)>> {
    if let Some(b) = &args.band {
        let band: dlx_logic::Band = b.parse().map_err(|e| anyhow!("--band: {e}"))?;
        return Ok(Some(band.range()));
    }
    if let Some(r) = &args.rating {
        let [lo, hi] = dlx_generate::request::parse_rating(r).map_err(|e| anyhow!("--{e}"))?;
        return Ok(Some((lo, hi)));
    }
    Ok(None)
}

/// Runs `dlx sudoku generate --variant KINDS`.
pub fn run(args: &GenerateArgs) -> Result<Found> {
    refuse_classic(args)?;
    let v = &args.variant;
    let variant = v.variant.clone().unwrap_or_default();
    let request = GenerateRequest {
        variant: variant.clone(),
        size: Some(args.size),
        symmetry: Some(args.symmetry.as_str().to_string()),
        seed: args.seed,
        count: Some(args.count),
        max_cage: v.max_cage,
        node_budget: v.nodes,
        attempts: args.attempts,
        time_limit_ms: args.time_limit.map(output::millis),
        // Read below from --band or --rating, with the logic.
        band: None,
    };
    let options = request.options().map_err(|e| {
        let flag = match e.field {
            "variant" => "variant",
            "size" => "size",
            "symmetry" => "symmetry",
            "max_cage" => "max-cage",
            "node_budget" => "nodes",
            other => other,
        };
        anyhow!("--{flag}: {}", e.message)
    })?;
    let mut options = options;
    if let Some(range) = wanted_range(args)? {
        let (lo, hi) = range;
        options.rating = Some(RatingFilter::new(
            move |p| dlx_logic::rate_variant_below(p, hi),
            lo,
            hi,
        ));
    }
    let seed = options.seed;
    let to = v.to.unwrap_or(VariantFormat::Text);
    let names: Vec<&str> = options.kinds.iter().map(|k| k.as_str()).collect();
    let names = names.join(",");
    if let Some(dir) = &v.out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let pool = args.pool.pool()?;
    let mut out = BufWriter::new(io::stdout());
    let mut error: Option<anyhow::Error> = None;
    let summary = pool.install(|| {
        dlx_variants::generate::generate_each(&options, |p: Generated| {
            let text = if args.json {
                let r = Record {
                    index: p.index,
                    seed,
                    variant: &names,
                    puzzle: &p.puzzle,
                    solution: grid_line(&p.solution),
                    givens: p.givens,
                    cages: p.cages,
                    minimal: p.minimal,
                    attempts: p.attempts,
                    searches: p.searches,
                    nodes: p.nodes,
                };
                serde_json::to_string(&r).unwrap_or_default() + "\n"
            } else {
                let mut s = dlx_variants::write(&p.puzzle, to.format());
                if !s.ends_with('\n') {
                    s.push('\n');
                }
                s
            };
            let written = match &v.out {
                Some(dir) => {
                    let ext = if args.json { "json" } else { to.extension() };
                    let name = format!("{}-{seed}-{}.{ext}", names.replace(',', "+"), p.index + 1);
                    let path = dir.join(name);
                    std::fs::write(&path, &text)
                        .with_context(|| format!("cannot write {}", path.display()))
                        .and_then(|()| Ok(writeln!(out, "{}", path.display())?))
                }
                None => {
                    // Puzzles of several lines are told apart by a blank line.
                    let sep = if p.index > 0 && text.lines().nth(1).is_some() {
                        "\n"
                    } else {
                        ""
                    };
                    write!(out, "{sep}{text}").map_err(anyhow::Error::from)
                }
            };
            match written.and_then(|()| Ok(out.flush()?)) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    error = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    });
    let summary = summary.map_err(|e| anyhow!("--variant: {e}"))?;
    if let Some(e) = error {
        return Err(e);
    }
    if !args.pool.quiet {
        let stop = summary
            .stop
            .map_or(String::new(), |s| format!("; stopped: {s}"));
        eprintln!(
            "made {} of {}, {n}x{n} {names}, seed {seed}, symmetry {}; {:.3} s, {:.1} puzzles/s{stop}",
            summary.made,
            args.count,
            options.symmetry,
            summary.seconds,
            summary.made as f64 / summary.seconds.max(1e-9),
            n = options.size,
        );
    }
    Ok(if summary.made == args.count {
        Found::Some
    } else {
        Found::None
    })
}
