//! Times the rating of variant puzzles (`dlx_logic::rate_variant`, the solution search
//! included) on one thread: each file rated `--runs N` times (default 3), its median taken,
//! then one line a family (the file name without its trailing number: `killer-03.json` is
//! `killer`) with the number of puzzles, the median and the maximum of their medians, and the
//! ER. Times are the thread's CPU time (Linux's `/proc/thread-self/schedstat`; wall time
//! elsewhere), which other processes on a loaded machine inflate less than wall time.
//!
//! `cargo run -p dlx-logic --release --example vrate -- [--runs N] [--each] FILE...`

use std::collections::BTreeMap;
use std::time::Instant;

/// The thread's CPU time in seconds, if the system tells it.
fn cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn family(path: &str) -> String {
    let name = std::path::Path::new(path)
        .file_stem()
        .map_or(String::new(), |s| s.to_string_lossy().into_owned());
    name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
        .to_string()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 3usize;
    let mut each = false;
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--runs" => {
                i += 1;
                runs = args.get(i).and_then(|s| s.parse().ok()).unwrap_or(3).max(1);
            }
            "--each" => each = true,
            f => files.push(f.to_string()),
        }
        i += 1;
    }
    // family -> (median seconds, ER) of each puzzle
    let mut by: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for f in &files {
        let puzzle = match std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|t| dlx_variants::parse(&t).map_err(|e| e.to_string()))
        {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let mut times = Vec::new();
        let mut er = f64::NAN;
        for _ in 0..runs {
            let (c0, w0) = (cpu(), Instant::now());
            match dlx_logic::rate_variant(&puzzle) {
                Ok(r) => er = r.er,
                Err(e) => {
                    eprintln!("{f}: {e}");
                    break;
                }
            }
            let wall = w0.elapsed().as_secs_f64();
            times.push(match (c0, cpu()) {
                (Some(a), Some(b)) => b - a,
                _ => wall,
            });
        }
        if times.len() < runs {
            continue;
        }
        let m = median(&mut times);
        if each {
            println!("{f}\t{:.1} ms\tER {er:.1}", m * 1e3);
        }
        by.entry(family(f)).or_default().push((m, er));
    }
    println!("| family | n | median | max | ER |");
    println!("|---|---:|---:|---:|---|");
    for (fam, v) in &by {
        let mut t: Vec<f64> = v.iter().map(|x| x.0).collect();
        let max = t.iter().copied().fold(0.0, f64::max);
        let med = median(&mut t);
        let mut ers: Vec<f64> = v.iter().map(|x| x.1).collect();
        ers.sort_by(f64::total_cmp);
        let er = format!("{:.1}-{:.1}", ers[0], ers[ers.len() - 1]);
        println!(
            "| {fam} | {} | {:.1} ms | {:.1} ms | {er} |",
            v.len(),
            med * 1e3,
            max * 1e3
        );
    }
}
