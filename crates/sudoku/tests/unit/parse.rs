//! Unit tests of `src/parse.rs`.

use dlx_sudoku::parse::*;

const LINE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn one_line_with_trailing_comment() {
    let g = parse(&format!("{LINE}  # easy one")).unwrap();
    assert_eq!(g.to_line(), LINE);
    let g0 = parse(&LINE.replace('.', "0")).unwrap();
    assert_eq!(g, g0);
    let g1 = parse(&LINE.replace('.', "_")).unwrap();
    assert_eq!(g, g1);
}

#[test]
fn contest_nine_lines_parse() {
    let text: String = LINE
        .as_bytes()
        .chunks(9)
        .map(|c| format!("{}\n", std::str::from_utf8(c).unwrap()))
        .collect();
    assert_eq!(parse(&text).unwrap().to_line(), LINE);
}

#[test]
fn pretty_grid_round_trips() {
    let g = parse(LINE).unwrap();
    let p = g.pretty();
    assert_eq!(parse(&p).unwrap(), g);
}

#[test]
fn dash_blanks_in_a_contest_grid_are_rows() {
    let mut text = String::from("---------\n");
    for c in LINE.as_bytes()[9..].chunks(9) {
        text.push_str(std::str::from_utf8(c).unwrap());
        text.push('\n');
    }
    let g = parse(&text).unwrap();
    assert_eq!(&g.cells[..9], &[0; 9]);
    assert_eq!(g.to_line()[9..], LINE[9..]);
}

#[test]
fn errors_name_line_and_column() {
    let e = parse(&LINE[1..]).unwrap_err();
    assert_eq!(e, ParseError::WrongLength { len: 80, line: 1 });
    let bad = format!("{}x{}", &LINE[..4], &LINE[5..]);
    assert_eq!(
        parse(&bad).unwrap_err().to_string(),
        "unknown character 'x' at line 1, column 5 (a 9x9 grid uses 1-9, and . 0 _ - * for blanks)"
    );
    let e = parse("# nothing\n\n").unwrap_err();
    assert_eq!(e, ParseError::Empty);
}

#[test]
fn detection_of_files_of_puzzles() {
    assert_eq!(detect([LINE, LINE]), InputKind::Lines);
    assert_eq!(detect([LINE]), InputKind::Single);
    let rows: Vec<&str> = (0..9).map(|k| &LINE[9 * k..9 * k + 9]).collect();
    assert_eq!(detect(rows.iter().copied()), InputKind::Single);
    let row16 = "1234567890ABCDEF";
    assert_eq!(detect(vec![row16; 16]), InputKind::Single);
    assert_eq!(detect(vec![row16; 3]), InputKind::Lines);
    // Lines of numbers: 25x25 puzzles (625 numbers a line), against a 25x25 grid of
    // numbers (25 lines of 25) and a 5x5 Latin square (too small to be a puzzle line).
    let puzzle25 = vec!["0"; 625].join(" ");
    assert_eq!(detect([puzzle25.as_str(); 2]), InputKind::Lines);
    let row25 = vec!["12"; 25].join(" ");
    assert_eq!(detect(vec![row25.as_str(); 25]), InputKind::Single);
}

/// Regression test for issue 22, item 14: many bad lines are a file of puzzles (each
/// refused on its own), and 100 lines of 100 zeros are one (too big) grid, not 100
/// puzzles of 10x10.
#[test]
fn issue_22_detect_many_bad_lines_and_a_big_square() {
    let bad = "x".repeat(120);
    let mut lines = vec![LINE];
    lines.extend(std::iter::repeat_n(bad.as_str(), 1000));
    assert_eq!(detect(lines.iter().copied()), InputKind::Lines);
    let zeros = "0".repeat(100);
    assert_eq!(detect(vec![zeros.as_str(); 100]), InputKind::Single);
    assert_eq!(detect(vec![zeros.as_str(); 101]), InputKind::Lines);
    assert_eq!(detect_lines_needed(&zeros), MAX_GRID_LINES + 1);
    assert_eq!(detect_lines_needed(&"0".repeat(400)), 401);
    assert_eq!(detect_lines_needed(LINE), MAX_GRID_LINES + 1);
    let err = parse(&format!("{zeros}\n").repeat(100))
        .unwrap_err()
        .to_string();
    assert!(err.contains("100"), "{err}");
    assert_eq!(detect(["1 2 3 4 5", "2 3 4 5 1"]), InputKind::Single);
}

#[test]
fn cells9_reads_every_byte_as_the_table_does() {
    for b in 0..=255u8 {
        let want = match BYTE_VALUE[b as usize] {
            0x7F => None,
            v => Some([v & 0x7F; 81]),
        };
        assert_eq!(cells9(&[b; 81]), want, "byte {b}");
    }
    let mut line = [b'.'; 90].to_vec();
    assert!(cells9(&line[..80]).is_none());
    assert!(cells9(&line).is_none(), "a 90-symbol word is no 9x9 line");
    line[81] = b' ';
    assert_eq!(cells9(&line), Some([0; 81]));
}
