//! Bad input: every refusal names what is wrong (the constraint, its number and cells, the
//! field, the line and column), and nothing panics.

use dlx_variants::{Format, ParseError, RuleError, parse, parse_as};

/// The error of a text-format puzzle, as a message.
fn text_error(text: &str) -> String {
    parse_as(text, Format::Text)
        .expect_err("should be refused")
        .to_string()
}

fn fpuzzles_error(extra: &str) -> ParseError {
    let grid: Vec<String> = (0..4).map(|_| "[{},{},{},{}]".to_string()).collect();
    let json = format!("{{\"size\":4,\"grid\":[{}]{extra}}}", grid.join(","));
    parse_as(&json, Format::FPuzzles).expect_err("should be refused")
}

#[test]
fn a_cell_outside_the_grid() {
    assert_eq!(
        text_error("size 4\ncage 5 r1c1 r5c1\n"),
        "line 2: killer cage 1 (r1c1 r5c1): r5c1 is outside the 4x4 grid"
    );
    let e = fpuzzles_error(r#","killercage":[{"cells":["R1C1","R1C9"],"value":"5"}]"#);
    assert_eq!(
        e.to_string(),
        "f-puzzles field `killercage[0].cells[1]`: R1C9 is outside the 4x4 grid"
    );
}

#[test]
fn regions_of_the_wrong_size_or_not_covering_the_grid() {
    let e = text_error("size 4\nregions\n1112\n2222\n3334\n4443\n");
    assert_eq!(e, "region 1 has 3 cells (r1c1 r1c2 r1c3), not 4");
    let e = text_error("size 4\nregions\n1111\n2222\n3333\n444\n");
    assert!(e.contains("15 region symbols for a 4x4 grid"), "{e}");
    // f-puzzles: a cell in no region (`null`) leaves the grid uncovered.
    let mut rows: Vec<String> = Vec::new();
    for r in 0..4 {
        let cells: Vec<String> = (0..4)
            .map(|c| {
                if (r, c) == (3, 3) {
                    r#"{"region":null}"#.to_string()
                } else {
                    format!("{{\"region\":{}}}", r)
                }
            })
            .collect();
        rows.push(format!("[{}]", cells.join(",")));
    }
    let json = format!("{{\"size\":4,\"grid\":[{}]}}", rows.join(","));
    assert_eq!(
        parse(&json).unwrap_err().to_string(),
        "r4c4 is in no region: the regions must cover the grid"
    );
    assert!(matches!(
        dlx_variants::Rules::new(
            9,
            Some(dlx_variants::Regions::Boxes { rows: 2, cols: 4 }),
            vec![]
        ),
        Err(RuleError::BoxShape { .. })
    ));
    assert_eq!(
        text_error("size 7\ngivens .......\n").to_string(),
        "line 2, column 14: 7 givens for a 7x7 grid, which has 49 cells"
    );
    assert_eq!(
        text_error("size 7\n"),
        "a 7x7 grid has no box shape: give its regions (jigsaw)"
    );
}

#[test]
fn a_cage_sum_no_digits_can_make() {
    assert_eq!(
        text_error("size 9\ncage 3 r1c1 r1c2 r1c3\n"),
        "line 2: killer cage 1 (r1c1 r1c2 r1c3): no 3 different digits from 1 to 9 add up to 3 (they make 6 to 24)"
    );
    assert!(text_error("size 4\ncage 5 r1c1 r1c2 r1c3 r1c4 r2c1\n").contains("1 to 4 cells"));
}

#[test]
fn a_thermometer_longer_than_the_digits_allow() {
    assert_eq!(
        text_error("size 4\nthermo r1c1-4 r2c4\n"),
        "line 2: thermometer 1 (r1c1 r1c2 r1c3 r1c4 r2c4): 5 cells, but only 4 digits can increase along a thermometer"
    );
}

#[test]
fn contradictory_rules() {
    assert_eq!(
        text_error("size 4\neven r2c2\nodd r2c2\n"),
        "line 2: even cell 1 (r2c2) and odd cell 1 (r2c2) contradict each other: r2c2 cannot be both even and odd"
    );
    assert!(
        text_error("size 9\nX r1c1 r1c2\nV r1c2 r1c1\n").contains("cannot add up to both 10 and 5")
    );
    // Two givens that conflict through a rule.
    assert_eq!(
        text_error("size 4\ngivens 12..............\nnonconsecutive\n"),
        "the givens 1 at r1c1, 2 at r1c2 break nonconsecutive"
    );
    assert_eq!(
        text_error("size 4\ngivens 1...\n....\n.1..\n....\nantiknight\n"),
        "the givens 1 at r1c1, 1 at r3c2 break anti-knight"
    );
    assert_eq!(
        text_error("size 4\ngivens 1...\n....\n....\n....\nthermo r1c2 r1c1\n"),
        "the given 1 at r1c1 break thermometer 1 (r1c2 r1c1)"
    );
    assert_eq!(
        text_error("size 4\ngivens 3.............\nwhite r1c1 r1c2\n....\n"),
        "line 4, column 1: unknown keyword `....` (see docs/formats.md for the variant text format)"
    );
    assert_eq!(
        text_error("size 4\ngivens 13..............\nwhite r1c1 r1c2\n"),
        "the givens 1 at r1c1, 3 at r1c2 break white dot 1 (r1c1 r1c2)"
    );
    assert_eq!(
        text_error("size 4\ngivens 1...1...........\n"),
        "the givens 1 at r1c1, 1 at r2c1 break column 1"
    );
}

#[test]
fn clues_that_cannot_hold() {
    assert!(text_error("size 4\nwhite r1c1 r2c2\n").contains("are not orthogonal neighbours"));
    assert!(
        text_error("size 4\nX r1c1 r1c2\n")
            .contains("no two different digits from 1 to 4 add up to 10")
    );
    assert!(text_error("size 9\nsandwich 34 r1\n").contains("no digits from 2 to 8 add up to 34"));
    assert!(
        text_error("size 9\narrow r1c1 : r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1 r9c2 r9c3\n")
            .contains("its circle of 1 cells holds 1 to 9")
    );
    assert!(text_error("size 9\nlittlekiller 3 r1c1 DR\n").contains("add up to"));
    // Regression (fuzz find, variant_parse): a diagonal starting inside the grid has no place
    // for its clue, and f-puzzles could not write it.
    assert_eq!(
        text_error("size 9\nlittlekiller 31 r5c3 DR\n"),
        "line 2: little killer 1 (r5c3): r5c3 is not at the edge of the grid going DR: a little killer's diagonal starts next to its clue, outside the grid"
    );
    assert!(text_error("size 9\ncage 10 r1c1 r1c1\n").contains("r1c1 appears twice"));
    assert!(text_error("size 9\nblack 1 r1c1 r1c2\n").contains("a ratio of 1"));
    assert!(text_error("size 9\nsandwich 10 r10\n").contains("row 10 is outside the 9x9 grid"));
    assert_eq!(
        text_error("size 17\n"),
        "line 1: unsupported size 17x17: variants are 4x4 to 16x16"
    );
}

#[test]
fn constraints_the_model_does_not_know_are_refused_by_name() {
    for (field, what) in [
        ("palindrome", "palindrome lines"),
        ("clone", "clones"),
        ("quadruple", "quadruples"),
        ("renban", "renban lines"),
        ("betweenline", "between lines"),
        ("minimum", "minimum cells"),
        ("maximum", "maximum cells"),
        ("whispers", "German whispers"),
        ("text", "cosmetic text, whose meaning is in the rules text"),
        ("frobnicate", "an unknown field"),
    ] {
        let e = fpuzzles_error(&format!(r#","{field}":[{{"cells":["R1C1"]}}]"#));
        assert_eq!(
            e,
            ParseError::Unsupported {
                field: field.into(),
                what: what.into()
            }
        );
        assert!(
            e.to_string()
                .starts_with(&format!("f-puzzles `{field}` ({what}) is not supported"))
        );
    }
    // Empty, they say nothing and are read.
    let grid: Vec<String> = (0..4).map(|_| "[{},{},{},{}]".to_string()).collect();
    let json = format!(
        "{{\"size\":4,\"grid\":[{}],\"palindrome\":[],\"minimum\":[]}}",
        grid.join(",")
    );
    assert!(parse(&json).is_ok());
    let e = fpuzzles_error(r#","negative":["minimum"]"#);
    assert!(
        e.to_string().contains("the negative rule of `minimum`"),
        "{e}"
    );
}

#[test]
fn malformed_json_and_fields() {
    let e = parse_as("{\"size\":4,\n\"grid\":[}", Format::FPuzzles).unwrap_err();
    assert!(matches!(e, ParseError::Json { line: 2, .. }), "{e}");
    let e = fpuzzles_error(r#","killercage":[{"cells":["X1"],"value":"5"}]"#);
    assert!(e.to_string().contains("`killercage[0].cells[0]`"), "{e}");
    let e = fpuzzles_error(r#","xv":[{"cells":["R1C1","R1C2"],"value":"Q"}]"#);
    assert!(e.to_string().contains("expected \"X\" or \"V\""), "{e}");
    let e = fpuzzles_error(
        r#","littlekillersum":[{"cell":"R0C2","direction":"DR","value":"7","cells":["R1C3","R2C3"]}]"#,
    );
    assert!(
        e.to_string()
            .contains("are not the diagonal from R0C2 going DR"),
        "{e}"
    );
    let e = fpuzzles_error(r#","sandwichsum":[{"cell":"R2C3","value":"7"}]"#);
    assert!(
        e.to_string().contains("is not beside a row or a column"),
        "{e}"
    );
    // Our JSON: unknown fields and kinds are refused.
    let e = parse_as(
        r#"{"size":4,"constraints":[{"kind":"palindrome"}]}"#,
        Format::Json,
    )
    .unwrap_err();
    assert!(e.to_string().contains("palindrome"), "{e}");
    let e = parse_as(
        r#"{"size":4,"constraints":[{"kind":"killer","cells":["r1c1","r9c9"],"sum":3}]}"#,
        Format::Json,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("r9c9 is outside the 4x4 grid"),
        "{e}"
    );
}

#[test]
fn bad_links() {
    let e = parse("https://www.f-puzzles.com/?load=N4Ig!!!").unwrap_err();
    assert!(matches!(e, ParseError::Link(_)), "{e}");
    let e = parse_as("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSz", Format::Link).unwrap_err();
    assert!(e.to_string().starts_with("f-puzzles link"), "{e}");
    assert_eq!(parse("   ").unwrap_err(), ParseError::Empty);
}

#[test]
fn text_errors_have_lines_and_columns() {
    assert_eq!(
        text_error("size 4\ncage 5 r1c1 r1cx\n"),
        "line 2, column 13: `r1cx` is not a cell (r3c4) or a run of cells (r1c1-3, r1-3c2)"
    );
    assert_eq!(
        text_error("size 4\narrow r1c1 r1c2\n"),
        "line 2, column 1: write an arrow as its circle, a colon, its line: arrow r2c2 : r1c2 r1c3"
    );
    assert_eq!(
        text_error("size 4\nx\n"),
        "line 2, column 1: `x` needs two cells (an X clue); the diagonals are `diagonals`"
    );
    assert_eq!(
        text_error("size 4\ngivens 1..Z............\n"),
        "line 2, column 11: `Z` is not a digit symbol (1-9, A-G, . for none)"
    );
    assert_eq!(
        text_error("size 4\nnegative pink\n"),
        "line 2, column 10: no negative rule `pink` (white, black or xv)"
    );
}
