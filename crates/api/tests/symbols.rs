//! Issue 31: on a 16x16 board, every sentence of the logic names digits as the board shows
//! them (`D`, not 13): in every step of the explanations of generated 16x16 and 12x12
//! puzzles, no number from 10 to N is left but a house's or a type's, and every digit the
//! step places or eliminates appears as its symbol.

use dlx_api::{Budget, Caps, Run};

/// The numbers of `text` (runs of ASCII digits not part of a word) with the word before each.
fn numbers(text: &str) -> Vec<(String, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let glued = (start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'-'))
            || (i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'-'));
        if !glued {
            let before = text[..start].trim_end();
            let word = before
                .rsplit(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_string();
            out.push((word, text[start..i].parse().unwrap()));
        }
    }
    out
}

#[test]
fn logic_sentences_name_digits_by_the_boards_symbols() {
    let caps = Caps::browser();
    let mut checked = 0;
    for (size, seeds) in [(16usize, 0..6u64), (12, 0..6)] {
        for seed in seeds {
            let made = dlx_api::logic::generate(
                &serde_json::from_value(serde_json::json!({ "size": size, "seed": seed })).unwrap(),
                &mut Run::new(Budget::unlimited(), &caps),
            )
            .unwrap();
            // Up to the wings: every kind of sentence (cells, houses, digits) without the
            // chains, whose search on a 16x16 board takes minutes.
            let req = dlx_logic::ExplainRequest {
                upto: Some("xyz_wing".into()),
                ..dlx_logic::ExplainRequest::new(made.puzzle.puzzle.clone())
            };
            let e =
                dlx_api::logic::explain(&req, &mut Run::new(Budget::unlimited(), &caps)).unwrap();
            for s in &e.path.steps {
                for (word, v) in numbers(&s.text) {
                    assert!(
                        v < 10
                            || v > size
                            || ["row", "column", "box", "type"].contains(&word.as_str()),
                        "{v} after `{word}` in `{}`",
                        s.text
                    );
                }
                for c in s.placements.iter().chain(&s.eliminations) {
                    let sym = dlx_api::words::digit(c.digit, size);
                    assert!(s.text.contains(&sym), "{sym} in `{}`", s.text);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked} steps");
}

#[test]
fn hints_and_traces_on_16x16_name_symbols_too() {
    let caps = Caps::browser();
    let puzzle = std::fs::read_to_string(dlx_testkit::testdata("sudoku/s16-seed5.txt")).unwrap();
    let puzzle = puzzle.lines().next().unwrap();
    let hint = dlx_api::json::call(
        "hint",
        &serde_json::json!({ "puzzle": puzzle }).to_string(),
        &caps,
        None,
    )
    .unwrap();
    let hint: serde_json::Value = serde_json::from_str(&hint).unwrap();
    for level in hint["levels"].as_array().unwrap() {
        for (word, v) in numbers(level.as_str().unwrap()) {
            assert!(
                v < 10 || ["row", "column", "box"].contains(&word.as_str()),
                "{level}"
            );
        }
    }
    let trace = dlx_api::json::call(
        "trace",
        &serde_json::json!({ "puzzle": puzzle, "max_steps": 400 }).to_string(),
        &caps,
        None,
    )
    .unwrap();
    let trace: serde_json::Value = serde_json::from_str(&trace).unwrap();
    let mut named = 0;
    for step in trace["steps"].as_array().unwrap() {
        let text = step["text"].as_str().unwrap();
        if let Some(d) = step["digit"].as_u64().filter(|&d| d >= 10) {
            let sym = dlx_api::words::digit(d as u8, 16);
            assert!(text.contains(&format!(" {sym}")), "{sym} in `{text}`");
            named += 1;
        }
    }
    assert!(named > 0, "some step names a digit from 10 up");
}
