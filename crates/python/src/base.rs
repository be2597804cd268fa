//! What every part of the native module shares: the exceptions, the interruptible run of a
//! search with the GIL released, seconds as milliseconds, a refused Sudoku request as an
//! exception, thread pools.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(_dlx, DlxError, PyValueError, "Base of the errors of `dlx`.");
create_exception!(
    _dlx,
    ParseError,
    DlxError,
    "A problem in Knuth's text format that does not parse (`.line`, `.column`)."
);
create_exception!(
    _dlx,
    ProblemError,
    DlxError,
    "A problem built from lists that is not a valid exact-cover problem."
);
create_exception!(
    _dlx,
    SudokuError,
    DlxError,
    "A Sudoku puzzle that does not parse or whose givens conflict."
);
create_exception!(
    _dlx,
    ShardError,
    DlxError,
    "A shard or result line that cannot be used."
);

/// How long the waiting thread sleeps between two looks at Python's signals.
pub const SLICE: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with the GIL released; every [`SLICE`] looks at Python's
/// signals, and on a pending one (Ctrl-C) sets `stop`, waits for `work` to notice, and returns
/// the signal's exception.
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel::<()>();
        let handle = scope.spawn(move || {
            let out = work();
            let _ = tx.send(());
            out
        });
        loop {
            // Woken at once when the work ends, else after a slice to look at the signals.
            // (The receiver moves in and out: it is Send, not Sync.)
            let (back, waited) = py.allow_threads(move || {
                let waited = rx.recv_timeout(SLICE);
                (rx, waited)
            });
            rx = back;
            if !matches!(waited, Err(mpsc::RecvTimeoutError::Timeout)) {
                break;
            }
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                py.allow_threads(move || {
                    let _ = rx.recv();
                });
                let _ = handle.join();
                return Err(e);
            }
        }
        handle
            .join()
            .map_err(|_| DlxError::new_err("the search panicked (a bug in dlx)"))
    })
}

/// Seconds as the requests' milliseconds (rounded up, so that a short limit stays a limit).
pub fn millis(seconds: Option<f64>) -> PyResult<Option<u64>> {
    match seconds {
        None => Ok(None),
        Some(s) => {
            let d = Duration::try_from_secs_f64(s)
                .map_err(|_| PyValueError::new_err(format!("seconds must be >= 0, not {s}")))?;
            Ok(Some(
                u64::try_from(d.as_micros().div_ceil(1000)).unwrap_or(u64::MAX),
            ))
        }
    }
}

/// A `SudokuError` with the place at fault: `.field`, `.line`, `.column`, `.cells`
/// (`(row, column)`, 0-based) and `.constraint` (the rule's index, when a rule is at fault).
pub(crate) fn located_error(
    message: String,
    field: &str,
    line: Option<usize>,
    column: Option<usize>,
    cells: Vec<(usize, usize)>,
    constraint: Option<String>,
) -> PyErr {
    Python::with_gil(|py| {
        let err = SudokuError::new_err(message);
        let value = err.value(py);
        let _ = value.setattr("field", field);
        let _ = value.setattr("line", line);
        let _ = value.setattr("column", column);
        let _ = value.setattr("cells", cells);
        let _ = value.setattr("constraint", constraint);
        err
    })
}

/// A refused Sudoku request as a `SudokuError` with the place at fault.
pub fn sudoku_error(e: dlx_sudoku::RequestError) -> PyErr {
    located_error(
        e.to_string(),
        e.field(),
        e.line(),
        e.column(),
        e.cells(),
        None,
    )
}

/// Whether a search told to stop by `stop` (Ctrl-C) goes on.
pub(crate) fn go_on(stop: &AtomicBool) -> std::ops::ControlFlow<()> {
    if stop.load(Ordering::Relaxed) {
        std::ops::ControlFlow::Break(())
    } else {
        std::ops::ControlFlow::Continue(())
    }
}

/// A pool of `threads` threads (0: all cores).
pub fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DlxError::new_err(format!("cannot start threads: {e}")))
}

/// A variant request's error as a `SudokuError` naming the field, line, column, constraint and
/// cells at fault.
pub(crate) fn variant_error(e: dlx_variants::request::RequestError) -> PyErr {
    let message = match e.field() {
        "puzzle" => e.reason(),
        field => format!("{field}: {}", e.reason()),
    };
    let constraint = e.constraint().map(|n| n.to_string());
    located_error(
        message,
        e.field(),
        e.line(),
        e.column(),
        e.cells(),
        constraint,
    )
}

/// Reads a variant puzzle (`format`: `fpuzzles`, `link`, `json`, `text`, or None to detect),
/// with `givens` (a line of N*N symbols) in place of its own when given.
pub(crate) fn variant_puzzle(
    text: &str,
    format: Option<&str>,
    givens: Option<&str>,
) -> PyResult<dlx_variants::Puzzle> {
    use dlx_variants::request::RequestError;
    let format = format
        .map(|f| {
            f.parse::<dlx_variants::Format>()
                .map_err(|e| variant_error(RequestError::invalid("format", e)))
        })
        .transpose()?;
    let request = dlx_variants::request::SolveRequest {
        format,
        ..dlx_variants::request::SolveRequest::new(text)
    };
    let (puzzle, _) = request.puzzle().map_err(variant_error)?;
    let Some(line) = givens.filter(|g| !g.trim().is_empty()) else {
        return Ok(puzzle);
    };
    let n = puzzle.size();
    let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    if cells.len() != n * n {
        return Err(variant_error(RequestError::invalid(
            "givens",
            format!("{} symbols, a {n}x{n} grid needs {}", cells.len(), n * n),
        )));
    }
    let mut grid = Vec::with_capacity(n * n);
    for (k, &c) in cells.iter().enumerate() {
        let d = match c {
            '.' | '0' => 0,
            c => match c.to_digit(36) {
                Some(d) if (1..=n as u32).contains(&d) => d as u8,
                _ => {
                    return Err(variant_error(RequestError::invalid(
                        "givens",
                        format!(
                            "r{}c{}: `{c}` is not a digit from 1 to {n}",
                            k / n + 1,
                            k % n + 1
                        ),
                    )));
                }
            },
        };
        grid.push(d);
    }
    dlx_variants::Puzzle::new(puzzle.rules().clone(), grid).map_err(|e| {
        variant_error(RequestError::Puzzle {
            field: "givens",
            source: e.into(),
        })
    })
}
