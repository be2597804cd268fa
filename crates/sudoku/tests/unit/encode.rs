//! Unit tests of `src/encode.rs`.

use dlx_engine::ItemId;
use dlx_engine::OptionId;
use dlx_sudoku::encode::*;
use dlx_sudoku::parse;

#[test]
fn knuths_names_and_order() {
    let g = parse("1...\n..2.\n.3..\n...4").unwrap();
    let e = encode(&g).unwrap();
    let p = &e.problem;
    assert_eq!(p.item_name(ItemId(0)), "p01");
    assert_eq!(e.item_name(ItemId(0)), "r1c2");
    // Row 0 misses digits 2, 3, 4: items r01 r02 r03 after the 12 cells.
    assert_eq!(p.item_name(ItemId(12)), "r01");
    assert_eq!(e.item_name(ItemId(12)), "digit 2 in row 1");
    // r1c2 (p01): row 0 has 1, column 1 has 3, box 0 has 1: candidates 2 and 4.
    assert_eq!(&e.options[..2], &[(0, 1, 2), (0, 1, 4)]);
    assert_eq!(p.display_option(OptionId(0)).to_string(), "p01 r01 c11 b01");
    let view = e.view();
    assert_eq!(view.items.len(), p.item_count());
    assert_eq!(view.items[0].label.as_deref(), Some("r1c2"));
    assert_eq!(view.options[0].len(), 4);
    assert_eq!(view.options[0][..2], [0, 12]);
    assert_eq!(view.labels[..2], ["2 at r1c2", "4 at r1c2"]);
}

#[test]
fn conflicting_givens_are_refused() {
    let g = parse("11..\n....\n....\n....").unwrap();
    assert_eq!(
        encode(&g).unwrap_err().to_string(),
        "digit 1 at r1c1 repeats r1c2 in row 1"
    );
}
