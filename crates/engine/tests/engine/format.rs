//! Knuth's text format (`dlx_engine::format`): random problems written and read back, random
//! text read without a panic, and the regressions found by fuzzing.

use dlx_engine::format;
use proptest::prelude::*;

use crate::common;

use common::arb_problem;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn knuth_format_round_trips(problem in arb_problem(1..6, 0..4, 1..14, 1..5, 2)) {
        let text = format::write(&problem, Some("generated"));
        let (back, warnings) = format::parse(&text).unwrap();
        prop_assert!(warnings.is_empty());
        // Colors that no option uses are not written, so compare what is written.
        prop_assert_eq!(back.item_count(), problem.item_count());
        prop_assert_eq!(back.primary_count(), problem.primary_count());
        prop_assert_eq!(back.option_count(), problem.option_count());
        prop_assert_eq!(format::write(&back, Some("generated")), text);
    }

    #[test]
    fn parser_never_panics(text in "[a-c|: \n#x]{0,60}") {
        let _ = format::parse(&text);
    }
}

/// Issue 22 (found by the `knuth_format` fuzz target): a problem with only secondary items
/// was written with an item line starting with `|`, which reads back as a comment ("no
/// items").
#[test]
fn only_secondary_items_round_trip_through_knuths_format() {
    let (p, _) = format::parse(" | x y\n").unwrap();
    assert_eq!((p.item_count(), p.primary_count()), (2, 0));
    for comment in [None, Some("c")] {
        let written = format::write(&p, comment);
        assert!(written.ends_with(" | x y\n"), "{written:?}");
        let (q, _) = format::parse(&written).unwrap();
        assert_eq!(p, q);
    }
}
