//! The f-puzzles samples: each reads, solves to its answer (or to its number of solutions),
//! every solution passes the test kit's independent checker, and each survives the round trips
//! through f-puzzles JSON, links, our JSON and our text format. The small copy in
//! `testdata/variants` always runs; the 78 shared samples run when `../shared` is present.

use std::path::Path;

use dlx_testkit::variants as kit;
use dlx_variants::{
    Algorithm, Format, Limits, Puzzle, Verdict, grid_line, lower, parse, parse_as, search, write,
};

struct Sample {
    file: String,
    family: String,
    /// 1, an exact count, or `None` for more than 1000.
    solutions: Option<u64>,
    answer: String,
    text: String,
}

fn samples(dir: &Path) -> Vec<Sample> {
    let answers = std::fs::read_to_string(dir.join("answers.tsv")).unwrap();
    answers
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Sample {
                file: f[0].to_string(),
                family: f[1].to_string(),
                solutions: f[3].parse().ok(),
                answer: f[4].to_string(),
                text: std::fs::read_to_string(dir.join("puzzles").join(f[0])).unwrap(),
            }
        })
        .collect()
}

/// Solves one sample and checks everything said above; returns its family.
fn check_sample(s: &Sample) -> String {
    let puzzle = parse(&s.text).unwrap_or_else(|e| panic!("{}: {e}", s.file));
    let reference = kit::read_fpuzzles(&s.text).unwrap();
    let limits = match s.solutions {
        Some(1) => Limits::default(),
        Some(k) => Limits {
            solutions: 0,
            keep: k as usize,
            ..Limits::default()
        },
        None => Limits {
            solutions: 1001,
            keep: 20,
            ..Limits::default()
        },
    };
    let enc = lower(&puzzle).unwrap();
    let a = search(&enc, &limits);
    match s.solutions {
        Some(1) => {
            assert_eq!(a.verdict, Verdict::Unique, "{}", s.file);
            assert_eq!(grid_line(&a.solutions[0]), s.answer, "{}", s.file);
        }
        Some(k) => {
            assert!(a.status.is_complete(), "{}", s.file);
            assert_eq!(a.count, k, "{}", s.file);
        }
        None => assert!(a.count > 1000, "{}: {} solutions", s.file, a.count),
    }
    for g in &a.solutions {
        kit::check(&reference, g).unwrap_or_else(|e| panic!("{}: {e}", s.file));
        assert!(puzzle.is_solution(g), "{}", s.file);
    }
    // The solutions are different grids.
    let mut lines: Vec<String> = a.solutions.iter().map(|g| grid_line(g)).collect();
    lines.sort();
    lines.dedup();
    assert_eq!(lines.len(), a.solutions.len(), "{}", s.file);
    round_trips(&puzzle, &s.file);
    s.family.clone()
}

fn round_trips(p: &Puzzle, file: &str) {
    for f in [Format::FPuzzles, Format::Link, Format::Json, Format::Text] {
        let text = write(p, f);
        let back = parse_as(&text, f).unwrap_or_else(|e| panic!("{file} as {f:?}: {e}\n{text}"));
        assert_eq!(&back, p, "{file} through {f:?}");
        // And detected without being told.
        assert_eq!(&parse(&text).unwrap(), p, "{file} detected as {f:?}");
    }
}

#[test]
fn the_small_copy_covers_every_family() {
    let all = samples(&dlx_testkit::testdata("variants"));
    let mut families: Vec<String> = all.iter().map(check_sample).collect();
    families.sort();
    families.dedup();
    assert_eq!(families.len(), 18, "{families:?}");
}

#[test]
fn every_shared_sample_solves_to_its_answer() {
    let Some(dir) = dlx_testkit::shared("variants") else {
        return;
    };
    let all = samples(&dir);
    assert_eq!(all.len(), 78);
    for s in &all {
        check_sample(s);
    }
}

/// Counts agree across thread counts, both algorithms and with or without the propagator.
#[test]
fn counts_agree_across_threads_algorithms_and_pruning() {
    for s in samples(&dlx_testkit::testdata("variants")) {
        let Some(k) = s.solutions else { continue };
        if k < 2 {
            continue;
        }
        let puzzle = parse(&s.text).unwrap();
        let plain = dlx_variants::lower_with(
            &puzzle,
            &dlx_variants::Tuning {
                prune: false,
                ..Default::default()
            },
        )
        .unwrap();
        let pruned = lower(&puzzle).unwrap();
        for enc in [&plain, &pruned] {
            for algorithm in [Algorithm::Links, Algorithm::Cells] {
                for threads in [1, 2, 3] {
                    let a = search(
                        enc,
                        &Limits {
                            threads,
                            algorithm,
                            ..Limits::count_all()
                        },
                    );
                    assert!(a.status.is_complete());
                    assert_eq!(a.count, k, "{} {algorithm:?} {threads} threads", s.file);
                }
            }
        }
    }
}

/// A solution limit stops the search there, on any number of threads.
#[test]
fn stop_at_n() {
    let s = samples(&dlx_testkit::testdata("variants"))
        .into_iter()
        .find(|s| s.solutions.is_none())
        .unwrap();
    let puzzle = parse(&s.text).unwrap();
    for threads in [1, 2] {
        let a = dlx_variants::count(
            &puzzle,
            &Limits {
                solutions: 37,
                threads,
                ..Limits::count_all()
            },
        )
        .unwrap();
        assert_eq!(a.count, 37);
        assert_eq!(a.status, dlx_variants::Status::Stopped);
        assert_eq!(a.verdict, Verdict::Multiple);
    }
}

/// Budgets stop the search and say so.
#[test]
fn budgets_stop_the_search() {
    let s = samples(&dlx_testkit::testdata("variants"))
        .into_iter()
        .find(|s| s.file.starts_with("nonconsecutive"))
        .unwrap();
    let puzzle = parse(&s.text).unwrap();
    let a = dlx_variants::solve(
        &puzzle,
        &Limits {
            node_budget: Some(50),
            ..Limits::default()
        },
    )
    .unwrap();
    assert_eq!(a.status, dlx_variants::Status::NodeBudget);
    assert_eq!(a.stats.nodes, 50);
    assert_eq!(a.verdict, Verdict::Incomplete);
    let a = dlx_variants::solve(
        &puzzle,
        &Limits::default().with_time_limit(std::time::Duration::ZERO),
    )
    .unwrap();
    assert!(matches!(
        a.status,
        dlx_variants::Status::Deadline | dlx_variants::Status::Complete
    ));
}

/// A trace ends at the solution, and its last grid is the answer.
#[test]
fn traces_reach_the_solution() {
    for s in samples(&dlx_testkit::testdata("variants")) {
        if s.solutions != Some(1) || s.file.starts_with("nonconsecutive") {
            continue;
        }
        let puzzle = parse(&s.text).unwrap();
        let t = dlx_variants::trace(&puzzle, 1_000_000, 1, &Limits::default()).unwrap();
        assert_eq!(t.solutions, 1, "{}", s.file);
        let last = t.steps.last().unwrap();
        assert_eq!(last.kind, dlx_engine::StepKind::Solution, "{}", s.file);
        assert_eq!(last.grid, s.answer, "{}", s.file);
        assert!(!t.truncated);
    }
}

/// Knuth's format of the problem reads back with the same items and options, plus one item
/// and option for each digit settled while lowering (`g` + row + column + digit), so that its
/// solutions are the puzzle's even when lowering settles every cell.
#[test]
fn the_problem_writes_in_knuths_format() {
    let mut settled_all = 0;
    for s in samples(&dlx_testkit::testdata("variants"))
        .iter()
        .filter(|s| s.solutions == Some(1))
    {
        let puzzle = parse(&s.text).unwrap();
        // The file has every item, those a lean problem leaves to the propagator too: it is
        // the problem lowered with them all.
        let enc = dlx_variants::lower_with(
            &puzzle,
            &dlx_variants::Tuning {
                lean: false,
                ..Default::default()
            },
        )
        .unwrap();
        let settled = enc.fixed().iter().filter(|&&d| d != 0).count();
        settled_all += usize::from(enc.problem.item_count() == 0);
        let text = enc.to_knuth(Some(&s.file));
        assert_eq!(lower(&puzzle).unwrap().to_knuth(Some(&s.file)), text);
        let (back, _) = dlx_engine::format::parse(&text).unwrap();
        // Knuth's programs (DLX2, SSXCC) take item names of at most 8 characters and
        // one-character colors.
        for k in 0..back.item_count() {
            let name = back.item_name(dlx_engine::ItemId(k as u32));
            assert!(name.len() <= 8, "{}: item {name}", s.file);
        }
        for k in 0..back.color_count() {
            let c = back.color_name(dlx_engine::ColorId(k as u32));
            assert_eq!(c.chars().count(), 1, "{}: color {c}", s.file);
        }
        assert_eq!(back.item_count(), enc.problem.item_count() + settled);
        assert_eq!(back.option_count(), enc.problem.option_count() + settled);
        // Without the propagator, the same solutions; the settled digits are in each.
        let mut found = Vec::new();
        let mut links =
            <dlx_engine::Links as dlx_engine::Search>::new(&back, dlx_engine::Config::default());
        let (a, _) = dlx_engine::Search::collect(&mut links, 2);
        for options in &a {
            found.push(
                options
                    .iter()
                    .map(|&o| back.display_option(o).to_string())
                    .filter(|t| t.starts_with('g'))
                    .count(),
            );
        }
        assert_eq!(a.len(), 1, "{}", s.file);
        assert_eq!(found, vec![settled], "{}", s.file);
        let n = enc.fixed().len().isqrt();
        for options in &a {
            for o in options {
                let t = back.display_option(*o).to_string();
                if let Some(rest) = t.strip_prefix('g') {
                    let v: Vec<usize> = rest
                        .chars()
                        .map(|c| c.to_digit(36).unwrap() as usize)
                        .collect();
                    let want = s.answer.as_bytes()[v[0] * n + v[1]];
                    assert_eq!(
                        dlx_variants::puzzle::symbol(v[2] as u8) as u8,
                        want,
                        "{}: {t}",
                        s.file
                    );
                }
            }
        }
    }
    assert!(
        settled_all > 0,
        "a sample settled while lowering is written too"
    );
}

/// The other encoding choices give the same answers: cages lowered as their fillings, sums
/// split into chains, thermometers with pairwise items, no unit propagation, every item kept.
#[test]
fn every_encoding_choice_gives_the_same_answers() {
    let choices = [
        dlx_variants::Tuning {
            group_limit: 2000,
            ..Default::default()
        },
        dlx_variants::Tuning {
            fill_limit: 10,
            chunk_limit: 50,
            thermo_pairs: true,
            ..Default::default()
        },
        dlx_variants::Tuning {
            propagate: false,
            ..Default::default()
        },
        // Every item in the problem, even those the propagator holds.
        dlx_variants::Tuning {
            lean: false,
            ..Default::default()
        },
    ];
    for s in samples(&dlx_testkit::testdata("variants")) {
        if s.solutions != Some(1) || s.file.starts_with("nonconsecutive") {
            continue;
        }
        let puzzle = parse(&s.text).unwrap();
        for t in &choices {
            let a = search(
                &dlx_variants::lower_with(&puzzle, t).unwrap(),
                &Limits::default(),
            );
            assert_eq!(a.verdict, Verdict::Unique, "{} {t:?}", s.file);
            assert_eq!(grid_line(&a.solutions[0]), s.answer, "{} {t:?}", s.file);
        }
    }
}
