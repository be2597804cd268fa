//! Solves every f-puzzles file of a folder and compares with its `answers.tsv` (the shared
//! samples' layout), printing the verdict, the search's nodes and the times, one line a file.
//!
//! `cargo run -p dlx-variants --release --example samples -- ../shared/data/variants`

use std::time::Instant;

use dlx_variants::{Algorithm, Limits, Tuning, Verdict, grid_line, lower_with, parse, search};

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "testdata/variants".into());
    let answers = std::fs::read_to_string(format!("{dir}/answers.tsv")).expect("answers.tsv");
    let mut bad = 0;
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
    };
    let algorithm = if env("CELLS", 0) == 1 {
        Algorithm::Cells
    } else {
        Algorithm::Links
    };
    let only = std::env::var("ONLY").unwrap_or_default();
    for line in answers.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if !f[0].contains(only.as_str()) {
            continue;
        }
        let path = format!("{dir}/puzzles/{}", f[0]);
        let text = std::fs::read_to_string(&path).expect("puzzle");
        let t0 = Instant::now();
        let p = match parse(&text) {
            Ok(p) => p,
            Err(e) => {
                println!("{:40} PARSE ERROR {e}", f[0]);
                bad += 1;
                continue;
            }
        };
        let t1 = Instant::now();
        let enc = lower_with(&p, &tuning).expect("lower");
        let t2 = Instant::now();
        let many = f[3] != "1";
        let limits = if many {
            Limits {
                solutions: 1001,
                keep: 1,
                algorithm,
                ..Limits::default()
            }
        } else {
            Limits {
                algorithm,
                ..Limits::default()
            }
        };
        let a = search(&enc, &limits);
        let t3 = Instant::now();
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
        println!(
            "{:40} {:9} {:>5} nodes {:>7} items {:>5} options {:>5}  parse {:>6.0}us lower {:>6.0}us search {:>8.0}us {}",
            f[0],
            a.verdict.as_str(),
            a.count,
            a.stats.nodes,
            a.items,
            a.options,
            (t1 - t0).as_secs_f64() * 1e6,
            (t2 - t1).as_secs_f64() * 1e6,
            (t3 - t2).as_secs_f64() * 1e6,
            if ok { "ok" } else { "MISMATCH" }
        );
    }
    println!("{bad} bad");
}
