//! Integration tests of `dlx-logic`: soundness (every step against the solution found by
//! search), one known position per chain technique, errors, hints with pencil marks, and the
//! calibration against Sudoku Explainer's ratings.

use std::path::PathBuf;

use dlx_logic::{
    Band, Ladder, LogicError, Options, Scale, Solver, Step, Stop, Technique, explain, hint, rate,
};
use dlx_sudoku::{Grid, Shape, SolveOptions, SolverKind, Symmetry, parse};
use proptest::prelude::*;
use rand::{SeedableRng, seq::SliceRandom};
use rand_chacha::ChaCha8Rng;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs the whole ladder and checks every step against the unique solution, and that
/// `explain` takes the same path.
fn check_sound(grid: &Grid) -> dlx_logic::Explanation {
    let x = check_steps(grid);
    assert_eq!(
        x,
        explain(grid, &Options::default()).unwrap(),
        "explain takes the same path"
    );
    x
}

/// Runs the whole ladder and checks every step against the unique solution.
fn check_steps(grid: &Grid) -> dlx_logic::Explanation {
    let mut solver = Solver::new(grid, &Options::default()).expect("a puzzle with one solution");
    let solution = solver.solution().unwrap();
    let mut steps: Vec<Step> = Vec::new();
    while let Some(step) = solver.next_step() {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "an empty step: {step:?}"
        );
        assert_eq!(
            solver.is_sound(&step),
            Some(true),
            "unsound step on {grid}: {}",
            step.text
        );
        solver.apply(&step);
        steps.push(step);
        assert!(steps.len() < 5000, "no progress on {grid}");
    }
    let end = solver.board().grid();
    assert_eq!(end, solution, "the path did not solve {grid}");
    let rating = dlx_logic::Rating::of(&steps, true);
    dlx_logic::Explanation {
        steps,
        stop: Stop::Solved,
        grid: end,
        rating,
    }
}

/// A random puzzle with one solution: a solved grid, relabelled and permuted, then givens
/// removed in random order while the solution stays unique.
fn random_puzzle(shape: Shape, seed: u64, keep_unique: bool) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // (the dlx solver: the fast one overflows in debug builds on some shapes)
    let solver = if shape.n() == 9 {
        SolverKind::Fast
    } else {
        SolverKind::Dlx
    };
    let solved = dlx_sudoku::solve(&Grid::empty(shape), &SolveOptions::new(solver))
        .solution
        .unwrap();
    let solved = Symmetry::random(shape, &mut rng).apply(&solved);
    let mut grid = solved.clone();
    let mut order: Vec<usize> = (0..grid.cells.len()).collect();
    order.shuffle(&mut rng);
    let stop = if keep_unique {
        order.len()
    } else {
        order.len() * 2 / 3
    };
    for &k in order.iter().take(stop) {
        let d = grid.cells[k];
        grid.cells[k] = 0;
        if keep_unique {
            let r = dlx_sudoku::solve(&grid, &SolveOptions::unique(solver));
            if r.solutions != 1 {
                grid.cells[k] = d;
            }
        }
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn every_step_is_sound_on_random_9x9_puzzles(seed in any::<u64>()) {
        let grid = random_puzzle(Shape::new(3, 3).unwrap(), seed, true);
        let x = check_sound(&grid);
        prop_assert_eq!(x.stop, Stop::Solved);
        prop_assert!(x.rating.complete);
        prop_assert!(x.rating.ed <= x.rating.ep && x.rating.ep <= x.rating.er);
    }

    #[test]
    fn every_step_is_sound_on_other_shapes(seed in any::<u64>(), which in 0usize..4) {
        let shape = [(2, 2), (2, 3), (3, 2), (2, 4)][which];
        let grid = random_puzzle(Shape::new(shape.0, shape.1).unwrap(), seed, true);
        check_sound(&grid);
    }

    #[test]
    fn steps_hold_in_every_solution_of_a_puzzle_with_several(seed in any::<u64>()) {
        let shape = Shape::new(3, 3).unwrap();
        let grid = random_puzzle(shape, seed, false);
        let mut sols = Vec::new();
        struct Keep<'a>(&'a mut Vec<Grid>);
        impl dlx_sudoku::Visitor for Keep<'_> {
            fn solution(&mut self, g: &Grid) -> std::ops::ControlFlow<()> {
                self.0.push(g.clone());
                if self.0.len() >= 50 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
            }
        }
        dlx_sudoku::solve_with(&grid, &SolveOptions { limit: 50, ..SolveOptions::new(SolverKind::Dlx) }, &mut Keep(&mut sols));
        prop_assume!(sols.len() >= 2);
        let mut solver = Solver::from_progress(&grid, None, None, &Options {
            max_technique: Technique::DynamicForcingChains,
            ..Options::default()
        }).unwrap();
        prop_assert!(solver.solution().is_none());
        for _ in 0..300 {
            let Some(step) = solver.next_step() else { break };
            prop_assert!(!matches!(step.technique, Technique::UniqueRectangle1 | Technique::UniqueRectangle2 | Technique::UniqueRectangle4 | Technique::BugPlusOne | Technique::Trial));
            for s in &sols {
                let n = 9;
                for c in &step.placements {
                    prop_assert_eq!(s.cells[c.row * n + c.col], c.digit, "{}", step.text);
                }
                for c in &step.eliminations {
                    prop_assert_ne!(s.cells[c.row * n + c.col], c.digit, "{}", step.text);
                }
            }
            solver.apply(&step);
        }
    }
}

/// Puzzles of a shipped example file: one per line, or one whole grid.
fn example_puzzles(name: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(repo().join("examples/sudoku").join(name)).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    if lines.iter().all(|l| l.len() >= 81) {
        lines.iter().filter_map(|l| parse(l).ok()).collect()
    } else {
        vec![parse(&lines.join("\n")).unwrap()]
    }
}

#[test]
fn every_shipped_example_is_solved_soundly() {
    let mut count = 0;
    for name in [
        "easy-9x9.txt",
        "4x4.txt",
        "6x6.txt",
        "8x8.txt",
        "12x12.txt",
        "16x16.txt",
    ] {
        for g in example_puzzles(name) {
            check_sound(&g);
            count += 1;
        }
    }
    // The sample's first 150 puzzles (17-clue and magictour-top1465). Its last 50, from
    // forum-hardest-1905-11plus (SE 11 and above), each take seconds of nested forcing chains
    // since those are done as Sudoku Explainer does them, and minutes all together;
    // `the_hardest_example_gets_a_complete_path` keeps one of that class.
    let sample = example_puzzles("sample-200.txt");
    let take = if cfg!(debug_assertions) { 40 } else { 150 };
    for g in sample.iter().take(take) {
        check_sound(g);
        count += 1;
    }
    assert!(count >= 46);
}

#[test]
fn the_hardest_example_gets_a_complete_path() {
    // Easter Monster (Sudoku Explainer: 11.6): needs the top of the ladder, rated 11.0 or
    // more as Sudoku Explainer rates it.
    let g = &example_puzzles("hard-9x9.txt")[0];
    let x = check_steps(g);
    assert!(x.rating.er >= 11.0, "{:?}", x.rating);
    assert_eq!(x.rating.band, Band::Extreme);
    assert!(
        x.steps
            .iter()
            .any(|s| s.technique >= Technique::DynamicForcingChainsPlus)
    );
}

#[test]
fn a_forum_hardest_puzzle_needs_no_trial() {
    // every 100th of forum-hardest-1905-11plus: this one once ended with a trial, when the
    // nested level looked inside bivalue cells only
    let g =
        parse("98.7..6..7......9...6.5.....9..4.3...3.........73...5...98...7...85...6......2..1")
            .unwrap();
    let x = check_steps(&g);
    assert!(x.steps.iter().all(|s| s.technique != Technique::Trial));
    assert!(x.rating.er >= 11.0, "{:?}", x.rating);
}

/// The first step of `technique` in the easiest-first path of `puzzle`.
fn first_step(puzzle: &str, technique: Technique) -> Step {
    let x = explain(&parse(puzzle).unwrap(), &Options::default()).unwrap();
    x.steps
        .into_iter()
        .find(|s| s.technique == technique)
        .unwrap_or_else(|| panic!("no {technique:?} in the path of {puzzle}"))
}

fn strings(v: &[dlx_logic::Candidate]) -> Vec<String> {
    v.iter().map(|c| c.to_string()).collect()
}

/// Known positions (from puzzles rated by Sudoku Explainer) where each technique is the
/// easiest step, with the deduction it makes there.
#[test]
fn each_technique_fires_on_a_known_position() {
    let cases: &[(Technique, &str, &[&str], &[&str])] = &[
        (
            Technique::DirectPointing,
            "18...2..3.3......9....46......23..7.8....4.....9.7..8...7..9...39142.8..4..1.....",
            &["r7c7=4"],
            &[],
        ),
        (
            Technique::DirectHiddenPair,
            ".24...9.75....72...83....54..54..8...9.3....1....79.253....4.......13..81........",
            &["r4c1=2"],
            &[],
        ),
        (
            Technique::DirectHiddenTriple,
            "..3...9....5.2.........4..1.9..1...5....874.....3....2..2....185..7..2.4..813....",
            &["r2c8=4"],
            &[],
        ),
        (
            Technique::TurbotFish,
            "9...8.31.........7..7.23.......91428.9.3..........8.....376..4.14..329...7...4...",
            &[],
            &["r2c7=5"],
        ),
        (
            Technique::BugPlusOne,
            "5..........8..3......1......3...6..7.7.98..1.9....4.68....67.9...5..9..1.6..4..85",
            &[],
            &["r1c2=1", "r1c2=9"],
        ),
        (
            Technique::ForcingChain,
            "8....2.4.4.9...1....3.6.....672.3..49........1.497...6...1........3..8....8.47...",
            &[],
            &["r5c8=7"],
        ),
        (
            Technique::CellForcingChains,
            ".2.3.......6..8.9.83.5........2...8.7.9..5........6..4.......1...1...4.22..7..8.9",
            &[],
            &["r7c9=6"],
        ),
        (
            Technique::DynamicForcingChains,
            "8......21..1..95.6.....53...7.4...6.....7...9..2.9....3.86.....1.5.............42",
            &[],
            &["r4c7=8"],
        ),
    ];
    for &(technique, puzzle, place, elim) in cases {
        let s = first_step(puzzle, technique);
        assert_eq!(strings(&s.placements), place, "{technique:?}: {}", s.text);
        assert_eq!(strings(&s.eliminations), elim, "{technique:?}: {}", s.text);
        assert!(s.rating >= technique.base_rating());
        assert!(
            s.text.starts_with(technique.title())
                || s.name().starts_with("Dynamic")
                || technique.family() == dlx_logic::Family::SingleDigit,
            "{}",
            s.text
        );
        if technique >= Technique::XChain {
            assert!(!s.pattern.links.is_empty(), "{technique:?} shows its links");
        }
    }
}

#[test]
fn bad_input_is_an_error_naming_cells() {
    let conflict = parse(
        "55..............................................................................."
            .get(..81)
            .unwrap(),
    )
    .unwrap();
    let e = rate(&conflict).unwrap_err();
    assert!(matches!(e, LogicError::Conflicts(_)));
    assert_eq!(
        e.to_string(),
        "digit 5 at r1c1 repeats r1c2 in row 1 (and 1 more repeats)"
    );
    assert_eq!(e.cells(), vec![(0, 0), (0, 1)]);

    let empty = Grid::empty(Shape::new(3, 3).unwrap());
    let e = rate(&empty).unwrap_err();
    let LogicError::MultipleSolutions { cells } = &e else {
        panic!("{e}")
    };
    assert!(!cells.is_empty());
    assert!(e.to_string().contains("more than one solution"));

    // no conflict among the givens, but no solution: r1c9 can hold nothing
    let none =
        parse("12345678.........9...............................................................")
            .unwrap();
    assert!(dlx_sudoku::check_givens(&none).is_empty());
    assert_eq!(rate(&none).unwrap_err(), LogicError::NoSolution);
}

/// The solver keeps some finders' verdicts from one step to the next (a finder that found
/// nothing searches again only what changed since); at every step of a path, a new solver on
/// the same grid and candidates (nothing kept) must take the same step (26 paths).
#[test]
fn verdicts_kept_across_steps_give_the_steps_of_a_fresh_search() {
    let read = |name: &str| std::fs::read_to_string(repo().join("testdata/sudoku").join(name));
    let c17 = read("17-clue-sample.txt").unwrap();
    let mt = read("magictour-top1465-sample.txt").unwrap();
    let lines = c17.lines().step_by(8).chain(mt.lines().take(1));
    let (mut steps, mut kinds) = (0, std::collections::BTreeSet::new());
    for line in lines {
        let puzzle = parse(line.trim()).unwrap();
        let mut solver = Solver::new(&puzzle, &Options::default()).unwrap();
        while let Some(step) = solver.next_step() {
            let board = solver.board();
            let progress = board.grid();
            let fresh = Solver::from_progress(
                &puzzle,
                Some(&progress),
                Some(board.all_candidates()),
                &Options::default(),
            )
            .unwrap()
            .next_step();
            assert_eq!(fresh.as_ref(), Some(&step), "{line}, step {}", steps + 1);
            kinds.insert(step.technique);
            solver.apply(&step);
            steps += 1;
        }
        assert!(solver.board().is_solved(), "{line}");
    }
    // the finders that keep verdicts ran on boards where they had found nothing before
    for t in [Technique::Skyscraper, Technique::AlignedPairExclusion] {
        assert!(kinds.iter().any(|&k| k > t), "a step harder than {t:?}");
    }
    assert!(steps > 1000, "{steps} steps");
}

/// A silent solver (as ratings use) takes the same steps as one that writes sentences, on
/// both scales, and writes no sentence and no pattern.
#[test]
fn a_silent_solver_takes_the_same_steps_without_sentences() {
    let read = |name: &str| std::fs::read_to_string(repo().join("testdata/sudoku").join(name));
    let c17 = read("17-clue-sample.txt").unwrap();
    let (mut steps, mut bare) = (0, 0);
    for scale in [Scale::Sukaku, Scale::Classic] {
        let ladder = Ladder::of(scale);
        for line in c17.lines().step_by(25) {
            let puzzle = parse(line.trim()).unwrap();
            let loud = Solver::with_ladder(&puzzle, &Options::default(), &ladder)
                .unwrap()
                .run();
            let quiet = Solver::with_ladder(&puzzle, &Options::default(), &ladder)
                .unwrap()
                .silent()
                .run();
            assert_eq!(loud.rating, quiet.rating, "{line}");
            assert_eq!(loud.steps.len(), quiet.steps.len(), "{line}");
            for (a, b) in loud.steps.iter().zip(&quiet.steps) {
                assert_eq!(
                    (a.technique, a.rating, &a.placements, &a.eliminations),
                    (b.technique, b.rating, &b.placements, &b.eliminations),
                    "{line}: {}",
                    a.text
                );
                assert!(!a.text.is_empty(), "{line}");
                // (the rarest techniques still write theirs)
                if b.text.is_empty() {
                    assert!(b.pattern.cells.is_empty() && b.pattern.links.is_empty());
                    bare += 1;
                }
                steps += 1;
            }
        }
    }
    assert!(steps > 300, "{steps} steps");
    assert!(
        bare * 100 >= steps * 95,
        "{bare} of {steps} steps without a sentence"
    );
}

#[test]
fn hints_follow_the_users_grid_and_marks() {
    let puzzle =
        parse("...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...")
            .unwrap();
    let first = hint(&puzzle, None, None).unwrap().unwrap();
    assert_eq!(first.technique, Technique::HiddenSingleBox);
    assert_eq!(first.text, "Hidden single: 1 in box 2 can only go in r1c5");
    assert_eq!(first.hint_text(1), "Look for a hidden single on 1 in box 2");
    assert_eq!(
        first.hint_text(2),
        "Look for a hidden single on 1 in box 2: the cells r1c5"
    );
    assert_eq!(first.hint_text(3), first.text);

    // a wrong digit in the grid in progress is named
    let solution = dlx_sudoku::solve(&puzzle, &SolveOptions::default())
        .solution
        .unwrap();
    let mut progress = puzzle.clone();
    let k = puzzle.cells.iter().position(|&d| d == 0).unwrap();
    progress.cells[k] = solution.cells[k] % 9 + 1;
    let e = hint(&puzzle, Some(&progress), None).unwrap_err();
    assert!(matches!(e, LogicError::WrongDigit { .. }), "{e}");

    // pencil marks that keep only the solution's digit in one cell: a naked single there
    // is not easier than the hidden single, but marks that drop the solution are an error
    let mut marks = vec![u64::MAX; 81];
    marks[k] = 1 << (solution.cells[k] % 9);
    let e = hint(&puzzle, None, Some(&marks)).unwrap_err();
    assert!(matches!(e, LogicError::MarkRemoved { .. }), "{e}");
    marks[k] = 1 << (solution.cells[k] - 1);
    let s = hint(&puzzle, None, Some(&marks)).unwrap().unwrap();
    assert!(s.technique <= Technique::NakedSingle);

    // a solved grid has no hint
    assert!(hint(&puzzle, Some(&solution), None).unwrap().is_none());
}

#[test]
fn steps_serialize_to_json() {
    let g =
        parse("...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...")
            .unwrap();
    let x = explain(&g, &Options::default()).unwrap();
    let v = serde_json::to_value(&x).unwrap();
    assert_eq!(v["stop"], "solved");
    assert_eq!(v["rating"]["band"], "easy");
    assert_eq!(v["steps"][0]["technique"], "hidden_single_box");
    assert_eq!(v["steps"][0]["placements"][0]["digit"], 1);
}

#[test]
fn a_step_budget_stops_the_path() {
    let g =
        parse("...7.6...8...2........9.....861....7.2.4....87.15.9.6.6..271.4.......2...49..8...")
            .unwrap();
    let x = explain(
        &g,
        &Options {
            max_steps: 3,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(x.stop, Stop::Budget);
    assert_eq!(x.steps.len(), 3);
    assert!(!x.rating.complete);
    let stuck = explain(
        &parse("..3.1..7.....4.1.8.....2.6....8....1.753..6......7.9..8.....4...4.18....6.7......")
            .unwrap(),
        &Options {
            max_technique: Technique::XyWing,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(stuck.stop, Stop::Stuck);
}

#[test]
fn a_deadline_stops_the_path_with_sound_steps() {
    let g = &example_puzzles("hard-9x9.txt")[0];
    let past = explain(
        g,
        &Options {
            deadline: Some(std::time::Instant::now()),
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(past.stop, Stop::Deadline);
    assert!(past.steps.is_empty());
    // a deadline met inside the chain levels: the path stops there, what it holds is sound
    let options = Options {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(5)),
        ..Options::default()
    };
    let mut solver = Solver::new(g, &options).unwrap();
    let x = solver.run();
    assert_eq!(x.stop, Stop::Deadline);
    assert!(!x.rating.complete);
    let mut check = Solver::new(g, &Options::default()).unwrap();
    for s in &x.steps {
        assert_eq!(check.is_sound(s), Some(true), "{}", s.text);
        check.apply(s);
    }
}

// ---------------------------------------------------------------------------------------
// Calibration against Sudoku Explainer

struct Figures {
    count: usize,
    spearman: f64,
    within: f64,
    /// Shares of EP and of ED within 0.3 of SE's.
    ep_within: f64,
    ed_within: f64,
}

impl Figures {
    /// Asserts `count` puzzles rated, ranked as SE ranks them (Spearman at least 0.98), ER
    /// within 0.3 of SE's for a share `within` of them, EP and ED for 95%.
    fn assert_close(&self, count: usize, within: f64) {
        assert_eq!(self.count, count);
        assert!(self.spearman >= 0.98, "Spearman {:.3}", self.spearman);
        assert!(self.within >= within, "within 0.3: {:.3}", self.within);
        assert!(
            self.ep_within >= 0.95 && self.ed_within >= 0.95,
            "EP {:.3}, ED {:.3}",
            self.ep_within,
            self.ed_within
        );
    }
}

fn calibrate(path: &std::path::Path) -> Figures {
    let text = std::fs::read_to_string(path).unwrap();
    let mut pairs = Vec::new();
    let (mut ep, mut ed) = (0, 0);
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("puzzle\t") || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let se: f64 = f[2].parse().unwrap();
        let (se_ep, se_ed): (f64, f64) = (f[3].parse().unwrap(), f[4].parse().unwrap());
        let ours = rate(&parse(f[0]).unwrap()).unwrap();
        assert!(ours.complete);
        pairs.push((ours.er, se));
        ep += usize::from((ours.ep - se_ep).abs() <= 0.3001);
        ed += usize::from((ours.ed - se_ed).abs() <= 0.3001);
    }
    let within = pairs
        .iter()
        .filter(|(a, b)| (a - b).abs() <= 0.3001)
        .count();
    let n = pairs.len() as f64;
    Figures {
        count: pairs.len(),
        spearman: dlx_testkit::spearman(&pairs),
        within: within as f64 / n,
        ep_within: ep as f64 / n,
        ed_within: ed as f64 / n,
    }
}

#[test]
fn ratings_agree_with_sudoku_explainer_on_the_sample() {
    // 40 puzzles spanning SE 1.2 to 9.4 (testdata/sudoku/se-rated-sample.tsv).
    // Measured: Spearman 0.999, 37 of 40 within 0.3.
    let f = calibrate(&repo().join("testdata/sudoku/se-rated-sample.tsv"));
    f.assert_close(40, 0.85);
}

#[test]
fn ratings_agree_with_sudoku_explainer_on_the_shared_set() {
    // 180 puzzles rated by SukakuExplainer 1.18.1. Measured: Spearman 0.999, 167 of 180
    // (92.8%) within 0.3.
    let path = repo().join("../shared/data/sudoku/se-rated-calibration.tsv");
    if !path.exists() {
        eprintln!(
            "note: {} is absent; calibration on the shared set skipped",
            path.display()
        );
        return;
    }
    // measured: EP 179 of 180, ED 180 of 180 within 0.3
    calibrate(&path).assert_close(180, 0.88);
}
