//! Sudoku by logic and new puzzles, for `dlx.sudoku`: `explain`, `hint`, `rate` (with the
//! filters that stop early, over many puzzles on a thread pool) and `generate` (classic grids,
//! by band or rating range), and explain, hint and rate on variant rules (`variant_*`). Each
//! fills the library's request (`ExplainRequest`, `HintRequest`, `RateRequest`,
//! `GenerateRequest`) and runs with the GIL released.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use dlx_generate::GenerateRequest;
use dlx_logic::{
    ExplainRequest, HintRequest, Ladder, LogicRequestError, Marks, Options, RateFilter,
    RateRequest, Stop, rate_filtered,
};
use pyo3::prelude::*;

use crate::base::{SudokuError, go_on, located_error, millis, pool, run_interruptible};

/// A refused logic request as a `SudokuError` naming its field, line, column and cells.
fn logic_error(e: LogicRequestError) -> PyErr {
    located_error(
        e.to_string(),
        e.field(),
        e.line(),
        e.column(),
        e.cells(),
        None,
    )
}

/// A refusal of a field that has no other place.
fn field_error(field: &'static str, message: impl std::fmt::Display) -> PyErr {
    logic_error(LogicRequestError::Invalid {
        field,
        message: message.to_string(),
    })
}

/// Explains a puzzle: the easiest-first path as JSON (`steps`, `stop`, `grid` as one line,
/// `rating`). `upto` caps the techniques (a name), `seconds` bounds the time.
#[pyfunction]
#[pyo3(signature = (puzzle, upto = None, max_steps = None, uniqueness = true, seconds = None))]
pub fn sudoku_explain(
    py: Python<'_>,
    puzzle: &str,
    upto: Option<String>,
    max_steps: Option<usize>,
    uniqueness: bool,
    seconds: Option<f64>,
) -> PyResult<String> {
    let request = ExplainRequest {
        max_steps,
        upto,
        no_uniqueness: !uniqueness,
        time_limit_ms: millis(seconds)?,
        ..ExplainRequest::new(puzzle)
    };
    let options = request.options().map_err(logic_error)?;
    let grid = request.grid().map_err(logic_error)?;
    let path = py
        .allow_threads(|| request.run_with(&grid, &options))
        .map_err(logic_error)?;
    let mut v = serde_json::to_value(&path).map_err(|e| SudokuError::new_err(e.to_string()))?;
    v["grid"] = serde_json::Value::String(path.grid.to_line());
    Ok(v.to_string())
}

/// The easiest next step from a grid in progress and the user's pencil marks (a list of
/// digits a cell, or text): JSON with `step` (or null), `text` at `level`, `levels` (the step
/// told at levels 1 to 3) and `solved`.
#[pyfunction]
#[pyo3(signature = (puzzle, progress = None, marks = None, marks_text = None, level = 3))]
pub fn sudoku_hint(
    py: Python<'_>,
    puzzle: &str,
    progress: Option<String>,
    marks: Option<Vec<Vec<u8>>>,
    marks_text: Option<String>,
    level: u8,
) -> PyResult<String> {
    let request = HintRequest {
        progress,
        marks: marks.map(Marks::Lists).or(marks_text.map(Marks::Text)),
        level: Some(level),
        ..HintRequest::new(puzzle)
    };
    let hint = py.allow_threads(|| request.run()).map_err(logic_error)?;
    Ok(hint_json(&hint))
}

/// One rated puzzle as Python receives it: (er, ep, ed, band, hardest, steps, complete,
/// passed (None without a filter), early, stop, error (None, or why the puzzle was refused)).
pub type RatedRow = (
    f64,
    f64,
    f64,
    String,
    String,
    usize,
    bool,
    Option<bool>,
    bool,
    String,
    Option<String>,
);

/// The words of why a filtered rating ended.
fn stop_word(stop: Option<Stop>) -> &'static str {
    match stop {
        None => "early",
        Some(Stop::Solved) => "solved",
        Some(Stop::Budget) => "budget",
        Some(Stop::Deadline) => "deadline",
        Some(_) => "stuck",
    }
}

/// The ladder and filter of `rate`'s keyword arguments (a bad one raises naming its field).
#[allow(clippy::too_many_arguments)]
fn rating(
    scale: Option<String>,
    techniques: Option<String>,
    er: Option<String>,
    ep: Option<String>,
    ed: Option<String>,
    diamonds: bool,
    pearls: bool,
) -> PyResult<(Ladder, RateFilter)> {
    let request = RateRequest {
        scale,
        techniques,
        er,
        ep,
        ed,
        diamonds,
        pearls,
        ..RateRequest::default()
    };
    Ok((
        request.ladder().map_err(logic_error)?,
        request.filter().map_err(logic_error)?,
    ))
}

/// Rates puzzles on `threads` threads (0: all cores) on a scale (`sukaku`, `classic`) or a set
/// of techniques, through the filters (`er`, `ep`, `ed` ranges such as `6..8.9`, diamonds,
/// pearls), each rating stopping once its verdict is known; `seconds` bounds each puzzle.
/// Options that cannot be used raise at once (naming the field); a puzzle that cannot be rated
/// gives a row with its error. Ctrl-C stops between puzzles.
#[pyfunction]
#[pyo3(signature = (puzzles, scale = None, techniques = None, er = None, ep = None, ed = None, diamonds = false, pearls = false, seconds = None, threads = 0))]
#[allow(clippy::too_many_arguments)]
pub fn sudoku_rate(
    py: Python<'_>,
    puzzles: Vec<String>,
    scale: Option<String>,
    techniques: Option<String>,
    er: Option<String>,
    ep: Option<String>,
    ed: Option<String>,
    diamonds: bool,
    pearls: bool,
    seconds: Option<f64>,
    threads: usize,
) -> PyResult<Vec<RatedRow>> {
    let (ladder, filter) = rating(scale, techniques, er, ep, ed, diamonds, pearls)?;
    let limit = millis(seconds)?.map(Duration::from_millis);
    let filtered = !filter.is_empty();
    let pool = pool(threads)?;
    let stop = AtomicBool::new(false);
    let refused = |e: String| -> RatedRow {
        (
            0.0,
            0.0,
            0.0,
            String::new(),
            String::new(),
            0,
            false,
            filtered.then_some(false),
            false,
            "invalid".to_string(),
            Some(e),
        )
    };
    let rows = run_interruptible(py, &stop, || {
        use rayon::prelude::*;
        pool.install(|| {
            puzzles
                .par_iter()
                .map(|text| {
                    if stop.load(Ordering::Relaxed) {
                        return refused("interrupted".into());
                    }
                    let grid = match RateRequest::new(text.as_str()).grid() {
                        Ok(g) => g,
                        Err(e) => return refused(e.to_string()),
                    };
                    let options = Options {
                        deadline: limit.and_then(|t| dlx_time::Instant::now().checked_add(t)),
                        ..Options::default()
                    };
                    match rate_filtered(&grid, &ladder, &filter, &options) {
                        Ok(f) => {
                            let r = &f.rating;
                            (
                                r.er,
                                r.ep,
                                r.ed,
                                r.band.as_str().to_string(),
                                r.hardest.as_str().to_string(),
                                f.steps,
                                r.complete,
                                filtered.then_some(f.pass),
                                f.early,
                                stop_word(f.stop).to_string(),
                                None,
                            )
                        }
                        Err(e) => refused(format!("puzzle: {e}")),
                    }
                })
                .collect::<Vec<_>>()
        })
    })?;
    Ok(rows)
}

/// One generated puzzle as Python receives it: (index, puzzle line, solution line, givens,
/// symmetry, minimal, rating (None when no band or range was asked), attempts).
pub type GeneratedRow = (u64, String, String, usize, String, bool, Option<f64>, u64);

/// Makes classic puzzles: `request` is `dlx_generate::GenerateRequest` as JSON (size or
/// shape, symmetry, givens or max_givens, band or rating, seed, count, attempts,
/// time_limit_ms); on `threads` threads (0: all cores), the same puzzles for a seed whatever
/// the threads. Returns (puzzles, seed, why fewer were made or None). Ctrl-C stops between
/// puzzles.
#[pyfunction]
#[pyo3(signature = (request, threads = 1))]
pub fn sudoku_generate(
    py: Python<'_>,
    request: &str,
    threads: usize,
) -> PyResult<(Vec<GeneratedRow>, u64, Option<String>)> {
    let request: GenerateRequest =
        serde_json::from_str(request).map_err(|e| field_error("request", e))?;
    let options = request
        .options()
        .map_err(|e| field_error(e.field, e.message))?;
    let pool = pool(threads)?;
    let stop = AtomicBool::new(false);
    let made = run_interruptible(py, &stop, || {
        let mut rows: Vec<GeneratedRow> = Vec::new();
        let summary = pool.install(|| {
            dlx_generate::generate_each(&options, |p| {
                rows.push((
                    p.index,
                    p.puzzle.to_line(),
                    p.solution.to_line(),
                    p.givens,
                    p.symmetry.as_str().to_string(),
                    p.minimal,
                    p.rating,
                    p.attempts,
                ));
                go_on(&stop)
            })
        });
        summary.map(|s| (rows, s.stop.map(|r| r.to_string())))
    })?;
    let (rows, why) = made.map_err(|e| SudokuError::new_err(e.to_string()))?;
    Ok((rows, options.seed, why))
}

// ---- On variant rules (issue 29) ----

/// Explains a variant puzzle (`rules` in any variant format, `format` None: detected;
/// `givens` replacing its own): the path as JSON, as [`sudoku_explain`].
#[pyfunction]
#[pyo3(signature = (rules, format = None, givens = None, upto = None, max_steps = None, seconds = None))]
pub fn variant_explain(
    py: Python<'_>,
    rules: &str,
    format: Option<&str>,
    givens: Option<&str>,
    upto: Option<String>,
    max_steps: Option<usize>,
    seconds: Option<f64>,
) -> PyResult<String> {
    let request = ExplainRequest {
        max_steps,
        upto,
        time_limit_ms: millis(seconds)?,
        ..ExplainRequest::default()
    };
    request.options().map_err(logic_error)?;
    let puzzle = crate::base::variant_puzzle(rules, format, givens)?;
    let path = py
        .allow_threads(|| request.run_variant(&puzzle))
        .map_err(logic_error)?;
    let mut v = serde_json::to_value(&path).map_err(|e| SudokuError::new_err(e.to_string()))?;
    v["grid"] = serde_json::Value::String(path.grid.to_line());
    Ok(v.to_string())
}

/// The easiest next step of a variant puzzle from a grid in progress (`progress`, one line)
/// and pencil marks, as JSON, as [`sudoku_hint`].
#[pyfunction]
#[pyo3(signature = (rules, format = None, givens = None, progress = None, marks = None, marks_text = None, level = 3))]
#[allow(clippy::too_many_arguments)]
pub fn variant_hint(
    py: Python<'_>,
    rules: &str,
    format: Option<&str>,
    givens: Option<&str>,
    progress: Option<String>,
    marks: Option<Vec<Vec<u8>>>,
    marks_text: Option<String>,
    level: u8,
) -> PyResult<String> {
    let request = HintRequest {
        progress,
        marks: marks.map(Marks::Lists).or(marks_text.map(Marks::Text)),
        level: Some(level),
        ..HintRequest::default()
    };
    request.level().map_err(logic_error)?;
    let puzzle = crate::base::variant_puzzle(rules, format, givens)?;
    let hint = py
        .allow_threads(|| request.run_variant(&puzzle))
        .map_err(logic_error)?;
    Ok(hint_json(&hint))
}

/// Rates a variant puzzle on a scale or techniques (with the variant techniques), through the
/// filters, within `seconds`: one row as [`sudoku_rate`] gives (its error always None: a
/// puzzle that cannot be rated raises).
#[pyfunction]
#[pyo3(signature = (rules, format = None, givens = None, scale = None, techniques = None, er = None, ep = None, ed = None, diamonds = false, pearls = false, seconds = None))]
#[allow(clippy::too_many_arguments)]
pub fn variant_rate(
    py: Python<'_>,
    rules: &str,
    format: Option<&str>,
    givens: Option<&str>,
    scale: Option<String>,
    techniques: Option<String>,
    er: Option<String>,
    ep: Option<String>,
    ed: Option<String>,
    diamonds: bool,
    pearls: bool,
    seconds: Option<f64>,
) -> PyResult<RatedRow> {
    let (ladder, filter) = rating(scale, techniques, er, ep, ed, diamonds, pearls)?;
    let limit = millis(seconds)?.map(Duration::from_millis);
    let puzzle = crate::base::variant_puzzle(rules, format, givens)?;
    let options = Options {
        deadline: limit.and_then(|t| dlx_time::Instant::now().checked_add(t)),
        ..Options::default()
    };
    let path = py
        .allow_threads(|| dlx_logic::explain_variant(&puzzle, &options, &ladder))
        .map_err(|source| {
            logic_error(LogicRequestError::Logic {
                field: "puzzle",
                source,
            })
        })?;
    let r = &path.rating;
    Ok((
        r.er,
        r.ep,
        r.ed,
        r.band.as_str().to_string(),
        r.hardest.as_str().to_string(),
        r.steps,
        r.complete,
        (!filter.is_empty()).then(|| path.stop == Stop::Solved && filter.accepts(r)),
        false,
        stop_word(Some(path.stop)).to_string(),
        None,
    ))
}

/// Registers the functions of this module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variant_explain, m)?)?;
    m.add_function(wrap_pyfunction!(variant_hint, m)?)?;
    m.add_function(wrap_pyfunction!(variant_rate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_explain, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_hint, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_rate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_generate, m)?)?;
    Ok(())
}

/// A hint as the Python side reads it: the step, its sentence, the text of every hint level
/// and whether the board is solved.
fn hint_json(hint: &dlx_logic::request::Hint) -> String {
    let levels: Vec<String> = match &hint.step {
        Some(s) => (1..=dlx_logic::request::FULL_HINT)
            .map(|l| s.hint_text(l))
            .collect(),
        None => Vec::new(),
    };
    serde_json::json!({
        "step": hint.step,
        "text": hint.text,
        "levels": levels,
        "solved": hint.solved,
    })
    .to_string()
}
