//! Times the variant generator: for each kind (or the kinds named), puzzles 0..COUNT of a
//! seed, one at a time on this thread; prints the median, quartiles and range of the CPU time per
//! puzzle, with the givens or cages and the searches.
//!
//! `cargo run --release -p dlx-variants --example variant_generate_rate -- [COUNT] [SIZE] [KINDS...]`

/// This thread's CPU time in seconds (`/proc/thread-self/schedstat`, nanoseconds on the CPU),
/// or the wall clock where there is none: on a shared machine CPU time is the fairer figure.
fn cpu_seconds(wall: &std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns as f64 * 1e-9)
}

use dlx_variants::generate::{GenerateOptions, Kind, generate_one, parse_kinds};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(20);
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let kinds: Vec<Vec<Kind>> = if args.len() > 2 {
        args[2..]
            .iter()
            .map(|s| parse_kinds(s).expect("kinds"))
            .collect()
    } else {
        Kind::ALL.iter().map(|&k| vec![k]).collect()
    };
    println!(
        "| kind | size | puzzles | median s | quartiles s | min-max s | givens / cages (mean) | searches (mean) | nodes (mean) | minimal |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for kind in kinds {
        let options = GenerateOptions {
            size,
            kinds: kind.clone(),
            seed: 1,
            count,
            ..GenerateOptions::default()
        };
        let mut times = Vec::new();
        let (mut clues, mut searches, mut minimal, mut nodes) = (0usize, 0u64, 0, 0u64);
        for i in 0..count {
            let wall = std::time::Instant::now();
            let start = cpu_seconds(&wall);
            let p = generate_one(&options, i).expect("options").expect("made");
            times.push(cpu_seconds(&wall) - start);
            nodes += p.nodes;
            clues += p.givens + p.cages;
            searches += p.searches;
            minimal += usize::from(p.minimal);
        }
        times.sort_by(f64::total_cmp);
        let q = |f: f64| times[((times.len() - 1) as f64 * f).round() as usize];
        let names: Vec<&str> = kind.iter().map(|k| k.as_str()).collect();
        println!(
            "| {} | {size}x{size} | {count} | {:.3} | {:.3}-{:.3} | {:.3}-{:.3} | {:.1} | {:.0} | {:.0} | {minimal}/{count} |",
            names.join(","),
            q(0.5),
            q(0.25),
            q(0.75),
            times[0],
            times[times.len() - 1],
            clues as f64 / count as f64,
            searches as f64 / count as f64,
            nodes as f64 / count as f64,
        );
    }
}
