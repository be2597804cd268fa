//! Unit tests of `src/cells.rs`.

use dlx_engine::Search;
use dlx_engine::cells::*;
use dlx_engine::format;
use dlx_engine::search::Config;

#[test]
fn purified_items_keep_their_color() {
    // `x` may be shared by options that agree on its color; `y` only by one option.
    let text = "a b c | x y\na x:1\nb x:1 y\nc x:2\nb y\nc\nb x:2\n";
    let (p, _) = format::parse(text).unwrap();
    let want = dlx_engine::reference::solutions(&p);
    assert!(!want.is_empty());
    let (mut got, out) = Cells::new(&p, Config::default()).collect(u64::MAX);
    assert!(out.is_complete());
    for s in &mut got {
        s.sort();
    }
    got.sort();
    assert_eq!(got, want);
}
