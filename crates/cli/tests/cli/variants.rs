//! `dlx sudoku solve|count|trace|convert` on variant puzzles, end to end: every family of
//! `testdata/variants` solved to its recorded answer and checked by the test kit's independent
//! rules checker, counts, limits, threads and both algorithms agreeing, JSON output, traces,
//! `--emit-xcc` solved by `dlx xcc`, the example files, bad input (exit 2, the constraint
//! named), and the 78 shared samples when `../shared` is present.

use std::path::{Path, PathBuf};

use crate::common;

use common::{dlx, dlx_stdin, fails_with, json, root, stderr, stdout};

/// One line of an `answers.tsv`: file, family, size, solutions (`>1000` for many), solution.
struct Answer {
    file: String,
    family: String,
    solutions: String,
    solution: String,
}

fn answers(dir: &Path) -> Vec<Answer> {
    let text = std::fs::read_to_string(dir.join("answers.tsv")).expect("answers.tsv");
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Answer {
                file: f[0].to_string(),
                family: f[1].to_string(),
                solutions: f[3].to_string(),
                solution: f.get(4).copied().unwrap_or("").to_string(),
            }
        })
        .collect()
}

fn testdata() -> PathBuf {
    root().join("testdata/variants")
}

fn path_str(p: &Path) -> String {
    p.display().to_string()
}

/// Solves `file` to uniqueness on the CLI (one line), checks the grid with the test kit's
/// checker and compares it with the recorded answer.
fn solve_checked(file: &Path, a: &Answer, extra: &[&str]) {
    let f = path_str(file);
    let line = common::solve_unique_line(file, extra);
    let grid = line.split_whitespace().next().unwrap_or("").to_string();
    assert_eq!(grid, a.solution, "{f} ({})", a.family);
    let text = std::fs::read_to_string(file).unwrap();
    let v = dlx_testkit::variants::read_fpuzzles(&text).expect("the test kit reads it");
    let digits: Vec<u8> = grid
        .chars()
        .map(|c| c.to_digit(36).expect("a digit") as u8)
        .collect();
    dlx_testkit::variants::check(&v, &digits)
        .unwrap_or_else(|e| panic!("{f}: the checker refuses the answer: {e}"));
}

#[test]
fn every_family_of_testdata_solves_to_its_answer() {
    let dir = testdata();
    let mut families = std::collections::BTreeSet::new();
    for a in answers(&dir).iter().filter(|a| a.solutions == "1") {
        solve_checked(&dir.join("puzzles").join(&a.file), a, &[]);
        families.insert(a.family.clone());
    }
    assert!(families.len() >= 18, "{families:?}");
}

#[test]
fn dancing_links_and_threads_give_the_same_answers() {
    let dir = testdata();
    for a in answers(&dir).iter().filter(|a| a.solutions == "1").take(6) {
        let p = dir.join("puzzles").join(&a.file);
        solve_checked(&p, a, &["--solver", "dlx"]);
        solve_checked(&p, a, &["--threads", "2"]);
    }
}

#[test]
fn counts_match_the_recorded_counts_on_every_algorithm_and_thread_count() {
    let dir = testdata();
    let mut seen = 0;
    for a in answers(&dir)
        .iter()
        .filter(|a| a.solutions.parse::<u64>().is_ok_and(|n| n > 1))
    {
        let f = path_str(&dir.join("puzzles").join(&a.file));
        for extra in [
            &[][..],
            &["--solver", "dlx"],
            &["-j", "2"],
            &["--solver", "dlx", "-j", "2"],
        ] {
            let mut args = vec!["sudoku", "count", "--json", f.as_str()];
            args.extend_from_slice(extra);
            let out = dlx(&args);
            assert_eq!(out.status.code(), Some(0), "{f}: {}", stderr(&out));
            let j = json(&out);
            assert_eq!(j["solutions"].to_string(), a.solutions, "{f} {extra:?}");
            assert_eq!(j["complete"], true);
            assert_eq!(j["status"], "multiple");
        }
        seen += 1;
    }
    assert!(seen >= 3);
}

#[test]
fn limits_stop_the_count_and_say_so() {
    let f = path_str(&testdata().join("puzzles/multi-thermo-03.json"));
    let out = dlx(&["sudoku", "count", "--limit", "5", "--json", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let j = json(&out);
    assert_eq!(j["solutions"], 5);
    assert_eq!(j["complete"], false);
    assert_eq!(j["stopped"], "limit_reached");

    let out = dlx(&["sudoku", "count", "--limit", "5", &f]);
    assert!(
        stdout(&out).contains("solutions: 5 (stopped at the limit of 5)"),
        "{}",
        stdout(&out)
    );

    // A node budget: the count is a lower bound, and the output says a budget ran out.
    let out = dlx(&["sudoku", "count", "--nodes", "50", "--json", &f]);
    let j = json(&out);
    assert_eq!(j["complete"], false, "{j}");
    assert_eq!(j["stopped"], "node_budget", "{j}");

    // `solve --all --limit N` lists N distinct solutions, each accepted by the checker.
    let out = dlx(&[
        "sudoku", "solve", "--all", "--limit", "4", "--format", "line", &f,
    ]);
    let grids: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(grids.len(), 4, "{}", stdout(&out));
    let uniq: std::collections::BTreeSet<&String> = grids.iter().collect();
    assert_eq!(uniq.len(), 4);
    let v = dlx_testkit::variants::read_fpuzzles(
        &std::fs::read_to_string(testdata().join("puzzles/multi-thermo-03.json")).unwrap(),
    )
    .unwrap();
    for g in &grids {
        let digits: Vec<u8> = g.chars().map(|c| c.to_digit(10).unwrap() as u8).collect();
        dlx_testkit::variants::check(&v, &digits).unwrap();
    }
}

#[test]
fn pretty_and_json_outputs_describe_the_puzzle() {
    let f = path_str(&testdata().join("puzzles/killer-03.json"));
    let out = dlx(&["sudoku", "solve", "--unique", &f]);
    assert_eq!(out.status.code(), Some(0));
    let s = stdout(&out);
    assert!(s.contains("+-------+-------+-------+"), "{s}");
    assert!(s.contains("killer cages (fpuzzles)"), "{s}");
    assert!(s.contains("status: unique"), "{s}");
    assert!(s.contains("with the variant propagator"), "{s}");

    let out = dlx(&["sudoku", "solve", "--unique", "--json", &f]);
    let j = json(&out);
    assert_eq!(j["status"], "unique");
    assert_eq!(j["format"], "fpuzzles");
    assert_eq!(j["solutions"], 1);
    assert!(j["rules"].as_str().unwrap().contains("killer cages"));
    assert!(j["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn our_text_format_is_read_from_stdin_and_from_an_argument() {
    let text = "size 4\ngivens\n1...\n....\n....\n....\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\n\
                cage 5 r2c2 r2c3\ndiagonals\n";
    let out = dlx_stdin(&["sudoku", "count", "--json", "-"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let j = json(&out);
    assert_eq!(j["format"], "text");
    let n = j["solutions"].as_u64().unwrap();
    // The same puzzle named explicitly: the same count.
    let out = dlx_stdin(&["sudoku", "count", "--from", "text", "--json", "-"], text);
    assert_eq!(json(&out)["solutions"].as_u64().unwrap(), n);
    // A classic 4x4 grid with the same given is not a variant and has more solutions.
    let out = dlx_stdin(&["sudoku", "count", "--json", "-"], "1...............\n");
    assert!(json(&out)["solutions"].as_u64().unwrap() > n);
}

#[test]
fn the_example_variants_solve_uniquely() {
    let dir = root().join("examples/variants");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("examples/variants") {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x == "md") {
            continue;
        }
        let f = path_str(&p);
        let out = dlx(&["sudoku", "count", "--json", &f]);
        assert_eq!(out.status.code(), Some(0), "{f}: {}", stderr(&out));
        let j = json(&out);
        assert_eq!(j["solutions"], 1, "{f}: {j}");
        assert_eq!(j["complete"], true, "{f}");
        // Converted to f-puzzles and back, the same answer.
        let conv = dlx(&["sudoku", "convert", "--to", "fpuzzles", &f]);
        assert_eq!(conv.status.code(), Some(0), "{f}: {}", stderr(&conv));
        let fp = stdout(&conv);
        let again = dlx_stdin(&["sudoku", "solve", "--unique", "--json", "-"], &fp);
        let k = json(&again);
        let solved = dlx(&["sudoku", "solve", "--unique", "--json", &f]);
        assert_eq!(k["solution"], json(&solved)["solution"], "{f}");
        // The test kit's checker accepts the answer against the f-puzzles rules.
        let v = dlx_testkit::variants::read_fpuzzles(&fp).expect("the kit reads it");
        let grid: Vec<u8> = k["solution"]
            .as_str()
            .unwrap()
            .chars()
            .map(|c| c.to_digit(36).unwrap() as u8)
            .collect();
        dlx_testkit::variants::check(&v, &grid).unwrap_or_else(|e| panic!("{f}: {e}"));
        n += 1;
    }
    assert!(n >= 3, "{n} examples");
}

#[test]
fn trace_steps_through_a_variant() {
    let f = path_str(&testdata().join("puzzles/thermo-02.json"));
    let out = dlx(&["sudoku", "trace", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let s = stdout(&out);
    assert!(s.contains("thermometers (fpuzzles)"), "{s}");
    assert!(s.contains(" solution "), "{s}");
    assert!(s.lines().last().unwrap().contains("1 solution"), "{s}");

    let out = dlx(&["sudoku", "trace", "--json", &f]);
    let j = json(&out);
    assert!(j["steps"].as_array().is_some_and(|s| !s.is_empty()), "{j}");

    let out = dlx(&["sudoku", "trace", "--solver", "backtrack", &f]);
    fails_with(&out, "dancing links");
}

#[test]
fn emit_xcc_writes_a_problem_with_the_same_count() {
    let dir = tempdir();
    let xcc = dir.join("p.xcc");
    let xs = path_str(&xcc);
    let f = path_str(&testdata().join("puzzles/multi-6x6-classic-05.json"));
    let out = dlx(&["sudoku", "count", "--emit-xcc", &xs, &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&xcc).unwrap();
    assert!(
        text.starts_with('|'),
        "a comment first: {}",
        &text[..40.min(text.len())]
    );
    let out = dlx(&["xcc", "--json", &xs]);
    assert_eq!(json(&out)["solutions"], 42);
    // A killer with its cages: the exact cover alone (no propagator) has the one solution.
    let f = path_str(&testdata().join("puzzles/6x6-killer-01.json"));
    let out = dlx(&["sudoku", "solve", "--emit-xcc", &xs, &f]);
    assert_eq!(out.status.code(), Some(0));
    let out = dlx(&["xcc", "--json", &xs]);
    assert_eq!(json(&out)["solutions"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempdir() -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "dlx-variants-cli-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn bad_input_exits_2_naming_the_constraint() {
    let out = dlx_stdin(&["sudoku", "solve", "-"], "size 9\ncage 3 r1c1 r1c2 r1c3\n");
    fails_with(&out, "line 2: killer cage 1 (r1c1 r1c2 r1c3)");

    let out = dlx_stdin(&["sudoku", "count", "-"], "size 4\nthermo r1c1-4 r2c4\n");
    fails_with(&out, "thermometer 1");

    let out = dlx_stdin(&["sudoku", "solve", "-"], "size 4\ncage 5 r1c1 r9c1\n");
    fails_with(&out, "r9c1 is outside the 4x4 grid");

    let fp = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
                 "palindrome":[{"lines":[["R1C1","R2C2"]]}]}"#;
    let out = dlx_stdin(&["sudoku", "solve", "-"], fp);
    fails_with(&out, "palindrome");

    let out = dlx_stdin(
        &["sudoku", "solve", "--from", "fpuzzles", "-"],
        "{\"size\": 9,",
    );
    fails_with(&out, "EOF while parsing");

    let out = dlx_stdin(
        &["sudoku", "solve", "--solver", "backtrack", "-"],
        "size 4\ncage 7 r1c3 r1c4\n",
    );
    fails_with(&out, "--solver");
}

/// Every shared f-puzzles sample (`../shared/data/variants`, 78 puzzles) through the CLI:
/// solved to its recorded answer (checked by the test kit), or counted to its recorded count.
#[test]
fn every_shared_sample_on_the_cli() {
    let Some(dir) = dlx_testkit::shared("variants") else {
        return;
    };
    let all = answers(&dir);
    assert!(!all.is_empty());
    for a in &all {
        let p = dir.join("puzzles").join(&a.file);
        if a.solutions == "1" {
            solve_checked(&p, a, &[]);
        } else {
            let f = path_str(&p);
            let out = dlx(&["sudoku", "count", "--limit", "1001", "--json", &f]);
            assert_eq!(out.status.code(), Some(0), "{f}: {}", stderr(&out));
            let got = json(&out)["solutions"].as_u64().unwrap();
            match a.solutions.strip_prefix('>') {
                Some(lo) => assert!(got > lo.parse::<u64>().unwrap(), "{f}: {got}"),
                None => assert_eq!(got.to_string(), a.solutions, "{f}"),
            }
        }
    }
    dlx_testkit::note(&format!(
        "{} shared variant samples checked on the CLI",
        all.len()
    ));
}

#[test]
fn an_fpuzzles_link_is_read_from_the_command_line() {
    let f = path_str(&root().join("examples/variants/thermo-arrow.txt"));
    let link = stdout(&dlx(&["sudoku", "convert", "--to", "link", &f]));
    let link = link.trim();
    assert!(
        link.starts_with("https://www.f-puzzles.com/?load="),
        "{link}"
    );
    let a = json(&dlx(&["sudoku", "solve", "--unique", "--json", link]));
    let b = json(&dlx(&["sudoku", "solve", "--unique", "--json", &f]));
    assert_eq!(a["format"], "link");
    assert_eq!(a["status"], "unique");
    assert_eq!(a["solution"], b["solution"]);
}
