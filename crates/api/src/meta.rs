//! [`meta`]: what a page needs to know of the engine and does not copy: the symbols digits
//! are written with, the sizes and box shapes, the solvers, the techniques' titles, the
//! difficulty bands and their ranges, the ratings' meanings, the symmetries, why searches
//! stop, and the face's caps. Every face answers it (`GET /api/meta`, the browser build's
//! `meta`), so the page reads one list whichever runs the operations.

use dlx_engine::{AlgorithmChoice, Heuristic, Stop};
use dlx_generate::Symmetry;
use dlx_logic::{Band, Technique};
use dlx_sudoku::{Shape, SolverKind};
use dlx_variants::Format;
use serde::Serialize;

use crate::run::Caps;

/// A word of the API with its title (and, for some, a sentence).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Named {
    /// The word in JSON (`dlx`, `rotate180`, `node_budget`).
    pub name: &'static str,
    /// The name people read.
    pub title: &'static str,
    /// What it means, in a sentence (empty where the title says it).
    #[serde(skip_serializing_if = "str::is_empty")]
    pub text: &'static str,
}

fn named(name: &'static str, title: &'static str, text: &'static str) -> Named {
    Named { name, title, text }
}

/// A size of the board and its default box shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SizeMeta {
    /// Cells on a side.
    pub n: usize,
    /// The box shape puzzles of this size have unless they say otherwise.
    pub shape: Shape,
}

/// A solver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SolverMeta {
    /// Its word, title and what it does.
    #[serde(flatten)]
    pub named: Named,
    /// Whether it records steps for a trace.
    pub traces: bool,
    /// Whether it counts search-tree nodes (the bitset solver counts guesses).
    pub counts_nodes: bool,
    /// Whether it branches on the item a heuristic chooses.
    pub heuristic: bool,
}

/// A technique of the logical solver.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TechniqueMeta {
    /// Its name in JSON (`x_wing`).
    pub name: &'static str,
    /// The name people read (`X-wing`).
    pub title: &'static str,
    /// Its base rating on Sudoku Explainer's scale (chains add to it with their length).
    pub rating: f64,
}

/// A difficulty band.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BandMeta {
    /// Its name in JSON (`fiendish`).
    pub name: &'static str,
    /// The name people read (`Fiendish`).
    pub title: String,
    /// The lowest ER in the band.
    pub min: f64,
    /// The highest ER in the band (`null` for the last, which has no upper end).
    pub max: Option<f64>,
}

/// The answer to [`meta`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Meta {
    /// The version of the engine.
    pub version: &'static str,
    /// The face's caps: which face it is, the largest trace, the grids logic and the
    /// generator take, the budgets.
    pub caps: Caps,
    /// The symbols of digits 1, 2, ... on grids up to as many cells a side
    /// (`123456789ABC...`); larger grids write numbers.
    pub symbols: &'static str,
    /// The smallest and largest grids read (cells a side).
    pub min_size: usize,
    /// The largest grid read.
    pub max_size: usize,
    /// Every size with a box shape of at least 2x2, up to one symbol a cell, with its
    /// default shape.
    pub sizes: Vec<SizeMeta>,
    /// The Sudoku solvers.
    pub solvers: Vec<SolverMeta>,
    /// How a search chooses the item to branch on.
    pub heuristics: Vec<Named>,
    /// The exact-cover algorithms (`auto` picks one).
    pub algorithms: Vec<Named>,
    /// The logical solver's techniques, easiest first.
    pub techniques: Vec<TechniqueMeta>,
    /// The difficulty bands, easiest first.
    pub bands: Vec<BandMeta>,
    /// The grid size (cells a side) the bands are calibrated on, Sudoku Explainer's 9x9: a
    /// page offers bands for new puzzles of this size (other sizes are rated on the same
    /// scale, but a band there can take minutes to reach, or never be reached).
    pub band_size: usize,
    /// The three figures of a rating (`er`, `ep`, `ed`) and what each measures.
    pub ratings: Vec<Named>,
    /// The symmetries a new puzzle's givens can keep.
    pub symmetries: Vec<Named>,
    /// Why a search ended, each with the words for it.
    pub stops: Vec<Named>,
    /// The formats a variant puzzle is read in (`format` of the variant operations).
    pub variant_formats: Vec<Named>,
    /// The families of variant puzzles the generator makes (`variant` of
    /// `variant_generate`, combined with commas), with the smallest size each is made on.
    pub variant_kinds: Vec<VariantKindMeta>,
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// What a page needs to know of the engine, for the face with these caps.
pub fn meta(caps: &Caps) -> Meta {
    let symbols = std::str::from_utf8(dlx_sudoku::grid::SYMBOLS).unwrap_or_default();
    let sizes = (dlx_sudoku::grid::MIN_N..=symbols.len())
        .filter_map(|n| Shape::for_size(n).ok().map(|shape| SizeMeta { n, shape }))
        .collect();
    let solver = |kind: SolverKind, title, text| SolverMeta {
        named: named(kind.as_str(), title, text),
        traces: kind != SolverKind::Fast,
        counts_nodes: kind.counts_nodes(),
        heuristic: kind == SolverKind::Dlx,
    };
    Meta {
        version: env!("CARGO_PKG_VERSION"),
        caps: caps.clone(),
        symbols,
        min_size: dlx_sudoku::grid::MIN_N,
        max_size: dlx_sudoku::grid::MAX_N,
        sizes,
        solvers: vec![
            solver(
                SolverKind::Dlx,
                "Dancing links",
                "Knuth's Algorithm X on the exact-cover matrix of the puzzle",
            ),
            solver(
                SolverKind::Mrv,
                "Backtracking, MRV",
                "backtracking on the cell with the fewest candidates",
            ),
            solver(
                SolverKind::Backtrack,
                "Plain backtracking",
                "cells in reading order, digits in increasing order",
            ),
            solver(
                SolverKind::Fast,
                "Bitsets",
                "the fastest: propagation on bit sets before every guess; it records no steps",
            ),
        ],
        band_size: 9,
        variant_kinds: variant_kinds(),
        variant_formats: vec![
            named(
                Format::FPuzzles.as_str(),
                "f-puzzles",
                "f-puzzles JSON, as text or as an object",
            ),
            named(
                Format::Link.as_str(),
                "f-puzzles link",
                "an f-puzzles link or its `load=` string (lz-string, base64)",
            ),
            named(
                Format::Json.as_str(),
                "dlx JSON",
                "the rules as data: size, regions, givens, constraints",
            ),
            named(
                Format::Text.as_str(),
                "dlx text",
                "a line a rule (`cage 15 r1c1 r1c2`, `thermo r2c2 r3c3`), docs/formats.md",
            ),
        ],
        heuristics: vec![
            named(
                Heuristic::Mrv.as_str(),
                "MRV",
                "the item with the fewest options left",
            ),
            named(
                Heuristic::Leftmost.as_str(),
                "Leftmost",
                "the first item in the order given",
            ),
        ],
        algorithms: vec![
            named(
                AlgorithmChoice::Auto.as_str(),
                "Auto (cells)",
                "dancing cells, the faster",
            ),
            named(
                AlgorithmChoice::Links.as_str(),
                "Dancing links",
                "Knuth's DLX1: its nodes and updates exactly",
            ),
            named(
                AlgorithmChoice::Cells.as_str(),
                "Dancing cells",
                "Knuth's SSXCC: forced moves without branch nodes",
            ),
        ],
        techniques: Technique::ALL
            .iter()
            .map(|&t| TechniqueMeta {
                name: t.as_str(),
                title: t.title(),
                rating: t.base_rating(),
            })
            .collect(),
        bands: Band::ALL
            .iter()
            .map(|&b| {
                let (min, max) = b.range();
                BandMeta {
                    name: b.as_str(),
                    title: capitalized(b.as_str()),
                    min,
                    max: (max < f64::MAX).then_some(max),
                }
            })
            .collect(),
        ratings: vec![
            named(
                "er",
                "ER",
                "Explainer rating: the hardest step of the easiest-first path (Sudoku Explainer's scale, 1.0 to 12)",
            ),
            named(
                "ep",
                "EP",
                "Pearl rating: the hardest step up to and including the first placement",
            ),
            named(
                "ed",
                "ED",
                "Diamond rating: the first step's rating, the hardest step before the first elimination or placement",
            ),
        ],
        symmetries: Symmetry::ALL
            .iter()
            .map(|&s| named(s.as_str(), s.title(), ""))
            .collect(),
        stops: Stop::ALL
            .iter()
            .map(|&s| {
                let (title, text) = match s {
                    Stop::Complete => ("Complete", "the search covered every possibility"),
                    Stop::Limit => ("Limit reached", "the solution limit was reached"),
                    Stop::Visitor => ("Stopped", "the search was stopped"),
                    Stop::NodeBudget => ("Node budget", "the node budget ran out"),
                    Stop::Deadline => ("Time limit", "the time limit was reached"),
                    _ => ("Stopped", "the search stopped"),
                };
                named(s.as_str(), title, text)
            })
            .collect(),
    }
}

/// A family of variant puzzles the generator makes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariantKindMeta {
    /// Its word, title and rule.
    #[serde(flatten)]
    pub named: Named,
    /// Whether it shows no given digits (the cages carry the puzzle).
    pub no_givens: bool,
}

fn variant_kinds() -> Vec<VariantKindMeta> {
    use dlx_variants::generate::Kind;
    Kind::ALL
        .iter()
        .map(|&k| {
            let (title, text) = match k {
                Kind::Jigsaw => ("Jigsaw", "irregular regions instead of boxes"),
                Kind::X => ("X (diagonals)", "both main diagonals hold every digit once"),
                Kind::Windoku => ("Windoku", "the shaded windows hold every digit once"),
                Kind::AntiKnight => ("Anti-knight", "cells a knight's move apart differ"),
                Kind::AntiKing => ("Anti-king", "cells a king's move apart differ"),
                Kind::NonConsecutive => (
                    "Non-consecutive",
                    "orthogonal neighbours are never consecutive",
                ),
                Kind::DisjointGroups => (
                    "Disjoint groups",
                    "cells at the same place in every region differ",
                ),
                Kind::Killer => ("Killer", "cages with their sums and no given digit"),
            };
            VariantKindMeta {
                named: named(k.as_str(), title, text),
                no_givens: k == Kind::Killer,
            }
        })
        .collect()
}
