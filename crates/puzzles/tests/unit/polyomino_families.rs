//! Unit tests of `src/polyomino/families.rs`.

use dlx_puzzles::polyomino::*;

#[test]
fn pentominoes_have_the_known_numbers_of_orientations() {
    let counts: Vec<usize> = pentominoes()
        .iter()
        .map(|p| p.shape.orientations(Orientations::Free).len())
        .collect();
    // F I L N P T U V W X Y Z
    assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert!(pentominoes().iter().all(|p| p.shape.len() == 5));
    // 63 fixed pentominoes in all (OEIS A001168).
    assert_eq!(counts.iter().sum::<usize>(), 63);
}

#[test]
fn tetrominoes_one_sided_and_free() {
    let free = family("tetrominoes").unwrap();
    assert_eq!(free.len(), 5);
    let fixed: usize = free
        .iter()
        .map(|p| p.shape.orientations(Orientations::Free).len())
        .sum();
    assert_eq!(fixed, 19); // A001168(4)
    let all: Vec<Piece> = "IOTLSJZ"
        .chars()
        .map(|g| family_member("tetromino", g).unwrap())
        .collect();
    let one_sided: usize = all
        .iter()
        .map(|p| p.shape.orientations(Orientations::OneSided).len())
        .sum();
    assert_eq!(one_sided, 19);
    assert!(family("hexominoes").is_none());
    assert!(family_member("tetrominoes", 'F').is_none());
}
