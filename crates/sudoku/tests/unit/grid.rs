//! Unit tests of `src/grid.rs`.

use dlx_sudoku::grid::*;

#[test]
fn default_shapes_are_wider_than_tall() {
    let s = |n| Shape::for_size(n).map(|s| (s.rows, s.cols));
    assert_eq!(s(4), Ok((2, 2)));
    assert_eq!(s(6), Ok((2, 3)));
    assert_eq!(s(8), Ok((2, 4)));
    assert_eq!(s(9), Ok((3, 3)));
    assert_eq!(s(12), Ok((3, 4)));
    assert_eq!(s(16), Ok((4, 4)));
    assert_eq!(s(25), Ok((5, 5)));
    assert_eq!(s(64), Ok((8, 8)));
    assert!(s(7).is_err());
    assert!(s(3).is_err());
    assert!(s(65).is_err());
    assert_eq!(
        Shape::for_size(7).unwrap_err().to_string(),
        "unsupported size: 7x7 (a prime size has no box shape); supported sizes are 4x4 to 64x64 with boxes of at least 2x2 cells, such as 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25"
    );
}

#[test]
fn boxes_are_numbered_row_major() {
    let s = Shape { rows: 2, cols: 3 };
    // 6x6: boxes 2 rows tall, 3 columns wide; two boxes across, three down.
    assert_eq!(s.box_of(0, 0), 0);
    assert_eq!(s.box_of(0, 3), 1);
    assert_eq!(s.box_of(2, 0), 2);
    assert_eq!(s.box_of(5, 5), 5);
    for b in 0..6 {
        for (r, c) in s.house_cells(House::Box(b)) {
            assert_eq!(s.box_of(r, c), b);
        }
    }
}

#[test]
fn shapes_parse_from_text() {
    assert_eq!("2x3".parse::<Shape>(), Ok(Shape { rows: 2, cols: 3 }));
    assert_eq!("3X4".parse::<Shape>(), Ok(Shape { rows: 3, cols: 4 }));
    assert!("3".parse::<Shape>().is_err());
    assert!("1x5".parse::<Shape>().is_err());
}

#[test]
fn grids_are_validated() {
    let s = Shape::new(2, 2).unwrap();
    assert!(Grid::new(s, vec![0; 16]).is_ok());
    assert!(matches!(
        Grid::new(s, vec![0; 15]),
        Err(GridError::Length { .. })
    ));
    let mut cells = vec![0; 16];
    cells[5] = 5;
    assert_eq!(
        Grid::new(s, cells).unwrap_err().to_string(),
        "r2c2 holds 5, larger than 4"
    );
}

#[test]
fn big_grids_are_written_with_numbers() {
    let s = Shape::new(6, 6).unwrap();
    let mut g = Grid::empty(s);
    g.cells[0] = 36;
    g.cells[1] = 7;
    let line = g.to_line();
    assert!(line.starts_with("36 7 . ."));
    assert!(g.pretty().starts_with("+"));
    assert!(g.pretty().contains("| 36  7  ."));
}
