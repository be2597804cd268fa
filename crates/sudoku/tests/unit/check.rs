//! Unit tests of `src/check.rs`.

use dlx_sudoku::check::*;
use dlx_sudoku::grid::Grid;
use dlx_sudoku::grid::Shape;
use dlx_sudoku::parse;

#[test]
fn conflicts_name_both_cells_and_the_house() {
    // 5 at r1c3 and r1c8 (row), 7 at r2c1 and r3c2 (box 1), 9 at r4c5 and r9c5 (column).
    let mut cells = vec![0u8; 81];
    cells[2] = 5;
    cells[7] = 5;
    cells[9] = 7;
    cells[19] = 7;
    cells[3 * 9 + 4] = 9;
    cells[8 * 9 + 4] = 9;
    let g = Grid::new(Shape::new(3, 3).unwrap(), cells).unwrap();
    let c: Vec<String> = check_givens(&g).iter().map(|c| c.to_string()).collect();
    assert_eq!(
        c,
        vec![
            "digit 5 at r1c3 repeats r1c8 in row 1",
            "digit 9 at r4c5 repeats r9c5 in column 5",
            "digit 7 at r2c1 repeats r3c2 in box 1",
        ]
    );
}

#[test]
fn candidates_follow_the_rules() {
    let mut text = vec![b'.'; 81];
    text[0] = b'1';
    text[72] = b'2';
    let g = parse(std::str::from_utf8(&text).unwrap()).unwrap();
    let cand = candidates(&g);
    assert_eq!(cand[0], 1);
    // r1c2 sees the 1 in its row and box.
    assert_eq!(cand[1], 0b1_1111_1110);
    // r9c1 holds the 2; r9c2 sees it in its row and box.
    assert_eq!(cand[72], 0b10);
    assert_eq!(cand[73], 0b1_1111_1101);
    // r5c1 sees the 1 above and the 2 below in its column.
    assert_eq!(cand[36], 0b1_1111_1100);
    assert!(check_givens(&g).is_empty());
}
