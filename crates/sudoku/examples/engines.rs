//! Where the `dlx` solver's time goes: building the reduced problem (`encode`), building the
//! links, and the engine's two searches (dancing links, dancing cells) on it, first solution:
//! `cargo run --release -p dlx-sudoku --example engines -- FILE [MAX]`.
use std::time::Instant;

use dlx_engine::{Cells, Config, Links, Search};
use dlx_sudoku::{encode, parse_line};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap_or_default();
    let max: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let encs: Vec<_> = text
        .lines()
        .enumerate()
        .filter_map(|(k, l)| parse_line(l, k + 1, None).ok().flatten())
        .take(max)
        .filter_map(|p| encode(&p.grid).ok())
        .collect();
    let grids: Vec<_> = text
        .lines()
        .enumerate()
        .filter_map(|(k, l)| parse_line(l, k + 1, None).ok().flatten())
        .take(max)
        .map(|p| p.grid)
        .collect();
    let t = Instant::now();
    for g in &grids {
        let e = encode(g).ok();
        assert!(e.is_some());
    }
    let build = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for e in &encs {
        let l = Links::new(&e.problem, Config::default());
        assert!(!l.is_done());
    }
    let links_new = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut n1 = 0;
    for e in &encs {
        let (s, o) = Links::new(&e.problem, Config::default()).first();
        assert!(s.is_some());
        n1 += o.stats.nodes;
    }
    let links = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut n2 = 0;
    for e in &encs {
        let (s, o) = Cells::new(&e.problem, Config::default()).first();
        assert!(s.is_some());
        n2 += o.stats.nodes;
    }
    let cells = t.elapsed().as_secs_f64();
    let n = encs.len() as f64;
    println!(
        "encode {:.1} us, Links::new {:.1} us a puzzle",
        build / grids.len() as f64 * 1e6,
        links_new / grids.len() as f64 * 1e6
    );
    println!(
        "{} puzzles: links {:.0}/s ({:.0} nodes), cells {:.0}/s ({:.0} nodes)",
        encs.len(),
        n / links,
        n1 as f64 / n,
        n / cells,
        n2 as f64 / n
    );
}
