//! A brute-force reference solver, independent of the dancing links, for testing.
//!
//! It tries every subset of options in a simple depth-first order (include or exclude each
//! option in turn) and checks the XCC rules directly. Exponential: for small problems only.

use crate::problem::{OptionId, Problem};

/// Every solution of `problem`, each as a sorted list of options, the whole list sorted.
///
/// # Panics
/// If the problem has more than 30 options (the search would be too long).
pub fn solutions(problem: &Problem) -> Vec<Vec<OptionId>> {
    assert!(
        problem.option_count() <= 30,
        "the brute-force reference is for small problems"
    );
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    // use[i]: how option entries currently use item i: None, Some(None) = uncolored,
    // Some(Some(c)) = color c (possibly several times).
    let mut uses = vec![(0u32, None); problem.item_count()];
    walk(problem, 0, &mut chosen, &mut uses, &mut out);
    out.sort();
    out
}

fn compatible(problem: &Problem, o: OptionId, uses: &[(u32, Option<u32>)]) -> bool {
    problem.option(o).iter().all(|e| {
        let (count, color) = uses[e.item.index()];
        if count == 0 {
            return true;
        }
        if problem.is_primary(e.item) {
            return false;
        }
        // A secondary item may be shared only by options that all give it the same color.
        matches!((color, e.color), (Some(a), Some(b)) if a == b.0)
    })
}

fn walk(
    problem: &Problem,
    k: usize,
    chosen: &mut Vec<OptionId>,
    uses: &mut Vec<(u32, Option<u32>)>,
    out: &mut Vec<Vec<OptionId>>,
) {
    if k == problem.option_count() {
        if (0..problem.primary_count()).all(|i| uses[i].0 == 1) {
            out.push(chosen.clone());
        }
        return;
    }
    walk(problem, k + 1, chosen, uses, out);
    let o = OptionId(k as u32);
    if compatible(problem, o, uses) {
        for e in problem.option(o) {
            let u = &mut uses[e.item.index()];
            u.0 += 1;
            u.1 = e.color.map(|c| c.0);
        }
        chosen.push(o);
        walk(problem, k + 1, chosen, uses, out);
        chosen.pop();
        for e in problem.option(o) {
            let u = &mut uses[e.item.index()];
            u.0 -= 1;
            if u.0 == 0 {
                u.1 = None;
            }
        }
    }
}

/// Checks that `solution` is a valid solution of `problem`; returns what is wrong if not.
/// Independent of every solver: used to validate their answers.
pub fn check(problem: &Problem, solution: &[OptionId]) -> Result<(), String> {
    let mut uses: Vec<Vec<Option<u32>>> = vec![Vec::new(); problem.item_count()];
    for &o in solution {
        if o.index() >= problem.option_count() {
            return Err(format!("no option {}", o.0));
        }
        for e in problem.option(o) {
            uses[e.item.index()].push(e.color.map(|c| c.0));
        }
    }
    for (i, u) in uses.iter().enumerate() {
        let name = problem.item_name(crate::ItemId(i as u32));
        if i < problem.primary_count() && u.len() != 1 {
            return Err(format!("primary item `{name}` covered {} times", u.len()));
        }
        if u.len() > 1 && (u[0].is_none() || u.iter().any(|c| *c != u[0])) {
            return Err(format!(
                "secondary item `{name}` used by conflicting options"
            ));
        }
    }
    Ok(())
}
