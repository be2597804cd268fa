//! The exact-cover endpoints: `POST /api/xcc/solve` (count or list the solutions of a problem
//! in Knuth's format) and `POST /api/xcc/trace` (the matrix of a small problem and the steps of
//! its search, for the dancing-links view).

use axum::extract::State;
use dlx_engine::{
    Algorithm, AlgorithmChoice, Cells, Heuristic, Links, Matrix, OptionId, Problem, Search, format,
};
use serde::{Deserialize, Serialize};

use crate::error::{ApiJson, AppError, Refusals};
use crate::params::{Counted, Listing, max_steps, queens};
use crate::state::AppState;
use crate::trace::{XccStep, record};
use crate::work::{Asked, answer};

/// The largest board `POST /api/xcc/trace` records (the matrix view is for small ones).
pub const MAX_TRACE_QUEENS: u32 = 12;

/// `POST /api/xcc/solve`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "problem": "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n", "limit": 0 })))]
pub struct XccSolveRequest {
    /// The problem in Knuth's format.
    pub problem: String,
    /// Stop after this many solutions; absent or 0 counts them all (within the budgets).
    pub limit: Option<u64>,
    /// How many solutions to return in `listed` (default 1; at most the server's cap).
    pub list: Option<usize>,
    /// How to choose the item to branch on (`mrv`, the default, or `leftmost`).
    #[serde(default)]
    pub heuristic: Heuristic,
    /// The search algorithm (`auto`, `links` or `cells`): `auto` runs `cells`, the faster,
    /// since a request runs on one thread and its order of solutions is fixed anyway.
    #[serde(default)]
    pub algorithm: AlgorithmChoice,
    /// A lower node budget than the server's.
    pub node_budget: Option<u64>,
    /// A shorter time limit than the server's, in milliseconds.
    pub time_limit_ms: Option<u64>,
}

/// One solution of `POST /api/xcc/solve`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ListedSolution {
    /// The options, by id (0-based, in input order), in the order the search chose them.
    pub options: Vec<u32>,
    /// The same options in Knuth's notation.
    pub text: Vec<String>,
}

/// The answer to `POST /api/xcc/solve`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct XccSolveResponse {
    /// The algorithm that ran: `links` or `cells`.
    #[schema(value_type = String)]
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

fn parse_problem(text: &str) -> Result<(Problem, Vec<String>), AppError> {
    let (problem, warnings) =
        format::parse(text).map_err(|e| AppError::bad(format!("problem: {e}")))?;
    Ok((problem, warnings.iter().map(|w| w.to_string()).collect()))
}

/// `POST /api/xcc/solve`.
#[utoipa::path(
    post,
    path = "/api/xcc/solve",
    operation_id = "xcc_solve",
    tag = "exact cover",
    request_body = XccSolveRequest,
    responses((status = 200, body = XccSolveResponse), Refusals)
)]
pub async fn solve(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<XccSolveRequest>,
) -> Result<ApiJson<XccSolveResponse>, AppError> {
    let listing = Listing::new(req.limit, req.list, state.limits.max_listed)?;
    let asked = Asked::new(req.node_budget, req.time_limit_ms);
    let heuristic = req.heuristic;
    let problem_text = req.problem;
    // One thread, solutions in the order found: the library resolves `auto`.
    let algorithm = req.algorithm.resolve(false);
    answer(&state, asked, move |budget| {
        let (problem, warnings) = parse_problem(&problem_text)?;
        let config = budget.engine_config(heuristic);
        let ids = |s: &[OptionId]| -> Vec<u32> { s.iter().map(|o| o.0).collect() };
        let (first, listed, search) = match algorithm {
            Algorithm::Cells => listing.run(&mut Cells::new(&problem, config), ids),
            _ => listing.run(&mut Links::new(&problem, config), ids),
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
    })
    .await
}

/// `POST /api/xcc/trace`: exactly one of `problem` and `queens`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(json!({ "queens": 6, "max_steps": 50 })))]
pub struct XccTraceRequest {
    /// A problem in Knuth's format.
    pub problem: Option<String>,
    /// Or the N-queens problem for this `n`.
    pub queens: Option<u32>,
    /// How to choose the item to branch on.
    #[serde(default)]
    pub heuristic: Heuristic,
    /// Record at most this many steps (at most the server's cap, which is the default).
    pub max_steps: Option<usize>,
}

/// The squares of a queens problem's options, for drawing the board.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct QueensInfo {
    /// The board size.
    pub n: u32,
    /// `squares[k]` is the `[row, column]` of option `k`.
    pub squares: Vec<[u32; 2]>,
}

/// The answer to `POST /api/xcc/trace`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct XccTraceResponse {
    /// The problem, for the matrix view.
    #[schema(schema_with = crate::schema::matrix)]
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

/// Where a traced problem comes from.
enum Source {
    Text(String),
    Queens(u32),
}

/// `POST /api/xcc/trace`.
#[utoipa::path(
    post,
    path = "/api/xcc/trace",
    operation_id = "xcc_trace",
    tag = "exact cover",
    request_body = XccTraceRequest,
    responses((status = 200, body = XccTraceResponse), Refusals)
)]
pub async fn trace(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<XccTraceRequest>,
) -> Result<ApiJson<XccTraceResponse>, AppError> {
    let max_steps = max_steps(req.max_steps, state.limits.max_trace_steps)?;
    let heuristic = req.heuristic;
    let source = match (req.problem, req.queens) {
        (Some(p), None) => Source::Text(p),
        (None, Some(n)) => {
            if !(1..=MAX_TRACE_QUEENS).contains(&n) {
                return Err(AppError::bad(format!(
                    "queens: the trace is for boards of 1 to {MAX_TRACE_QUEENS} squares a side, not {n}"
                )));
            }
            Source::Queens(n)
        }
        _ => {
            return Err(AppError::bad(
                "give exactly one of `problem` (Knuth's format) and `queens` (a board size)",
            ));
        }
    };
    answer(&state, Asked::default(), move |budget| {
        let (problem, info) = match source {
            Source::Text(text) => (parse_problem(&text)?.0, None),
            Source::Queens(n) => {
                let (p, squares) = queens(n)
                    .ok_or_else(|| AppError::bad(format!("queens: no board of size {n}")))?;
                (p, Some(QueensInfo { n, squares }))
            }
        };
        let t = record(&problem, heuristic, max_steps, budget);
        Ok(XccTraceResponse {
            matrix: Matrix::of(&problem),
            steps: t.steps,
            truncated: t.truncated,
            solutions: t.solutions,
            queens: info,
        })
    })
    .await
}
