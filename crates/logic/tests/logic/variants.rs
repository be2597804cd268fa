//! Variant Sudoku solved by logic (issue 29): every step of every path agrees with the unique
//! solution found by search, on the shipped samples of every family, the shared ones when
//! present, and random puzzles of every family the variant generator makes; the families'
//! own techniques fire; houses are named as the rules name them.

use std::collections::HashSet;

use dlx_logic::{Options, Solver, Step, Technique};
use dlx_variants::Puzzle;
use dlx_variants::generate::{GenerateOptions, Kind, generate};

/// The ladder up to the dynamic forcing chains (the nested levels take seconds a step on the
/// hardest samples; the test checks soundness, not ratings).
fn options() -> Options {
    Options {
        max_technique: Technique::DynamicForcingChainsPlus,
        ..Options::default()
    }
}

/// Walks the path of `puzzle`, checking every step against the solution (and against the
/// independent checker of the test kit at the end): the steps taken.
fn walk(name: &str, puzzle: &Puzzle, options: &Options) -> Vec<Step> {
    let mut s = Solver::for_variant(puzzle, None, None, options, &Default::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let solution = s.solution().expect("one solution").cells;
    assert!(puzzle.is_solution(&solution), "{name}");
    let mut steps = Vec::new();
    while let Some(step) = s.next_step() {
        assert_eq!(
            s.is_sound(&step),
            Some(true),
            "{name}: step {} is wrong: {}",
            steps.len() + 1,
            step.text
        );
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "{name}: an empty step: {}",
            step.text
        );
        s.apply(&step);
        steps.push(step);
        assert!(steps.len() < 2_000, "{name}: no end");
    }
    let grid = s.board().grid();
    for (k, (&v, &x)) in grid.cells.iter().zip(&solution).enumerate() {
        assert!(v == 0 || v == x, "{name}: cell {k} holds {v}, not {x}");
    }
    steps
}

fn read(path: &std::path::Path) -> Option<Puzzle> {
    let text = std::fs::read_to_string(path).ok()?;
    dlx_variants::parse(&text).ok()
}

/// The unique puzzles of a folder of f-puzzles files (those named `multi-*` have several
/// solutions).
fn samples(dir: &std::path::Path) -> Vec<(String, Puzzle)> {
    let mut v: Vec<(String, Puzzle)> = std::fs::read_dir(dir)
        .expect("a folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .filter(|p| {
            !p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("multi-"))
        })
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            Some((name, read(&p)?))
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn every_step_on_the_shipped_samples_is_sound_and_each_family_uses_its_techniques() {
    let dir = dlx_testkit::testdata("variants/puzzles");
    let all = samples(&dir);
    assert!(all.len() >= 15, "{} samples", all.len());
    let mut used: Vec<(String, HashSet<Technique>, Vec<String>)> = Vec::new();
    for (name, p) in &all {
        let steps = walk(name, p, &options());
        used.push((
            name.clone(),
            steps.iter().map(|s| s.technique).collect(),
            steps.iter().map(|s| s.text.clone()).collect(),
        ));
    }
    let uses = |file: &str, t: Technique| {
        let (_, set, _) = used
            .iter()
            .find(|(n, _, _)| n == file)
            .unwrap_or_else(|| panic!("no sample {file}"));
        assert!(set.contains(&t), "{file} does not use {t:?}: {set:?}");
    };
    uses("killer-03.json", Technique::CageCombination);
    uses("killer-03.json", Technique::RuleOf45);
    uses("killer-03.json", Technique::HouseCages);
    uses("6x6-killer-01.json", Technique::CageCombination);
    uses("thermo-02.json", Technique::Thermometer);
    uses("arrow-01.json", Technique::ArrowSum);
    uses("little-killer-03.json", Technique::LittleKillerSum);
    uses("sandwich-01.json", Technique::SandwichSum);
    uses("kropki-02.json", Technique::PairClue);
    uses("xv-04.json", Technique::PairClue);
    uses("nonconsecutive-03.json", Technique::NegativeRule);
    uses("nonconsecutive-03.json", Technique::LockedNegative);
    uses("even-odd-01.json", Technique::EvenOdd);
    // houses named as the rules name them
    let says = |file: &str, words: &str| {
        let (_, _, texts) = used.iter().find(|(n, _, _)| n == file).expect("a sample");
        assert!(
            texts.iter().any(|t| t.contains(words)),
            "{file}: no step says `{words}`"
        );
    };
    says("classic-irregular-01.json", "in region ");
    says("windoku-01.json", "extra region "); // its windows are f-puzzles extra regions
    says("disjoint-groups-02.json", "disjoint group ");
    says("x-01.json", "diagonal");
    // the rule of 45 with innies and outies at once; the cages inside a house
    says("killer-03.json", "add up to the outies");
    says(
        "killer-03.json",
        "and the other cells hold every digit once",
    );
}

#[test]
fn every_step_on_the_shared_samples_is_sound() {
    let Some(dir) = dlx_testkit::shared("variants/puzzles") else {
        return;
    };
    let all = samples(&dir);
    assert!(all.len() >= 70, "{} samples", all.len());
    // on every core: a worker takes the next sample until none is left
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some((name, p)) =
                    all.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    walk_sample(name, p);
                }
            });
        }
    });
}

fn walk_sample(name: &str, p: &Puzzle) {
    if name != "nonconsecutive-01.json" {
        walk(name, p, &options());
    } else {
        // the whole path (its trial steps are checked against the solution too), with
        // the variant forcing chains' region form (every place of a digit in a house)
        let all = Options {
            max_technique: Technique::Trial,
            ..Options::default()
        };
        let steps = walk(name, p, &all);
        assert!(
            steps
                .iter()
                .any(|s| s.technique == Technique::VariantForcingChain
                    && s.chain == Some(dlx_logic::ChainKind::Region)),
            "{name}: no region forcing chain through the clues"
        );
    }
}

#[test]
fn a_killer_without_givens_is_solved_by_forcing_chains_with_locked_sets_inside() {
    // the shipped killer that took two trial steps before the forcing chains (variant, +)
    let path = dlx_testkit::testdata("variants/puzzles/killer-03.json");
    let p = read(&path).expect("the sample");
    let all = Options {
        max_technique: Technique::Trial,
        ..Options::default()
    };
    let steps = walk("killer-03", &p, &all);
    assert!(steps.iter().all(|s| s.technique != Technique::Trial));
    assert!(
        steps
            .iter()
            .any(|s| s.technique == Technique::VariantForcingChainPlus)
    );
}

#[test]
fn random_puzzles_of_every_family_are_explained_soundly() {
    for kind in Kind::ALL {
        for size in [6, 9] {
            if size == 9 && kind == Kind::Killer {
                continue; // below, with fewer cells per cage
            }
            let report = generate(&GenerateOptions {
                size,
                kinds: vec![kind],
                seed: 29,
                count: if size == 6 { 3 } else { 1 },
                ..GenerateOptions::default()
            })
            .unwrap_or_else(|e| panic!("{kind:?} {size}: {e}"));
            assert!(!report.puzzles.is_empty(), "{kind:?} {size}: none made");
            for g in &report.puzzles {
                let name = format!("{kind:?} {size}x{size} #{}", g.index);
                let steps = walk(&name, &g.puzzle, &options());
                assert!(!steps.is_empty(), "{name}");
            }
        }
    }
    let report = generate(&GenerateOptions {
        size: 9,
        kinds: vec![Kind::Killer],
        seed: 29,
        count: 2,
        ..GenerateOptions::default()
    })
    .expect("killer puzzles");
    for g in &report.puzzles {
        let steps = walk(&format!("killer 9x9 #{}", g.index), &g.puzzle, &options());
        assert!(
            steps
                .iter()
                .any(|s| s.technique == Technique::CageCombination)
        );
    }
}

#[test]
fn a_variant_without_constraints_is_explained_as_the_classic_grid() {
    // the same steps, word for word, as the classic solver (uniqueness techniques off: the
    // variant path never uses them)
    let lines = std::fs::read_to_string(dlx_testkit::testdata("sudoku/se-rated-sample.tsv"))
        .expect("the SE sample");
    let mut done = 0;
    for line in lines.lines().filter(|l| !l.starts_with('#')).take(12) {
        let text = line.split_whitespace().next().expect("a puzzle");
        let Ok(grid) = dlx_sudoku::parse(text) else {
            continue;
        };
        let options = Options {
            uniqueness: false,
            ..options()
        };
        let classic = dlx_logic::explain(&grid, &options).expect("a puzzle");
        let rules = dlx_variants::Rules::new(9, None, Vec::new()).expect("rules");
        let puzzle = Puzzle::new(rules, grid.cells.clone()).expect("a puzzle");
        let variant =
            dlx_logic::explain_variant(&puzzle, &options, &Default::default()).expect("a puzzle");
        assert_eq!(classic.steps.len(), variant.steps.len(), "{text}");
        for (a, b) in classic.steps.iter().zip(&variant.steps) {
            assert_eq!(a.text, b.text, "{text}");
            assert_eq!(a.rating, b.rating, "{text}");
            assert_eq!(a.pattern, b.pattern, "{text}");
        }
        done += 1;
    }
    assert!(done >= 10);
}

#[test]
fn jigsaw_regions_are_drawn_as_areas_and_hints_work_on_progress() {
    let p = read(&dlx_testkit::testdata(
        "variants/puzzles/classic-irregular-01.json",
    ))
    .expect("the jigsaw sample");
    let path = dlx_logic::explain_variant(&p, &options(), &Default::default()).expect("a path");
    let step = path
        .steps
        .iter()
        .find(|s| s.text.contains("in region "))
        .expect("a step in a region");
    assert!(
        step.pattern
            .areas
            .iter()
            .any(|a| a.name.starts_with("region ") && a.cells.len() == 9),
        "{:?}",
        step.pattern
    );
    assert!(
        !step
            .pattern
            .houses
            .iter()
            .any(|h| matches!(h, dlx_sudoku::House::Box(_))),
        "a jigsaw step shows no box"
    );
    // a hint on the grid after the first ten steps is the eleventh step
    let mut s = Solver::for_variant(&p, None, None, &options(), &Default::default()).unwrap();
    for st in &path.steps[..10] {
        s.apply(st);
    }
    let progress = s.board().grid().cells;
    let hint = dlx_logic::hint_variant(&p, Some(&progress), Some(s.board().all_candidates()))
        .expect("a hint")
        .expect("a step");
    assert_eq!(hint.text, path.steps[10].text);
    // a wrong digit in the progress is named
    let sol = s.solution().unwrap().cells;
    let mut wrong = p.givens().to_vec();
    let k = (0..81).find(|&k| wrong[k] == 0).unwrap();
    wrong[k] = sol[k] % 9 + 1;
    let e = dlx_logic::hint_variant(&p, Some(&wrong), None).unwrap_err();
    assert!(
        matches!(
            e,
            dlx_logic::LogicError::WrongDigit { .. } | dlx_logic::LogicError::NoSolution
        ),
        "{e}"
    );
}

#[test]
fn rated_variant_generation_lands_in_its_range_and_walks_soundly() {
    use dlx_variants::generate::RatingFilter;
    for (kind, lo, hi) in [(Kind::X, 1.0, 2.0), (Kind::Windoku, 1.0, 2.0)] {
        let wanted = GenerateOptions {
            size: 6,
            kinds: vec![kind],
            seed: 11,
            count: 2,
            rating: Some(RatingFilter::new(
                move |p| dlx_logic::rate_variant_below(p, hi),
                lo,
                hi,
            )),
            ..GenerateOptions::default()
        };
        let report = generate(&wanted).unwrap();
        assert_eq!(report.puzzles.len(), 2, "{kind:?}");
        for p in &report.puzzles {
            let er = dlx_logic::rate_variant(&p.puzzle).unwrap().er;
            assert!((lo..=hi).contains(&er), "{kind:?}: ER {er}");
            // the capped rater agrees with the full rating inside the range
            assert_eq!(dlx_logic::rate_variant_below(&p.puzzle, hi), Some(er));
            walk(&format!("{kind:?}"), &p.puzzle, &options());
        }
        // the same seed, the same puzzles
        let again = generate(&wanted).unwrap();
        assert_eq!(again.puzzles, report.puzzles);
    }
}
