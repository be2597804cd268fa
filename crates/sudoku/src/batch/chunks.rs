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
