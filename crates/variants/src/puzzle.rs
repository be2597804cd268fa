//! A puzzle: rules, givens and what people call it (title, author, the rules in words).

use serde::{Deserialize, Serialize};

use crate::cell::Cell;
use crate::constraint::Constraint;
use crate::error::RuleError;
use crate::rules::{Regions, Rules};

/// The symbols of digits 1 to 16 in a line of givens (`.` for an empty cell).
pub const SYMBOLS: &[u8; 16] = b"123456789ABCDEFG";

/// The symbol of digit `d` (1 to 16), or `.` for 0.
pub fn symbol(d: u8) -> char {
    match d {
        0 => '.',
        d => SYMBOLS.get(usize::from(d) - 1).map_or('?', |&b| b as char),
    }
}

/// The digit of a symbol: `1`-`9`, `A`-`G` (any case) for 10 to 16; 0 for `.`, `0`, `_`,
/// `-`, `*`; `None` for anything else.
pub fn digit_of(ch: char) -> Option<u8> {
    match ch {
        '.' | '0' | '_' | '-' | '*' => Some(0),
        '1'..='9' => Some(ch as u8 - b'0'),
        'A'..='G' => Some(ch as u8 - b'A' + 10),
        'a'..='g' => Some(ch as u8 - b'a' + 10),
        _ => None,
    }
}

/// What a puzzle is called and says in words (kept through the f-puzzles format).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The author.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// The rules in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
}

impl Meta {
    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        self.title.is_none() && self.author.is_none() && self.ruleset.is_none()
    }
}

/// Givens as JSON accepts them: a line of symbols (`.` for empty) or an array of numbers (0
/// for empty).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum GivensData {
    Line(String),
    Digits(Vec<u32>),
}

/// The plain data of a [`Puzzle`], as it is serialized:
///
/// ```json
/// {"size": 9, "givens": "....5....", "constraints": [{"kind": "anti_knight"}]}
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleData {
    /// Cells on a side.
    pub size: usize,
    /// The regions; the usual boxes when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Regions>,
    /// The givens, row-major: a line of symbols or an array of numbers; none when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    givens: Option<GivensData>,
    /// The constraints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<Constraint>,
    /// Title, author, rules in words.
    #[serde(default, skip_serializing_if = "Meta::is_empty")]
    pub meta: Meta,
}

/// A variant puzzle: checked rules and givens that break none of them.
///
/// ```
/// use dlx_variants::{Constraint, Puzzle, Rules};
/// let rules = Rules::new(4, None, vec![Constraint::DiagonalNegative]).unwrap();
/// let mut givens = vec![0; 16];
/// givens[0] = 1;
/// givens[15] = 1; // r4c4: the same diagonal as r1c1
/// let err = Puzzle::new(rules, givens).unwrap_err();
/// assert_eq!(err.to_string(), "the givens 1 at r1c1, 1 at r4c4 break diagonal-");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "PuzzleData", into = "PuzzleData")]
pub struct Puzzle {
    rules: Rules,
    givens: Vec<u8>,
    meta: Meta,
}

impl TryFrom<PuzzleData> for Puzzle {
    type Error = RuleError;
    fn try_from(d: PuzzleData) -> Result<Puzzle, RuleError> {
        let rules = Rules::new(d.size, d.regions, d.constraints)?;
        let n = rules.size();
        let givens = match d.givens {
            None => vec![0; n * n],
            Some(GivensData::Digits(v)) => {
                let mut g = Vec::with_capacity(v.len());
                for (i, &x) in v.iter().enumerate() {
                    if x as usize > n {
                        return Err(RuleError::GivenDigit {
                            cell: Cell::at(i, n),
                            digit: x,
                            n,
                        });
                    }
                    g.push(x as u8);
                }
                g
            }
            Some(GivensData::Line(s)) => {
                let mut g = Vec::with_capacity(n * n);
                for ch in s.chars().filter(|c| !c.is_whitespace()) {
                    let i = g.len();
                    let d = digit_of(ch).ok_or(RuleError::GivenDigit {
                        cell: Cell::at(i.min(n * n - 1), n),
                        digit: ch as u32,
                        n,
                    })?;
                    g.push(d);
                }
                g
            }
        };
        let mut p = Puzzle::new(rules, givens)?;
        p.meta = d.meta;
        Ok(p)
    }
}

impl From<Puzzle> for PuzzleData {
    fn from(p: Puzzle) -> PuzzleData {
        let line = p.givens_line();
        let givens = if p.givens.iter().all(|&d| d == 0) {
            None
        } else {
            Some(GivensData::Line(line))
        };
        let regions = if Some(p.rules.regions()) == Regions::default_for(p.rules.size()).as_ref() {
            None
        } else {
            Some(p.rules.regions().clone())
        };
        PuzzleData {
            size: p.rules.size(),
            regions,
            givens,
            constraints: p.rules.constraints().to_vec(),
            meta: p.meta,
        }
    }
}

impl Puzzle {
    /// A puzzle of `rules` with `givens` (row-major, 0 for an empty cell): refused if the
    /// givens are not `n * n` digits from 0 to `n`, or already break a rule.
    pub fn new(rules: Rules, givens: Vec<u8>) -> Result<Puzzle, RuleError> {
        let n = rules.size();
        if givens.len() != n * n {
            return Err(RuleError::GivensLength {
                n,
                got: givens.len(),
            });
        }
        if let Some((i, &d)) = givens
            .iter()
            .enumerate()
            .find(|(_, d)| usize::from(**d) > n)
        {
            return Err(RuleError::GivenDigit {
                cell: Cell::at(i, n),
                digit: u32::from(d),
                n,
            });
        }
        if let Some(v) = rules.violations(&givens).into_iter().next() {
            return Err(RuleError::Givens {
                at: v.at,
                givens: v.cells,
            });
        }
        Ok(Puzzle {
            rules,
            givens,
            meta: Meta::default(),
        })
    }

    /// The same puzzle with a title, author and rules in words.
    pub fn with_meta(mut self, meta: Meta) -> Puzzle {
        self.meta = meta;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Cells on a side.
    pub fn size(&self) -> usize {
        self.rules.size()
    }

    /// The givens, row-major, 0 for an empty cell.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Title, author and rules in words.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The givens as one line of symbols, `.` for an empty cell.
    pub fn givens_line(&self) -> String {
        self.givens.iter().map(|&d| symbol(d)).collect()
    }

    /// Whether `grid` (row-major, `n * n` digits) is a solution: full, keeping the givens and
    /// breaking no rule.
    pub fn is_solution(&self, grid: &[u8]) -> bool {
        grid.len() == self.givens.len()
            && grid
                .iter()
                .all(|&d| d >= 1 && usize::from(d) <= self.size())
            && self
                .givens
                .iter()
                .zip(grid)
                .all(|(&g, &d)| g == 0 || g == d)
            && self.rules.violations(grid).is_empty()
    }
}

/// A grid as one line of symbols (`.` for 0).
pub fn grid_line(grid: &[u8]) -> String {
    grid.iter().map(|&d| symbol(d)).collect()
}

/// A grid as `n` lines of symbols separated by spaces.
pub fn grid_pretty(grid: &[u8], n: usize) -> String {
    let mut s = String::new();
    for row in grid.chunks(n.max(1)) {
        let line: Vec<String> = row.iter().map(|&d| symbol(d).to_string()).collect();
        s.push_str(&line.join(" "));
        s.push('\n');
    }
    s
}
