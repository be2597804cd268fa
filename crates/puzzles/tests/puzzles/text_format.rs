//! The user-facing text format for packing puzzles: examples, rendering, and errors with
//! their line and column.

use dlx_engine::{Config, Links, Search, format};
use dlx_puzzles::polyomino::{Board, Packing, ParseErrorKind, Shape, parse};
use dlx_puzzles::{Orientations, Puzzle};

use crate::common::count_checked;

const SCOTT: &str = "\
// Scott's board: a chessboard without its centre.
board
########
########
########
###--###
###  ###
########
// a comment inside a drawing does not end it
########
########

pieces pentominoes
";

#[test]
fn scott_in_text_is_the_same_problem_as_the_builtin() {
    let ours = Packing::from_text(SCOTT).unwrap();
    let builtin = Packing::scott(false).unwrap();
    assert_eq!(
        format::write(ours.problem(), None),
        format::write(builtin.problem(), None)
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let ours = Packing::from_text(&format!("\u{feff}{SCOTT}")).unwrap();
    assert_eq!(ours.problem(), Packing::from_text(SCOTT).unwrap().problem());
}

#[test]
fn rectangles_in_text_are_the_builtin_ones() {
    let ours = Packing::from_text("board 6x10\npieces pentominoes\n").unwrap();
    let builtin = Packing::pentominoes(6, 10, false).unwrap();
    assert_eq!(ours.problem(), builtin.problem());
    // The X restricted by a flag: the piece order changes (X last), the count does not.
    let xq = Packing::from_text(
        "board 3x20\npieces pentominoes F I L N P T U V W Y Z\npieces pentominoes X: quadrant\n",
    )
    .unwrap();
    assert_eq!(xq.pieces().last().unwrap().glyph, 'X');
    assert!(xq.pieces().last().unwrap().quadrant);
    // 8 solutions = 2 distinct x 4 mirror images. On a board of 3 rows the X always sits
    // on the middle row, so only the left-right mirror is broken: 4 remain.
    assert_eq!(count_checked(&xq), 4);
}

#[test]
fn custom_pieces_with_flags() {
    let text = "\
board 3x4
pieces tetrominoes L: one-sided
piece A: x2
##
#
piece b: fixed optional
##
";
    let spec = parse(text).unwrap();
    let glyphs: String = spec.pieces.iter().map(|p| p.glyph).collect();
    assert_eq!(glyphs, "LAb");
    assert_eq!(spec.pieces[0].orientations, Orientations::OneSided);
    assert_eq!((spec.pieces[1].copies, spec.pieces[1].shape.len()), (2, 3));
    assert!(spec.pieces[2].optional);
    assert_eq!(spec.pieces[2].orientations, Orientations::Fixed);
    let packing = Packing::new(spec.board, spec.pieces).unwrap();
    let n = count_checked(&packing);
    assert!(n > 0);
    // Every solution uses L (4) + 2 x A (6) + b (2) = 12 cells: b is always there.
    let mut links = Links::new(packing.problem(), Config::default());
    let (all, _) = links.collect(u64::MAX);
    assert_eq!(all.len() as u64, n);
    for s in &all {
        let t = packing.decode(s).unwrap();
        assert_eq!(t.to_string().matches('b').count(), 2, "{t}");
        assert_eq!(t.to_string().matches('A').count(), 6, "{t}");
    }
}

#[test]
fn drawings_are_trimmed_and_render_with_holes() {
    let spec = parse("board\n-----\n- ## \n  #. \n\npiece A\n#\n").unwrap_err();
    assert_eq!(spec.kind, ParseErrorKind::MixedMarks);
    let text = "board\n-----\n- ##-\n  ## \n\npieces domino: x2\n";
    let packing = Packing::from_text(text).unwrap();
    assert_eq!((packing.board().height(), packing.board().width()), (2, 2));
    let mut links = Links::new(packing.problem(), Config::default());
    let (first, _) = links.first();
    let t = packing.decode(&first.unwrap()).unwrap();
    // Two copies of the domino: numbered, so that they are told apart.
    assert_eq!(t.to_string(), "D1 D1\nD2 D2\n");
    // Holes show as spaces, uncovered cells as dots.
    let l = Packing::from_text("board\n#-#\n###\npiece U\n#.#\n...\n").unwrap_err();
    assert!(l.to_string().contains("both `#` and `.`"), "{l}");
    let u = Packing::from_text("board\n#-#\n###\n\npiece U\n# #\n###\n").unwrap();
    assert_eq!(u.decode(&[]).unwrap().to_string(), ". .\n...\n");
    let (first, _) = Links::new(u.problem(), Config::default()).first();
    assert_eq!(u.decode(&first.unwrap()).unwrap().to_string(), "U U\nUUU\n");
}

#[test]
fn shapes_from_drawings() {
    let s = Shape::from_drawing("-#\n##\n").unwrap();
    assert_eq!(s.len(), 3);
    assert_eq!((s.height(), s.width()), (2, 2));
    assert!(Shape::from_drawing("--\n").is_err());
    assert_eq!(Shape::from_drawing("#x").unwrap_err().column, 2);
    let board = Board::from_cells([(5, 5), (5, 6)]).unwrap();
    assert_eq!(
        (board.height(), board.width(), board.cell_count()),
        (1, 2, 2)
    );
}

/// Every error names its line and column and says what is wrong.
#[test]
fn errors_name_line_and_column() {
    let cases: &[(&str, &str)] = &[
        (
            "boards 6x10\n",
            "line 1, column 1: unknown keyword `boards` (expected `board`, `piece` or `pieces`)",
        ),
        (
            "board 6x10\n##\n",
            "line 2, column 1: a drawing line outside a `board` or `piece` section",
        ),
        (
            "board\n#x#\n",
            "line 2, column 2: unexpected `x` in a drawing (use `#` or `.` for a cell, space or `-` for a hole)",
        ),
        (
            "board\n#\t#\n",
            "line 2, column 2: unexpected `\\t` in a drawing (use `#` or `.` for a cell, space or `-` for a hole)",
        ),
        (
            "board\n..#\n",
            "line 2, column 3: this drawing marks cells with both `#` and `.`; use one of them",
        ),
        (
            "board\n--\n\npieces domino\n",
            "line 1, column 1: the drawing of the board has no cells",
        ),
        (
            "board 6x10\n  board 2x2\n",
            "line 2, column 3: a second board (the first is on line 1)",
        ),
        (
            "board 6x0\n",
            "line 1, column 7: `6x0` is not a board size like `6x10` (sides from 1 to 256)",
        ),
        (
            "board 6x10 extra\n",
            "line 1, column 12: unexpected `extra`",
        ),
        (
            "board 6x10: fixed\n",
            "line 1, column 13: unexpected `fixed`",
        ),
        (
            "board 2x2\npieces hexominoes\n",
            "line 2, column 8: unknown family `hexominoes` (known: pentominoes, tetrominoes, trominoes, domino, monomino)",
        ),
        (
            "board 2x2\npieces tetrominoes O Q\n",
            "line 2, column 22: the tetrominoes have no piece `Q`",
        ),
        (
            "board 2x2\npieces\n",
            "line 2, column 1: `pieces` needs a family name, for example `pieces pentominoes`",
        ),
        (
            "board 2x2\npiece\n#\n",
            "line 2, column 1: `piece` needs a name, one character, for example `piece A`",
        ),
        (
            "board 2x2\npiece AB\n#\n",
            "line 2, column 7: `AB` cannot name a piece: use one character other than a space, `#`, `.`, `-`, `:`, `|`, `/` and `<`",
        ),
        (
            "board 2x2\npiece <\n#\n",
            "line 2, column 7: `<` cannot name a piece: use one character other than a space, `#`, `.`, `-`, `:`, `|`, `/` and `<`",
        ),
        (
            "board 2x2\npiece A B\n#\n",
            "line 2, column 9: unexpected `B`",
        ),
        (
            "board 2x2\npieces tetrominoes\npiece O\n##\n",
            "line 3, column 7: piece `O` is already given on line 2",
        ),
        (
            "board 2x2\npieces tetrominoes\npieces pentominoes\n",
            "line 3, column 8: piece `I` is already given on line 2",
        ),
        (
            "board 2x2\npiece A\n\n#\n",
            "line 2, column 1: the drawing of piece `A` has no cells",
        ),
        (
            "board 2x2\n",
            "line 1, column 1: no pieces: add `pieces pentominoes` or a `piece` with a drawing",
        ),
        (
            "// nothing\npieces domino\n",
            "line 2, column 1: no board: add `board HxW` or `board` and a drawing",
        ),
        (
            "",
            "line 1, column 1: no board: add `board HxW` or `board` and a drawing",
        ),
        (
            "board 2x2\npieces domino: x2 optional frozen\n",
            "line 2, column 28: unknown flag `frozen` (known: free, one-sided, fixed, optional, quadrant, and xN for N copies)",
        ),
        (
            "board 2x2\npieces domino: x99999\n",
            "line 2, column 16: `x99999`: the number of copies must be between 1 and 10000",
        ),
    ];
    for &(text, expected) in cases {
        match parse(text) {
            Ok(spec) => panic!("{text:?} parsed: {spec:?}"),
            Err(e) => assert_eq!(e.to_string(), expected, "for {text:?}"),
        }
    }
    let wide = format!("board\n{}\n\npieces monomino\n", "#".repeat(257));
    assert_eq!(
        parse(&wide).unwrap_err().to_string(),
        "line 2, column 257: the board or piece is larger than 256 squares on a side"
    );
    let tall = format!("board\n{}\npieces monomino\n", "#\n".repeat(257));
    assert_eq!(
        parse(&tall).unwrap_err().to_string(),
        "line 258, column 1: the board or piece is larger than 256 squares on a side"
    );
}

#[test]
fn setup_errors_after_parsing() {
    let cases: &[(&str, &str)] = &[
        (
            "board 2x3\npieces domino\n",
            "the pieces cover at most 2 cells, fewer than the board's 6",
        ),
        (
            "board 1x3\npieces trominoes\n",
            "the pieces that must be used cover 6 cells, more than the board's 3 (mark some `optional`?)",
        ),
        (
            "board\n##\n#\n\npieces trominoes L: quadrant\n",
            "piece `L` is restricted to a quadrant, but the board is not symmetric under both mirrors",
        ),
    ];
    for &(text, expected) in cases {
        match Packing::from_text(text) {
            Ok(p) => panic!("{text:?} accepted: {p:?}"),
            Err(e) => assert_eq!(e.to_string(), expected, "for {text:?}"),
        }
    }
    // Too many options, and too many order items for 5000 copies: refused up front.
    let block = format!("{}\n", "#".repeat(256)).repeat(256);
    let huge = format!("board 256x256\npieces pentominoes: optional\npiece B: optional\n{block}");
    let e = Packing::from_text(&huge).unwrap_err().to_string();
    assert!(e.starts_with("the problem is too large"), "{e}");
    let copies = "board 256x256\npiece A: optional x5000\n####\n####\n####\n####\n";
    let e = Packing::from_text(copies).unwrap_err().to_string();
    assert!(e.starts_with("the problem is too large"), "{e}");
}
