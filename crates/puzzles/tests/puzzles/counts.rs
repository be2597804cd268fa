//! Solution counts against published values, every solution checked by the puzzle's own
//! validator (and the engine's exact-cover checker).

use dlx_engine::{OptionId, Search, reference};
use dlx_puzzles::polyomino::{Board, Packing, Piece, Shape, family, family_member};
use dlx_puzzles::{Langford, Orientations, Puzzle, Queens};

use crate::common::{count, count_checked};

/// OEIS A000170: the number of ways to place n non-attacking queens, n = 1..=10.
const A000170: [u64; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

#[test]
fn queens_match_oeis_a000170() {
    for (k, &expected) in A000170.iter().enumerate() {
        let n = k + 1;
        assert_eq!(count_checked(&Queens::new(n).unwrap()), expected, "n = {n}");
    }
}

/// OEIS A014552: Langford pairings up to reversal; the encoding counts both directions.
#[test]
fn langford_matches_twice_oeis_a014552() {
    for (n, a014552) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 0),
        (6, 0),
        (7, 26),
        (8, 150),
        (11, 17792),
    ] {
        let full = Langford::new(n).unwrap();
        assert_eq!(count_checked(&full), 2 * a014552, "n = {n}");
        let half = Langford::half(n).unwrap();
        assert_eq!(count_checked(&half), a014552, "n = {n}, half");
    }
}

#[test]
fn langford_half_keeps_exactly_one_of_each_mirror_pair() {
    use std::collections::BTreeSet;
    let collect = |l: &Langford| -> BTreeSet<String> {
        let mut links = dlx_engine::Links::new(l.problem(), Default::default());
        let (all, out) = links.collect(u64::MAX);
        assert!(out.is_complete());
        all.iter()
            .map(|s| l.decode(s).unwrap().to_string())
            .collect()
    };
    let full = collect(&Langford::new(8).unwrap());
    let half = collect(&Langford::half(8).unwrap());
    assert_eq!(full.len(), 2 * half.len());
    for s in &half {
        let reversed: Vec<&str> = s.split(' ').rev().collect();
        let reversed = reversed.join(" ");
        assert!(full.contains(s) && full.contains(&reversed));
        assert!(!half.contains(&reversed), "{s} and its mirror both kept");
    }
}

#[test]
fn pentominoes_3x20_has_8_solutions() {
    let p = Packing::pentominoes(3, 20, false).unwrap();
    assert_eq!(count_checked(&p), 8);
    // The same board turned on its side.
    assert_eq!(count(&Packing::pentominoes(20, 3, false).unwrap()), 8);
}

#[test]
fn pentominoes_6x10_with_x_in_a_quadrant_has_2339_solutions() {
    assert_eq!(
        count_checked(&Packing::pentominoes(6, 10, true).unwrap()),
        2339
    );
}

#[test]
fn pentominoes_4x15_has_1472_solutions() {
    assert_eq!(count(&Packing::pentominoes(4, 15, false).unwrap()), 1472);
}

#[test]
fn scott_has_520_solutions_and_130_with_x_in_a_quadrant() {
    assert_eq!(count_checked(&Packing::scott(false).unwrap()), 520);
    // The quadrant breaks the two mirrors, not the diagonal ones: 65 distinct x 2.
    assert_eq!(count_checked(&Packing::scott(true).unwrap()), 130);
}

/// Several seconds each even in release mode: `cargo test -- --ignored`.
#[test]
#[ignore]
fn pentominoes_big_rectangles() {
    for (h, w, n) in [(6, 10, 9356), (10, 6, 9356), (5, 12, 4040)] {
        assert_eq!(
            count(&Packing::pentominoes(h, w, false).unwrap()),
            n,
            "{h}x{w}"
        );
    }
}

/// Domino tilings of small rectangles (OEIS A099390), counted once per tiling thanks to the
/// ordering of identical copies.
#[test]
fn identical_dominoes_count_each_tiling_once() {
    for (h, w, tilings) in [
        (2, 2, 2),
        (2, 4, 5),
        (2, 6, 13),
        (3, 4, 11),
        (4, 4, 36),
        (4, 5, 95),
        (6, 6, 6728),
    ] {
        let mut domino = family("domino").unwrap().remove(0);
        domino.copies = (h * w / 2) as u32;
        let p = Packing::new(Board::rectangle(h, w).unwrap(), vec![domino]).unwrap();
        assert_eq!(count_checked(&p), tilings, "{h}x{w}");
    }
}

#[test]
fn labelled_copies_count_m_factorial_times_more() {
    // Four dominoes with distinct names on 2x4: 5 tilings x 4! labellings.
    let dominoes: Vec<Piece> = "ABCD"
        .chars()
        .map(|g| Piece::new(g, Shape::new([(0, 0), (0, 1)]).unwrap()))
        .collect();
    let p = Packing::new(Board::rectangle(2, 4).unwrap(), dominoes).unwrap();
    assert_eq!(count_checked(&p), 5 * 24);
}

/// A tiny deterministic generator (64-bit LCG), so the random cases are the same every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random small boards and piece sets: the engine's count equals the brute-force reference's,
/// and every engine solution passes the validator.
#[test]
fn small_random_packings_agree_with_brute_force() {
    let mut rng = Lcg(2024);
    let pool: Vec<Piece> = ["monomino", "domino", "trominoes", "tetrominoes"]
        .iter()
        .flat_map(|f| family(f).unwrap())
        .chain(
            "JZ".chars()
                .map(|g| family_member("tetrominoes", g).unwrap()),
        )
        .collect();
    let mut tried = 0;
    let mut with_solutions = 0;
    while tried < 120 {
        let (h, w) = (1 + rng.below(3) as u32, 2 + rng.below(4) as u32);
        // A board: the rectangle minus a few random holes.
        let cells: Vec<(u32, u32)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter(|_| rng.below(6) != 0)
            .collect();
        let Ok(board) = Board::from_cells(cells) else {
            continue;
        };
        // Up to four pieces with distinct glyphs and random flags.
        let mut pieces: Vec<Piece> = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let mut p = pool[rng.below(pool.len() as u64) as usize].clone();
            if pieces.iter().any(|q| q.glyph == p.glyph) {
                continue;
            }
            p.orientations = [
                Orientations::Free,
                Orientations::OneSided,
                Orientations::Fixed,
            ][rng.below(3) as usize];
            p.copies = 1 + rng.below(3) as u32;
            p.optional = rng.below(3) == 0;
            pieces.push(p);
        }
        let Ok(packing) = Packing::new(board, pieces) else {
            continue;
        };
        if packing.problem().option_count() > 22 {
            continue;
        }
        tried += 1;
        let reference = reference::solutions(packing.problem());
        let ours = count_checked(&packing);
        assert_eq!(ours, reference.len() as u64, "{packing:?}");
        // The brute-force solutions decode to valid tilings too.
        for s in &reference {
            let t = packing.decode(s).unwrap();
            packing.check(&t).unwrap();
        }
        with_solutions += usize::from(ours > 0);
    }
    assert!(
        with_solutions >= 15,
        "only {with_solutions} cases had solutions"
    );
}

#[test]
fn optional_pieces_fill_a_smaller_board() {
    // Tetrominoes I and O and two dominoes, all optional, on a 2x4 board: by hand, I on
    // either row with two dominoes beside it (2), or O in one of three places with the two
    // dominoes in what is left (2 + 1 + 2): 7 tilings.
    let mut pieces: Vec<Piece> = "IO"
        .chars()
        .map(|g| family_member("tetrominoes", g).unwrap())
        .collect();
    let mut domino = family("domino").unwrap().remove(0);
    domino.copies = 2;
    pieces.push(domino);
    for p in &mut pieces {
        p.optional = true;
    }
    let p = Packing::new(Board::rectangle(2, 4).unwrap(), pieces).unwrap();
    assert!(p.problem().option_count() <= 30);
    assert_eq!(reference::solutions(p.problem()).len(), 7);
    assert_eq!(count_checked(&p), 7);
}

#[test]
fn decode_rejects_conflicts_and_unknown_options() {
    let p = Packing::pentominoes(3, 20, false).unwrap();
    let n = p.problem().option_count() as u32;
    assert!(p.decode(&[OptionId(n)]).is_err());
    // Options 0 and 1 place the same copy of F.
    assert!(p.decode(&[OptionId(0), OptionId(1)]).is_err());
    let partial = p.decode(&[OptionId(0)]).unwrap();
    assert!(!partial.is_complete());
    assert!(p.check(&partial).is_err());
}
