//! The request for new variant puzzles, decided once for every face (the command line,
//! Python, the web API): [`GenerateRequest`], plain data checked by
//! [`GenerateRequest::options`] into [`GenerateOptions`], with errors that name the field.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::options::{GenerateOptions, Kind, parse_kinds};
use dlx_sudoku::pattern::Symmetry;

/// A request that cannot run: the field at fault and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct GenerateRequestError {
    /// The request field at fault (`variant`, `size`, `symmetry`...).
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

pub(super) fn refuse(field: &'static str, message: impl Into<String>) -> GenerateRequestError {
    GenerateRequestError {
        field,
        message: message.into(),
    }
}

/// New variant puzzles: the families, size, symmetry, seed, count and budgets.
///
/// ```
/// use dlx_variants::generate::GenerateRequest;
///
/// let r: GenerateRequest =
///     serde_json::from_str(r#"{"variant": "x", "size": 6, "seed": 3}"#).unwrap();
/// let report = dlx_variants::generate::generate(&r.options().unwrap()).unwrap();
/// assert_eq!(report.puzzles.len(), 1);
/// let bad: GenerateRequest = serde_json::from_str(r#"{"variant": "killer", "symmetry": "180"}"#).unwrap();
/// assert_eq!(bad.options().unwrap_err().field, "symmetry");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = VariantGenerateRequest))]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// The families, combined: `killer`, `jigsaw`, `x`, `windoku`, `anti-knight`,
    /// `anti-king`, `non-consecutive`, `disjoint-groups`, separated by commas
    /// (`killer,jigsaw`).
    pub variant: String,
    /// Cells on a side, 4 to 16 (default 9).
    #[serde(default)]
    pub size: Option<usize>,
    /// The symmetry of the givens (not for killer): `none` (default), `rotate180`,
    /// `rotate90`, `horizontal`, `vertical`, `both_mirrors`, `diagonal`, `anti_diagonal`,
    /// `both_diagonals`, `dihedral`.
    #[serde(default)]
    pub symmetry: Option<String>,
    /// The seed (default: a new one, reported).
    #[serde(default)]
    pub seed: Option<u64>,
    /// How many puzzles (default 1).
    #[serde(default)]
    pub count: Option<u64>,
    /// The largest killer cage (default 5 on 9x9, 4 on 6x6 to 8x8, 3 below).
    #[serde(default)]
    pub max_cage: Option<usize>,
    /// Nodes per uniqueness search (default 5,000 for killer, 100,000 for the others).
    #[serde(default)]
    pub node_budget: Option<u64>,
    /// Solution grids tried per puzzle (default 100).
    #[serde(default)]
    pub attempts: Option<u64>,
    /// Stop after this many milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
    /// Only puzzles of this rated band (`easy`, `medium`, `hard`, `fiendish`, `diabolical`,
    /// `extreme`), rated by logic on the variant rules. This crate has no logic: the faces
    /// that have it (the API, the command line) read the band and set
    /// [`GenerateOptions::rating`]; [`GenerateRequest::options`] leaves it unset.
    #[serde(default)]
    pub band: Option<String>,
}

impl GenerateRequest {
    /// A request for `variant` with every other field at its default.
    pub fn new(variant: impl Into<String>) -> GenerateRequest {
        GenerateRequest {
            variant: variant.into(),
            ..GenerateRequest::default()
        }
    }

    /// The request's fields read into options, each checked on its own (the parent module's
    /// [`GenerateRequest::options`] then checks the kinds on the size).
    pub(super) fn read(&self) -> Result<GenerateOptions, GenerateRequestError> {
        let kinds: Vec<Kind> = parse_kinds(&self.variant).map_err(|m| refuse("variant", m))?;
        let size = self.size.unwrap_or(9);
        if !(crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(&size) {
            return Err(refuse(
                "size",
                format!("{size}: variant puzzles are 4x4 to 16x16"),
            ));
        }
        let symmetry: Symmetry = match &self.symmetry {
            Some(s) => s.parse().map_err(|m| refuse("symmetry", m))?,
            None => Symmetry::None,
        };
        if kinds.contains(&Kind::Killer) && symmetry != Symmetry::None {
            return Err(refuse(
                "symmetry",
                "a killer puzzle has no givens to make symmetric",
            ));
        }
        if let Some(m) = self.max_cage {
            if !kinds.contains(&Kind::Killer) {
                return Err(refuse("max_cage", "only killer puzzles have cages"));
            }
            if !(2..=size).contains(&m) {
                return Err(refuse(
                    "max_cage",
                    format!("{m}: a cage has 2 to {size} cells on {size}x{size}"),
                ));
            }
        }
        let positive = |field: &'static str, v: Option<u64>| match v {
            Some(0) => Err(refuse(field, "must be at least 1")),
            v => Ok(v),
        };
        let d = GenerateOptions::default();
        let options = GenerateOptions {
            size,
            kinds,
            symmetry,
            seed: self.seed.unwrap_or_else(dlx_time::unix_nanos),
            count: positive("count", self.count)?.unwrap_or(1),
            max_cage: self.max_cage,
            search_budget: positive("node_budget", self.node_budget)?,
            attempts_per_puzzle: positive("attempts", self.attempts)?
                .unwrap_or(d.attempts_per_puzzle),
            time_limit: self.time_limit_ms.map(Duration::from_millis),
            rating: None,
        };
        Ok(options)
    }
}
