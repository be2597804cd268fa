//! The whole `dlx sudoku solve FILE` run, process and all: reading, solving on every core and
//! printing in order (issue: "batch at full speed"). The file is 100,000 puzzles: the three
//! shared sets in turn when `../shared` is present, else the repository's 200-puzzle sample
//! repeated. Each run checks that every puzzle was solved and printed.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const PUZZLES: usize = 100_000;

/// Puzzle lines (comments and blank lines left out) of the first files found.
fn puzzle_lines() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/data/sudoku");
    let files: Vec<PathBuf> = if shared.is_dir() {
        ["17-clue", "magictour-top1465", "forum-hardest-1905-11plus"]
            .iter()
            .map(|f| shared.join(format!("{f}.txt")))
            .collect()
    } else {
        eprintln!("note: ../shared absent; the batch uses examples/sudoku/sample-200.txt");
        vec![root.join("examples/sudoku/sample-200.txt")]
    };
    let mut lines = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(str::to_string),
        );
    }
    lines
}

fn batch(c: &mut Criterion) {
    let lines = puzzle_lines();
    assert!(!lines.is_empty(), "no puzzles found");
    let path = std::env::temp_dir().join(format!("dlx-bench-batch-{}.txt", std::process::id()));
    let mut file = std::fs::File::create(&path).unwrap();
    for line in lines.iter().cycle().take(PUZZLES) {
        writeln!(file, "{line}").unwrap();
    }
    drop(file);
    let mut group = c.benchmark_group("sudoku-batch");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    group.throughput(Throughput::Elements(PUZZLES as u64));
    group.bench_function("solve-100k-all-cores", |b| {
        b.iter(|| {
            let out = Command::new(env!("CARGO_BIN_EXE_dlx"))
                .args(["sudoku", "solve", "-q"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(out.status.success());
            let printed = out.stdout.iter().filter(|&&b| b == b'\n').count();
            assert_eq!(printed, PUZZLES);
        })
    });
    group.finish();
    let _ = std::fs::remove_file(&path);
}

criterion_group!(benches, batch);
criterion_main!(benches);
