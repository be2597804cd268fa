//! Unit tests of `src/queens.rs`.

use dlx_engine::OptionId;
use dlx_puzzles::queens::*;
use dlx_puzzles::{DecodeError, Puzzle};

#[test]
fn organ_pipe_order() {
    assert_eq!(organ_pipe(1), vec![0]);
    assert_eq!(organ_pipe(2), vec![1, 0]);
    assert_eq!(organ_pipe(8), vec![4, 3, 5, 2, 6, 1, 7, 0]);
    assert_eq!(organ_pipe(9), vec![4, 3, 5, 2, 6, 1, 7, 0, 8]);
    for n in 1..30 {
        let mut o = organ_pipe(n);
        o.sort();
        assert_eq!(o, (0..n).collect::<Vec<_>>());
    }
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert!(Queens::new(0).is_err());
    assert_eq!(
        Queens::new(MAX_N + 1).unwrap_err().to_string(),
        format!(
            "the number of queens must be between 1 and {MAX_N}, not {}",
            MAX_N + 1
        )
    );
}

#[test]
fn decode_renders_and_rejects_conflicts() {
    let q = Queens::new(4).unwrap();
    // (0,1) (1,3) (2,0) (3,2)
    let sol = [OptionId(1), OptionId(7), OptionId(8), OptionId(14)];
    let board = q.decode(&sol).unwrap();
    assert_eq!(board.columns(), &[Some(1), Some(3), Some(0), Some(2)]);
    assert_eq!(board.to_string(), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
    assert!(q.check(&board).is_ok());
    let partial = q.decode(&sol[..2]).unwrap();
    assert!(!partial.is_complete());
    assert!(q.check(&partial).is_err());
    assert_eq!(
        q.decode(&[OptionId(1), OptionId(2)]).unwrap_err(),
        DecodeError::Conflict {
            option: 2,
            what: "row 0".into()
        }
    );
    assert_eq!(
        q.decode(&[OptionId(16)]).unwrap_err(),
        DecodeError::UnknownOption(16)
    );
}

#[test]
fn validator_catches_diagonal_attacks() {
    let b = QueensBoard::from_columns(vec![Some(0), Some(2), Some(1), Some(3)]);
    assert_eq!(
        b.check().unwrap_err().to_string(),
        "invalid solution: queens at (0, 0) and (3, 3) attack each other"
    );
}
