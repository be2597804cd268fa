//! The static page, `target/web/`, is built by the tests (no hand step): the page's files and
//! the engine's WebAssembly, a module with the C ABI the worker drives and nothing else to
//! import. `tests/browser.rs` runs the page from the folder in Chromium.

mod common;

use common::web;

#[test]
fn the_static_folder_has_the_page_and_the_engine() {
    let w = web::build();
    for (name, _, body) in dlx_server::assets::FILES {
        let on_disk = std::fs::read_to_string(w.dir.join(name)).expect(name);
        assert_eq!(on_disk, body, "{name} in {}", w.dir.display());
    }
    let path = match &w.wasm {
        Ok(path) => path,
        Err(why) => {
            eprintln!("note: target/web has no dlx.wasm: {why}");
            return;
        }
    };
    let bytes = std::fs::read(path).expect("read dlx.wasm");
    assert_eq!(&bytes[..8], b"\0asm\x01\0\0\0", "a WebAssembly 1.0 module");
    // The custom sections (DWARF, names) are gone: what is left is code and data.
    assert_eq!(web::strip_custom_sections(&bytes), bytes);
    let text = String::from_utf8_lossy(&bytes);
    for export in [
        "dlx_alloc",
        "dlx_free",
        "dlx_call",
        "dlx_answer_len",
        "memory",
    ] {
        assert!(text.contains(export), "dlx.wasm exports no {export}");
    }
    // No bindings generator's imports (`__wbindgen_...`): only the worker's three.
    assert!(
        !text.contains("__wbindgen"),
        "dlx.wasm still imports wasm-bindgen's glue"
    );
    for import in ["performance_now", "date_now", "progress"] {
        assert!(text.contains(import), "dlx.wasm imports no {import}");
    }
}

#[test]
fn stripping_keeps_every_section_but_the_custom_ones() {
    // A module of one type section (id 1) and one custom section (id 0) named "x".
    let module = [
        b"\0asm\x01\0\0\0".as_slice(),
        &[1, 1, 0],
        &[0, 4, 1, b'x', 0xAA, 0xBB],
    ]
    .concat();
    let stripped = web::strip_custom_sections(&module);
    assert_eq!(
        stripped,
        [b"\0asm\x01\0\0\0".as_slice(), &[1, 1, 0]].concat()
    );
}

/// The service worker keeps every file of the page (each module included) and the engine, so
/// that the page opens offline whole; and every module a script imports is one of the files.
#[test]
fn the_service_worker_keeps_every_file_and_every_import_is_served() {
    let sw = dlx_server::assets::FILES
        .iter()
        .find(|f| f.0 == "sw.js")
        .expect("sw.js")
        .2;
    let list = &sw[sw.find("const FILES = [").expect("sw.js's FILES")..];
    let list = &list[..list.find("];").expect("the end of FILES")];
    let kept: Vec<&str> = list.split('"').skip(1).step_by(2).collect();
    for (name, _, _) in dlx_server::assets::FILES {
        if name != "sw.js" {
            assert!(kept.contains(&name), "sw.js does not keep {name}: {kept:?}");
        }
    }
    assert!(kept.contains(&"dlx.wasm"), "{kept:?}");
    for (name, imported) in imports() {
        assert!(
            dlx_server::assets::FILES.iter().any(|f| f.0 == imported),
            "{name} imports {imported}, which the page does not serve"
        );
    }
}

/// Every `(module, module it imports)` of the page's scripts: `from "./x.js"` and the bare
/// `import "./x.js";`.
fn imports() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    for (name, _, body) in dlx_server::assets::FILES {
        if !name.ends_with(".js") {
            continue;
        }
        for marker in ["from \"./", "import \"./"] {
            for part in body.split(marker).skip(1) {
                out.push((name, &part[..part.find('"').unwrap()]));
            }
        }
    }
    out
}

/// The page's modules are layered as the crates are: no module imports one that imports it
/// back (the board below the players, storage below input; app.js on top), so each can be
/// read, and loaded, after the ones it uses.
#[test]
fn no_page_module_imports_one_that_imports_it_back() {
    let edges = imports();
    // Depth-first from each module; a module met again on the path is a cycle.
    fn visit<'a>(
        m: &'a str,
        edges: &[(&'a str, &'a str)],
        path: &mut Vec<&'a str>,
        done: &mut Vec<&'a str>,
    ) {
        if let Some(at) = path.iter().position(|p| *p == m) {
            panic!(
                "the page's modules import each other: {} -> {m}",
                path[at..].join(" -> ")
            );
        }
        if done.contains(&m) {
            return;
        }
        path.push(m);
        for (_, to) in edges.iter().filter(|e| e.0 == m) {
            visit(to, edges, path, done);
        }
        path.pop();
        done.push(m);
    }
    let mut done = Vec::new();
    for (name, _, _) in dlx_server::assets::FILES {
        visit(name, &edges, &mut Vec::new(), &mut done);
    }
    assert!(done.contains(&"board.js"), "{done:?}");
}

/// The page copies none of the engine's words: the symbols of digits, the names and titles of
/// bands, techniques, symmetries, solvers, heuristics and algorithms, and why searches stop
/// come from the engine's `meta` at start-up (issue 31: "no domain knowledge copied from the
/// Rust side"), so none of them is written in the page's scripts or HTML.
#[test]
fn the_page_copies_none_of_the_engines_words() {
    let meta = serde_json::to_value(dlx_api::meta::meta(&dlx_api::Caps::browser())).unwrap();
    let mut words: Vec<String> = Vec::new();
    for list in [
        "bands",
        "techniques",
        "symmetries",
        "solvers",
        "heuristics",
        "algorithms",
        "stops",
    ] {
        for w in meta[list]
            .as_array()
            .unwrap_or_else(|| panic!("meta.{list}"))
        {
            // As the page would write them: an option of a menu, a title in quotes, or a word in
            // quotes when it cannot be an ordinary word of the page's own (`x_wing`, `rotate180`,
            // not `diagonal`, which is also a class name).
            let name = w["name"].as_str().unwrap();
            words.push(format!("value=\"{name}\""));
            if name.contains(|c: char| c == '_' || c.is_ascii_digit()) {
                words.push(format!("\"{name}\""));
            }
            let title = w["title"].as_str().unwrap();
            words.push(format!("\"{title}\""));
            words.push(format!(">{title}</option>"));
        }
    }
    let symbols = meta["symbols"].as_str().unwrap();
    words.push(symbols[..12].to_string());
    assert!(words.len() > 150, "{}", words.len());
    for (name, _, body) in dlx_server::assets::FILES {
        if !(name.ends_with(".js") || name.ends_with(".html"))
            || ["worker.js", "sw.js"].contains(&name)
        {
            continue;
        }
        // The page's own choice among the engine's words: the symmetry the generator starts
        // with (the engine's default is none), named once where the menu is.
        let mut body = body.replace(r#"data-default="rotate180""#, "");
        // The API tab documents the JSON API's words for programs: quoting them is its job.
        if let Some(start) = body.find(r#"<section id="panel-api""#) {
            let end = start + body[start..].find("</section>").expect("the API tab's end");
            body.replace_range(start..end, "");
        }
        for w in &words {
            assert!(
                !body.contains(w.as_str()),
                "{name} writes {w}, a word of the engine's meta"
            );
        }
    }
}
