//! Reading puzzles in every format, and every error message.

use crate::common;

use dlx_sudoku::{
    Conflict, Grid, GridError, House, InputKind, ParseError, Shape, check_givens, detect, encode,
    parse, parse_line, parse_styled, parse_with_shape,
};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn examples(name: &str) -> String {
    let p = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sudoku/");
    std::fs::read_to_string(format!("{p}{name}")).unwrap()
}

#[test]
fn one_line_with_any_blank_and_a_comment() {
    let g = parse(EASY).unwrap();
    assert_eq!(g.n(), 9);
    assert_eq!(g.givens(), 32);
    for blank in ['0', '_', '-', '*'] {
        let text = format!(
            "{}\t# from the articles",
            EASY.replace('.', &blank.to_string())
        );
        let p = parse_styled(&text, None).unwrap();
        assert_eq!(p.grid, g);
        assert_eq!(p.style.blank, blank);
        assert_eq!(
            p.grid.to_line_styled(&p.style),
            EASY.replace('.', &blank.to_string())
        );
    }
}

#[test]
fn a_byte_order_mark_is_not_a_cell() {
    let g = parse(EASY).unwrap();
    assert_eq!(parse(&format!("\u{feff}{EASY}")).unwrap(), g);
    let grid = examples("pretty-9x9.txt");
    assert_eq!(
        parse(&format!("\u{feff}{grid}")).unwrap(),
        parse(&grid).unwrap()
    );
    // Only at the very start: anywhere else it is a stray character.
    assert!(parse(&format!("{EASY}\u{feff}")).is_err());
}

#[test]
fn the_contest_nine_line_format() {
    let text = examples("contest-9x9.txt");
    assert_eq!(text.lines().count(), 9);
    assert!(text.lines().all(|l| l.len() == 9));
    let g = parse(&text).unwrap();
    assert_eq!(g.to_line(), text.lines().collect::<String>());
    // Windows line endings and comment lines inside are fine too.
    let crlf = format!("# contest\r\n{}", text.replace('\n', "\r\n"));
    assert_eq!(parse(&crlf).unwrap(), g);
}

#[test]
fn boxed_and_pretty_grids() {
    let g = parse(&examples("pretty-9x9.txt")).unwrap();
    assert_eq!(
        g.to_line(),
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    );
    // The style of the articles' contest: rules of dashes, bars between boxes.
    let hugi = "\
 -----------------------
| 4 3 . | . . . | . 8 . |
| 9 7 8 | . . . | . 6 5 |
| . . . | 8 6 9 | . . 3 |
|-------|-------|-------|
| . . 5 | . . 4 | 6 . . |
| . . 1 | 9 5 8 | 3 . . |
| . . 3 | 2 . . | 9 . . |
|-------|-------|-------|
| 5 . . | 1 7 3 | . . . |
| 8 6 . | . . . | 5 3 1 |
| . 1 . | . . . | . 4 2 |
 -----------------------
";
    let h = parse(hugi).unwrap();
    assert_eq!(&h.to_line()[..18], "43.....8.978....65");
    // Our own pretty output reads back, for every size.
    for text in common::read("testdata/sudoku/big.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let g = parse(text).unwrap();
        assert_eq!(parse(&g.pretty()).unwrap(), g);
        assert_eq!(parse(&g.to_line()).unwrap(), g);
    }
    let six = parse(&examples("6x6.txt")).unwrap();
    assert_eq!(six.shape, Shape { rows: 2, cols: 3 });
    assert_eq!(
        parse_with_shape(&six.pretty(), Some(six.shape)).unwrap(),
        six
    );
}

#[test]
fn grids_of_numbers() {
    let g = parse(&examples("16x16-numbers.txt")).unwrap();
    assert_eq!(g.n(), 16);
    assert_eq!(g.get(0, 0), 12);
    assert_eq!(g.get(0, 15), 16);
    let same = parse(&examples("16x16.txt"));
    assert!(same.is_ok());
    // One line of numbers, and the letters it stands for.
    let line: Vec<String> = g
        .cells
        .iter()
        .map(|d| if *d == 0 { ".".into() } else { d.to_string() })
        .collect();
    let p = parse_styled(&line.join(" "), None).unwrap();
    assert_eq!(p.grid, g);
    assert!(p.style.numbers);
    assert_eq!(parse(&g.to_line()).unwrap(), g);
    assert!(g.to_line().starts_with("C..."));
    // Lowercase letters.
    let lower = parse_styled(&g.to_line().to_lowercase(), None).unwrap();
    assert_eq!(lower.grid, g);
    assert!(lower.style.lowercase);
}

#[test]
fn box_shapes_default_and_chosen() {
    let tall = examples("6x6-tall-boxes.txt");
    let wide = parse(&tall).unwrap();
    assert_eq!(wide.shape, Shape { rows: 2, cols: 3 });
    let g = parse_with_shape(&tall, Some(Shape { rows: 3, cols: 2 })).unwrap();
    assert_eq!(g.shape, Shape { rows: 3, cols: 2 });
    assert_eq!(
        parse(&examples("12x12.txt")).unwrap().shape,
        Shape { rows: 3, cols: 4 }
    );
    assert_eq!(
        parse(&examples("8x8.txt")).unwrap().shape,
        Shape { rows: 2, cols: 4 }
    );
}

#[test]
fn files_of_puzzles_are_detected() {
    let sample = common::read("examples/sudoku/sample-200.txt");
    assert_eq!(detect(sample.lines()), InputKind::Lines);
    for single in [
        "contest-9x9.txt",
        "pretty-9x9.txt",
        "easy-9x9.txt",
        "hard-9x9.txt",
        "16x16-numbers.txt",
        "8x8.txt",
        "4x4.txt",
    ] {
        assert_eq!(
            detect(examples(single).lines()),
            InputKind::Single,
            "{single}"
        );
    }
    let sizes = common::read("testdata/sudoku/sizes.txt");
    assert_eq!(detect(sizes.lines()), InputKind::Lines);
    // Blank and comment lines of a batch are skipped; line numbers are the file's.
    assert!(parse_line("# comment", 3, None).unwrap().is_none());
    assert!(parse_line("   ", 4, None).unwrap().is_none());
    let e = parse_line(&EASY[1..], 7, None).unwrap_err();
    assert_eq!(e.line(), Some(7));
}

/// Every error message of the parser, as users read it.
#[test]
fn parse_error_messages() {
    let msg = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        msg("# only a comment\n\n"),
        "no puzzle found (the input is empty or only comments)"
    );
    assert_eq!(
        msg(&EASY[1..]),
        "wrong length: 80 cells at line 1; a puzzle has N*N cells: 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25), ... up to 4096 (64x64)"
    );
    assert_eq!(
        msg(&format!("{}x{}", &EASY[..4], &EASY[5..])),
        "unknown character 'x' at line 1, column 5 (a 9x9 grid uses 1-9, and . 0 _ - * for blanks)"
    );
    // A letter beyond the size is not a digit of this grid.
    assert_eq!(
        msg(&format!("A{}", &EASY[1..])),
        "unknown character 'A' at line 1, column 1 (a 9x9 grid uses 1-9, and . 0 _ - * for blanks)"
    );
    assert_eq!(
        msg(&format!("{}G", &".".repeat(143))),
        "unknown character 'G' at line 1, column 144 (a 12x12 grid uses 1-9, A-C, and . 0 _ - * for blanks)"
    );
    let mut numbers = vec!["."; 256];
    numbers[17] = "17";
    numbers[3] = "10";
    assert_eq!(
        msg(&numbers.join(" ")),
        "number 17 at line 1, column 36 is larger than 16, the size of the grid"
    );
    assert_eq!(
        msg("1234\n123\n....\n...."),
        "line 2 has 3 cells, but line 1 has 4: rows must be the same length"
    );
    assert_eq!(
        msg("1234\n....\n...."),
        "the grid has 3 rows of 4 cells (from line 1); it must be square"
    );
    assert_eq!(
        msg(&".".repeat(49)),
        "unsupported size: 7x7 (a prime size has no box shape); supported sizes are 4x4 to 64x64 with boxes of at least 2x2 cells, such as 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25 (line 1)"
    );
    assert!(msg(&".".repeat(9)).starts_with("unsupported size: 3x3 (smaller than 4x4)"));
    let huge = vec!["."; 65 * 65].join(" ");
    assert!(msg(&huge).starts_with("unsupported size: 65x65 (larger than 64x64)"));
    assert_eq!(
        parse_with_shape(EASY, Some(Shape { rows: 2, cols: 3 }))
            .unwrap_err()
            .to_string(),
        "box shape 2x3 does not fit a 9x9 grid (2x3 = 6 cells, not 9) (line 1)"
    );
    assert!(matches!(parse(""), Err(ParseError::Empty)));
}

#[test]
fn conflicts_name_both_cells_and_the_house() {
    let mut g = parse(EASY).unwrap();
    // r1c3 holds 3; put another 3 at r1c8 (row 1), r5c3 (column 3) and r2c2 (box 1, and
    // row 2, which has a 3 at r2c4).
    g.cells[7] = 3;
    g.cells[4 * 9 + 2] = 3;
    g.cells[10] = 3;
    let c: Vec<String> = check_givens(&g).iter().map(Conflict::to_string).collect();
    assert_eq!(
        c,
        vec![
            "digit 3 at r1c3 repeats r1c8 in row 1",
            "digit 3 at r2c2 repeats r2c4 in row 2",
            "digit 3 at r1c3 repeats r5c3 in column 3",
            "digit 3 at r1c3 repeats r2c2 in box 1",
        ]
    );
    let first = check_givens(&g)[0];
    assert_eq!(first.house, House::Row(0));
    assert_eq!(
        encode(&g).unwrap_err().to_string(),
        "digit 3 at r1c3 repeats r1c8 in row 1"
    );
    assert!(check_givens(&parse(EASY).unwrap()).is_empty());
}

#[test]
fn grid_and_shape_error_messages() {
    let s = Shape::new(3, 3).unwrap();
    assert_eq!(
        Grid::new(s, vec![0; 80]).unwrap_err().to_string(),
        "a 3x3 box shape needs 81 cells, not 80"
    );
    let mut cells = vec![0; 81];
    cells[10] = 10;
    assert_eq!(
        Grid::new(s, cells).unwrap_err().to_string(),
        "r2c2 holds 10, larger than 9"
    );
    assert!(matches!(
        Grid::new(Shape { rows: 1, cols: 9 }, vec![0; 81]),
        Err(GridError::Size(_))
    ));
    assert_eq!(
        "9".parse::<Shape>().unwrap_err(),
        "`9` is not a box shape (write ROWSxCOLS, e.g. 2x3 or 3x4)"
    );
    assert_eq!(
        "1x4".parse::<Shape>().unwrap_err(),
        "unsupported size: 4x4 (boxes need at least 2 rows and 2 columns); supported sizes are 4x4 to 64x64 with boxes of at least 2x2 cells, such as 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25"
    );
    assert!(
        "9x9"
            .parse::<Shape>()
            .unwrap_err()
            .contains("more than 64 digits")
    );
    // A side too big for a machine word is named as given, not multiplied out.
    assert!(
        "18446744073709551615x2"
            .parse::<Shape>()
            .unwrap_err()
            .starts_with("boxes of 18446744073709551615x2 cells: more than 64 digits")
    );
}

#[test]
fn candidates_of_the_easy_puzzle() {
    let g = parse(EASY).unwrap();
    let cand = dlx_sudoku::candidates(&g);
    assert_eq!(cand.len(), 81);
    // r1c1: row 1 has 3 2 6, column 1 has 9 7 8, box 1 has 3 9 1 8: candidates 4 and 5.
    assert_eq!(cand[0], (1 << 3) | (1 << 4));
    // A given's only candidate is itself.
    assert_eq!(cand[2], 1 << 2);
}

/// Issue 22 (found by the `sudoku_parse` fuzz target): a text of several lines that are all
/// rules (`-+`, `---+`) left no row, and reading it indexed the first row of none: a panic.
#[test]
fn only_rule_lines_is_no_puzzle() {
    for text in ["-+\n---+\n", "===\n+\n+-+\n", "|--\n+\n"] {
        assert_eq!(parse(text), Err(ParseError::Empty), "{text:?}");
        assert_eq!(
            parse_with_shape(text, None),
            Err(ParseError::Empty),
            "{text:?}"
        );
    }
}
