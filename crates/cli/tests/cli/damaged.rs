//! The `dlx` binary on damaged input: the shipped examples with characters replaced, runs
//! deleted, duplicated or cut and stray bytes inserted, fed to every command that reads a
//! file. Whatever the damage, the run ends with status 0, 1 or 2 (never a panic or a
//! signal), and an exit status 2 comes with a `dlx:` message on stderr. Every command runs
//! under a node or time budget.

use std::path::PathBuf;

use crate::common;

use common::{root, run};

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const STRAY: &[u8] = b"0123456789.|-+#: \t\n\r_*aZ\xc3\xa9\xef\xbb\xbf\x00\xff,";

/// One or two edits: mostly a byte replaced by a digit or a blank, which keeps the layout
/// (the input still reads, perhaps with clashing givens, no solution, or an unknown item);
/// else a byte replaced by a stray one, a run deleted, stray bytes inserted, a run
/// duplicated, or the rest cut. The result need not be UTF-8.
fn damage(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = text.to_vec();
    for _ in 0..1 + rng.below(2) {
        let i = rng.below(b.len() + 1);
        match rng.below(10) {
            0..=5 if i < b.len() => b[i] = b"0123456789."[rng.below(11)],
            6 if i < b.len() => b[i] = STRAY[rng.below(STRAY.len())],
            7 => {
                let j = (i + 1 + rng.below(20)).min(b.len());
                b.drain(i..j);
            }
            8 => {
                let stray: Vec<u8> = (0..1 + rng.below(5))
                    .map(|_| STRAY[rng.below(STRAY.len())])
                    .collect();
                b.splice(i..i, stray);
            }
            9 => {
                let run = b[i..(i + 1 + rng.below(200)).min(b.len())].to_vec();
                b.splice(i..i, run);
            }
            _ => b.truncate(i),
        }
    }
    b
}

fn files(dir: &str, ext: &str) -> Vec<Vec<u8>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .expect("shipped directory")
        .map(|e| e.expect("readable directory").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read(p).expect("readable file"))
        .collect()
}

#[test]
fn damaged_input_never_crashes_the_binary() {
    let sudoku = files("examples/sudoku", "txt");
    let xcc = files("testdata/xcc", "dlx");
    let poly = files("examples/polyomino", "txt");
    assert!(sudoku.len() >= 10 && xcc.len() >= 8 && poly.len() >= 2);
    let tmp = std::env::temp_dir().join(format!("dlx-damaged-{}.txt", std::process::id()));
    let tmp_arg = tmp.to_str().expect("UTF-8 temp path").to_string();
    let commands: [(&[Vec<u8>], &[&str]); 9] = [
        (&sudoku, &["sudoku", "solve", "-", "--time-limit", "200ms"]),
        (
            &sudoku,
            &[
                "sudoku",
                "solve",
                "-",
                "--unique",
                "--json",
                "--time-limit",
                "200ms",
            ],
        ),
        (
            &sudoku,
            &[
                "sudoku", "solve", "-", "--solver", "dlx", "--format", "csv", "--nodes", "5000",
            ],
        ),
        (
            &sudoku,
            &["sudoku", "solve", "-", "--solver", "mrv", "--nodes", "5000"],
        ),
        (
            &sudoku,
            &["sudoku", "count", "-", "--limit", "3", "--nodes", "5000"],
        ),
        (&sudoku, &["sudoku", "trace", "-", "--max-steps", "50"]),
        (&xcc, &["xcc", "-", "--nodes", "5000"]),
        (
            &xcc,
            &[
                "xcc",
                "-",
                "--algorithm",
                "links",
                "--limit",
                "2",
                "--nodes",
                "5000",
            ],
        ),
        (
            &poly,
            &["polyomino", &tmp_arg, "--limit", "2", "--nodes", "5000"],
        ),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut ok, mut refused) = (0, 0);
    for case in 0..90 {
        let (inputs, args) = commands[case % commands.len()];
        let input = damage(&inputs[rng.below(inputs.len())], &mut rng);
        // The polyomino command reads a file; the others read stdin.
        if args.contains(&tmp_arg.as_str()) {
            std::fs::write(&tmp, &input).expect("write the temp file");
        }
        let out = run(args, &input);
        let err = String::from_utf8_lossy(&out.stderr);
        let shown = String::from_utf8_lossy(&input);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0..=2)),
            "{args:?} ended with {:?} on:\n{shown}\nstderr:\n{err}",
            out.status
        );
        assert!(
            !err.contains("panicked"),
            "{args:?} panicked on:\n{shown}\n{err}"
        );
        if code == Some(2) {
            assert!(
                err.contains("dlx:"),
                "{args:?} failed silently on:\n{shown}"
            );
            refused += 1;
        } else {
            ok += 1;
        }
    }
    let _ = std::fs::remove_file(&tmp);
    // The damage leaves some inputs readable and makes others fail: both paths were run.
    assert!(ok >= 10 && refused >= 10, "{ok} read, {refused} refused");
}
