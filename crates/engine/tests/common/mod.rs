//! Test data shared by the engine's integration tests and benchmarks: the repository's small
//! exact-cover samples (`testdata/xcc`), the shared suite when `../shared` is present, and
//! their expected figures (`expected.toml`: solutions, DLX1's nodes and updates, SSXCC's
//! nodes).

// Each test binary and benchmark uses a part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use dlx_engine::{Problem, format};

/// The repository's samples: always present.
pub fn repo_testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/xcc")
}

/// The shared inputs, when `../shared` is present.
pub fn shared_xcc() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/xcc");
    p.join("expected.toml").exists().then_some(p)
}

/// The expected figures of one input (absent keys are `None`).
#[derive(Clone, Debug, Default)]
pub struct Expected {
    /// The number of solutions.
    pub solutions: Option<u64>,
    /// Knuth's DLX1: search-tree nodes.
    pub dlx1_nodes: Option<u64>,
    /// Knuth's DLX1: updates.
    pub dlx1_updates: Option<u64>,
    /// Knuth's SSXCC: search-tree nodes (branch nodes plus forced moves).
    pub ssxcc_nodes: Option<u64>,
}

/// Every input listed in `dir/expected.toml`, in the file's order, or `None` if it cannot be
/// read.
pub fn expected(dir: &Path) -> Option<Vec<(String, Expected)>> {
    let text = std::fs::read_to_string(dir.join("expected.toml")).ok()?;
    let table: toml::Table = toml::from_str(&text).ok()?;
    Some(
        table
            .iter()
            .map(|(name, want)| {
                let get = |k: &str| want.get(k).and_then(|v| v.as_integer()).map(|v| v as u64);
                let e = Expected {
                    solutions: get("solutions"),
                    dlx1_nodes: get("dlx1_nodes"),
                    dlx1_updates: get("dlx1_updates"),
                    ssxcc_nodes: get("ssxcc_nodes"),
                };
                (name.clone(), e)
            })
            .collect(),
    )
}

/// The problem `dir/name.dlx`, or `None` if it is missing or does not parse.
pub fn load(dir: &Path, name: &str) -> Option<Problem> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.dlx"))).ok()?;
    Some(format::parse(&text).ok()?.0)
}

/// A repository sample (they are always there).
pub fn repo_problem(name: &str) -> Problem {
    load(&repo_testdata(), name).unwrap_or_else(|| panic!("testdata/xcc/{name}.dlx"))
}

/// An input and its expected figures, from the shared suite if present, else from the
/// repository's samples (for benchmarks).
pub fn find(name: &str) -> Option<(Problem, Expected)> {
    let dirs = shared_xcc().into_iter().chain([repo_testdata()]);
    for dir in dirs {
        if let Some(p) = load(&dir, name) {
            let want = expected(&dir)?
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, e)| e)?;
            return Some((p, want));
        }
    }
    None
}
