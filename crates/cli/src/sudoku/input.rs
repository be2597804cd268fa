//! Opening Sudoku input for the command line: a puzzle given as the argument, a file, or
//! stdin, handed to the library's reader (`dlx_sudoku::batch::Input`) with enough read
//! ahead to tell one grid from a file of puzzles.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use dlx_sudoku::batch::{Input, Source};

use super::args::InputArgs;

/// Opens `INPUT` (a puzzle, a file, or stdin; see [`crate::sudoku`]) and reads enough to
/// detect its kind.
pub fn open(args: &InputArgs) -> Result<Input> {
    let (name, reader, size): (String, Box<dyn Source>, Option<u64>) = match args.input.as_deref() {
        None | Some("-") => (
            "stdin".into(),
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            None,
        ),
        // Any file but a directory: regular, or a pipe, a process substitution
        // (`<(cat FILE)`, a `/dev/fd/N`), a device (issue 22).
        Some(s) if Path::new(s).exists() && !Path::new(s).is_dir() => {
            let path = PathBuf::from(s);
            let file = File::open(&path).with_context(|| format!("cannot read {s}"))?;
            // Only a regular file has a size worth reporting; the rest are streams.
            let size = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            (
                s.to_string(),
                Box::new(BufReader::with_capacity(1 << 16, file)),
                size,
            )
        }
        Some(s) if Path::new(s).is_dir() => {
            anyhow::bail!("{s}: a directory, not a file of puzzles");
        }
        Some(s) => {
            let s = s.strip_prefix('\u{feff}').unwrap_or(s);
            if !looks_like_puzzle(s) {
                anyhow::bail!("{s}: no such file, and not a puzzle either");
            }
            return Ok(Input::text("argument".into(), s, args.input_kind.kind()));
        }
    };
    Ok(Input::read_ahead(
        name,
        reader,
        size,
        args.input_kind.kind(),
    )?)
}

/// Whether a command-line argument is meant as a puzzle rather than a file name.
fn looks_like_puzzle(s: &str) -> bool {
    s.contains('\n') || (s.trim().len() >= 16 && !s.contains('/'))
}
