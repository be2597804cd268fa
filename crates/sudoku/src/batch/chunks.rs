//! The chunk pipeline's input side: the reader that cuts a batch into chunks of puzzle
//! lines with buffers that go round, and the feed the workers share.

use std::sync::mpsc;

use super::input::{Input, InputError, Source, read_line};

/// How many puzzles make one task for a worker.
pub(crate) const CHUNK: usize = 1024;

/// Most input bytes in one chunk, so that big puzzles come out as they are solved.
pub(crate) const CHUNK_BYTES: usize = 64 * 1024;

/// The buffers of one chunk in flight. They go round: the reader fills `text` and `lines`, a
/// worker writes `out`, the printer prints it and hands all three back to the reader.
// PERF: one buffer a chunk, not a string a line: lines read on one thread and dropped on
// another made the allocator's locks a tenth of the run. Reused, not freed: fresh buffers
// every chunk cost 1,100 page faults a run of 100,000 puzzles and 5-8% of its time.
#[derive(Default)]
pub struct Buffers {
    pub text: Vec<u8>,
    pub lines: Vec<Span>,
    pub(crate) out: Vec<u8>,
}

/// Where a line read is in the text of its chunk.
#[derive(Clone, Copy)]
pub struct Span {
    /// Its number in the input, from 1.
    pub line: usize,
    pub start: usize,
    pub end: usize,
    /// Whether it was longer than [`MAX_LINE`](super::input::MAX_LINE) (and only its start
    /// was kept).
    pub cut: bool,
}

/// A chunk of lines read from the input: their text (UTF-8), one after another, and where
/// each is in `text`, in `buf`; and the input bytes read so far.
pub struct Lines {
    pub buf: Buffers,
    pub(crate) bytes: u64,
}

/// Reads the input in chunks of puzzle lines (skipping blanks and comments). Bytes that are
/// not UTF-8 are replaced, line by line.
pub struct Reader {
    pub(crate) name: String,
    pub(crate) stream: bool,
    pub(crate) head: std::vec::IntoIter<String>,
    pub(crate) head_cut: std::iter::Peekable<std::vec::IntoIter<usize>>,
    pub(crate) rest: Option<Box<dyn Source>>,
    pub(crate) line_no: usize,
    pub(crate) bytes: u64,
}

impl Reader {
    pub fn new(mut input: Input) -> Reader {
        Reader {
            head: std::mem::take(&mut input.head).into_iter(),
            head_cut: std::mem::take(&mut input.cut).into_iter().peekable(),
            rest: input.rest.take(),
            name: input.name,
            stream: input.stream,
            line_no: 0,
            bytes: 0,
        }
    }

    /// The next chunk, read into `buffers`; `None` at the end of the input.
    pub fn next(&mut self, mut buffers: Buffers) -> Result<Option<Lines>, InputError> {
        let buf = &mut buffers.text;
        let lines = &mut buffers.lines;
        buf.clear();
        lines.clear();
        while lines.len() < CHUNK && buf.len() < CHUNK_BYTES {
            let start = buf.len();
            let (read, cut) = if let Some(l) = self.head.next() {
                buf.extend_from_slice(l.as_bytes());
                let cut = self.head_cut.next_if_eq(&(self.line_no + 1)).is_some();
                (l.len(), cut)
            } else if let Some(r) = self.rest.as_mut() {
                if self.stream && !lines.is_empty() && r.buffered() == 0 {
                    // The next read may wait for the writer: solve what has come first.
                    break;
                }
                match read_line(r.as_mut(), buf) {
                    Ok((0, _)) => {
                        self.rest = None;
                        continue;
                    }
                    Ok((n, too_long)) => {
                        if !buf[start..].is_ascii() && std::str::from_utf8(&buf[start..]).is_err() {
                            let fixed = String::from_utf8_lossy(&buf[start..]).into_owned();
                            buf.truncate(start);
                            buf.extend_from_slice(fixed.as_bytes());
                        }
                        (n, too_long)
                    }
                    Err(source) => {
                        self.rest = None;
                        return Err(InputError::Io {
                            name: self.name.clone(),
                            source,
                        });
                    }
                }
            } else {
                break;
            };
            self.line_no += 1;
            self.bytes += read as u64;
            // A line cut blank is no blank line: it goes on to be reported.
            if blank_or_comment(&buf[start..]) && !(cut && buf[start..].trim_ascii().is_empty()) {
                buf.truncate(start);
                continue;
            }
            lines.push(Span {
                line: self.line_no,
                start,
                end: buf.len(),
                cut,
            });
        }
        if lines.is_empty() {
            return Ok(None);
        }
        // Every line was checked (or made) UTF-8 above.
        Ok(Some(Lines {
            buf: buffers,
            bytes: self.bytes,
        }))
    }
}

/// What the workers of a batch share: the input, the number of the next chunk, and the
/// buffers free for a chunk (the printer hands them back).
pub(crate) struct Feed {
    pub(crate) reader: Reader,
    pub(crate) seq: usize,
    pub(crate) free: mpsc::Receiver<Buffers>,
    pub(crate) ended: bool,
}

impl Feed {
    /// The next chunk and its number, or `None` once the input has ended, a read failed
    /// (that error is the last chunk), or the printer stopped. Called with the feed locked:
    /// a worker waiting here for free buffers (or for a slow stream) keeps the others
    /// waiting too, which is all they could do anyway; chunks already taken are solved
    /// without the lock.
    pub(crate) fn next(&mut self) -> Option<(usize, Result<Lines, InputError>)> {
        if self.ended {
            return None;
        }
        let chunk = self
            .free
            .recv()
            .ok()
            .and_then(|buffers| self.reader.next(buffers).transpose());
        match chunk {
            Some(chunk) => {
                self.ended = chunk.is_err();
                self.seq += 1;
                Some((self.seq - 1, chunk))
            }
            None => {
                self.ended = true;
                None
            }
        }
    }
}

/// Whether a line (valid UTF-8) is blank or a comment (`#` after any white space).
pub fn blank_or_comment(line: &[u8]) -> bool {
    // Vertical tab is white space to `str::trim_start`, not to `is_ascii_whitespace`.
    match line
        .iter()
        .find(|&&b| !b.is_ascii_whitespace() && b != 0x0B)
    {
        None => true,
        Some(&b) if b.is_ascii() => b == b'#',
        Some(_) => crate::parse::is_comment_or_blank(std::str::from_utf8(line).unwrap_or("")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::input::{MAX_LINE, skip_bom};
    use crate::parse::InputKind;
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
}
