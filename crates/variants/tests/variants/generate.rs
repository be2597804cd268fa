//! The variant generator (issue 29): every puzzle is unique by this crate's search and by the
//! test kit's brute force (4x4), its solution passes the test kit's own checker of the
//! f-puzzles file we write, puzzles are minimal, symmetric when asked, reproducible on any
//! number of threads, and bad options or budgets stop with a reason.

use dlx_testkit::variants as kit;
use dlx_variants::generate::{
    GenerateError, GenerateOptions, GenerateRequest, Generated, Kind, StopReason, Symmetry,
    generate, generate_one, parse_kinds,
};
use dlx_variants::{Constraint, Format, Limits, Puzzle, Regions, Verdict, count, parse, write};

fn options(kinds: &str, size: usize, seed: u64, count: u64) -> GenerateOptions {
    GenerateOptions {
        size,
        kinds: parse_kinds(kinds).unwrap(),
        seed,
        count,
        ..GenerateOptions::default()
    }
}

/// Solutions of a puzzle, all of them up to `limit`, by this crate's search.
fn solutions(p: &Puzzle, limit: u64) -> (Verdict, u64) {
    let a = count(
        p,
        &Limits {
            solutions: limit,
            ..Limits::count_all()
        },
    )
    .unwrap();
    (a.verdict, a.count)
}

/// The checks every generated puzzle must pass.
fn check(p: &Generated, brute_force: bool) {
    let n = p.puzzle.size();
    let what = write(&p.puzzle, Format::Text);
    // Unique by the full count (all solutions: no limit of 2).
    let a = count(
        &p.puzzle,
        &Limits {
            keep: 2,
            ..Limits::count_all()
        },
    )
    .unwrap();
    assert_eq!((a.count, a.status.is_complete()), (1, true), "{what}");
    assert_eq!(a.solutions[0], p.solution, "{what}");
    // The givens are the solution's.
    for (g, s) in p.puzzle.givens().iter().zip(&p.solution) {
        assert!(*g == 0 || g == s);
    }
    // The test kit reads the f-puzzles file on its own and checks the solution against it.
    let v = kit::read_fpuzzles(&write(&p.puzzle, Format::FPuzzles)).unwrap();
    kit::check(&v, &p.solution).unwrap_or_else(|e| panic!("{e}\n{what}"));
    if brute_force {
        assert_eq!(kit::count(&v, 2), 1, "brute force\n{what}");
    }
    // Every format reads back: the same rules in ours; in f-puzzles' (where windoku is
    // written as extra regions) the same givens and the one solution.
    for f in [Format::Text, Format::FPuzzles, Format::Link, Format::Json] {
        let back = parse(&write(&p.puzzle, f)).unwrap();
        assert!(back.givens() == p.puzzle.givens(), "{f:?}\n{what}");
        if matches!(f, Format::Text | Format::Json) {
            assert!(back.rules() == p.puzzle.rules(), "{f:?}\n{what}");
        } else {
            let a = dlx_variants::solve(&back, &Limits::default()).unwrap();
            assert!(
                a.verdict == Verdict::Unique && a.solutions[0] == p.solution,
                "{f:?}"
            );
        }
    }
    assert_eq!(
        p.givens,
        p.puzzle.givens().iter().filter(|&&d| d != 0).count()
    );
    assert!(n >= 4);
}

/// Blanking any one given gives a second solution.
fn every_given_needed(p: &Puzzle) {
    let mut givens = p.givens().to_vec();
    for i in 0..givens.len() {
        let d = givens[i];
        if d == 0 {
            continue;
        }
        givens[i] = 0;
        let q = Puzzle::new(p.rules().clone(), givens.clone()).unwrap();
        assert_eq!(
            solutions(&q, 2).0,
            Verdict::Multiple,
            "given {i} not needed"
        );
        givens[i] = d;
    }
}

#[test]
fn every_kind_on_4x4_is_unique_by_brute_force() {
    for kind in [
        "jigsaw",
        "x",
        "windoku",
        "disjoint-groups",
        "killer",
        "killer,x",
    ] {
        let report = generate(&options(kind, 4, 11, 3)).unwrap();
        assert_eq!(report.puzzles.len(), 3, "{kind}: {:?}", report.stop);
        for p in &report.puzzles {
            check(p, true);
            assert!(p.minimal, "{kind}");
            if !kind.starts_with("killer") {
                every_given_needed(&p.puzzle);
            }
        }
    }
}

#[test]
fn every_kind_on_9x9_is_unique_minimal_and_checked() {
    for kind in Kind::ALL {
        if kind == Kind::NonConsecutive {
            continue; // below, on 6x6: its 9x9 proofs take seconds
        }
        let o = GenerateOptions {
            kinds: vec![kind],
            seed: 5,
            ..GenerateOptions::default()
        };
        let p = generate_one(&o, 0).unwrap().unwrap();
        check(&p, false);
        let rules = p.puzzle.rules();
        match kind {
            Kind::Killer => {
                assert_eq!(p.givens, 0);
                assert_eq!(p.cages, rules.constraints().len());
            }
            Kind::Jigsaw => {
                assert!(matches!(rules.regions(), Regions::Jigsaw { .. }));
                assert!(p.givens > 0);
            }
            _ => assert!(p.givens > 0 && p.cages == 0),
        }
        if p.minimal && kind != Kind::Killer {
            every_given_needed(&p.puzzle);
        }
    }
}

#[test]
fn nonconsecutive_and_anti_knight_on_6x6() {
    for kind in ["non-consecutive", "anti-knight", "windoku,jigsaw"] {
        let p = generate_one(&options(kind, 6, 2, 1), 0).unwrap().unwrap();
        check(&p, false);
        assert!(p.minimal);
        every_given_needed(&p.puzzle);
    }
}

#[test]
fn killer_cages_are_connected_distinct_and_cannot_merge() {
    let o = GenerateOptions {
        max_cage: Some(4),
        ..options("killer", 6, 3, 2)
    };
    for p in generate(&o).unwrap().puzzles {
        check(&p, false);
        let n = 6;
        let cages: Vec<Vec<usize>> = p
            .puzzle
            .rules()
            .constraints()
            .iter()
            .map(|c| match c {
                Constraint::Killer { cells, sum } => {
                    let idx: Vec<usize> = cells.iter().map(|c| c.index(n)).collect();
                    let s: u32 = idx.iter().map(|&i| u32::from(p.solution[i])).sum();
                    assert_eq!(*sum, Some(s), "the sum shown is the solution's");
                    assert!(idx.len() <= 4);
                    idx
                }
                other => panic!("{other:?}"),
            })
            .collect();
        // Every cell in one cage.
        let mut all: Vec<usize> = cages.concat();
        all.sort_unstable();
        assert_eq!(all, (0..n * n).collect::<Vec<_>>());
        // Minimal: no two neighbouring cages that could be one keep one solution as one.
        assert!(p.minimal);
        let touch = |a: &[usize], b: &[usize]| {
            a.iter().any(|&i| {
                b.iter()
                    .any(|&j| (i / n == j / n && i.abs_diff(j) == 1) || i.abs_diff(j) == n)
            })
        };
        for a in 0..cages.len() {
            for b in a + 1..cages.len() {
                let union: Vec<usize> = cages[a].iter().chain(&cages[b]).copied().collect();
                let mut digits: Vec<u8> = union.iter().map(|&i| p.solution[i]).collect();
                digits.sort_unstable();
                digits.dedup();
                if union.len() > 4 || digits.len() < union.len() || !touch(&cages[a], &cages[b]) {
                    continue;
                }
                let mut cs: Vec<Constraint> = Vec::new();
                for (k, c) in p.puzzle.rules().constraints().iter().enumerate() {
                    if k != a && k != b {
                        cs.push(c.clone());
                    }
                }
                cs.push(Constraint::Killer {
                    cells: union
                        .iter()
                        .map(|&i| dlx_variants::Cell::at(i, n))
                        .collect(),
                    sum: Some(union.iter().map(|&i| u32::from(p.solution[i])).sum()),
                });
                let rules = dlx_variants::Rules::new(n, None, cs).unwrap();
                let q = Puzzle::new(rules, vec![0; n * n]).unwrap();
                assert_eq!(solutions(&q, 2).0, Verdict::Multiple, "cages {a} and {b}");
            }
        }
    }
}

#[test]
fn symmetric_givens_when_asked() {
    for s in [Symmetry::Rotate180, Symmetry::Dihedral, Symmetry::Diagonal] {
        let o = GenerateOptions {
            symmetry: s,
            ..options("x", 6, 9, 2)
        };
        let r = generate(&o).unwrap();
        for p in &r.puzzles {
            check(p, false);
            assert!(s.holds_givens(p.puzzle.givens(), 6), "{s}");
        }
    }
    // Without a symmetry the givens are not symmetric (so the check above can fail).
    let p = generate_one(&options("anti-king", 9, 1, 1), 0)
        .unwrap()
        .unwrap();
    assert!(!Symmetry::Rotate180.holds_givens(p.puzzle.givens(), 9));
}

#[test]
fn same_seed_same_puzzles_on_any_threads() {
    let o = options("killer,jigsaw", 6, 42, 6);
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| generate(&o).unwrap().puzzles)
    };
    let one = run(1);
    assert_eq!(one.len(), 6);
    assert_eq!(run(2), one);
    assert_eq!(generate_one(&o, 4).unwrap().unwrap(), one[4]);
    let other = generate(&GenerateOptions {
        seed: 43,
        ..o.clone()
    })
    .unwrap()
    .puzzles;
    assert_ne!(other, one);
    for p in &one {
        check(p, false);
    }
}

#[test]
fn budgets_and_bad_options_stop_with_a_reason() {
    let o = GenerateOptions {
        time_limit: Some(std::time::Duration::ZERO),
        ..options("killer", 9, 1, 3)
    };
    let r = generate(&o).unwrap();
    assert_eq!((r.puzzles.len(), r.stop), (0, Some(StopReason::Time)));
    // One node per proof: proofs cut short split cages until the puzzle is proven without a
    // search (singles); it is unique, and not reported minimal (its merges were cut short).
    let o = GenerateOptions {
        search_budget: Some(1),
        attempts_per_puzzle: 2,
        ..options("killer", 9, 1, 1)
    };
    let r = generate(&o).unwrap();
    match (r.puzzles.first(), r.stop) {
        (Some(p), None) => {
            check(p, false);
            assert!(!p.minimal);
        }
        (None, Some(StopReason::Attempts { index: 0 })) => {}
        other => panic!("{other:?}"),
    }
    let bad = |o: GenerateOptions| generate(&o).unwrap_err();
    assert!(matches!(
        bad(GenerateOptions {
            symmetry: Symmetry::Rotate180,
            ..options("killer", 9, 1, 1)
        }),
        GenerateError::Symmetry(_)
    ));
    assert!(matches!(
        bad(options("windoku", 7, 1, 1)),
        GenerateError::Rules { .. }
    ));
    assert!(matches!(
        bad(GenerateOptions {
            max_cage: Some(1),
            ..options("killer", 9, 1, 1)
        }),
        GenerateError::MaxCage { .. }
    ));
    // Rules no 4x4 grid satisfies are refused at once.
    assert!(matches!(
        bad(options("anti-king", 4, 1, 1)),
        GenerateError::NoGrid { .. }
    ));
    // A prime size is fine with jigsaw regions.
    let p = generate_one(&options("jigsaw", 5, 1, 1), 0)
        .unwrap()
        .unwrap();
    check(&p, true);
}

#[test]
fn the_request_names_the_field_at_fault() {
    let field = |json: &str| {
        serde_json::from_str::<GenerateRequest>(json)
            .unwrap()
            .options()
            .unwrap_err()
            .field
    };
    assert_eq!(field(r#"{"variant": "sudoku-x"}"#), "variant");
    assert_eq!(field(r#"{"variant": "x,x"}"#), "variant");
    assert_eq!(field(r#"{"variant": "x", "size": 17}"#), "size");
    assert_eq!(
        field(r#"{"variant": "x", "symmetry": "spiral"}"#),
        "symmetry"
    );
    assert_eq!(field(r#"{"variant": "x", "max_cage": 3}"#), "max_cage");
    assert_eq!(
        field(r#"{"variant": "killer", "max_cage": 12}"#),
        "max_cage"
    );
    assert_eq!(field(r#"{"variant": "killer", "count": 0}"#), "count");
    // Unknown fields are refused, never ignored (`band` is known: the faces with the logic
    // read it).
    assert!(
        serde_json::from_str::<GenerateRequest>(r#"{"variant": "x", "rating": "hard"}"#).is_err()
    );
    assert!(serde_json::from_str::<GenerateRequest>(r#"{"variant": "x", "band": "hard"}"#).is_ok());
    let o = serde_json::from_str::<GenerateRequest>(r#"{"variant": "Anti_Knight+x", "seed": 4}"#)
        .unwrap()
        .options()
        .unwrap();
    assert_eq!((o.kinds, o.seed), (vec![Kind::AntiKnight, Kind::X], 4));
}
