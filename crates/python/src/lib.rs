//! `dlx._dlx`: the native half of the Python package `dlx` (the Python half, in `python/dlx`,
//! adds NumPy arrays, Dask and docstrings of its own).
//!
//! Every search runs with the GIL released, on a thread of its own, while the calling thread
//! waits in slices of 50 ms and looks at Python's signals between them: Ctrl-C sets the
//! search's interrupt flag, the search stops within a few thousand nodes, and the call raises
//! `KeyboardInterrupt`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use dlx_engine::shard::{self, Merge, ProblemRef, ResultLine, ShardLine, SplitAt};
use dlx_engine::{
    AlgorithmChoice, Config, CoverRequest, Heuristic, Observer, OptionId, Outcome, Problem,
    ProblemBuilder, Progress, Search, Stop, format,
};
use dlx_sudoku::SolveRequest;
use dlx_sudoku::batch::{LineStatus, SolveJob};
use dlx_sudoku::request::Mode;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod base;
mod logic;

use base::{
    DlxError, ParseError, ProblemError, SLICE, ShardError, SudokuError, go_on, millis, pool,
    run_interruptible, sudoku_error, variant_error, variant_puzzle,
};
use pyo3::types::PyBytes;

/// The statistics of a search.
#[pyclass(frozen, module = "dlx._dlx", get_all)]
#[derive(Clone, Debug)]
pub struct Stats {
    /// Solutions found (exact when `complete`).
    solutions: u64,
    /// Search-tree nodes (Knuth's DLX1 count with links).
    nodes: u64,
    /// Updates (list removals).
    updates: u64,
    /// Forced moves committed without branching (cells).
    forced: u64,
    /// Whether the whole tree was searched.
    complete: bool,
    /// `complete`, `node_budget`, `deadline` or `interrupted` (the engine's `Stop`, spelled
    /// once).
    status: String,
    /// Wall time in seconds.
    seconds: f64,
    /// The deepest level reached.
    max_depth: usize,
    /// Nodes entered at each level.
    level_nodes: Vec<u64>,
}

#[pymethods]
impl Stats {
    fn __repr__(&self) -> String {
        format!(
            "Stats(solutions={}, nodes={}, updates={}, complete={}, status='{}', seconds={:.3})",
            self.solutions,
            self.nodes,
            self.updates,
            if self.complete { "True" } else { "False" },
            self.status,
            self.seconds
        )
    }

    /// The statistics as a dict.
    fn as_dict(&self, py: Python<'_>) -> PyResult<PyObject> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("solutions", self.solutions)?;
        d.set_item("nodes", self.nodes)?;
        d.set_item("updates", self.updates)?;
        d.set_item("forced", self.forced)?;
        d.set_item("complete", self.complete)?;
        d.set_item("status", &self.status)?;
        d.set_item("seconds", self.seconds)?;
        d.set_item("max_depth", self.max_depth)?;
        d.set_item("level_nodes", self.level_nodes.clone())?;
        Ok(d.into_any().unbind())
    }
}

impl Stats {
    fn from_outcome(out: &Outcome, interrupted: bool) -> Stats {
        let s = &out.stats;
        Stats {
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            forced: s.forced,
            complete: out.is_complete(),
            status: if interrupted {
                "interrupted".to_string()
            } else {
                Stop::of(out.status, false).as_str().to_string()
            },
            seconds: out.elapsed.as_secs_f64(),
            max_depth: s.max_depth,
            level_nodes: s.level_nodes.clone(),
        }
    }
}

/// The algorithm a keyword asks for (`auto`, `links`, `cells`), as the library spells it.
fn algorithm(word: &str) -> PyResult<AlgorithmChoice> {
    word.parse()
        .map_err(|e: dlx_engine::RequestError| PyValueError::new_err(e.to_string()))
}

fn heuristic(word: &str) -> PyResult<Heuristic> {
    word.parse()
        .map_err(|e: dlx_engine::RequestError| PyValueError::new_err(e.to_string()))
}

fn config(heuristic_word: &str, nodes: Option<u64>, seconds: Option<f64>) -> PyResult<Config> {
    let request = CoverRequest {
        heuristic: heuristic(heuristic_word)?,
        node_budget: nodes,
        time_limit_ms: millis(seconds)?,
        ..CoverRequest::default()
    };
    Ok(request.config())
}

/// An exact-cover problem (with colors): primary items covered exactly once, secondary items
/// at most once or by options agreeing on their color.
#[pyclass(frozen, name = "Problem", module = "dlx._dlx")]
pub struct PyProblem {
    problem: Arc<Problem>,
    /// The canonical Knuth text.
    text: String,
    fingerprint: String,
}

fn parse_error(e: format::ParseError) -> PyErr {
    Python::with_gil(|py| {
        let err = ParseError::new_err(e.to_string());
        let value = err.value(py);
        let _ = value.setattr("line", e.line);
        let _ = value.setattr("column", e.column);
        err
    })
}

impl PyProblem {
    fn wrap(problem: Problem) -> PyProblem {
        let text = shard::canonical(&problem);
        let fingerprint = shard::fingerprint(&text);
        PyProblem {
            problem: Arc::new(problem),
            text,
            fingerprint,
        }
    }
}

#[pymethods]
impl PyProblem {
    /// Reads a problem in Knuth's text format (as DLX1/DLX2 read it).
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let (problem, _warnings) = format::parse(text).map_err(parse_error)?;
        Ok(PyProblem::wrap(problem))
    }

    /// Builds a problem from lists: `primary` and `secondary` item names, and `options`,
    /// each a list of item names, where a secondary item may carry a color as `"x:red"` or
    /// as a pair `("x", "red")`.
    #[staticmethod]
    #[pyo3(signature = (primary, options, secondary = Vec::new()))]
    fn from_lists(
        primary: Vec<String>,
        options: Vec<Vec<Bound<'_, PyAny>>>,
        secondary: Vec<String>,
    ) -> PyResult<Self> {
        let mut b = ProblemBuilder::new();
        let bad = |e: dlx_engine::BuildError| ProblemError::new_err(e.to_string());
        for name in &primary {
            b.primary(name).map_err(bad)?;
        }
        for name in &secondary {
            b.secondary(name).map_err(bad)?;
        }
        for (k, option) in options.iter().enumerate() {
            let mut entries: Vec<(String, Option<String>)> = Vec::with_capacity(option.len());
            for e in option {
                if let Ok(s) = e.extract::<String>() {
                    match s.split_once(':') {
                        Some((item, color)) => entries.push((item.into(), Some(color.into()))),
                        None => entries.push((s, None)),
                    }
                } else if let Ok((item, color)) = e.extract::<(String, String)>() {
                    entries.push((item, Some(color)));
                } else {
                    return Err(ProblemError::new_err(format!(
                        "option {k}: an entry must be a name, \"item:color\" or (item, color), not {}",
                        e.repr()?
                    )));
                }
            }
            let mut items = Vec::with_capacity(entries.len());
            for (name, color) in &entries {
                let Some(item) = b.item(name) else {
                    return Err(ProblemError::new_err(format!(
                        "option {k}: unknown item `{name}`"
                    )));
                };
                let color = color.as_ref().map(|c| b.color(c));
                items.push((item, color));
            }
            b.option(&items)
                .map_err(|e| ProblemError::new_err(format!("option {k}: {e}")))?;
        }
        Ok(PyProblem::wrap(b.build()))
    }

    /// The problem in Knuth's text format (canonical: what pickling stores).
    fn to_text(&self) -> String {
        self.text.clone()
    }

    /// A fingerprint of the canonical text (FNV-1a, 64 bits, hex).
    #[getter]
    fn fingerprint(&self) -> String {
        self.fingerprint.clone()
    }

    /// The number of items (primary and secondary).
    #[getter]
    fn items(&self) -> usize {
        self.problem.item_count()
    }

    /// The number of primary items.
    #[getter]
    fn primary_items(&self) -> usize {
        self.problem.primary_count()
    }

    /// The number of options.
    #[getter]
    fn options(&self) -> usize {
        self.problem.option_count()
    }

    /// Option `index` as text (`"a b x:red"`).
    fn option(&self, index: usize) -> PyResult<String> {
        if index >= self.problem.option_count() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "option {index} of {}",
                self.problem.option_count()
            )));
        }
        Ok(self
            .problem
            .display_option(OptionId(index as u32))
            .to_string())
    }

    /// Counts the solutions on `threads` threads (0: all cores), within an optional node
    /// budget and time limit (then `complete` is false and the count a lower bound).
    #[pyo3(signature = (threads = 0, nodes = None, seconds = None, algorithm = "auto", heuristic = "mrv"))]
    fn count(
        &self,
        py: Python<'_>,
        threads: usize,
        nodes: Option<u64>,
        seconds: Option<f64>,
        algorithm: &str,
        heuristic: &str,
    ) -> PyResult<Stats> {
        let request = CoverRequest {
            algorithm: self::algorithm(algorithm)?,
            heuristic: self::heuristic(heuristic)?,
            node_budget: nodes,
            time_limit_ms: millis(seconds)?,
            threads,
            ..CoverRequest::default()
        };
        request
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let stop = AtomicBool::new(false);
        let problem = &self.problem;
        let out = run_interruptible(py, &stop, || {
            request
                .search(problem)
                .interrupt(&stop)
                .run(|_| std::ops::ControlFlow::Continue(()), &|_: &Progress| {})
        })?;
        Ok(Stats::from_outcome(&out, false))
    }

    /// Streams solutions (lists of option numbers, see `option`) in the order of the
    /// single-threaded search, at most `limit`.
    #[pyo3(signature = (limit = None, heuristic = "mrv"))]
    fn solutions(&self, limit: Option<u64>, heuristic: &str) -> PyResult<Solutions> {
        let config = config(heuristic, None, None)?;
        Solutions::start(Arc::clone(&self.problem), config, limit.unwrap_or(u64::MAX))
    }

    /// Cuts the search tree into shards (JSON lines, see `dlx xcc --split-depth`) at branch
    /// level `depth`, or at the shallowest level that gives at least `shards` of them; each
    /// shard is searched for at most `probe` nodes to estimate its size (0: no estimate).
    #[pyo3(signature = (depth = None, shards = None, algorithm = "links", heuristic = "mrv", probe = 0))]
    fn split(
        &self,
        py: Python<'_>,
        depth: Option<usize>,
        shards: Option<usize>,
        algorithm: &str,
        heuristic: &str,
        probe: u64,
    ) -> PyResult<Vec<String>> {
        let at = match (depth, shards) {
            (Some(d), None) if d >= 1 => SplitAt::Depth(d),
            (None, Some(n)) if n >= 1 => SplitAt::Shards(n),
            (None, None) => SplitAt::Shards(64),
            _ => {
                return Err(PyValueError::new_err(
                    "give depth >= 1 or shards >= 1, not both",
                ));
            }
        };
        let algorithm = self::algorithm(algorithm)?.for_shards();
        let config = config(heuristic, None, None)?;
        let problem = &self.problem;
        let stop = AtomicBool::new(false);
        let (plan, estimates) = run_interruptible(py, &stop, || {
            let plan = shard::plan(problem, &config, algorithm, at);
            let estimates: Vec<_> = if probe > 0 {
                plan.shards
                    .iter()
                    .map(|s| shard::estimate(problem, &config, algorithm, s, probe).ok())
                    .collect()
            } else {
                vec![None; plan.shards.len()]
            };
            (plan, estimates)
        })?;
        let r = ProblemRef {
            text: None,
            path: None,
            fingerprint: self.fingerprint.clone(),
        };
        Ok(plan
            .shards
            .iter()
            .zip(estimates)
            .map(|(s, e)| {
                let mut s = s.clone();
                s.estimate = e;
                ShardLine::new(
                    problem,
                    r.clone(),
                    algorithm,
                    config.heuristic,
                    plan.depth,
                    &s,
                )
                .to_json()
            })
            .collect())
    }

    /// Solves one shard line of this problem and returns its result line.
    fn solve_shard(&self, py: Python<'_>, line: &str) -> PyResult<String> {
        let err = |e: shard::ShardError| ShardError::new_err(e.to_string());
        let line = ShardLine::parse(line, 1).map_err(err)?;
        let s = line.shard(&self.problem, &self.fingerprint).map_err(err)?;
        let config = line.config().map_err(err)?;
        let algorithm = line.algorithm().map_err(err)?;
        let stop = AtomicBool::new(false);
        let problem = &self.problem;
        let out = run_interruptible(py, &stop, || {
            let mut obs = StopOn(&stop);
            shard::solve_with(problem, &config, algorithm, &s, &mut obs)
        })?
        .map_err(|e| ShardError::new_err(format!("shard {}: {e}", s.index)))?;
        Ok(ResultLine::new(&line, &out).to_json())
    }

    fn __reduce__(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<(PyObject, (String,))> {
        let cls = py.get_type::<PyProblem>().into_any().unbind();
        Ok((cls, (slf.text.clone(),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem(items={}, primary_items={}, options={})",
            self.problem.item_count(),
            self.problem.primary_count(),
            self.problem.option_count()
        )
    }
}

/// An observer that counts and stops when its flag is set.
struct StopOn<'a>(&'a AtomicBool);

impl Observer for StopOn<'_> {
    fn solution(&mut self, _: &[OptionId]) -> std::ops::ControlFlow<()> {
        std::ops::ControlFlow::Continue(())
    }
    fn progress(&mut self, _: &Progress) -> std::ops::ControlFlow<()> {
        go_on(self.0)
    }
}

/// Adds up result lines. Returns `(stats, missing)`: the sum and the shard numbers with no
/// result; `stats.complete` is true only when every shard is in and complete.
#[pyfunction]
fn merge(lines: Vec<String>) -> PyResult<(Stats, Vec<usize>)> {
    let mut m = Merge::new();
    for (k, l) in lines.iter().enumerate() {
        let r = ResultLine::parse(l, k + 1).map_err(|e| ShardError::new_err(e.to_string()))?;
        m.add(r).map_err(|e| ShardError::new_err(e.to_string()))?;
    }
    let s = m.stats();
    let complete = m.is_complete();
    Ok((
        Stats {
            solutions: s.solutions,
            nodes: s.nodes,
            updates: s.updates,
            forced: s.forced,
            complete,
            status: if complete { "complete" } else { "incomplete" }.to_string(),
            seconds: m.seconds(),
            max_depth: s.max_depth,
            level_nodes: s.level_nodes.clone(),
        },
        m.missing(),
    ))
}

/// A stream of solutions: a search thread sends them through a bounded channel; dropping the
/// stream stops the search.
#[pyclass(module = "dlx._dlx")]
pub struct Solutions {
    rx: Option<std::sync::Mutex<mpsc::Receiver<Vec<u32>>>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<Outcome>>,
    outcome: Option<Outcome>,
}

struct Sender {
    tx: mpsc::SyncSender<Vec<u32>>,
    stop: Arc<AtomicBool>,
}

impl Observer for Sender {
    fn solution(&mut self, options: &[OptionId]) -> std::ops::ControlFlow<()> {
        let v = options.iter().map(|o| o.0).collect();
        if self.stop.load(Ordering::Relaxed) || self.tx.send(v).is_err() {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
    fn progress(&mut self, _: &Progress) -> std::ops::ControlFlow<()> {
        go_on(&self.stop)
    }
}

impl Solutions {
    fn start(problem: Arc<Problem>, config: Config, limit: u64) -> PyResult<Solutions> {
        let (tx, rx) = mpsc::sync_channel(256);
        let stop = Arc::new(AtomicBool::new(false));
        let s2 = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("dlx-solutions".into())
            .spawn(move || {
                let mut links = dlx_engine::Links::new(&problem, config);
                let mut obs = dlx_engine::Limit {
                    inner: Sender { tx, stop: s2 },
                    remaining: limit,
                };
                if limit == 0 {
                    return links.collect(0).1;
                }
                links.run(&mut obs)
            })
            .map_err(|e| DlxError::new_err(format!("cannot start a search thread: {e}")))?;
        Ok(Solutions {
            rx: Some(std::sync::Mutex::new(rx)),
            stop,
            thread: Some(thread),
            outcome: None,
        })
    }

    fn finish(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.rx = None;
        if let Some(t) = self.thread.take()
            && let Ok(out) = t.join()
        {
            self.outcome = Some(out);
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Vec<u32>>> {
        loop {
            let Some(rx) = &self.rx else {
                return Ok(None);
            };
            let got = py.allow_threads(|| match rx.lock() {
                Ok(rx) => rx.recv_timeout(SLICE),
                Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
            });
            match got {
                Ok(v) => return Ok(Some(v)),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    self.finish();
                    return Ok(None);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.finish();
                        return Err(e);
                    }
                }
            }
        }
    }

    /// Stops the search (the stream then ends).
    fn close(&mut self, py: Python<'_>) {
        py.allow_threads(|| self.finish());
    }

    /// The statistics, once the stream has ended (else None).
    #[getter]
    fn stats(&self) -> Option<Stats> {
        self.outcome.as_ref().map(|o| Stats::from_outcome(o, false))
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.finish();
    }
}

// ---- Sudoku -------------------------------------------------------------------------------

/// Reads a request's puzzle; givens that repeat a digit are an error here (the answer would
/// only be "no solution").
fn sudoku_grid(request: &SolveRequest) -> PyResult<dlx_sudoku::Grid> {
    let grid = request.grid().map_err(sudoku_error)?;
    let conflicts = dlx_sudoku::Conflicts::of(&grid);
    if !conflicts.is_empty() {
        return Err(sudoku_error(dlx_sudoku::RequestError::Conflicts {
            field: "puzzle",
            conflicts,
        }));
    }
    Ok(grid)
}

/// Solves a Sudoku (any size, any of the formats `dlx sudoku` reads); returns the solution as
/// one line, or None if there is none.
#[pyfunction]
#[pyo3(signature = (puzzle, seconds = None))]
fn sudoku_solve(py: Python<'_>, puzzle: &str, seconds: Option<f64>) -> PyResult<Option<String>> {
    let request = SolveRequest {
        mode: Some(Mode::One),
        time_limit_ms: millis(seconds)?,
        ..SolveRequest::new(puzzle)
    };
    let grid = sudoku_grid(&request)?;
    let options = request.options().map_err(sudoku_error)?;
    let r = py.allow_threads(|| dlx_sudoku::solve(&grid, &options));
    if !r.complete && r.solution.is_none() {
        return Err(SudokuError::new_err(format!(
            "no answer within the time limit ({})",
            r.stop
        )));
    }
    Ok(r.solution.map(|g| g.to_line()))
}

/// Counts a Sudoku's solutions, up to `limit` (0: all); returns (count, complete, stop).
#[pyfunction]
#[pyo3(signature = (puzzle, limit = 0, seconds = None))]
fn sudoku_count(
    py: Python<'_>,
    puzzle: &str,
    limit: u64,
    seconds: Option<f64>,
) -> PyResult<(u64, bool, String)> {
    let request = SolveRequest {
        mode: Some(Mode::Count),
        limit: (limit > 0).then_some(limit),
        time_limit_ms: millis(seconds)?,
        ..SolveRequest::new(puzzle)
    };
    let grid = sudoku_grid(&request)?;
    let options = request.options().map_err(sudoku_error)?;
    let stop = AtomicBool::new(false);
    let r = run_interruptible(py, &stop, || dlx_sudoku::solve(&grid, &options))?;
    Ok((r.solutions, r.complete, r.stop.as_str().to_string()))
}

/// How hard a variant search may work: a time limit, a node budget (as `Problem.count`'s
/// `nodes`) and threads (0: all cores).
#[derive(Clone, Copy)]
struct Effort {
    seconds: Option<f64>,
    nodes: Option<u64>,
    threads: usize,
}

/// Solves or counts a variant puzzle (up to `limit`, 0: all) on `effort.threads` threads,
/// interruptible with Ctrl-C; returns (count, complete, stop, first solution).
fn variant_search(
    py: Python<'_>,
    puzzle: &dlx_variants::Puzzle,
    limit: u64,
    effort: Effort,
) -> PyResult<(u64, bool, String, Option<String>)> {
    let Effort {
        seconds,
        nodes,
        threads,
    } = effort;
    let enc = dlx_variants::lower(puzzle).map_err(|e| SudokuError::new_err(e.to_string()))?;
    let mut limits = dlx_variants::Limits::count_all();
    limits.solutions = limit;
    limits.keep = 1;
    limits.node_budget = nodes;
    limits.threads = threads;
    if let Some(ms) = millis(seconds)? {
        limits = limits.with_time_limit(Duration::from_millis(ms));
    }
    let stop = AtomicBool::new(false);
    let a = run_interruptible(py, &stop, || {
        dlx_variants::search_with(
            &enc,
            &limits,
            dlx_variants::Watch {
                interrupt: Some(&stop),
                progress: None,
            },
        )
    })?;
    let first = a.solutions.first().map(|g| dlx_variants::grid_line(g));
    Ok((
        a.count,
        a.status.is_complete(),
        a.stop.as_str().to_string(),
        first,
    ))
}

/// Solves a variant puzzle: f-puzzles JSON, a link, our JSON or text format (`format` None:
/// detected), `givens` replacing its own; returns the solution line, or None if it has none.
/// `nodes` is a node budget, `threads` the threads of the search (0: all cores).
#[pyfunction]
#[pyo3(signature = (rules, format = None, givens = None, seconds = None, nodes = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
fn variant_solve(
    py: Python<'_>,
    rules: &str,
    format: Option<&str>,
    givens: Option<&str>,
    seconds: Option<f64>,
    nodes: Option<u64>,
    threads: usize,
) -> PyResult<Option<String>> {
    let puzzle = variant_puzzle(rules, format, givens)?;
    let effort = Effort {
        seconds,
        nodes,
        threads,
    };
    let (n, complete, stop, first) = variant_search(py, &puzzle, 1, effort)?;
    if n == 0 && !complete {
        return Err(SudokuError::new_err(format!(
            "no answer within the budget ({stop})"
        )));
    }
    Ok(first)
}

/// Counts a variant puzzle's solutions up to `limit` (0: all); returns (count, complete, stop).
/// `nodes` is a node budget, `threads` the threads of the search (0: all cores).
#[pyfunction]
#[pyo3(signature = (rules, format = None, givens = None, limit = 0, seconds = None, nodes = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
fn variant_count(
    py: Python<'_>,
    rules: &str,
    format: Option<&str>,
    givens: Option<&str>,
    limit: u64,
    seconds: Option<f64>,
    nodes: Option<u64>,
    threads: usize,
) -> PyResult<(u64, bool, String)> {
    let puzzle = variant_puzzle(rules, format, givens)?;
    let effort = Effort {
        seconds,
        nodes,
        threads,
    };
    let (n, complete, stop, _) = variant_search(py, &puzzle, limit, effort)?;
    Ok((n, complete, stop))
}

/// One generated variant puzzle as Python receives it: (index, the puzzle in the format
/// asked, its solution line, givens, cages, minimal).
type GeneratedRow = (u64, String, String, usize, usize, bool);

/// Makes variant puzzles (issue 29): `request` is `dlx_variants::generate::GenerateRequest`
/// as JSON; each puzzle written in `format` (`text`, `fpuzzles`, `link`, `json`); on
/// `threads` threads (0: all cores). Returns (puzzles, seed, why fewer were made or None).
/// Ctrl-C stops between puzzles.
#[pyfunction]
#[pyo3(signature = (request, format = "text", threads = 1))]
fn variant_generate(
    py: Python<'_>,
    request: &str,
    format: &str,
    threads: usize,
) -> PyResult<(Vec<GeneratedRow>, u64, Option<String>)> {
    use dlx_variants::generate::{GenerateRequest, generate_each};
    use dlx_variants::request::RequestError;
    let request: GenerateRequest = serde_json::from_str(request)
        .map_err(|e| variant_error(RequestError::invalid("request", e)))?;
    let format: dlx_variants::Format = format
        .parse()
        .map_err(|e| variant_error(RequestError::invalid("format", e)))?;
    let mut options = request
        .options()
        .map_err(|e| variant_error(RequestError::invalid(e.field, e.message)))?;
    if let Some(band) = &request.band {
        let band: dlx_logic::Band = band
            .parse()
            .map_err(|e: String| variant_error(RequestError::invalid("band", e)))?;
        options.rating = Some(band.variant_filter());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SudokuError::new_err(e.to_string()))?;
    let stop = AtomicBool::new(false);
    let made = run_interruptible(py, &stop, || {
        let mut rows: Vec<GeneratedRow> = Vec::new();
        let summary = pool.install(|| {
            generate_each(&options, |p| {
                rows.push((
                    p.index,
                    dlx_variants::write(&p.puzzle, format),
                    dlx_variants::grid_line(&p.solution),
                    p.givens,
                    p.cages,
                    p.minimal,
                ));
                go_on(&stop)
            })
        });
        summary.map(|s| (rows, s.stop.map(|r| r.to_string())))
    })?;
    let (rows, why) = made.map_err(|e| SudokuError::new_err(e.to_string()))?;
    Ok((rows, options.seed, why))
}

/// Whether `text` reads as a variant puzzle (JSON, a link, our text format), not a grid.
#[pyfunction]
fn variant_sniff(text: &str) -> bool {
    dlx_variants::sniff(text).is_some()
}

/// The statuses of `solve_many`, by code: the library's `LineStatus`, spelled once.
fn statuses() -> Vec<&'static str> {
    LineStatus::ALL.iter().map(|s| s.as_str()).collect()
}

/// How `solve_many` solves each puzzle: the library's batch job (the quick 9x9 path, then the
/// general one; `invalid` for a puzzle that does not read or whose givens repeat a digit).
fn batch_job(unique: bool) -> PyResult<SolveJob> {
    let request = SolveRequest {
        mode: Some(if unique { Mode::Unique } else { Mode::One }),
        ..SolveRequest::default()
    };
    SolveJob::of(&request, false).map_err(sudoku_error)
}

/// Solves many puzzle lines on `threads` threads (0: all cores). Returns the solution lines
/// ("" where none) and status codes (indices into `STATUSES`).
#[pyfunction]
#[pyo3(signature = (puzzles, unique = false, threads = 0))]
fn sudoku_solve_lines(
    py: Python<'_>,
    puzzles: Vec<String>,
    unique: bool,
    threads: usize,
) -> PyResult<(Vec<String>, Vec<u8>)> {
    let job = batch_job(unique)?;
    let pool = pool(threads)?;
    let stop = AtomicBool::new(false);
    let results = run_interruptible(py, &stop, || {
        use rayon::prelude::*;
        pool.install(|| {
            puzzles
                .par_iter()
                .with_min_len(64)
                .map(|p| {
                    if stop.load(Ordering::Relaxed) {
                        return (String::new(), LineStatus::Incomplete.code());
                    }
                    let (status, solution) = job.solve_text(p);
                    (
                        solution.map(|g| g.to_line()).unwrap_or_default(),
                        status.code(),
                    )
                })
                .collect::<Vec<_>>()
        })
    })?;
    Ok(results.into_iter().unzip())
}

/// Solves `count` puzzles of `side * side` cells each, given as bytes (0 blank, 1..=side a
/// digit), row-major. Returns the solutions in the same layout (zeros where none) and the
/// status codes.
#[pyfunction]
#[pyo3(signature = (cells, count, side, unique = false, threads = 0))]
fn sudoku_solve_cells<'py>(
    py: Python<'py>,
    cells: &[u8],
    count: usize,
    side: usize,
    unique: bool,
    threads: usize,
) -> PyResult<(Bound<'py, PyBytes>, Vec<u8>)> {
    let per = side * side;
    if cells.len() != count * per {
        return Err(SudokuError::new_err(format!(
            "{} cells for {count} puzzles of {side}x{side}",
            cells.len()
        )));
    }
    let shape =
        dlx_sudoku::Shape::for_size(side).map_err(|e| SudokuError::new_err(e.to_string()))?;
    let job = batch_job(unique)?;
    let pool = pool(threads)?;
    let stop = AtomicBool::new(false);
    let (out, codes) = run_interruptible(py, &stop, || {
        use rayon::prelude::*;
        let mut out = vec![0u8; cells.len()];
        let mut codes = vec![0u8; count];
        pool.install(|| {
            out.par_chunks_mut(per.max(1))
                .zip(codes.par_iter_mut())
                .zip(cells.par_chunks(per.max(1)))
                .with_min_len(64)
                .for_each(|((o, code), c)| {
                    if stop.load(Ordering::Relaxed) {
                        *code = LineStatus::Incomplete.code();
                        return;
                    }
                    let (status, solution) = job.solve_cells(shape, c);
                    *code = status.code();
                    if let Some(s) = solution {
                        o.copy_from_slice(&s.cells);
                    }
                });
        });
        (out, codes)
    })?;
    Ok((PyBytes::new(py, &out), codes))
}

/// The native module.
#[pymodule]
fn _dlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyProblem>()?;
    m.add_class::<Stats>()?;
    m.add_class::<Solutions>()?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_count, m)?)?;
    m.add_function(wrap_pyfunction!(variant_solve, m)?)?;
    m.add_function(wrap_pyfunction!(variant_count, m)?)?;
    m.add_function(wrap_pyfunction!(variant_sniff, m)?)?;
    m.add_function(wrap_pyfunction!(variant_generate, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_solve_lines, m)?)?;
    m.add_function(wrap_pyfunction!(sudoku_solve_cells, m)?)?;
    logic::register(m)?;
    m.add("STATUSES", statuses())?;
    m.add("DlxError", py.get_type::<DlxError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("ProblemError", py.get_type::<ProblemError>())?;
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("ShardError", py.get_type::<ShardError>())?;
    Ok(())
}
