//! Reading and writing puzzles: f-puzzles JSON ([`crate::fpuzzles`]) and links
//! ([`crate::link`]), our JSON (the serde form of [`Puzzle`]) and our text format
//! ([`crate::text`]), with [`parse`] telling them apart.

use crate::error::ParseError;
use crate::link::LinkError;
use crate::puzzle::Puzzle;
use crate::{fpuzzles, link, text};

/// The formats a puzzle is read from and written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Format {
    /// f-puzzles JSON (`{"size": 9, "grid": [...], "killercage": [...]}`).
    #[serde(rename = "fpuzzles")]
    FPuzzles,
    /// An f-puzzles link, or its `load=` string (lz-string, base64).
    Link,
    /// Our JSON: the serde form of [`Puzzle`] (`{"size": 9, "constraints": [...]}`).
    Json,
    /// Our text format (`docs/formats.md`).
    Text,
}

impl Format {
    /// The format's name on the command line: `fpuzzles`, `link`, `json`, `text`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::FPuzzles => "fpuzzles",
            Format::Link => "link",
            Format::Json => "json",
            Format::Text => "text",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        [Format::FPuzzles, Format::Link, Format::Json, Format::Text]
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| format!("unknown variant format `{s}` (fpuzzles, link, json, text)"))
    }
}

/// The format of `text`: JSON with a `grid` is f-puzzles, other JSON ours; a link or a lone
/// base64 string (no spaces, f-puzzles' `N4Ig...`) an f-puzzles link; anything else our text.
pub fn detect(text: &str) -> Format {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('{') {
        // f-puzzles files have a `grid`; ours never do.
        // Read as an object that only notes whether it has a `grid` (any value, `null` too),
        // skipping everything else without building it.
        let fp = serde_json::from_str::<Probe>(t)
            .map(|p| p.grid)
            .unwrap_or_else(|_| t.contains("\"grid\""));
        return if fp { Format::FPuzzles } else { Format::Json };
    }
    if t.contains("load=")
        || (t.len() >= 16
            && !t.contains(char::is_whitespace)
            && t.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'%' | b'-' | b'_')
            })
            && !t.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
    {
        return Format::Link;
    }
    Format::Text
}

/// A JSON object seen only for its `grid` key (f-puzzles files have one; ours never do).
#[derive(serde::Deserialize)]
struct Probe {
    #[serde(default, deserialize_with = "present")]
    grid: bool,
}

/// `true` for any value.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    <serde::de::IgnoredAny as serde::Deserialize>::deserialize(d).map(|_| true)
}

/// The keywords that open a line of our text format ([`crate::text`]).
const KEYWORDS: &[&str] = &[
    "size",
    "boxes",
    "givens",
    "grid",
    "regions",
    "jigsaw",
    "title",
    "author",
    "rules",
    "diagonals",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "anti-knight",
    "antiking",
    "anti-king",
    "disjoint",
    "disjointgroups",
    "windoku",
    "nonconsecutive",
    "negative",
    "white",
    "difference",
    "black",
    "ratio",
    "cage",
    "killer",
    "extra",
    "extraregion",
    "thermo",
    "thermometer",
    "arrow",
    "littlekiller",
    "little-killer",
    "lk",
    "sandwich",
    "x",
    "v",
    "even",
    "odd",
];

/// The variant format of `text` when it is surely a variant puzzle and not a classic grid (as
/// `dlx_sudoku::parse` reads them), else `None`: the faces that take both (`dlx sudoku solve`,
/// Python's `dlx.sudoku.solve`) ask this first.
///
/// A variant is JSON (an object), a link (`...?load=...`, or the `load=` string alone, which
/// starts `N4Ig` as every f-puzzles link does), or text whose first line that is not blank or
/// a `#` comment starts with a keyword of our text format (`size`, `cage`, `givens`...). A
/// classic grid is none of these: its lines hold digits, blanks and box borders.
///
/// ```
/// use dlx_variants::{Format, sniff};
/// assert_eq!(sniff("# a killer\nsize 4\ncage 7 r1c1 r1c2\n"), Some(Format::Text));
/// assert_eq!(sniff(r#"{"size": 4, "grid": []}"#), Some(Format::FPuzzles));
/// assert_eq!(sniff("1...\n..3.\n.4..\n...2\n"), None);
/// ```
pub fn sniff(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('{') {
        return Some(detect(t));
    }
    if t.contains("load=") || (t.starts_with("N4Ig") && !t.contains(char::is_whitespace)) {
        return Some(Format::Link);
    }
    let first = t
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let word = first
        .split(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    KEYWORDS.contains(&word.as_str()).then_some(Format::Text)
}

/// Reads a puzzle in any format ([`detect`]).
///
/// ```
/// let p = dlx_variants::parse(r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"antiking":true}"#).unwrap();
/// assert_eq!(p.size(), 4);
/// ```
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    parse_as(text, detect(text))
}

/// Reads a puzzle in the format `format`.
pub fn parse_as(text: &str, format: Format) -> Result<Puzzle, ParseError> {
    let t = text.trim_start_matches('\u{feff}');
    if t.trim().is_empty() {
        return Err(ParseError::Empty);
    }
    match format {
        Format::FPuzzles => fpuzzles::from_json(t),
        Format::Link => {
            let json = link::decompress(&link::load_string(t))?;
            if json.trim().is_empty() {
                return Err(ParseError::Link(LinkError::Damaged(0)));
            }
            fpuzzles::from_json(&json)
        }
        Format::Json => {
            let p: Puzzle = serde_json::from_str(t).map_err(|e| {
                // A refusal of the rules keeps its words; malformed JSON gets line and column.
                if e.is_data() {
                    ParseError::Json {
                        line: e.line(),
                        column: e.column(),
                        message: e.to_string(),
                    }
                } else {
                    ParseError::json(&e)
                }
            })?;
            Ok(p)
        }
        Format::Text => text::parse(t),
    }
}

/// Writes a puzzle in `format`.
pub fn write(puzzle: &Puzzle, format: Format) -> String {
    match format {
        Format::FPuzzles => fpuzzles::to_json(puzzle),
        Format::Link => link::to_link(&fpuzzles::to_json(puzzle)),
        Format::Json => serde_json::to_string(puzzle).unwrap_or_default(),
        Format::Text => text::write(puzzle),
    }
}
