//! For each technique, the first puzzle of a file whose easiest-first path uses it, with the
//! step: a way to find example positions.
//!
//! `cargo run -p dlx-logic --release --example techniques -- FILE [--scale S] [--techniques LIST] [--limit N]`

use std::collections::BTreeMap;

use dlx_logic::{Ladder, Options, Scale, TechniqueSet, explain_with};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .expect("usage: techniques FILE [--scale S] [--techniques LIST]");
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
    let limit: usize = value("--limit").map_or(usize::MAX, |s| s.parse().expect("a number"));
    let text = std::fs::read_to_string(path).expect("read the file");
    let mut seen = BTreeMap::new();
    for line in text.lines().take(limit) {
        if line.starts_with('#') || line.starts_with("puzzle") || line.trim().is_empty() {
            continue;
        }
        let puzzle = line.split('\t').next().unwrap_or_default();
        let Ok(grid) = dlx_sudoku::parse(puzzle) else {
            continue;
        };
        let Ok(x) = explain_with(&grid, &Options::default(), &ladder) else {
            continue;
        };
        for (i, s) in x.steps.iter().enumerate() {
            seen.entry(s.technique).or_insert_with(|| {
                let p: Vec<String> = s.placements.iter().map(|c| format!("\"{c}\"")).collect();
                let e: Vec<String> = s.eliminations.iter().map(|c| format!("\"{c}\"")).collect();
                format!(
                    "{:?}\t{puzzle}\tstep {i}\t{:.1}\t[{}]\t[{}]\t{}",
                    s.technique,
                    s.rating,
                    p.join(", "),
                    e.join(", "),
                    s.text
                )
            });
        }
    }
    for v in seen.values() {
        println!("{v}");
    }
}
