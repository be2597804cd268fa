//! The f-puzzles JSON format, read and written.
//!
//! What each field means was confirmed against public code that reads f-puzzles files: David
//! Clamage's SudokuSolver (`SolverFactory.CreateFromFPuzzles`, `FPuzzlesBoard`, and its
//! constraint classes), and checked on the 78 shared samples (each solves to its answer):
//!
//! | field | meaning |
//! |---|---|
//! | `size` | cells on a side |
//! | `grid[r][c]` | `value` with `given: true` is a given (a value without it is a player's entry, not read); `region` (0-based) overrides the cell's box, `null` puts it in none |
//! | `diagonal+` / `diagonal-` | the diagonal from bottom-left to top-right / top-left to bottom-right holds each digit once |
//! | `antiknight`, `antiking` | cells a knight's / king's move apart differ |
//! | `disjointgroups` | the `k`-th cell of every region (reading order) holds each digit once |
//! | `nonconsecutive` | orthogonal neighbours are not consecutive, except across a white or black dot (the negative rule of white dots) |
//! | `negative` | `ratio`: neighbours without a dot are not in a ratio of the black dots (2 by default); `xv`: neighbours without an X or V add up to neither 10 nor 5; `difference` means `nonconsecutive` |
//! | `killercage` | `cells`, `value` (the sum, optional): different digits adding up to the sum |
//! | `extraregion` | `cells` with different digits |
//! | `thermometer` | `lines`: each line increases strictly from its first cell (the bulb) |
//! | `arrow` | `cells` is the circle (several cells read as a number), each of `lines` starts at the circle and the rest of it adds up to the circle |
//! | `littlekillersum` | `cell` outside the grid, `direction` (`UL`, `UR`, `DL`, `DR`) the way the diagonal runs, `value` its sum; `cells`, when present, is checked against the diagonal |
//! | `sandwichsum` | `cell` `R0Cc` (column `c`) or `RrC0` (row `r`), `value`: the digits between the 1 and the `N` add up to it |
//! | `difference` | white dot: `cells`, `value` the difference (1 when empty) |
//! | `ratio` | black dot: `cells`, `value` the ratio (2 when empty) |
//! | `xv` | `cells`, `value` `X` (sum 10) or `V` (sum 5) |
//! | `even`, `odd` | `cell` holds an even / odd digit |
//!
//! Every other constraint field (palindromes, clones, quadruples, renban, between lines,
//! minimum and maximum cells...) is refused by name, as are cosmetic elements (lines, text,
//! shapes), whose meaning is in the rules text, when present and not empty.

use serde_json::{Map, Value, json};

use crate::cell::{Cell, parse_rc};
use crate::constraint::{Constraint, Direction, Line, XvLetter};
use crate::error::ParseError;
use crate::puzzle::{Meta, Puzzle};
use crate::rules::{Regions, Rules, windows};

/// Constraint fields f-puzzles (or its extensions) writes that the model does not know, with
/// what they are.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("palindrome", "palindrome lines"),
    ("clone", "clones"),
    ("quadruple", "quadruples"),
    ("renban", "renban lines"),
    ("betweenline", "between lines"),
    ("minimum", "minimum cells"),
    ("maximum", "maximum cells"),
    ("whispers", "German whispers"),
    ("lockout", "lockout lines"),
    ("entropicline", "entropic lines"),
    ("regionsumline", "region sum lines"),
    ("modularline", "modular lines"),
    ("nabner", "nabner lines"),
    ("doublearrow", "double arrows"),
    ("zipperline", "zipper lines"),
    ("slowthermometer", "slow thermometers"),
    ("xsum", "X-sums"),
    ("skyscraper", "skyscrapers"),
    ("rowindexer", "row indexers"),
    ("columnindexer", "column indexers"),
    ("boxindexer", "box indexers"),
    ("cage", "cages drawn without killer rules"),
    ("fogofwar", "fog of war"),
    ("foglight", "fog lights"),
    ("line", "cosmetic lines, whose meaning is in the rules text"),
    (
        "rectangle",
        "cosmetic rectangles, whose meaning is in the rules text",
    ),
    (
        "circle",
        "cosmetic circles, whose meaning is in the rules text",
    ),
    ("text", "cosmetic text, whose meaning is in the rules text"),
    ("cosmetic", "cosmetic elements"),
];

/// Fields that carry no constraint: read for the puzzle's words or ignored.
const HARMLESS: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "version",
];

/// The fields this reader understands.
const KNOWN: &[&str] = &[
    "size",
    "grid",
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "killercage",
    "extraregion",
    "thermometer",
    "arrow",
    "littlekillersum",
    "sandwichsum",
    "difference",
    "ratio",
    "xv",
    "even",
    "odd",
];

fn field(path: impl Into<String>, why: impl Into<String>) -> ParseError {
    ParseError::Field {
        field: path.into(),
        why: why.into(),
    }
}

/// Whether a value imposes nothing: absent, `null`, `false`, empty.
fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Number(_) => false,
    }
}

/// The reader's state: the grid size and where it is in the file.
struct Reader {
    n: usize,
}

impl Reader {
    /// A cell inside the grid: `R3C4` (1-based).
    fn cell(&self, v: &Value, path: &str) -> Result<Cell, ParseError> {
        let s = v
            .as_str()
            .ok_or_else(|| field(path, format!("{v} is not a cell name such as \"R3C4\"")))?;
        let (r, c) = parse_rc(s)
            .ok_or_else(|| field(path, format!("\"{s}\" is not a cell name such as \"R3C4\"")))?;
        let n = self.n as i32;
        if !(1..=n).contains(&r) || !(1..=n).contains(&c) {
            return Err(field(
                path,
                format!("{s} is outside the {}x{} grid", self.n, self.n),
            ));
        }
        Ok(Cell::new((r - 1) as u8, (c - 1) as u8))
    }

    fn cells(&self, v: &Value, path: &str) -> Result<Vec<Cell>, ParseError> {
        let a = v
            .as_array()
            .ok_or_else(|| field(path, "expected a list of cells"))?;
        a.iter()
            .enumerate()
            .map(|(k, c)| self.cell(c, &format!("{path}[{k}]")))
            .collect()
    }

    fn entries<'v>(&self, v: &'v Value, path: &str) -> Result<&'v Vec<Value>, ParseError> {
        v.as_array()
            .ok_or_else(|| field(path, "expected a list of entries"))
    }
}

/// A number written as a number or a string; `None` for an empty string or `null`.
fn number(v: Option<&Value>, path: &str) -> Result<Option<u32>, ParseError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(x)) => x
            .as_u64()
            .filter(|&x| x <= 100_000)
            .map(|x| Some(x as u32))
            .ok_or_else(|| field(path, format!("{x} is not a whole number from 0 to 100000"))),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&x| x <= 100_000)
            .map(Some)
            .ok_or_else(|| {
                field(
                    path,
                    format!("\"{s}\" is not a whole number from 0 to 100000"),
                )
            }),
        Some(other) => Err(field(path, format!("{other} is not a number"))),
    }
}

/// Reads an f-puzzles JSON file.
pub fn from_json(text: &str) -> Result<Puzzle, ParseError> {
    let root: Value = serde_json::from_str(text).map_err(|e| ParseError::json(&e))?;
    let obj = root
        .as_object()
        .ok_or_else(|| field("", "an f-puzzles file is a JSON object"))?;
    for (key, v) in obj {
        if KNOWN.contains(&key.as_str()) || HARMLESS.contains(&key.as_str()) {
            continue;
        }
        if is_empty(v) {
            continue;
        }
        let what = UNSUPPORTED
            .iter()
            .find(|(k, _)| k == key)
            .map_or("an unknown field", |(_, w)| w);
        return Err(ParseError::Unsupported {
            field: key.clone(),
            what: what.to_string(),
        });
    }
    let grid = obj.get("grid").and_then(Value::as_array);
    let n = match obj.get("size") {
        Some(v) => number(Some(v), "size")?.ok_or_else(|| field("size", "missing"))? as usize,
        None => grid
            .map(Vec::len)
            .ok_or_else(|| field("size", "missing, and no grid to count"))?,
    };
    if !(crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(&n) {
        return Err(crate::error::RuleError::Size { n }.into());
    }
    let rd = Reader { n };
    let grid = grid.ok_or_else(|| field("grid", "missing: a list of rows"))?;
    if grid.len() != n {
        return Err(field("grid", format!("{} rows, not {n}", grid.len())));
    }
    let mut givens = vec![0u8; n * n];
    let default = Regions::default_for(n);
    let mut layout: Vec<Option<u8>> = match &default {
        Some(Regions::Boxes { rows, cols }) => (0..n * n)
            .map(|i| Some(((i / n) / rows * rows + (i % n) / cols) as u8))
            .collect(),
        _ => vec![None; n * n],
    };
    let mut jigsaw = false;
    for (r, row) in grid.iter().enumerate() {
        let path = || format!("grid[{r}]");
        let row = row
            .as_array()
            .ok_or_else(|| field(path(), "a row is a list of cells"))?;
        if row.len() != n {
            return Err(field(path(), format!("{} cells, not {n}", row.len())));
        }
        for (c, cell) in row.iter().enumerate() {
            // PERF: the path is put in words only for an error or a given (a `format!` per cell
            // was a quarter of reading a sandwich sample).
            let path = || format!("grid[{r}][{c}]");
            let Some(cell) = cell.as_object() else {
                return Err(field(path(), "a cell is an object ({} when empty)"));
            };
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if given {
                let v = number(cell.get("value"), &format!("{}.value", path()))?.unwrap_or(0);
                if v == 0 || v as usize > n {
                    return Err(field(
                        format!("{}.value", path()),
                        format!("the given {v} is not a digit from 1 to {n}"),
                    ));
                }
                givens[r * n + c] = v as u8;
            }
            if let Some(marks) = cell.get("givenPencilMarks")
                && !is_empty(marks)
            {
                return Err(ParseError::Unsupported {
                    field: format!("{}.givenPencilMarks", path()),
                    what: "given pencil marks (candidates a cell is restricted to)".into(),
                });
            }
            if let Some(g) = cell.get("region") {
                jigsaw = true;
                layout[r * n + c] = match g {
                    Value::Null => None,
                    g => {
                        let g = number(Some(g), &format!("{}.region", path()))?.unwrap_or(u32::MAX);
                        if g as usize >= n {
                            return Err(field(
                                format!("{}.region", path()),
                                format!("region {g} does not exist: regions are 0 to {}", n - 1),
                            ));
                        }
                        Some(g as u8)
                    }
                };
            }
        }
    }
    let regions = if jigsaw || default.is_none() {
        let mut cells = Vec::with_capacity(n * n);
        for (i, g) in layout.iter().enumerate() {
            match g {
                Some(g) => cells.push(*g),
                None => {
                    return Err(crate::error::RuleError::Uncovered {
                        cell: Cell::at(i, n),
                    }
                    .into());
                }
            }
        }
        Some(Regions::Jigsaw { layout: cells })
    } else {
        default
    };
    let regions = match (regions, Regions::default_for(n)) {
        (Some(Regions::Jigsaw { layout }), Some(d)) if box_layout(n, &d) == layout => Some(d),
        (r, _) => r,
    };
    let mut cs: Vec<Constraint> = Vec::new();
    let flag = |key: &str| -> Result<bool, ParseError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(field(key, format!("{v} is not true or false"))),
        }
    };
    if flag("diagonal+")? {
        cs.push(Constraint::DiagonalPositive);
    }
    if flag("diagonal-")? {
        cs.push(Constraint::DiagonalNegative);
    }
    if flag("antiknight")? {
        cs.push(Constraint::AntiKnight);
    }
    if flag("antiking")? {
        cs.push(Constraint::AntiKing);
    }
    if flag("disjointgroups")? {
        cs.push(Constraint::DisjointGroups);
    }
    let mut nonconsecutive = flag("nonconsecutive")?;
    let (mut neg_ratio, mut neg_xv) = (false, false);
    if let Some(v) = obj.get("negative").filter(|v| !is_empty(v)) {
        let a = v
            .as_array()
            .ok_or_else(|| field("negative", "expected a list of names"))?;
        for (k, name) in a.iter().enumerate() {
            match name.as_str() {
                Some("ratio") => neg_ratio = true,
                Some("xv") => neg_xv = true,
                Some("difference") => nonconsecutive = true,
                Some(other) => {
                    return Err(ParseError::Unsupported {
                        field: format!("negative[{k}]"),
                        what: format!("the negative rule of `{other}`"),
                    });
                }
                None => return Err(field(format!("negative[{k}]"), "expected a name")),
            }
        }
    }
    if nonconsecutive {
        cs.push(Constraint::NonConsecutive);
    }
    if neg_ratio {
        cs.push(Constraint::NegativeRatio);
    }
    if neg_xv {
        cs.push(Constraint::NegativeXv);
    }
    type Entries<'o> = Vec<(String, &'o Map<String, Value>)>;
    let list = |key: &str| -> Result<Entries<'_>, ParseError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(v) => rd
                .entries(v, key)?
                .iter()
                .enumerate()
                .map(|(k, e)| {
                    let path = format!("{key}[{k}]");
                    e.as_object()
                        .map(|o| (path.clone(), o))
                        .ok_or_else(|| field(path, "expected an object"))
                })
                .collect(),
        }
    };
    let get = |o: &Map<String, Value>, path: &str, key: &str| -> Result<Value, ParseError> {
        o.get(key)
            .cloned()
            .ok_or_else(|| field(format!("{path}.{key}"), "missing"))
    };
    for (path, o) in list("extraregion")? {
        let cells = rd.cells(&get(o, &path, "cells")?, &format!("{path}.cells"))?;
        cs.push(Constraint::ExtraRegion { cells });
    }
    for (path, o) in list("killercage")? {
        let cells = rd.cells(&get(o, &path, "cells")?, &format!("{path}.cells"))?;
        let sum = number(o.get("value"), &format!("{path}.value"))?;
        cs.push(Constraint::Killer { cells, sum });
    }
    for (path, o) in list("thermometer")? {
        let lines = get(o, &path, "lines")?;
        let lines = lines
            .as_array()
            .ok_or_else(|| field(format!("{path}.lines"), "expected a list of lines"))?;
        for (k, line) in lines.iter().enumerate() {
            let cells = rd.cells(line, &format!("{path}.lines[{k}]"))?;
            cs.push(Constraint::Thermo { cells });
        }
    }
    for (path, o) in list("arrow")? {
        let circle = rd.cells(&get(o, &path, "cells")?, &format!("{path}.cells"))?;
        let lines = get(o, &path, "lines")?;
        let lines = lines
            .as_array()
            .ok_or_else(|| field(format!("{path}.lines"), "expected a list of lines"))?;
        for (k, line) in lines.iter().enumerate() {
            let cells = rd.cells(line, &format!("{path}.lines[{k}]"))?;
            // The line starts in the circle; the circle's cells are not summed.
            let line: Vec<Cell> = cells
                .iter()
                .copied()
                .skip_while(|c| circle.contains(c))
                .collect();
            cs.push(Constraint::Arrow {
                circle: circle.clone(),
                line,
            });
        }
    }
    for (path, o) in list("littlekillersum")? {
        let Some(sum) = number(o.get("value"), &format!("{path}.value"))? else {
            continue; // an arrow without a number says nothing
        };
        let clue = get(o, &path, "cell")?;
        let s = clue.as_str().unwrap_or_default();
        let (r, c) = parse_rc(s).ok_or_else(|| {
            field(
                format!("{path}.cell"),
                format!("{clue} is not a cell name such as \"R0C9\""),
            )
        })?;
        let listed = match o.get("cells") {
            Some(v) if !is_empty(v) => Some(rd.cells(v, &format!("{path}.cells"))?),
            _ => None,
        };
        let direction = match o.get("direction").and_then(Value::as_str) {
            Some(d) => Some(
                d.parse::<Direction>()
                    .map_err(|e| field(format!("{path}.direction"), e))?,
            ),
            None => None,
        };
        let n1 = n as i32;
        let inside = |r: i32, c: i32| (1..=n1).contains(&r) && (1..=n1).contains(&c);
        let direction = match (direction, &listed) {
            (Some(d), _) => d,
            (None, Some(cells)) => {
                let first = cells[0];
                let (dr, dc) = (i32::from(first.row) + 1 - r, i32::from(first.col) + 1 - c);
                Direction::of_step(dr, dc).ok_or_else(|| {
                    field(
                        format!("{path}.direction"),
                        "missing, and the cells do not say it",
                    )
                })?
            }
            (None, None) => return Err(field(format!("{path}.direction"), "missing")),
        };
        let (dr, dc) = direction.step();
        // The clue sits outside the grid; the diagonal starts at the next cell (a clue given
        // inside the grid is its own first cell, as Clamage's reader takes it).
        let (sr, sc) = if inside(r, c) {
            (r, c)
        } else {
            (r + dr, c + dc)
        };
        if !inside(sr, sc) {
            return Err(field(
                format!("{path}.cell"),
                format!(
                    "{s} pointing {} does not point into the grid",
                    direction.as_str()
                ),
            ));
        }
        let start = Cell::new((sr - 1) as u8, (sc - 1) as u8);
        cs.push(Constraint::LittleKiller {
            sum,
            start,
            direction,
        });
        if let Some(cells) = listed {
            // The cells f-puzzles lists must be the diagonal the direction gives.
            let mut diag = Vec::new();
            let (mut r, mut c) = (sr, sc);
            while inside(r, c) {
                diag.push(Cell::new((r - 1) as u8, (c - 1) as u8));
                r += dr;
                c += dc;
            }
            if cells != diag {
                return Err(field(
                    format!("{path}.cells"),
                    format!(
                        "the cells listed ({}) are not the diagonal from {s} going {} ({})",
                        crate::cell::list(&cells),
                        direction.as_str(),
                        crate::cell::list(&diag)
                    ),
                ));
            }
        }
    }
    for (path, o) in list("sandwichsum")? {
        let Some(sum) = number(o.get("value"), &format!("{path}.value"))? else {
            continue;
        };
        let clue = get(o, &path, "cell")?;
        let s = clue.as_str().unwrap_or_default();
        let (r, c) = parse_rc(s).ok_or_else(|| {
            field(
                format!("{path}.cell"),
                format!("{clue} is not a cell name such as \"R0C4\""),
            )
        })?;
        let n1 = n as i32;
        let row_out = r == 0 || r == n1 + 1;
        let col_out = c == 0 || c == n1 + 1;
        let line = match (row_out, col_out) {
            (true, false) if (1..=n1).contains(&c) => Line::Column((c - 1) as u8),
            (false, true) if (1..=n1).contains(&r) => Line::Row((r - 1) as u8),
            _ => {
                return Err(field(
                    format!("{path}.cell"),
                    format!(
                        "{s} is not beside a row or a column (R0Cc, R{}Cc, RrC0 or RrC{})",
                        n + 1,
                        n + 1
                    ),
                ));
            }
        };
        cs.push(Constraint::Sandwich { line, sum });
    }
    let pair = |o: &Map<String, Value>, path: &str| -> Result<[Cell; 2], ParseError> {
        let cells = rd.cells(&get(o, path, "cells")?, &format!("{path}.cells"))?;
        <[Cell; 2]>::try_from(cells.as_slice()).map_err(|_| {
            field(
                format!("{path}.cells"),
                format!("{} cells, not 2", cells.len()),
            )
        })
    };
    for (path, o) in list("difference")? {
        let cells = pair(o, &path)?;
        let value = number(o.get("value"), &format!("{path}.value"))?.unwrap_or(1);
        cs.push(Constraint::Difference { cells, value });
    }
    for (path, o) in list("ratio")? {
        let cells = pair(o, &path)?;
        let value = number(o.get("value"), &format!("{path}.value"))?.unwrap_or(2);
        cs.push(Constraint::Ratio { cells, value });
    }
    for (path, o) in list("xv")? {
        let cells = pair(o, &path)?;
        let letter = match o.get("value").and_then(Value::as_str).map(str::trim) {
            Some("X" | "x") => XvLetter::X,
            Some("V" | "v") => XvLetter::V,
            _ => {
                return Err(field(format!("{path}.value"), "expected \"X\" or \"V\""));
            }
        };
        cs.push(Constraint::Xv { cells, letter });
    }
    for key in ["even", "odd"] {
        for (path, o) in list(key)? {
            let cell = rd.cell(&get(o, &path, "cell")?, &format!("{path}.cell"))?;
            cs.push(if key == "even" {
                Constraint::Even { cell }
            } else {
                Constraint::Odd { cell }
            });
        }
    }
    let text = |key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let meta = Meta {
        title: text("title"),
        author: text("author"),
        ruleset: text("ruleset"),
    };
    let rules = Rules::new(n, regions, cs)?;
    Ok(Puzzle::new(rules, givens)?.with_meta(meta))
}

fn box_layout(n: usize, r: &Regions) -> Vec<u8> {
    match r {
        Regions::Boxes { rows, cols } => (0..n * n)
            .map(|i| ((i / n) / rows * rows + (i % n) / cols) as u8)
            .collect(),
        Regions::Jigsaw { layout } => layout.clone(),
    }
}

fn name(c: Cell) -> String {
    format!("R{}C{}", u32::from(c.row) + 1, u32::from(c.col) + 1)
}

fn names(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&c| Value::String(name(c))).collect())
}

/// Writes a puzzle as f-puzzles JSON. Windoku becomes its windows as extra regions (f-puzzles
/// has no windoku rule); everything else maps one to one.
pub fn to_json(puzzle: &Puzzle) -> String {
    to_value(puzzle).to_string()
}

/// The f-puzzles JSON of a puzzle, as a value.
pub fn to_value(puzzle: &Puzzle) -> Value {
    let rules = puzzle.rules();
    let n = rules.size();
    let jigsaw =
        !rules.regions().is_boxes() || Regions::default_for(n).as_ref() != Some(rules.regions());
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let mut o = Map::new();
                        let d = puzzle.givens()[r * n + c];
                        if d != 0 {
                            o.insert("value".into(), json!(d));
                            o.insert("given".into(), json!(true));
                        }
                        if jigsaw {
                            o.insert(
                                "region".into(),
                                json!(rules.region_of(Cell::new(r as u8, c as u8))),
                            );
                        }
                        Value::Object(o)
                    })
                    .collect(),
            )
        })
        .collect();
    let mut root = Map::new();
    root.insert("size".into(), json!(n));
    root.insert("grid".into(), Value::Array(grid));
    let mut push = |key: &str, v: Value| {
        if let Some(a) = root
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
        {
            a.push(v);
        }
    };
    let mut flags: Vec<(&str, Value)> = Vec::new();
    let mut negative: Vec<Value> = Vec::new();
    for (k, c) in rules.constraints().iter().enumerate() {
        match c {
            Constraint::DiagonalPositive => flags.push(("diagonal+", json!(true))),
            Constraint::DiagonalNegative => flags.push(("diagonal-", json!(true))),
            Constraint::AntiKnight => flags.push(("antiknight", json!(true))),
            Constraint::AntiKing => flags.push(("antiking", json!(true))),
            Constraint::DisjointGroups => flags.push(("disjointgroups", json!(true))),
            Constraint::NonConsecutive => flags.push(("nonconsecutive", json!(true))),
            Constraint::NegativeRatio => negative.push(json!("ratio")),
            Constraint::NegativeXv => negative.push(json!("xv")),
            Constraint::Windoku => {
                for w in windows(n).unwrap_or_default() {
                    push("extraregion", json!({ "cells": names(&w) }));
                }
            }
            Constraint::ExtraRegion { cells } => {
                push("extraregion", json!({ "cells": names(cells) }))
            }
            Constraint::Killer { cells, sum } => {
                let mut o = json!({ "cells": names(cells) });
                if let Some(s) = sum {
                    o["value"] = json!(s.to_string());
                }
                push("killercage", o);
            }
            Constraint::Thermo { cells } => push("thermometer", json!({ "lines": [names(cells)] })),
            Constraint::Arrow { circle, line } => {
                // The line starts at the circle cell next to it.
                let near = circle
                    .iter()
                    .copied()
                    .find(|c| c.king(line[0]))
                    .unwrap_or(circle[0]);
                let mut drawn = vec![near];
                drawn.extend_from_slice(line);
                push(
                    "arrow",
                    json!({ "lines": [names(&drawn)], "cells": names(circle) }),
                );
            }
            Constraint::LittleKiller { sum, direction, .. } => {
                let cells = rules.scope(k);
                let (dr, dc) = direction.step();
                let clue = format!(
                    "R{}C{}",
                    i32::from(cells[0].row) + 1 - dr,
                    i32::from(cells[0].col) + 1 - dc
                );
                push(
                    "littlekillersum",
                    json!({
                        "cell": clue,
                        "cells": names(cells),
                        "direction": direction.as_str(),
                        "value": sum.to_string(),
                    }),
                );
            }
            Constraint::Sandwich { line, sum } => {
                let cell = match line {
                    Line::Row(r) => format!("R{}C0", u32::from(*r) + 1),
                    Line::Column(c) => format!("R0C{}", u32::from(*c) + 1),
                };
                push(
                    "sandwichsum",
                    json!({ "cell": cell, "value": sum.to_string() }),
                );
            }
            Constraint::Difference { cells, value } => {
                let mut o = json!({ "cells": names(cells) });
                if *value != 1 {
                    o["value"] = json!(value.to_string());
                }
                push("difference", o);
            }
            Constraint::Ratio { cells, value } => {
                let mut o = json!({ "cells": names(cells) });
                if *value != 2 {
                    o["value"] = json!(value.to_string());
                }
                push("ratio", o);
            }
            Constraint::Xv { cells, letter } => {
                let v = match letter {
                    XvLetter::X => "X",
                    XvLetter::V => "V",
                };
                push("xv", json!({ "cells": names(cells), "value": v }));
            }
            Constraint::Even { cell } => push("even", json!({ "cell": name(*cell) })),
            Constraint::Odd { cell } => push("odd", json!({ "cell": name(*cell) })),
        }
    }
    for (k, v) in flags {
        root.insert(k.to_string(), v);
    }
    if !negative.is_empty() {
        root.insert("negative".into(), Value::Array(negative));
    }
    let meta = puzzle.meta();
    for (k, v) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("ruleset", &meta.ruleset),
    ] {
        if let Some(v) = v {
            root.insert(k.into(), json!(v));
        }
    }
    Value::Object(root)
}
