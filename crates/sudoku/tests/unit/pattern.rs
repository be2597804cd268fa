//! Unit tests of `src/pattern.rs`.

use dlx_sudoku::pattern::*;

#[test]
fn orbit_sizes_on_9x9() {
    // (orbits, largest orbit) for each symmetry on 81 cells.
    let expect = [
        (Symmetry::None, 81, 1),
        (Symmetry::Rotate180, 41, 2),
        (Symmetry::Rotate90, 21, 4),
        (Symmetry::Horizontal, 45, 2),
        (Symmetry::Vertical, 45, 2),
        (Symmetry::BothMirrors, 25, 4),
        (Symmetry::Diagonal, 45, 2),
        (Symmetry::AntiDiagonal, 45, 2),
        (Symmetry::BothDiagonals, 25, 4),
        (Symmetry::Dihedral, 15, 8),
    ];
    for (s, count, largest) in expect {
        let orbits = s.orbits(9);
        assert_eq!(orbits.len(), count, "{s}");
        assert_eq!(orbits.iter().map(Vec::len).max(), Some(largest), "{s}");
        let mut all: Vec<usize> = orbits.concat();
        all.sort_unstable();
        assert_eq!(all, (0..81).collect::<Vec<_>>(), "{s}");
    }
}

#[test]
fn names_round_trip() {
    for s in Symmetry::ALL {
        assert_eq!(s.as_str().parse::<Symmetry>(), Ok(s));
    }
    assert_eq!("180".parse::<Symmetry>(), Ok(Symmetry::Rotate180));
    assert_eq!(
        "anti-diagonal".parse::<Symmetry>(),
        Ok(Symmetry::AntiDiagonal)
    );
    assert!("spiral".parse::<Symmetry>().is_err());
}

#[test]
fn orbits_partition_the_grid() {
    for s in Symmetry::ALL {
        for n in [4, 6, 9] {
            let orbits = s.orbits(n);
            let mut all: Vec<usize> = orbits.concat();
            all.sort_unstable();
            assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} {n}");
        }
    }
    // The half-turn pairs cells, with the centre alone on 9x9.
    assert_eq!(Symmetry::Rotate180.orbits(9).len(), 41);
    assert_eq!(Symmetry::Rotate90.orbits(9).len(), 21);
    assert_eq!("180".parse(), Ok(Symmetry::Rotate180));
    assert!("spiral".parse::<Symmetry>().is_err());
}
