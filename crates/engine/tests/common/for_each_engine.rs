// Included by `tests/common/mod.rs` (`tests/engine/main.rs` declares `#[macro_use] mod common;`) and by
// the unit tests (`tests/unit/root.rs`).

/// Instantiates generic tests for every algorithm: `for_each_engine!(a, b)` makes modules
/// `links` and `cells`, each with tests `a` and `b` calling `a::<Links>()`...
#[allow(unused_macros)]
macro_rules! for_each_engine {
    ($($test:ident),* $(,)?) => {
        mod links {
            $(#[test]
            fn $test() {
                super::$test::<dlx_engine::Links>();
            })*
        }
        mod cells {
            $(#[test]
            fn $test() {
                super::$test::<dlx_engine::Cells>();
            })*
        }
    };
}
