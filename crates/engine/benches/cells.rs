//! Dancing cells (Knuth's SSXCC) on the shared inputs: each benchmark asserts its solution
//! count and SSXCC's node count (branch nodes plus forced moves), so a faster but different
//! search cannot pass unnoticed. Inputs missing from `../shared` are skipped with a note.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/common/mod.rs"]
mod common;
mod counted;

fn bench(c: &mut Criterion) {
    let names = ["queens13", "pento-6x10", "langford12", "sudoku-s16-seed5"];
    counted::bench::<dlx_engine::Cells>(c, "cells", &names);
}

criterion_group!(benches, bench);
criterion_main!(benches);
