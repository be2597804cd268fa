//! Unit tests of `src/vpage.rs`.

use dlx_api::Budget;
use dlx_api::Caps;
use dlx_api::run::Run;
use dlx_api::vpage::*;
use dlx_variants::Format;
use dlx_variants::generate::GenerateRequest;

#[test]
fn view_gives_every_cell_of_every_rule() {
    let text = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\nthermo r2c1 r3c1\nlittlekiller 5 r1c2 DR\nsandwich 3 r2\ndiagonals\nwhite r3c3 r3c4\n";
    let v = view(&VariantViewRequest {
        puzzle: text.into(),
        format: None,
    })
    .unwrap();
    assert_eq!((v.size, v.format, v.jigsaw), (4, Format::Text, false));
    // Boxes of 2x2: r1c1 and r2c2 share region 0, r1c3 is in region 1, r3c1 in region 2.
    assert_eq!(
        (v.regions[0], v.regions[5], v.regions[2], v.regions[8]),
        (0, 0, 1, 2)
    );
    let kinds: Vec<&str> = v.houses.iter().map(|h| h.kind.as_str()).collect();
    assert_eq!(kinds, ["diagonal_positive", "diagonal_negative"]);
    assert_eq!(v.houses[1].cells, vec![[0, 0], [1, 1], [2, 2], [3, 3]]);
    // r1c1 sees r4c4 along the diagonal, r1c4 in its row, not r2c3.
    assert!(v.peers[0].contains(&15) && v.peers[0].contains(&3));
    assert!(!v.peers[0].contains(&6) && !v.peers[0].contains(&0));
    let c = |kind: &str| v.constraints.iter().find(|c| c.kind == kind).unwrap();
    assert_eq!(c("killer").cells, vec![[0, 2], [0, 3]]);
    assert_eq!(c("killer").rule["sum"], 7);
    assert_eq!(c("thermo").cells, vec![[1, 0], [2, 0]]);
    // The little killer's whole diagonal, from r1c2 down and right.
    assert_eq!(c("little_killer").cells, vec![[0, 1], [1, 2], [2, 3]]);
    assert_eq!(c("sandwich").cells.len(), 4);
    assert_eq!(c("difference").title, "white dot");
    assert!(c("diagonal_positive").global);
    assert_eq!(c("killer").text, "killer cage 1 (r1c3 r1c4)");
    // The puzzle in our JSON reads back.
    let again = view(&VariantViewRequest {
        puzzle: serde_json::to_string(&v.puzzle).unwrap().as_str().into(),
        format: Some(Format::Json),
    })
    .unwrap();
    assert_eq!(again.constraints, v.constraints);
    // A refusal names the constraint.
    let e = view(&VariantViewRequest {
        puzzle: "size 4\ncage 3 r1c1 r1c2 r1c3\n".into(),
        format: None,
    })
    .unwrap_err();
    assert!(e.unprocessable && e.constraint.is_some(), "{e:?}");
}

#[test]
fn generate_makes_a_unique_puzzle_of_the_kinds_asked() {
    let caps = Caps::browser();
    let mut run = Run::new(Budget::unlimited(), &caps);
    for variant in ["killer", "jigsaw", "x"] {
        let req = GenerateRequest {
            size: Some(6),
            seed: Some(7),
            ..GenerateRequest::new(variant)
        };
        let g = generate(&req, &mut run).unwrap();
        assert_eq!(g.seed, 7);
        let text = serde_json::to_string(&g.view.puzzle).unwrap();
        let p = dlx_variants::parse_as(&text, Format::Json).unwrap();
        let sol: Vec<u8> = g
            .solution
            .chars()
            .map(|c| dlx_variants::puzzle::digit_of(c).unwrap())
            .collect();
        assert!(p.is_solution(&sol), "{variant}: {}", g.solution);
        let a = dlx_variants::solve(&p, &dlx_variants::Limits::default()).unwrap();
        assert_eq!(a.verdict, dlx_variants::Verdict::Unique, "{variant}");
        match variant {
            "killer" => {
                assert!(g.cages > 0 && g.view.constraints.iter().all(|c| c.kind == "killer"))
            }
            "jigsaw" => assert!(g.view.jigsaw),
            _ => assert_eq!(g.view.houses.len(), 2),
        }
    }
    // In a rated band: the puzzle made rates in it.
    let req = GenerateRequest {
        size: Some(6),
        seed: Some(3),
        band: Some("easy".into()),
        ..GenerateRequest::new("x")
    };
    let g = generate(&req, &mut run).unwrap();
    let text = serde_json::to_string(&g.view.puzzle).unwrap();
    let p = dlx_variants::parse_as(&text, Format::Json).unwrap();
    let (lo, hi) = dlx_logic::Band::Easy.range();
    let rating = dlx_logic::rate_variant_below(&p, hi).expect("rated within the band");
    assert!((lo..=hi).contains(&rating), "{rating}");
    let e = generate(
        &GenerateRequest {
            band: Some("tricky".into()),
            ..GenerateRequest::new("x")
        },
        &mut run,
    )
    .unwrap_err();
    assert_eq!(e.field, Some("band"));
    let e = generate(&GenerateRequest::new("palindrome"), &mut run).unwrap_err();
    assert_eq!(e.field, Some("variant"));
    let e = generate(
        &GenerateRequest {
            count: Some(2),
            ..GenerateRequest::new("killer")
        },
        &mut run,
    )
    .unwrap_err();
    assert_eq!(e.field, Some("count"));
}
