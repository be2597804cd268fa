//! Reading a batch's input: any buffered reader (a file, a pipe, stdin: the caller opens it),
//! read ahead just enough to tell one grid from a file of puzzles ([`Input::read_ahead`]),
//! with lines cut at [`MAX_LINE`] and bytes that are not UTF-8 replaced, in bounded memory.

use std::io::{self, BufRead, BufReader, Read};

use crate::parse::{InputKind, MAX_GRID_LINES, detect, detect_lines_needed, is_comment_or_blank};

/// Why the input could not be read, naming it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The reader failed.
    #[error("cannot read {name}: {source}")]
    Io {
        /// The input's name.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// One puzzle whose text is not UTF-8.
    #[error("{name}: not UTF-8 text{}", line.map_or(String::new(), |l| format!(" (line {l})")))]
    NotUtf8 {
        /// The input's name.
        name: String,
        /// The first line that is not, when known.
        line: Option<usize>,
    },
    /// One puzzle with a line longer than [`MAX_LINE`].
    #[error("{name}: line {line} is longer than {} KiB: not a puzzle", MAX_LINE / 1024)]
    LineTooLong {
        /// The input's name.
        name: String,
        /// The line.
        line: usize,
    },
    /// One puzzle of more than [`MAX_GRID_TEXT`] bytes.
    #[error(
        "{name}: more than {} MiB: too big for one puzzle (for a file of puzzles, one a line, \
         use --input-kind lines)",
        MAX_GRID_TEXT >> 20
    )]
    TooBig {
        /// The input's name.
        name: String,
    },
}

fn io_error(name: &str) -> impl Fn(io::Error) -> InputError + '_ {
    move |source| InputError::Io {
        name: name.to_string(),
        source,
    }
}

/// A buffered reader that tells how much it holds: when nothing is left in its buffer, the
/// next read may wait for a slow writer, so a batch hands on what it has first.
pub trait Source: BufRead + Send {
    /// Bytes read from the underlying reader but not yet consumed.
    fn buffered(&self) -> usize;
}

impl<R: Read + Send> Source for BufReader<R> {
    fn buffered(&self) -> usize {
        self.buffer().len()
    }
}

/// An opened input: its name for messages, its first content lines, and the rest.
pub struct Input {
    /// `stdin`, the file name, or `argument`.
    pub name: String,
    /// One puzzle or one a line.
    pub kind: InputKind,
    /// Lines read so far (all of them for a puzzle given whole, see [`Input::text`]).
    pub head: Vec<String>,
    /// The rest of the input.
    pub rest: Option<Box<dyn Source>>,
    /// Whether the input is a stream (stdin) whose lines may come slowly: a batch then solves
    /// the lines it has before waiting for more.
    pub stream: bool,
    /// The size in bytes, when known (for progress).
    pub size: Option<u64>,
    /// The first line of `head` that was not UTF-8, if any.
    pub not_utf8: Option<usize>,
    /// The lines of `head` (numbered from 1) longer than [`MAX_LINE`], kept cut.
    pub cut: Vec<usize>,
}

impl Input {
    /// An input that is all in `text` (a puzzle given as an argument): `kind` as the caller
    /// says, or detected.
    pub fn text(name: String, text: &str, kind: Option<InputKind>) -> Input {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let head: Vec<String> = text.lines().map(str::to_string).collect();
        let kind = kind.unwrap_or_else(|| detect(head.iter().map(String::as_str)));
        Input {
            name,
            kind,
            head,
            rest: None,
            stream: false,
            size: None,
            not_utf8: None,
            cut: Vec::new(),
        }
    }

    /// Reads enough of `reader` to detect its kind (`kind`: the caller's choice, or `None` to
    /// detect it); `size` is the file's length when known (a stream has none).
    pub fn read_ahead(
        name: String,
        reader: Box<dyn Source>,
        size: Option<u64>,
        kind: Option<InputKind>,
    ) -> Result<Input, InputError> {
        let mut reader = reader;
        skip_bom(&mut reader).map_err(io_error(&name))?;
        let mut head = Vec::new();
        let mut not_utf8 = None;
        let mut content = 0;
        let mut cut = Vec::new();
        // Only `auto` needs the first lines to tell a grid from lines of puzzles: a forced kind
        // starts at once, which lets `--input-kind lines` answer a stream line by line.
        let mut lookahead = if kind.is_none() {
            MAX_GRID_LINES + 1
        } else {
            0
        };
        // The look-ahead is bounded too: a flood of blank or comment lines before the first
        // puzzles is not kept whole (it took 25 bytes of memory a byte of input).
        let mut head_bytes = 0;
        let mut flooded = false;
        // At a terminal, end of input is one Ctrl-D: once seen, the input is not read again.
        let mut ended = false;
        while content < lookahead {
            if head.len() >= LOOKAHEAD_LINES || head_bytes >= LOOKAHEAD_BYTES {
                flooded = true;
                break;
            }
            let mut bytes = Vec::new();
            let (got, too_long) = read_line(&mut reader, &mut bytes).map_err(io_error(&name))?;
            if got == 0 {
                ended = true;
                break;
            }
            if too_long {
                cut.push(head.len() + 1);
            }
            let line = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
            if not_utf8.is_none() && line.contains(char::REPLACEMENT_CHARACTER) {
                not_utf8 = Some(head.len() + 1);
            }
            let l = line.trim_end_matches(['\n', '\r']).to_string();
            head_bytes += l.len();
            if !is_comment_or_blank(&l) {
                if content == 0 && lookahead > 0 {
                    // A first line of L symbols may start a square grid of L lines.
                    lookahead = detect_lines_needed(&l);
                }
                content += 1;
            }
            head.push(l);
        }
        let kind = match kind {
            Some(k) => k,
            // Thousands of lines without two puzzle lines among them: not one grid.
            None if flooded && content < 2 => InputKind::Lines,
            None => detect(head.iter().map(String::as_str)),
        };
        Ok(Input {
            name,
            kind,
            head,
            stream: size.is_none(),
            rest: (!ended).then_some(reader),
            size,
            not_utf8,
            cut,
        })
    }

    /// The whole text (for a single puzzle), at most [`MAX_GRID_TEXT`] bytes.
    pub fn into_text(mut self) -> Result<String, InputError> {
        if let Some(line) = self.not_utf8 {
            return Err(InputError::NotUtf8 {
                name: self.name,
                line: Some(line),
            });
        }
        if let Some(&line) = self.cut.first() {
            return Err(InputError::LineTooLong {
                name: self.name,
                line,
            });
        }
        let mut text = self.head.join("\n");
        if !self.head.is_empty() {
            text.push('\n');
        }
        if let Some(r) = self.rest.take() {
            let mut more = Vec::new();
            let limit = MAX_GRID_TEXT.saturating_sub(text.len());
            r.take(limit as u64 + 1)
                .read_to_end(&mut more)
                .map_err(io_error(&self.name))?;
            if more.len() > limit {
                return Err(InputError::TooBig { name: self.name });
            }
            let Ok(more) = String::from_utf8(more) else {
                return Err(InputError::NotUtf8 {
                    name: self.name,
                    line: None,
                });
            };
            text.push_str(&more);
        }
        Ok(text)
    }
}

/// The longest line kept from a puzzle file: a 64x64 puzzle written on one line as numbers
/// takes about 12 KiB. Longer lines are cut here and reported invalid, so that memory stays
/// bounded whatever the input (a file without a newline, say).
pub const MAX_LINE: usize = 256 * 1024;

/// The most lines read ahead to tell one grid from a file of puzzles (when fewer than two
/// of them hold a puzzle, the input is taken as lines of puzzles).
pub const LOOKAHEAD_LINES: usize = 10_000;

/// The most bytes read ahead to tell one grid from a file of puzzles (66 lines of a 64x64
/// grid drawn with borders take under 1 MiB).
pub const LOOKAHEAD_BYTES: usize = 2 << 20;

/// The most text read for one puzzle given as a grid (a 64x64 grid drawn with borders and
/// padding takes well under 1 MiB).
pub const MAX_GRID_TEXT: usize = 16 << 20;

/// Skips a UTF-8 byte-order mark at the start of `r` (Windows editors begin UTF-8 files with
/// one). The mark is looked at whole in the reader's buffer; only when the buffer holds less
/// than a mark (a pipe that delivered one or two bytes) are matching bytes taken one by one,
/// and then input beginning with just part of a mark loses that part (such bytes begin
/// letters U+FE00 to U+FEFF, not a puzzle).
pub fn skip_bom(r: &mut dyn BufRead) -> io::Result<()> {
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
    let buf = r.fill_buf()?;
    if buf.starts_with(&BOM) {
        r.consume(3);
    } else if buf.len() < 3 && !buf.is_empty() && BOM.starts_with(buf) {
        for &b in &BOM {
            match r.fill_buf()?.first() {
                Some(&first) if first == b => r.consume(1),
                _ => break,
            }
        }
    }
    Ok(())
}

/// Appends the next line of `r` (with its newline) to `buf`, or its first [`MAX_LINE`] bytes
/// if it is longer (the rest is read and dropped). Returns the bytes read, 0 at the end of the
/// input, and whether the line was cut.
// PERF: the end of the line found by a vectorised search (`memchr`); with ASCII tests before
// any UTF-8 check, reading went from 3.5% to 1% of the instructions of an easy batch.
pub fn read_line(r: &mut dyn BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let mut read = 0;
    let mut kept = 0;
    loop {
        let avail = match r.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok((read, read > kept));
        }
        let (take, end) = match memchr::memchr(b'\n', avail) {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        let keep = take.min(MAX_LINE - kept);
        buf.extend_from_slice(&avail[..keep]);
        kept += keep;
        r.consume(take);
        read += take;
        if end {
            return Ok((read, read > kept));
        }
    }
}
