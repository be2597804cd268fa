//! `dlx sudoku ...` end to end: outputs (golden files under `golden/sudoku/`, regenerated with
//! `UPDATE_GOLDEN=1`), exit statuses, batches, errors.

use std::io::Write;
use std::process::Output;

use crate::common;

use common::{dlx, dlx_stdin, fails_with, root, stderr, stdout};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn example(name: &str) -> String {
    root()
        .join("examples/sudoku")
        .join(name)
        .display()
        .to_string()
}

/// Replaces timings (`0.123 ms`, `"seconds":0.001`) so outputs can be compared.
fn mask_times(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines() {
        let line = match line.rfind(", ") {
            Some(k) if line.ends_with(" ms") => format!("{}, <time> ms", &line[..k]),
            _ => line.to_string(),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Compares with a golden file of `golden/sudoku/`.
fn golden(name: &str, actual: &str) {
    common::golden(&format!("sudoku/{name}"), actual);
}

/// An independent check (the test kit's) that `sol` solves `puzzle` (9x9, 3x3 boxes).
fn solves(puzzle: &str, sol: &str) -> bool {
    if puzzle.len() < 81 || sol.len() != 81 {
        return false;
    }
    let digits = |t: &str| -> Vec<u8> {
        t.bytes()
            .take(81)
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    };
    dlx_testkit::validate(dlx_testkit::Shape::new(3, 3), &digits(puzzle), &digits(sol)).is_ok()
}

#[test]
fn solve_one_puzzle_pretty() {
    let o = dlx(&["sudoku", "solve", "--unique", "--solver", "dlx", EASY]);
    assert_eq!(o.status.code(), Some(0));
    golden("solve-unique.txt", &mask_times(&stdout(&o)));
    let fast = dlx(&["sudoku", "solve", "--unique", EASY]);
    let (a, b) = (stdout(&o), stdout(&fast));
    assert_eq!(
        a.lines().take(15).collect::<Vec<_>>(),
        b.lines().take(15).collect::<Vec<_>>()
    );
    assert!(b.contains("solver: fast; guesses "));
}

#[test]
fn solve_one_puzzle_each_solver_same_line() {
    let mut lines = Vec::new();
    for solver in ["dlx", "backtrack", "mrv"] {
        let o = dlx(&[
            "sudoku", "solve", "--solver", solver, "--format", "line", EASY,
        ]);
        assert_eq!(o.status.code(), Some(0));
        lines.push(stdout(&o));
    }
    assert!(lines.windows(2).all(|w| w[0] == w[1]));
    assert!(solves(EASY, lines[0].trim()));
}

#[test]
fn every_example_file_is_solved() {
    for (file, extra) in [
        ("easy-9x9.txt", None),
        ("hard-9x9.txt", None),
        ("contest-9x9.txt", None),
        ("pretty-9x9.txt", None),
        ("4x4.txt", None),
        ("6x6.txt", None),
        ("6x6-tall-boxes.txt", Some("3x2")),
        ("8x8.txt", None),
        ("12x12.txt", None),
        ("16x16.txt", None),
        ("16x16-numbers.txt", None),
        ("25x25.txt", None),
        ("36x36.txt", None),
    ] {
        let path = example(file);
        let mut args = vec!["sudoku", "solve", "--unique", "--json", path.as_str()];
        if let Some(b) = extra {
            args.extend(["--box", b]);
        }
        let o = dlx(&args);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", stderr(&o));
        let v = common::json(&o);
        assert_eq!(v["status"], "unique", "{file}");
    }
    // Tall boxes need --box: with the default wide boxes it is another puzzle.
    let o = dlx(&[
        "sudoku",
        "solve",
        "--unique",
        &example("6x6-tall-boxes.txt"),
    ]);
    assert!(stdout(&o).contains("status: multiple"));
}

#[test]
fn a_batch_streams_in_order_with_a_summary() {
    let file = example("sample-200.txt");
    let o = dlx(&["sudoku", "solve", &file, "--json", "-j", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let puzzles: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .map(|(k, l)| (k + 1, l))
        .collect();
    let out = stdout(&o);
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 200);
    for ((line, puzzle), r) in puzzles.iter().zip(&records) {
        assert_eq!(r["line"], *line as u64);
        assert_eq!(r["puzzle"], *puzzle);
        assert_eq!(r["status"], "solved");
        assert_eq!(r["solutions"], 1);
        assert!(r["error"].is_null());
        assert!(
            solves(puzzle, r["solution"].as_str().unwrap()),
            "line {line}"
        );
    }
    let err = stderr(&o);
    assert!(
        err.contains(
            // Uniqueness was not checked, so the summary does not count unique puzzles.
            "puzzles: 200, solved: 200, none: 0, incomplete: 0, invalid: 0;"
        ),
        "{err}"
    );
    assert!(err.contains("puzzles/s (fast, 2 threads)"), "{err}");
    // The default batch output: one solution line a puzzle, the same as the JSON's.
    let o = dlx(&["sudoku", "solve", &file, "-q", "-j", "1"]);
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 200);
    for (l, r) in lines.iter().zip(&records) {
        assert_eq!(l, r["solution"].as_str().unwrap());
    }
    assert!(stderr(&o).is_empty());
}

#[test]
fn a_long_batch_keeps_input_order_across_chunks() {
    // More lines than the reader's chunks and the chunks in flight, with comments, blank
    // lines, bad lines and a line that is not UTF-8 scattered through.
    let sample = std::fs::read_to_string(example("sample-200.txt")).unwrap();
    let puzzles: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).collect();
    let mut input: Vec<u8> = Vec::new();
    // (line number, puzzle or None for a bad line) of every puzzle line, in order.
    let mut expected: Vec<(usize, Option<&str>)> = Vec::new();
    for k in 0..12_000 {
        let line = k + 1;
        if k % 101 == 0 {
            input.extend_from_slice(b"# a comment\n");
        } else if k % 333 == 0 {
            input.extend_from_slice(b"   \n");
        } else if k % 997 == 0 {
            input.extend_from_slice(b"not a puzzle\n");
            expected.push((line, None));
        } else if k == 5000 {
            input.extend_from_slice(b"\xff\xfe..\n");
            expected.push((line, None));
        } else {
            let p = puzzles[k % puzzles.len()];
            input.extend_from_slice(p.as_bytes());
            input.push(b'\n');
            expected.push((line, Some(p)));
        }
    }
    let path = std::env::temp_dir().join(format!("dlx-long-batch-{}.txt", std::process::id()));
    std::fs::write(&path, &input).unwrap();
    let file = path.display().to_string();
    let o = dlx(&["sudoku", "solve", &file, "--json", "-j", "2"]);
    let lines = dlx(&["sudoku", "solve", &file, "-q", "-j", "2"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), expected.len());
    let bad = expected.iter().filter(|(_, p)| p.is_none()).count();
    for ((line, puzzle), r) in expected.iter().zip(&records) {
        assert_eq!(r["line"], *line as u64);
        match puzzle {
            Some(p) => {
                assert_eq!(r["status"], "solved", "line {line}");
                assert!(solves(p, r["solution"].as_str().unwrap()), "line {line}");
            }
            None => assert_eq!(r["status"], "invalid", "line {line}"),
        }
    }
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "puzzles: {}, solved: {}, none: 0, incomplete: 0, invalid: {bad};",
            expected.len(),
            expected.len() - bad
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("dlx: {file}:998: wrong length")),
        "{err}"
    );
    // The line output: one line a puzzle, the same solutions in the same order.
    let text = stdout(&lines);
    let out: Vec<&str> = text.lines().collect();
    assert_eq!(out.len(), records.len());
    for (l, r) in out.iter().zip(&records) {
        match r["solution"].as_str() {
            Some(sol) => assert_eq!(*l, sol),
            None => assert!(l.contains("# invalid: "), "{l}"),
        }
    }
}

#[test]
fn a_byte_order_mark_is_not_a_cell() {
    // Windows editors start UTF-8 files with a mark: a batch, a grid and a bench read past it.
    let lines: Vec<String> = std::fs::read_to_string(example("sample-200.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(3)
        .map(str::to_string)
        .collect();
    let batch = format!("\u{feff}{}\n", lines.join("\n"));
    let plain = dlx_stdin(&["sudoku", "solve", "-q", "-j", "1"], &batch[3..]);
    for args in [
        &["sudoku", "solve", "-q", "-j", "1"][..],
        &["sudoku", "solve", "-q", "-j", "1", "--input-kind", "lines"],
    ] {
        let o = dlx_stdin(args, &batch);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(o.stdout, plain.stdout, "{args:?}");
    }
    let grid = std::fs::read_to_string(example("pretty-9x9.txt")).unwrap();
    let o = dlx_stdin(&["sudoku", "solve", "-q"], &format!("\u{feff}{grid}"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The same report but for the time taken, on the last line.
    let report = |o: &Output| {
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        text.lines()
            .filter(|l| !l.starts_with("solver:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(report(&o).contains("status: solved"), "{}", report(&o));
    assert_eq!(
        report(&o),
        report(&dlx_stdin(&["sudoku", "solve", "-q"], &grid))
    );
    let dir = std::env::temp_dir().join(format!("dlx-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bom.txt");
    std::fs::write(&file, &batch).unwrap();
    let o = dlx(&["sudoku", "bench", file.to_str().unwrap(), "--min-time", "0"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("3 puzzles, 3 solved"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

#[test]
fn a_batch_goes_on_past_bad_puzzles_and_exits_2() {
    let input = format!(
        "# a test batch\n{EASY}\n{}\n{}x\n55{}\n{}  # no solution\n",
        &EASY[1..],
        &EASY[1..],
        &EASY[2..],
        "12345678.".to_string() + &".".repeat(71) + "9"
    );
    let o = dlx_stdin(
        &["sudoku", "solve", "--unique", "--json", "-j", "1"],
        &input,
    );
    assert_eq!(o.status.code(), Some(2));
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let status: Vec<&str> = records
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        status,
        vec!["unique", "invalid", "invalid", "invalid", "none"]
    );
    assert_eq!(records[1]["line"], 3);
    assert!(
        records[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("wrong length: 80 cells at line 3")
    );
    assert_eq!(
        records[2]["error"],
        "unknown character 'x' at line 4, column 81 (a 9x9 grid uses 1-9, and . 0 _ - * for blanks)"
    );
    assert_eq!(
        records[3]["error"],
        "digit 5 at r1c1 repeats r1c2 in row 1 (and 1 more repeats)"
    );
    let err = stderr(&o);
    assert!(err.contains("dlx: stdin:3: wrong length"), "{err}");
    assert!(
        err.contains(
            "puzzles: 5, solved: 1, unique: 1, multiple: 0, none: 1, incomplete: 0, invalid: 3;"
        ),
        "{err}"
    );
    assert!(
        err.contains("dlx: error: stdin: 3 of 5 puzzles invalid"),
        "{err}"
    );
    // The line format keeps one line a puzzle, with a comment for the unsolved.
    let o = dlx_stdin(&["sudoku", "solve", "-q", "-j", "1"], &input);
    golden("batch-with-errors.txt", &stdout(&o));
}

/// A batch of the usual 9x9 lines (answered by the fast path of the batch) and of lines it
/// leaves to the general path gives the same answers as the JSON output, which always takes
/// the general path.
#[test]
fn quick_and_general_paths_of_a_batch_agree() {
    let o = dlx(&["sudoku", "solve", EASY, "--json"]);
    let v = common::json(&o);
    let sol: Vec<u8> = v["solution"].as_str().unwrap().bytes().collect();
    // A full grid with a rectangle of two digits on two rows of a band, in two stacks,
    // erased: exactly two solutions.
    let mut two = None;
    'find: for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 + 1) * 3 {
            for c1 in 0..9 {
                for c2 in (c1 / 3 + 1) * 3..9 {
                    let at = |r: usize, c: usize| sol[9 * r + c];
                    if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                        let mut p = sol.clone();
                        for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                            p[9 * r + c] = b'.';
                        }
                        two = Some(String::from_utf8(p).unwrap());
                        break 'find;
                    }
                }
            }
        }
    }
    let two = two.expect("a rectangle to erase");
    let none = "12345678.".to_string() + &".".repeat(71) + "9";
    let lines = [
        EASY.to_string(),
        EASY.replace('.', "0"),
        EASY.replace('.', "_") + "   # a comment",
        EASY.replace('.', "-") + "\t",
        two,
        none,
        "55".to_string() + &EASY[2..],
        EASY.replace('.', "*") + "x",
    ];
    let input = lines.join("\n") + "\n";
    for unique in [false, true] {
        let mut args = vec!["sudoku", "solve", "-j", "1"];
        if unique {
            args.push("--unique");
        }
        let json = dlx_stdin(&[args.as_slice(), &["--json"]].concat(), &input);
        let text = dlx_stdin(&[args.as_slice(), &["-q"]].concat(), &input);
        assert_eq!(json.status.code(), text.status.code());
        let records: Vec<serde_json::Value> = stdout(&json)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let out = stdout(&text);
        let out: Vec<&str> = out.lines().collect();
        assert_eq!(out.len(), lines.len());
        let statuses: Vec<&str> = records
            .iter()
            .map(|r| r["status"].as_str().unwrap())
            .collect();
        let first = if unique { "unique" } else { "solved" };
        let second = if unique { "multiple" } else { "solved" };
        assert_eq!(
            statuses,
            [
                first, first, first, first, second, "none", "invalid", "invalid"
            ],
            "unique: {unique}"
        );
        for (k, (l, r)) in out.iter().zip(&records).enumerate() {
            match (r["status"].as_str(), r["solution"].as_str()) {
                (Some("solved" | "unique"), Some(sol)) => {
                    assert_eq!(*l, sol, "line {}", k + 1);
                    assert!(solves(&lines[k][..81], sol), "line {}", k + 1);
                }
                _ => assert!(l.contains('#'), "line {}: {l}", k + 1),
            }
        }
    }
}

#[test]
fn exit_status_1_when_no_solution() {
    let none = "12345678.".to_string() + &".".repeat(71) + "9";
    let o = dlx(&["sudoku", "solve", &none]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("status: none"));
}

#[test]
fn error_messages_of_single_puzzles() {
    let o = dlx(&["sudoku", "solve", &EASY[1..]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("dlx: error: argument: wrong length: 80 cells at line 1;"),
        "{}",
        stderr(&o)
    );
    let o = dlx(&["sudoku", "solve", &EASY.replacen('.', "2", 1)]);
    assert_eq!(
        stderr(&o),
        "dlx: error: argument: digit 2 at r1c1 repeats r1c5 in row 1\n"
    );
    let o = dlx(&["sudoku", "solve", "no/such/file.txt"]);
    assert_eq!(
        stderr(&o),
        "dlx: error: no/such/file.txt: no such file, and not a puzzle either\n"
    );
    let o = dlx(&["sudoku", "solve", &".".repeat(49)]);
    assert!(stderr(&o).contains("unsupported size: 7x7 (a prime size has no box shape)"));
    let o = dlx(&["sudoku", "solve", "--box", "2x3", EASY]);
    assert!(
        stderr(&o).contains("box shape 2x3 does not fit a 9x9 grid"),
        "{}",
        stderr(&o)
    );
    let o = dlx(&["sudoku", "solve", "--box", "9", EASY]);
    fails_with(&o, "`9` is not a box shape");
    let o = dlx(&["sudoku", "solve", "--unique", "--all", EASY]);
    fails_with(&o, "the argument '--unique' cannot be used with '--all'");
}

#[test]
fn counting_and_enumerating() {
    let empty4 = "................";
    let o = dlx(&["sudoku", "count", empty4, "--format", "line"]);
    assert_eq!(stdout(&o), format!("{empty4}  # 288 solutions\n"));
    for solver in ["dlx", "backtrack", "mrv"] {
        let o = dlx(&["sudoku", "count", empty4, "--solver", solver, "--json"]);
        let v = common::json(&o);
        assert_eq!(
            (v["solutions"].as_u64(), v["complete"].as_bool()),
            (Some(288), Some(true))
        );
    }
    let o = dlx(&["sudoku", "count", empty4, "--limit", "100", "--json"]);
    let v = common::json(&o);
    assert_eq!(
        (v["solutions"].as_u64(), v["complete"].as_bool()),
        (Some(100), Some(false))
    );
    let o = dlx(&[
        "sudoku", "solve", "--all", "--limit", "5", empty4, "--format", "line",
    ]);
    let sols: std::collections::BTreeSet<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(sols.len(), 5);
    let o = dlx(&["sudoku", "solve", "--all", "1...\n..2.\n.3..\n...."]);
    golden("all-4x4.txt", &mask_times(&stdout(&o)));
}

#[test]
fn budgets_report_incomplete() {
    let o = dlx(&[
        "sudoku",
        "count",
        &".".repeat(81),
        "--nodes",
        "1000",
        "--json",
        "--solver",
        "dlx",
    ]);
    let v = common::json(&o);
    assert_eq!(v["complete"], false);
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["nodes"], 1000);
    let o = dlx(&[
        "sudoku",
        "count",
        &".".repeat(256),
        "--time-limit",
        "50ms",
        "--format",
        "line",
    ]);
    assert!(
        stdout(&o).ends_with("solutions at least\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn csv_output() {
    let o = dlx_stdin(
        &[
            "sudoku",
            "solve",
            "--format",
            "csv",
            "-q",
            "--input-kind",
            "lines",
        ],
        &format!("{EASY}\n{}\n", &EASY[1..]),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "line,puzzle,status,solutions,solution,nodes,guesses,backtracks,error"
    );
    assert!(lines[1].starts_with(&format!("1,{EASY},solved,1,483921657")));
    assert!(lines[2].starts_with("2,"));
    assert!(lines[2].contains(",invalid,0,,0,0,0,\"wrong length: 80 cells at line 2;"));
}

#[test]
fn trace_text_json_and_cap() {
    let p4 = "1.......2.......";
    let o = dlx(&["sudoku", "trace", p4]);
    assert_eq!(o.status.code(), Some(0));
    golden("trace-4x4.txt", &stdout(&o));
    let o = dlx(&["sudoku", "trace", p4, "--solver", "mrv", "--grids"]);
    golden("trace-4x4-mrv.txt", &stdout(&o));
    let o = dlx(&[
        "sudoku",
        "trace",
        &example("hard-9x9.txt"),
        "--json",
        "--max-steps",
        "50",
    ]);
    let v = common::json(&o);
    assert_eq!(v["steps"].as_array().unwrap().len(), 50);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["solver"], "dlx");
    assert_eq!(v["steps"][0]["kind"], "choose");
    let o = dlx(&[
        "sudoku",
        "trace",
        &example("hard-9x9.txt"),
        "--max-steps",
        "20",
    ]);
    assert!(stdout(&o).contains("trace cut after 20 steps (raise --max-steps to see more)"));
    // A dead end says which item ran out of options.
    let o = dlx(&[
        "sudoku",
        "trace",
        &example("hard-9x9.txt"),
        "--max-steps",
        "5000",
    ]);
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.contains("dead end: digit") && l.contains("has no place left in")),
        "no dead end"
    );
}

#[test]
fn verbose_prints_progress() {
    let o = dlx(&[
        "sudoku",
        "solve",
        "-v",
        "--every",
        "1000",
        "--unique",
        &example("hard-9x9.txt"),
    ]);
    let err = stderr(&o);
    assert!(
        err.starts_with("puzzle: 9x9, boxes 3x3, 21 givens, 60 open cells\nexact cover: "),
        "{err}"
    );
    assert!(err.contains("nodes 1024, depth "), "{err}");
    assert!(err.contains("+-------+-------+-------+"));
}

#[test]
fn bench_reports_puzzles_per_second() {
    // The fast solver records no steps, so trace does not offer it.
    let o = dlx(&["sudoku", "trace", "--solver", "fast", EASY]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("invalid value 'fast' for '--solver <SOLVER>'"),
        "{}",
        stderr(&o)
    );
    let help = stdout(&dlx(&["sudoku", "trace", "--help"]));
    assert!(!help.contains("- fast"), "{help}");
    let o = dlx(&[
        "sudoku",
        "bench",
        &example("sample-200.txt"),
        "--json",
        "--solver",
        "dlx",
        "--min-time",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let f = dlx(&[
        "sudoku",
        "bench",
        &example("sample-200.txt"),
        "--json",
        "--min-time",
        "0.05",
    ]);
    let vf: serde_json::Value = serde_json::from_str(stdout(&f).trim()).unwrap();
    assert_eq!(
        (vf["solver"].as_str(), vf["solved"].as_u64()),
        (Some("fast"), Some(200))
    );
    // Passes repeat until --min-time has gone by: a pass over 200 easy puzzles takes
    // milliseconds, so 0.05 s holds several; with 0, one pass.
    assert!(vf["passes"].as_u64().unwrap() > 1, "{vf}");
    let v = common::json(&o);
    assert_eq!(v["puzzles"], 200);
    assert_eq!(v["solved"], 200);
    assert_eq!(v["wrong"], 0);
    assert_eq!(v["passes"], 1);
    assert!(v["puzzles_per_second"].as_f64().unwrap() > 0.0);
    // The line: what was timed, and the work a puzzle (the fast solver counts no nodes).
    let t = dlx(&[
        "sudoku",
        "bench",
        &example("sample-200.txt"),
        "--shuffle",
        "1",
        "--min-time",
        "0",
    ]);
    let line = stdout(&t);
    assert!(
        line.contains(
            "sample-200.txt (shuffled, seed 1): 200 puzzles, 200 solved, fast with 1 thread: "
        ),
        "{line}"
    );
    assert!(
        line.ends_with(" guesses a puzzle\n") && !line.contains("nodes"),
        "{line}"
    );
    assert!(v["seconds"].as_f64().is_some());
}

#[test]
fn bench_shuffles_the_puzzles_and_checks_uniqueness() {
    // The shuffled puzzles are other puzzles (other guesses) with the same answers: every one
    // solved, checked against its own givens afterwards, and unique; for every shape.
    let run = |file: &str, extra: &[&str]| {
        let mut args = vec![
            "sudoku",
            "bench",
            file,
            "--json",
            "--unique",
            "--min-time",
            "0",
        ];
        args.extend_from_slice(extra);
        let o = dlx(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(stdout(&o).trim()).unwrap()
    };
    let sample = example("sample-200.txt");
    let plain = run(&sample, &[]);
    assert_eq!(plain["shuffle"], serde_json::Value::Null);
    let mut guesses = Vec::new();
    for seed in ["1", "2"] {
        let v = run(&sample, &["--shuffle", seed]);
        assert_eq!(v["shuffle"].as_u64(), seed.parse().ok());
        assert_eq!(
            (v["solved"].as_u64(), v["unique"].as_u64()),
            (Some(200), Some(200))
        );
        assert_eq!(v["wrong"], 0);
        guesses.push(v["guesses_per_puzzle"].as_f64().unwrap());
    }
    assert_eq!(plain["unique"], 200);
    guesses.push(plain["guesses_per_puzzle"].as_f64().unwrap());
    assert!(
        guesses[0] != guesses[2] || guesses[1] != guesses[2],
        "the shuffles changed no search: {guesses:?}"
    );
    // Other shapes, one a line: 6x6 and 8x8 (wide boxes: never transposed), 12x12, 16x16.
    let dir = std::env::temp_dir().join(format!("dlx-shuffle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("shapes.txt");
    let mut lines = String::from(
        ".2....4.53........3.6.4.2.......4.5.\n\
         .....78.1..5.....2.....5..14.2.3.6....5.4..2.........37....1...2\n",
    );
    for big in ["12x12.txt", "16x16.txt"] {
        lines += &std::fs::read_to_string(example(big)).unwrap();
    }
    std::fs::write(&file, lines).unwrap();
    for seed in ["3", "4", "5"] {
        let v = run(file.to_str().unwrap(), &["--shuffle", seed]);
        assert_eq!(
            (v["puzzles"].as_u64(), v["unique"].as_u64()),
            (Some(4), Some(4))
        );
        assert_eq!(v["wrong"], 0);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_names_the_conventions() {
    let o = dlx(&["sudoku", "--help"]);
    let out = stdout(&o);
    for w in [
        "solve",
        "count",
        "trace",
        "bench",
        "A=10",
        "2x3",
        "Exit status",
    ] {
        assert!(out.contains(w), "{w} missing from:\n{out}");
    }
}

#[test]
fn bench_and_input_errors() {
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mixed.txt");
    std::fs::write(&file, format!("{EASY}\n{}\n{EASY}\n", &EASY[3..])).unwrap();
    let o = dlx(&[
        "sudoku",
        "bench",
        file.to_str().unwrap(),
        "--json",
        "--min-time",
        "0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let v = common::json(&o);
    assert_eq!(
        (v["puzzles"].as_u64(), v["invalid"].as_u64()),
        (Some(2), Some(1))
    );
    let err = stderr(&o);
    assert!(
        err.contains(":2: wrong length: 78 cells at line 2"),
        "{err}"
    );
    assert!(
        err.ends_with("dlx: error: 1 invalid puzzles skipped\n"),
        "{err}"
    );
    let bad = dir.join("latin1.txt");
    std::fs::write(&bad, b"..3.2.6..\xe9\n").unwrap();
    let o = dlx(&["sudoku", "solve", bad.to_str().unwrap()]);
    fails_with(&o, "latin1.txt: not UTF-8 text");
    let o = dlx(&["sudoku", "bench", dir.join("absent.txt").to_str().unwrap()]);
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stream_of_lines_is_answered_line_by_line_before_it_ends() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = common::spawn(&["sudoku", "solve", "--input-kind", "lines", "-"], false);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // A second puzzle: the first with its first given removed.
    let other = format!(".{}", &EASY[1..]).replacen('3', ".", 1);
    for puzzle in [EASY, other.as_str()] {
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        // The answer must come while stdin is still open. The timeout only keeps a broken
        // build from hanging the test suite; it does not measure speed.
        let answer = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("no answer while the input was still open");
        let digits: String = answer.chars().take(81).collect();
        assert_eq!(digits.len(), 81, "{answer}");
        assert!(
            digits.chars().all(|c| c.is_ascii_digit() && c != '0'),
            "{answer}"
        );
        for (given, got) in puzzle.chars().zip(digits.chars()) {
            assert!(given == '.' || given == got, "{puzzle} -> {answer}");
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

#[test]
fn a_directory_or_a_file_of_puzzles_where_one_is_wanted_is_named() {
    let o = dlx(&["sudoku", "solve", env!("CARGO_MANIFEST_DIR")]);
    fails_with(&o, "a directory, not a file of puzzles");
    let o = dlx(&["sudoku", "trace", &example("sample-200.txt")]);
    fails_with(&o, "a file of puzzles, one a line; trace shows one puzzle");
}

#[test]
fn all_solutions_are_printed_or_refused_never_dropped() {
    // `count` does not print solutions: its help does not offer --all or --unique, and
    // they are refused, not ignored.
    let help = stdout(&dlx(&["sudoku", "count", "--help"]));
    assert!(help.contains("--limit"), "{help}");
    let options: Vec<&str> = help.lines().map(str::trim_start).collect();
    assert!(
        !options
            .iter()
            .any(|l| l.starts_with("--all") || l.starts_with("--unique")),
        "{help}"
    );
    for flag in ["--all", "--unique"] {
        let o = dlx(&["sudoku", "count", "12..............", flag]);
        assert_eq!(o.status.code(), Some(2), "{flag}");
        assert!(
            stderr(&o).contains(&format!("unexpected argument '{flag}'")),
            "{}",
            stderr(&o)
        );
    }
    // Nor does CSV hold more than one solution a row.
    let o = dlx(&[
        "sudoku",
        "solve",
        "12..............",
        "--all",
        "--format",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("dlx: error:"), "{}", stderr(&o));
    // In a batch, each puzzle's solutions come under a comment naming its line.
    let o = dlx_stdin(
        &["sudoku", "solve", "--all", "--limit", "3", "-q", "-j", "1"],
        "1234341221434321\n12..............\n",
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0], "# line 1: 1234341221434321 (1 solution)");
    assert_eq!(lines[2], "# line 2: 12.............. (3 solutions)");
    assert!(
        lines[3..]
            .iter()
            .all(|l| l.starts_with("12") && l.len() == 16)
    );
}

#[test]
fn with_unique_a_line_says_when_a_budget_left_uniqueness_open() {
    // The CSV status is the oracle: `unique` is the bare solution, `solved` (found, then the
    // budget ran out looking for a second) says so in a comment.
    let file = example("sample-200.txt");
    let args = [
        "sudoku", "solve", &file, "--unique", "--nodes", "10", "-j", "1", "-q",
    ];
    let csv = dlx(&[&args[..], &["--format", "csv"]].concat());
    let line = dlx(&[&args[..], &["--format", "line"]].concat());
    let statuses: Vec<String> = stdout(&csv)
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().to_string())
        .collect();
    let out = stdout(&line);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), statuses.len());
    let mut seen = [0; 2];
    for (status, l) in statuses.iter().zip(&lines) {
        match status.as_str() {
            "unique" => {
                assert!(!l.contains('#'), "{l}");
                seen[0] += 1;
            }
            "solved" => {
                assert!(l.ends_with("# solved, uniqueness not decided (a budget ran out)"));
                seen[1] += 1;
            }
            _ => assert!(l.contains("  # "), "{status}: {l}"),
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn a_flood_of_blank_or_comment_lines_before_the_puzzles_is_read_as_lines() {
    // Telling a grid from lines of puzzles reads ahead a bounded number of lines: past it,
    // with fewer than two puzzle lines seen, the input is lines (and their numbers are kept).
    for filler in ["\n", "# note\n"] {
        let input = format!("{}bad\n{EASY}\n", filler.repeat(30_000));
        let o = dlx_stdin(&["sudoku", "solve", "--json", "-j", "1"], &input);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let rows: Vec<serde_json::Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows.len(), 2, "{filler:?}");
        assert_eq!(rows[0]["line"], 30_001);
        assert_eq!(rows[0]["status"], "invalid");
        assert_eq!(rows[1]["line"], 30_002);
        assert!(solves(EASY, rows[1]["solution"].as_str().unwrap()));
    }
}

#[test]
fn an_overlong_line_is_reported_and_the_batch_goes_on() {
    let long = "1".repeat(300 * 1024);
    // The long line inside the first lines read to detect the kind, and after them.
    for before in [2, 70] {
        let mut lines = vec![EASY.to_string(); before];
        lines.push(long.clone());
        lines.push(EASY.to_string());
        let o = dlx_stdin(&["sudoku", "solve", "-j", "1"], &(lines.join("\n") + "\n"));
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let no = before + 1;
        assert!(
            stderr(&o).contains(&format!("stdin:{no}: line {no} is longer than 256 KiB")),
            "{}",
            stderr(&o)
        );
        let out = stdout(&o);
        let out: Vec<&str> = out.lines().collect();
        assert_eq!(out.len(), before + 2);
        assert!(out[before].starts_with("1111") && out[before].contains("# invalid"));
        assert!(out[before].len() < 200, "the long line is not echoed whole");
        for k in (0..before).chain([before + 1]) {
            assert!(solves(EASY, out[k]), "line {}", k + 1);
        }
    }
    // Alone, it is refused as a whole; read as one grid, it is counted (and its line is 1).
    let o = dlx_stdin(&["sudoku", "solve"], &long);
    fails_with(&o, "line 1 is longer than 256 KiB");
    let o = dlx_stdin(&["sudoku", "solve", "--input-kind", "grid"], &long);
    fails_with(&o, "307200 cells at line 1");
}

#[test]
fn rough_edges_a_new_user_hit() {
    // `dlx sudoku bench` on a file holding one grid in the 9-line format: one puzzle.
    let o = dlx(&[
        "sudoku",
        "bench",
        &example("contest-9x9.txt"),
        "--min-time",
        "0",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(": 1 puzzle, 1 solved"),
        "{}",
        stdout(&o)
    );
    // A 16x16 typed with numbers is shown with numbers in the boxed view.
    let o = dlx(&["sudoku", "solve", &example("16x16-numbers.txt")]);
    let out = stdout(&o);
    let first_row = out.lines().nth(1).unwrap();
    assert!(
        first_row.contains("16") || first_row.contains("10"),
        "{out}"
    );
    assert!(!first_row.chars().any(|c| c.is_ascii_uppercase()), "{out}");
    // `dlx solve` and `dlx sudoku PUZZLE` point to `dlx sudoku solve`.
    let o = dlx(&["solve", EASY]);
    fails_with(
        &o,
        "hint: Sudoku commands start with `dlx sudoku`: dlx sudoku solve",
    );
    let o = dlx(&["sudoku", EASY]);
    fails_with(
        &o,
        &format!("hint: to solve a puzzle or a file of puzzles: dlx sudoku solve {EASY}"),
    );
    // The shipped examples name no path of the machine they were made on.
    for dir in ["examples", "examples/sudoku", "examples/polyomino"] {
        for entry in std::fs::read_dir(root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if let Ok(text) = std::fs::read_to_string(&path) {
                for machine in ["/work/", "/home/", "/root/", "/tmp/"] {
                    assert!(
                        !text.contains(machine),
                        "{} names {machine}",
                        path.display()
                    );
                }
            }
        }
    }
}

/// Regression test for issue 22, item 14: a file that is not regular (a pipe, a process
/// substitution's `/dev/fd/N`) is read, not taken for a puzzle.
#[test]
fn issue_22_non_regular_files_are_read() {
    let puzzle =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let o = dlx_stdin(&["sudoku", "solve", "/dev/stdin"], &format!("{puzzle}\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("no such file"), "{}", stderr(&o));
}

/// Regression test for issue 22, item 14: in automatic mode, more lines than any grid has are
/// a file of puzzles, each bad line refused on its own; a square of 100 lines of 100 zeros is
/// one grid, refused as too big, not 100 puzzles of 10x10.
#[test]
fn issue_22_automatic_mode_judges_bad_lines_one_by_one() {
    let good = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let mut input = format!("{good}\n");
    for _ in 0..300 {
        input.push_str(&"1".repeat(120));
        input.push('\n');
    }
    let o = dlx_stdin(&["sudoku", "solve"], &input);
    let err = stderr(&o);
    assert!(!err.contains("but line 1 has"), "{err}");
    assert!(err.contains("stdin:2: wrong length: 120 cells"), "{err}");
    assert!(err.contains("300 of 301 puzzles invalid"), "{err}");
    assert_eq!(stdout(&o).lines().count(), 301, "{}", stdout(&o));
    let square = format!("{}\n", "0".repeat(100)).repeat(100);
    let o = dlx_stdin(&["sudoku", "solve"], &square);
    fails_with(&o, "unsupported size: 100x100");
    assert_eq!(stdout(&o), "");
}

/// Regression test for issue 22, item 15: `--box 0x9` said "unsupported size: 0x0".
#[test]
fn issue_22_a_box_side_under_two_is_named() {
    let o = dlx(&["sudoku", "solve", "--box", "0x9", "-"]);
    fails_with(
        &o,
        "boxes of 0x9 cells: a box needs at least 2 rows and 2 columns",
    );
}
