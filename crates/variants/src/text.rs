//! Our text format: a puzzle a person can type, one rule a line (`docs/formats.md` has the
//! whole of it).
//!
//! ```text
//! # Killer, 4x4
//! size 4
//! givens
//! 1...
//! ....
//! ....
//! ...4
//! cage 5 r1c2 r1c3
//! thermo r2c1-3
//! diagonals
//! ```
//!
//! Each line is a keyword and its words; `#` starts a comment. Cells are `r3c4`, or runs
//! `r1c1-3` (r1c1 r1c2 r1c3, in the order written: `r1c3-1` runs right to left) and
//! `r1-3c2`. A clue's number comes first (`cage 15 ...`, `sandwich 15 r3`).

use crate::cell::{Cell, parse_rc};
use crate::constraint::{Constraint, Direction, Line, XvLetter};
use crate::error::ParseError;
use crate::error::RuleError;
use crate::puzzle::{Meta, Puzzle, digit_of, symbol};
use crate::rules::{Regions, Rules};

/// A word of a line, with its column (from 1).
#[derive(Clone, Copy)]
struct Word<'t> {
    text: &'t str,
    col: usize,
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        if ch.is_whitespace() || ch == ',' {
            if let Some(s) = start.take() {
                out.push(Word {
                    text: &line[s..i],
                    col: line[..s].chars().count() + 1,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Word {
            text: &line[s..],
            col: line[..s].chars().count() + 1,
        });
    }
    out
}

struct Ctx {
    line: usize,
}

impl Ctx {
    fn err(&self, col: usize, why: impl Into<String>) -> ParseError {
        ParseError::Text {
            line: self.line,
            column: col,
            why: why.into(),
        }
    }

    /// Cells: `r3c4`, `r1c1-3`, `r1-3c2`, `r1-2c1-2` (row by row).
    fn cells(&self, w: Word) -> Result<Vec<Cell>, ParseError> {
        let bad = || {
            self.err(
                w.col,
                format!(
                    "`{}` is not a cell (r3c4) or a run of cells (r1c1-3, r1-3c2)",
                    w.text
                ),
            )
        };
        let t = w.text.to_ascii_lowercase();
        let t = t.strip_prefix('r').ok_or_else(bad)?;
        let (rows, cols) = t.split_once('c').ok_or_else(bad)?;
        let range = |s: &str| -> Option<Vec<u32>> {
            let (a, b) = match s.split_once('-') {
                Some((a, b)) => (a, b),
                None => (s, s),
            };
            let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
            if a == 0 || b == 0 || a > 256 || b > 256 {
                return None;
            }
            Some(if a <= b {
                (a..=b).collect()
            } else {
                (b..=a).rev().collect()
            })
        };
        let (rows, cols) = (range(rows).ok_or_else(bad)?, range(cols).ok_or_else(bad)?);
        let mut out = Vec::new();
        for &r in &rows {
            for &c in &cols {
                out.push(Cell::new((r - 1) as u8, (c - 1) as u8));
            }
        }
        Ok(out)
    }

    fn all_cells(&self, ws: &[Word]) -> Result<Vec<Cell>, ParseError> {
        let mut out = Vec::new();
        for &w in ws {
            out.extend(self.cells(w)?);
        }
        Ok(out)
    }

    fn number(&self, w: Word) -> Result<u32, ParseError> {
        w.text
            .parse::<u32>()
            .ok()
            .filter(|&x| x <= 100_000)
            .ok_or_else(|| self.err(w.col, format!("`{}` is not a number", w.text)))
    }

    fn pair(&self, ws: &[Word], col: usize) -> Result<[Cell; 2], ParseError> {
        let cells = self.all_cells(ws)?;
        <[Cell; 2]>::try_from(cells.as_slice()).map_err(|_| {
            self.err(
                col,
                format!("{} cells: a dot or an XV joins 2", cells.len()),
            )
        })
    }
}

fn is_number(w: &Word) -> bool {
    !w.text.is_empty() && w.text.bytes().all(|b| b.is_ascii_digit())
}

/// A block of rows being read (`givens` or `regions` followed by lines of symbols).
#[derive(PartialEq, Eq, Clone, Copy)]
enum Block {
    None,
    Givens,
    Regions,
}

/// Reads our text format.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut size: Option<(usize, usize)> = None;
    let mut boxes: Option<(usize, usize)> = None;
    let mut givens: Vec<(u8, usize, usize)> = Vec::new(); // (digit, line, column)
    let mut regions: Vec<(u8, usize, usize)> = Vec::new();
    let mut block = Block::None;
    let mut constraints: Vec<(Constraint, usize)> = Vec::new();
    let mut meta = Meta::default();
    let mut any = false;
    for (k, raw) in text.lines().enumerate() {
        let cx = Ctx { line: k + 1 };
        let line = raw.split('#').next().unwrap_or("");
        let ws = words(line);
        let Some(&head) = ws.first() else {
            continue;
        };
        any = true;
        let key = head.text.to_ascii_lowercase();
        let rest = &ws[1..];
        let symbols = |cx: &Ctx, ws: &[Word], into: &mut Vec<(u8, usize, usize)>| {
            for w in ws {
                for (j, ch) in w.text.chars().enumerate() {
                    let d = digit_of(ch).ok_or_else(|| {
                        cx.err(
                            w.col + j,
                            format!("`{ch}` is not a digit symbol (1-9, A-G, . for none)"),
                        )
                    })?;
                    into.push((d, cx.line, w.col + j));
                }
            }
            Ok::<(), ParseError>(())
        };
        let is_row = ws
            .iter()
            .all(|w| w.text.chars().all(|c| digit_of(c).is_some()));
        if block != Block::None && is_row && !matches!(key.as_str(), "x" | "v") {
            match block {
                Block::Givens => symbols(&cx, &ws, &mut givens)?,
                _ => symbols(&cx, &ws, &mut regions)?,
            }
            continue;
        }
        block = Block::None;
        let need = |n: usize| -> Result<(), ParseError> {
            if rest.len() < n {
                Err(cx.err(
                    head.col + head.text.len(),
                    format!("`{}` needs more words", head.text),
                ))
            } else {
                Ok(())
            }
        };
        let mut add = |c: Constraint| constraints.push((c, k + 1));
        match key.as_str() {
            "size" => {
                need(1)?;
                let n = cx.number(rest[0])? as usize;
                size = Some((n, k + 1));
            }
            "boxes" => {
                need(1)?;
                let (a, b) = rest[0]
                    .text
                    .split_once(['x', 'X'])
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
                    .ok_or_else(|| cx.err(rest[0].col, "write boxes as ROWSxCOLS, e.g. 2x3"))?;
                boxes = Some((a, b));
            }
            "givens" | "grid" => {
                symbols(&cx, rest, &mut givens)?;
                block = Block::Givens;
            }
            "regions" | "jigsaw" => {
                symbols(&cx, rest, &mut regions)?;
                block = Block::Regions;
            }
            "title" | "author" | "rules" => {
                let value = line
                    .trim_start()
                    .get(head.text.len()..)
                    .unwrap_or("")
                    .trim()
                    .to_string();
                let slot = match key.as_str() {
                    "title" => &mut meta.title,
                    "author" => &mut meta.author,
                    _ => &mut meta.ruleset,
                };
                *slot = Some(match slot.take() {
                    Some(prev) if key == "rules" => format!("{prev}\n{value}"),
                    _ => value,
                });
            }
            "diagonals" => {
                add(Constraint::DiagonalPositive);
                add(Constraint::DiagonalNegative);
            }
            "diagonal+" => add(Constraint::DiagonalPositive),
            "diagonal-" => add(Constraint::DiagonalNegative),
            "antiknight" | "anti-knight" => add(Constraint::AntiKnight),
            "antiking" | "anti-king" => add(Constraint::AntiKing),
            "disjoint" | "disjointgroups" => add(Constraint::DisjointGroups),
            "windoku" => add(Constraint::Windoku),
            "nonconsecutive" => add(Constraint::NonConsecutive),
            "negative" => {
                need(1)?;
                for w in rest {
                    match w.text.to_ascii_lowercase().as_str() {
                        "white" | "difference" | "nonconsecutive" => {
                            add(Constraint::NonConsecutive)
                        }
                        "black" | "ratio" => add(Constraint::NegativeRatio),
                        "xv" => add(Constraint::NegativeXv),
                        other => {
                            return Err(cx.err(
                                w.col,
                                format!("no negative rule `{other}` (white, black or xv)"),
                            ));
                        }
                    }
                }
            }
            "cage" | "killer" => {
                need(1)?;
                let (sum, cells) = if is_number(&rest[0]) {
                    (Some(cx.number(rest[0])?), &rest[1..])
                } else {
                    (None, rest)
                };
                add(Constraint::Killer {
                    cells: cx.all_cells(cells)?,
                    sum,
                });
            }
            "extra" | "extraregion" => {
                need(1)?;
                add(Constraint::ExtraRegion {
                    cells: cx.all_cells(rest)?,
                });
            }
            "thermo" | "thermometer" => {
                need(1)?;
                add(Constraint::Thermo {
                    cells: cx.all_cells(rest)?,
                });
            }
            "arrow" => {
                let colon = rest.iter().position(|w| w.text == ":").ok_or_else(|| {
                    cx.err(
                        head.col,
                        "write an arrow as its circle, a colon, its line: arrow r2c2 : r1c2 r1c3",
                    )
                })?;
                add(Constraint::Arrow {
                    circle: cx.all_cells(&rest[..colon])?,
                    line: cx.all_cells(&rest[colon + 1..])?,
                });
            }
            "littlekiller" | "little-killer" | "lk" => {
                need(3)?;
                let sum = cx.number(rest[0])?;
                let direction: Direction = rest[2]
                    .text
                    .parse()
                    .map_err(|e: String| cx.err(rest[2].col, e))?;
                let (r, c) = parse_rc(rest[1].text).ok_or_else(|| {
                    cx.err(rest[1].col, format!("`{}` is not a cell", rest[1].text))
                })?;
                // A clue outside the grid (r0c9) points at its first cell.
                let outside = |x: i32| x == 0 || size.is_some_and(|(n, _)| x == n as i32 + 1);
                let (dr, dc) = direction.step();
                let (r, c) = if outside(r) || outside(c) {
                    (r + dr, c + dc)
                } else {
                    (r, c)
                };
                if !(1..=256).contains(&r) || !(1..=256).contains(&c) {
                    return Err(cx.err(rest[1].col, "the clue does not point into the grid"));
                }
                add(Constraint::LittleKiller {
                    sum,
                    start: Cell::new((r - 1) as u8, (c - 1) as u8),
                    direction,
                });
            }
            "sandwich" => {
                need(2)?;
                let (num, at) = if is_number(&rest[0]) {
                    (rest[0], rest[1])
                } else {
                    (rest[1], rest[0])
                };
                let sum = cx.number(num)?;
                let line: Line = at.text.parse().map_err(|e: String| cx.err(at.col, e))?;
                add(Constraint::Sandwich { line, sum });
            }
            "white" | "difference" | "black" | "ratio" => {
                need(2)?;
                let white = matches!(key.as_str(), "white" | "difference");
                let (value, cells) = if is_number(&rest[0]) {
                    (Some(cx.number(rest[0])?), &rest[1..])
                } else {
                    (None, rest)
                };
                let cells = cx.pair(cells, head.col)?;
                add(if white {
                    Constraint::Difference {
                        cells,
                        value: value.unwrap_or(1),
                    }
                } else {
                    Constraint::Ratio {
                        cells,
                        value: value.unwrap_or(2),
                    }
                });
            }
            "x" | "v" => {
                if rest.is_empty() {
                    return Err(cx.err(
                        head.col,
                        format!(
                            "`{}` needs two cells (an {} clue); the diagonals are `diagonals`",
                            head.text,
                            key.to_ascii_uppercase()
                        ),
                    ));
                }
                let letter = if key == "x" { XvLetter::X } else { XvLetter::V };
                add(Constraint::Xv {
                    cells: cx.pair(rest, head.col)?,
                    letter,
                });
            }
            "even" | "odd" => {
                need(1)?;
                for cell in cx.all_cells(rest)? {
                    add(if key == "even" {
                        Constraint::Even { cell }
                    } else {
                        Constraint::Odd { cell }
                    });
                }
            }
            _ => {
                return Err(cx.err(
                    head.col,
                    format!(
                        "unknown keyword `{}` (see docs/formats.md for the variant text format)",
                        head.text
                    ),
                ));
            }
        }
    }
    if !any {
        return Err(ParseError::Empty);
    }
    // The size: told, or counted from the givens or the regions.
    let counted = |v: &[(u8, usize, usize)]| -> Option<usize> {
        let k = v.len().isqrt();
        (!v.is_empty() && k * k == v.len()).then_some(k)
    };
    let n = match size {
        Some((n, _)) => n,
        None => counted(&givens).or_else(|| counted(&regions)).unwrap_or(9),
    };
    if !(crate::rules::MIN_SIZE..=crate::rules::MAX_SIZE).contains(&n) {
        let line = size.map_or(1, |s| s.1);
        return Err(located(line, RuleError::Size { n }));
    }
    let check_len = |v: &[(u8, usize, usize)], what: &str| -> Result<(), ParseError> {
        if !v.is_empty() && v.len() != n * n {
            let (_, line, col) = v[v.len() - 1];
            return Err(ParseError::Text {
                line,
                column: col,
                why: format!(
                    "{} {what} for a {n}x{n} grid, which has {} cells",
                    v.len(),
                    n * n
                ),
            });
        }
        if let Some(&(d, line, col)) = v.iter().find(|x| usize::from(x.0) > n) {
            return Err(ParseError::Text {
                line,
                column: col,
                why: format!("{} is not a digit of a {n}x{n} grid", symbol(d)),
            });
        }
        Ok(())
    };
    check_len(&givens, "givens")?;
    check_len(&regions, "region symbols")?;
    let regions = if !regions.is_empty() {
        if let Some(&(_, line, col)) = regions.iter().find(|x| x.0 == 0) {
            return Err(ParseError::Text {
                line,
                column: col,
                why: "every cell needs a region (1-9, A-G)".into(),
            });
        }
        Some(Regions::Jigsaw {
            layout: regions.iter().map(|x| x.0 - 1).collect(),
        })
    } else {
        boxes.map(|(rows, cols)| Regions::Boxes { rows, cols })
    };
    let lines: Vec<usize> = constraints.iter().map(|c| c.1).collect();
    let kinds: Vec<&'static str> = constraints.iter().map(|c| c.0.kind_name()).collect();
    let rules = Rules::new(n, regions, constraints.into_iter().map(|c| c.0).collect())
        .map_err(|e| at_constraint(e, &kinds, &lines))?;
    let givens: Vec<u8> = if givens.is_empty() {
        vec![0; n * n]
    } else {
        givens.iter().map(|x| x.0).collect()
    };
    Ok(Puzzle::new(rules, givens)?.with_meta(meta))
}

fn located(line: usize, error: RuleError) -> ParseError {
    ParseError::Located {
        line,
        error: Box::new(error),
    }
}

/// A rule error with the line of the constraint it names, when it names one.
fn at_constraint(e: RuleError, kinds: &[&str], lines: &[usize]) -> ParseError {
    let line = e.constraint().and_then(|at| {
        let mut seen = 0;
        kinds.iter().zip(lines).find_map(|(&k, &line)| {
            if k == at.kind {
                seen += 1;
                (at.index == 0 || seen == at.index).then_some(line)
            } else {
                None
            }
        })
    });
    match line {
        Some(line) => ParseError::Located {
            line,
            error: Box::new(e),
        },
        None => ParseError::Rules(Box::new(e)),
    }
}

/// Writes a puzzle in our text format.
pub fn write(puzzle: &Puzzle) -> String {
    let rules = puzzle.rules();
    let n = rules.size();
    let mut s = String::new();
    let meta = puzzle.meta();
    if let Some(t) = &meta.title {
        s.push_str(&format!("title {}\n", t.replace('\n', " ")));
    }
    if let Some(a) = &meta.author {
        s.push_str(&format!("author {}\n", a.replace('\n', " ")));
    }
    if let Some(r) = &meta.ruleset {
        for l in r.lines() {
            s.push_str(&format!("rules {l}\n"));
        }
    }
    s.push_str(&format!("size {n}\n"));
    match rules.regions() {
        Regions::Boxes { rows, cols } => {
            if Regions::default_for(n).as_ref() != Some(rules.regions()) {
                s.push_str(&format!("boxes {rows}x{cols}\n"));
            }
        }
        Regions::Jigsaw { layout } => {
            s.push_str("regions\n");
            for row in layout.chunks(n) {
                s.extend(row.iter().map(|&g| symbol(g + 1)));
                s.push('\n');
            }
        }
    }
    if puzzle.givens().iter().any(|&d| d != 0) {
        s.push_str("givens\n");
        for row in puzzle.givens().chunks(n) {
            s.extend(row.iter().map(|&d| symbol(d)));
            s.push('\n');
        }
    }
    let list = |cells: &[Cell]| crate::cell::list(cells);
    for c in rules.constraints() {
        let line = match c {
            Constraint::DiagonalPositive => "diagonal+".to_string(),
            Constraint::DiagonalNegative => "diagonal-".to_string(),
            Constraint::AntiKnight => "antiknight".to_string(),
            Constraint::AntiKing => "antiking".to_string(),
            Constraint::DisjointGroups => "disjoint".to_string(),
            Constraint::Windoku => "windoku".to_string(),
            Constraint::NonConsecutive => "nonconsecutive".to_string(),
            Constraint::NegativeRatio => "negative black".to_string(),
            Constraint::NegativeXv => "negative xv".to_string(),
            Constraint::ExtraRegion { cells } => format!("extra {}", list(cells)),
            Constraint::Killer {
                cells,
                sum: Some(x),
            } => format!("cage {x} {}", list(cells)),
            Constraint::Killer { cells, sum: None } => format!("cage {}", list(cells)),
            Constraint::Thermo { cells } => format!("thermo {}", list(cells)),
            Constraint::Arrow { circle, line } => {
                format!("arrow {} : {}", list(circle), list(line))
            }
            Constraint::LittleKiller {
                sum,
                start,
                direction,
            } => format!("littlekiller {sum} {start} {}", direction.as_str()),
            Constraint::Sandwich { line, sum } => format!("sandwich {sum} {line}"),
            Constraint::Difference { cells, value: 1 } => format!("white {}", list(cells)),
            Constraint::Difference { cells, value } => format!("white {value} {}", list(cells)),
            Constraint::Ratio { cells, value: 2 } => format!("black {}", list(cells)),
            Constraint::Ratio { cells, value } => format!("black {value} {}", list(cells)),
            Constraint::Xv {
                cells,
                letter: XvLetter::X,
            } => format!("X {}", list(cells)),
            Constraint::Xv {
                cells,
                letter: XvLetter::V,
            } => format!("V {}", list(cells)),
            Constraint::Even { cell } => format!("even {cell}"),
            Constraint::Odd { cell } => format!("odd {cell}"),
        };
        s.push_str(&line);
        s.push('\n');
    }
    s
}
