//! Knuth's text format: `parse` never panics, and what it reads, written out with `write`,
//! reads back as the same problem (compared as written: colors named but never used, for
//! example in an option the reader dropped, are not written, by design).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((problem, _warnings)) = dlx_engine::format::parse(text) else {
        return;
    };
    let _ = dlx_engine::format::parse_with_source(text).expect("parse_with_source agrees");
    let written = dlx_engine::format::write(&problem, Some("fuzz"));
    let (again, _) = dlx_engine::format::parse(&written)
        .unwrap_or_else(|e| panic!("written problem does not parse: {e}\n{written}"));
    let rewritten = dlx_engine::format::write(&again, Some("fuzz"));
    assert_eq!(written, rewritten, "round trip changed the problem");
    assert_eq!(problem.item_count(), again.item_count());
    assert_eq!(problem.primary_count(), again.primary_count());
    assert_eq!(problem.option_count(), again.option_count());
});
