//! Unit tests of `src/polyomino/mod.rs`.

use dlx_engine::OptionId;
use dlx_puzzles::Puzzle;
use dlx_puzzles::polyomino::*;

fn option_text(p: &Packing, k: u32) -> String {
    p.problem().display_option(OptionId(k)).to_string()
}

#[test]
fn orientations_are_distinct_and_sorted() {
    let f = &pentominoes()[0];
    let all = f.shape.orientations(Orientations::Free);
    assert_eq!(all.len(), 8);
    assert!(all.windows(2).all(|w| w[0] < w[1]));
    // The first F orientation of the shared files: 00 01 11 12 21.
    let cells: Vec<(u32, u32)> = all[0].cells().iter().map(|c| (c.row, c.col)).collect();
    assert_eq!(cells, [(0, 0), (0, 1), (1, 1), (1, 2), (2, 1)]);
    assert_eq!(f.shape.orientations(Orientations::OneSided).len(), 4);
    assert_eq!(
        f.shape.orientations(Orientations::Fixed),
        vec![f.shape.clone()]
    );
}

#[test]
fn boards_and_cell_names() {
    let scott = Board::scott();
    assert_eq!(scott.cell_count(), 60);
    assert!(!scott.contains(3, 4) && scott.contains(2, 4) && !scott.contains(-1, 0));
    assert!(scott.is_mirror_symmetric());
    let wide = Board::rectangle(2, 40).unwrap();
    assert_eq!(wide.cell_name(Cell::new(1, 37)), "1.37");
    let r = Board::rectangle(5, 12).unwrap();
    assert_eq!(r.cell_name(Cell::new(4, 11)), "4b");
    let l = Board::from_cells([(0, 0), (1, 0), (1, 1)]).unwrap();
    assert!(!l.is_mirror_symmetric());
    assert!(Board::rectangle(0, 3).is_err());
    assert!(Board::from_cells([]).is_err());
}

#[test]
fn x_in_a_quadrant_of_6x10_has_8_placements() {
    let p = Packing::pentominoes(6, 10, true).unwrap();
    let xs: Vec<u32> = (0..p.problem().option_count() as u32)
        .filter(|&k| p.placement(OptionId(k)).unwrap().0 == 9)
        .collect();
    assert_eq!(xs.len(), 8);
    assert_eq!(option_text(&p, xs[0]), "X 01 10 11 12 21");
    assert_eq!(option_text(&p, xs[7]), "X 14 23 24 25 34");
}

#[test]
fn copies_get_numbered_items_and_order_items() {
    let mut d = family("domino").unwrap().remove(0);
    d.copies = 2;
    let p = Packing::new(Board::rectangle(1, 4).unwrap(), vec![d]).unwrap();
    let text = dlx_engine::format::write(p.problem(), None);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("D#1 D#2 00 01 02 03 | D#1<00 D#1<01 D#1<02 D#1<03")
    );
    // Copy 1 at the left end reaches only its own first cell; copy 2 at the right end
    // claims everything from its first cell on.
    assert_eq!(lines.next(), Some("D#1 00 01 D#1<00"));
    assert_eq!(text.lines().last(), Some("D#2 02 03 D#1<02 D#1<03"));
}

/// A piece index, its glyph and its cells.
type Spot = (usize, char, Vec<(u32, u32)>);

#[test]
fn validator_rejects_wrong_shapes_overlaps_and_missing_pieces() {
    let mut l = family_member("trominoes", 'L').unwrap();
    l.orientations = Orientations::Fixed;
    let board = Board::rectangle(2, 2).unwrap();
    let mut m = family("monomino").unwrap().remove(0);
    m.optional = true;
    let p = Packing::new(board, vec![l, m]).unwrap();
    let tiling = |placed: Vec<Spot>| Tiling {
        height: 2,
        width: 2,
        squares: vec![Square::Empty; 4],
        numbers: vec![0; 4],
        most_copies: 1,
        placed: placed
            .into_iter()
            .map(|(piece, glyph, cells)| PlacedPiece {
                piece,
                glyph,
                copy: 0,
                cells: cells.into_iter().map(|(r, c)| Cell::new(r, c)).collect(),
            })
            .collect(),
    };
    // As drawn (`##/#.`) plus the monomino: valid.
    let good = tiling(vec![
        (0, 'L', vec![(0, 0), (0, 1), (1, 0)]),
        (1, 'M', vec![(1, 1)]),
    ]);
    assert_eq!(p.check(&good), Ok(()));
    // Rotated, but L is fixed.
    let turned = tiling(vec![
        (0, 'L', vec![(0, 0), (0, 1), (1, 1)]),
        (1, 'M', vec![(1, 0)]),
    ]);
    assert!(
        p.check(&turned)
            .unwrap_err()
            .0
            .contains("allowed orientation")
    );
    // Overlapping, and a cell left uncovered.
    let overlap = tiling(vec![
        (0, 'L', vec![(0, 0), (0, 1), (1, 0)]),
        (1, 'M', vec![(0, 0)]),
    ]);
    assert_eq!(
        p.check(&overlap).unwrap_err().0,
        "cell (0, 0) is covered 2 times"
    );
    let short = tiling(vec![(0, 'L', vec![(0, 0), (0, 1), (1, 0)])]);
    assert_eq!(
        p.check(&short).unwrap_err().0,
        "cell (1, 1) is covered 0 times"
    );
    // The monomino is optional, the L is not.
    let no_l = tiling(vec![(1, 'M', vec![(0, 0)])]);
    assert!(p.check(&no_l).is_err());
    let stranger = tiling(vec![(5, 'Q', vec![(0, 0)])]);
    assert_eq!(p.check(&stranger).unwrap_err().0, "no piece number 5");
}

/// Regression test for issue 19: four copies of a domino on a 2x4 board were all drawn
/// `D`, so the five packings looked alike.
#[test]
fn copies_of_a_piece_are_told_apart() {
    use dlx_engine::{Config, Links, OnSolution, Search};
    let p = Packing::from_text("board 2x4\npiece D: x4\n##\n").unwrap();
    let mut drawings = Vec::new();
    let mut links = Links::new(p.problem(), Config::default());
    links.run(&mut OnSolution(|o: &[OptionId]| {
        let tiling = p.decode(o).unwrap();
        p.check(&tiling).unwrap();
        drawings.push(tiling.to_string());
        std::ops::ControlFlow::Continue(())
    }));
    assert_eq!(drawings.len(), 5);
    assert_eq!(drawings[0], "D1 D1 D2 D2\nD3 D3 D4 D4\n");
    let distinct: std::collections::BTreeSet<&String> = drawings.iter().collect();
    assert_eq!(distinct.len(), 5, "{drawings:?}");
    // Pieces with one copy keep one glyph, padded to the width of the numbered ones.
    let q = Packing::from_text("board 1x3\npiece M: x2\n#\npiece N\n#\n").unwrap();
    let (first, _) = Links::new(q.problem(), Config::default()).first();
    let tiling = q.decode(&first.unwrap()).unwrap();
    let text = tiling.to_string();
    assert!(text.contains("N "), "{text}");
    assert!(text.contains("M1") && text.contains("M2"), "{text}");
    let numbered: Vec<Option<u32>> = (0..3).map(|c| tiling.copy_number(0, c)).collect();
    assert_eq!(numbered.iter().filter(|n| n.is_none()).count(), 1);
    // Without copies, the drawing is one glyph a cell, as before.
    let r = Packing::from_text("board 1x2\npiece D\n##\n").unwrap();
    let (first, _) = Links::new(r.problem(), Config::default()).first();
    assert_eq!(r.decode(&first.unwrap()).unwrap().to_string(), "DD\n");
}
