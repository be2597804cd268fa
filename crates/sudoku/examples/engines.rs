//! Where the `dlx` solver's time goes: building the reduced problem (`encode`), building the
//! links, and the engine's two searches (dancing links, dancing cells) on it, first solution:
//! `cargo run --release -p dlx-sudoku --example engines -- FILE [MAX]`.
use std::time::Instant;

use dlx_engine::{Cells, Config, Links, Search};
use dlx_sudoku::{Encoding, encode, parse_line};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap_or_default();
    let max: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let grids: Vec<_> = text
        .lines()
        .enumerate()
        .filter_map(|(k, l)| parse_line(l, k + 1, None).ok().flatten())
        .take(max)
        .map(|p| p.grid)
        .collect();
    let encs: Vec<_> = grids.iter().filter_map(|g| encode(g).ok()).collect();
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
    let (links, n1) = first::<Links>(&encs);
    let (cells, n2) = first::<Cells>(&encs);
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

/// Seconds and search nodes to the first solution of every puzzle, by the engine `S`.
fn first<S: Search>(encs: &[Encoding]) -> (f64, u64) {
    let t = Instant::now();
    let mut nodes = 0;
    for e in encs {
        let (s, o) = S::new(&e.problem, Config::default()).first();
        assert!(s.is_some());
        nodes += o.stats.nodes;
    }
    (t.elapsed().as_secs_f64(), nodes)
}
