//! Unit tests of `src/meta.rs`.

use dlx_api::meta::*;
use dlx_api::run::Caps;
use dlx_generate::Symmetry;
use dlx_logic::Technique;
use dlx_sudoku::SolverKind;

#[test]
fn meta_lists_what_the_libraries_know() {
    let m = meta(&Caps::browser());
    assert_eq!(m.caps.face, "browser");
    assert_eq!(m.sizes.first().map(|s| s.n), Some(4));
    assert_eq!(m.sizes.last().map(|s| s.n), Some(35));
    // Prime sizes have no box shape.
    assert!(!m.sizes.iter().any(|s| s.n == 7 || s.n == 11));
    let nine = m.sizes.iter().find(|s| s.n == 9).unwrap();
    assert_eq!((nine.shape.rows, nine.shape.cols), (3, 3));
    assert_eq!(m.symbols.len(), 35);
    assert_eq!(m.techniques.len(), Technique::ALL.len());
    let ur = m
        .techniques
        .iter()
        .find(|t| t.name == "unique_rectangle_1")
        .unwrap();
    assert_eq!(ur.title, "Unique rectangle type 1");
    let hard = m.bands.iter().find(|b| b.name == "hard").unwrap();
    assert_eq!(
        (hard.title.as_str(), hard.min, hard.max),
        ("Hard", 3.0, Some(3.9))
    );
    assert_eq!(m.bands.last().unwrap().max, None);
    assert_eq!(m.symmetries.len(), Symmetry::ALL.len());
    assert!(m.ratings.iter().all(|r| !r.text.is_empty()));
    // Every solver's word reads back as the solver.
    for s in &m.solvers {
        let json = format!("\"{}\"", s.named.name);
        assert!(serde_json::from_str::<SolverKind>(&json).is_ok(), "{json}");
    }
}
