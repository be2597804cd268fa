//! Variant Sudoku for tests, written independently of `dlx-variants`: its own reading of an
//! f-puzzles file ([`read_fpuzzles`]), a checker of a filled grid against every rule
//! ([`check`]) and a brute-force counter ([`count`]) that fills cells in reading order and
//! tests each rule once its cells are filled. Nothing here uses the workspace's lowering or
//! solvers: it is the reference the lowering is tested against.
//!
//! The meaning of each field follows the conventions of the shared samples' README and of
//! the public f-puzzles readers (see `crates/variants/src/fpuzzles.rs`).

use serde_json::Value;

/// One rule, over row-major cell indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The cells hold different digits.
    Distinct(Vec<usize>),
    /// Different digits adding up to `sum`.
    Cage(Vec<usize>, u32),
    /// Digits (repeats allowed) adding up to `sum`.
    Sum(Vec<usize>, u32),
    /// Strictly increasing digits.
    Thermo(Vec<usize>),
    /// The circle (read as a number) equals the sum of the line.
    Arrow(Vec<usize>, Vec<usize>),
    /// The digits between the 1 and the n of the line add up to the sum.
    Sandwich(Vec<usize>, u32),
    /// The two digits differ by `d`.
    Difference(usize, usize, u32),
    /// One digit is `r` times the other.
    Ratio(usize, usize, u32),
    /// The two digits add up to `s`.
    PairSum(usize, usize, u32),
    /// The two digits must not satisfy any of the relations: differ by 1 (`consecutive`),
    /// be in one of the `ratios`, add up to one of the `sums`.
    Not(usize, usize, bool, Vec<u32>, Vec<u32>),
    /// The digit is even (`true`) or odd.
    Parity(usize, bool),
}

impl Rule {
    fn cells(&self) -> Vec<usize> {
        match self {
            Rule::Distinct(c) | Rule::Cage(c, _) | Rule::Sum(c, _) | Rule::Thermo(c) => c.clone(),
            Rule::Sandwich(c, _) => c.clone(),
            Rule::Arrow(a, b) => a.iter().chain(b).copied().collect(),
            Rule::Difference(a, b, _)
            | Rule::Ratio(a, b, _)
            | Rule::PairSum(a, b, _)
            | Rule::Not(a, b, ..) => vec![*a, *b],
            Rule::Parity(a, _) => vec![*a],
        }
    }

    /// Whether the digits `g` (all of this rule's cells filled) satisfy the rule.
    fn holds(&self, g: &[u8], n: usize) -> bool {
        let v = |i: usize| u32::from(g[i]);
        match self {
            Rule::Distinct(c) => {
                let mut seen = 0u64;
                c.iter().all(|&i| {
                    let b = 1u64 << g[i];
                    let fresh = seen & b == 0;
                    seen |= b;
                    fresh
                })
            }
            Rule::Cage(c, s) => {
                Rule::Distinct(c.clone()).holds(g, n) && c.iter().map(|&i| v(i)).sum::<u32>() == *s
            }
            Rule::Sum(c, s) => c.iter().map(|&i| v(i)).sum::<u32>() == *s,
            Rule::Thermo(c) => c.windows(2).all(|w| v(w[0]) < v(w[1])),
            Rule::Arrow(circle, line) => {
                let number = circle.iter().fold(0u32, |a, &i| a * 10 + v(i));
                number == line.iter().map(|&i| v(i)).sum::<u32>()
            }
            Rule::Sandwich(c, s) => {
                let p1 = c.iter().position(|&i| v(i) == 1);
                let pn = c.iter().position(|&i| v(i) == n as u32);
                match (p1, pn) {
                    (Some(a), Some(b)) => {
                        let (a, b) = (a.min(b), a.max(b));
                        c[a + 1..b].iter().map(|&i| v(i)).sum::<u32>() == *s
                    }
                    _ => false,
                }
            }
            Rule::Difference(a, b, d) => v(*a).abs_diff(v(*b)) == *d,
            Rule::Ratio(a, b, r) => v(*a) == r * v(*b) || v(*b) == r * v(*a),
            Rule::PairSum(a, b, s) => v(*a) + v(*b) == *s,
            Rule::Not(a, b, consecutive, ratios, sums) => {
                let (x, y) = (v(*a), v(*b));
                !((*consecutive && x.abs_diff(y) == 1)
                    || ratios.iter().any(|&r| x == r * y || y == r * x)
                    || sums.contains(&(x + y)))
            }
            Rule::Parity(a, even) => (v(*a) % 2 == 0) == *even,
        }
    }
}

/// A variant puzzle: size, givens (0 for empty) and every rule, rows, columns and regions
/// included.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Cells on a side.
    pub n: usize,
    /// Givens, row-major.
    pub givens: Vec<u8>,
    /// Every rule.
    pub rules: Vec<Rule>,
}

fn cell(v: &Value, n: usize) -> Result<usize, String> {
    let s = v.as_str().ok_or_else(|| format!("{v} is not a cell"))?;
    let t = s.to_ascii_uppercase();
    let rest = t.strip_prefix('R').ok_or_else(|| format!("bad cell {s}"))?;
    let (r, c) = rest
        .split_once('C')
        .ok_or_else(|| format!("bad cell {s}"))?;
    let (r, c): (usize, usize) = (
        r.parse().map_err(|_| format!("bad cell {s}"))?,
        c.parse().map_err(|_| format!("bad cell {s}"))?,
    );
    if r == 0 || c == 0 || r > n || c > n {
        return Err(format!("cell {s} outside"));
    }
    Ok((r - 1) * n + c - 1)
}

fn rc(v: &Value) -> Result<(i64, i64), String> {
    let s = v.as_str().ok_or("not a cell")?.to_ascii_uppercase();
    let rest = s.strip_prefix('R').ok_or("bad clue cell")?;
    let (r, c) = rest.split_once('C').ok_or("bad clue cell")?;
    Ok((
        r.parse().map_err(|_| "bad clue cell")?,
        c.parse().map_err(|_| "bad clue cell")?,
    ))
}

fn cells(v: &Value, n: usize) -> Result<Vec<usize>, String> {
    v.as_array()
        .ok_or("not a list")?
        .iter()
        .map(|c| cell(c, n))
        .collect()
}

fn num(v: Option<&Value>) -> Option<u32> {
    match v? {
        Value::Number(x) => x.as_u64().map(|x| x as u32),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Reads an f-puzzles file (the fields of the shared samples; anything else is an error).
pub fn read_fpuzzles(text: &str) -> Result<Variant, String> {
    let root: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let o = root.as_object().ok_or("not an object")?;
    let n = o.get("size").and_then(Value::as_u64).ok_or("no size")? as usize;
    let grid = o.get("grid").and_then(Value::as_array).ok_or("no grid")?;
    let mut givens = vec![0u8; n * n];
    let mut region: Vec<usize> = (0..n * n).map(|i| box_of(n, i / n, i % n)).collect();
    for (r, row) in grid.iter().enumerate() {
        for (c, x) in row.as_array().ok_or("bad row")?.iter().enumerate() {
            if x.get("given").and_then(Value::as_bool) == Some(true) {
                givens[r * n + c] = num(x.get("value")).ok_or("bad given")? as u8;
            }
            if let Some(g) = x.get("region").and_then(Value::as_u64) {
                region[r * n + c] = g as usize;
            }
        }
    }
    let mut rules = Vec::new();
    for i in 0..n {
        rules.push(Rule::Distinct((0..n).map(|c| i * n + c).collect()));
        rules.push(Rule::Distinct((0..n).map(|r| r * n + i).collect()));
        rules.push(Rule::Distinct(
            (0..n * n).filter(|&k| region[k] == i).collect(),
        ));
    }
    let flag = |k: &str| o.get(k).and_then(Value::as_bool) == Some(true);
    if flag("diagonal+") {
        rules.push(Rule::Distinct(
            (0..n).map(|i| (n - 1 - i) * n + i).collect(),
        ));
    }
    if flag("diagonal-") {
        rules.push(Rule::Distinct((0..n).map(|i| i * n + i).collect()));
    }
    if flag("disjointgroups") {
        for k in 0..n {
            let g: Vec<usize> = (0..n)
                .map(|reg| (0..n * n).filter(|&i| region[i] == reg).nth(k).unwrap_or(0))
                .collect();
            rules.push(Rule::Distinct(g));
        }
    }
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
            let knight = (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
            let king = dr <= 1 && dc <= 1;
            if (flag("antiknight") && knight) || (flag("antiking") && king) {
                rules.push(Rule::Distinct(vec![a, b]));
            }
        }
    }
    let list = |k: &str| -> Vec<Value> {
        o.get(k)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    for e in list("extraregion") {
        rules.push(Rule::Distinct(cells(&e["cells"], n)?));
    }
    for e in list("killercage") {
        let c = cells(&e["cells"], n)?;
        rules.push(match num(e.get("value")) {
            Some(s) => Rule::Cage(c, s),
            None => Rule::Distinct(c),
        });
    }
    for e in list("thermometer") {
        for l in e["lines"].as_array().ok_or("bad lines")? {
            rules.push(Rule::Thermo(cells(l, n)?));
        }
    }
    for e in list("arrow") {
        let circle = cells(&e["cells"], n)?;
        for l in e["lines"].as_array().ok_or("bad lines")? {
            let line: Vec<usize> = cells(l, n)?
                .into_iter()
                .filter(|c| !circle.contains(c))
                .collect();
            rules.push(Rule::Arrow(circle.clone(), line));
        }
    }
    for e in list("littlekillersum") {
        let Some(s) = num(e.get("value")) else {
            continue;
        };
        let (r, c) = rc(&e["cell"])?;
        let (dr, dc) = match e["direction"].as_str().ok_or("no direction")? {
            "UL" => (-1, -1),
            "UR" => (-1, 1),
            "DL" => (1, -1),
            "DR" => (1, 1),
            d => return Err(format!("bad direction {d}")),
        };
        let (mut r, mut c) = (r + dr, c + dc);
        let mut diag = Vec::new();
        while r >= 1 && c >= 1 && r <= n as i64 && c <= n as i64 {
            diag.push((r as usize - 1) * n + c as usize - 1);
            r += dr;
            c += dc;
        }
        rules.push(Rule::Sum(diag, s));
    }
    for e in list("sandwichsum") {
        let Some(s) = num(e.get("value")) else {
            continue;
        };
        let (r, c) = rc(&e["cell"])?;
        let line: Vec<usize> = if r == 0 || r == n as i64 + 1 {
            (0..n).map(|k| k * n + c as usize - 1).collect()
        } else {
            (0..n).map(|k| (r as usize - 1) * n + k).collect()
        };
        rules.push(Rule::Sandwich(line, s));
    }
    let pair = |e: &Value| -> Result<(usize, usize), String> {
        let c = cells(&e["cells"], n)?;
        Ok((c[0], c[1]))
    };
    let mut dotted: Vec<(usize, usize)> = Vec::new();
    let mut xved: Vec<(usize, usize)> = Vec::new();
    let mut ratios: Vec<u32> = Vec::new();
    for e in list("difference") {
        let (a, b) = pair(&e)?;
        rules.push(Rule::Difference(a, b, num(e.get("value")).unwrap_or(1)));
        dotted.push((a.min(b), a.max(b)));
    }
    for e in list("ratio") {
        let (a, b) = pair(&e)?;
        let r = num(e.get("value")).unwrap_or(2);
        rules.push(Rule::Ratio(a, b, r));
        ratios.push(r);
        dotted.push((a.min(b), a.max(b)));
    }
    for e in list("xv") {
        let (a, b) = pair(&e)?;
        let s = match e["value"].as_str() {
            Some("X") | Some("x") => 10,
            Some("V") | Some("v") => 5,
            _ => return Err("bad xv".into()),
        };
        rules.push(Rule::PairSum(a, b, s));
        xved.push((a.min(b), a.max(b)));
    }
    let negative: Vec<String> = list("negative")
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    let consecutive = flag("nonconsecutive") || negative.iter().any(|s| s == "difference");
    let neg_ratio = negative.iter().any(|s| s == "ratio");
    let neg_xv = negative.iter().any(|s| s == "xv");
    if ratios.is_empty() {
        ratios.push(2);
    }
    if consecutive || neg_ratio || neg_xv {
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                if b >= n * n || (b == a + 1 && b % n == 0) {
                    continue;
                }
                let dot_free = !dotted.contains(&(a, b));
                let xv_free = !xved.contains(&(a, b));
                let r = if neg_ratio && dot_free {
                    ratios.clone()
                } else {
                    Vec::new()
                };
                let s = if neg_xv && xv_free {
                    vec![5, 10]
                } else {
                    Vec::new()
                };
                rules.push(Rule::Not(a, b, consecutive && dot_free, r, s));
            }
        }
    }
    for e in list("even") {
        rules.push(Rule::Parity(cell(&e["cell"], n)?, true));
    }
    for e in list("odd") {
        rules.push(Rule::Parity(cell(&e["cell"], n)?, false));
    }
    Ok(Variant { n, givens, rules })
}

fn box_of(n: usize, r: usize, c: usize) -> usize {
    let mut rows = (n as f64).sqrt() as usize;
    while rows > 1 && n % rows != 0 {
        rows -= 1;
    }
    let cols = n / rows.max(1);
    (r / rows) * rows + c / cols
}

/// Checks a full grid against the givens and every rule; the first rule broken, in words.
pub fn check(v: &Variant, grid: &[u8]) -> Result<(), String> {
    if grid.len() != v.n * v.n {
        return Err(format!("{} cells, not {}", grid.len(), v.n * v.n));
    }
    for (i, (&g, &d)) in v.givens.iter().zip(grid).enumerate() {
        if d == 0 || usize::from(d) > v.n {
            return Err(format!("cell {i} holds {d}"));
        }
        if g != 0 && g != d {
            return Err(format!("cell {i} changes given {g} to {d}"));
        }
    }
    for r in &v.rules {
        if !r.holds(grid, v.n) {
            return Err(format!("{r:?} broken"));
        }
    }
    Ok(())
}

/// A solution found by brute force with the digits of each cell tried in an order `rng`
/// shuffles (a random solution), within `budget` placements; `None` if there is none or the
/// budget runs out.
pub fn random_solution(v: &Variant, rng: &mut crate::XorShift, budget: u64) -> Option<Vec<u8>> {
    let n = v.n;
    let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, r) in v.rules.iter().enumerate() {
        let cells = r.cells();
        if matches!(r, Rule::Distinct(_) | Rule::Cage(..)) {
            for &c in &cells {
                due[c].push(k);
            }
        } else if let Some(&last) = cells.iter().max() {
            due[last].push(k);
        }
    }
    let orders: Vec<Vec<u8>> = (0..n * n)
        .map(|_| {
            let mut d: Vec<u8> = (1..=n as u8).collect();
            rng.shuffle(&mut d);
            d
        })
        .collect();
    let mut g = v.givens.clone();
    let mut left = budget;
    fn go(
        v: &Variant,
        due: &[Vec<usize>],
        orders: &[Vec<u8>],
        g: &mut [u8],
        i: usize,
        left: &mut u64,
    ) -> bool {
        if i == g.len() {
            return true;
        }
        let choices = if v.givens[i] != 0 {
            vec![v.givens[i]]
        } else {
            orders[i].clone()
        };
        for d in choices {
            if *left == 0 {
                return false;
            }
            *left -= 1;
            g[i] = d;
            if due[i].iter().all(|&k| partial(&v.rules[k], g, v.n))
                && go(v, due, orders, g, i + 1, left)
            {
                return true;
            }
        }
        g[i] = v.givens[i];
        false
    }
    go(v, &due, &orders, &mut g, 0, &mut left).then_some(g)
}

/// Counts the solutions by brute force, up to `limit`: cells in reading order; a rule of
/// different digits is tested at each of its cells (on the digits placed so far), any other
/// rule once its last cell is filled.
pub fn count(v: &Variant, limit: u64) -> u64 {
    let n = v.n;
    let mut due: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, r) in v.rules.iter().enumerate() {
        let cells = r.cells();
        if matches!(r, Rule::Distinct(_) | Rule::Cage(..)) {
            for &c in &cells {
                due[c].push(k);
            }
        } else if let Some(&last) = cells.iter().max() {
            due[last].push(k);
        }
    }
    let mut g = v.givens.clone();
    let mut found = 0;
    fn go(v: &Variant, due: &[Vec<usize>], g: &mut [u8], i: usize, found: &mut u64, limit: u64) {
        if *found >= limit {
            return;
        }
        if i == g.len() {
            *found += 1;
            return;
        }
        let choices: Vec<u8> = if v.givens[i] != 0 {
            vec![v.givens[i]]
        } else {
            (1..=v.n as u8).collect()
        };
        for d in choices {
            g[i] = d;
            if due[i].iter().all(|&k| partial(&v.rules[k], g, v.n)) {
                go(v, due, g, i + 1, found, limit);
            }
        }
        g[i] = v.givens[i];
    }
    go(v, &due, &mut g, 0, &mut found, limit);
    found
}

/// Whether rule `r` holds on the digits placed so far (0 for an empty cell): a rule of
/// different digits on those placed, any other rule as a whole (called once its last cell is
/// filled).
fn partial(r: &Rule, g: &[u8], n: usize) -> bool {
    {
        match r {
            Rule::Distinct(c) | Rule::Cage(c, _) => {
                let mut seen = 0u64;
                for &k in c {
                    if g[k] == 0 {
                        continue;
                    }
                    let b = 1u64 << g[k];
                    if seen & b != 0 {
                        return false;
                    }
                    seen |= b;
                }
                match r {
                    Rule::Cage(c, s) => {
                        let placed: u32 = c.iter().map(|&k| u32::from(g[k])).sum();
                        let full = c.iter().all(|&k| g[k] != 0);
                        placed <= *s && (!full || placed == *s)
                    }
                    _ => true,
                }
            }
            other => other.holds(g, n),
        }
    }
}
