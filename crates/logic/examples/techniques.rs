//! For each technique, the first puzzle of a file whose easiest-first path uses it, with the
//! step: a way to find example positions.
//!
//! `cargo run -p dlx-logic --release --example techniques -- FILE`

use std::collections::BTreeMap;

fn main() {
    let path = std::env::args().nth(1).expect("usage: techniques FILE");
    let text = std::fs::read_to_string(path).expect("read the file");
    let mut seen = BTreeMap::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("puzzle") || line.trim().is_empty() {
            continue;
        }
        let puzzle = line.split('\t').next().unwrap_or_default();
        let Ok(grid) = dlx_sudoku::parse(puzzle) else {
            continue;
        };
        let Ok(x) = dlx_logic::explain(&grid, &dlx_logic::Options::default()) else {
            continue;
        };
        for (i, s) in x.steps.iter().enumerate() {
            seen.entry(s.technique).or_insert_with(|| {
                let p: Vec<String> = s.placements.iter().map(|c| c.to_string()).collect();
                let e: Vec<String> = s.eliminations.iter().map(|c| c.to_string()).collect();
                format!(
                    "{:?}\t{puzzle}\tstep {i}\t{:.1}\tplace [{}]\telim [{}]\t{}",
                    s.technique,
                    s.rating,
                    p.join(" "),
                    e.join(" "),
                    s.text
                )
            });
        }
    }
    for v in seen.values() {
        println!("{v}");
    }
}
