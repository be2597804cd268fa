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
    for (name, _, body) in dlx_server::assets::FILES {
        if !name.ends_with(".js") {
            continue;
        }
        for part in body.split("from \"./").skip(1) {
            let imported = &part[..part.find('"').unwrap()];
            assert!(
                dlx_server::assets::FILES.iter().any(|f| f.0 == imported),
                "{name} imports {imported}, which the page does not serve"
            );
        }
    }
}
