//! Unit tests of `src/batch/input.rs`.

use dlx_sudoku::batch::*;
use dlx_sudoku::parse::InputKind;
use std::io;
use std::io::BufReader;
use std::io::Read;

/// A terminal: it gives its text, then one end of input (Ctrl-D), and would wait for a
/// second Ctrl-D if read again (here: fails the test).
struct Terminal {
    text: &'static [u8],
    ended: bool,
}

impl Read for Terminal {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        assert!(
            !self.ended,
            "read again after the end of input: a second Ctrl-D"
        );
        let n = self.text.len().min(buf.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        self.ended = n == 0;
        Ok(n)
    }
}

#[test]
fn one_end_of_input_ends_a_typed_grid() {
    let grid = b".3..\n2..4\n.4..\n3...\n";
    let reader = Box::new(BufReader::new(Terminal {
        text: grid,
        ended: false,
    }));
    let input = Input::read_ahead("stdin".into(), reader, None, None).unwrap();
    assert_eq!(input.kind, InputKind::Single);
    assert_eq!(input.into_text().unwrap(), String::from_utf8_lossy(grid));
}
