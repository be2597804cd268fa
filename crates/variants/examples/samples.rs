//! Solves every f-puzzles file of a folder and compares with its `answers.tsv` (the shared
//! samples' layout): one line a file with the verdict, the solutions, the search's nodes and
//! the median times over `REPS` runs (default 1) of the whole (read, lower, search) and of the
//! search alone. Unique puzzles are solved to uniqueness (two solutions looked for); the others
//! are counted (all of them, or 1,001 for `>1000`).
//!
//! `cargo run -p dlx-variants --release --example samples -- ../shared/data/variants`
//!
//! Environment: `REPS`, `ONLY` (a file-name filter), `LINKS=1` (dancing links instead of
//! cells), `THREADS`,
//! and the encoding's choices `FILL`, `CHUNK`, `GROUP`, `TPAIRS`, `PROP`, `PRUNE`, `WEIGHTS`, `LEAN` (see
//! `Tuning`).

use std::time::{Duration, Instant};

use dlx_variants::{Algorithm, Limits, Tuning, Verdict, grid_line, lower_with, parse, search};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "testdata/variants".into());
    let answers = std::fs::read_to_string(format!("{dir}/answers.tsv")).expect("answers.tsv");
    let env = |k: &str, d: usize| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let def = Tuning::default();
    let tuning = Tuning {
        fill_limit: env("FILL", def.fill_limit),
        chunk_limit: env("CHUNK", def.chunk_limit),
        group_limit: env("GROUP", def.group_limit),
        thermo_pairs: env("TPAIRS", usize::from(def.thermo_pairs)) == 1,
        propagate: env("PROP", 1) == 1,
        prune: env("PRUNE", 1) == 1,
        weights: env("WEIGHTS", 1) == 1,
        lean: env("LEAN", 1) == 1,
    };
    let algorithm = if env("LINKS", 0) == 1 {
        Algorithm::Links
    } else {
        Algorithm::Cells
    };
    let threads = env("THREADS", 1);
    let reps = env("REPS", 1).max(1);
    let only = std::env::var("ONLY").unwrap_or_default();
    let mut bad = 0;
    println!("file\tfamily\tverdict\tsolutions\tnodes\ttotal_us\tsearch_us\tcheck");
    for line in answers.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if !f[0].contains(only.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(format!("{dir}/puzzles/{}", f[0])).expect("puzzle");
        let many = f[3] != "1";
        let limits = Limits {
            solutions: match f[3] {
                "1" => 2,
                ">1000" => 1001,
                _ => 0,
            },
            keep: 1,
            algorithm,
            threads,
            ..Limits::default()
        };
        let mut totals = Vec::new();
        let mut searches = Vec::new();
        let mut last = None;
        for _ in 0..reps {
            let t0 = Instant::now();
            let p = match parse(&text) {
                Ok(p) => p,
                Err(e) => {
                    println!("{}\tparse error: {e}", f[0]);
                    break;
                }
            };
            let enc = lower_with(&p, &tuning).expect("lower");
            let t1 = Instant::now();
            let a = search(&enc, &limits);
            let t2 = Instant::now();
            totals.push(t2 - t0);
            searches.push(t2 - t1);
            last = Some(a);
        }
        let Some(a) = last else {
            bad += 1;
            continue;
        };
        let ok = if many {
            match f[3] {
                ">1000" => a.count > 1000,
                k => a.count.to_string() == k,
            }
        } else {
            a.verdict == Verdict::Unique && grid_line(&a.solutions[0]) == f[4]
        };
        if !ok {
            bad += 1;
        }
        let median = |v: &mut Vec<Duration>| {
            v.sort();
            v[v.len() / 2].as_secs_f64() * 1e6
        };
        println!(
            "{}\t{}\t{}\t{}\t{}\t{:.0}\t{:.0}\t{}",
            f[0],
            f[1],
            a.verdict.as_str(),
            a.count,
            a.stats.nodes,
            median(&mut totals),
            median(&mut searches),
            if ok { "ok" } else { "MISMATCH" }
        );
    }
    eprintln!("{bad} bad");
}
