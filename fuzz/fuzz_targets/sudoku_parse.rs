//! Every Sudoku reader (`parse`, `parse_with_shape`, `parse_styled`, `parse_line`, `detect`,
//! `cells9`): no panic on any text, every grid read is valid, and a grid written as a line
//! reads back as the same grid.
#![no_main]

use dlx_sudoku::{Grid, Shape};
use libfuzzer_sys::fuzz_target;

fn round_trip(grid: &Grid) {
    grid.validate().expect("a parsed grid is valid");
    let line = grid.to_line();
    let again = dlx_sudoku::parse_with_shape(&line, Some(grid.shape))
        .unwrap_or_else(|e| panic!("{line:?} does not read back: {e}"));
    assert_eq!(&again, grid, "{line:?} reads back differently");
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // The first byte picks a box shape to impose (or none).
    let shape = match first % 8 {
        0..=2 => None,
        k => Shape::new(1 + (k as usize % 3) + 1, 1 + (first as usize / 8) % 5).ok(),
    };
    if let Ok(grid) = dlx_sudoku::parse(text) {
        round_trip(&grid);
    }
    if let Ok(grid) = dlx_sudoku::parse_with_shape(text, shape) {
        round_trip(&grid);
        if let Some(s) = shape {
            assert_eq!(grid.shape, s);
        }
    }
    if let Ok(parsed) = dlx_sudoku::parse_styled(text, shape) {
        round_trip(&parsed.grid);
        let _ = parsed.grid.to_line_styled(&parsed.style);
        let _ = parsed.grid.pretty_styled(&parsed.style);
    }
    let _ = dlx_sudoku::detect(
        dlx_sudoku::parse::content_lines(text)
            .map(|(_, l)| l)
            .take(8),
    );
    for (i, line) in text.lines().enumerate().take(64) {
        if let Ok(Some(parsed)) = dlx_sudoku::parse_line(line, i + 1, shape) {
            round_trip(&parsed.grid);
        }
        if let Some(cells) = dlx_sudoku::cells9(line.as_bytes()) {
            // The fast 9x9 path must agree with the general reader.
            let parsed = dlx_sudoku::parse_line(line, i + 1, None)
                .expect("cells9 accepted a line parse_line refuses")
                .expect("cells9 accepted a blank line");
            assert_eq!(
                parsed.grid.cells,
                cells.to_vec(),
                "cells9 disagrees on {line:?}"
            );
        }
    }
});
