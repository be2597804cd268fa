//! The `dlx xcc`, `dlx queens`, `dlx langford`, `dlx polyomino` and `dlx bench` commands, run
//! as a user runs them: output, golden files, exit status and every error message.
//!
//! Golden files live in `tests/golden/xcc/`; regenerate them on purpose with
//! `UPDATE_GOLDEN=1 cargo test -p dlx-cli --test xcc`.

use std::process::Output;

use crate::common;

use common::{fails_with, root, stderr, stdout};

fn dlx(args: &[&str], stdin: Option<&str>) -> Output {
    common::run(args, stdin.unwrap_or("").as_bytes())
}

/// Compares with a golden file, ignoring the `seconds` figures, which vary.
fn golden(name: &str, actual: &str) {
    let scrubbed: Vec<String> = actual
        .lines()
        .map(|l| match l.find("seconds") {
            Some(k) => format!("{}seconds <scrubbed>", &l[..k]),
            None => l.to_string(),
        })
        .collect();
    common::golden(&format!("xcc/{name}"), &scrubbed.join("\n"));
}

#[test]
fn knuths_example_prints_its_solution() {
    let o = dlx(&["xcc", "--print", "examples/knuth.dlx"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    golden("knuth.txt", &stdout(&o));
}

#[test]
fn a_byte_order_mark_is_not_an_item() {
    let text = std::fs::read_to_string(root().join("examples/knuth.dlx")).unwrap();
    let o = dlx(&["xcc", "--print"], Some(&format!("\u{feff}{text}")));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    golden("knuth.txt", &stdout(&o));
}

#[test]
fn json_report_has_the_counts_and_statistics() {
    for threads in ["1", "2"] {
        let o = dlx(
            &[
                "xcc",
                "--json",
                "--algorithm",
                "links",
                "--threads",
                threads,
                "testdata/xcc/queens8.dlx",
            ],
            None,
        );
        assert_eq!(o.status.code(), Some(0));
        let v = common::json(&o);
        assert_eq!(v["algorithm"], "links");
        assert_eq!(v["solutions"], 92);
        // DLX1's figures for this input.
        assert_eq!(v["nodes"], 1049);
        assert_eq!(v["updates"], 16680);
        assert_eq!(v["complete"], true);
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn the_default_algorithm_counts_with_cells_and_prints_in_order_with_links() {
    let run = |extra: &[&str]| {
        let mut args = vec!["xcc", "--json", "testdata/xcc/queens8.dlx"];
        args.extend_from_slice(extra);
        let o = dlx(&args, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(stdout(&o).trim()).unwrap()
    };
    let explicit = |name: &str| run(&["--algorithm", name, "--threads", "1"]);
    let (links, cells) = (explicit("links"), explicit("cells"));
    // The two algorithms search different trees: the report must say which one ran.
    assert_ne!(links["nodes"], cells["nodes"]);
    let count = run(&["--threads", "1"]);
    assert_eq!(count["algorithm"], "cells");
    assert_eq!(count["nodes"], cells["nodes"]);
    assert_eq!(count["solutions"], 92);
    let unordered = run(&["--every", "1", "--unordered"]);
    assert_eq!(unordered["algorithm"], "cells");
    let printed = run(&["--every", "1"]);
    assert_eq!(printed["algorithm"], "links");
    assert_eq!(printed["nodes"], links["nodes"]);
    assert_eq!(printed["printed"].as_array().unwrap().len(), 92);
}

#[test]
fn first_every_and_limit_choose_what_is_printed() {
    let o = dlx(
        &["xcc", "--every", "30", "--json", "testdata/xcc/queens8.dlx"],
        None,
    );
    let v = common::json(&o);
    let numbers: Vec<u64> = v["printed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, vec![30, 60, 90]);
    let o = dlx(
        &[
            "xcc",
            "--first",
            "2",
            "--limit",
            "5",
            "testdata/xcc/queens8.dlx",
        ],
        None,
    );
    let out = stdout(&o);
    assert_eq!(out.matches("solution ").count(), 2);
    assert!(
        out.contains("solutions: 5 (at least; search incomplete)"),
        "{out}"
    );
    assert!(out.contains("status: limit_reached"), "{out}");
}

#[test]
fn the_solutions_printed_are_valid_and_in_sequential_order() {
    let one = dlx(
        &[
            "xcc",
            "--print",
            "--threads",
            "1",
            "testdata/xcc/queens8.dlx",
        ],
        None,
    );
    let two = dlx(
        &[
            "xcc",
            "--print",
            "--threads",
            "2",
            "testdata/xcc/queens8.dlx",
        ],
        None,
    );
    let body = |o: &Output| {
        stdout(o)
            .lines()
            .filter(|l| !l.starts_with("seconds"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(body(&one), body(&two));
    // Each solution places one queen per rank: eight option lines with distinct r items.
    let text = stdout(&one);
    for block in text.split("solution ").skip(1) {
        let ranks: std::collections::BTreeSet<&str> = block
            .lines()
            .skip(1)
            .take(8)
            .map(|l| l.split_whitespace().find(|w| w.starts_with('r')).unwrap())
            .collect();
        assert_eq!(ranks.len(), 8);
    }
}

#[test]
fn budgets_stop_the_search_and_say_so() {
    let o = dlx(
        &[
            "xcc",
            "--nodes",
            "50",
            "--threads",
            "1",
            "--json",
            "testdata/xcc/queens10.dlx",
        ],
        None,
    );
    let v = common::json(&o);
    assert_eq!(v["complete"], false);
    assert_eq!(v["status"], "node_budget");
    assert_eq!(v["nodes"], 50);
    let o = dlx(
        &[
            "xcc",
            "--time-limit",
            "0s",
            "--json",
            "testdata/xcc/queens10.dlx",
        ],
        None,
    );
    let v = common::json(&o);
    assert_eq!(v["complete"], false);
}

#[test]
fn stdin_and_exit_status_for_no_solution() {
    let o = dlx(&["xcc"], Some("a b\na\n"));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("solutions: 0\n"));
    let o = dlx(&["xcc", "-", "--algorithm", "cells"], Some("a b\na\nb\n"));
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("solutions: 1\n"));
}

#[test]
fn every_error_names_the_place_and_exits_2() {
    let cases = [
        (
            "",
            "dlx: error: stdin: line 1, column 1: no items: the first line that is not a comment must name the items",
        ),
        (
            "a b a\n",
            "dlx: error: stdin: line 1, column 5: item `a` is declared twice",
        ),
        (
            "a | b | c\n",
            "dlx: error: stdin: line 1, column 7: a second `|` on the item line",
        ),
        (
            "a b\na c\n",
            "dlx: error: stdin: line 2, column 3: unknown item `c`",
        ),
        (
            "a b\nb a b\n",
            "dlx: error: stdin: line 2, column 5: item `b` appears twice in this option",
        ),
        (
            "a | x\na:red x\n",
            "dlx: error: stdin: line 2, column 1: primary item `a` cannot have a color",
        ),
    ];
    for (input, message) in cases {
        let o = dlx(&["xcc"], Some(input));
        assert_eq!(o.status.code(), Some(2), "{input:?}");
        assert_eq!(stderr(&o).trim(), message, "{input:?}");
        assert!(stdout(&o).is_empty());
    }
    let o = dlx(&["xcc", "no/such/file.dlx"], None);
    fails_with(&o, "cannot read no/such/file.dlx");
    let o = dlx(&["xcc", "--limit", "lots", "examples/knuth.dlx"], None);
    fails_with(&o, "`lots` is not a count");
}

#[test]
fn an_option_without_primary_item_is_dropped_with_a_warning() {
    let o = dlx(&["xcc"], Some("a | x\nx\na x\n"));
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        stderr(&o).trim(),
        "dlx: warning: stdin: line 2: option has no primary item; dropped"
    );
}

#[test]
fn puzzles_draw_boards_and_count() {
    let o = dlx(&["queens", "6", "--print", "--threads", "1"], None);
    golden("queens6.txt", &stdout(&o));
    let o = dlx(&["langford", "7", "--half", "--json"], None);
    let v = common::json(&o);
    assert_eq!(v["solutions"], 26);
    let o = dlx(
        &["polyomino", "3x20", "--first", "1", "--threads", "1"],
        None,
    );
    golden("pento-3x20.txt", &stdout(&o));
    let o = dlx(&["polyomino", "examples/polyomino/small.txt"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains(": 0 solutions"));
}

#[test]
fn emit_xcc_writes_the_shared_files() {
    let o = dlx(&["queens", "8", "--emit-xcc"], None);
    let ours: Vec<String> = stdout(&o)
        .lines()
        .filter(|l| !l.starts_with('|'))
        .map(str::to_string)
        .collect();
    let shared = std::fs::read_to_string(root().join("testdata/xcc/queens8.dlx")).unwrap();
    let theirs: Vec<String> = shared
        .lines()
        .filter(|l| !l.starts_with('|'))
        .map(str::to_string)
        .collect();
    assert_eq!(ours, theirs);
    // And what it writes solves through `dlx xcc`.
    let o = dlx(
        &["xcc", "--json"],
        Some(&stdout(&dlx(&["langford", "8", "--emit-xcc"], None))),
    );
    let v = common::json(&o);
    assert_eq!(v["solutions"], 300);
}

#[test]
fn a_limit_counts_what_it_stopped_at_on_any_number_of_threads() {
    // 8-queens is split into pieces that hold whole solutions: the count must still stop at
    // the limit (it reported all 92 on two threads).
    for threads in ["1", "2", "3"] {
        for (limit, want) in [
            ("1", "8-queens: 1 solution ("),
            ("5", "8-queens: 5 solutions ("),
        ] {
            let o = dlx(&["queens", "8", "--limit", limit, "-j", threads], None);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert!(stdout(&o).starts_with(want), "-j {threads}: {}", stdout(&o));
        }
    }
}

#[test]
fn puzzle_errors_are_clear() {
    let o = dlx(&["queens", "0"], None);
    fails_with(&o, "must be between");
    let o = dlx(&["queens", "8", "--every", "0"], None);
    fails_with(
        &o,
        "invalid value '0' for '--every <N>': must be at least 1",
    );
    // Thousands of threads would take seconds to start on a small machine: refused.
    let o = dlx(&["queens", "8", "--threads", "100000"], None);
    fails_with(&o, "at most 256 threads");
    let o = dlx(&["polyomino", "7x7"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("dlx: error:"), "{}", stderr(&o));
    // A size too big for a machine word is still read as a size, not as a file name.
    let o = dlx(&["polyomino", "99999999999999999999x2"], None);
    fails_with(
        &o,
        "a 99999999999999999999x2 board: each side must be between 1 and 256",
    );
}

#[test]
fn bench_xcc_checks_against_expected() {
    let o = dlx(
        &[
            "bench",
            "xcc",
            "--runs",
            "1",
            "--filter",
            "queens",
            "--json",
            "testdata/xcc",
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 6); // queens8..10, links and cells
    assert!(rows.iter().all(|r| r["expected"] == true));
    // Nothing to run is an error, not an empty table.
    let o = dlx(
        &["bench", "xcc", "--filter", "nothing", "testdata/xcc"],
        None,
    );
    fails_with(&o, "no `.dlx` input whose name contains `nothing`");
}

/// Regression test for issue 19: `dlx queens 18 --first 1` showed nothing until the whole
/// count had ended (ordered printing on several threads waited for every piece). The first
/// solution must come out while the search still runs: read it, stop the command, and find
/// no report after it (the report comes only at the end of the search, here a minute away).
#[test]
fn the_first_solution_is_printed_while_the_search_runs() {
    use std::io::{BufRead, BufReader, Read};
    let args = [
        "queens",
        "20",
        "--first",
        "1",
        "-j",
        "2",
        "--time-limit",
        "60s",
    ];
    let mut child = common::spawn(&args, false);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..21 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line);
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert_eq!(lines[0], "solution 1:\n");
    // A valid board: one queen in each row and each column, none on a shared diagonal.
    let queens: Vec<(i64, i64)> = lines[1..]
        .iter()
        .enumerate()
        .map(|(r, l)| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(cells.len(), 20, "{l}");
            assert_eq!(cells.iter().filter(|&&c| c == "Q").count(), 1, "{l}");
            (
                r as i64,
                cells.iter().position(|&c| c == "Q").unwrap() as i64,
            )
        })
        .collect();
    for (i, a) in queens.iter().enumerate() {
        for b in &queens[i + 1..] {
            assert_ne!(a.1, b.1);
            assert_ne!((a.0 - b.0).abs(), (a.1 - b.1).abs());
        }
    }
    assert!(
        !rest.contains("status:"),
        "the solution came only with the report: {rest}"
    );
}

/// Regression test for issue 19: `--progress` must draw a bar even when stderr is a pipe.
#[test]
fn progress_forces_a_bar_on_a_pipe() {
    let o = dlx(&["queens", "12", "--progress", "-j", "1"], None);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("12-queens"), "{}", stderr(&o));
    assert!(stderr(&o).contains("(estimated)"), "{}", stderr(&o));
    // Without it, a pipe gets no bar.
    let o = dlx(&["queens", "12", "-j", "1"], None);
    assert_eq!(stderr(&o), "");
}

/// Regression test for issue 19: `dlx polyomino -` reads the puzzle from stdin.
#[test]
fn polyomino_reads_stdin_for_a_dash() {
    let text = std::fs::read_to_string(root().join("examples/polyomino/small.txt")).unwrap();
    let o = dlx(&["polyomino", "-", "--json"], Some(&text));
    let from_file = dlx(
        &["polyomino", "examples/polyomino/small.txt", "--json"],
        None,
    );
    let v = common::json(&o);
    let w: serde_json::Value = serde_json::from_str(stdout(&from_file).trim()).unwrap();
    assert_eq!(v["puzzle"], "stdin");
    assert_eq!(v["solutions"], w["solutions"]);
    assert_eq!(o.status.code(), from_file.status.code());
    let o = dlx(
        &["polyomino", "-", "--print", "-j", "1"],
        Some("board 2x2\npiece O\n##\n##\n"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("solution 1:\nOO\nOO\nstdin: 1 solution\n"),
        "{}",
        stdout(&o)
    );
}

/// Regression test for issue 19: the help of `--threads` claimed equal updates for any number
/// of threads, which holds for `links` only.
#[test]
fn the_threads_help_says_which_counts_vary() {
    let o = dlx(&["queens", "--help"], None);
    let help = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains(
            "so are the updates with `links` (with `cells`, forced moves and updates vary"
        ),
        "{help}"
    );
    assert!(
        !help.contains("Counts, nodes and updates are the same"),
        "{help}"
    );
}

/// Regression test for issue 19: `piece D: x4` on a 2x4 board printed five solutions all
/// drawn `DDDD/DDDD`; copies are now numbered, in text and in JSON.
#[test]
fn copies_of_a_piece_are_told_apart_in_text_and_json() {
    let puzzle = "board 2x4\npiece D: x4\n##\n";
    let o = dlx(&["polyomino", "-", "--print", "-j", "1"], Some(puzzle));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.starts_with("solution 1:\nD1 D1 D2 D2\nD3 D3 D4 D4\n"),
        "{text}"
    );
    let boards: std::collections::BTreeSet<&str> = text
        .split("solution ")
        .skip(1)
        .map(|b| b.split_once('\n').unwrap().1)
        .collect();
    assert_eq!(boards.len(), 5, "{text}");
    let o = dlx(&["polyomino", "-", "--print", "--json"], Some(puzzle));
    let v = common::json(&o);
    let boards: std::collections::BTreeSet<&str> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    assert_eq!(boards.len(), 5, "{v}");
    assert!(boards.iter().all(|b| b.contains("D4")), "{v}");
}

/// Regression test for issue 22, item 11: `dlx xcc /dev/zero` grew without bound; endless and
/// binary inputs are refused at once, where the first NUL is.
#[test]
fn issue_22_binary_and_endless_inputs_are_refused_at_once() {
    for command in ["xcc", "polyomino"] {
        let o = dlx(&[command, "/dev/zero"], None);
        fails_with(
            &o,
            "/dev/zero: line 1, byte 0: a NUL byte: binary data, not text",
        );
    }
    let o = common::run(&["xcc"], b"a b\na\nb\0\n");
    fails_with(&o, "stdin: line 3, byte 7: a NUL byte");
    let o = common::run(&["xcc"], b"a b\na\n\xff\n");
    fails_with(&o, "stdin: line 3, byte 6: not UTF-8 text");
}

/// Regression test for issue 22, item 12 (`--nodes 100` ran 2,041 nodes on 2 threads): the
/// budget is a hard cap on any number of threads.
#[test]
fn issue_22_nodes_is_a_hard_cap_on_two_threads() {
    for algorithm in ["cells", "links"] {
        for threads in ["2", "3"] {
            let o = dlx(
                &[
                    "xcc",
                    "--nodes",
                    "100",
                    "-j",
                    threads,
                    "--algorithm",
                    algorithm,
                    "--json",
                    "testdata/xcc/queens10.dlx",
                ],
                None,
            );
            let v = common::json(&o);
            assert_eq!(v["status"], "node_budget", "{algorithm} -j {threads}");
            let nodes = v["nodes"].as_u64().unwrap();
            assert!(nodes <= 100, "{algorithm} -j {threads}: {nodes} nodes");
        }
    }
}

/// Regression test for issue 22, item 13: control characters in names are refused, and shown
/// escaped, never raw.
#[test]
fn issue_22_control_characters_in_names_are_refused_and_escaped() {
    let o = dlx(&["xcc"], Some("a \u{1b}[31mb\na\n"));
    fails_with(
        &o,
        "stdin: line 1, column 3: control character `\\u{1b}` in `\\u{1b}[31mb`",
    );
    assert!(!stderr(&o).contains('\u{1b}'));
}

/// Regression test for issue 22, item 15: zero is refused as a `--limit` by every command,
/// and is a zero budget for `--nodes` and `--time-limit` in every command.
#[test]
fn issue_22_zero_limits_and_budgets_mean_the_same_everywhere() {
    // A puzzle the fast solver cannot finish without guessing (its budget counts guesses).
    let puzzle =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    for args in [
        &["xcc", "--limit", "0", "testdata/xcc/queens10.dlx"][..],
        &["sudoku", "count", "--limit", "0", puzzle][..],
    ] {
        let o = dlx(args, None);
        fails_with(&o, "must be at least 1 (leave --limit out for no limit)");
    }
    for budget in [["--nodes", "0"], ["--time-limit", "0s"]] {
        let o = dlx(
            &["xcc", budget[0], budget[1], "testdata/xcc/queens10.dlx"],
            None,
        );
        assert_eq!(o.status.code(), Some(1), "{budget:?}");
        assert!(
            stdout(&o).contains("at least; search incomplete"),
            "{budget:?}"
        );
        let o = dlx(&["sudoku", "count", budget[0], budget[1], puzzle], None);
        assert!(stdout(&o).contains("status: incomplete"), "{budget:?}");
    }
}

/// Regression test for issue 22, item 15: Knuth's multiplicities and lone carriage returns
/// get errors of their own, not "declared twice".
#[test]
fn issue_22_multiplicities_and_lone_carriage_returns_are_named() {
    let o = dlx(&["xcc"], Some("2|a 2|b\na b\n"));
    fails_with(
        &o,
        "multiplicities (`2|a`, Knuth's DLX3) are not supported yet",
    );
    let o = dlx(&["xcc"], Some("a b\ra\rb\r"));
    fails_with(&o, "a carriage return without a line feed");
}
