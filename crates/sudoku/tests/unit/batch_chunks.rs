//! Unit tests of `src/batch/chunks.rs`.

use dlx_sudoku::batch::chunks::*;
use dlx_sudoku::batch::{Input, MAX_LINE, read_line, skip_bom};
use dlx_sudoku::parse::InputKind;
use std::io::{BufRead, BufReader, Read};

#[test]
fn read_line_matches_read_until_across_buffer_ends() {
    let text = b"first line\n\nsecond, longer than the buffer\nno newline at the end";
    for capacity in [1, 2, 3, 7, 64] {
        let mut ours = BufReader::with_capacity(capacity, &text[..]);
        let mut std = BufReader::with_capacity(capacity, &text[..]);
        loop {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let (n, cut) = read_line(&mut ours, &mut a).unwrap();
            let m = std.read_until(b'\n', &mut b).unwrap();
            assert_eq!((n, &a), (m, &b), "capacity {capacity}");
            assert!(!cut);
            if n == 0 {
                break;
            }
        }
    }
}

#[test]
fn skip_bom_takes_the_mark_only() {
    let bom = "\u{feff}";
    for capacity in [1, 2, 3, 64] {
        for (text, want) in [
            (format!("{bom}1.3\n"), "1.3\n"),
            (format!("{bom}{bom}x"), "\u{feff}x"),
            ("1.3\n".to_string(), "1.3\n"),
            (bom.to_string(), ""),
            (String::new(), ""),
        ] {
            let mut r = BufReader::with_capacity(capacity, text.as_bytes());
            skip_bom(&mut r).unwrap();
            let mut rest = String::new();
            r.read_to_string(&mut rest).unwrap();
            assert_eq!(rest, want, "capacity {capacity}, {text:?}");
        }
    }
    // A letter that starts like a mark stays whole when the buffer holds three bytes
    // (the readers here hold 64 KiB).
    let mut r = BufReader::with_capacity(3, "\u{fe00}z".as_bytes());
    skip_bom(&mut r).unwrap();
    let mut rest = String::new();
    r.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "\u{fe00}z");
}

#[test]
fn read_line_keeps_the_start_of_a_long_line_and_reads_past_it() {
    let mut text = vec![b'7'; MAX_LINE + 1000];
    text.extend_from_slice(b"\nnext\n");
    for capacity in [10, 4096, 1 << 20] {
        let mut r = BufReader::with_capacity(capacity, &text[..]);
        let mut a = Vec::new();
        assert_eq!(read_line(&mut r, &mut a).unwrap(), (MAX_LINE + 1001, true));
        assert_eq!(a.len(), MAX_LINE);
        let mut b = Vec::new();
        assert_eq!(read_line(&mut r, &mut b).unwrap(), (5, false));
        assert_eq!(b, b"next\n");
        assert_eq!(read_line(&mut r, &mut b).unwrap(), (0, false));
    }
}

/// The lines a batch should solve, read the simple way: (number, text) of each line that
/// is neither blank nor a comment, not-UTF-8 bytes replaced.
fn reference_lines(data: &[u8]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut pieces: Vec<&[u8]> = data.split_inclusive(|&b| b == b'\n').collect();
    if data.is_empty() {
        pieces.clear();
    }
    for (k, piece) in pieces.into_iter().enumerate() {
        let text = String::from_utf8_lossy(piece).into_owned();
        let t = text.trim_start();
        if !(t.is_empty() || t.starts_with('#')) {
            out.push((k + 1, text));
        }
    }
    out
}

#[test]
fn reader_chunks_agree_with_a_plain_split_of_random_input() {
    let alphabet: &[&[u8]] = &[
        b"1",
        b"5",
        b".",
        b" ",
        b"\t",
        b"\r",
        b"\n",
        b"\n",
        b"#",
        b"\xff",
        b"\xc3\xa9",
        b"\xe3\x80\x80",
        b"\x0b",
    ];
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for case in 0..300 {
        let mut data = Vec::new();
        for _ in 0..next() % 3000 {
            data.extend_from_slice(alphabet[(next() % alphabet.len() as u64) as usize]);
        }
        let head_lines = (next() % 4) as usize;
        let (head, rest): (Vec<&[u8]>, &[u8]) = {
            // The first lines as the kind detection leaves them: whole lines, newline
            // dropped, the rest still to read.
            let mut head = Vec::new();
            let mut at = 0;
            while head.len() < head_lines {
                match data[at..].iter().position(|&b| b == b'\n') {
                    Some(i) => {
                        head.push(&data[at..at + i]);
                        at += i + 1;
                    }
                    None => break,
                }
            }
            (head, &data[at..])
        };
        let input = Input {
            name: "test".into(),
            kind: InputKind::Lines,
            head: head
                .iter()
                .map(|l| String::from_utf8_lossy(l).into_owned())
                .collect(),
            rest: Some(Box::new(BufReader::with_capacity(
                1 + (next() % 100) as usize,
                std::io::Cursor::new(rest.to_vec()),
            ))),
            stream: false,
            size: None,
            not_utf8: None,
            cut: Vec::new(),
        };
        let mut reader = Reader::new(input);
        let mut got = Vec::new();
        while let Some(lines) = reader.next(Buffers::default()).unwrap() {
            for span in &lines.buf.lines {
                assert!(!span.cut);
                let text = String::from_utf8(lines.buf.text[span.start..span.end].to_vec());
                got.push((span.line, text.expect("UTF-8")));
            }
        }
        // Head lines lost their newline; compare without line ends.
        let strip = |v: Vec<(usize, String)>| -> Vec<(usize, String)> {
            v.into_iter()
                .map(|(n, t)| (n, t.trim_end_matches('\n').to_string()))
                .collect()
        };
        assert_eq!(strip(got), strip(reference_lines(&data)), "case {case}");
    }
}

#[test]
fn blank_or_comment_agrees_with_trimmed_text() {
    let lines = [
        "",
        "\n",
        "  \t\r\n",
        "\u{0B}\u{0C}",
        "# note",
        "   # note",
        "\u{0B}#",
        "1.3",
        " 1",
        "\u{A0}",
        "\u{A0}# note",
        "\u{3000}x",
        "é",
        "\u{85}",
    ];
    for line in lines {
        let t = line.trim_start();
        assert_eq!(
            blank_or_comment(line.as_bytes()),
            t.is_empty() || t.starts_with('#'),
            "{line:?}"
        );
    }
}
