//! The constraints a variant can add to the grid, as data: one enum variant per rule, each with
//! the cells it concerns. What they mean is written on each variant; [`crate::Rules`] checks them
//! and [`crate::lower()`] turns them into exact cover.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cell::Cell;

/// A diagonal direction, for little killer clues: the way the clue's arrow points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Up and to the left.
    #[serde(rename = "UL")]
    UpLeft,
    /// Up and to the right.
    #[serde(rename = "UR")]
    UpRight,
    /// Down and to the left.
    #[serde(rename = "DL")]
    DownLeft,
    /// Down and to the right.
    #[serde(rename = "DR")]
    DownRight,
}

impl Direction {
    /// All four, in the order UL, UR, DL, DR.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The step `(rows, columns)` one cell along the direction.
    pub fn step(self) -> (i32, i32) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }

    /// The direction of a step, if it is diagonal.
    pub fn of_step(dr: i32, dc: i32) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.step() == (dr, dc))
    }

    /// `UL`, `UR`, `DL` or `DR`, as f-puzzles and our text format write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::UpLeft => "UL",
            Direction::UpRight => "UR",
            Direction::DownLeft => "DL",
            Direction::DownRight => "DR",
        }
    }
}

impl FromStr for Direction {
    type Err = String;
    fn from_str(s: &str) -> Result<Direction, String> {
        Direction::ALL
            .into_iter()
            .find(|d| d.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("`{s}` is not a direction (UL, UR, DL or DR)"))
    }
}

/// A row or a column, 0-based; written `r3` or `c4` (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `r`.
    Row(u8),
    /// Column `c`.
    Column(u8),
}

impl Line {
    /// The cells of the line in a grid of `n` columns, left to right or top to bottom.
    pub fn cells(self, n: usize) -> Vec<Cell> {
        (0..n as u8)
            .map(|k| match self {
                Line::Row(r) => Cell::new(r, k),
                Line::Column(c) => Cell::new(k, c),
            })
            .collect()
    }

    /// The row or column number, 0-based.
    pub fn number(self) -> u8 {
        match self {
            Line::Row(k) | Line::Column(k) => k,
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "r{}", u32::from(*r) + 1),
            Line::Column(c) => write!(f, "c{}", u32::from(*c) + 1),
        }
    }
}

impl FromStr for Line {
    type Err = String;
    fn from_str(s: &str) -> Result<Line, String> {
        let bad = || format!("`{s}` is not a row or column (write r3 or c4)");
        let t = s.trim();
        let (head, num) = t.split_at(t.len().min(1));
        let k: u32 = num.parse().map_err(|_| bad())?;
        if !(1..=256).contains(&k) {
            return Err(bad());
        }
        let k = (k - 1) as u8;
        match head {
            "r" | "R" => Ok(Line::Row(k)),
            "c" | "C" => Ok(Line::Column(k)),
            _ => Err(bad()),
        }
    }
}

impl Serialize for Line {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Line {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Line, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The letter of an XV clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum XvLetter {
    /// The two digits add up to 10.
    X,
    /// The two digits add up to 5.
    V,
}

impl XvLetter {
    /// The sum the letter stands for.
    pub fn sum(self) -> u32 {
        match self {
            XvLetter::X => 10,
            XvLetter::V => 5,
        }
    }
}

/// One rule of a variant, beyond rows, columns and regions.
///
/// Serialized with a `kind` tag in snake case: `{"kind": "killer", "cells": ["r1c1", "r1c2"],
/// "sum": 3}`. Digits run from 1 to `N` on an `N x N` grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum Constraint {
    /// The positive diagonal, from the bottom-left corner to the top-right, holds each digit
    /// once (f-puzzles `diagonal+`).
    DiagonalPositive,
    /// The negative diagonal, from the top-left corner to the bottom-right, holds each digit
    /// once (f-puzzles `diagonal-`).
    DiagonalNegative,
    /// Cells a knight's move apart hold different digits.
    AntiKnight,
    /// Cells a king's move apart (diagonal neighbours included) hold different digits.
    AntiKing,
    /// The cells at the same place in every region (the `k`-th in reading order) hold each
    /// digit once.
    DisjointGroups,
    /// Windoku: the windows (box-sized squares one cell in from the edges and one cell apart;
    /// on 9x9 r2-4 and r6-8 by c2-4 and c6-8) hold each digit once.
    Windoku,
    /// Orthogonal neighbours are not consecutive, except across a white or black dot: the
    /// negative rule of white dots (f-puzzles `nonconsecutive`).
    NonConsecutive,
    /// Orthogonal neighbours without a white or black dot are not in a black dot's ratio (2,
    /// or the ratios of the black dots given): the negative rule of black dots.
    NegativeRatio,
    /// Orthogonal neighbours without an X or a V add up to neither 10 nor 5: the negative rule
    /// of XV.
    NegativeXv,
    /// The cells hold different digits (all of them when there are `N` cells).
    ExtraRegion {
        /// The cells.
        cells: Vec<Cell>,
    },
    /// A killer cage: different digits, adding up to `sum` if given.
    Killer {
        /// The cells.
        cells: Vec<Cell>,
        /// The sum, if shown.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sum: Option<u32>,
    },
    /// A thermometer: digits strictly increase from the bulb (the first cell).
    Thermo {
        /// The cells, bulb first.
        cells: Vec<Cell>,
    },
    /// An arrow: the digits on the line add up to the number in the circle (a circle of
    /// several cells reads as a number, the first cell its leading digit).
    Arrow {
        /// The circle's cells, leading digit first.
        circle: Vec<Cell>,
        /// The line's cells, not counting the circle.
        line: Vec<Cell>,
    },
    /// A little killer clue: the digits on the diagonal from `start` in `direction`, to the
    /// edge of the grid, add up to `sum` (they may repeat where no house forbids it).
    LittleKiller {
        /// The sum.
        sum: u32,
        /// The first cell of the diagonal (next to the clue, inside the grid).
        start: Cell,
        /// The way the diagonal runs.
        direction: Direction,
    },
    /// A sandwich clue: the digits between the 1 and the `N` of the row or column add up to
    /// `sum`.
    Sandwich {
        /// The row or column.
        line: Line,
        /// The sum.
        sum: u32,
    },
    /// A white (kropki) dot: the two orthogonal neighbours differ by `value` (1 unless told).
    Difference {
        /// The two cells.
        cells: [Cell; 2],
        /// The difference.
        #[serde(default = "one")]
        value: u32,
    },
    /// A black (kropki) dot: one of the two orthogonal neighbours is `value` times the other
    /// (2 unless told).
    Ratio {
        /// The two cells.
        cells: [Cell; 2],
        /// The ratio.
        #[serde(default = "two")]
        value: u32,
    },
    /// An X (the two orthogonal neighbours add up to 10) or a V (to 5).
    Xv {
        /// The two cells.
        cells: [Cell; 2],
        /// X or V.
        letter: XvLetter,
    },
    /// The cell holds an even digit.
    Even {
        /// The cell.
        cell: Cell,
    },
    /// The cell holds an odd digit.
    Odd {
        /// The cell.
        cell: Cell,
    },
}

fn one() -> u32 {
    1
}

fn two() -> u32 {
    2
}

impl Constraint {
    /// The constraint's kind in words, as errors and logic steps name it: `killer cage`,
    /// `thermometer`, `white dot`...
    pub fn kind_name(&self) -> &'static str {
        match self {
            Constraint::DiagonalPositive => "diagonal+",
            Constraint::DiagonalNegative => "diagonal-",
            Constraint::AntiKnight => "anti-knight",
            Constraint::AntiKing => "anti-king",
            Constraint::DisjointGroups => "disjoint groups",
            Constraint::Windoku => "windoku",
            Constraint::NonConsecutive => "nonconsecutive",
            Constraint::NegativeRatio => "negative black dots",
            Constraint::NegativeXv => "negative XV",
            Constraint::ExtraRegion { .. } => "extra region",
            Constraint::Killer { .. } => "killer cage",
            Constraint::Thermo { .. } => "thermometer",
            Constraint::Arrow { .. } => "arrow",
            Constraint::LittleKiller { .. } => "little killer",
            Constraint::Sandwich { .. } => "sandwich",
            Constraint::Difference { .. } => "white dot",
            Constraint::Ratio { .. } => "black dot",
            Constraint::Xv { .. } => "XV",
            Constraint::Even { .. } => "even cell",
            Constraint::Odd { .. } => "odd cell",
        }
    }

    /// Whether the constraint is a rule of the whole grid (diagonals, anti-knight, negative
    /// rules...) rather than a clue on some cells.
    pub fn is_global(&self) -> bool {
        matches!(
            self,
            Constraint::DiagonalPositive
                | Constraint::DiagonalNegative
                | Constraint::AntiKnight
                | Constraint::AntiKing
                | Constraint::DisjointGroups
                | Constraint::Windoku
                | Constraint::NonConsecutive
                | Constraint::NegativeRatio
                | Constraint::NegativeXv
        )
    }

    /// The cells the constraint names, as given (a little killer's diagonal and a sandwich's
    /// line depend on the grid: see [`crate::Rules::scope`]).
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Constraint::ExtraRegion { cells }
            | Constraint::Killer { cells, .. }
            | Constraint::Thermo { cells } => cells.clone(),
            Constraint::Arrow { circle, line } => circle.iter().chain(line).copied().collect(),
            Constraint::LittleKiller { start, .. } => vec![*start],
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => cells.to_vec(),
            Constraint::Even { cell } | Constraint::Odd { cell } => vec![*cell],
            _ => Vec::new(),
        }
    }

    /// For a clue on two neighbours (dots and XV), the two cells.
    pub fn pair(&self) -> Option<[Cell; 2]> {
        match self {
            Constraint::Difference { cells, .. }
            | Constraint::Ratio { cells, .. }
            | Constraint::Xv { cells, .. } => Some(*cells),
            _ => None,
        }
    }
}
