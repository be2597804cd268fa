//! Unit tests of `src/polyomino/text.rs`.

use dlx_puzzles::polyomino::*;

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

/// Issue 22, item 13 (for the polyomino format too): control characters in what the input
/// names are shown escaped in messages, never raw.
#[test]
fn issue_22_control_characters_are_escaped_in_messages() {
    let e = error("boa\u{1b}rd 3x3\n");
    assert!(e.contains("unknown keyword `boa\\u{1b}rd`"), "{e}");
    let e = error("board 3x3\npieces pento\0minoes\n");
    assert!(!e.contains('\0'), "{e}");
    assert!(e.contains("\\0"), "{e}");
}

#[test]
fn sizes() {
    assert_eq!(parse_size("6x10"), Some((6, 10)));
    assert_eq!(parse_size("6X10"), Some((6, 10)));
    assert_eq!(parse_size("0x10"), None);
    assert_eq!(parse_size("6x"), None);
    assert_eq!(parse_size("6by10"), None);
    assert_eq!(parse_size(&format!("1x{}", MAX_SIDE + 1)), None);
}

#[test]
fn flags_combine_and_conflict() {
    let spec = parse("board 2x3\npiece A: one-sided x2 optional\n##\n#.\n").unwrap_err();
    assert_eq!(spec.kind, ParseErrorKind::MixedMarks);
    let spec = parse("board 2x3\npiece A: one-sided x2 optional\n##\n#\n").unwrap();
    let a = &spec.pieces[0];
    assert_eq!(
        (a.orientations, a.copies, a.optional, a.quadrant),
        (Orientations::OneSided, 2, true, false)
    );
    assert_eq!(a.shape.len(), 3);
    assert_eq!(
        error("board 2x2\npiece A: fixed free\n#\n"),
        "line 2, column 16: flags `fixed` and `free` exclude each other"
    );
    assert_eq!(
        error("board 2x2\npiece A: x2 x3\n#\n"),
        "line 2, column 13: flags `x2` and `x3` exclude each other"
    );
    assert_eq!(
        error("board 2x2\npiece A: x0\n#\n"),
        format!("line 2, column 10: `x0`: the number of copies must be between 1 and {MAX_COPIES}")
    );
    assert_eq!(
        error("board 2x2\npiece A: xyz\n#\n"),
        "line 2, column 10: unknown flag `xyz` (known: free, one-sided, fixed, optional, \
         quadrant, and xN for N copies)"
    );
    assert_eq!(
        error("board 2x2\npiece A: quadrant x2\n#\n"),
        "line 2, column 10: `quadrant` applies to a piece with one copy only"
    );
}
