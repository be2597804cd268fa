//! The exact-cover operations: [`solve`] (count or list the solutions of a problem in
//! Knuth's format), [`trace`] (the matrix of a small problem and the steps of its search, for
//! the dancing-links view) and [`queens`] (the N-queens problem, counted or listed, each
//! solution as the column of the queen in each row).

use dlx_engine::{
    Algorithm, AlgorithmChoice, Cells, Heuristic, Links, Matrix, OptionId, Problem, Search, format,
};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::params::{Counted, Listing, max_steps, queens as queens_problem};
use crate::run::Run;
use crate::trace::{XccStep, record};

/// A problem to count or list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({ "problem": "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n", "limit": 0 }))))]
#[serde(deny_unknown_fields)]
pub struct XccSolveRequest {
    /// The problem in Knuth's format.
    pub problem: String,
    /// Stop after this many solutions; absent or 0 counts them all (within the budgets).
    #[serde(default)]
    pub limit: Option<u64>,
    /// How many solutions to return in `listed` (default 1; at most the face's cap).
    #[serde(default)]
    pub list: Option<usize>,
    /// How to choose the item to branch on (`mrv`, the default, or `leftmost`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// The search algorithm (`auto`, `links` or `cells`): `auto` runs `cells`, the faster,
    /// since a request runs on one thread and its order of solutions is fixed anyway.
    #[serde(default)]
    pub algorithm: AlgorithmChoice,
    /// A lower node budget than the face's.
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// A shorter time limit than the face's, in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

/// One solution listed by [`solve`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ListedSolution {
    /// The options, by id (0-based, in input order), in the order the search chose them.
    pub options: Vec<u32>,
    /// The same options in Knuth's notation.
    pub text: Vec<String>,
}

/// The answer to [`solve`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XccSolveResponse {
    /// The algorithm that ran: `links` or `cells`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub algorithm: Algorithm,
    /// How the search ended: `status`, `solutions`, `complete`, `stats`.
    #[serde(flatten)]
    pub search: Counted,
    /// The first solution, its options in Knuth's notation (empty if none was found).
    pub first: Vec<String>,
    /// The first solutions found (as many as `list` asked).
    pub listed: Vec<ListedSolution>,
    /// The problem's size.
    pub items: usize,
    /// The number of primary items.
    pub primary: usize,
    /// The number of options.
    pub options: usize,
    /// Things accepted but worth saying (options dropped for having no primary item).
    pub warnings: Vec<String>,
}

/// Reads a problem in Knuth's format, with its warnings.
pub fn parse_problem(text: &str) -> Result<(Problem, Vec<String>), ApiError> {
    let (problem, warnings) = format::parse(text).map_err(|e| ApiError::field("problem", e))?;
    Ok((problem, warnings.iter().map(|w| w.to_string()).collect()))
}

/// Counts (and lists) the solutions of a problem, within the run's budget.
pub fn solve(req: &XccSolveRequest, run: &mut Run<'_>) -> Result<XccSolveResponse, ApiError> {
    let listing = Listing::new(req.limit, req.list, run.caps.max_listed)?;
    // One thread, solutions in the order found: the library resolves `auto`.
    let algorithm = req.algorithm.resolve(false);
    let (problem, warnings) = parse_problem(&req.problem)?;
    let config = run.budget.engine_config(req.heuristic);
    let ids = |s: &[OptionId]| -> Vec<u32> { s.iter().map(|o| o.0).collect() };
    let (first, listed, search) = match algorithm {
        Algorithm::Cells => listing.run(&mut Cells::new(&problem, config), run, ids),
        _ => listing.run(&mut Links::new(&problem, config), run, ids),
    };
    let text = |s: &[u32]| -> Vec<String> {
        s.iter()
            .map(|&o| problem.display_option(OptionId(o)).to_string())
            .collect()
    };
    let first = first.map_or_else(Vec::new, |s| text(&s));
    let listed = listed
        .into_iter()
        .map(|options| ListedSolution {
            text: text(&options),
            options,
        })
        .collect();
    Ok(XccSolveResponse {
        algorithm,
        search,
        first,
        listed,
        items: problem.item_count(),
        primary: problem.primary_count(),
        options: problem.option_count(),
        warnings,
    })
}

/// A search to record: exactly one of `problem` and `queens`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({ "queens": 6, "max_steps": 50 }))))]
#[serde(deny_unknown_fields)]
pub struct XccTraceRequest {
    /// A problem in Knuth's format.
    #[serde(default)]
    pub problem: Option<String>,
    /// Or the N-queens problem for this `n`.
    #[serde(default)]
    pub queens: Option<u32>,
    /// How to choose the item to branch on.
    #[serde(default)]
    pub heuristic: Heuristic,
    /// Record at most this many steps (at most the face's cap, which is the default).
    #[serde(default)]
    pub max_steps: Option<usize>,
}

/// The squares of a queens problem's options, for drawing the board.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueensInfo {
    /// The board size.
    pub n: u32,
    /// `squares[k]` is the `[row, column]` of option `k`.
    pub squares: Vec<[u32; 2]>,
}

/// The answer to [`trace`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct XccTraceResponse {
    /// The problem, for the matrix view.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::schema::matrix))]
    pub matrix: Matrix,
    /// The recorded steps.
    pub steps: Vec<XccStep>,
    /// Whether the search went on past the last step (cap, budget or deadline).
    pub truncated: bool,
    /// Solutions met within the recorded steps.
    pub solutions: u64,
    /// For the queens problem, where each option puts its queen.
    pub queens: Option<QueensInfo>,
}

/// Records the dancing-links search of a problem or of N queens, at most the face's cap.
pub fn trace(req: &XccTraceRequest, run: &mut Run<'_>) -> Result<XccTraceResponse, ApiError> {
    let max_steps = max_steps(req.max_steps, run.caps.max_trace_steps)?;
    let max_queens = run.caps.max_trace_queens;
    let (problem, info) = match (&req.problem, req.queens) {
        (Some(text), None) => (parse_problem(text)?.0, None),
        (None, Some(n)) => {
            if !(1..=max_queens).contains(&n) {
                return Err(ApiError::field(
                    "queens",
                    format!("the trace is for boards of 1 to {max_queens} squares a side, not {n}"),
                ));
            }
            let (p, squares) = queens_problem(n)
                .ok_or_else(|| ApiError::field("queens", format!("no board of size {n}")))?;
            (p, Some(QueensInfo { n, squares }))
        }
        _ => {
            return Err(ApiError::bad(
                "give exactly one of `problem` (Knuth's format) and `queens` (a board size)",
            ));
        }
    };
    let t = record(&problem, req.heuristic, max_steps, run.budget);
    Ok(XccTraceResponse {
        matrix: Matrix::of(&problem),
        steps: t.steps,
        truncated: t.truncated,
        solutions: t.solutions,
        queens: info,
    })
}

/// The N-queens problem to count or list.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueensRequest {
    /// The board size, from 1 to the face's cap.
    pub n: u32,
    /// Stop after this many solutions; absent or 0 counts them all (within the budgets).
    #[serde(default)]
    pub limit: Option<u64>,
    /// How many solutions to return (default 1).
    #[serde(default)]
    pub list: Option<usize>,
    /// How to choose the item to branch on.
    #[serde(default)]
    pub heuristic: Heuristic,
}

/// The answer to [`queens`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct QueensResponse {
    /// The board size.
    pub n: u32,
    /// How the search ended: `status`, `solutions`, `complete`, `stats`.
    #[serde(flatten)]
    pub search: Counted,
    /// The first solution: `first[r]` is the column of the queen on row `r` (empty if none).
    pub first: Vec<u32>,
    /// The first solutions found, as many as `list` asked, in the same form.
    pub listed: Vec<Vec<u32>>,
}

/// Counts (and lists) the placements of N queens, within the run's budget.
pub fn queens(req: &QueensRequest, run: &mut Run<'_>) -> Result<QueensResponse, ApiError> {
    let n = req.n;
    let max = run.caps.max_queens;
    if !(1..=max).contains(&n) {
        return Err(ApiError::field(
            "n",
            format!("must be a whole number from 1 to {max}, not `{n}`"),
        ));
    }
    let listing = Listing::new(req.limit, req.list, run.caps.max_listed)?;
    let (problem, squares) =
        queens_problem(n).ok_or_else(|| ApiError::field("n", format!("no board of size {n}")))?;
    let mut links = Links::new(&problem, run.budget.engine_config(req.heuristic));
    let columns = |s: &[OptionId]| {
        let mut cols = vec![0u32; n as usize];
        for o in s {
            let [r, c] = squares[o.index()];
            cols[r as usize] = c;
        }
        cols
    };
    let (first, listed, search) = listing.run(&mut links, run, columns);
    Ok(QueensResponse {
        n,
        search,
        first: first.unwrap_or_default(),
        listed,
    })
}
