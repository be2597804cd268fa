//! The examples of `README.md` and `docs/*.md` run as tests, so that they cannot go stale.
//!
//! Every ```` ```console ```` block is a session: a line starting with `$ ` is a command, run
//! by `sh -c` in the repository root with the built `dlx` first on the `PATH` (stderr merged
//! into stdout), and the lines after it, up to the next command, are its expected output.
//! In expected output, `[..]` matches any text within a line (times, say) and a line `...`
//! matches any number of lines. A command that reads `../shared` runs only when that folder
//! is present (a note says when it is skipped); `curl` commands go to a `dlx serve` the test
//! starts on a free port, in place of `localhost:8080`.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One command of a console block and the output shown under it.
struct Example {
    file: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(file: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(file).expect("read the document");
    let name = file
        .strip_prefix(root())
        .unwrap_or(file)
        .display()
        .to_string();
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    // The indentation of the open fence (a block in a list item is indented), and whether a
    // command of this block is being read.
    let mut indent = 0;
    let mut current = false;
    let mut continued = false;
    for (k, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_console = !in_console && trimmed == "```console";
            indent = line.len() - trimmed.len();
            current = false;
            continue;
        }
        if !in_console {
            continue;
        }
        let line = line.get(indent..).unwrap_or(trimmed);
        if continued && let Some(last) = out.last_mut() {
            // A command continued with a backslash at the end of its line.
            last.command.push('\n');
            last.command.push_str(line);
            continued = line.ends_with('\\');
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            continued = command.ends_with('\\');
            current = true;
            out.push(Example {
                file: name.clone(),
                line: k + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if current && let Some(last) = out.last_mut() {
            last.expected.push(line.to_string());
        }
    }
    out
}

/// Whether `actual` matches the pattern line `expected`, where `[..]` matches any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    let mut parts = expected.trim_end().split("[..]");
    let actual = actual.trim_end();
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the lines `actual` match the pattern lines `expected` (`...` skips lines).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.first() {
        None => actual.is_empty(),
        Some(e) if e.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(&expected[1..], &actual[skip..]))
        }
        Some(e) => {
            !actual.is_empty()
                && line_matches(e, actual[0])
                && matches(&expected[1..], &actual[1..])
        }
    }
}

/// A `dlx serve` for the `curl` examples, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(bin: &Path) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let addr = format!("127.0.0.1:{port}");
        let child = Command::new(bin)
            .args(["serve", "--addr", &addr])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start dlx serve");
        let start = Instant::now();
        while TcpStream::connect(&addr).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "dlx serve did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, addr }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn readme_and_docs_examples_print_what_they_show() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_dlx"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let shared = root().join("../shared").is_dir();
    let curl = have("curl");
    let mut server: Option<Server> = None;
    let (mut ran, mut skipped, mut failures) = (0, Vec::new(), Vec::new());
    for file in &files {
        for ex in examples(file) {
            let mut command = ex.command.clone();
            if command.contains("../shared") && !shared {
                skipped.push(format!("{}:{} (needs ../shared)", ex.file, ex.line));
                continue;
            }
            if command.starts_with("curl ") {
                if !curl {
                    skipped.push(format!("{}:{} (needs curl)", ex.file, ex.line));
                    continue;
                }
                let s = server.get_or_insert_with(|| Server::start(&bin));
                command = command.replace("localhost:8080", &s.addr);
            }
            // Commands that only set up a machine or start a server are not examples.
            if command.starts_with("bash ")
                || command.starts_with("cargo ")
                || command.starts_with("dlx serve")
                || command.starts_with("DLX_")
            {
                continue;
            }
            let out = Command::new("sh")
                .args(["-c", &format!("{command} 2>&1")])
                .current_dir(root())
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .output()
                .expect("run sh");
            ran += 1;
            let actual = String::from_utf8_lossy(&out.stdout);
            let actual: Vec<&str> = actual.lines().collect();
            if !matches(&ex.expected, &actual) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{}\n",
                    ex.file,
                    ex.line,
                    ex.command,
                    ex.expected.join("\n"),
                    actual.join("\n")
                ));
            }
        }
    }
    if !skipped.is_empty() {
        eprintln!(
            "note: {} examples skipped: {}",
            skipped.len(),
            skipped.join(", ")
        );
    }
    assert!(ran >= 10, "only {ran} examples found");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples print other output than the docs show:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn patterns_match_as_documented() {
    assert!(line_matches("took [..] s", "took 0.25 s"));
    assert!(line_matches("[..]", "anything"));
    assert!(!line_matches("took [..] s", "took 0.25 ms!"));
    assert!(line_matches("a [..] b [..] c", "a 1 b 2 c"));
    assert!(!line_matches("exact", "exactly"));
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&lines("a\n...\nb"), &["a", "b"]));
    assert!(!matches(&lines("a\nd"), &["a", "b", "d"]));
}
