//! Damaged exact-cover files: the repository's samples and examples in Knuth's format, cut,
//! spliced and sprinkled with stray characters, must give either a problem that writes back
//! to itself and that both algorithms agree on, or an error naming a line and column of the
//! input. Never a panic.

use std::sync::OnceLock;

use dlx_engine::{Cells, Config, Links, Search, format, reference};
use proptest::prelude::*;

#[path = "../common/damage.rs"]
mod damage;

/// Every `.dlx` file of `testdata/xcc` and `examples/` under 20 KB, read once.
fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let mut out = Vec::new();
        for dir in ["testdata/xcc", "examples"] {
            for e in std::fs::read_dir(format!("{root}/{dir}")).expect("shipped directory") {
                let p = e.expect("readable directory").path();
                let small = std::fs::metadata(&p).is_ok_and(|m| m.len() < 20_000);
                if p.extension().is_some_and(|x| x == "dlx") && small {
                    out.push(std::fs::read_to_string(&p).expect("readable file"));
                }
            }
        }
        out.sort();
        assert!(out.len() >= 8, "{} seeds", out.len());
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn damaged_files_are_read_or_refused_with_a_place(
        pick in any::<prop::sample::Index>(),
        edits in damage::edits(vec!['a', 'b', 'x', '1', ' '], damage::stray()),
    ) {
        let all = seeds();
        let text = damage::damage(&all[pick.index(all.len())], &edits);
        match format::parse(&text) {
            Ok((problem, _warnings)) => {
                // Written out and read again, the problem writes the same text.
                let written = format::write(&problem, None);
                let (back, _) = format::parse(&written).expect("own output parses");
                prop_assert_eq!(format::write(&back, None), written);
                // Both algorithms, on a small budget: any solution is an exact cover, and
                // when both finish they agree on whether there is one.
                let config = Config { node_budget: Some(5_000), ..Config::default() };
                let (a, out_a) = Links::new(&problem, config.clone()).first();
                let (b, out_b) = Cells::new(&problem, config).first();
                for s in a.iter().chain(&b) {
                    prop_assert_eq!(reference::check(&problem, s), Ok(()));
                }
                if out_a.is_complete() && out_b.is_complete() {
                    prop_assert_eq!(a.is_some(), b.is_some());
                }
            }
            Err(e) => {
                let lines = text.split('\n').count();
                prop_assert!(e.line >= 1 && e.line <= lines.max(1), "{e} ({lines} lines)");
                prop_assert!(e.column >= 1, "{e}");
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }
}
