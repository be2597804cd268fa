//! Unit tests of `src/langford.rs`.

use dlx_engine::OptionId;
use dlx_puzzles::langford::*;
use dlx_puzzles::{DecodeError, Puzzle};

#[test]
fn the_n4_sequence_decodes_and_renders() {
    let l = Langford::new(4).unwrap();
    // 4 1 3 1 2 4 3 2: 1 at slots 1,3; 2 at 4,7; 3 at 2,6; 4 at 0,5.
    let find = |k, j| {
        (0..l.problem().option_count() as u32)
            .map(OptionId)
            .find(|&o| l.placement(o).map(|p| (p.0, p.1)) == Some((k, j)))
            .unwrap()
    };
    let sol = [find(1, 1), find(2, 4), find(3, 2), find(4, 0)];
    let seq = l.decode(&sol).unwrap();
    assert_eq!(seq.to_string(), "4 1 3 1 2 4 3 2");
    assert!(l.check(&seq).is_ok());
    assert!(seq.reversed().check().is_ok());
    assert_eq!(l.decode(&sol[..1]).unwrap().to_string(), ". 1 . 1 . . . .");
    assert!(matches!(
        l.decode(&[find(1, 1), find(2, 0)]),
        Err(DecodeError::Conflict { .. })
    ));
}

#[test]
fn validator_names_the_broken_pair() {
    let seq = LangfordSequence::from_slots(vec![Some(1), Some(1)]);
    assert_eq!(
        seq.check().unwrap_err().to_string(),
        "invalid solution: the two 1s are in slots 1 and 2, not 2 apart"
    );
    let seq = LangfordSequence::from_slots(vec![Some(1), None, Some(1), Some(1)]);
    assert!(seq.check().is_err());
}

#[test]
fn half_keeps_half_of_the_placements_of_one() {
    for n in 2..12 {
        let full = Langford::new(n).unwrap();
        let half = Langford::half(n).unwrap();
        let ones = |l: &Langford| {
            (0..l.problem().option_count() as u32)
                .filter(|&o| l.placement(OptionId(o)).unwrap().0 == 1)
                .count()
        };
        assert_eq!(ones(&full), 2 * n - 2);
        assert_eq!(ones(&half), n - 1);
    }
}
