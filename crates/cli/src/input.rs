//! Reading the input of `dlx xcc` and `dlx polyomino`: a file, or stdin for `-`.

use std::io::{self, Read};
use std::path::PathBuf;

use anyhow::{Context, Result};

/// Reads a file, or stdin for `-` or no file.
pub fn read_input(file: Option<&PathBuf>) -> Result<String> {
    let mut text = String::new();
    match file {
        None => io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")?,
        Some(p) if p.as_os_str() == "-" => io::stdin()
            .read_to_string(&mut text)
            .context("cannot read stdin")?,
        Some(p) => {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            text = String::from_utf8(bytes).map_err(|e| {
                anyhow::anyhow!(
                    "{}: not UTF-8 text (byte {})",
                    p.display(),
                    e.utf8_error().valid_up_to()
                )
            })?;
            text.len()
        }
    };
    Ok(text)
}
