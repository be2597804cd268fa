//! Parses a problem in Knuth's format and counts its solutions with dancing cells (or with
//! dancing links given `--links`), printing solutions, nodes, forced moves, updates and
//! whole-process seconds.
//!
//! ```text
//! cargo run --release -p dlx-engine --example cells_count -- FILE [--links] [--leftmost]
//! ```

use std::time::Instant;

use dlx_engine::{Cells, Config, Heuristic, Links, Search, format};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        return Err("usage: cells_count FILE [--links] [--leftmost]".into());
    };
    let text = std::fs::read_to_string(path)?;
    let (problem, _) = format::parse(&text)?;
    let mut config = Config::default();
    if args.iter().any(|a| a == "--leftmost") {
        config.heuristic = Heuristic::Leftmost;
    }
    let out = if args.iter().any(|a| a == "--links") {
        Links::new(&problem, config).count()
    } else {
        Cells::new(&problem, config).count()
    };
    let s = &out.stats;
    println!(
        "{path}: solutions {} nodes {} forced {} nodes+forced {} updates {} status {} seconds {:.4}",
        s.solutions,
        s.nodes,
        s.forced,
        s.nodes + s.forced,
        s.updates,
        dlx_engine::Stop::of(out.status, false),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
