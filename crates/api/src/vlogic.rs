//! Variant Sudoku by logic (issue 29): [`explain`] (every step of the easiest-first path on the
//! variant's rules, and the rating), [`hint`] (the next step from a grid in progress and the
//! user's pencil marks, told at each of its levels) and [`rate`] (ER, EP, ED on the scale of
//! `docs/logic.md`, with the classic rate's filters). The puzzle is read as
//! [`crate::variants::solve`] reads it (`puzzle`, `format`); the options are the classic
//! operations' ([`crate::logic`]), checked by the same library code.
//!
//! Options that read but cannot be used (an unknown technique, a level of 4, a range that
//! does not read) and puzzles the logic cannot take (no solution, several for explain and
//! rate, a size without a box shape, larger than the face's logic takes) are refused naming
//! the field, `422` on the server; rules that cannot hold name the constraint, as for the
//! other variant operations.
//!
//! Each step's `pattern.areas` names the groups of cells a page cannot draw from a row,
//! column or box number (a jigsaw region, a diagonal, a window, a killer cage...). Explain
//! and hint also answer the candidates the path starts from and each cell's peers (the cells
//! it sees under the rules), so that a page can replay the steps on its board.

use dlx_logic::{
    ExplainRequest, HintRequest, Ladder, LogicError, LogicRequestError, Marks, Options,
    RateRequest, Solver, Stop,
};
use dlx_sudoku::Shape;
use dlx_variants::request::PuzzleInput;
use dlx_variants::{Cell, Format, Puzzle};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::logic::{HintResponse, RateResponse};
use crate::run::Run;
use crate::words;

/// A variant puzzle to solve by logic.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals",
    "upto": "variant_forcing_chain"
}))))]
#[serde(deny_unknown_fields)]
pub struct VariantExplainRequest {
    /// The puzzle: f-puzzles JSON (text or object), an f-puzzles link (or its `load=`
    /// string), our JSON or our text format.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// At most this many steps (default 10,000, capped by the face).
    #[serde(default)]
    pub max_steps: Option<usize>,
    /// The hardest technique allowed, by name (`cage_combination`, `x_wing`, ...; default all
    /// of them).
    #[serde(default)]
    pub upto: Option<String>,
    /// Stop after this many milliseconds (every step shown is sound).
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

/// The next step on a variant puzzle in progress.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\ngivens 1...............",
    "progress": "1...............",
    "level": 1
}))))]
#[serde(deny_unknown_fields)]
pub struct VariantHintRequest {
    /// The puzzle (its rules and givens), as for `/api/variants/solve`.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// The grid as the user has it (givens and digits placed): one line of N*N symbols
    /// (`.` or `0` for a blank); default the puzzle's givens.
    #[serde(default)]
    pub progress: Option<String>,
    /// The user's pencil marks: one list of digits a cell (an empty list where a cell has
    /// none), or text.
    #[serde(default)]
    pub marks: Option<Marks>,
    /// How much the hint tells: 1, the technique and where to look; 2, the cells of its
    /// pattern too; 3 (the default), the whole deduction.
    #[serde(default)]
    pub level: Option<u8>,
}

/// A variant puzzle to rate, perhaps through a filter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals",
    "er": "..3"
}))))]
#[serde(deny_unknown_fields)]
pub struct VariantRateRequest {
    /// The puzzle, as for `/api/variants/solve`.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
    /// The scale: `sukaku` (the default) or `classic`; the variant techniques are added to
    /// either.
    #[serde(default)]
    pub scale: Option<String>,
    /// The techniques to use instead of the scale's, by name, separated by commas.
    #[serde(default)]
    pub techniques: Option<String>,
    /// Keep puzzles whose ER is in this range (`7.2`, `6..8.9`, `9..`, `..3.5`).
    #[serde(default)]
    pub er: Option<String>,
    /// Keep puzzles whose EP is in this range.
    #[serde(default)]
    pub ep: Option<String>,
    /// Keep puzzles whose ED is in this range.
    #[serde(default)]
    pub ed: Option<String>,
    /// Keep diamonds only (ER = ED).
    #[serde(default)]
    pub diamonds: bool,
    /// Keep pearls only (ER = EP).
    #[serde(default)]
    pub pearls: bool,
}

/// The answer to [`explain`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantExplainResponse {
    /// The steps in order: `technique`, `rating`, `placements`, `eliminations` (`{row, col,
    /// digit}`, 0-based), `pattern` (`cells`, `houses`, `candidates`, `links`, and `areas`:
    /// the named groups of cells that are not a row, column or box) and `text`.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub steps: Vec<dlx_logic::Step>,
    /// Why the path ended: `solved`, `stuck`, `budget` (the step cap) or `deadline`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub stop: Stop,
    /// The grid at the end of the path, on one line (`.` for a blank).
    pub grid: String,
    /// The rating of the path: `er`, `ep`, `ed`, `band`, `hardest`, `steps`, `complete`.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub rating: dlx_logic::Rating,
    /// The candidates of every cell before the first step (row-major; empty for a filled
    /// cell): the digits no cell it sees holds.
    pub candidates: Vec<Vec<u8>>,
    /// The cells each cell sees under the rules (row-major indices): its row, column and
    /// region, the houses the rules add, killer cages, a knight's or king's move away...
    pub peers: Vec<Vec<usize>>,
    /// Cells on a side.
    pub size: usize,
    /// The format the puzzle was read in.
    pub format: Format,
}

/// The answer to [`hint`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantHintResponse {
    /// The step, its text at the level asked, at every level, and whether the grid is solved
    /// (as `/api/sudoku/hint` answers).
    #[serde(flatten)]
    pub hint: HintResponse,
    /// The candidates of every cell on the board the step was found on (row-major; empty
    /// for a filled cell): the digits no cell it sees holds, within the user's marks.
    pub candidates: Vec<Vec<u8>>,
}

/// Reads the puzzle and refuses one larger than the face's logic takes.
fn read(
    puzzle: &PuzzleInput,
    format: Option<Format>,
    run: &Run<'_>,
) -> Result<(Puzzle, Format), ApiError> {
    let (puzzle, format) = puzzle.read(format)?;
    let (n, max) = (puzzle.size(), run.caps.max_logic_size);
    if n > max {
        return Err(ApiError {
            unprocessable: true,
            ..ApiError::field(
                "puzzle",
                format!(
                    "{n}x{n} is larger than the {max}x{max} the logical solver takes here (use the command line)"
                ),
            )
        });
    }
    Ok((puzzle, format))
}

/// A refusal of an option or of the puzzle by the logic: 422, naming the field, with digits
/// as the board shows them.
fn refused(e: LogicRequestError, n: usize) -> ApiError {
    let mut e = ApiError {
        unprocessable: true,
        ..ApiError::from(e)
    };
    e.message = words::logic_text(&e.message, n);
    e
}

/// A refusal of the puzzle by the logic (no solution, several, a wrong digit or mark).
fn logic_refused(field: &'static str, n: usize) -> impl Fn(LogicError) -> ApiError {
    move |source| refused(LogicRequestError::Logic { field, source }, n)
}

/// Each cell's candidates as lists of digits.
fn lists(masks: &[u64], n: usize) -> Vec<Vec<u8>> {
    masks
        .iter()
        .map(|&m| (1..=n as u8).filter(|d| m >> (d - 1) & 1 != 0).collect())
        .collect()
}

/// A grid's cells on one line (`.` for a blank).
#[doc(hidden)] // `pub` for the unit tests in `tests/unit`.
pub fn line(cells: &[u8]) -> String {
    dlx_variants::grid_line(cells)
}

/// The steps of the easiest-first path on the variant's rules, why it ended, the grid at the
/// end, the rating, and what a page needs to replay the steps (the first candidates, the
/// peers).
pub fn explain(
    req: &VariantExplainRequest,
    run: &mut Run<'_>,
) -> Result<VariantExplainResponse, ApiError> {
    let classic = ExplainRequest {
        max_steps: req.max_steps,
        upto: req.upto.clone(),
        time_limit_ms: req.time_limit_ms,
        ..ExplainRequest::default()
    };
    let mut options = classic.options().map_err(|e| refused(e, 9))?;
    let (puzzle, format) = read(&req.puzzle, req.format, run)?;
    let n = puzzle.size();
    options.max_steps = options.max_steps.min(run.caps.max_explain_steps);
    options.deadline = run.budget.deadline.or(options.deadline);
    let mut solver = Solver::for_variant(&puzzle, None, None, &options, &Ladder::default())
        .map_err(logic_refused("puzzle", n))?;
    let candidates = lists(solver.board().all_candidates(), n);
    let mut path = solver.run();
    for s in &mut path.steps {
        s.text = words::logic_text(&s.text, n);
    }
    let rules = puzzle.rules();
    let peers = (0..n * n)
        .map(|k| rules.peers(Cell::at(k, n)).iter().collect())
        .collect();
    Ok(VariantExplainResponse {
        grid: line(&path.grid.cells),
        steps: path.steps,
        stop: path.stop,
        rating: path.rating,
        candidates,
        peers,
        size: n,
        format,
    })
}

/// The easiest next step on the variant's rules from the grid in progress and the user's
/// marks, told at each level, with the candidates of the board it was found on.
pub fn hint(req: &VariantHintRequest, run: &mut Run<'_>) -> Result<VariantHintResponse, ApiError> {
    let classic = HintRequest {
        level: req.level,
        ..HintRequest::default()
    };
    let level = classic.level().map_err(|e| refused(e, 9))?;
    let (puzzle, _) = read(&req.puzzle, req.format, run)?;
    let n = puzzle.size();
    let shape = Shape::for_size(n).map_err(|e| {
        refused(
            LogicRequestError::Invalid {
                field: "puzzle",
                message: e.to_string(),
            },
            n,
        )
    })?;
    let progress = match &req.progress {
        Some(p) => Some(
            dlx_sudoku::request::read_grid("progress", p, Some(shape))
                .map_err(|e| ApiError {
                    unprocessable: true,
                    ..ApiError::from(e)
                })?
                .cells,
        ),
        None => None,
    };
    let marks = match &req.marks {
        Some(m) => Some(
            m.masks(shape)
                .map_err(|e| refused(LogicRequestError::Marks(e), n))?,
        ),
        None => None,
    };
    let field = if progress.is_some() {
        "progress"
    } else {
        "puzzle"
    };
    let mut solver = Solver::for_variant(
        &puzzle,
        progress.as_deref(),
        marks.as_deref(),
        &Options::default(),
        &Ladder::default(),
    )
    .map_err(logic_refused(field, n))?;
    let candidates = lists(solver.board().all_candidates(), n);
    let step = solver.next_step();
    let solved = step.is_none() && solver.board().is_solved();
    let levels = match &step {
        Some(s) => (1..=dlx_logic::request::FULL_HINT)
            .map(|l| words::logic_text(&s.hint_text(l), n))
            .collect(),
        None => Vec::new(),
    };
    let text = step
        .as_ref()
        .map(|s| words::logic_text(&s.hint_text(level), n));
    let step = step.map(|mut s| {
        s.text = words::logic_text(&s.text, n);
        s
    });
    Ok(VariantHintResponse {
        hint: HintResponse {
            step,
            text,
            levels,
            solved,
        },
        candidates,
    })
}

/// ER, EP, ED, the band and the hardest technique of a variant puzzle on the request's scale
/// or techniques (with the variant techniques); with a filter, whether it passes. The whole
/// path is rated (`early` is false), within the run's deadline (then `stop` is `deadline`).
pub fn rate(req: &VariantRateRequest, run: &mut Run<'_>) -> Result<RateResponse, ApiError> {
    let classic = RateRequest {
        scale: req.scale.clone(),
        techniques: req.techniques.clone(),
        er: req.er.clone(),
        ep: req.ep.clone(),
        ed: req.ed.clone(),
        diamonds: req.diamonds,
        pearls: req.pearls,
        ..RateRequest::default()
    };
    let ladder = classic.ladder().map_err(|e| refused(e, 9))?;
    let filter = classic.filter().map_err(|e| refused(e, 9))?;
    let (puzzle, _) = read(&req.puzzle, req.format, run)?;
    let n = puzzle.size();
    let options = Options {
        deadline: run.budget.deadline,
        ..Options::default()
    };
    let path = dlx_logic::explain_variant(&puzzle, &options, &ladder)
        .map_err(logic_refused("puzzle", n))?;
    let r = &path.rating;
    Ok(RateResponse::of(
        r,
        r.steps,
        (!filter.is_empty()).then(|| path.stop == Stop::Solved && filter.accepts(r)),
        false,
        Some(path.stop),
    ))
}
