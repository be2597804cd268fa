//! Dancing links on the shared inputs: each benchmark asserts its solution count and DLX1's
//! node count, so a faster but different search cannot pass unnoticed.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "../tests/common/mod.rs"]
mod common;
mod counted;

fn bench(c: &mut Criterion) {
    let names = [
        "queens10",
        "queens12",
        "queens13",
        "langford12",
        "pento-6x10",
        "sudoku-s16-seed5",
    ];
    counted::bench::<dlx_engine::Links>(c, "links", &names);
}

criterion_group!(benches, bench);
criterion_main!(benches);
