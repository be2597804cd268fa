//! `dlx sudoku explain`, `hint`, `rate` and `generate`, checked from the outside: the logical
//! path ends on the solution a search finds, a hint is a true deduction, every generated
//! puzzle has exactly one solution by the test kit's independent counter.

use crate::common;

use common::{dlx, fails_with, stderr, stdout};
use serde_json::Value;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Solutions of a 9x9 line, counted up to `limit` by the test kit's independent counter.
fn count9(line: &str, limit: u64) -> u64 {
    let cells = dlx_testkit::parse_line(&line[..81], 9);
    dlx_testkit::reference_count(dlx_testkit::Shape::new(3, 3), &cells, limit)
}

fn solution_of(puzzle: &str) -> String {
    let o = dlx(&["sudoku", "solve", "--format", "line", puzzle]);
    stdout(&o).trim().to_string()
}

#[test]
fn explain_ends_on_the_solution_of_a_search() {
    let o = dlx(&["sudoku", "explain", "--json", EASY]);
    assert!(o.status.success(), "{}", stderr(&o));
    let path: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(path["stop"], "solved");
    let grid = path["grid"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap().to_string())
        .collect::<String>();
    assert_eq!(grid, solution_of(EASY));
    assert_eq!(count9(EASY, 2), 1);
    let text = stdout(&dlx(&["sudoku", "explain", EASY]));
    assert!(text.contains("  1. ["), "{text}");
    assert!(text.contains("\nsolved in "), "{text}");
    assert!(text.contains("\nrating: ER "), "{text}");
}

#[test]
fn explain_upto_a_technique_stops_stuck_and_exits_1() {
    let hard =
        std::fs::read_to_string(common::root().join("examples/sudoku/hard-9x9.txt")).unwrap();
    let o = dlx(&["sudoku", "explain", "--upto", "x_wing", hard.trim()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("stuck: no allowed technique applies"));
    let o = dlx(&["sudoku", "explain", "--upto", "magic", EASY]);
    fails_with(&o, "unknown technique `magic`");
    let list = stdout(&dlx(&["sudoku", "explain", "--techniques"]));
    assert!(
        list.contains("x_wing") && list.contains("hidden_single"),
        "{list}"
    );
}

#[test]
fn a_hint_is_a_true_deduction_from_the_grid_in_progress() {
    let solution: Vec<u8> = solution_of(EASY).bytes().map(|b| b - b'0').collect();
    // From the puzzle, and from a grid with a few more digits placed.
    let mut progress: Vec<u8> = EASY.bytes().collect();
    for k in [0, 1, 3, 5] {
        progress[k] = b'0' + solution[k];
    }
    let progress = String::from_utf8(progress).unwrap();
    for extra in [None, Some(progress.as_str())] {
        let mut args = vec!["sudoku", "hint", "--json", EASY];
        if let Some(p) = extra {
            args.extend(["--progress", p]);
        }
        let o = dlx(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let step: Value = serde_json::from_slice(&o.stdout).unwrap();
        let placed = step["placements"].as_array().unwrap();
        let removed = step["eliminations"].as_array().unwrap();
        assert!(!placed.is_empty() || !removed.is_empty(), "{step}");
        for c in placed {
            let k = c["row"].as_u64().unwrap() * 9 + c["col"].as_u64().unwrap();
            assert_eq!(c["digit"].as_u64().unwrap(), solution[k as usize] as u64);
        }
        for c in removed {
            let k = c["row"].as_u64().unwrap() * 9 + c["col"].as_u64().unwrap();
            assert_ne!(c["digit"].as_u64().unwrap(), solution[k as usize] as u64);
        }
    }
    // A wrong digit in the grid in progress is named.
    let mut wrong: Vec<u8> = EASY.bytes().collect();
    wrong[0] = b'0' + (solution[0] % 9 + 1);
    let o = dlx(&[
        "sudoku",
        "hint",
        EASY,
        "--progress",
        std::str::from_utf8(&wrong).unwrap(),
    ]);
    fails_with(&o, "r1c1 holds");
}

#[test]
fn rate_keeps_going_past_a_bad_line_and_names_it() {
    let input = format!("{EASY}\n# a comment\n11{}\n{EASY}\n", &EASY[2..]);
    let o = common::run(&["sudoku", "rate", "-"], input.as_bytes());
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with(EASY) && lines[0].contains("# ER "),
        "{out}"
    );
    assert!(lines[1].contains("# invalid: "), "{out}");
    assert_eq!(lines[0], lines[2]);
    assert!(stderr(&o).contains("stdin:3: "), "{}", stderr(&o));
    let o = dlx(&["sudoku", "rate", "--json", EASY]);
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(r["er"].as_f64().unwrap() >= 1.0, "{r}");
}

#[test]
fn generated_puzzles_have_one_solution_and_the_seed_fixes_them() {
    let args = |threads: &'static str| {
        dlx(&[
            "sudoku",
            "generate",
            "-n",
            "6",
            "--seed",
            "7",
            "--symmetry",
            "rotate180",
            "--json",
            "-j",
            threads,
        ])
    };
    let one = args("1");
    let two = args("2");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let lines: Vec<Value> = stdout(&one)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    for p in &lines {
        let puzzle = p["puzzle"].as_str().unwrap();
        assert_eq!(count9(puzzle, 2), 1, "{puzzle}");
        let b = puzzle.as_bytes();
        for k in 0..81 {
            assert_eq!(b[k] == b'.', b[80 - k] == b'.', "{puzzle} is not symmetric");
        }
        assert_eq!(p["solution"].as_str().unwrap(), solution_of(puzzle));
    }
    assert!(stderr(&one).contains("made 6 of 6"), "{}", stderr(&one));
}

#[test]
fn generate_respects_a_band_and_refuses_bad_requests() {
    let o = dlx(&[
        "sudoku", "generate", "--seed", "3", "--band", "hard", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = common::json(&o);
    let puzzle = p["puzzle"].as_str().unwrap();
    let er = p["rating"].as_f64().unwrap();
    assert!((3.0..=3.9).contains(&er), "{er}");
    // The rating printed is the one `rate` gives.
    let rated: Value =
        serde_json::from_slice(&dlx(&["sudoku", "rate", "--json", puzzle]).stdout).unwrap();
    assert_eq!(rated["er"].as_f64().unwrap(), er);
    for (args, message) in [
        (&["--band", "brutal"][..], "unknown band `brutal`"),
        (&["--rating", "5..4"], "is empty"),
        (&["--size", "7"], "--size"),
        (&["--givens", "100"], "givens"),
    ] {
        let mut all = vec!["sudoku", "generate", "--seed", "1"];
        all.extend(args);
        let o = dlx(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    // A target out of reach (no 9x9 puzzle with 5 givens has one solution) ends with the
    // reason, not a hang.
    let o = dlx(&[
        "sudoku",
        "generate",
        "--seed",
        "1",
        "--givens",
        "5",
        "--attempts",
        "50",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("made 0 of 1") && stderr(&o).contains("not made within its attempts"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn rate_filters_mark_pass_and_fail_and_stop_early() {
    // ER 3.4, EP 1.2, ED 1.2 (magictour-top1465), after the easy one (ER 1.2).
    const HARDER: &str =
        "8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....9...4.....7.";
    let input = format!("{EASY}\n{HARDER}\n");
    let o = common::run(&["sudoku", "rate", "-", "--er", "3..3.9"], input.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(EASY) && lines[0].contains("# fail"),
        "{out}"
    );
    assert!(
        lines[1].starts_with(HARDER) && lines[1].contains("# pass ER 3.4"),
        "{out}"
    );
    // Only the passes.
    let o = common::run(
        &["sudoku", "rate", "-", "--er", "3..", "--pass-only"],
        input.as_bytes(),
    );
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with(HARDER), "{out}");
    // ED is known after one step: both fail there, and say so.
    let o = common::run(
        &["sudoku", "rate", "-", "--ed", "2..", "--json"],
        input.as_bytes(),
    );
    for line in stdout(&o).lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        assert_eq!(
            (r["pass"].as_bool(), r["early"].as_bool()),
            (Some(false), Some(true)),
            "{r}"
        );
        assert_eq!(r["rating"]["steps"].as_u64(), Some(1), "{r}");
    }
    // A diamond: ER = ED holds for the easy one only.
    let o = common::run(&["sudoku", "rate", "-", "--diamonds"], input.as_bytes());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("# pass") && lines[1].contains("# fail"),
        "{out}"
    );
    for (args, message) in [
        (&["--scale", "sukkaku"][..], "scale"),
        (&["--er", "8..6"], "er"),
        (&["--techniques", "no_such_technique"], "techniques"),
    ] {
        let mut all = vec!["sudoku", "rate", "-"];
        all.extend(args);
        let o = common::run(&all, input.as_bytes());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn rate_writes_passes_and_fails_to_files_of_their_own() {
    // ER 3.4 (magictour-top1465), the easy one (ER 1.2), a bad line, and the hard one again.
    const HARDER: &str =
        "8.5.....2...9.1...3.........6.7..4..2...5...........6....38.....1....9...4.....7.";
    let input = format!("{EASY}\n{HARDER}\n12.45\n{HARDER}\n");
    let dir = std::env::temp_dir().join(format!("dlx-rate-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pass, fail) = (dir.join("pass.txt"), dir.join("fail.txt"));
    let (p, f) = (pass.to_str().unwrap(), fail.to_str().unwrap());
    let o = common::run(
        &[
            "sudoku", "rate", "-", "--er", "3..", "--pass", p, "--fail", f,
        ],
        input.as_bytes(),
    );
    // The bad line is reported with its number, and the batch goes on.
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains(":3: "), "{}", stderr(&o));
    assert!(stderr(&o).contains("pass: 2, fail: 1"), "{}", stderr(&o));
    let passed = std::fs::read_to_string(&pass).unwrap();
    let failed = std::fs::read_to_string(&fail).unwrap();
    let starts =
        |text: &str| -> Vec<String> { text.lines().map(|l| l[..81].to_string()).collect() };
    assert_eq!(starts(&passed), [HARDER, HARDER], "{passed}");
    assert!(passed.lines().all(|l| l.contains("# pass")), "{passed}");
    assert_eq!(starts(&failed), [EASY], "{failed}");
    assert!(failed.contains("# fail ER 1.2"), "{failed}");
    // Only the bad line is left for the standard output.
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("12.45") && out.contains("invalid"), "{out}");
    // With only --fail, the passes stay on the standard output; as JSON lines.
    let o = common::run(
        &["sudoku", "rate", "-", "--er", "..3", "--fail", f, "--json"],
        format!("{EASY}\n{HARDER}\n").as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), 1);
    assert_eq!(
        (out[0]["line"].as_u64(), &out[0]["pass"]),
        (Some(1), &Value::Bool(true))
    );
    let failed: Value =
        serde_json::from_str(std::fs::read_to_string(&fail).unwrap().trim()).unwrap();
    assert_eq!(
        (failed["line"].as_u64(), &failed["early"]),
        (Some(2), &Value::Bool(true))
    );
    // One puzzle goes to its file too; files need a filter.
    let o = dlx(&["sudoku", "rate", HARDER, "--ed", "1.2", "--pass", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&pass).unwrap().starts_with(HARDER));
    let o = dlx(&["sudoku", "rate", HARDER, "--pass", p]);
    fails_with(&o, "need a filter");
    std::fs::remove_dir_all(&dir).unwrap();
}
