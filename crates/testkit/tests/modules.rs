//! No import cycles between the modules of a crate (issue 27): every crate's `src/**/*.rs` is
//! read, the references between its modules (`use` trees and paths through `crate::`,
//! `super::`, `self::` or a child module's name) make a graph, and a cycle in it fails the test,
//! naming the modules and where each reference is. Shared types belong a level below the
//! modules that share them, so that a module can be read, tested and moved without the ones
//! that use it.
//!
//! What counts: a reference from module `a` to an item of module `b` (the longest path of
//! modules a path names; a name a module re-exports with `pub use` counts as the module it
//! comes from). `mod` declarations are not references, and neither are the crate root's own
//! re-exports (the crate's public face); any other `pub use` is. Test modules
//! (`#[cfg(test)] mod ... { }`) are left out: they may use whatever they test.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside a crate: `[]` for the root, `["sudoku", "batch"]`.
type ModPath = Vec<String>;

/// One source file and its module.
struct Module {
    path: ModPath,
    file: PathBuf,
    /// The text with comments, strings and test modules blanked (lines kept).
    code: String,
}

/// Every module of the crate whose sources are under `src`.
fn modules(src: &Path) -> Vec<Module> {
    let mut out = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap();
            let mut path: ModPath = rel
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if rel.parent() == Some(Path::new("")) && matches!(path[0].as_str(), "lib" | "main") {
                path.clear();
            } else if path.last().is_some_and(|l| l == "mod") {
                path.pop();
            } else if rel.starts_with("bin") {
                // A binary of its own: not a module of the library.
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            out.push(Module {
                path,
                file: p,
                code: without_tests(&blank(&text)),
            });
        }
    }
    out
}

/// `text` with comments, string and character literals replaced by spaces (newlines kept, so
/// that line numbers stay true).
fn blank(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(keep(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && matches!(c.get(i + 1), Some('"' | '#'))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // A raw string: r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            while j < c.len() {
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.extend(c[i..j.min(c.len())].iter().map(|&ch| keep(ch)));
            i = j;
        } else if c[i] == '"' {
            let start = i;
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(c.len());
            out.extend(c[start..i].iter().map(|&ch| keep(ch)));
        } else if c[i] == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), left as it is.
            let end = if c.get(i + 1) == Some(&'\\') {
                (i + 2..c.len()).find(|&j| c[j] == '\'')
            } else if c.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(e) => {
                    out.extend(c[i..=e].iter().map(|&ch| keep(ch)));
                    i = e + 1;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// `code` (already blanked) without its `#[cfg(test)] mod NAME { ... }` blocks.
fn without_tests(code: &str) -> String {
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(at) = out[from..].find("#[cfg(test)]") {
        let at = from + at;
        let after = &out[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let rest = trimmed
            .strip_prefix("pub(crate) ")
            .or_else(|| trimmed.strip_prefix("pub "))
            .unwrap_or(trimmed);
        let Some(open) = rest
            .strip_prefix("mod ")
            .and_then(|r| r.find(['{', ';']).filter(|&k| r.as_bytes()[k] == b'{'))
        else {
            from = at + 1;
            continue;
        };
        let open = out.len() - rest.len() + "mod ".len() + open;
        let mut depth = 0;
        let mut end = out.len();
        for (k, b) in out.bytes().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        let blanked: String = out[at..end]
            .chars()
            .map(|ch| if ch == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blanked);
        from = end;
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Reads an identifier at `c[*i..]`.
fn ident(c: &[char], i: &mut usize) -> Option<String> {
    let start = *i;
    while *i < c.len() && is_ident(c[*i]) {
        *i += 1;
    }
    (start < *i && !c[start].is_ascii_digit()).then(|| c[start..*i].iter().collect())
}

fn skip_space(c: &[char], i: &mut usize) {
    while *i < c.len() && c[*i].is_whitespace() {
        *i += 1;
    }
}

/// The paths of a `use` tree starting at `c[*i..]` (after `use`), each with `prefix` before it.
fn use_tree(c: &[char], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        skip_space(c, i);
        if c.get(*i) == Some(&'{') {
            *i += 1;
            loop {
                skip_space(c, i);
                if c.get(*i) == Some(&'}') {
                    *i += 1;
                    return;
                }
                use_tree(c, i, &path, out);
                skip_space(c, i);
                match c.get(*i) {
                    Some(',') => *i += 1,
                    Some('}') => {
                        *i += 1;
                        return;
                    }
                    _ => return,
                }
            }
        }
        if c.get(*i) == Some(&'*') {
            *i += 1;
            out.push(path);
            return;
        }
        if c.get(*i) == Some(&':') && c.get(*i + 1) == Some(&':') {
            // A leading `::` (an external crate).
            *i += 2;
            path.push("::".into());
            continue;
        }
        let Some(name) = ident(c, i) else {
            return;
        };
        path.push(name);
        skip_space(c, i);
        if c.get(*i) == Some(&':') && c.get(*i + 1) == Some(&':') {
            *i += 2;
            continue;
        }
        // `as alias` ends this path.
        let save = *i;
        if ident(c, i).as_deref() == Some("as") {
            skip_space(c, i);
            let _ = ident(c, i);
        } else {
            *i = save;
        }
        out.push(path);
        return;
    }
}

/// The paths a module's code names, each with the line it is on, and whether it is in a
/// `pub use` (a re-export).
fn references(code: &str) -> Vec<(Vec<String>, usize, bool)> {
    let c: Vec<char> = code.chars().collect();
    let mut line_of = Vec::with_capacity(c.len() + 1);
    let mut line = 1;
    for &ch in &c {
        line_of.push(line);
        if ch == '\n' {
            line += 1;
        }
    }
    line_of.push(line);
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if !is_ident(c[i]) || (i > 0 && (is_ident(c[i - 1]) || c[i - 1] == '\'')) {
            i += 1;
            continue;
        }
        let start = i;
        let word = ident(&c, &mut i).unwrap_or_default();
        if word == "use" {
            let before: String = c[..start].iter().collect();
            let before = before.trim_end();
            let public = before.ends_with("pub") || before.ends_with(')');
            let mut paths = Vec::new();
            use_tree(&c, &mut i, &[], &mut paths);
            for p in paths {
                out.push((p, line_of[start], public));
            }
            continue;
        }
        // A path in code: `word::ident::...`, not preceded by `::`.
        if start >= 2 && c[start - 1] == ':' && c[start - 2] == ':' {
            continue;
        }
        let mut path = vec![word];
        loop {
            let save = i;
            if c.get(i) == Some(&':') && c.get(i + 1) == Some(&':') {
                i += 2;
                if let Some(next) = ident(&c, &mut i) {
                    path.push(next);
                    continue;
                }
            }
            i = save;
            break;
        }
        if path.len() > 1 {
            out.push((path, line_of[start], false));
        }
    }
    out
}

/// A crate's module graph: `edges[a][b]` is where `a` first names `b` (file, line).
struct Graph {
    edges: BTreeMap<ModPath, BTreeMap<ModPath, String>>,
}

fn graph(src: &Path) -> Graph {
    let mods = modules(src);
    let known: BTreeSet<ModPath> = mods.iter().map(|m| m.path.clone()).collect();
    let refs: Vec<Vec<(Vec<String>, usize, bool)>> =
        mods.iter().map(|m| references(&m.code)).collect();
    // What each module re-exports: name -> the path it stands for (as written there).
    let mut reexports: BTreeMap<ModPath, BTreeMap<String, (ModPath, Vec<String>)>> =
        BTreeMap::new();
    for (m, refs) in mods.iter().zip(&refs) {
        for (p, _, public) in refs {
            if *public && let Some(last) = p.last() {
                reexports
                    .entry(m.path.clone())
                    .or_default()
                    .insert(last.clone(), (m.path.clone(), p.clone()));
            }
        }
    }
    // The module a path names from module `at`, if it is one of this crate's.
    fn resolve(
        at: &ModPath,
        path: &[String],
        known: &BTreeSet<ModPath>,
        reexports: &BTreeMap<ModPath, BTreeMap<String, (ModPath, Vec<String>)>>,
        depth: usize,
    ) -> Option<ModPath> {
        let mut base: ModPath;
        let mut rest = path;
        match path.first().map(String::as_str) {
            Some("crate") => {
                base = Vec::new();
                rest = &path[1..];
            }
            Some("self") => {
                base = at.clone();
                rest = &path[1..];
            }
            Some("super") => {
                base = at.clone();
                while rest.first().map(String::as_str) == Some("super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                // A child module's name (or a name this module re-exports or imports).
                let mut child = at.clone();
                child.push(first.to_string());
                if !known.contains(&child) {
                    return None;
                }
                base = at.clone();
            }
            None => return None,
        }
        for (k, seg) in rest.iter().enumerate() {
            let mut next = base.clone();
            next.push(seg.clone());
            if known.contains(&next) {
                base = next;
                continue;
            }
            // An item: re-exported from elsewhere?
            if depth < 8
                && let Some((from, target)) = reexports.get(&base).and_then(|r| r.get(seg))
                && target.as_slice() != path
                && let Some(m) = resolve(from, target, known, reexports, depth + 1)
            {
                let _ = k;
                return Some(m);
            }
            break;
        }
        Some(base)
    }
    let mut edges: BTreeMap<ModPath, BTreeMap<ModPath, String>> = BTreeMap::new();
    for (m, refs) in mods.iter().zip(&refs) {
        for (p, line, public) in refs {
            // The crate root's re-exports are the crate's face, not a dependency.
            if *public && m.path.is_empty() {
                continue;
            }
            let Some(to) = resolve(&m.path, p, &known, &reexports, 0) else {
                continue;
            };
            if to == m.path {
                continue;
            }
            edges
                .entry(m.path.clone())
                .or_default()
                .entry(to)
                .or_insert_with(|| format!("{}:{line} ({})", m.file.display(), p.join("::")));
        }
    }
    Graph { edges }
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn cycles(g: &Graph) -> Vec<Vec<ModPath>> {
    struct State<'a> {
        g: &'a Graph,
        index: BTreeMap<ModPath, usize>,
        low: BTreeMap<ModPath, usize>,
        stack: Vec<ModPath>,
        on: BTreeSet<ModPath>,
        next: usize,
        out: Vec<Vec<ModPath>>,
    }
    fn visit(s: &mut State<'_>, v: &ModPath) {
        s.index.insert(v.clone(), s.next);
        s.low.insert(v.clone(), s.next);
        s.next += 1;
        s.stack.push(v.clone());
        s.on.insert(v.clone());
        let targets: Vec<ModPath> =
            s.g.edges
                .get(v)
                .map(|e| e.keys().cloned().collect())
                .unwrap_or_default();
        for w in targets {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let lw = s.low[&w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(&w) {
                let iw = s.index[&w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(&w);
                let done = &w == v;
                comp.push(w);
                if done {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    let nodes: Vec<ModPath> = g.edges.keys().cloned().collect();
    for v in nodes {
        if !s.index.contains_key(&v) {
            visit(&mut s, &v);
        }
    }
    s.out
}

fn name(p: &ModPath) -> String {
    if p.is_empty() {
        "crate".into()
    } else {
        p.join("::")
    }
}

/// Every crate of the workspace and the Python package: `(name, src)`.
fn crates() -> Vec<(String, PathBuf)> {
    let dir = dlx_testkit::root().canonicalize().unwrap().join("crates");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                p.join("src"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn no_crate_has_an_import_cycle_between_its_modules() {
    let mut report = String::new();
    let mut checked = 0;
    for (krate, src) in crates() {
        let g = graph(&src);
        checked += 1;
        for comp in cycles(&g) {
            report.push_str(&format!(
                "\ncrates/{krate}: a cycle between {}:\n",
                comp.iter().map(name).collect::<Vec<_>>().join(", ")
            ));
            let inside: BTreeSet<&ModPath> = comp.iter().collect();
            for a in &comp {
                for (b, at) in g.edges.get(a).into_iter().flatten() {
                    if inside.contains(b) {
                        report.push_str(&format!("  {} -> {}: {at}\n", name(a), name(b)));
                    }
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} crates found");
    assert!(
        report.is_empty(),
        "modules that import each other (move what they share a level down):{report}"
    );
}

/// The test's own reader, on a small crate made here: a cycle through `super::`, a child's
/// name and a re-export is found; test modules, comments and strings are not read.
#[test]
fn the_reader_finds_cycles_and_ignores_tests_comments_and_strings() {
    let dir = std::env::temp_dir().join(format!("dlx-modules-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("a")).unwrap();
    let write = |p: &str, t: &str| std::fs::write(src.join(p), t).unwrap();
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\npub use b::Thing;\n// crate::c::x in a comment\n",
    );
    write(
        "a.rs",
        "mod inner;\npub use inner::Deep;\npub fn f() -> crate::Thing { inner::g() }\n",
    );
    write(
        "a/inner.rs",
        "pub struct Deep;\npub fn g() -> crate::b::Thing { let s = \"crate::c::y\"; super::f() }\n",
    );
    write(
        "b.rs",
        "pub struct Thing;\nfn h(_: super::a::Deep) {}\n#[cfg(test)]\nmod tests { use crate::c::Z; }\n",
    );
    write(
        "c.rs",
        "pub struct Z;\nuse crate::{b::Thing as T, a::{self}};\n",
    );
    let g = graph(&src);
    let found = cycles(&g);
    std::fs::remove_dir_all(&dir).unwrap();
    let names: Vec<Vec<String>> = found.iter().map(|c| c.iter().map(name).collect()).collect();
    // a -> b (crate::Thing, re-exported from b), a -> a::inner, a::inner -> b and a,
    // b -> a::inner (super::a::Deep, re-exported by a), c -> b, c -> a.
    assert_eq!(names, vec![vec!["a", "a::inner", "b"]], "{:?}", g.edges);
    assert!(
        !g.edges.contains_key(&vec!["b".to_string()]) || {
            let b = &g.edges[&vec!["b".to_string()]];
            !b.contains_key(&vec!["c".to_string()])
        }
    );
    assert!(
        g.edges
            .get(&Vec::new())
            .is_none_or(|e| !e.contains_key(&vec!["c".to_string()]))
    );
}
