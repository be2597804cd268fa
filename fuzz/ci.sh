#!/usr/bin/env bash
# Runs every fuzz target briefly (default 20 s each; `fuzz/ci.sh 60` for a minute each) on
# the committed seeds, in a scratch corpus so the repository's corpora stay small. The
# targets build with `--dev` (opt-level 1, fuzz/Cargo.toml: half the build of `--release`);
# `DLX_FUZZ_BUILD=release fuzz/ci.sh 600` for long runs at full speed. Needs the
# nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). Exits non-zero on the first
# target that finds a crash or a timeout; the input is left in fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-20}"
targets=(knuth_format sudoku_parse polyomino_parse server_api xcc_diff sudoku_diff logic_sound variant_parse)
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# No sanitizer (the targets are safe Rust; panics and failed assertions are what they look
# for) and debug assertions on, so integer overflow is caught as well.
build="--${DLX_FUZZ_BUILD:-dev}"
cargo +nightly fuzz build "$build" --sanitizer none --debug-assertions
for t in "${targets[@]}"; do
    echo "== $t (${seconds} s)"
    mkdir -p "$scratch/$t"
    set +e
    cargo +nightly fuzz run "$build" --sanitizer none --debug-assertions "$t" "$scratch/$t" "corpus/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1536 -print_final_stats=1 2>&1 \
        | grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|thread|SUMMARY|Reproduce|	cargo)'
    status="${PIPESTATUS[0]}"
    set -e
    if [ "$status" -ne 0 ]; then
        echo "fuzz/ci.sh: $t failed (exit $status); the input is in fuzz/artifacts/$t/" >&2
        exit 1
    fi
done
