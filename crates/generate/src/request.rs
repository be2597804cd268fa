//! The request for new puzzles, decided once for every face (the command line, the web API,
//! the browser build): [`GenerateRequest`], whose difficulty (a band by name or a rating
//! range) becomes a [`RatingFilter`] on the logical solver's ER here, and nowhere else.

use std::time::Duration;

use dlx_logic::{Band, Ladder, Options, RateFilter, RatingRange, Scale, rate_filtered};
use dlx_sudoku::{Grid, Shape};
use serde::{Deserialize, Serialize};

use crate::options::{GenerateOptions, Givens, RatingFilter};
use dlx_sudoku::pattern::Symmetry;

/// A request that cannot run: the field at fault and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct GenerateRequestError {
    /// The request field at fault (`size`, `band`, `rating`, ...).
    pub field: &'static str,
    /// What is wrong with it, lowercase.
    pub message: String,
}

fn refuse(field: &'static str, message: impl Into<String>) -> GenerateRequestError {
    GenerateRequestError {
        field,
        message: message.into(),
    }
}

/// New puzzles of a size, symmetry, number of givens and difficulty.
///
/// ```
/// use dlx_generate::request::GenerateRequest;
///
/// let r: GenerateRequest = serde_json::from_str(r#"{"size": 4, "seed": 7, "count": 2}"#).unwrap();
/// let report = dlx_generate::generate(&r.options().unwrap()).unwrap();
/// assert_eq!(report.puzzles.len(), 2);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// Cells on a side (default 9; boxes as for solving).
    #[serde(default)]
    pub size: Option<usize>,
    /// A box shape (sets the size).
    #[serde(default)]
    pub shape: Option<Shape>,
    /// The symmetry of the givens (`none`, `rotate180`, `rotate90`, `horizontal`,
    /// `vertical`, `both_mirrors`, `diagonal`, `anti_diagonal`, `both_diagonals`,
    /// `dihedral`; default `none`).
    #[serde(default)]
    pub symmetry: Option<String>,
    /// Exactly this many givens (default: minimal puzzles, every given needed).
    #[serde(default)]
    pub givens: Option<usize>,
    /// Minimal puzzles with at most this many givens.
    #[serde(default)]
    pub max_givens: Option<usize>,
    /// A difficulty band (`easy` ... `extreme`), on Sudoku Explainer's scale (9x9).
    #[serde(default)]
    pub band: Option<String>,
    /// A rating range `[min, max]` on Sudoku Explainer's scale (9x9).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<f64>>, min_items = 2, max_items = 2))]
    pub rating: Option<[f64; 2]>,
    /// The scale of `band` and `rating`: `sukaku` (SukakuExplainer 1.18's default
    /// techniques, the default) or `classic` (Sudoku Explainer 1.2.1's, as skfr rates).
    #[serde(default)]
    pub scale: Option<String>,
    /// The seed (default: a new one): the same seed and request make the same puzzles.
    #[serde(default)]
    pub seed: Option<u64>,
    /// How many puzzles (default 1).
    #[serde(default)]
    pub count: Option<u64>,
    /// Solution grids tried per puzzle before giving up (default 10,000).
    #[serde(default)]
    pub attempts: Option<u64>,
    /// Stop after this many milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<u64>,
}

/// Reads a rating range as people write it: `MIN..MAX`, or one number (exactly that rating).
///
/// ```
/// assert_eq!(dlx_generate::request::parse_rating("3.0..4.5"), Ok([3.0, 4.5]));
/// assert_eq!(dlx_generate::request::parse_rating("7"), Ok([7.0, 7.0]));
/// assert!(dlx_generate::request::parse_rating("5..4").is_err());
/// ```
pub fn parse_rating(s: &str) -> Result<[f64; 2], GenerateRequestError> {
    let num = |t: &str| -> Result<f64, GenerateRequestError> {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| refuse("rating", format!("`{t}` is not a rating (try 3.0..4.5)")))
    };
    let range = match s.split_once("..") {
        Some((a, b)) => [num(a)?, num(b)?],
        None => [num(s)?, num(s)?],
    };
    check_range(range)?;
    Ok(range)
}

/// The rater of a band or range: the logical solver's ER on `scale`, the path abandoned at
/// the first step rated above `hi` (its ER so far, above `hi`, is then a lower bound: enough
/// to tell the puzzle is out of range, and far cheaper than the whole path of a hard puzzle).
/// Ratings in or below the range are exact.
pub fn rater(scale: Scale, hi: f64) -> impl Fn(&Grid) -> Option<f64> + Send + Sync + 'static {
    let ladder = Ladder::of(scale);
    let filter = RateFilter {
        er: (hi < 100.0).then(|| RatingRange::new(0.0, hi)),
        ..RateFilter::default()
    };
    move |grid| {
        rate_filtered(grid, &ladder, &filter, &Options::default())
            .ok()
            .map(|f| f.rating.er)
    }
}

fn check_range([lo, hi]: [f64; 2]) -> Result<(), GenerateRequestError> {
    if !(lo.is_finite() && hi.is_finite()) || lo > hi {
        return Err(refuse("rating", format!("{lo}..{hi} is empty")));
    }
    Ok(())
}

impl GenerateRequest {
    /// The box shape: the request's, or the default for its size (9 unless asked).
    pub fn shape(&self) -> Result<Shape, GenerateRequestError> {
        match (self.shape, self.size) {
            (Some(s), _) => Shape::new(s.rows, s.cols),
            (None, n) => Shape::for_size(n.unwrap_or(9)),
        }
        .map_err(|e| {
            refuse(
                if self.shape.is_some() {
                    "shape"
                } else {
                    "size"
                },
                e.to_string(),
            )
        })
    }

    /// The rating range asked for, by band or by numbers, if any.
    pub fn rating_range(&self) -> Result<Option<(f64, f64)>, GenerateRequestError> {
        match (&self.band, self.rating) {
            (Some(_), Some(_)) => Err(refuse("band", "give a band or a rating range, not both")),
            (Some(b), None) => Ok(Some(
                b.parse::<Band>()
                    .map_err(|message| refuse("band", message))?
                    .range(),
            )),
            (None, Some(r)) => {
                check_range(r)?;
                Ok(Some((r[0], r[1])))
            }
            (None, None) => Ok(None),
        }
    }

    /// The generator's options, checked: the seed is the request's or a new one (the options
    /// say which), the rating filter rates with the logical solver's ER.
    pub fn options(&self) -> Result<GenerateOptions, GenerateRequestError> {
        let defaults = GenerateOptions::default();
        let symmetry = match &self.symmetry {
            Some(s) => s
                .parse::<Symmetry>()
                .map_err(|message| refuse("symmetry", message))?,
            None => defaults.symmetry,
        };
        let givens = match (self.givens, self.max_givens) {
            (Some(_), Some(_)) => {
                return Err(refuse("givens", "give givens or max_givens, not both"));
            }
            (Some(n), None) => Givens::Exactly(n),
            (None, Some(n)) => Givens::AtMost(n),
            (None, None) => Givens::Minimal,
        };
        let count = self.count.unwrap_or(defaults.count);
        if count == 0 {
            return Err(refuse("count", "must be at least 1"));
        }
        let scale = match &self.scale {
            Some(s) => s
                .parse::<Scale>()
                .map_err(|message| refuse("scale", message))?,
            None => Scale::Sukaku,
        };
        let attempts = self.attempts.unwrap_or(defaults.attempts_per_puzzle);
        if attempts == 0 {
            return Err(refuse("attempts", "must be at least 1"));
        }
        Ok(GenerateOptions {
            shape: self.shape()?,
            symmetry,
            givens,
            seed: self.seed.unwrap_or_else(crate::fresh_seed),
            count,
            rating: self
                .rating_range()?
                .map(|(lo, hi)| RatingFilter::new(rater(scale, hi), lo..=hi)),
            attempts_per_puzzle: attempts,
            time_limit: self.time_limit_ms.map(Duration::from_millis),
            search_budget: defaults.search_budget,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_is_read_and_the_rater_stops_above_the_range() {
        let bad = GenerateRequest {
            scale: Some("sukkaku".into()),
            band: Some("hard".into()),
            ..GenerateRequest::default()
        };
        assert_eq!(bad.options().unwrap_err().field, "scale");
        // ER 4.4 on the default scale (an XYZ-wing); its first steps are singles.
        let g = dlx_sudoku::parse(
            "9.1...4.......9..538.....6.2..87...45.74.38.66...95..7.3.....427..5.......9...5.1",
        )
        .unwrap();
        let full = dlx_logic::er(&g).unwrap();
        assert_eq!(full, 4.4);
        // In or below the range: exact.
        assert_eq!(rater(Scale::Sukaku, 8.9)(&g), Some(full));
        assert_eq!(rater(Scale::Sukaku, f64::MAX)(&g), Some(full));
        // Above: stopped at the first step above the range, a lower bound.
        let capped = rater(Scale::Sukaku, 2.0)(&g).unwrap();
        assert!(capped > 2.0 && capped <= full, "{capped}");
        let classic = dlx_logic::rate_with(&g, &Ladder::of(Scale::Classic))
            .unwrap()
            .er;
        assert_eq!(rater(Scale::Classic, 20.0)(&g), Some(classic));
        let f = GenerateRequest {
            scale: Some("classic".into()),
            rating: Some([1.0, 20.0]),
            ..GenerateRequest::default()
        }
        .options()
        .unwrap()
        .rating
        .unwrap();
        assert_eq!((f.rater)(&g), Some(classic));
    }

    #[test]
    fn a_band_or_a_range_becomes_the_filter() {
        let band = GenerateRequest {
            band: Some("hard".into()),
            ..GenerateRequest::default()
        };
        let f = band.options().unwrap().rating.unwrap();
        assert_eq!((f.min, f.max), (3.0, 3.9));
        let both = GenerateRequest {
            rating: Some([1.0, 2.0]),
            ..band.clone()
        };
        assert_eq!(both.options().unwrap_err().field, "band");
        let empty = GenerateRequest {
            rating: Some([5.0, 4.0]),
            ..GenerateRequest::default()
        };
        assert_eq!(
            empty.options().unwrap_err().to_string(),
            "rating: 5..4 is empty"
        );
        let brutal = GenerateRequest {
            band: Some("brutal".into()),
            ..GenerateRequest::default()
        };
        assert_eq!(brutal.options().unwrap_err().field, "band");
        assert!(serde_json::from_str::<GenerateRequest>(r#"{"sizes": 9}"#).is_err());
        let d = GenerateRequest::default().options().unwrap();
        assert_eq!(
            d.attempts_per_puzzle,
            GenerateOptions::default().attempts_per_puzzle
        );
        assert_eq!(
            GenerateRequest {
                size: Some(7),
                ..GenerateRequest::default()
            }
            .options()
            .unwrap_err()
            .field,
            "size"
        );
    }
}
