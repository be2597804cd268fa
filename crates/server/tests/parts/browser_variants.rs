//! Variant Sudoku on the page (issue 28, item 4; issue 29, item 5): a puzzle of every family
//! of `testdata/variants` is pasted, opened from a file or from an f-puzzles link, its rules
//! are drawn (the SVG elements of each constraint are counted against the file), and it is
//! solved; the solution the board shows is checked against every rule by the test kit's own
//! reader and checker (no code of dlx-variants), and against `answers.tsv`. New killer and
//! jigsaw puzzles are generated and solved, their solutions checked against the cages and
//! regions the page drew.
//!
//! Part of the `browser` test binary (`#[path]` module), so it shares its harness.

use super::*;

/// The sample folder.
fn samples() -> PathBuf {
    web::workspace().join("testdata/variants/puzzles")
}

/// The file's solution in `answers.tsv`.
fn answer_of(file: &str) -> String {
    let tsv = std::fs::read_to_string(web::workspace().join("testdata/variants/answers.tsv"))
        .expect("answers.tsv");
    tsv.lines()
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .find(|f| f[0] == file)
        .map(|f| f[4].to_string())
        .unwrap_or_else(|| panic!("{file} is not in answers.tsv"))
}

/// What the page must draw for an f-puzzles file: (CSS selector, how many), from the file.
fn expected_drawing(p: &Value) -> Vec<(String, u64)> {
    let len = |k: &str| p[k].as_array().map_or(0, |a| a.len() as u64);
    let mut want = Vec::new();
    let g = |kind: &str| format!(".rules-overlay g[data-kind=\"{kind}\"]");
    if len("killercage") > 0 {
        want.push((g("killer"), len("killercage")));
        let sums = p["killercage"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.get("value").is_some_and(|v| !v.is_null() && v != ""))
            .count() as u64;
        want.push((".rules-overlay .cage-sum".into(), sums));
    }
    let lines = |k: &str| {
        p[k].as_array().map_or(0, |a| {
            a.iter()
                .map(|t| t["lines"].as_array().map_or(0, |l| l.len() as u64))
                .sum()
        })
    };
    if len("thermometer") > 0 {
        want.push((g("thermo"), lines("thermometer")));
        want.push((".rules-overlay .thermo-bulb".into(), lines("thermometer")));
    }
    if len("arrow") > 0 {
        // One constraint (a circle and a line) per line of the file.
        want.push((g("arrow"), lines("arrow")));
        want.push((".rules-overlay .arrow-circle".into(), lines("arrow")));
    }
    for (field, css) in [
        ("difference", ".rules-overlay .dot.white"),
        ("ratio", ".rules-overlay .dot.black"),
        ("xv", ".rules-overlay text.xv"),
        ("even", ".rules-overlay .parity.even"),
        ("odd", ".rules-overlay .parity.odd"),
        ("sandwichsum", ".rules-overlay .sandwich"),
        (
            "extraregion",
            ".rules-overlay g[data-kind=\"extra_region\"]",
        ),
    ] {
        if len(field) > 0 {
            want.push((css.into(), len(field)));
        }
    }
    if len("littlekillersum") > 0 {
        let with_value = p["littlekillersum"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c.get("value").is_some_and(|v| !v.is_null() && v != ""))
            .count() as u64;
        want.push((".rules-overlay .little-killer".into(), with_value));
    }
    let diagonals = ["diagonal+", "diagonal-"]
        .iter()
        .filter(|k| p[**k] == json!(true))
        .count() as u64;
    want.push((".rules-overlay .diagonal".into(), diagonals));
    if p["disjointgroups"] == json!(true) {
        let n = p["size"].as_u64().unwrap();
        want.push((".rules-overlay .group-mark".into(), n * n));
    }
    want
}

/// The region of each cell of an f-puzzles file: its `region`, or its box.
fn regions_of(p: &Value) -> Vec<u64> {
    let n = p["size"].as_u64().unwrap() as usize;
    let mut br = (n as f64).sqrt() as usize;
    while n % br != 0 {
        br -= 1;
    }
    let bc = n / br;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            p["grid"][r][c]["region"]
                .as_u64()
                .unwrap_or(((r / br) * (n / bc) + c / bc) as u64)
        })
        .collect()
}

/// The board's thick lines: for each cell, whether it has one on its right and below.
async fn borders(c: &Client) -> Vec<(bool, bool)> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board .cell')].map(d => [d.classList.contains('box-r'), d.classList.contains('box-b')]);",
    )
    .await;
    serde_json::from_value(v).expect("borders")
}

/// Asserts that the board's thick lines run exactly between different regions.
async fn assert_borders(c: &Client, regions: &[u64]) {
    let n = (regions.len() as f64).sqrt() as usize;
    let got = borders(c).await;
    for i in 0..n * n {
        let (r, col) = (i / n, i % n);
        let right = col + 1 < n && regions[i] != regions[i + 1];
        let below = r + 1 < n && regions[i] != regions[i + n];
        assert_eq!(
            got[i],
            (right, below),
            "the borders of r{}c{}",
            r + 1,
            col + 1
        );
    }
}

/// Loads `text` through the Paste dialog (the text set at once: typing a long JSON file key by
/// key takes a WebDriver session minutes).
async fn paste_whole(c: &Client, text: &str) {
    click(c, "#paste-btn").await;
    find(c, "#paste-text").await;
    c.execute(
        "document.querySelector('#paste-text').value = arguments[0]; return 0;",
        vec![json!(text)],
    )
    .await
    .expect("set the pasted text");
    click(c, "#paste-load").await;
    wait_js(
        c,
        "return !document.querySelector('#paste-dialog').open;",
        "the paste dialog to close",
        |v| v == &json!(true),
    )
    .await;
}

/// The digits the board shows, 0 for an empty cell.
async fn digits(c: &Client) -> Vec<u8> {
    board(c)
        .await
        .iter()
        .map(|s| match s.chars().next() {
            Some(ch) if s.len() == 1 => SYMBOLS.find(ch).map_or(0, |k| k as u8 + 1),
            _ => 0,
        })
        .collect()
}

/// Solves the puzzle on the board ("One, unique?") and waits for the verdict `badge`.
async fn solve_for(c: &Client, badge: &str) -> Vec<u8> {
    select(c, "#mode-select", "unique").await;
    js(
        c,
        "document.querySelector('#result').hidden = true; return 0;",
    )
    .await;
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    let got = text_of(c, "#result-badge").await;
    // The badge is drawn in capitals by the style sheet; its text is the word.
    assert!(
        got.eq_ignore_ascii_case(badge),
        "the verdict {got}: {}",
        text_of(c, "#result-status").await
    );
    let cells = digits(c).await;
    assert!(
        cells.iter().all(|&d| d > 0),
        "the board is full after a solve"
    );
    cells
}

/// A sample file drawn and solved: every constraint of the file has its drawing, the regions
/// their borders, and the solution shown keeps every rule (the test kit's checker) and is the
/// one in `answers.tsv`.
async fn family_flow(c: &Client, url: &str, file: &str) {
    let text = std::fs::read_to_string(samples().join(file)).expect(file);
    let p: Value = serde_json::from_str(&text).expect("f-puzzles JSON");
    open(c, url).await;
    paste_whole(c, &text).await;
    visible(c, "#variant-rules").await;
    let n = p["size"].as_u64().unwrap();
    wait_count(c, "#board .cell", n * n, "the board of the puzzle's size").await;
    for (css, want) in expected_drawing(&p) {
        wait_count(c, &css, want, &format!("{file}: {want} of {css}")).await;
    }
    assert_borders(c, &regions_of(&p)).await;
    // Rules of the whole grid are said in words beside the board (the engine's titles).
    let list = text_of(c, "#variant-list").await;
    for (field, words) in [
        ("antiknight", "anti-knight"),
        ("antiking", "anti-king"),
        ("nonconsecutive", "nonconsecutive"),
        ("disjointgroups", "disjoint groups"),
    ] {
        if p[field] == json!(true) {
            assert!(list.contains(words), "{file}: the rules list says {list:?}");
        }
    }
    // Each cell of a constraint says so to a screen reader.
    if p["killercage"].as_array().is_some_and(|a| !a.is_empty()) {
        let label = js(
            c,
            "return document.querySelector('#board .cell[aria-label*=\"killer cage 1\"]')?.getAttribute('aria-label') ?? null;",
        )
        .await;
        assert!(label.is_string(), "{file}: no cell labelled with its cage");
    }
    let kit = dlx_testkit::variants::read_fpuzzles(&text).expect("the test kit reads it");
    screenshot(
        c,
        &format!("variant-{}", file.trim_end_matches(".json")),
        None,
    )
    .await;
    let grid = solve_for(c, "Unique").await;
    dlx_testkit::variants::check(&kit, &grid)
        .unwrap_or_else(|e| panic!("{file}: the page's solution breaks a rule: {e}"));
    let line: String = grid
        .iter()
        .map(|&d| SYMBOLS.as_bytes()[usize::from(d) - 1] as char)
        .collect();
    assert_eq!(line, answer_of(file), "{file}");
}

// One browser session per host runs every family in turn (a fresh page for each): starting
// Chromium is most of a short test's time, and the files name themselves in every failure.
/// Every family of `testdata/variants`, through the engine in the page (static folder).
const FAMILIES: &[&str] = &[
    "killer-03.json",
    "killer-with-givens-03.json",
    "6x6-killer-01.json",
    "6x6-classic-01.json",
    "thermo-02.json",
    "arrow-01.json",
    "kropki-02.json",
    "xv-04.json",
    "x-01.json",
    "classic-irregular-01.json",
    "windoku-01.json",
    "disjoint-groups-02.json",
    "even-odd-01.json",
    "little-killer-03.json",
    "sandwich-01.json",
    "anti-knight-01.json",
    "anti-king-02.json",
    "nonconsecutive-03.json",
];

/// Through `dlx serve`'s JSON API (no dlx.wasm): the same page on /api/variants/*.
const FAMILIES_ON_THE_API: &[&str] = &["killer-03.json", "classic-irregular-01.json"];

async fn every_family_flow(c: &Client, url: &str) {
    for file in FAMILIES {
        family_flow(c, url, file).await;
    }
}

async fn families_on_the_api_flow(c: &Client, url: &str) {
    for file in FAMILIES_ON_THE_API {
        family_flow(c, url, file).await;
    }
}

browser_tests! {
    every_variant_family_draws_and_solves => every_family_flow on Static;
    variants_on_the_api_draw_and_solve => families_on_the_api_flow;
}

browser_tests! {
    a_variant_opens_from_a_file_and_from_an_fpuzzles_link => open_flow on Static;
    a_variant_is_checked_stepped_through_and_counted => variant_player_flow on Static;
    new_killer_and_new_jigsaw_are_made_drawn_and_solved => generate_variant_flow on Static;
    new_variants_on_the_api => generate_variant_flow;
    a_killer_hint_is_drawn_in_levels_and_rated => killer_hint_flow on Static;
    jigsaw_regions_light_up_in_both_players => jigsaw_players_flow on Static;
}

/// The board's cells with `class`, as row-major indices, sorted.
async fn indices_with(c: &Client, class: &str, n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = cells_with(c, class)
        .await
        .into_iter()
        .map(|(r, col)| r * n + col)
        .collect();
    v.sort_unstable();
    v
}

/// `[[row, column], ...]` as sorted row-major indices.
fn indices(cells: &Value, n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = cells
        .as_array()
        .map(|a| {
            a.iter()
                .map(|rc| rc[0].as_u64().unwrap() as usize * n + rc[1].as_u64().unwrap() as usize)
                .collect()
        })
        .unwrap_or_default();
    v.sort_unstable();
    v.dedup();
    v
}

/// Issue 29, item 5: a hint on a killer board comes from the variant logic, in its levels, and
/// is drawn on the board as the engine gives it (computed here by `dlx_api` itself): level 1
/// lights the houses and outlines the areas (the cage, the rule of 45's region...) with no
/// cell; level 2 shows the pattern's cells; level 3 the eliminations and placements. Solving
/// then shows the variant's rating.
async fn killer_hint_flow(c: &Client, url: &str) {
    open(c, url).await;
    // A killer with givens: its rating is quick (killer-03's runs to trial and takes seconds).
    let file = "killer-with-givens-03.json";
    let text = std::fs::read_to_string(samples().join(file)).unwrap();
    paste_whole(c, &text).await;
    visible(c, "#variant-rules").await;
    let caps = dlx_api::Caps::browser();
    let mut run = dlx_api::Run::new(dlx_api::Budget::unlimited(), &caps);
    let want = dlx_api::vlogic::hint(
        &dlx_api::vlogic::VariantHintRequest {
            puzzle: text.as_str().into(),
            level: Some(1),
            ..Default::default()
        },
        &mut run,
    )
    .expect("the engine's hint");
    let want = serde_json::to_value(&want).unwrap();
    let pattern = &want["step"]["pattern"];
    let areas = pattern["areas"].as_array().cloned().unwrap_or_default();
    assert!(
        !areas.is_empty(),
        "the first step of {file} uses a cage or region: {want}"
    );
    // Level 1: the technique and where to look.
    click(c, "#hint-btn").await;
    visible(c, "#hint-card").await;
    assert_eq!(
        text_of(c, "#hint-text").await,
        want["levels"][0].as_str().unwrap()
    );
    assert!(text_of(c, "#hint-meta").await.starts_with("Hint 1 of 3"));
    let mut lit: Vec<usize> = areas.iter().flat_map(|a| indices(&a["cells"], 9)).collect();
    for h in pattern["houses"].as_array().unwrap() {
        for i in 0..81 {
            let (r, col) = (i / 9, i % 9);
            let inside = h["row"].as_u64() == Some(r as u64)
                || h["column"].as_u64() == Some(col as u64)
                || h["box"].as_u64() == Some(((r / 3) * 3 + col / 3) as u64);
            if inside {
                lit.push(i);
            }
        }
    }
    lit.sort_unstable();
    lit.dedup();
    assert_eq!(indices_with(c, "lane", 9).await, lit, "the lit cells");
    let drawn = js(
        c,
        "return [...document.querySelectorAll('.rules-overlay .step-areas g[data-area]')].map(g => [g.dataset.area, g.dataset.cells, g.querySelectorAll('line').length]);",
    )
    .await;
    let drawn = drawn.as_array().unwrap();
    assert_eq!(drawn.len(), areas.len(), "{drawn:?}");
    for (d, a) in drawn.iter().zip(&areas) {
        assert_eq!(d[0], a["name"]);
        let mut cells: Vec<usize> = d[1]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        cells.sort_unstable();
        assert_eq!(cells, indices(&a["cells"], 9), "{}", a["name"]);
        assert!(d[2].as_u64().unwrap() >= 4, "an outline of {}", a["name"]);
    }
    assert!(
        indices_with(c, "pat", 9).await.is_empty(),
        "no cell at level 1"
    );
    // Level 2: the pattern's cells.
    click(c, "#hint-btn").await;
    wait_text(c, "#hint-meta", "the second level", |s| {
        s.starts_with("Hint 2 of 3")
    })
    .await;
    assert_eq!(
        text_of(c, "#hint-text").await,
        want["levels"][1].as_str().unwrap()
    );
    assert_eq!(
        indices_with(c, "pat", 9).await,
        indices(&pattern["cells"], 9)
    );
    // Level 3: the whole step, its eliminations struck in the cells' candidates.
    click(c, "#hint-more").await;
    wait_text(c, "#hint-meta", "the third level", |s| {
        s.starts_with("Hint 3 of 3")
    })
    .await;
    assert_eq!(
        text_of(c, "#hint-text").await,
        want["levels"][2].as_str().unwrap()
    );
    let step = &want["step"];
    let elims = step["eliminations"].as_array().unwrap().len() as u64;
    assert_eq!(count(c, "#board .marks span.mk-elim").await, elims);
    let placed: Vec<Value> = step["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| json!([x["row"], x["col"]]))
        .collect();
    assert_eq!(
        indices_with(c, "pat-place", 9).await,
        indices(&Value::Array(placed), 9)
    );
    screenshot(c, "variant-killer-hint.png", None).await;
    click(c, "#hint-close").await;
    // Solved, the board shows the variant's rating (the engine's).
    let rated = dlx_api::vlogic::rate(
        &dlx_api::vlogic::VariantRateRequest {
            puzzle: text.as_str().into(),
            ..Default::default()
        },
        &mut run,
    )
    .unwrap();
    solve_for(c, "Unique").await;
    let er = format!("{:.1}", rated.er);
    wait_text(c, "#result-stats", "the rating", |s| {
        s.contains("Rating") && s.contains(&er)
    })
    .await;
}

/// Issue 31 on a jigsaw: the logic player outlines and lights the jigsaw region a step uses,
/// and the search player lights the region its item names ("digit 5 in region 4"); each is
/// a region of the file (the f-puzzles `region` of its cells), whole.
async fn jigsaw_players_flow(c: &Client, url: &str) {
    open(c, url).await;
    let file = "classic-irregular-01.json";
    let text = std::fs::read_to_string(samples().join(file)).unwrap();
    let p: Value = serde_json::from_str(&text).unwrap();
    paste_whole(c, &text).await;
    visible(c, "#variant-rules").await;
    let regions = regions_of(&p);
    let region_of =
        |i: usize| -> Vec<usize> { (0..81).filter(|&j| regions[j] == regions[i]).collect() };
    // The logic player: the first step in a region.
    click(c, "#explain-btn").await;
    visible(c, "#logic-player").await;
    let found = js(
        c,
        "const s = document.querySelector('#logic-step-slider');
         for (let i = 0; i <= Number(s.max); i++) {
           s.value = String(i); s.dispatchEvent(new Event('input'));
           const g = document.querySelector('.rules-overlay .step-areas g[data-area^=\"region \"]');
           if (g) return { i, name: g.dataset.area, cells: g.dataset.cells.split(' ').map(Number),
             lane: [...document.querySelectorAll('#board .cell.lane')].map(d => Number(d.dataset.r) * 9 + Number(d.dataset.c)),
             text: document.querySelector('#logic-step-text').textContent };
         }
         return null;",
    )
    .await;
    assert!(found.is_object(), "no logic step in a region of {file}");
    let mut cells: Vec<usize> = serde_json::from_value(found["cells"].clone()).unwrap();
    cells.sort_unstable();
    assert_eq!(cells, region_of(cells[0]), "{found}");
    let lane: Vec<usize> = serde_json::from_value(found["lane"].clone()).unwrap();
    assert!(
        cells.iter().all(|i| lane.contains(i)),
        "the region is lit: {found}"
    );
    let name = found["name"].as_str().unwrap();
    assert!(found["text"].as_str().unwrap().contains(name), "{found}");
    press(c, "#board", Key::Escape).await;
    visible(c, "#keypad").await;
    // The search player: a step whose item is a digit in a region lights that region only.
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    let found = js(
        c,
        "const s = document.querySelector('#step-slider');
         for (let i = 0; i <= Number(s.max); i++) {
           s.value = String(i); s.dispatchEvent(new Event('input'));
           const text = document.querySelector('#step-text').textContent;
           const lane = [...document.querySelectorAll('#board .cell.lane')].map(d => Number(d.dataset.r) * 9 + Number(d.dataset.c));
           if (/in region \\d+/.test(text) && lane.length) return { i, text, lane };
         }
         return null;",
    )
    .await;
    assert!(found.is_object(), "no search step on a region of {file}");
    let mut lane: Vec<usize> = serde_json::from_value(found["lane"].clone()).unwrap();
    lane.sort_unstable();
    assert_eq!(lane, region_of(lane[0]), "{found}");
    press(c, "#board", Key::Escape).await;
}

/// The file picker and the `?load=` address of an f-puzzles link open a puzzle with its rules;
/// the address then carries the puzzle (`?v=`), and a reload brings it back.
async fn open_flow(c: &Client, url: &str) {
    open(c, url).await;
    let path = samples()
        .join("thermo-02.json")
        .canonicalize()
        .expect("the sample's path");
    find(c, "#open-file")
        .await
        .send_keys(path.to_str().unwrap())
        .await
        .expect("choose the file");
    wait_count(
        c,
        ".rules-overlay g[data-kind=\"thermo\"]",
        3,
        "the file's thermometers",
    )
    .await;
    assert!(toast_text(c).await.contains("thermo-02.json"));
    // An f-puzzles link: the engine reads its lz-string.
    let text = std::fs::read_to_string(samples().join("arrow-01.json")).unwrap();
    let puzzle = dlx_variants::parse(&text).unwrap();
    let link = dlx_variants::write(&puzzle, dlx_variants::Format::Link);
    let load = link.split("load=").nth(1).unwrap_or(&link).to_string();
    let address = format!("{url}?load={}", encode_component(&load));
    open(c, &address).await;
    wait_count(c, ".rules-overlay .arrow-circle", 4, "the link's arrows").await;
    let kit = dlx_testkit::variants::read_fpuzzles(&text).unwrap();
    let grid = solve_for(c, "Unique").await;
    dlx_testkit::variants::check(&kit, &grid).unwrap();
    // The address now carries the puzzle itself; a reload draws it again.
    let here = wait_js(
        c,
        "return location.search;",
        "the address to carry the puzzle",
        |v| v.as_str().is_some_and(|s| s.contains("v=")),
    )
    .await;
    assert!(!here.as_str().unwrap().contains("load="), "{here}");
    c.refresh().await.unwrap();
    wait_js(
        c,
        "return document.body.dataset.ready === 'true';",
        "the page to start again",
        |v| v == &json!(true),
    )
    .await;
    wait_count(
        c,
        ".rules-overlay .arrow-circle",
        4,
        "the arrows after a reload",
    )
    .await;
}

/// `encodeURIComponent` for the characters an lz-string link uses.
fn encode_component(s: &str) -> String {
    s.chars()
        .map(|ch| match ch {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '-' | '_' | '.' | '~' => ch.to_string(),
            _ => format!("%{:02X}", ch as u32),
        })
        .collect()
}

/// On a variant: a wrong entry is flagged by the live check with the rule it breaks, Check
/// marks it without the answer, Step through replays the search to a solution that keeps
/// every rule, and Count counts the solutions of a puzzle that has several.
async fn variant_player_flow(c: &Client, url: &str) {
    open(c, url).await;
    let file = "killer-with-givens-03.json";
    let text = std::fs::read_to_string(samples().join(file)).unwrap();
    paste_whole(c, &text).await;
    visible(c, "#variant-rules").await;
    let answer: Vec<u8> = answer_of(file)
        .chars()
        .map(|ch| ch.to_digit(10).unwrap() as u8)
        .collect();
    let before = digits(c).await;
    let blank = before.iter().position(|&d| d == 0).unwrap();
    // A digit the row already holds: the live check names the row.
    let row = blank / 9;
    let repeat = (0..9)
        .map(|k| before[row * 9 + k])
        .find(|&d| d > 0)
        .expect("a given in the row");
    select_cell(c, blank / 9, blank % 9).await;
    type_keys(c, &repeat.to_string()).await;
    wait_text(c, "#check-summary", "the broken rule", |s| {
        s.contains("broken")
    })
    .await;
    let named = format!("row {}", row + 1);
    wait_text(c, "#conflict-list", "the row named", |s| s.contains(&named)).await;
    assert!(
        cell_classes(c, blank / 9, blank % 9)
            .await
            .contains("conflict")
    );
    // A wrong digit that breaks no rule yet: Check marks it, and shows no answer.
    type_keys(c, "0").await;
    let wrong = (1..=9u8)
        .find(|&d| {
            d != answer[blank]
                && (0..9).all(|k| before[row * 9 + k] != d && before[k * 9 + blank % 9] != d)
        })
        .expect("a wrong digit");
    type_keys(c, &wrong.to_string()).await;
    click(c, "#check-btn").await;
    wait_js(
        c,
        &format!(
            "return document.querySelector('#cell-{}-{}').classList.contains('wrong');",
            blank / 9,
            blank % 9
        ),
        "Check to mark the wrong entry",
        |v| v == &json!(true),
    )
    .await;
    let shown = digits(c).await;
    assert_eq!(
        shown.iter().filter(|&&d| d > 0).count(),
        before.iter().filter(|&&d| d > 0).count() + 1,
        "Check shows no answer"
    );
    type_keys(c, "0").await;
    // Step through the search to its last step: a solution that keeps every rule.
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    press(c, "#step-slider", Key::End).await;
    wait_text(c, "#step-text", "the last step", |s| {
        s.starts_with("solution")
    })
    .await;
    let kit = dlx_testkit::variants::read_fpuzzles(&text).unwrap();
    dlx_testkit::variants::check(&kit, &digits(c).await).expect("the traced solution");
    press(c, "#board", Key::Escape).await;
    visible(c, "#keypad").await;
    // Count: a killer of two cages on 4x4 has several solutions; the page's count is the test
    // kit's brute-force count.
    let small = "size 4\ncage 7 r1c1 r1c2\ncage 3 r4c3 r4c4\n";
    paste_whole(c, small).await;
    wait_count(
        c,
        ".rules-overlay g[data-kind=\"killer\"]",
        2,
        "the two cages",
    )
    .await;
    select(c, "#mode-select", "count").await;
    js(
        c,
        "document.querySelector('#limit-input').value = '100000'; return 0;",
    )
    .await;
    js(
        c,
        "document.querySelector('#result').hidden = true; return 0;",
    )
    .await;
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    assert!(
        text_of(c, "#result-badge")
            .await
            .eq_ignore_ascii_case("Counted")
    );
    let status = text_of(c, "#result-status").await;
    let fpz = json!({
        "size": 4,
        "grid": vec![vec![json!({}); 4]; 4],
        "killercage": [
            { "cells": ["R1C1", "R1C2"], "value": "7" },
            { "cells": ["R4C3", "R4C4"], "value": "3" },
        ],
    });
    let kit = dlx_testkit::variants::read_fpuzzles(&fpz.to_string()).unwrap();
    let want = dlx_testkit::variants::count(&kit, u64::MAX);
    assert!(want > 1);
    assert!(
        status.starts_with(&format!("{want} solutions")),
        "{status} (the test kit counts {want})"
    );
}

/// New killer and new jigsaw puzzles: made by the engine, drawn (cages with sums, irregular
/// regions), solved uniquely; the solution is checked against what the page drew: every row,
/// column and region (from the cells' borders' `data-region`) and every cage's digits and sum.
async fn generate_variant_flow(c: &Client, url: &str) {
    open(c, url).await;
    // The families are the engine's (meta.variant_kinds).
    let kinds = js(
        c,
        "return [...document.querySelectorAll('#gen-kind option')].map(o => o.value);",
    )
    .await;
    let kinds: Vec<String> = serde_json::from_value(kinds).unwrap();
    for k in ["killer", "jigsaw", "windoku", "x"] {
        assert!(kinds.iter().any(|x| x == k), "{kinds:?}");
    }
    select(c, "#gen-size", "6").await;
    js(
        c,
        "document.querySelector('#gen-seed').value = '11'; return 0;",
    )
    .await;
    for (button, kind) in [("#gen-killer", "killer"), ("#gen-jigsaw", "jigsaw")] {
        js(
            c,
            "document.querySelector('#gen-info').hidden = true; return 0;",
        )
        .await;
        click(c, button).await;
        visible(c, "#gen-info").await;
        let info = text_of(c, "#gen-info").await;
        assert!(info.contains("seed 11"), "{kind}: {info}");
        assert_eq!(
            js(c, "return document.querySelector('#gen-kind').value;").await,
            json!(kind)
        );
        wait_count(c, "#board .cell", 36, "a 6x6 board").await;
        let grid = solve_for(c, "Unique").await;
        let regions: Vec<u64> = serde_json::from_value(
            js(c, "return [...document.querySelectorAll('#board .cell')].map(d => Number(d.dataset.region));").await,
        )
        .unwrap();
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..6 {
            houses.push((0..6).map(|k| i * 6 + k).collect());
            houses.push((0..6).map(|k| k * 6 + i).collect());
            houses.push((0..36).filter(|&j| regions[j] == i as u64).collect());
        }
        for h in &houses {
            let set: std::collections::BTreeSet<u8> = h.iter().map(|&j| grid[j]).collect();
            assert_eq!(set.len(), 6, "{kind}: house {h:?} of {grid:?}");
        }
        let cages: Vec<(Vec<usize>, Option<u32>)> = serde_json::from_value(
            js(
                c,
                "return [...document.querySelectorAll('.rules-overlay g[data-kind=\"killer\"]')].map(g => [g.dataset.cells.split(' ').map(Number), g.querySelector('.cage-sum') ? Number(g.querySelector('.cage-sum').textContent) : null]);",
            )
            .await,
        )
        .unwrap();
        if kind == "killer" {
            assert!(cages.len() > 3, "{cages:?}");
            let mut covered: Vec<usize> = cages.iter().flat_map(|c| c.0.clone()).collect();
            covered.sort();
            assert_eq!(
                covered,
                (0..36).collect::<Vec<_>>(),
                "the cages tile the grid"
            );
            for (cells, sum) in &cages {
                let digits: Vec<u32> = cells.iter().map(|&j| u32::from(grid[j])).collect();
                let set: std::collections::BTreeSet<u32> = digits.iter().copied().collect();
                assert_eq!(set.len(), digits.len(), "a cage repeats a digit");
                assert_eq!(Some(digits.iter().sum()), *sum, "a cage's sum");
            }
        } else {
            assert!(cages.is_empty());
            // Irregular: some region is not a 2x3 box.
            let boxes = (0..36).all(|j| regions[j] == ((j / 6) / 2 * 2 + (j % 6) / 3) as u64);
            assert!(!boxes, "a jigsaw's regions are not the boxes");
            assert_borders(c, &regions).await;
        }
    }
}

/// The serious and critical violations axe-core finds on the page as it is.
async fn axe_violations(c: &Client, src: &str, state: &str) -> Vec<String> {
    c.execute(&format!("{src}\n;return typeof axe;"), vec![])
        .await
        .expect("load axe-core");
    let v = c
        .execute_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations
               .filter((v) => v.impact === 'serious' || v.impact === 'critical')
               .map((v) => { const t = v.nodes[0].target.join(' '); const e = document.querySelector(t);
                 return `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements, e.g. ${t}: label ${JSON.stringify(e && e.getAttribute('aria-label'))}, text ${JSON.stringify(e && e.textContent)})`; })),
               (e) => done([`axe failed: ${e}`]));",
            vec![],
        )
        .await
        .expect("run axe-core");
    v.as_array()
        .unwrap()
        .iter()
        .map(|l| format!("{state}: {}", l.as_str().unwrap_or_default()))
        .collect()
}

/// axe-core on the states beyond a tab's first view: a variant with cages and clues outside
/// the grid, a hint at each level, a player open.
async fn axe_states_flow(c: &Client, url: &str) {
    open(c, url).await;
    let src = axe_source();
    let mut found = Vec::new();
    for file in [
        "killer-with-givens-03.json",
        "little-killer-03.json",
        "kropki-02.json",
    ] {
        let text = std::fs::read_to_string(samples().join(file)).unwrap();
        paste_whole(c, &text).await;
        visible(c, "#variant-rules").await;
        // Clues outside the grid get a margin, and the page still fits the window.
        assert!(
            overflow_x(c).await <= 0,
            "{file}: the page is wider than the window"
        );
        if let Some(src) = &src {
            found.extend(axe_violations(c, src, file).await);
        }
    }
    let Some(src) = src else {
        return;
    };
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    found.extend(axe_violations(c, &src, "a variant's search player").await);
    press(c, "#board", Key::Escape).await;
    // A classic puzzle's hint, at its first and last level.
    open_easy(c, url).await;
    click(c, "#hint-btn").await;
    visible(c, "#hint-card").await;
    found.extend(axe_violations(c, &src, "a hint, level 1").await);
    click(c, "#hint-more").await;
    click(c, "#hint-more").await;
    visible(c, "#hint-apply").await;
    found.extend(axe_violations(c, &src, "a hint, level 3").await);
    assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
}

browser_tests! {
    axe_finds_no_serious_violation_on_variants_hints_and_players => axe_states_flow on Static;
    axe_finds_no_serious_violation_on_variants_on_a_phone => axe_states_flow on Static at 390, 844;
}

/// Making a variant is long work like any other: the progress bar shows with Stop, Stop ends
/// the worker ("Stopped: no puzzle made"), and the next puzzle is made on a fresh worker.
async fn variant_generation_stops_flow(c: &Client, url: &str) {
    open(c, url).await;
    select(c, "#gen-kind", "killer").await;
    select(c, "#gen-size", "16").await;
    js(
        c,
        "document.querySelector('#gen-info').hidden = true; return 0;",
    )
    .await;
    click(c, "#gen-btn").await;
    let bar = "return !document.querySelector('#busy-bar').hidden;";
    wait_js(c, bar, "the busy bar", |v| v == &json!(true)).await;
    click(c, "#busy-stop").await;
    wait_js(c, bar, "the busy bar to go", |v| v == &json!(false)).await;
    let info = wait_text(c, "#gen-info", "the stop said", |s| !s.is_empty()).await;
    assert!(info.starts_with("Stopped"), "{info}");
    // A small one now, on a fresh worker.
    select(c, "#gen-kind", "x").await;
    select(c, "#gen-size", "6").await;
    js(
        c,
        "document.querySelector('#gen-info').hidden = true; return 0;",
    )
    .await;
    click(c, "#gen-btn").await;
    let info = wait_text(c, "#gen-info", "a new X puzzle", |s| s.contains("seed")).await;
    assert!(info.contains("given"), "{info}");
    wait_count(c, ".rules-overlay .diagonal", 2, "the X puzzle's diagonals").await;
    wait_count(c, "#board .cell", 36, "a 6x6 board").await;
    // Bands are offered on 9x9 only; an X puzzle of the easy band is rated easy by the engine.
    assert_eq!(
        js(c, "return document.querySelector('#gen-band').disabled;").await,
        json!(true)
    );
    select(c, "#gen-size", "9").await;
    select(c, "#gen-band", "easy").await;
    // A seed that finds one quickly (0.7 s from the command line under load).
    let seed = find(c, "#gen-seed").await;
    seed.clear().await.unwrap();
    seed.send_keys("6").await.unwrap();
    click(c, "#gen-btn").await;
    let rating = wait_text(c, "#gen-rating", "the new puzzle's rating", |s| {
        !s.is_empty()
    })
    .await;
    assert!(rating.contains("Easy"), "{rating}");
    wait_count(c, "#board .cell", 81, "a 9x9 board").await;
    // The cells lit around the selection are those the rules make it see: r9c9 on the
    // diagonal from r1c1, not r2c5.
    select_cell(c, 0, 0).await;
    let lit = js(
        c,
        "const d = document.querySelectorAll('#board .cell'); return [d[80].classList.contains('peer'), d[13].classList.contains('peer')];",
    )
    .await;
    assert_eq!(lit, json!([true, false]));
}

browser_tests! {
    making_a_variant_shows_progress_and_stops => variant_generation_stops_flow on Static;
}
