//! `dlx xcc --split-depth/--shards`, `--shard` and `--merge` (issue 23): the shards of a
//! problem, solved one file at a time and merged, give the single search's figures exactly.

use crate::common;

use common::{dlx_stdin as dlx, stderr as err, stdout as text};

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap()
}

/// Splits, solves (the shard lines fed on stdin in two halves, as two machines would) and
/// merges; the totals must equal `dlx xcc --algorithm links --json`.
fn round_trip(file: &str, split: &[&str]) {
    let single = dlx(&["xcc", "--algorithm", "links", "--json", file], "");
    assert_eq!(single.status.code(), Some(0), "{}", err(&single));
    let single = json(&text(&single));

    let mut args = vec!["xcc", file];
    args.extend(split);
    let shards = dlx(&args, "");
    assert_eq!(shards.status.code(), Some(0), "{}", err(&shards));
    let shards = text(&shards);
    let lines: Vec<&str> = shards.lines().collect();
    assert!(lines.len() > 1, "{file}: one shard only");
    for l in &lines {
        let v = json(l);
        assert_eq!(v["format"], "dlx-shard/1");
        assert!(v["estimate"].as_f64().unwrap() >= 0.0);
    }
    let half = lines.len() / 2;
    let mut results = String::new();
    for part in [&lines[..half], &lines[half..]] {
        let input = part.join("\n") + "\n";
        let o = dlx(&["xcc", "--shard", "-", "-j", "2"], &input);
        assert!(o.status.code().is_some_and(|c| c <= 1), "{}", err(&o));
        assert_eq!(text(&o).lines().count(), part.len());
        results.push_str(&text(&o));
    }
    let merged = dlx(&["xcc", "--merge", "-", "--json"], &results);
    assert_eq!(merged.status.code(), Some(0), "{}", err(&merged));
    let merged = json(&text(&merged));
    assert_eq!(merged["complete"], true);
    for key in ["solutions", "nodes", "updates"] {
        assert_eq!(merged[key], single[key], "{file} {split:?}: {key}");
    }
}

#[test]
fn shards_add_up_to_the_single_search() {
    round_trip("testdata/xcc/queens8.dlx", &["--split-depth", "2"]);
    round_trip("testdata/xcc/langford8.dlx", &["--shards", "20"]);
    round_trip(
        "examples/colors.dlx",
        &["--split-depth", "1", "--probe", "10"],
    );
    round_trip(
        "testdata/xcc/pento-3x20.dlx",
        &["--split-depth", "3", "--by-path"],
    );
}

#[test]
fn a_missing_shard_is_named_and_the_count_is_a_lower_bound() {
    let shards = dlx(
        &["xcc", "testdata/xcc/queens8.dlx", "--split-depth", "1"],
        "",
    );
    let lines: Vec<String> = text(&shards).lines().map(String::from).collect();
    let input = lines[1..].join("\n");
    let results = dlx(&["xcc", "--shard", "-"], &input);
    let merged = dlx(&["xcc", "--merge", "-"], &text(&results));
    let out = text(&merged);
    assert!(
        out.contains("(at least; shards missing or incomplete)"),
        "{out}"
    );
    assert!(out.contains("missing: 0\n"), "{out}");
}

#[test]
fn a_shard_of_another_problem_is_refused_with_its_line() {
    let shards = dlx(
        &["xcc", "testdata/xcc/queens8.dlx", "--split-depth", "1"],
        "",
    );
    let mut line = json(text(&shards).lines().nth(2).unwrap());
    line["options"][0] = "r7 c7 a0".into();
    let o = dlx(&["xcc", "--shard", "-"], &line.to_string());
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("line 1"), "{}", err(&o));
    assert!(err(&o).contains("r7 c7 a0"), "{}", err(&o));

    let o = dlx(&["xcc", "--shard", "-"], "{\"format\": 1}\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("line 1"), "{}", err(&o));
}
