//! Times the path of one puzzle with the ladder cut at each chain level.
//!
//! `cargo run -p dlx-logic --release --example levels -- PUZZLE`

use std::time::Instant;

use dlx_logic::{Family, Options, Technique, explain};

fn main() {
    let line = std::env::args().nth(1).expect("usage: levels PUZZLE");
    let grid = dlx_sudoku::parse(&line).expect("a puzzle");
    // no chains, then each chain level (the last technique of each group of chains)
    let levels = Technique::ALL.into_iter().filter(|t| {
        matches!(
            t.family(),
            Family::Chain | Family::ForcingChain | Family::Nested
        ) && !t.group().contains(Technique::ALL[t.position() + 1])
    });
    for max in std::iter::once(Technique::BugPlusOne).chain(levels) {
        let t = Instant::now();
        let x = explain(
            &grid,
            &Options {
                max_technique: max,
                ..Options::default()
            },
        )
        .expect("a puzzle with one solution");
        println!(
            "up to {:<28} {:>9.1} ms  {:>4} steps  {:?}  ER {:.1}",
            max.title(),
            t.elapsed().as_secs_f64() * 1e3,
            x.steps.len(),
            x.stop,
            x.rating.er
        );
    }
}
