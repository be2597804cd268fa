//! The independent checkers of the shared data (`../shared/checks`, Python scripts written
//! outside the project) run on `dlx`'s own answers when `../shared` is present: `sudoku-check`
//! on `dlx sudoku solve --unique --json` for every puzzle file of `../shared/data/sudoku`, and
//! `xcc-expected` (solutions, nodes and updates of Knuth's DLX1) on `dlx xcc` for every problem
//! of `../shared/data/xcc`. The variant samples of `../shared/data/variants` run in
//! `tests/cli/variants.rs`. Each test says when it is skipped.

use std::path::PathBuf;
use std::process::Command;

/// `../shared/checks`, and a Python 3 to run its scripts, when both are there.
fn checks() -> Option<(PathBuf, PathBuf)> {
    let data = dlx_testkit::shared("")?;
    let checks = data.join("../checks");
    if !checks.join("sudoku-check").exists() {
        dlx_testkit::note(&format!("{} is absent; skipping", checks.display()));
        return None;
    }
    let python = PathBuf::from("python3");
    if Command::new(&python).arg("--version").output().is_err() {
        dlx_testkit::note("no python3 to run ../shared/checks; skipping");
        return None;
    }
    Some((checks, data))
}

fn dlx_exe() -> &'static str {
    env!("CARGO_BIN_EXE_dlx")
}

#[test]
fn sudoku_check_accepts_every_answer_on_the_shared_puzzles() {
    let Some((checks, data)) = checks() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dlx-shared-checks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(data.join("sudoku"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for f in &files {
        let out = Command::new(dlx_exe())
            .args(["sudoku", "solve", "--unique", "--json", "--no-progress"])
            .arg(f)
            .output()
            .expect("dlx runs");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let answers = dir.join("answers.jsonl");
        std::fs::write(&answers, &out.stdout).unwrap();
        let check = Command::new("python3")
            .arg(checks.join("sudoku-check"))
            .arg(f)
            .arg(&answers)
            .output()
            .expect("python3 runs");
        let said = String::from_utf8_lossy(&check.stdout).to_string();
        assert!(
            check.status.success(),
            "{}: {said}{}",
            f.display(),
            String::from_utf8_lossy(&check.stderr)
        );
        assert!(said.contains(" 0 problems"), "{}: {said}", f.display());
        dlx_testkit::note(&format!("sudoku-check {}: {}", f.display(), said.trim()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xcc_expected_matches_knuths_counts_on_dancing_links() {
    let Some((checks, _)) = checks() else {
        return;
    };
    // Dancing links (Algorithm C with MRV, as DLX1) must match DLX1's nodes and updates. (The
    // engine's own suite, tests/engine/search.rs, already holds both algorithms to every figure of
    // expected.toml in process; this is the same through the command and Knuth's checker.)
    let out = Command::new("python3")
        .arg(checks.join("xcc-expected"))
        .arg(dlx_exe())
        .args(["--algorithm", "links"])
        .output()
        .expect("python3 runs");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{said}");
    dlx_testkit::note(&format!(
        "xcc-expected --algorithm links: {}",
        said.lines().last().unwrap_or("")
    ));
}
