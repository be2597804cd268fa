//! The Python package's tests (`crates/python`, built by maturin in a virtual environment,
//! tested by pytest, the real-cluster Dask test included), run by `cargo test` when
//! `DLX_PYTHON_TESTS=1` (as `.ci/run` sets it): building the wheel needs a Python with pip
//! and takes minutes, so a plain `cargo test` on a fresh clone skips it with a note.

use std::process::Command;

#[test]
fn the_python_package_builds_and_passes_its_tests() {
    if std::env::var_os("DLX_PYTHON_TESTS").is_none_or(|v| v != "1") {
        dlx_testkit::note(
            "the Python package's tests are skipped (set DLX_PYTHON_TESTS=1, or run `bash crates/python/ci.sh`)",
        );
        return;
    }
    let script = dlx_testkit::root().join("crates/python/ci.sh");
    let out = Command::new("bash")
        .arg(&script)
        .output()
        .expect("run crates/python/ci.sh");
    assert!(
        out.status.success(),
        "crates/python/ci.sh failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" passed"), "{text}");
    eprintln!("{}", text.lines().last().unwrap_or(""));
}
