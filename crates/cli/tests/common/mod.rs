//! Helpers shared by the integration tests of the `dlx` binary.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

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

/// Runs `dlx` with `args` and nothing on its stdin.
pub fn dlx(args: &[&str]) -> Output {
    run(args, b"")
}

/// Runs `dlx` with `args` and `input` on its stdin.
pub fn dlx_stdin(args: &[&str], input: &str) -> Output {
    run(args, input.as_bytes())
}

/// Starts `dlx` in the repository root with `args`, for a test that talks to it while it
/// runs: stdin and stdout piped, stderr piped when `stderr` is set (else dropped).
pub fn spawn(args: &[&str], stderr: bool) -> Child {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(if stderr {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("run dlx")
}

/// A run's stdout, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// A run's stderr, which must be UTF-8.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

/// A run's stdout read as one JSON value.
pub fn json(o: &Output) -> serde_json::Value {
    let text = stdout(o);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// `dlx sudoku solve --unique --format line FILE EXTRA...`: asserts it succeeded with one
/// solution proven unique and returns its output line.
pub fn solve_unique_line(file: &Path, extra: &[&str]) -> String {
    let f = file.display().to_string();
    let mut args = vec![
        "sudoku",
        "solve",
        "--unique",
        "--format",
        "line",
        f.as_str(),
    ];
    args.extend_from_slice(extra);
    let out = dlx(&args);
    assert_eq!(out.status.code(), Some(0), "{f}: {}", stderr(&out));
    let line = stdout(&out);
    assert!(!line.contains('#'), "{f}: not proven unique: {line}");
    line
}

/// Asserts that a run failed with exit status 2 and an error containing `needle`.
pub fn fails_with(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    assert!(stderr(o).contains(needle), "{}", stderr(o));
}

/// Compares `actual` with the golden file `tests/golden/<rel>`, or writes it when
/// `UPDATE_GOLDEN` is set (regenerate on purpose only).
pub fn golden(rel: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(rel);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    });
    assert_eq!(actual, expected, "output differs from {}", path.display());
}
