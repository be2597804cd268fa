//! `dlx sudoku explain|hint|rate` on variant puzzles (issue 29): the same output as for a
//! classic grid, the steps naming the variant's houses and clues, JSON with the pattern's
//! areas, hints on a grid in progress, errors with exit status 2.

use crate::common;

use common::{dlx, dlx_stdin, fails_with, json, root, stderr, stdout};

fn sample(name: &str) -> String {
    root()
        .join("testdata/variants/puzzles")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn explain_a_killer_puzzle_step_by_step() {
    let f = sample("6x6-killer-01.json");
    let out = dlx(&["sudoku", "explain", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.starts_with("  1. [") && l.contains("Cage combination: killer cage")),
        "{text}"
    );
    assert!(text.contains("\nsolved in "), "{text}");
    assert!(text.contains("rating: ER "), "{text}");
    // the grid after each step, as for classic grids
    let out = dlx(&["sudoku", "explain", "--grids", &f]);
    let grids = stdout(&out)
        .lines()
        .filter(|l| l.starts_with("     "))
        .count();
    assert!(grids > 10);
}

#[test]
fn explain_json_has_the_steps_and_the_areas_of_a_jigsaw() {
    let f = sample("classic-irregular-01.json");
    let out = dlx(&["sudoku", "explain", "--json", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["stop"], "solved");
    let steps = v["steps"].as_array().expect("steps");
    let region = steps
        .iter()
        .find(|s| s["text"].as_str().is_some_and(|t| t.contains("in region ")))
        .expect("a step in a region");
    let areas = region["pattern"]["areas"].as_array().expect("areas");
    assert!(areas.iter().any(
        |a| a["name"].as_str().is_some_and(|n| n.starts_with("region "))
            && a["cells"].as_array().is_some_and(|c| c.len() == 9)
    ));
}

#[test]
fn rate_a_variant_in_words_and_json() {
    let f = sample("thermo-02.json");
    let out = dlx(&["sudoku", "rate", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("rating: ER "), "{}", stdout(&out));
    let out = dlx(&["sudoku", "rate", "--json", &f]);
    let v = json(&out);
    assert!(v["er"].as_f64().is_some_and(|er| er >= 1.0));
    assert_eq!(v["complete"], true);
    // the path's rating is the hardest step of `explain`'s path
    let e = json(&dlx(&["sudoku", "explain", "--json", &f]));
    assert_eq!(e["rating"]["er"], v["er"]);
    // a filter
    let out = dlx(&["sudoku", "rate", "--er", "..1.5", &f]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("fail; rating: "),
        "{}",
        stdout(&out)
    );
}

#[test]
fn hint_at_every_level_and_on_progress() {
    let f = sample("killer-03.json");
    let l1 = stdout(&dlx(&["sudoku", "hint", "--level", "1", &f]));
    assert!(l1.contains("Look for a cage combination"), "{l1}");
    let l3 = stdout(&dlx(&["sudoku", "hint", &f]));
    assert!(l3.contains("Cage combination: killer cage"), "{l3}");
    // a wrong digit in the progress is named, exit 2
    let solved = json(&dlx(&["sudoku", "solve", "--json", &f]));
    let sol = solved["solution"].as_str().expect("a solution").to_string();
    let first = sol.chars().next().unwrap().to_digit(10).unwrap();
    let wrong: String = std::iter::once(char::from_digit(first % 9 + 1, 10).unwrap())
        .chain(std::iter::repeat_n('.', 80))
        .collect();
    let out = dlx(&["sudoku", "hint", "--progress", &wrong, &f]);
    fails_with(&out, "--progress: r1c1 holds");
    // the solution as progress: nothing to do
    let out = dlx(&["sudoku", "hint", "--progress", &sol, &f]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("nothing to do"));
}

#[test]
fn variants_from_stdin_and_their_errors() {
    let text = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n";
    let out = dlx_stdin(&["sudoku", "explain", "-"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("solved in"));
    // several solutions: named cells, exit 2
    let out = dlx_stdin(
        &["sudoku", "rate", "--from", "text", "-"],
        "size 4\ndiagonals\n",
    );
    fails_with(&out, "more than one solution");
}
