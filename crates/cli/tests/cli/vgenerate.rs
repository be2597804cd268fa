//! `dlx sudoku generate --variant KINDS` end to end: what it writes reads back into `dlx
//! sudoku solve`, which proves one solution, the same as the generator's; the test kit's own
//! reader and checker accept the f-puzzles file; the seed fixes the output on any number of
//! threads; flags that make no sense for variants are refused with exit status 2.

use std::path::Path;

use crate::common;

use common::{dlx, fails_with, stderr, stdout};
use dlx_testkit::variants as kit;

/// `dlx sudoku solve --unique --format line FILE`: the one solution.
fn unique_solution(file: &Path) -> String {
    common::solve_unique_line(file, &[]).trim().to_string()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-vgenerate-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_killer_reads_back_and_solves_to_its_one_solution() {
    let dir = temp_dir("killer");
    let args = [
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--size",
        "6",
        "--seed",
        "3",
    ];
    let text = dlx(&args);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let written = stdout(&text);
    assert!(
        written.contains("cage ") && !written.contains("givens"),
        "{written}"
    );
    let file = dir.join("killer.txt");
    std::fs::write(&file, &written).unwrap();
    let solution = unique_solution(&file);
    // The record says the same solution, and no givens.
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let record: serde_json::Value = serde_json::from_str(&stdout(&dlx(&json_args))).unwrap();
    assert_eq!(record["solution"].as_str(), Some(solution.as_str()));
    assert_eq!(record["givens"], 0);
    assert!(record["cages"].as_u64().unwrap() > 5);
    // The test kit reads the f-puzzles file on its own and checks the solution.
    let mut fp_args = args.to_vec();
    fp_args.extend(["--to", "fpuzzles"]);
    let fp = stdout(&dlx(&fp_args));
    let v = kit::read_fpuzzles(&fp).unwrap();
    let digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
    kit::check(&v, &digits).unwrap();
    assert_eq!(kit::count(&v, 2), 1, "brute force: one solution");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_of_every_format_solve_and_the_seed_fixes_them() {
    let dir = temp_dir("out");
    let d = dir.display().to_string();
    let out = dlx(&[
        "sudoku",
        "generate",
        "--variant",
        "jigsaw,x",
        "--symmetry",
        "180",
        "--seed",
        "5",
        "-n",
        "2",
        "--to",
        "fpuzzles",
        "--out",
        d.as_str(),
        "-j",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let listed = stdout(&out);
    let files: Vec<&str> = listed.lines().collect();
    assert_eq!(files.len(), 2);
    for f in &files {
        assert!(f.ends_with(".json"), "{f}");
        unique_solution(Path::new(f));
    }
    // Links, one a line: each solves; the same on one thread and on two.
    let links = |threads: &str| {
        let o = dlx(&[
            "sudoku",
            "generate",
            "--variant",
            "anti-knight",
            "--size",
            "6",
            "--seed",
            "8",
            "-n",
            "3",
            "--to",
            "link",
            "-q",
            "-j",
            threads,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let one = links("1");
    assert_eq!(links("2"), one);
    assert_eq!(one.lines().count(), 3);
    for (k, line) in one.lines().enumerate() {
        assert!(
            line.starts_with("https://www.f-puzzles.com/?load="),
            "{line}"
        );
        let file = dir.join(format!("link{k}.txt"));
        std::fs::write(&file, line).unwrap();
        unique_solution(&file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn flags_variants_cannot_honour_are_refused() {
    let base = ["sudoku", "generate", "--seed", "1", "--variant"];
    let refused = |extra: &[&str], needle: &str| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        fails_with(&dlx(&a), needle);
    };
    refused(&["killer", "--band", "brutal"], "unknown band `brutal`");
    refused(&["x", "--rating", "4..3"], "--rating");
    refused(&["x", "--band", "hard", "--scale", "classic"], "--scale");
    refused(&["x", "--givens", "30"], "--givens");
    refused(
        &["killer", "--symmetry", "180"],
        "no givens to make symmetric",
    );
    refused(&["sudoku-x"], "unknown variant `sudoku-x`");
    refused(&["windoku", "--size", "7"], "7x7 grid has no box shape");
    refused(
        &["anti-king", "--size", "4"],
        "no grid satisfies these rules",
    );
    refused(&["killer", "--max-cage", "1"], "--max-cage");
    // The variant flags need --variant.
    let o = dlx(&["sudoku", "generate", "--to", "link"]);
    assert_eq!(o.status.code(), Some(2));
    // A time limit of zero makes none and says so (exit 1).
    let o = dlx(&[
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--time-limit",
        "0s",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("time limit reached"), "{}", stderr(&o));
}
