//! A variant's rules digested for the logic: each clue of a [`dlx_variants::Rules`] as the
//! cells it constrains (row-major indices) and what it asks of them, named as steps write it
//! (`killer cage 3`, `thermometer 1`, `white dot 2`, `nonconsecutive`).
//!
//! The houses and the "sees" relation go into the board's topology (`board.rs`); this module
//! keeps what the variant techniques (`variant.rs`) read: cages, thermometers, arrows, little
//! killers, sandwiches, pairs of neighbours with a relation (dots, XV and the negative rules)
//! and even or odd cells.

use dlx_variants::{Constraint, Rules};

/// What a clue asks of its cells.
#[derive(Clone, Debug)]
pub(crate) enum ClueKind {
    /// Different digits (the cells see each other), adding up to `sum` when given.
    Cage { sum: Option<u32> },
    /// Digits strictly increasing from the first cell.
    Thermo,
    /// The first `circle` cells read as a number (leading digit first) equal to the sum of
    /// the others.
    Arrow { circle: usize },
    /// The digits add up to `sum` (they may repeat where no rule forbids it).
    LittleKiller { sum: u32 },
    /// The cells are a row or column; the digits between its 1 and its N add up to `sum`.
    Sandwich { sum: u32 },
    /// Two cells: `table[x]` is the mask of digits (0-based bits) the second may hold when the
    /// first holds 0-based digit `x`.
    Pair { table: Vec<u64>, negative: bool },
    /// One cell holding an even digit, or an odd one.
    Parity { even: bool },
}

/// One clue of the rules.
#[derive(Clone, Debug)]
pub(crate) struct Clue {
    pub kind: ClueKind,
    /// Its cells, row-major indices, in the clue's order (bulb first, circle first...).
    pub cells: Vec<u16>,
    /// As steps name it: `killer cage 3`, `nonconsecutive`.
    pub name: String,
}

/// The clues of a variant, for the variant techniques.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clues {
    pub clues: Vec<Clue>,
}

impl Clues {
    /// The clues of `rules` (rules of the whole grid that are only houses or "sees", such as
    /// diagonals or anti-knight, are in the topology, not here).
    pub fn of(rules: &Rules) -> Clues {
        let n = rules.size();
        let idx = |c: &dlx_variants::Cell| c.index(n) as u16;
        let mut clues = Vec::new();
        let name_of = |k: usize| {
            let named = rules.named(k);
            if named.index > 0 {
                format!("{} {}", named.kind, named.index)
            } else {
                named.kind.to_string()
            }
        };
        let pair_table = |f: &dyn Fn(u32, u32) -> bool| -> Vec<u64> {
            (1..=n as u32)
                .map(|x| {
                    (1..=n as u32)
                        .filter(|&y| f(x, y))
                        .fold(0u64, |m, y| m | 1 << (y - 1))
                })
                .collect()
        };
        for (k, c) in rules.constraints().iter().enumerate() {
            let scope: Vec<u16> = rules.scope(k).iter().map(idx).collect();
            let kind = match c {
                Constraint::Killer { sum, .. } => ClueKind::Cage { sum: *sum },
                Constraint::Thermo { .. } => ClueKind::Thermo,
                Constraint::Arrow { circle, line } => {
                    let cells = circle.iter().chain(line).map(idx).collect();
                    clues.push(Clue {
                        kind: ClueKind::Arrow {
                            circle: circle.len(),
                        },
                        cells,
                        name: name_of(k),
                    });
                    continue;
                }
                Constraint::LittleKiller { sum, .. } => ClueKind::LittleKiller { sum: *sum },
                Constraint::Sandwich { sum, .. } => ClueKind::Sandwich { sum: *sum },
                Constraint::Difference { value, .. } => ClueKind::Pair {
                    table: pair_table(&|x, y| x.abs_diff(y) == *value),
                    negative: false,
                },
                Constraint::Ratio { value, .. } => ClueKind::Pair {
                    table: pair_table(&|x, y| x == value * y || y == value * x),
                    negative: false,
                },
                Constraint::Xv { letter, .. } => {
                    let s = letter.sum();
                    ClueKind::Pair {
                        table: pair_table(&|x, y| x + y == s),
                        negative: false,
                    }
                }
                Constraint::Even { .. } => ClueKind::Parity { even: true },
                Constraint::Odd { .. } => ClueKind::Parity { even: false },
                Constraint::NonConsecutive | Constraint::NegativeRatio | Constraint::NegativeXv => {
                    let xv = matches!(c, Constraint::NegativeXv);
                    let marked = if xv {
                        rules.marked_pairs(|c| matches!(c, Constraint::Xv { .. }))
                    } else {
                        rules.marked_pairs(|c| {
                            matches!(c, Constraint::Difference { .. } | Constraint::Ratio { .. })
                        })
                    };
                    let ratios = rules.negative_ratios();
                    let table = match c {
                        Constraint::NonConsecutive => pair_table(&|x, y| x.abs_diff(y) != 1),
                        Constraint::NegativeRatio => {
                            pair_table(&|x, y| !ratios.iter().any(|&r| x == r * y || y == r * x))
                        }
                        _ => pair_table(&|x, y| x + y != 5 && x + y != 10),
                    };
                    for [a, b] in rules.orthogonal_pairs() {
                        if marked.contains(&[a, b]) {
                            continue;
                        }
                        clues.push(Clue {
                            kind: ClueKind::Pair {
                                table: table.clone(),
                                negative: true,
                            },
                            cells: vec![idx(&a), idx(&b)],
                            name: c.kind_name().to_string(),
                        });
                    }
                    continue;
                }
                _ => continue,
            };
            clues.push(Clue {
                kind,
                cells: scope,
                name: name_of(k),
            });
        }
        Clues { clues }
    }

    /// The killer cages, with their sums.
    pub fn cages(&self) -> impl Iterator<Item = (&Clue, Option<u32>)> {
        self.clues.iter().filter_map(|c| match c.kind {
            ClueKind::Cage { sum } => Some((c, sum)),
            _ => None,
        })
    }
}
