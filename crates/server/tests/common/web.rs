//! The page as a static folder, `target/web/`: the page's files (`dlx_server::assets::FILES`)
//! and the engine, `dlx.wasm`, built here by
//! `cargo build -p dlx-wasm --target wasm32-unknown-unknown --profile web` (custom sections, the
//! release profile's DWARF among them, left out). So `cargo test` makes the folder with no
//! hand step; without the wasm32 target the folder has the page but not the engine, and the
//! tests that need it say so and pass.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace's root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's target folder (`$CARGO_TARGET_DIR` when set).
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace().join("target"), PathBuf::from)
}

/// Whether rustc has the standard library for `wasm32-unknown-unknown`.
fn wasm_target_installed() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc)
        .args(["--print", "sysroot"])
        .current_dir(workspace())
        .output()
    else {
        return false;
    };
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Path::new(&sysroot)
        .join("lib/rustlib/wasm32-unknown-unknown/lib")
        .is_dir()
}

/// The module without its custom sections (id 0: names, producers, DWARF): what a browser
/// needs. Panics on bytes that are not a WebAssembly module.
pub fn strip_custom_sections(wasm: &[u8]) -> Vec<u8> {
    assert!(
        wasm.len() >= 8 && wasm[..4] == *b"\0asm",
        "not a WebAssembly module"
    );
    let mut out = wasm[..8].to_vec();
    let mut at = 8;
    while at < wasm.len() {
        let start = at;
        let id = wasm[at];
        at += 1;
        // The section's size: unsigned LEB128, at most 5 bytes.
        let (mut size, mut shift) = (0usize, 0);
        loop {
            let b = wasm[at];
            at += 1;
            size |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
            assert!(shift < 35, "a section size longer than 5 bytes at {start}");
        }
        let end = at + size;
        assert!(end <= wasm.len(), "section at {start} runs past the end");
        if id != 0 {
            out.extend_from_slice(&wasm[start..end]);
        }
        at = end;
    }
    out
}

/// What [`build`] made: the folder, and whether `dlx.wasm` is in it (else why not).
pub struct Web {
    pub dir: PathBuf,
    pub wasm: Result<PathBuf, String>,
}

/// Writes `target/web/` once per test binary: the page's files, and `dlx.wasm` when the wasm32
/// target is installed. A failing cargo build fails the test that asked.
pub fn build() -> &'static Web {
    static WEB: OnceLock<Web> = OnceLock::new();
    WEB.get_or_init(|| {
        let dir = target_dir().join("web");
        dlx_server::assets::write_static(&dir).expect("write the page into target/web");
        let wasm = if !wasm_target_installed() {
            Err("the wasm32-unknown-unknown target is not installed \
                 (`rustup target add wasm32-unknown-unknown`)"
                .to_string())
        } else {
            let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
            let out = Command::new(cargo)
                .args([
                    "build",
                    "-p",
                    "dlx-wasm",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--profile",
                    "web",
                ])
                .current_dir(workspace())
                .env("CARGO_TARGET_DIR", target_dir())
                .output()
                .expect("run cargo");
            assert!(
                out.status.success(),
                "cargo build -p dlx-wasm --target wasm32-unknown-unknown --profile web failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let built = target_dir().join("wasm32-unknown-unknown/web/dlx_wasm.wasm");
            let bytes =
                std::fs::read(&built).unwrap_or_else(|e| panic!("read {}: {e}", built.display()));
            let path = dir.join(dlx_server::assets::WASM);
            dlx_server::assets::replace(&path, &strip_custom_sections(&bytes))
                .expect("write target/web/dlx.wasm");
            Ok(path)
        };
        Web { dir, wasm }
    })
}
