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

/// A refused Sudoku request as a `SudokuError` with the place at fault: `.field`, `.line`,
/// `.column` and `.cells` (`(row, column)`, 0-based).
pub fn sudoku_error(e: dlx_sudoku::RequestError) -> PyErr {
    Python::with_gil(|py| {
        let err = SudokuError::new_err(e.to_string());
        let value = err.value(py);
        let _ = value.setattr("field", e.field());
        let _ = value.setattr("line", e.line());
        let _ = value.setattr("column", e.column());
        let _ = value.setattr("cells", e.cells());
        let _ = value.setattr("constraint", py.None());
        err
    })
}

/// A pool of `threads` threads (0: all cores).
pub fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DlxError::new_err(format!("cannot start threads: {e}")))
}
