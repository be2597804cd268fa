//! Helpers shared by the integration tests of the `dlx` binary.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root: commands run there, as the README's examples do.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `dlx` in the repository root with `args`, writing `input` to its stdin from another
/// thread (a command may print while it reads, so one thread doing both could wait on a full
/// pipe). A command that stops reading early, after an error on its first line, is not a
/// failure of the test harness.
pub fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dlx");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("dlx runs");
    writer.join().expect("writer thread");
    out
}
