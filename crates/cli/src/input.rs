//! Reading the input of `dlx xcc` and `dlx polyomino`: a file (regular or not: a pipe, a
//! process substitution, a device), or stdin for `-`.
//!
//! The reader is bounded (issue 22): it stops at [`MAX_INPUT`] bytes, and it refuses input that
//! is not text (a NUL byte, or bytes that are not UTF-8) as soon as it meets it, with the byte
//! and line where it is, so `dlx xcc /dev/zero` or `/dev/urandom` fails at once in bounded
//! memory.

use std::io::{self, Read};
use std::path::PathBuf;

use anyhow::{Context, Result};

/// The largest input read, in bytes (256 MiB): well above the largest problem the solvers
/// handle comfortably.
pub const MAX_INPUT: usize = 256 << 20;

/// Reads a file, or stdin for `-` or no file, up to [`MAX_INPUT`] bytes of UTF-8 text.
pub fn read_input(file: Option<&PathBuf>) -> Result<String> {
    match file {
        Some(p) if p.as_os_str() != "-" => {
            let f =
                std::fs::File::open(p).with_context(|| format!("cannot read {}", p.display()))?;
            read_text(f, MAX_INPUT).with_context(|| p.display().to_string())
        }
        _ => read_text(io::stdin().lock(), MAX_INPUT).context("stdin"),
    }
}

/// Why [`read_text`] refused its input.
#[derive(Debug)]
pub enum InputError {
    /// More than the limit (in bytes).
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// A NUL byte: binary data, not text (1-based line, 0-based byte).
    Nul {
        /// 1-based line.
        line: usize,
        /// 0-based byte offset.
        byte: usize,
    },
    /// Bytes that are not UTF-8.
    NotUtf8 {
        /// 1-based line.
        line: usize,
        /// 0-based byte offset.
        byte: usize,
    },
    /// The read itself failed.
    Io(io::Error),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::TooLarge { limit } => write!(
                f,
                "input larger than {limit} bytes (the most read is {} MiB)",
                limit >> 20
            ),
            InputError::Nul { line, byte } => {
                write!(
                    f,
                    "line {line}, byte {byte}: a NUL byte: binary data, not text"
                )
            }
            InputError::NotUtf8 { line, byte } => {
                write!(f, "line {line}, byte {byte}: not UTF-8 text")
            }
            InputError::Io(e) => write!(f, "cannot read: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

/// Reads `reader` to its end as UTF-8 text of at most `limit` bytes, checking each block as it
/// arrives: the first NUL or invalid byte, or the byte past the limit, ends the read with an
/// error, so memory stays within `limit` plus one block.
pub fn read_text<R: Read>(mut reader: R, limit: usize) -> Result<String, InputError> {
    const BLOCK: usize = 64 << 10;
    let mut buf: Vec<u8> = Vec::new();
    // Bytes before `checked` are valid UTF-8 without NUL; `lines` newlines among them.
    let mut checked = 0usize;
    let mut lines = 0usize;
    let mut block = vec![0u8; BLOCK];
    loop {
        let n = match reader.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(InputError::Io(e)),
        };
        if buf.len() + n > limit {
            return Err(InputError::TooLarge { limit });
        }
        buf.extend_from_slice(&block[..n]);
        let line_of = |checked: usize, lines: usize, byte: usize, buf: &[u8]| {
            lines + 1 + buf[checked..byte].iter().filter(|&&b| b == b'\n').count()
        };
        if let Some(k) = buf[checked..].iter().position(|&b| b == 0) {
            let byte = checked + k;
            let line = line_of(checked, lines, byte, &buf);
            return Err(InputError::Nul { line, byte });
        }
        let valid = match std::str::from_utf8(&buf[checked..]) {
            Ok(_) => buf.len(),
            Err(e) if e.error_len().is_some() => {
                let byte = checked + e.valid_up_to();
                let line = line_of(checked, lines, byte, &buf);
                return Err(InputError::NotUtf8 { line, byte });
            }
            // A character cut at the end of the block: checked with the next one.
            Err(e) => checked + e.valid_up_to(),
        };
        lines += buf[checked..valid].iter().filter(|&&b| b == b'\n').count();
        checked = valid;
    }
    if checked < buf.len() {
        let line = lines + 1;
        return Err(InputError::NotUtf8 {
            line,
            byte: checked,
        });
    }
    // Checked block by block above.
    String::from_utf8(buf).map_err(|e| InputError::NotUtf8 {
        line: 1,
        byte: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression test for issue 22, item 11: endless input is cut at the limit.
    #[test]
    fn issue_22_endless_input_stops_at_the_limit() {
        let endless = io::repeat(b'a');
        let err = read_text(endless, 1 << 20).unwrap_err();
        assert!(matches!(err, InputError::TooLarge { limit } if limit == 1 << 20));
    }

    #[test]
    fn issue_22_binary_input_is_refused_where_it_starts() {
        let err = read_text(io::repeat(0), usize::MAX).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, byte 0: a NUL byte: binary data, not text"
        );
        let text = b"a b\na\nb\xff\n";
        let err = read_text(&text[..], 100).unwrap_err();
        assert_eq!(err.to_string(), "line 3, byte 7: not UTF-8 text");
    }

    #[test]
    fn a_character_cut_between_blocks_is_read_whole() {
        // "é" is two bytes: put its first at the end of a 64 KiB block.
        let mut text = "a".repeat((64 << 10) - 1);
        text.push_str("é\n");
        /// Hands out at most 64 KiB a read, as a pipe may.
        struct Blocks<'a>(&'a [u8]);
        impl Read for Blocks<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(out.len()).min(64 << 10);
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        assert_eq!(read_text(Blocks(text.as_bytes()), 1 << 20).unwrap(), text);
        let cut = &text.as_bytes()[..text.len() - 2];
        assert!(matches!(
            read_text(Blocks(cut), 1 << 20),
            Err(InputError::NotUtf8 { .. })
        ));
    }
}
