//! The polyomino text format: `Packing::from_text` never panics, and a packing it accepts
//! builds its exact-cover problem.
#![no_main]

use dlx_puzzles::{Packing, Puzzle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = dlx_puzzles::polyomino::parse(text);
    if let Ok(packing) = Packing::from_text(text) {
        let problem = packing.problem();
        assert!(problem.primary_count() > 0 || problem.option_count() == 0);
    }
});
