//! What every subcommand shares: exit codes, broken pipes, progress bars, number parsing.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use dlx_engine::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// The outcome of a subcommand, turned into an exit status by [`finish`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// At least one solution: exit 0.
    Some,
    /// No solution: exit 1.
    None,
}

/// Maps a subcommand's result to the exit status: 0 found, 1 none, 2 error; a closed stdout
/// pipe is success.
pub fn finish(result: anyhow::Result<Found>) -> ExitCode {
    match result {
        Ok(Found::Some) => ExitCode::SUCCESS,
        Ok(Found::None) => ExitCode::from(1),
        Err(e) => {
            if let Some(ioe) = e.downcast_ref::<io::Error>()
                && ioe.kind() == io::ErrorKind::BrokenPipe
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("dlx: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// The flags of a command that works on all cores and sums up on stderr.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct PoolArgs {
    /// Threads (0 = all cores; at most 256).
    #[arg(long, short = 'j', default_value_t = 0, value_name = "N", value_parser = parse_threads)]
    pub threads: usize,
    /// No summary on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl PoolArgs {
    /// A rayon pool of the threads asked for.
    pub fn pool(&self) -> anyhow::Result<rayon::ThreadPool> {
        Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()?)
    }
}

/// `n` and the noun, plural when `n` is not 1: `1 solution`, `2 solutions`.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Parses a duration such as `10`, `2.5s`, `500ms`, `3m`.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let (num, scale) = if let Some(v) = s.strip_suffix("ms") {
        (v, 0.001)
    } else if let Some(v) = s.strip_suffix('s') {
        (v, 1.0)
    } else if let Some(v) = s.strip_suffix('m') {
        (v, 60.0)
    } else if let Some(v) = s.strip_suffix('h') {
        (v, 3600.0)
    } else {
        (s, 1.0)
    };
    let x: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a duration (try 10s, 500ms, 2m)"))?;
    if !x.is_finite() || x < 0.0 {
        return Err(format!("`{s}` is not a duration (try 10s, 500ms, 2m)"));
    }
    Duration::try_from_secs_f64(x * scale).map_err(|_| format!("`{s}` is too long"))
}

/// Parses a count such as `1000`, `1_000_000`, `10k`, `5M`, `2G`.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t: String = s.trim().chars().filter(|&c| c != '_' && c != ',').collect();
    let (num, mult) = match t.chars().last() {
        Some('k' | 'K') => (&t[..t.len() - 1], 1_000u64),
        Some('M') => (&t[..t.len() - 1], 1_000_000),
        Some('G') => (&t[..t.len() - 1], 1_000_000_000),
        _ => (&t[..], 1),
    };
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .ok_or_else(|| format!("`{s}` is not a count (try 1000, 10k, 5M)"))
}

/// Parses a count of at least 1 (see [`parse_count`]).
pub fn parse_positive_count(s: &str) -> Result<u64, String> {
    match parse_count(s)? {
        0 => Err("must be at least 1".to_string()),
        n => Ok(n),
    }
}

/// Parses `--limit` (solutions): at least 1 for every command, as 0 would stop before the
/// first solution; without the flag there is no limit (issue 22). Budgets (`--nodes 0`,
/// `--time-limit 0s`) are different: zero is a zero budget, the search stops at once.
pub fn parse_limit(s: &str) -> Result<u64, String> {
    match parse_count(s)? {
        0 => Err("must be at least 1 (leave --limit out for no limit)".to_string()),
        n => Ok(n),
    }
}

/// A time limit as the libraries' requests take it, in milliseconds, rounded up (so that a
/// limit under a millisecond is still a limit, not none).
pub fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_micros().div_ceil(1000)).unwrap_or(u64::MAX)
}

/// Parses `--box RxC`: a side under 2 is named as such (it was reported as "unsupported
/// size: 0x0", the product of the sides; issue 22), the rest is [`dlx_sudoku::Shape`]'s.
pub fn parse_box(s: &str) -> Result<dlx_sudoku::Shape, String> {
    if let Some((a, b)) = s.split_once(['x', 'X', '*'])
        && let (Ok(rows), Ok(cols)) = (a.trim().parse::<usize>(), b.trim().parse::<usize>())
        && (rows < 2 || cols < 2)
    {
        return Err(format!(
            "boxes of {rows}x{cols} cells: a box needs at least 2 rows and 2 columns (e.g. 3x3, 2x3)"
        ));
    }
    s.parse()
}

/// The most threads `--threads` takes: beyond a few per core, threads only wait for work,
/// and thousands of them take seconds to start and stop (`0` still means every core).
pub const MAX_THREADS: usize = 256;

/// Parses a thread count: 0 (all cores) to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        Ok(_) => Err(format!("at most {MAX_THREADS} threads (0 = all cores)")),
        Err(_) => Err(format!("`{s}` is not a number of threads (0 = all cores)")),
    }
}

/// A progress bar on stderr when stderr is a terminal or when forced (`Some(true)`), else
/// `None`. A forced bar is drawn even when stderr is not a terminal (indicatif's own stderr
/// target hides itself there).
pub fn progress_bar(force: Option<bool>, message: &str) -> Option<ProgressBar> {
    let terminal = io::stderr().is_terminal();
    if !force.unwrap_or(terminal) {
        return None;
    }
    let bar = ProgressBar::new(1_000_000);
    if !terminal {
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(Box::new(Stderr), 4));
    }
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {msg} [{elapsed_precise}] {wide_bar} {percent:>3}% (estimated) {prefix}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(message.to_string());
    Some(bar)
}

/// Stderr as indicatif's terminal when it is not one (a pipe, a file): an 80-column screen
/// driven by ANSI escapes, for `--progress`.
#[derive(Debug)]
struct Stderr;

impl Stderr {
    fn write(&self, s: &str) -> io::Result<()> {
        io::stderr().write_all(s.as_bytes())
    }

    /// Moves the cursor `n` cells in the direction of the ANSI escape `dir` (`A` up, `B`
    /// down, `C` right, `D` left); nothing for 0.
    fn move_cursor(&self, n: usize, dir: char) -> io::Result<()> {
        if n == 0 {
            Ok(())
        } else {
            self.write(&format!("\x1b[{n}{dir}"))
        }
    }
}

impl TermLike for Stderr {
    fn width(&self) -> u16 {
        80
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'A')
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'B')
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'C')
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.move_cursor(n, 'D')
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write(&format!("{s}\n"))
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.write(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.write("\r\x1b[2K")
    }
    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// Writes `text` to `out`; with a progress bar, hides the bar meanwhile and flushes, so the
/// text lands above it.
pub fn write_above(bar: Option<&ProgressBar>, out: &mut impl Write, text: &str) -> io::Result<()> {
    match bar {
        Some(bar) => bar.suspend(|| out.write_all(text.as_bytes()).and_then(|_| out.flush())),
        None => out.write_all(text.as_bytes()),
    }
}

/// Shows a search's progress on the bar, if there is one.
pub fn show_progress(bar: Option<&ProgressBar>, p: &Progress) {
    if let Some(bar) = bar {
        bar.set_position((p.fraction * 1_000_000.0) as u64);
        bar.set_prefix(format!("{} nodes, {} solutions", p.nodes, p.solutions));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_counts_parse() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("2.5s"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("fast").is_err());
        assert!(parse_duration("-1s").is_err());
        assert_eq!(parse_count("10k"), Ok(10_000));
        assert_eq!(parse_count("1_000_000"), Ok(1_000_000));
        assert_eq!(parse_count("5M"), Ok(5_000_000));
        assert!(parse_count("lots").is_err());
        assert!(parse_count("99999999999G").is_err());
        assert_eq!(parse_positive_count("2k"), Ok(2000));
        assert!(parse_positive_count("0").is_err());
        assert_eq!(parse_threads("0"), Ok(0));
        assert_eq!(parse_threads("256"), Ok(256));
        assert!(parse_threads("257").is_err());
        assert!(parse_threads("99999999999999999999").is_err());
        assert!(parse_threads("-1").is_err());
    }
}
