//! Unit tests of `src/variants.rs`.

use dlx_testkit::variants::*;

#[test]
fn a_4x4_killer_counts_and_checks() {
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
        "killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"diagonal-":true}"#;
    let v = read_fpuzzles(json).unwrap();
    let total = count(&v, u64::MAX);
    assert!(total > 0);
    // Without the rules, a 4x4 has 288 grids: the cage and diagonal keep fewer.
    assert!(total < 288);
    let bad = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    assert!(
        check(&v, &bad).is_err(),
        "r2c2 = 4 repeats nothing but r1c1..r4c4 holds 1 4 4 1"
    );
}
