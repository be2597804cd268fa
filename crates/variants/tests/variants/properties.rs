//! Random small variants (4x4 and 6x6) of every family, written as f-puzzles JSON by hand
//! here: the number of solutions our lowering finds (up to a limit) is the test kit's
//! brute-force count, which reads the same JSON on its own; every solution passes the test
//! kit's checker; the count is the same with and without the propagator, on dancing links and
//! dancing cells.

use dlx_testkit::variants as kit;
use dlx_testkit::{Shape, XorShift, random_grid};
use dlx_variants::{Algorithm, Limits, RuleError, Tuning, lower_with, parse, search};
use proptest::prelude::*;
use serde_json::{Value, json};

const LIMIT: u64 = 60;

/// The 18 families of the shared samples, as generators here.
const FAMILIES: [&str; 17] = [
    "classic",
    "irregular",
    "x",
    "windoku",
    "anti-knight",
    "anti-king",
    "nonconsecutive",
    "disjoint-groups",
    "killer",
    "thermo",
    "arrow",
    "kropki",
    "xv",
    "even-odd",
    "little-killer",
    "sandwich",
    "killer-with-givens",
];

fn name(i: usize, n: usize) -> String {
    format!("R{}C{}", i / n + 1, i % n + 1)
}

fn names(cells: &[usize], n: usize) -> Value {
    Value::Array(cells.iter().map(|&i| Value::String(name(i, n))).collect())
}

fn neighbours(i: usize, n: usize, king: bool) -> Vec<usize> {
    let (r, c) = ((i / n) as i64, (i % n) as i64);
    let mut out = Vec::new();
    for dr in -1..=1i64 {
        for dc in -1..=1i64 {
            if (dr, dc) == (0, 0) || (!king && dr != 0 && dc != 0) {
                continue;
            }
            let (rr, cc) = (r + dr, c + dc);
            if rr >= 0 && cc >= 0 && rr < n as i64 && cc < n as i64 {
                out.push((rr * n as i64 + cc) as usize);
            }
        }
    }
    out
}

/// A random puzzle of `family` built around the full grid `g` (so it often has solutions),
/// as f-puzzles JSON.
fn puzzle(family: &str, shape: Shape, rng: &mut XorShift) -> String {
    let n = shape.n();
    let mut o = serde_json::Map::new();
    o.insert("size".into(), json!(n));
    match family {
        "x" => {
            o.insert("diagonal+".into(), json!(true));
            o.insert("diagonal-".into(), json!(rng.below(2) == 0));
        }
        "anti-knight" => {
            o.insert("antiknight".into(), json!(true));
        }
        "anti-king" => {
            o.insert("antiking".into(), json!(true));
        }
        "nonconsecutive" => {
            o.insert("nonconsecutive".into(), json!(true));
        }
        "disjoint-groups" => {
            o.insert("disjointgroups".into(), json!(true));
        }
        "windoku" => {
            let (p, q) = (shape.rows, shape.cols);
            let cells: Vec<usize> = (1..1 + p)
                .flat_map(|r| (1..1 + q).map(move |c| r * n + c))
                .collect();
            o.insert("extraregion".into(), json!([{ "cells": names(&cells, n) }]));
        }
        _ => {}
    }
    // The solution the clues and givens come from: one of the global rule's, when there is
    // one (found by the test kit), else a random grid.
    let empty: Vec<Value> = (0..n)
        .map(|_| Value::Array((0..n).map(|_| json!({})).collect()))
        .collect();
    let mut probe = o.clone();
    probe.insert("grid".into(), Value::Array(empty));
    let rules = kit::read_fpuzzles(&Value::Object(probe).to_string()).expect("probe");
    let g = kit::random_solution(&rules, rng, 200_000).unwrap_or_else(|| random_grid(shape, rng));
    let v = |i: usize| u32::from(g[i]);
    let mut keep = match family {
        "killer" | "little-killer" | "sandwich" | "kropki" | "xv" => 8 + rng.below(30),
        _ => 25 + rng.below(40),
    };
    if n == 6 {
        keep += 20;
    }
    let mut region: Vec<Option<usize>> = vec![None; n * n];
    if family == "irregular" {
        // Regions with one of each digit: digit d of row r goes to region perm_d[r].
        for d in 1..=n as u8 {
            let mut perm: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut perm);
            for r in 0..n {
                let c = (0..n).find(|&c| g[r * n + c] == d).unwrap_or(0);
                region[r * n + c] = Some(perm[r]);
            }
        }
    }
    let grid: Vec<Value> = (0..n)
        .map(|r| {
            Value::Array(
                (0..n)
                    .map(|c| {
                        let i = r * n + c;
                        let mut cell = serde_json::Map::new();
                        if rng.below(100) < keep {
                            cell.insert("value".into(), json!(g[i]));
                            cell.insert("given".into(), json!(true));
                        }
                        if let Some(k) = region[i] {
                            cell.insert("region".into(), json!(k));
                        }
                        Value::Object(cell)
                    })
                    .collect(),
            )
        })
        .collect();
    o.insert("grid".into(), Value::Array(grid));
    let mut list = |key: &str, v: Value| {
        if let Some(a) = o
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()))
            .as_array_mut()
        {
            a.push(v);
        }
    };
    match family {
        "killer" | "killer-with-givens" => {
            let mut free: Vec<bool> = vec![true; n * n];
            for _ in 0..n + rng.below(n) {
                let start = rng.below(n * n);
                if !free[start] {
                    continue;
                }
                let mut cage = vec![start];
                free[start] = false;
                let size = 1 + rng.below(4);
                while cage.len() < size {
                    let last = cage[rng.below(cage.len())];
                    let next: Vec<usize> = neighbours(last, n, false)
                        .into_iter()
                        .filter(|&j| free[j] && cage.iter().all(|&k| g[k] != g[j]))
                        .collect();
                    if next.is_empty() {
                        break;
                    }
                    let j = next[rng.below(next.len())];
                    free[j] = false;
                    cage.push(j);
                }
                let sum: u32 = cage.iter().map(|&i| v(i)).sum();
                let mut e = json!({ "cells": names(&cage, n) });
                if rng.below(5) > 0 {
                    e["value"] = json!(sum.to_string());
                }
                list("killercage", e);
            }
        }
        "thermo" => {
            for _ in 0..2 + rng.below(3) {
                let mut path = vec![rng.below(n * n)];
                for _ in 0..1 + rng.below(3) {
                    let last = *path.last().unwrap_or(&0);
                    let up: Vec<usize> = neighbours(last, n, true)
                        .into_iter()
                        .filter(|&j| v(j) > v(last) && !path.contains(&j))
                        .collect();
                    if up.is_empty() {
                        break;
                    }
                    path.push(up[rng.below(up.len())]);
                }
                if path.len() >= 2 {
                    list("thermometer", json!({ "lines": [names(&path, n)] }));
                }
            }
        }
        "arrow" => {
            for _ in 0..2 + rng.below(3) {
                let circle = rng.below(n * n);
                let mut line = vec![circle];
                let mut total = 0;
                for _ in 0..3 {
                    let last = *line.last().unwrap_or(&0);
                    let next: Vec<usize> = neighbours(last, n, true)
                        .into_iter()
                        .filter(|&j| !line.contains(&j) && total + v(j) <= v(circle))
                        .collect();
                    if next.is_empty() {
                        break;
                    }
                    let j = next[rng.below(next.len())];
                    total += v(j);
                    line.push(j);
                }
                if line.len() >= 2 {
                    list(
                        "arrow",
                        json!({ "lines": [names(&line, n)], "cells": names(&[circle], n) }),
                    );
                }
            }
        }
        "kropki" | "xv" => {
            let mut pairs: Vec<(usize, usize)> = Vec::new();
            for a in 0..n * n {
                if a % n + 1 < n {
                    pairs.push((a, a + 1));
                }
                if a + n < n * n {
                    pairs.push((a, a + n));
                }
            }
            for (a, b) in pairs {
                let (x, y) = (v(a), v(b));
                let cells = names(&[a, b], n);
                if family == "kropki" {
                    if x.abs_diff(y) == 1 && rng.below(3) > 0 {
                        list("difference", json!({ "cells": cells }));
                    } else if (x == 2 * y || y == 2 * x) && rng.below(3) > 0 {
                        list("ratio", json!({ "cells": cells }));
                    }
                } else if x + y == 10 && rng.below(3) > 0 {
                    list("xv", json!({ "cells": cells, "value": "X" }));
                } else if x + y == 5 && rng.below(3) > 0 {
                    list("xv", json!({ "cells": cells, "value": "V" }));
                }
            }
        }
        "even-odd" => {
            for _ in 0..n {
                let i = rng.below(n * n);
                let key = if v(i) % 2 == 0 { "even" } else { "odd" };
                list(key, json!({ "cell": name(i, n) }));
            }
        }
        "little-killer" => {
            for _ in 0..2 + rng.below(3) {
                // From the top edge, down-right or down-left.
                let c = rng.below(n) as i64;
                let (dc, dir) = if rng.below(2) == 0 {
                    (1, "DR")
                } else {
                    (-1, "DL")
                };
                let mut cells = Vec::new();
                let (mut r, mut cc) = (0i64, c);
                while r < n as i64 && cc >= 0 && cc < n as i64 {
                    cells.push((r as usize) * n + cc as usize);
                    r += 1;
                    cc += dc;
                }
                let sum: u32 = cells.iter().map(|&i| v(i)).sum();
                // The clue sits above the grid, one step back along the diagonal.
                let clue = format!("R0C{}", c - dc + 1);
                list(
                    "littlekillersum",
                    json!({ "cell": clue, "direction": dir, "value": sum.to_string() }),
                );
            }
        }
        "sandwich" => {
            for _ in 0..1 + rng.below(3) {
                let k = rng.below(n);
                let row = rng.below(2) == 0;
                let line: Vec<usize> = (0..n)
                    .map(|j| if row { k * n + j } else { j * n + k })
                    .collect();
                let p1 = line.iter().position(|&i| v(i) == 1).unwrap_or(0);
                let pn = line.iter().position(|&i| v(i) == n as u32).unwrap_or(0);
                let (a, b) = (p1.min(pn), p1.max(pn));
                let sum: u32 = line[a + 1..b].iter().map(|&i| v(i)).sum();
                let cell = if row {
                    format!("R{}C0", k + 1)
                } else {
                    format!("R0C{}", k + 1)
                };
                list(
                    "sandwichsum",
                    json!({ "cell": cell, "value": sum.to_string() }),
                );
            }
        }
        _ => {}
    }
    match family {
        "kropki" if rng.below(2) == 0 => {
            o.insert("nonconsecutive".into(), json!(true));
            o.insert("negative".into(), json!(["ratio"]));
        }
        "xv" if rng.below(2) == 0 => {
            o.insert("negative".into(), json!(["xv"]));
        }
        _ => {}
    }
    Value::Object(o).to_string()
}

/// Our count (up to `LIMIT`) on one engine configuration; 0 for givens that already break a
/// rule (which the reader refuses).
fn our_count(json: &str, prune: bool, algorithm: Algorithm, threads: usize) -> (u64, Vec<Vec<u8>>) {
    let p = match parse(json) {
        Ok(p) => p,
        Err(e) if matches!(e.rule_error(), Some(RuleError::Givens { .. })) => {
            return (0, Vec::new());
        }
        Err(e) => panic!("{e}\n{json}"),
    };
    let enc = lower_with(
        &p,
        &Tuning {
            prune,
            ..Tuning::default()
        },
    )
    .unwrap();
    let a = search(
        &enc,
        &Limits {
            solutions: LIMIT,
            keep: LIMIT as usize,
            algorithm,
            threads,
            ..Limits::default()
        },
    );
    assert!(a.status.is_complete() || a.count == LIMIT, "{json}");
    (a.count, a.solutions)
}

fn agree(family: &str, shape: Shape, seed: u64) {
    let mut rng = XorShift(seed | 1);
    let json = puzzle(family, shape, &mut rng);
    let reference = kit::read_fpuzzles(&json).unwrap();
    let expected = kit::count(&reference, LIMIT);
    let (count, solutions) = our_count(&json, true, Algorithm::Links, 1);
    assert_eq!(count, expected, "{family}: {json}");
    for s in &solutions {
        kit::check(&reference, s).unwrap_or_else(|e| panic!("{family}: {e}\n{json}"));
    }
    // The propagator and the algorithm change the work, never the count.
    assert_eq!(
        our_count(&json, false, Algorithm::Links, 1).0,
        expected,
        "{json}"
    );
    assert_eq!(
        our_count(&json, true, Algorithm::Cells, 1).0,
        expected,
        "{json}"
    );
    if seed % 4 == 0 {
        assert_eq!(
            our_count(&json, true, Algorithm::Links, 2).0,
            expected,
            "{json}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 340, ..ProptestConfig::default() })]

    #[test]
    fn small_4x4_variants_count_as_brute_force_does(family in 0..FAMILIES.len(), seed in any::<u64>()) {
        agree(FAMILIES[family], Shape::new(2, 2), seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    #[test]
    fn small_6x6_variants_count_as_brute_force_does(family in 0..FAMILIES.len(), seed in any::<u64>()) {
        agree(FAMILIES[family], Shape::new(2, 3), seed);
    }
}

/// Every family is generated with solutions often enough to mean something (on 6x6: a 4x4
/// grid has no anti-king solution at all).
#[test]
fn the_generators_make_puzzles_with_solutions() {
    for family in FAMILIES {
        let mut with = 0;
        for seed in 1..=20u64 {
            let mut rng = XorShift(seed * 7919);
            let json = puzzle(family, Shape::new(2, 3), &mut rng);
            let v = kit::read_fpuzzles(&json).unwrap();
            if kit::count(&v, 1) > 0 {
                with += 1;
            }
        }
        assert!(with >= 5, "{family}: {with} of 20 have a solution");
    }
}
