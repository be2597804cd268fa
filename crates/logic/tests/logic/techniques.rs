//! The technique table's promises, on real positions: every technique fires with its exact
//! placements and eliminations (found as the first step of the technique in a puzzle's
//! easiest-first path, on a scale or a set of techniques), and a ladder capped at a technique
//! never returns a harder one (issue 30).

use dlx_logic::{Ladder, Options, Scale, Solver, Step, Technique, TechniqueSet, explain_with};
use dlx_sudoku::parse;

/// Singles, intersections, subsets and basic fish: the techniques under the patterns the
/// extra techniques compete with.
const BASIC: &str = "full_house,hidden_single_box,hidden_single_line,direct_pointing,direct_claiming,direct_hidden_pair,naked_single,direct_hidden_triple,pointing,claiming,naked_pair,x_wing,hidden_pair,naked_triple,swordfish,hidden_triple";

struct Case {
    technique: Technique,
    scale: Scale,
    techniques: Option<&'static str>,
    puzzle: &'static str,
    placements: &'static [&'static str],
    eliminations: &'static [&'static str],
}

fn case(
    technique: Technique,
    scale: Scale,
    techniques: Option<&'static str>,
    puzzle: &'static str,
    placements: &'static [&'static str],
    eliminations: &'static [&'static str],
) -> Case {
    Case {
        technique,
        scale,
        techniques,
        puzzle,
        placements,
        eliminations,
    }
}

fn ladder(scale: Scale, techniques: Option<&str>) -> Ladder {
    Ladder {
        scale,
        techniques: techniques
            .map(|t| TechniqueSet::parse(&t.replace("BASIC", BASIC)).expect("technique names")),
    }
}

/// The first step of `technique` in the path of `puzzle` on `ladder` (the path stops there).
fn first_step(puzzle: &str, ladder: &Ladder, technique: Technique) -> Step {
    let grid = parse(puzzle).unwrap();
    let mut solver = Solver::with_ladder(&grid, &Options::default(), ladder).unwrap();
    for _ in 0..500 {
        let step = solver
            .next_step()
            .unwrap_or_else(|| panic!("no {technique:?} in the path of {puzzle}"));
        assert_eq!(solver.is_sound(&step), Some(true), "{}", step.text);
        if step.technique == technique {
            return step;
        }
        solver.apply(&step);
    }
    panic!("no {technique:?} in 500 steps of {puzzle}")
}

fn strings(v: &[dlx_logic::Candidate]) -> Vec<String> {
    v.iter().map(|c| c.to_string()).collect()
}

fn cases() -> Vec<Case> {
    vec![
        case(
            Technique::FullHouse,
            Scale::Sukaku,
            None,
            "....7.....4...196...3..8..7...5.4...9...3...17......39.19.5..2....6...7....8..5..",
            &["r2c5=2"],
            &[],
        ),
        case(
            Technique::HiddenSingleBox,
            Scale::Sukaku,
            None,
            "....7.....4...196...3..8..7...5.4...9...3...17......39.19.5..2....6...7....8..5..",
            &["r2c3=7"],
            &[],
        ),
        case(
            Technique::HiddenSingleLine,
            Scale::Sukaku,
            None,
            "....7.....4...196...3..8..7...5.4...9...3...17......39.19.5..2....6...7....8..5..",
            &["r8c5=4"],
            &[],
        ),
        case(
            Technique::DirectPointing,
            Scale::Sukaku,
            None,
            "........1.....2.....3....45.....62....5.4.....7......8...51....28....6..9........",
            &["r4c4=8"],
            &[],
        ),
        case(
            Technique::DirectHiddenPair,
            Scale::Sukaku,
            None,
            "....7.....4...196...3..8..7...5.4...9...3...17......39.19.5..2....6...7....8..5..",
            &["r4c8=8"],
            &[],
        ),
        case(
            Technique::NakedSingle,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &["r5c3=1"],
            &[],
        ),
        case(
            Technique::DirectHiddenTriple,
            Scale::Sukaku,
            None,
            "92.3.......3...6.94.7.......6.....8...9..47.....2..1...1.7.........4...2...63..5.",
            &["r5c2=3"],
            &[],
        ),
        case(
            Technique::Pointing,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r7c8=2", "r9c8=2"],
        ),
        case(
            Technique::Claiming,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r6c9=9"],
        ),
        case(
            Technique::NakedPair,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r8c2=9", "r8c3=9"],
        ),
        case(
            Technique::XWing,
            Scale::Sukaku,
            None,
            "..............1..2..3.4..5........36......4.5.7...8......53..8..2.......19.......",
            &[],
            &["r1c9=7"],
        ),
        case(
            Technique::HiddenPair,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r9c8=4", "r9c9=4", "r9c9=9"],
        ),
        case(
            Technique::NakedTriple,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &[
                "r1c2=5", "r1c2=9", "r5c2=2", "r5c2=5", "r5c2=9", "r6c2=2", "r6c2=5", "r6c2=9",
            ],
        ),
        case(
            Technique::Swordfish,
            Scale::Sukaku,
            None,
            "..1.935..2..4.5..8........984..7......68......3......4......9..6.8..9....2....173",
            &[],
            &["r3c4=7", "r3c7=7", "r7c4=7"],
        ),
        case(
            Technique::HiddenTriple,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c3=5", "r1c3=6", "r1c3=9", "r3c3=5", "r3c3=6"],
        ),
        case(
            Technique::Skyscraper,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c4=1", "r3c3=1"],
        ),
        case(
            Technique::TwoStringKite,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &[],
            &["r9c5=2"],
        ),
        case(
            Technique::TurbotFish,
            Scale::Sukaku,
            None,
            "...8...92.8.9......1..7.4......8..7..2..........263..5.....5.16.......3..74..1...",
            &[],
            &["r5c3=5"],
        ),
        case(
            Technique::GroupedStrongLinks,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &[],
            &["r2c9=1"],
        ),
        case(
            Technique::EmptyRectangle,
            Scale::Sukaku,
            None,
            "15....2..9...38.....8.5......17...3..6...........6.197.4..96..88.....54.3...8....",
            &[],
            &["r3c8=1"],
        ),
        case(
            Technique::XyWing,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r3c6=5"],
        ),
        case(
            Technique::XyzWing,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r4c9=3", "r5c9=3"],
        ),
        case(
            Technique::UniqueRectangle1,
            Scale::Sukaku,
            None,
            "..6.5..9.1..6......5...1.8.2....31....5.....27.9.6....4..3....7...4...3...1..5...",
            &[],
            &["r5c2=1", "r5c2=8"],
        ),
        case(
            Technique::UniqueRectangle2,
            Scale::Sukaku,
            None,
            ".....9...1..68.....6.1...5.2....79.....34...65...6.82..3...52.....7...6.8.5.....3",
            &[],
            &["r1c9=7", "r2c8=7", "r2c9=7", "r9c7=7"],
        ),
        case(
            Technique::UniqueRectangle3,
            Scale::Sukaku,
            None,
            ".4....96..784.......1..3..593.....2.4....15..............9..7...8.2...4.....4..86",
            &[],
            &["r1c4=1"],
        ),
        case(
            Technique::UniqueRectangle4,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r9c5=9", "r9c7=9"],
        ),
        case(
            Technique::UniqueLoop,
            Scale::Sukaku,
            None,
            "....2....9.6.7...88......4.....6.4..6.......9.124...3....3...8...8....71....589..",
            &[],
            &["r3c6=6", "r3c6=9"],
        ),
        case(
            Technique::NakedQuad,
            Scale::Sukaku,
            None,
            "1.....9.78..4....6..23.............8.8.5..73.6.498.......1.9..2..5......4...5..7.",
            &[],
            &[
                "r2c2=7", "r4c2=3", "r4c2=7", "r8c2=3", "r8c2=6", "r9c2=3", "r9c2=6",
            ],
        ),
        case(
            Technique::Jellyfish,
            Scale::Sukaku,
            None,
            "7...4.51........3...6..94......34..1.4.21....6.....8..3..5......8....35....18...6",
            &[],
            &[
                "r2c2=2", "r3c2=2", "r9c2=2", "r2c3=2", "r9c3=2", "r2c9=2", "r3c9=2",
            ],
        ),
        case(
            Technique::HiddenQuad,
            Scale::Sukaku,
            None,
            "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6",
            &[],
            &[
                "r7c4=1", "r7c4=4", "r7c4=5", "r7c4=8", "r7c5=4", "r7c5=8", "r7c6=1", "r7c6=4",
                "r7c6=5", "r7c6=8", "r9c5=4",
            ],
        ),
        case(
            Technique::ThreeStrongLinks,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r5c8=5"],
        ),
        case(
            Technique::WxyzWing,
            Scale::Sukaku,
            None,
            "2....35....7....4..6.97...........62...42....9.58.....3.9...2.......18..4..7.....",
            &[],
            &["r2c4=5", "r7c5=5", "r8c5=5", "r9c5=5"],
        ),
        case(
            Technique::BugPlusOne,
            Scale::Sukaku,
            None,
            "4......6....94..5.1.9.6...............6..2..5.5231...8.7...8..1......7....8.5.3.6",
            &[],
            &["r2c2=2", "r2c2=6"],
        ),
        case(
            Technique::BugType2,
            Scale::Sukaku,
            None,
            ".2.....84..5....2..846..7.5....7....17...9...9..5.8......8.4..95..7..6...4.....7.",
            &[],
            &["r8c2=9", "r8c3=9", "r9c4=9", "r9c5=9"],
        ),
        case(
            Technique::FourStrongLinks,
            Scale::Sukaku,
            None,
            "...2.6....7......59.....34...7..1......6......5....2.3.9..47.3.43......8..5..9..2",
            &[],
            &["r1c3=1", "r2c3=1", "r3c3=1"],
        ),
        case(
            Technique::VwxyzWing,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c4=8", "r6c5=8"],
        ),
        case(
            Technique::AlignedPairExclusion,
            Scale::Classic,
            None,
            ".1...57.4...7...9...8.....58.4...1...2.14.....9...8.........273..3.8.......5.6...",
            &[],
            &["r6c7=6"],
        ),
        case(
            Technique::UvwxyzWing,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c1=5"],
        ),
        case(
            Technique::XCycle,
            Scale::Classic,
            None,
            "................12..3..4..5.....36...2........7..8.9......7......5...4....912....",
            &[],
            &["r7c9=6", "r8c6=6", "r8c9=6"],
        ),
        case(
            Technique::YCycle,
            Scale::Sukaku,
            None,
            "2....35....7....4..6.97...........62...42....9.58.....3.9...2.......18..4..7.....",
            &[],
            &["r2c9=6", "r9c9=6"],
        ),
        case(
            Technique::XChain,
            Scale::Classic,
            None,
            "................12..3..4..5......63...4...7...5.18.........74..1........82.......",
            &[],
            &["r2c6=6"],
        ),
        case(
            Technique::XyCycle,
            Scale::Sukaku,
            None,
            "6......1...7.......5..83.2.....4.3....28.6....7.....5......91....8235.......1...4",
            &[],
            &["r1c7=4", "r3c3=9", "r6c3=9", "r6c7=9"],
        ),
        case(
            Technique::ForcingChain,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &[],
            &["r2c4=6"],
        ),
        case(
            Technique::TuvwxyzWing,
            Scale::Sukaku,
            None,
            "2...19.8.7.....26.15..........2..4...9....7...75.....3....85..26.3.4.........39..",
            &[],
            &["r5c4=1", "r5c4=4", "r5c4=8"],
        ),
        case(
            Technique::AlignedTripleExclusion,
            Scale::Sukaku,
            None,
            "..3......8......959....42....1..394..6...........75..35..4...8.6....7.....9....1.",
            &[],
            &["r6c4=6"],
        ),
        case(
            Technique::Nishio,
            Scale::Sukaku,
            None,
            "5.1.94....2.6.59................2.17.3..4..6.......5.........2.....3.8...6.8.93..",
            &[],
            &["r6c5=1"],
        ),
        case(
            Technique::CellForcingChains,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &[],
            &["r5c3=6"],
        ),
        case(
            Technique::RegionForcingChains,
            Scale::Sukaku,
            None,
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r3c5=6"],
        ),
        case(
            Technique::DynamicForcingChains,
            Scale::Sukaku,
            None,
            "..4.98...5.9.3.......7...4.......92.3.....8...82..95..9....6..3.2..537..1........",
            &[],
            &["r1c9=1"],
        ),
        case(
            Technique::DynamicForcingChainsPlus,
            Scale::Sukaku,
            None,
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            &[],
            &["r5c6=7"],
        ),
        case(
            Technique::WWing,
            Scale::Sukaku,
            Some("BASIC,w_wing"),
            "15....2..9...38.....8.5......17...3..6...........6.197.4..96..88.....54.3...8....",
            &[],
            &["r7c8=2"],
        ),
        case(
            Technique::SimpleColouring,
            Scale::Sukaku,
            Some("BASIC,simple_colouring"),
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r2c3=9", "r4c1=9", "r6c1=9"],
        ),
        case(
            Technique::AlsXz,
            Scale::Sukaku,
            Some("BASIC,als_xz"),
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c4=8", "r6c5=8"],
        ),
        case(
            Technique::AlsXyWing,
            Scale::Sukaku,
            Some("BASIC,als_xy_wing"),
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r1c4=8", "r6c5=8"],
        ),
        case(
            Technique::FinnedXWing,
            Scale::Sukaku,
            Some("BASIC,finned_x_wing,finned_swordfish,finned_jellyfish"),
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r3c1=1"],
        ),
        case(
            Technique::FinnedSwordfish,
            Scale::Sukaku,
            Some("BASIC,finned_x_wing,finned_swordfish,finned_jellyfish"),
            "...58......7...6..3..6.42..97..2.5.3..1.5..4.5.....7..4.59...2........6.....1.3..",
            &[],
            &["r6c2=4"],
        ),
        case(
            Technique::FinnedJellyfish,
            Scale::Sukaku,
            Some("BASIC,finned_jellyfish"),
            "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
            &[],
            &["r2c3=8"],
        ),
        case(
            Technique::BugType3,
            Scale::Sukaku,
            Some("BASIC,naked_quad,bug_plus_one,bug_type_2,bug_type_3,bug_type_4"),
            "................12..3..4.........3.......1.5..6..7.8.......5.....48.3....2.....76",
            &[],
            &["r4c1=7"],
        ),
        case(
            Technique::BugType4,
            Scale::Sukaku,
            Some("BASIC,naked_quad,bug_plus_one,bug_type_2,bug_type_3,bug_type_4"),
            "................12..3..4.................34.516...........6.3....72..8..2..91....",
            &[],
            &["r4c5=8", "r6c5=7"],
        ),
        case(
            Technique::NestedForcingChains,
            Scale::Sukaku,
            None,
            "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
            &[],
            &["r4c2=9"],
        ),
        case(
            Technique::NestedMultipleForcingChains,
            Scale::Sukaku,
            None,
            "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
            &[],
            &["r4c3=1"],
        ),
        case(
            Technique::NestedDynamicForcingChains,
            Scale::Sukaku,
            Some(
                "full_house,hidden_single_box,hidden_single_line,naked_single,nested_dynamic_forcing_chains",
            ),
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            &[],
            &["r3c7=7"],
        ),
        case(
            Technique::DoublyNestedForcingChains,
            Scale::Classic,
            Some(
                "full_house,hidden_single_box,hidden_single_line,naked_single,doubly_nested_forcing_chains",
            ),
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            &[],
            &["r3c7=7"],
        ),
        case(
            Technique::Trial,
            Scale::Sukaku,
            Some("full_house,hidden_single_box,hidden_single_line,naked_single"),
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            &[],
            &["r5c2=9"],
        ),
    ]
}

#[test]
fn every_technique_below_the_nested_levels_fires_with_its_exact_step() {
    check_fixtures(|t| t.family() != dlx_logic::Family::Nested);
}

/// The nested levels' fixtures walk the path of two of the hardest puzzles known with every
/// chain level tried at each step: minutes in all, too long for the README's test command.
/// Run them with `cargo test -p dlx-logic --test techniques -- --ignored`.
#[test]
#[ignore = "minutes: run with --ignored (the nested chain levels on the hardest puzzles)"]
fn the_nested_levels_fire_with_their_exact_steps() {
    check_fixtures(|t| t.family() == dlx_logic::Family::Nested);
}

fn check_fixtures(keep: impl Fn(Technique) -> bool) {
    let cases: Vec<Case> = cases().into_iter().filter(|c| keep(c.technique)).collect();
    assert!(!cases.is_empty());
    let all = self::cases();
    // every technique but direct claiming (a hand-made board in the crate's unit tests: no
    // puzzle of 20,000 17-clue puzzles needs it) and the variant techniques (tests/logic/variants.rs)
    // has a case
    for t in Technique::ALL {
        assert!(
            t == Technique::DirectClaiming
                || t.family() == dlx_logic::Family::Variant
                || all.iter().any(|c| c.technique == t),
            "no fixture for {t:?}"
        );
    }
    let mut wrong = Vec::new();
    for c in &cases {
        let s = first_step(c.puzzle, &ladder(c.scale, c.techniques), c.technique);
        if strings(&s.placements) != c.placements || strings(&s.eliminations) != c.eliminations {
            wrong.push(format!(
                "{:?}: {:?} {:?}: {}",
                c.technique,
                strings(&s.placements),
                strings(&s.eliminations),
                s.text
            ));
        }
        assert!(
            s.rating >= c.technique.base_rating(),
            "{:?}: {}",
            c.technique,
            s.rating
        );
        if matches!(
            c.technique.family(),
            dlx_logic::Family::Chain | dlx_logic::Family::ForcingChain | dlx_logic::Family::Nested
        ) && c.technique != Technique::Trial
        {
            assert!(
                !s.pattern.links.is_empty(),
                "{:?} shows its links",
                c.technique
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// issue 30: `--upto hidden_single_box` returned hidden singles in lines. For every technique
// as the cap, on puzzles from easy to hard, on both scales and with every technique allowed,
// no step is harder than the cap (one test a ladder, so that they run side by side).

#[test]
fn a_capped_sukaku_ladder_never_returns_a_harder_technique() {
    capped_ladder_never_returns_a_harder_technique(&Ladder::of(Scale::Sukaku));
}

#[test]
fn a_capped_classic_ladder_never_returns_a_harder_technique() {
    capped_ladder_never_returns_a_harder_technique(&Ladder::of(Scale::Classic));
}

#[test]
fn a_capped_ladder_of_every_technique_never_returns_a_harder_one() {
    capped_ladder_never_returns_a_harder_technique(&Ladder {
        scale: Scale::Sukaku,
        techniques: Some(TechniqueSet::all().without(Technique::Trial)),
    });
}

fn capped_ladder_never_returns_a_harder_technique(ladder: &Ladder) {
    let puzzles = [
        "....7.....4...196...3..8..7...5.4...9...3...17......39.19.5..2....6...7....8..5..",
        "..6......35..1.....17..3.5......9.4..2.35...8...2..6.........9.672.....3.8....7.6",
        "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...",
        "...2.6....7......59.....34...7..1......6......5....2.3.9..47.3.43......8..5..9..2",
    ];
    for cap in Technique::ALL {
        if cap >= Technique::NestedForcingChains && cap != Technique::Trial {
            continue; // the nested levels are capped by the chain levels below them here
        }
        for p in puzzles {
            let options = Options {
                max_technique: cap,
                max_steps: 120,
                ..Options::default()
            };
            let x = explain_with(&parse(p).unwrap(), &options, ladder).unwrap();
            for s in &x.steps {
                assert!(
                    s.technique <= cap,
                    "capped at {cap:?}, got {:?}: {}",
                    s.technique,
                    s.text
                );
            }
        }
    }
}

#[test]
fn techniques_outside_the_scales_are_used_only_when_asked() {
    let extras = [
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::FinnedJellyfish,
        Technique::SimpleColouring,
        Technique::WWing,
        Technique::AlsXz,
        Technique::AlsXyWing,
    ];
    let p = "....3...27..4......3.....9..6..2....8.....7........1..4..7.1......6...35.....8...";
    for scale in Scale::ALL {
        let x = explain_with(&parse(p).unwrap(), &Options::default(), &Ladder::of(scale)).unwrap();
        assert!(x.steps.iter().all(|s| !extras.contains(&s.technique)));
    }
    let set = TechniqueSet::parse(&format!("{BASIC},simple_colouring")).unwrap();
    let x = explain_with(
        &parse(p).unwrap(),
        &Options::default(),
        &Ladder {
            scale: Scale::Sukaku,
            techniques: Some(set),
        },
    )
    .unwrap();
    assert!(
        x.steps
            .iter()
            .any(|s| s.technique == Technique::SimpleColouring)
    );
}
