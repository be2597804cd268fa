//! Rates every puzzle of a file on one thread and prints puzzles per second; on a
//! calibration file (`puzzle<TAB>source<TAB>se_er<TAB>se_ep<TAB>se_ed<TAB>...`) also the
//! Spearman correlation with SE's ER and the share within 0.3.
//!
//! `cargo run -p dlx-logic --release --example logic_rate -- FILE [--limit N] [--every K]
//! [--verbose] [--scale sukaku|classic] [--techniques LIST]`
//! (`--every K` keeps every K-th puzzle of the file).

use std::time::Instant;

use dlx_logic::{Ladder, Options, Scale, TechniqueSet, explain_with};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: rate FILE [--limit N] [--every K] [--verbose]");
        std::process::exit(2);
    };
    let limit = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let every: usize = args
        .iter()
        .position(|a| a == "--every")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1);
    let verbose = args.iter().any(|a| a == "--verbose");
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let ladder = Ladder {
        scale: value("--scale").map_or(Scale::Sukaku, |s| s.parse().expect("a scale")),
        techniques: value("--techniques").map(|s| TechniqueSet::parse(&s).expect("techniques")),
    };
    let mut seen = 0usize;
    let text = std::fs::read_to_string(path).expect("read the file");
    let mut rows: Vec<(String, Option<f64>, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("puzzle\t") {
            continue;
        }
        seen += 1;
        if (seen - 1) % every != 0 {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let se = fields.get(2).and_then(|s| s.parse().ok());
        let tech = fields.get(5).unwrap_or(&"").to_string();
        rows.push((fields[0].to_string(), se, tech));
        if rows.len() >= limit {
            break;
        }
    }
    let mut ours = Vec::new();
    let mut times = Vec::new();
    let mut cpu_times = Vec::new();
    let start = Instant::now();
    let cpu0 = cpu_seconds();
    let mut unsolved = 0;
    let mut hardest = std::collections::BTreeMap::new();
    for (puzzle, se, tech) in &rows {
        let grid = match dlx_sudoku::parse(puzzle) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("skip {puzzle}: {e}");
                continue;
            }
        };
        let t0 = Instant::now();
        let c0 = cpu_ns();
        let r = match explain_with(&grid, &Options::default(), &ladder) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("skip {puzzle}: {e}");
                continue;
            }
        };
        times.push(t0.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c0, cpu_ns()) {
            cpu_times.push(b.saturating_sub(a) as f64 / 1e9);
        }
        if !r.rating.complete {
            unsolved += 1;
        }
        *hardest.entry(r.rating.hardest).or_insert(0usize) += 1;
        if verbose {
            println!(
                "{puzzle}\t{:.1}\t{:.1}\t{:.1}\t{}\tse={}\t{}",
                r.rating.er,
                r.rating.ep,
                r.rating.ed,
                r.rating.hardest.title(),
                se.map_or("-".into(), |s| format!("{s:.1}")),
                tech
            );
        }
        ours.push((r.rating.er, *se));
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    println!(
        "{} puzzles in {secs:.2} s: {:.0} puzzles/s, median {:.2} ms, max {:.1} ms, {unsolved} not solved",
        ours.len(),
        ours.len() as f64 / secs,
        median * 1e3,
        max * 1e3
    );
    if cpu_times.len() == ours.len() && !cpu_times.is_empty() {
        // on a shared machine the wall clock counts the time other jobs held the core;
        // the thread's own CPU time (Linux schedstat) does not
        let total: f64 = cpu_times.iter().sum();
        cpu_times.sort_by(f64::total_cmp);
        println!(
            "CPU time {total:.2} s: {:.0} puzzles per CPU second, median {:.2} ms, max {:.1} ms",
            ours.len() as f64 / total,
            cpu_times[cpu_times.len() / 2] * 1e3,
            cpu_times[cpu_times.len() - 1] * 1e3
        );
    } else if cpu > 0.0 {
        println!(
            "CPU time {cpu:.2} s: {:.0} puzzles per CPU second",
            ours.len() as f64 / cpu
        );
    }
    let spread: Vec<String> = hardest
        .iter()
        .map(|(t, c)| format!("{} {c}", t.as_str()))
        .collect();
    println!("hardest steps: {}", spread.join(", "));
    let pairs: Vec<(f64, f64)> = ours.iter().filter_map(|&(a, b)| Some((a, b?))).collect();
    if !pairs.is_empty() {
        let within = pairs
            .iter()
            .filter(|(a, b)| (a - b).abs() <= 0.3001)
            .count();
        println!(
            "calibration: {} rated by SE, Spearman {:.3}, within 0.3: {} ({:.1}%)",
            pairs.len(),
            dlx_testkit::spearman(&pairs),
            within,
            100.0 * within as f64 / pairs.len() as f64
        );
    }
}

/// This process's user and system CPU time from `/proc/self/stat` (Linux; 0 elsewhere),
/// assuming the usual 100 clock ticks a second.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    // fields 14 and 15 of the line, 12 and 13 after the command name
    (ticks(11) + ticks(12)) / 100.0
}

/// This thread's time on a CPU in nanoseconds, from `/proc/thread-self/schedstat` (Linux).
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
