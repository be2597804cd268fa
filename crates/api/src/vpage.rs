//! What the page needs of a variant puzzle beyond solving it: [`view`] (the rules as a page
//! draws them: the region of every cell, the houses the rules add with their cells, and every
//! constraint with its number, its sentence and all its cells, a little killer's diagonal and
//! a sandwich's line included) and [`generate`] (one new variant puzzle: killer, jigsaw, X,
//! windoku, anti-knight, anti-king, non-consecutive, disjoint groups, or several combined),
//! on `dlx_variants::generate`.
//!
//! The page draws from these answers and copies no rule of the variants: which cells a
//! windoku window or a disjoint group holds, where a jigsaw region's borders run, which cells
//! a little killer clue adds up, all come from the engine.

use dlx_variants::generate::GenerateRequest;
use dlx_variants::request::PuzzleInput;
use dlx_variants::{Cell, Format, HouseKind, Puzzle, grid_line};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::run::Run;

/// A variant puzzle to draw.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(examples(json!({
    "puzzle": "size 4\ncage 7 r1c3 r1c4\nthermo r2c1 r3c1\ndiagonals"
}))))]
#[serde(deny_unknown_fields)]
pub struct VariantViewRequest {
    /// The puzzle: f-puzzles JSON (text or object), an f-puzzles link (or its `load=`
    /// string), our JSON or our text format.
    pub puzzle: PuzzleInput,
    /// The puzzle's format (`fpuzzles`, `link`, `json`, `text`); detected when absent.
    #[serde(default)]
    pub format: Option<Format>,
}

/// A house the rules add to rows, columns and regions (a diagonal, a windoku window, a
/// disjoint group, an extra region).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct HouseView {
    /// `diagonal_positive`, `diagonal_negative`, `window`, `disjoint_group` or
    /// `extra_region`.
    pub kind: String,
    /// In words, numbered from 1: `window 2`, `diagonal+`.
    pub name: String,
    /// Its cells, `[row, column]`, 0-based.
    pub cells: Vec<[usize; 2]>,
}

/// One constraint as a page draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConstraintView {
    /// The constraint's kind in our JSON (`killer`, `thermo`, `arrow`, `little_killer`,
    /// `sandwich`, `difference`, `ratio`, `xv`, `even`, `odd`, `extra_region`, and the rules of
    /// the whole grid: `diagonal_positive`, `anti_knight`, `windoku`...).
    pub kind: String,
    /// The kind in words (`killer cage`, `white dot`, `anti-knight`).
    pub title: String,
    /// Its number among the constraints of that kind, from 1 (0 for a rule of the whole grid).
    pub index: usize,
    /// How steps and errors name it: `killer cage 3 (r1c1 r1c2)`.
    pub text: String,
    /// Whether it is a rule of the whole grid (no cells of its own).
    pub global: bool,
    /// All its cells, `[row, column]`, 0-based, in the constraint's order (a thermometer's
    /// bulb first, an arrow's circle then its line, a little killer's diagonal from the clue,
    /// a sandwich's row or column).
    pub cells: Vec<[usize; 2]>,
    /// The constraint in our JSON, every field (`sum`, `value`, `letter`, `circle`, `line`,
    /// `start`, `direction`...).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub rule: serde_json::Value,
}

/// The answer to [`view`].
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantViewResponse {
    /// The format the puzzle was read in.
    pub format: Format,
    /// Cells on a side.
    pub size: usize,
    /// The givens on one line (`.` for an empty cell).
    pub givens: String,
    /// The puzzle in a few words: `9x9, boxes 3x3, 0 givens; 29 killer cages`.
    pub summary: String,
    /// The title, author and rules in words, when the puzzle has them.
    pub title: Option<String>,
    /// The author.
    pub author: Option<String>,
    /// The rules in words.
    pub ruleset: Option<String>,
    /// Whether the regions are irregular (jigsaw) rather than boxes.
    pub jigsaw: bool,
    /// The region of each cell, row-major, from 0.
    pub regions: Vec<usize>,
    /// The houses the rules add (diagonals, windows, disjoint groups, extra regions).
    pub houses: Vec<HouseView>,
    /// Every constraint, in the puzzle's order.
    pub constraints: Vec<ConstraintView>,
    /// The cells each cell sees (must hold another digit than) under the rules, row-major
    /// from 0: its row, column and region, the houses the rules add, and the cells a knight's
    /// or king's move away under anti-knight and anti-king.
    pub peers: Vec<Vec<usize>>,
    /// The puzzle in our JSON: what the other variant operations take back (`format: json`).
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub puzzle: serde_json::Value,
}

fn rc(c: &Cell) -> [usize; 2] {
    [usize::from(c.row), usize::from(c.col)]
}

fn house_kind(kind: HouseKind) -> Option<&'static str> {
    match kind {
        HouseKind::DiagonalPositive => Some("diagonal_positive"),
        HouseKind::DiagonalNegative => Some("diagonal_negative"),
        HouseKind::Window => Some("window"),
        HouseKind::DisjointGroup => Some("disjoint_group"),
        HouseKind::ExtraRegion => Some("extra_region"),
        _ => None,
    }
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::bad(format!("internal error: cannot write the puzzle: {e}"))
}

/// The view of a puzzle already read.
fn view_of(puzzle: &Puzzle, format: Format) -> Result<VariantViewResponse, ApiError> {
    let rules = puzzle.rules();
    let n = puzzle.size();
    let regions = (0..n * n)
        .map(|i| rules.region_of(Cell::at(i, n)))
        .collect();
    let houses = rules
        .houses()
        .iter()
        .filter_map(|h| {
            house_kind(h.kind).map(|kind| HouseView {
                kind: kind.to_string(),
                name: h.name(),
                cells: h.cells.iter().map(rc).collect(),
            })
        })
        .collect();
    let constraints = rules
        .constraints()
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let rule = serde_json::to_value(c).map_err(internal)?;
            let named = rules.named(k);
            Ok(ConstraintView {
                kind: rule["kind"].as_str().unwrap_or_default().to_string(),
                title: c.kind_name().to_string(),
                index: named.index,
                text: named.to_string(),
                global: c.is_global(),
                cells: rules.scope(k).iter().map(rc).collect(),
                rule,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let peers = (0..n * n)
        .map(|k| rules.peers(Cell::at(k, n)).iter().collect())
        .collect();
    let meta = puzzle.meta();
    Ok(VariantViewResponse {
        format,
        size: n,
        givens: puzzle.givens_line(),
        summary: puzzle.describe(),
        title: meta.title.clone(),
        author: meta.author.clone(),
        ruleset: meta.ruleset.clone(),
        jigsaw: !rules.regions().is_boxes(),
        regions,
        houses,
        constraints,
        peers,
        puzzle: serde_json::to_value(puzzle).map_err(internal)?,
    })
}

/// Reads a variant puzzle in any format and answers what a page draws of it.
pub fn view(req: &VariantViewRequest) -> Result<VariantViewResponse, ApiError> {
    let (puzzle, format) = req.puzzle.read(req.format)?;
    view_of(&puzzle, format)
}

/// The answer to [`generate`]: the puzzle as [`view`] answers it, and what it took.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantGenerateResponse {
    /// The new puzzle, drawn as [`view`] answers it (its `puzzle` is the one to solve).
    pub view: VariantViewResponse,
    /// Its one solution on one line.
    pub solution: String,
    /// The seed it was made from (the same seed and request make the same puzzle).
    pub seed: u64,
    /// The families combined, as named (`killer`, `jigsaw,x`).
    pub variant: String,
    /// Given digits (0 for killer).
    pub givens: usize,
    /// Killer cages (0 for the others).
    pub cages: usize,
    /// Whether no given (or, for killer, no merge of two cages) can be removed keeping one
    /// solution.
    pub minimal: bool,
    /// Solution grids it took.
    pub attempts: u64,
    /// Search nodes of its uniqueness searches.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
}

/// Makes one new variant puzzle (`count` must be 1 or absent), within the run's deadline if
/// it has one.
pub fn generate(
    req: &GenerateRequest,
    run: &mut Run<'_>,
) -> Result<VariantGenerateResponse, ApiError> {
    if req.count.is_some_and(|c| c != 1) {
        return Err(ApiError::field(
            "count",
            "one puzzle a request here (the command line makes more)",
        ));
    }
    let start = dlx_time::Instant::now();
    let mut options = req.options()?;
    options.time_limit = match (options.time_limit, run.budget.time_left()) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    if let Some(band) = &req.band {
        let band: dlx_logic::Band = band.parse().map_err(|e| ApiError::field("band", e))?;
        options.rating = Some(band.variant_filter());
    }
    let made = dlx_variants::generate::generate_one(&options, 0)
        .map_err(|e| ApiError::field("variant", e))?
        .map_err(|why| ApiError::bad(format!("no puzzle made: {why}")))?;
    let variant = options
        .kinds
        .iter()
        .map(|k| k.as_str())
        .collect::<Vec<_>>()
        .join(",");
    Ok(VariantGenerateResponse {
        view: view_of(&made.puzzle, Format::Json)?,
        solution: grid_line(&made.solution),
        seed: options.seed,
        variant,
        givens: made.givens,
        cages: made.cages,
        minimal: made.minimal,
        attempts: made.attempts,
        nodes: made.nodes,
        seconds: start.elapsed().as_secs_f64(),
    })
}

impl From<dlx_variants::generate::GenerateRequestError> for ApiError {
    fn from(e: dlx_variants::generate::GenerateRequestError) -> Self {
        ApiError::field(e.field, &e.message)
    }
}
