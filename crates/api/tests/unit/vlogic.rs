//! Unit tests of `src/vlogic.rs`.

use dlx_api::Budget;
use dlx_api::Caps;
use dlx_api::run::Run;
use dlx_api::vlogic::*;
use dlx_logic::RateRequest;
use dlx_logic::Stop;

/// A 4x4 killer with both diagonals and one given: unique.
const SMALL: &str = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals\n";

fn digits(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| dlx_variants::puzzle::digit_of(c).unwrap_or(0))
        .collect()
}

#[test]
fn explain_walks_to_the_solution_and_replays_on_the_peers() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let req = VariantExplainRequest {
        puzzle: SMALL.into(),
        ..VariantExplainRequest::default()
    };
    let e = explain(&req, &mut run).unwrap();
    assert_eq!(e.stop, Stop::Solved);
    let p = dlx_variants::parse(SMALL).unwrap();
    assert!(p.is_solution(&digits(&e.grid)), "{}", e.grid);
    // Replaying the steps on the candidates and peers answered leaves each cell's
    // solution digit and places it.
    let mut cand = e.candidates.clone();
    let mut grid = digits(&p.givens_line());
    let solution = digits(&e.grid);
    for s in &e.steps {
        for x in &s.eliminations {
            let k = x.row * 4 + x.col;
            assert_ne!(solution[k], x.digit, "{}", s.text);
            cand[k].retain(|&d| d != x.digit);
        }
        for x in &s.placements {
            let k = x.row * 4 + x.col;
            assert!(cand[k].contains(&x.digit), "{}", s.text);
            grid[k] = x.digit;
            cand[k].clear();
            for &j in &e.peers[k] {
                cand[j].retain(|&d| d != x.digit);
            }
        }
    }
    assert_eq!(grid, solution);
    // The diagonals are peers: r1c1 sees r4c4.
    assert!(e.peers[0].contains(&15));
    assert!(!e.peers[0].contains(&6), "{:?}", e.peers[0]);
}

#[test]
fn hints_name_areas_and_cells_at_fault() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let req = VariantHintRequest {
        puzzle: SMALL.into(),
        level: Some(1),
        ..VariantHintRequest::default()
    };
    let h = hint(&req, &mut run).unwrap();
    let step = h.hint.step.as_ref().unwrap();
    assert_eq!(h.hint.levels.len(), 3);
    assert_eq!(h.hint.text.as_deref(), Some(h.hint.levels[0].as_str()));
    assert_eq!(h.candidates[0], Vec::<u8>::new(), "r1c1 is given");
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
    // A wrong digit in the progress is named by its cell, 422.
    let solution = explain(
        &VariantExplainRequest {
            puzzle: SMALL.into(),
            ..VariantExplainRequest::default()
        },
        &mut run,
    )
    .unwrap()
    .grid;
    let mut progress = digits(&solution);
    progress[1] = if progress[1] == 2 { 3 } else { 2 };
    progress[2..].fill(0);
    let e = hint(
        &VariantHintRequest {
            progress: Some(line(&progress)),
            ..req.clone()
        },
        &mut run,
    )
    .unwrap_err();
    assert!(e.unprocessable);
    assert_eq!((e.field, e.cells.clone()), (Some("progress"), vec![(0, 1)]));
    let e = hint(
        &VariantHintRequest {
            level: Some(4),
            ..req
        },
        &mut run,
    )
    .unwrap_err();
    assert_eq!(e.field, Some("level"));
    assert!(e.unprocessable);
}

#[test]
fn rate_filters_and_refuses_options_by_field() {
    let caps = Caps::server();
    let mut run = Run::new(Budget::unlimited(), &caps);
    let req = VariantRateRequest {
        puzzle: SMALL.into(),
        ..VariantRateRequest::default()
    };
    let r = rate(&req, &mut run).unwrap();
    assert_eq!(
        (r.stop.as_str(), r.complete, r.pass),
        ("solved", true, None)
    );
    let lib = RateRequest::default()
        .rate_variant(&dlx_variants::parse(SMALL).unwrap())
        .unwrap();
    assert_eq!(r.er, lib.rating.er);
    let above = format!("{}..", r.er + 0.1);
    let f = rate(
        &VariantRateRequest {
            er: Some(above),
            ..req.clone()
        },
        &mut run,
    )
    .unwrap();
    assert_eq!(f.pass, Some(false));
    for (field, bad) in [
        (
            "scale",
            VariantRateRequest {
                scale: Some("hard".into()),
                ..req.clone()
            },
        ),
        (
            "er",
            VariantRateRequest {
                er: Some("x".into()),
                ..req.clone()
            },
        ),
        (
            "techniques",
            VariantRateRequest {
                techniques: Some("no_such".into()),
                ..req.clone()
            },
        ),
    ] {
        let e = rate(&bad, &mut run).unwrap_err();
        assert_eq!(e.field, Some(field), "{e:?}");
        assert!(e.unprocessable);
    }
    // Several solutions: the logic refuses the puzzle, naming cells that differ.
    let open = SMALL.replace("givens 1...............\n", "");
    let e = rate(
        &VariantRateRequest {
            puzzle: open.as_str().into(),
            ..req
        },
        &mut run,
    )
    .unwrap_err();
    assert_eq!(e.field, Some("puzzle"));
    assert!(e.unprocessable && !e.cells.is_empty(), "{e:?}");
}
