//! The encoders write the shared `.dlx` files byte for byte (without their comment lines).

use std::fs;

use dlx_engine::format;
use dlx_puzzles::{Langford, Packing, Puzzle, Queens};

use crate::common::{shared_xcc, testdata, without_comments};

/// The encoder for a shared file's stem, if it is one of this crate's families.
fn encode(stem: &str) -> Option<String> {
    let write = |p: &dlx_engine::Problem| format::write(p, None);
    if let Some(n) = stem.strip_prefix("queens") {
        return Some(write(Queens::new(n.parse().ok()?).ok()?.problem()));
    }
    if let Some(rest) = stem.strip_prefix("langford") {
        let (n, half) = match rest.strip_suffix("-half") {
            Some(n) => (n, true),
            None => (rest, false),
        };
        let n = n.parse().ok()?;
        let l = if half {
            Langford::half(n)
        } else {
            Langford::new(n)
        };
        return Some(write(l.ok()?.problem()));
    }
    let rest = stem.strip_prefix("pento-")?;
    if rest == "scott" {
        return Some(write(Packing::scott(false).ok()?.problem()));
    }
    let (size, xq) = match rest.strip_suffix("-xq") {
        Some(s) => (s, true),
        None => (rest, false),
    };
    let (h, w) = size.split_once('x')?;
    let p = Packing::pentominoes(h.parse().ok()?, w.parse().ok()?, xq).ok()?;
    Some(write(p.problem()))
}

#[test]
fn queens8_from_testdata_matches() {
    let text = fs::read_to_string(testdata().join("queens8.dlx")).unwrap();
    assert_eq!(encode("queens8").unwrap(), without_comments(&text));
}

#[test]
fn every_shared_file_of_our_families_matches() {
    let Some(dir) = shared_xcc() else { return };
    let mut matched = Vec::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().and_then(|e| e.to_str()) != Some("dlx") {
            continue;
        }
        let Some(ours) = encode(stem) else { continue };
        let theirs = without_comments(&fs::read_to_string(&path).unwrap());
        if ours != theirs {
            let line = ours
                .lines()
                .zip(theirs.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(ours.lines().count().min(theirs.lines().count()));
            panic!(
                "{stem}: first difference at line {} (ours {:?}, theirs {:?})",
                line + 1,
                ours.lines().nth(line),
                theirs.lines().nth(line)
            );
        }
        matched.push(stem.to_string());
    }
    matched.sort();
    eprintln!("matched: {matched:?}");
    // queens8..14, langford7/8/11/12/12-half, pento x6: all present in the shared folder.
    assert!(matched.len() >= 18, "only {matched:?}");
}
