//! The page in a real headless Chromium, driven over WebDriver (fantoccini + chromedriver).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`tests/install-browser.sh` installs them).
//! Without them each test prints a note and passes, unless `DLX_REQUIRE_BROWSER=1`, when a
//! missing browser fails the test (CI sets it after installing).
//!
//! Screenshots go to `$DLX_ARTIFACTS` or `target/artifacts/`; with
//! `DLX_UPDATE_SCREENSHOTS=1` the ones the README shows are also written to `docs/`.
//!
//! Every process a test starts (chromedriver, and Chromium under it) runs in its own process
//! group, killed when the test ends, pass or fail.

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;

use common::web;
use fantoccini::elements::Element;
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Arto Inkala's puzzle (2010), one of the hardest known for people.
const DIABOLICAL: &str =
    ".2.....9..65.2..4.9.4.....5..6.5.......17....54.....18.....2....59...8..7...4...3";
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

const WAIT: Duration = Duration::from_secs(20);

// ───────────────────────────── harness ─────────────────────────────

/// Whether the browser is there; prints why a test is skipped, or panics under
/// `DLX_REQUIRE_BROWSER=1`.
fn browser_available() -> bool {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
        .into_iter()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if missing.is_empty() {
        return true;
    }
    let required = std::env::var("DLX_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "DLX_REQUIRE_BROWSER=1 but {} missing (run crates/server/tests/install-browser.sh)",
        missing.join(" and ")
    );
    note(&format!(
        "skipping the browser test: {} not installed (crates/server/tests/install-browser.sh installs them)",
        missing.join(" and ")
    ));
    false
}

fn free_port() -> u16 {
    let l = StdListener::bind("127.0.0.1:0").expect("bind a free port");
    l.local_addr().expect("local address").port()
}

/// chromedriver in its own process group, with a fresh Chromium profile; killed on drop.
struct Driver {
    child: Child,
    profile: PathBuf,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        use std::os::unix::process::CommandExt;
        let port = free_port();
        let profile =
            std::env::temp_dir().join(format!("dlx-browser-test-{}-{}", std::process::id(), port));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("create the profile directory");
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("start chromedriver");
        let driver = Driver {
            child,
            profile,
            port,
        };
        let deadline = Instant::now() + WAIT;
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    /// A session in a window of `width` x `height` CSS pixels.
    async fn client(&self, width: u32, height: u32) -> Client {
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ]
        .into_iter()
        .map(String::from)
        .chain([
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", self.profile.display()),
        ])
        .collect::<Vec<_>>();
        // Windows narrower than Chromium's smallest (500 px) get a phone's screen instead.
        let mut options = json!({ "binary": CHROMIUM, "args": args });
        if width < 500 {
            options["mobileEmulation"] = json!({
                "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1 },
            });
        }
        let caps = json!({ "browserName": "chrome", "goog:chromeOptions": options });
        let Value::Object(caps) = caps else {
            unreachable!()
        };
        // Plain HTTP to the local chromedriver: no TLS stack to build.
        ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a WebDriver session in Chromium")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole group: chromedriver and the Chromium it started.
        let pgid = self.child.id();
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{pgid}")])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Any Chromium process that left the group still names our profile: end it by pid.
        let needle = self.profile.display().to_string();
        if let Ok(entries) = std::fs::read_dir("/proc") {
            for e in entries.flatten() {
                let name = e.file_name();
                let Some(pid) = name.to_str().and_then(|s| s.parse::<u32>().ok()) else {
                    continue;
                };
                let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
                if String::from_utf8_lossy(&cmdline).contains(&needle) {
                    let _ = Command::new("kill")
                        .args(["-KILL", &pid.to_string()])
                        .stderr(Stdio::null())
                        .status();
                }
            }
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The app on a free port, stopped when dropped.
struct App {
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl App {
    /// `dlx serve`, taking `dlx.wasm` from `web` (with `None` the page uses the JSON API).
    async fn start(web: Option<PathBuf>) -> App {
        let server = dlx_server::Server::bind(
            "127.0.0.1:0".parse().expect("address"),
            dlx_server::Limits::default(),
        )
        .await
        .expect("bind the app")
        .with_web_dir(web);
        let addr = server.local_addr().expect("address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(server.run_until(async {
            let _ = stopped.await;
        }));
        App {
            url: format!("http://{addr}/"),
            stop: Some(stop),
        }
    }
}

impl Drop for App {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// A plain static file server over a folder (no API, no security headers), like
/// `python3 -m http.server`; it keeps every path it could not serve. Stopped when dropped.
struct StaticHost {
    url: String,
    missed: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
    /// While set, every request is answered 503 (a network that is down) and counted.
    offline: std::sync::Arc<std::sync::atomic::AtomicU64>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl StaticHost {
    async fn start(dir: PathBuf) -> StaticHost {
        use axum::http::{StatusCode, Uri, header};
        use axum::response::IntoResponse;
        use std::sync::atomic::Ordering;
        let missed = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let offline = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let seen = missed.clone();
        let down = offline.clone();
        let serve = move |uri: Uri, headers: axum::http::HeaderMap| {
            let (dir, seen, down) = (dir.clone(), seen.clone(), down.clone());
            // The tests' own probes of the API are not the page's requests.
            let probe = headers.contains_key("x-test-probe");
            // 0: online; from 1 up: offline, and 1 + the requests refused.
            let refused = down
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                    (n > 0).then_some(n + 1)
                })
                .is_ok();
            async move {
                if refused {
                    return StatusCode::SERVICE_UNAVAILABLE.into_response();
                }
                let name = uri.path().trim_start_matches('/');
                let name = if name.is_empty() { "index.html" } else { name };
                let kind = match name.rsplit('.').next() {
                    Some("html") => "text/html",
                    Some("js") => "text/javascript",
                    Some("css") => "text/css",
                    Some("wasm") => "application/wasm",
                    Some("json" | "webmanifest") => "application/json",
                    Some("svg") => "image/svg+xml",
                    _ => "application/octet-stream",
                };
                let file = (!name.contains("..") && !name.contains('/'))
                    .then(|| std::fs::read(dir.join(name)).ok())
                    .flatten();
                match file {
                    Some(bytes) => ([(header::CONTENT_TYPE, kind)], bytes).into_response(),
                    None => {
                        if !probe {
                            seen.lock().unwrap().push(uri.path().to_string());
                        }
                        StatusCode::NOT_FOUND.into_response()
                    }
                }
            }
        };
        let router = axum::Router::new().fallback(serve);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the static host");
        let addr = listener.local_addr().expect("address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, router)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        StaticHost {
            url: format!("http://{addr}/"),
            missed,
            offline,
            stop: Some(stop),
        }
    }
}

impl Drop for StaticHost {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// Where a test's page comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Host {
    /// `dlx serve` without `dlx.wasm`: the page asks the JSON API.
    Api,
    /// `dlx serve` with `target/web/dlx.wasm`: the page runs the engine in its worker.
    Wasm,
    /// `target/web/` on a plain static file server: no API at all.
    Static,
}

/// The page's host for a test, kept until the test ends.
enum Served {
    App(App),
    Static(StaticHost),
}

impl Served {
    /// The host, or `None` (with a note) when it needs `dlx.wasm` and the wasm32 target is
    /// not installed.
    async fn start(host: Host) -> Option<Served> {
        if host == Host::Api {
            return Some(Served::App(App::start(None).await));
        }
        let built = tokio::task::spawn_blocking(web::build)
            .await
            .expect("build target/web");
        if let Err(why) = &built.wasm {
            note(&format!("skipping a test of the engine in the page: {why}"));
            return None;
        }
        Some(match host {
            Host::Wasm => Served::App(App::start(Some(built.dir.clone())).await),
            _ => Served::Static(StaticHost::start(built.dir.clone()).await),
        })
    }

    fn url(&self) -> &str {
        match self {
            Served::App(a) => &a.url,
            Served::Static(s) => &s.url,
        }
    }

    /// The paths the static host could not serve (none for `dlx serve`).
    fn missed(&self) -> Vec<String> {
        match self {
            Served::App(_) => Vec::new(),
            Served::Static(s) => s.missed.lock().unwrap().clone(),
        }
    }
}

/// A test's app, browser and WebDriver session. Fields drop in order: the session, then the
/// browser's processes, then the app, also when a test panics.
struct Session {
    c: Client,
    _driver: Driver,
    app: Served,
    host: Host,
}

impl Session {
    /// The page from `host` and a browser window of `width` x `height` CSS pixels, or `None`
    /// (with a note) when the browser, or for the engine's hosts the wasm32 target, is not
    /// installed.
    async fn sized(host: Host, width: u32, height: u32) -> Option<Session> {
        if !browser_available() {
            return None;
        }
        let app = Served::start(host).await?;
        let driver = Driver::start();
        let c = driver.client(width, height).await;
        Some(Session {
            c,
            _driver: driver,
            app,
            host,
        })
    }

    fn url(&self) -> &str {
        self.app.url()
    }

    /// After a flow: the page ran on the engine its host offers, and a static host was never
    /// asked for the API (or anything else it does not have).
    async fn check_engine(&self) {
        let engine = js(&self.c, "return document.body.dataset.engine || null;").await;
        let want = if self.host == Host::Api {
            "server"
        } else {
            "wasm"
        };
        assert_eq!(
            engine,
            json!(want),
            "the engine of a page on {:?}",
            self.host
        );
        let missed = self.app.missed();
        assert!(missed.is_empty(), "the static page asked for {missed:?}");
    }

    async fn close(self) {
        let _ = self.c.clone().close().await;
    }
}

/// The tests: each `name => flow` runs `flow(client, url)` on a fresh app in a fresh browser
/// window, of the desktop size or `at width, height`, from `dlx serve` with the JSON API, or
/// `on Wasm` (`dlx serve` with the engine's WebAssembly) or `on Static` (the static folder
/// `target/web/`, no server); without the browser, each prints a note and passes (see
/// [`browser_available`]).
macro_rules! browser_tests {
    (@size) => {
        (1280, 1000)
    };
    (@size $w:literal, $h:literal) => {
        ($w, $h)
    };
    (@host) => {
        Host::Api
    };
    (@host $host:ident) => {
        Host::$host
    };
    ($($name:ident => $flow:ident $(on $host:ident)? $(at $w:literal, $h:literal)?;)*) => {$(
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $name() {
            let size = browser_tests!(@size $($w, $h)?);
            let Some(s) = Session::sized(browser_tests!(@host $($host)?), size.0, size.1).await else {
                return;
            };
            $flow(&s.c, s.url()).await;
            s.check_engine().await;
            s.close().await;
        }
    )*};
}

fn artifacts_dir() -> PathBuf {
    let dir = std::env::var_os("DLX_ARTIFACTS").map_or_else(
        || {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../target/artifacts"
            ))
        },
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).expect("create the artifacts directory");
    dir
}

/// Saves a screenshot as an artefact, and into `docs/` when asked to update them.
async fn screenshot(c: &Client, name: &str, docs_name: Option<&str>) {
    screenshot_at(c, None, name, docs_name).await;
}

/// Like [`screenshot`], with the element `css` scrolled to the top of the window (else the
/// top of the page).
async fn screenshot_at(c: &Client, css: Option<&str>, name: &str, docs_name: Option<&str>) {
    let scroll = match css {
        Some(css) => format!(
            "const e = document.querySelector('{css}'); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 80);"
        ),
        None => "window.scrollTo(0, 0);".to_string(),
    };
    js(
        c,
        &format!("{scroll} document.activeElement && document.activeElement.blur(); return 0;"),
    )
    .await;
    let png = c.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    let path = artifacts_dir().join(name);
    std::fs::write(&path, &png).expect("write the screenshot");
    eprintln!("screenshot: {}", path.display());
    if let Some(docs) = docs_name
        && std::env::var("DLX_UPDATE_SCREENSHOTS").is_ok_and(|v| v == "1")
    {
        let p = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(docs);
        std::fs::write(&p, &png).expect("write the docs screenshot");
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("run a script")
}

/// Polls `script` (which returns a value) until `ok` accepts it; panics with `what` after
/// the wait limit.
async fn wait_js(c: &Client, script: &str, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let v = js(c, script).await;
        if ok(&v) {
            return v;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; last value {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn find(c: &Client, css: &str) -> Element {
    c.wait()
        .at_most(WAIT)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no element {css}: {e}"))
}

async fn visible(c: &Client, css: &str) {
    let script = format!(
        "const e = document.querySelector('{css}'); return !!e && !e.hidden && e.offsetParent !== null;"
    );
    wait_js(c, &script, &format!("{css} to be visible"), |v| {
        v == &json!(true)
    })
    .await;
}

/// The text of every cell of the board, row-major.
async fn board(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board .cell')].map(d => d.textContent.trim());",
    )
    .await;
    serde_json::from_value(v).expect("cell texts")
}

/// The small digits (pencil marks, a step's candidates) cell `i` shows, in order: drawn by the
/// style sheet from each mark's `data-d`, so they are not in the cell's text.
async fn marks_of(c: &Client, i: usize) -> String {
    let v = js(
        c,
        &format!("return Array.from(document.querySelectorAll('#board .cell')[{i}].querySelectorAll('.marks span[data-d]'), (s) => s.dataset.d).join('');"),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// The class list of cell (r, c).
async fn cell_classes(c: &Client, r: usize, col: usize) -> String {
    let v = js(
        c,
        &format!("return document.querySelector('#board .cell[data-r=\"{r}\"][data-c=\"{col}\"]').className;"),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Clicks an element after scrolling it to the middle of the window (clear of the sticky
/// header), as a user would.
async fn click(c: &Client, css: &str) {
    let e = find(c, css).await;
    js(
        c,
        &format!("document.querySelector('{css}').scrollIntoView({{block: 'center'}}); return 0;"),
    )
    .await;
    e.click()
        .await
        .unwrap_or_else(|err| panic!("click {css}: {err}"));
}

async fn text_of(c: &Client, css: &str) -> String {
    find(c, css).await.text().await.expect("element text")
}

const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// An independent check that `cells` solves `puzzle` (n x n, default box shape).
fn assert_solves(puzzle: &str, cells: &[String]) {
    let n = (cells.len() as f64).sqrt() as usize;
    assert_eq!(n * n, cells.len());
    let value = |s: &str| SYMBOLS.find(s).map(|k| k + 1);
    let vals: Vec<usize> = cells
        .iter()
        .map(|s| value(s).unwrap_or_else(|| panic!("cell `{s}` is not a digit")))
        .collect();
    for (k, ch) in puzzle.chars().enumerate() {
        if ch != '.' {
            assert_eq!(Some(vals[k]), value(&ch.to_string()), "given {k} changed");
        }
    }
    let mut br = (n as f64).sqrt() as usize;
    while n % br != 0 {
        br -= 1;
    }
    let bc = n / br;
    for i in 0..n {
        let row: std::collections::BTreeSet<_> = (0..n).map(|j| vals[i * n + j]).collect();
        let col: std::collections::BTreeSet<_> = (0..n).map(|j| vals[j * n + i]).collect();
        let (r0, c0) = ((i / br) * br, (i % br) * bc);
        let bx: std::collections::BTreeSet<_> = (0..n)
            .map(|k| vals[(r0 + k / bc) * n + c0 + k % bc])
            .collect();
        assert_eq!(row.len(), n, "row {i} repeats a digit");
        assert_eq!(col.len(), n, "column {i} repeats a digit");
        assert_eq!(bx.len(), n, "box {i} repeats a digit");
    }
}

/// The texts a board shows for a puzzle line: a digit, or nothing for a blank.
fn cells_of(puzzle: &str) -> Vec<String> {
    puzzle
        .chars()
        .map(|ch| {
            if ch == '.' {
                String::new()
            } else {
                ch.to_string()
            }
        })
        .collect()
}

/// Waits until the board shows `want` (see [`cells_of`]).
async fn wait_board(c: &Client, want: &[String], what: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        let now = board(c).await;
        if now == want {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the board shows {}",
            now.concat()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Presses `key` in the element `css`.
async fn press(c: &Client, css: &str, key: Key) {
    find(c, css)
        .await
        .send_keys(&char::from(key).to_string())
        .await
        .unwrap_or_else(|e| panic!("press a key in {css}: {e}"));
}

/// Picks the option of value `value` in the select `css`.
async fn select(c: &Client, css: &str, value: &str) {
    find(c, css)
        .await
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("select {value} in {css}: {e}"));
}

/// Goes to the last step of the player whose ids start with `prefix` (End on its slider),
/// waits for its sentence to start with `first_words`, checks that the board solves `puzzle`,
/// and leaves the player with Escape.
async fn last_step_solves(c: &Client, prefix: &str, first_words: &str, puzzle: &str) {
    press(c, &format!("#{prefix}step-slider"), Key::End).await;
    let text = format!("#{prefix}step-text");
    wait_text(c, &text, "the last step", |s| s.starts_with(first_words)).await;
    assert_solves(puzzle, &board(c).await);
    press(c, "#board", Key::Escape).await;
    visible(c, "#keypad").await;
}

/// Hides `shows`, clicks `button` and returns the text of `shows` once it shows again.
async fn click_for_text(c: &Client, button: &str, shows: &str) -> String {
    js(
        c,
        &format!("document.querySelector('{shows}').hidden = true; return 0;"),
    )
    .await;
    click(c, button).await;
    visible(c, shows).await;
    text_of(c, shows).await
}

/// The last step of the player whose slider is `css`.
async fn slider_max(c: &Client, css: &str) -> usize {
    let max = find(c, css).await.attr("max").await.expect("the max");
    max.and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("{css} has no max"))
}

/// Asserts that the element `css` is hidden.
async fn assert_hidden(c: &Client, css: &str) {
    let hidden = js(
        c,
        &format!("return document.querySelector('{css}').hidden;"),
    )
    .await;
    assert_eq!(hidden, json!(true), "{css} is hidden");
}

/// Waits until `css` matches `n` elements.
async fn wait_count(c: &Client, css: &str, n: u64, what: &str) {
    let script = format!("return document.querySelectorAll('{css}').length;");
    wait_js(c, &script, what, |v| v.as_u64() == Some(n)).await;
}

/// Waits until the text of `css` satisfies `ok`; returns it.
async fn wait_text(c: &Client, css: &str, what: &str, ok: impl Fn(&str) -> bool) -> String {
    let script =
        format!("const e = document.querySelector('{css}'); return e ? e.textContent : null;");
    let v = wait_js(c, &script, what, |v| v.as_str().is_some_and(&ok)).await;
    v.as_str().unwrap_or_default().to_string()
}

async fn count(c: &Client, css: &str) -> u64 {
    js(
        c,
        &format!("return document.querySelectorAll('{css}').length;"),
    )
    .await
    .as_u64()
    .unwrap_or(0)
}

async fn slide_to(c: &Client, slider: &str, i: i64) {
    let script = format!(
        "const s = document.querySelector('{slider}'); s.value = {i} < 0 ? s.max : {i}; s.dispatchEvent(new Event('input')); return 0;"
    );
    js(c, &script).await;
}

async fn open(c: &Client, url: &str) {
    c.goto(url).await.expect("load the page");
    wait_js(
        c,
        "return document.body.dataset.ready === 'true';",
        "the page to start",
        |v| v == &json!(true),
    )
    .await;
}

// ───────────────────────────── tests ─────────────────────────────

// Each flow's comment says what its test checks.
browser_tests! {
    sudoku_page_solves_steps_and_flags_conflicts => sudoku_flow;
    exact_cover_tab_draws_the_links => exact_cover_flow;
    hint_names_and_marks_a_cell_and_apply_places_its_digit => hint_flow;
    pencil_marks_toggle_and_change_the_hint => marks_flow;
    logic_player_reaches_the_solution_and_shows_the_rating => logic_flow;
    generate_loads_a_puzzle_of_the_size_symmetry_and_band_asked => generate_flow;
    phone_layout_is_one_column_and_fits_the_screen => phone_flow at 390, 844;
    an_answer_for_an_older_board_is_not_painted => stale_flow;
    rows_stay_square_with_a_single_given => square_flow;
    a_big_problem_is_drawn_as_a_window => big_problem_flow;
    the_player_marks_backtracks_and_ends_fruitless_searches => player_gaps_flow;
    user_text_is_shown_as_text_never_as_html => text_flow;
    inputs_are_checked_and_labels_read_whole => small_items_flow;
    two_solutions_are_both_shown_with_their_differences => two_solutions_flow;
    the_exact_cover_player_steps_back_to_what_it_showed => xcc_replay_flow;
    the_size_menu_offers_every_size_the_page_draws => sizes_flow;
    // The engine in the page's worker, from `dlx serve` and from the static folder.
    the_served_page_runs_the_engine_in_its_worker => engine_flow on Wasm;
    the_static_page_runs_the_engine_in_its_worker => engine_flow on Static;
    the_static_page_solves_steps_and_flags_conflicts => sudoku_flow on Static;
    the_static_page_hints => hint_flow on Static;
    the_static_page_plays_the_logic => logic_flow on Static;
    the_static_page_generates => generate_flow on Static;
    the_static_page_draws_the_links => exact_cover_flow on Static;
    the_static_page_fits_a_phone => phone_flow on Static at 390, 844;
    a_long_search_in_the_worker_shows_progress_and_stops => cancel_flow on Static;
    // The player.
    undo_redo_and_locked_givens => undo_flow;
    undo_redo_and_locked_givens_on_the_static_page => undo_flow on Static;
    undo_redo_and_locked_givens_on_a_phone => undo_flow on Static at 390, 844;
    progress_is_kept_per_puzzle_and_the_link_has_the_givens_only => progress_flow;
    progress_is_kept_on_the_static_page => progress_flow on Static;
    check_marks_wrong_entries_and_solve_names_one => check_flow;
    check_marks_wrong_entries_on_the_static_page => check_flow on Static;
    the_timer_pauses_when_hidden_and_a_solve_is_announced => timer_flow on Static;
    the_digit_pad_is_one_row_and_axe_passes_on_a_phone => phone_served_flow at 390, 844;
    axe_finds_no_serious_violation => axe_flow on Static;
    axe_finds_no_serious_violation_on_a_phone => axe_flow on Static at 390, 844;
    a_player_on_a_phone_keeps_the_board_in_view => phone_player_flow at 390, 844;
    the_print_view_is_the_puzzle_alone => print_flow on Static;
    // The same items on the other host, several in one browser session each.
    the_served_page_times_prints_and_passes_axe => served_extras_flow;
    a_phone_keeps_the_pad_and_the_board_on_the_static_page => phone_extras_flow on Static at 390, 844;
}

/// Forgets what the page kept in the browser (progress per puzzle), between two flows of one
/// session: the page's storage emptied, and this page kept from writing to it again as it is
/// left (where it keeps its progress).
async fn forget(c: &Client) {
    js(
        c,
        "Storage.prototype.setItem = () => {}; localStorage.clear(); return 0;",
    )
    .await;
}

/// The timer, the print view and the axe audit on `dlx serve` (their own tests run on the
/// static page).
async fn served_extras_flow(c: &Client, url: &str) {
    timer_flow(c, url).await;
    forget(c).await;
    print_flow(c, url).await;
    forget(c).await;
    axe_flow(c, url).await;
}

/// The digit pad in one row and the axe-core audit, on a phone, on `dlx serve`.
async fn phone_served_flow(c: &Client, url: &str) {
    pad_flow(c, url).await;
    forget(c).await;
    axe_flow(c, url).await;
}

/// The digit pad in one row and a player keeping the board in view, on a phone, on the static
/// page (their own tests run on `dlx serve`).
async fn phone_extras_flow(c: &Client, url: &str) {
    pad_flow(c, url).await;
    forget(c).await;
    phone_player_flow(c, url).await;
}

// Variant Sudoku on the page: every family drawn and solved, files, links, generation.
#[path = "parts/browser_variants.rs"]
mod variants;

/// The print view: the page's `@media print` rules, applied to the screen here (a WebDriver
/// session cannot switch to print media), leave the board and its givens visible and hide
/// everything else, the player's entries included.
async fn print_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let blank = EASY.find('.').unwrap();
    select_cell(c, blank / 9, blank % 9).await;
    type_keys(c, &EASY_SOLUTION[blank..=blank]).await;
    wait_board_cell(c, blank, &EASY_SOLUTION[blank..=blank]).await;
    let given = EASY.find(|ch: char| ch != '.').unwrap();
    let v = js(
        c,
        &format!(
            "const rules = [];
             for (const sheet of document.styleSheets) for (const r of sheet.cssRules)
               if (r.media && [...r.media].includes('print')) for (const x of r.cssRules) rules.push(x.cssText);
             const sheet = new CSSStyleSheet(); sheet.replaceSync(rules.join('\\n'));
             document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
             const vis = (css) => getComputedStyle(document.querySelector(css)).visibility;
             const cell = (i) => document.querySelector(`#board .cell[data-r=\"${{Math.floor(i / 9)}}\"][data-c=\"${{i % 9}}\"]`);
             return {{ rules: rules.length, board: vis('#board'), header: vis('.topbar'), keypad: vis('#keypad'),
                      side: vis('#panel-sudoku .side-col'), given: getComputedStyle(cell({given})).color,
                      entry: getComputedStyle(cell({blank})).color }};"
        ),
    )
    .await;
    assert!(v["rules"].as_u64().unwrap_or(0) > 0, "no print rules: {v}");
    assert_eq!(v["board"], json!("visible"), "{v}");
    for hidden in ["header", "keypad", "side"] {
        assert_eq!(v[hidden], json!("hidden"), "{hidden}: {v}");
    }
    assert_eq!(
        v["given"],
        json!("rgb(0, 0, 0)"),
        "a given prints black: {v}"
    );
    assert_eq!(
        v["entry"],
        json!("rgba(0, 0, 0, 0)"),
        "an entry does not print: {v}"
    );
}

/// Issue 31: on a phone the players pushed the board off the screen (its top at -317 px).
/// With the search player and the logic player open and stepping, the whole board and the
/// Next button are on screen.
async fn phone_player_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let height = js(c, "return window.innerHeight;").await.as_f64().unwrap();
    for (button, card) in [("#trace-btn", "#player"), ("#explain-btn", "#logic-player")] {
        click(c, button).await;
        visible(c, card).await;
        let next = format!("{card} [id$=\"step-next\"]");
        for _ in 0..3 {
            js(
                c,
                &format!("document.querySelector('{next}').click(); return 0;"),
            )
            .await;
        }
        let b = rect(c, "#board").await;
        assert!(
            b[1] >= -1.0 && b[1] + b[3] <= height + 1.0,
            "{card}: the board at {b:?} in a screen {height} px high"
        );
        let n = rect(c, &next).await;
        assert!(
            n[1] >= 0.0 && n[1] + n[3] <= height,
            "{card}: Next at {n:?} in a screen {height} px high"
        );
        press(c, "#board", Key::Escape).await;
    }
}

/// axe-core's source: `$DLX_AXE`, or `node_modules/axe-core/axe.min.js` in the workspace
/// (`npm install axe-core`); `None` (with a note) when neither is there, a failure when
/// `DLX_REQUIRE_AXE=1` (as in `.ci/run`).
fn axe_source() -> Option<String> {
    let path = std::env::var_os("DLX_AXE").map_or_else(
        || web::workspace().join("node_modules/axe-core/axe.min.js"),
        PathBuf::from,
    );
    match std::fs::read_to_string(&path) {
        Ok(src) => Some(src),
        Err(e) => {
            // CI installs axe-core and sets this: the audit must run there.
            assert!(
                std::env::var_os("DLX_REQUIRE_AXE").is_none_or(|v| v != "1"),
                "DLX_REQUIRE_AXE=1 but axe-core is not at {}: {e}",
                path.display()
            );
            note(&format!(
                "skipping the axe-core audit: no {} (`npm install axe-core` in the workspace, or DLX_AXE=path/to/axe.min.js)",
                path.display()
            ));
            None
        }
    }
}

/// The axe-core audit of each tab, and of the paste dialog showing a refusal: no serious or
/// critical violation.
async fn axe_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let Some(src) = axe_source() else {
        return;
    };
    c.execute(&format!("{src}\n;return typeof axe;"), vec![])
        .await
        .expect("load axe-core");
    let mut found = Vec::new();
    for tab in ["sudoku", "xcc", "api", "paste dialog"] {
        if tab == "paste dialog" {
            js(c, "document.querySelector('#tab-sudoku').click(); document.querySelector('#paste-btn').click(); document.querySelector('#paste-text').value = 'these are words, not a puzzle'; document.querySelector('#paste-load').click(); return 0;").await;
            wait_js(
                c,
                "return !document.querySelector('#paste-error').hidden;",
                "the paste dialog's refusal",
                |v| v == &json!(true),
            )
            .await;
        } else {
            js(
                c,
                &format!("document.querySelector('#tab-{tab}').click(); return 0;"),
            )
            .await;
        }
        let v = c
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations
                   .filter((v) => v.impact === 'serious' || v.impact === 'critical')
                   .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements, e.g. ${v.nodes[0].target.join(' ')})`)),
                   (e) => done([`axe failed: ${e}`]));",
                vec![],
            )
            .await
            .expect("run axe-core");
        for line in v.as_array().unwrap() {
            found.push(format!("{tab} tab: {}", line.as_str().unwrap_or_default()));
        }
    }
    assert!(found.is_empty(), "axe-core:\n{}", found.join("\n"));
}

/// Issue 31: on a phone the pad wrapped its 9 alone onto a second row. Every button of a 9x9
/// (and a 12x12) pad is on one row within the screen.
async fn pad_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    for size in ["9", "12"] {
        select(c, "#size-select", size).await;
        let rows = js(
            c,
            "const w = document.documentElement.clientWidth; return [...document.querySelectorAll('#keypad button')].map((b) => { const r = b.getBoundingClientRect(); return [Math.round(r.top), r.right <= w + 0.5, r.width]; });",
        )
        .await;
        let rows = rows.as_array().unwrap();
        let n: usize = size.parse().unwrap();
        assert_eq!(rows.len(), n + 1, "{n} digits and Erase");
        for b in rows {
            assert_eq!(b[0], rows[0][0], "{size}x{size}: one row: {rows:?}");
            assert_eq!(
                b[1],
                json!(true),
                "{size}x{size}: within the screen: {rows:?}"
            );
            assert!(
                b[2].as_f64().unwrap() >= 20.0,
                "a button big enough to tap: {b}"
            );
        }
    }
}

/// The clock runs while the page is shown, stands still while it is hidden, and stops at the
/// solve, which the page announces with the time; the summary counts givens and entries apart.
async fn timer_flow(c: &Client, url: &str) {
    let (last, _) = EASY.char_indices().find(|&(_, ch)| ch == '.').unwrap();
    let almost: String = EASY_SOLUTION
        .char_indices()
        .map(|(i, ch)| if i == last { '.' } else { ch })
        .collect();
    open(c, &format!("{url}?p={almost}")).await;
    let seconds = |v: &Value| -> u64 {
        let t = v.as_str().unwrap_or("");
        let (m, s) = t.split_once(':').unwrap_or(("0", "0"));
        m.parse::<u64>().unwrap_or(0) * 60 + s.parse::<u64>().unwrap_or(0)
    };
    let timer = "return document.querySelector('#timer').textContent;";
    wait_js(c, timer, "the clock to run", |v| seconds(v) >= 1).await;
    // Hidden: the clock stands still.
    let hide = |hidden: bool| {
        format!(
            "Object.defineProperty(document, 'hidden', {{ value: {hidden}, configurable: true }}); document.dispatchEvent(new Event('visibilitychange')); return document.querySelector('#timer').textContent;"
        )
    };
    let at_hide = js(c, &hide(true)).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(js(c, timer).await, at_hide, "the clock ran while hidden");
    js(c, &hide(false)).await;
    wait_js(c, timer, "the clock to run again", |v| {
        seconds(v) > seconds(&at_hide)
    })
    .await;
    // The last digit: solved, with the time.
    select_cell(c, last / 9, last % 9).await;
    type_keys(c, &EASY_SOLUTION[last..=last]).await;
    let note = wait_text(c, "#solved-note", "the solved message", |t| {
        t.starts_with("Solved in")
    })
    .await;
    let stopped = js(c, timer).await;
    assert!(
        note.contains(stopped.as_str().unwrap()),
        "{note} vs {stopped}"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(js(c, timer).await, stopped, "the clock stops at the solve");
    let summary = text_of(c, "#check-summary").await;
    assert!(summary.contains("80 givens and 1 entry"), "{summary}");
}

/// Check marks the wrong entries (not the right ones) and shows no answer; Solve on a board
/// an entry makes unsolvable names that entry.
async fn check_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let (r, col, d) = wrong_digit(EASY, EASY_SOLUTION);
    let bad = r * 9 + col;
    let right = EASY
        .chars()
        .enumerate()
        .position(|(i, ch)| ch == '.' && i != bad)
        .unwrap();
    let solution: Vec<char> = EASY_SOLUTION.chars().collect();
    select_cell(c, right / 9, right % 9).await;
    type_keys(c, &solution[right].to_string()).await;
    select_cell(c, r, col).await;
    type_keys(c, &d.to_string()).await;
    wait_board_cell(c, bad, &d.to_string()).await;
    let before = board(c).await;
    click(c, "#check-btn").await;
    let toast = toast_text(c).await;
    assert!(toast.contains("1 entry is wrong"), "{toast}");
    assert_eq!(cells_with(c, "wrong").await, vec![(r, col)]);
    assert_eq!(board(c).await, before, "Check reveals no answer");
    let label = js(
        c,
        &format!("return document.querySelector('#board .cell[data-r=\"{r}\"][data-c=\"{col}\"]').getAttribute('aria-label');"),
    )
    .await;
    assert!(label.as_str().unwrap().contains("wrong"), "{label}");
    assert_eq!(
        js(
            c,
            "return document.activeElement && document.activeElement.id;"
        )
        .await,
        json!("board"),
        "the focus is back on the board"
    );
    // Solve: no solution with the wrong entry, and the sentence names it.
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    let status = wait_text(c, "#result-status", "the entry named", |t| {
        t.contains("contradicts")
    })
    .await;
    assert!(
        status.contains(&format!("{d} at r{}c{}", r + 1, col + 1)),
        "{status}"
    );
    wait_js(
        c,
        FOCUS_ON_BOARD,
        "the focus back on the board after Solve",
        |v| v == &json!(true),
    )
    .await;
    // Fixing the entry clears the mark, and Check then finds every entry right.
    select_cell(c, r, col).await;
    type_keys(c, &solution[bad].to_string()).await;
    wait_count(c, "#board .cell.wrong", 0, "the mark to go").await;
    click(c, "#check-btn").await;
    let toast = wait_text(c, "#toast", "the check", |t| t.contains("right so far")).await;
    assert!(toast.contains("All 2 entries right"), "{toast}");
}

/// Entries and marks are kept in the browser per puzzle: a reload brings them back (as entries,
/// not givens), Undo starts afresh, and the address (the share link) carries the givens only.
async fn progress_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let start = board(c).await;
    let blanks: Vec<usize> = start
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_empty())
        .map(|(i, _)| i)
        .take(3)
        .collect();
    let solution: Vec<char> = EASY_SOLUTION.chars().collect();
    for &i in &blanks[..2] {
        select_cell(c, i / 9, i % 9).await;
        type_keys(c, &solution[i].to_string()).await;
        wait_board_cell(c, i, &solution[i].to_string()).await;
    }
    let marked = blanks[2];
    select_cell(c, marked / 9, marked % 9).await;
    type_keys(c, "@").await; // Shift+2: a mark
    // The address carries the givens only.
    let search = wait_js(
        c,
        "return location.search;",
        "the address to carry the puzzle",
        |v| v.as_str().is_some_and(|s| s.contains("p=")),
    )
    .await;
    assert_eq!(
        search,
        json!(format!("?p={EASY}")),
        "the link has the givens only"
    );
    // Reload: the entries and the mark are back, as entries.
    c.refresh().await.expect("reload");
    wait_js(
        c,
        "return document.body.dataset.ready === 'true';",
        "the page to start again",
        |v| v == &json!(true),
    )
    .await;
    for &i in &blanks[..2] {
        wait_board_cell(c, i, &solution[i].to_string()).await;
        assert!(
            !cell_classes(c, i / 9, i % 9).await.contains("given"),
            "an entry came back as a given"
        );
    }
    let marks = format!(
        "return Array.from(document.querySelectorAll('#board .cell[data-r=\"{}\"][data-c=\"{}\"] .marks span[data-d]'), (s) => s.dataset.d).join('');",
        marked / 9,
        marked % 9
    );
    wait_js(c, &marks, "the mark back", |v| v == &json!("2")).await;
    let toast = toast_text(c).await;
    assert!(toast.contains("progress"), "{toast}");
    // A screen reader hears each cell's row, column and contents, and which is selected.
    let (i, given) = (blanks[0], start.iter().position(|s| !s.is_empty()).unwrap());
    let label = |k: usize| {
        format!(
            "return document.querySelector('#board .cell[data-r=\"{}\"][data-c=\"{}\"]').getAttribute('aria-label');",
            k / 9,
            k % 9
        )
    };
    assert_eq!(
        js(c, &label(i)).await,
        json!(format!(
            "Row {}, column {}: your entry {}",
            i / 9 + 1,
            i % 9 + 1,
            solution[i]
        ))
    );
    assert_eq!(
        js(c, &label(given)).await,
        json!(format!(
            "Row {}, column {}: given {}",
            given / 9 + 1,
            given % 9 + 1,
            start[given]
        ))
    );
    assert_eq!(
        js(c, &label(marked)).await,
        json!(format!(
            "Row {}, column {}: empty, marks 2",
            marked / 9 + 1,
            marked % 9 + 1
        ))
    );
    select_cell(c, marked / 9, marked % 9).await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#board').getAttribute('aria-activedescendant');"
        )
        .await,
        json!(format!("cell-{}-{}", marked / 9, marked % 9))
    );
    // Undo starts the puzzle afresh.
    click(c, "#undo-btn").await;
    wait_board(c, &cells_of(EASY), "the puzzle afresh").await;
}

/// Digits and marks undo and redo (buttons, Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z), the focus goes back
/// to the board after the buttons, a given cannot be typed over or erased, and a wipe (Clear)
/// says how to undo it and is undone whole, givens and all.
async fn undo_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let start = board(c).await;
    let empty = start
        .iter()
        .position(String::is_empty)
        .expect("an empty cell");
    let (r, col) = (empty / 9, empty % 9);
    let given = start.iter().position(|s| !s.is_empty()).expect("a given");
    let (gr, gc) = (given / 9, given % 9);
    let undo_disabled = "return document.querySelector('#undo-btn').disabled;";
    assert_eq!(
        js(c, undo_disabled).await,
        json!(true),
        "nothing to undo yet"
    );

    // A digit, undone and redone by the keyboard.
    select_cell(c, r, col).await;
    type_keys(c, "7").await;
    wait_board_cell(c, empty, "7").await;
    type_keys(c, &format!("{}z", Key::Control)).await;
    wait_board_cell(c, empty, "").await;
    type_keys(c, &format!("{}y", Key::Control)).await;
    wait_board_cell(c, empty, "7").await;
    type_keys(c, &format!("{}{}z", Key::Control, Key::Shift)).await;
    wait_board_cell(c, empty, "7").await; // nothing left to redo: no change
    // ... and by the buttons, which hand the focus back to the board.
    click(c, "#undo-btn").await;
    wait_board_cell(c, empty, "").await;
    assert_eq!(js(c, FOCUS_ON_BOARD).await, json!(true), "focus after Undo");
    click(c, "#redo-btn").await;
    wait_board_cell(c, empty, "7").await;
    assert_eq!(js(c, FOCUS_ON_BOARD).await, json!(true), "focus after Redo");

    // A pencil mark, undone.
    let other = start
        .iter()
        .enumerate()
        .position(|(i, s)| s.is_empty() && i != empty)
        .unwrap();
    select_cell(c, other / 9, other % 9).await;
    type_keys(c, "!").await; // Shift+1: a mark
    let marks = format!(
        "return Array.from(document.querySelectorAll('#board .cell[data-r=\"{}\"][data-c=\"{}\"] .marks span[data-d]'), (s) => s.dataset.d).join('');",
        other / 9,
        other % 9
    );
    wait_js(c, &marks, "the mark", |v| v == &json!("1")).await;
    click(c, "#undo-btn").await;
    wait_js(c, &marks, "the mark undone", |v| v == &json!("")).await;

    // A given is locked: typing over it or erasing it changes nothing and says why.
    select_cell(c, gr, gc).await;
    let was = start[given].clone();
    let other_digit = if was == "1" { "2" } else { "1" };
    type_keys(c, other_digit).await;
    let toast = toast_text(c).await;
    assert!(
        toast.contains("given") && toast.contains("locked"),
        "{toast}"
    );
    type_keys(c, &Key::Backspace.to_string()).await;
    assert_eq!(board(c).await[given], was, "the given stayed");

    // Clear wipes the board, says how to undo, and Undo brings it back whole.
    let before = board(c).await;
    click(c, "#clear-btn").await;
    wait_board(c, &vec![String::new(); 81], "the board cleared").await;
    let toast = toast_text(c).await;
    assert!(toast.contains("Undo"), "{toast}");
    click(c, "#undo-btn").await;
    wait_board(c, &before, "the board back after Undo").await;
    assert!(
        cell_classes(c, gr, gc).await.contains("given"),
        "the givens are givens again"
    );
    assert!(
        !cell_classes(c, r, col).await.contains("given"),
        "the entry is an entry again"
    );
    // A size change wipes the board too, and Undo brings back the grid, its size and the focus.
    select(c, "#size-select", "4").await;
    wait_count(c, "#board .cell", 16, "the 4x4 board").await;
    click(c, "#undo-btn").await;
    wait_board(c, &before, "the 9x9 board back after Undo").await;
    assert_eq!(js(c, FOCUS_ON_BOARD).await, json!(true), "focus after Undo");
}

/// Whether the board has the keyboard's focus (issue 31: it comes back after every button).
const FOCUS_ON_BOARD: &str =
    "return document.activeElement && document.activeElement.id === 'board';";

async fn wait_board_cell(c: &Client, i: usize, want: &str) {
    let script = format!(
        "const d = document.querySelector('#board .cell[data-r=\"{}\"][data-c=\"{}\"]'); return d.querySelector('.marks') ? '' : d.textContent.trim();",
        i / 9,
        i % 9
    );
    wait_js(c, &script, &format!("cell {i} to show `{want}`"), |v| {
        v == &json!(want)
    })
    .await;
}

/// Once loaded, the page opens and solves with the network down: its service worker kept the
/// page's files and the engine (the host refuses every request, and is asked: the page is
/// served from what was kept, not from the browser's HTTP cache alone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_page_opens_and_solves_offline_once_loaded() {
    let Some(s) = Session::sized(Host::Static, 1280, 1000).await else {
        return;
    };
    let c = &s.c;
    open(c, s.url()).await;
    let kept = "const done = arguments[arguments.length - 1];
        (navigator.serviceWorker.controller
          ? caches.open('dlx-page-v2').then((k) => Promise.all(['./', 'app.js', 'board.js', 'engine.js', 'worker.js', 'dlx.wasm'].map((f) => k.match(f))))
              .then((all) => all.every((r) => !!r))
          : Promise.resolve(false)).then(done, () => done(false));";
    let deadline = Instant::now() + WAIT;
    loop {
        let v = c
            .execute_async(kept, vec![])
            .await
            .expect("look at the cache");
        if v == json!(true) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the service worker never kept the page and the engine"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let Served::Static(host) = &s.app else {
        unreachable!()
    };
    host.offline.store(1, std::sync::atomic::Ordering::SeqCst);
    open(c, &format!("{}?p={INKALA}", s.url())).await;
    assert!(
        host.offline.load(std::sync::atomic::Ordering::SeqCst) > 1,
        "the page did not even try the network"
    );
    assert_eq!(
        js(c, "return document.body.dataset.engine;").await,
        json!("wasm")
    );
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    assert_solves(INKALA, &board(c).await);
    // The manifest a phone installs the page from.
    host.offline.store(0, std::sync::atomic::Ordering::SeqCst);
    let manifest = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json()).then(done, (e) => done(String(e)));",
            vec![],
        )
        .await
        .expect("read the manifest");
    assert_eq!(manifest["display"], json!("standalone"), "{manifest}");
    assert_eq!(manifest["start_url"], json!("./"), "{manifest}");
    s.close().await;
}

/// The engine in the worker answers as the API does: a hard 9x9 solved (the solution checked
/// independently), a refusal naming its field; on `dlx serve` the same answer as the JSON
/// API's. Prints the time to solve in the worker (message round trip, median of 101) and the
/// time to a page ready for input (no timing is asserted: speed belongs in the figures).
async fn engine_flow(c: &Client, url: &str) {
    open(c, url).await;
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let script = format!(
        "const done = arguments[arguments.length - 1];
         import('./engine.js').then(async (e) => {{
           const first = await e.call('solve', {{ puzzle: '{hard}' }});
           const times = [];
           for (let i = 0; i < 101; i++) {{
             const t = performance.now();
             await e.call('solve', {{ puzzle: '{hard}' }});
             times.push(performance.now() - t);
           }}
           times.sort((a, b) => a - b);
           let refusal = null;
           try {{ await e.call('solve', {{ puzzle: '11..' }}); }} catch (err) {{ refusal = err.body; }}
           const nav = performance.getEntriesByType('navigation')[0];
           const ready = performance.getEntriesByName('dlx-ready')[0];
           const meta = await e.call('meta', {{}});
           const bandOptions = [...document.querySelectorAll('#gen-band option')].map((o) => [o.value, o.textContent, o.title]);
           done({{ kind: e.engineKind(), first, median: times[50], refusal, meta, bandOptions,
                   ready: ready ? ready.startTime : null, interactive: nav ? nav.domInteractive : null }});
         }}).catch((err) => done({{ failed: String(err) }}));"
    );
    let v = c
        .execute_async(&script, vec![])
        .await
        .expect("run the engine in the page");
    assert!(v.get("failed").is_none(), "{v}");
    assert_eq!(v["kind"], json!("wasm"), "{v}");
    let solution = v["first"]["solution"]
        .as_str()
        .unwrap_or_else(|| panic!("{v}"));
    assert_solves(hard, &cells_of(solution));
    assert_eq!(v["first"]["status"], json!("unique"), "{v}");
    assert_eq!(v["refusal"]["field"], json!("puzzle"), "{v}");
    // The generator's bands are the engine's (`meta`), with their ranges.
    let bands = v["meta"]["bands"].as_array().expect("meta has bands");
    let options = v["bandOptions"].as_array().unwrap();
    assert_eq!(
        options.len(),
        bands.len() + 1,
        "Any, then each band: {options:?}"
    );
    for (band, option) in bands.iter().zip(&options[1..]) {
        assert_eq!(option[0], band["name"]);
        assert_eq!(option[1], band["title"]);
        let range = option[2].as_str().unwrap();
        let min = format!("(ER) {:.1}", band["min"].as_f64().unwrap());
        assert!(range.contains(&min), "{range} for {band}");
    }
    note(&format!(
        "engine in the worker ({url}): hard 9x9 solve round trip median {:.3} ms; page ready at {:.0} ms (DOM interactive {:.0} ms)",
        v["median"].as_f64().unwrap_or(f64::NAN),
        v["ready"].as_f64().unwrap_or(f64::NAN),
        v["interactive"].as_f64().unwrap_or(f64::NAN),
    ));
    // From `dlx serve`, the worker's answer is the API's (but for the times).
    let api = js(
        c,
        &format!("return fetch('/api/sudoku/solve', {{ method: 'POST', headers: {{ 'content-type': 'application/json', 'x-test-probe': '1' }}, body: JSON.stringify({{ puzzle: '{hard}' }}) }}).then((r) => r.ok ? r.json() : null).catch(() => null);"),
    )
    .await;
    if !api.is_null() {
        for field in [
            "status",
            "solution",
            "solutions",
            "complete",
            "unique",
            "size",
            "shape",
        ] {
            assert_eq!(
                api[field], v["first"][field],
                "{field}: API {api} worker {v}"
            );
        }
    }
}

/// A count that never ends on the worker shows its progress (nodes, solutions) in the busy
/// bar; Stop ends it at once, says so, and the next search runs on a fresh worker.
async fn cancel_flow(c: &Client, url: &str) {
    open(c, &format!("{url}?p={}", ".".repeat(81))).await;
    select(c, "#solver-select", "dlx").await;
    select(c, "#mode-select", "count").await;
    let limit = find(c, "#limit-input").await;
    limit.clear().await.unwrap();
    limit.send_keys("1000000000000").await.unwrap();
    click(c, "#solve-btn").await;
    let bar = "return !document.querySelector('#busy-bar').hidden;";
    wait_js(c, bar, "the busy bar", |v| v == &json!(true)).await;
    let shown = wait_text(c, "#busy-progress", "progress of the count", |t| {
        t.contains("nodes") && !t.contains(" 0 solutions")
    })
    .await;
    assert!(shown.contains("solutions"), "{shown}");
    click(c, "#busy-stop").await;
    wait_js(c, bar, "the busy bar to go", |v| v == &json!(false)).await;
    let toast = toast_text(c).await;
    assert!(toast.contains("Stopped"), "{toast}");
    assert_eq!(
        js(c, "return document.querySelector('#solve-btn').disabled;").await,
        json!(false)
    );
    // A fresh worker answers the next search.
    open(c, &format!("{url}?p={INKALA}")).await;
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    assert_solves(INKALA, &board(c).await);
}

/// Paste a hard puzzle, solve it, step through the search, flag a conflict, share it.
async fn sudoku_flow(c: &Client, url: &str) {
    open(c, url).await;
    assert!(c.title().await.unwrap().contains("dlx"));

    // Paste a hard puzzle through the dialog, written as a grid of lines.
    click(c, "#paste-btn").await;
    let area = find(c, "#paste-text").await;
    let grid_text: String = INKALA
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    area.send_keys(&grid_text).await.unwrap();
    click(c, "#paste-load").await;
    let want: Vec<String> = cells_of(INKALA);
    wait_board(c, &want, "the pasted puzzle never reached the board").await;
    assert_eq!(
        js(c, "return document.querySelector('#paste-dialog').open;").await,
        json!(false)
    );

    // Solve, checking uniqueness; read the solved grid from the DOM and check it independently.
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    assert_eq!(text_of(c, "#result-badge").await.to_lowercase(), "unique");
    let solved = board(c).await;
    assert_solves(INKALA, &solved);
    let stats = text_of(c, "#result-stats").await;
    assert!(
        stats.contains("NODES") || stats.contains("Nodes"),
        "{stats}"
    );
    screenshot(c, "sudoku-solved.png", Some("screenshot-solved.png")).await;

    // Step through the search: the slider moves the board and the sentence.
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    let slider = find(c, "#step-slider").await;
    let max = slider_max(c, "#step-slider").await;
    assert!(max > 50, "a hard puzzle takes many steps, not {max}");
    let first_text = text_of(c, "#step-text").await;
    let first_board = board(c).await;
    assert_eq!(
        first_board, want,
        "step 1 shows the puzzle before any placement"
    );
    // Keyboard on the focused slider: ten steps to the right.
    slider.click().await.unwrap();
    js(c, "const s = document.querySelector('#step-slider'); s.value = 0; s.dispatchEvent(new Event('input')); s.focus(); return 0;").await;
    for _ in 0..10 {
        slider
            .send_keys(&char::from(Key::Right).to_string())
            .await
            .unwrap();
    }
    let at = wait_js(
        c,
        "return Number(document.querySelector('#step-slider').value);",
        "the slider to move",
        |v| v.as_u64() == Some(10),
    )
    .await;
    assert_eq!(at, json!(10));
    let later_text = text_of(c, "#step-text").await;
    let later_board = board(c).await;
    assert_ne!(later_text, first_text, "the sentence changes with the step");
    assert_ne!(later_board, first_board, "the board changes with the step");
    let placed = later_board.iter().filter(|s| !s.is_empty()).count();
    assert!(placed > INKALA.chars().filter(|&ch| ch != '.').count());
    assert!(text_of(c, "#step-count").await.starts_with("Step 11 of"));
    // The sentences read as the articles' do.
    let texts: Vec<String> = serde_json::from_value(
        js(c, "return [...Array(40).keys()].map(i => { const s = document.querySelector('#step-slider'); s.value = i; s.dispatchEvent(new Event('input')); return document.querySelector('#step-text').textContent; });").await,
    )
    .unwrap();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("trying") || t.contains("placing")),
        "{texts:?}"
    );
    // The chosen cell is marked on the board at each step that names one ("r4c7 has ...").
    let marks: Vec<(String, u64)> = serde_json::from_value(
        js(c, "return [...Array(60).keys()].map(i => { const s = document.querySelector('#step-slider'); s.value = i; s.dispatchEvent(new Event('input')); return [document.querySelector('#step-text').textContent, document.querySelectorAll('#board .cell.focus, #board .cell.dead').length]; });").await,
    )
    .unwrap();
    let cell_steps: Vec<_> = marks
        .iter()
        .filter(|(t, _)| {
            let mut it = t.chars();
            it.next() == Some('r') && it.next().is_some_and(|ch| ch.is_ascii_digit())
        })
        .collect();
    assert!(!cell_steps.is_empty(), "{marks:?}");
    for (t, k) in cell_steps {
        assert_eq!(*k, 1, "step `{t}` marks one cell");
    }
    // Play for a moment, then pause: the player advances by itself.
    let before = js(
        c,
        "return Number(document.querySelector('#step-slider').value);",
    )
    .await;
    click(c, "#step-play").await;
    wait_js(
        c,
        "return Number(document.querySelector('#step-slider').value);",
        "the player to advance",
        |v| v.as_u64() > before.as_u64(),
    )
    .await;
    click(c, "#step-play").await;
    // Show the first dead end for the screenshot.
    let dead = js(
        c,
        "const s = document.querySelector('#step-slider'); for (let i = 0; i <= Number(s.max); i++) { s.value = i; s.dispatchEvent(new Event('input')); if (document.querySelector('#step-text').textContent.startsWith('dead end')) return i; } return -1;",
    )
    .await;
    assert!(dead.as_i64().is_some_and(|i| i > 0), "a dead end: {dead}");
    let marked = count(c, "#board .cell.dead").await + count(c, "#board .cell.dead-house").await;
    assert!(marked > 0, "the dead end is marked on the board");
    screenshot(c, "sudoku-player.png", Some("screenshot-player.png")).await;
    // The last step is the solution.
    // The last step is the solution; Escape goes back to editing.
    last_step_solves(c, "", "solution", INKALA).await;

    // Type a digit that repeats a given and see it flagged.
    // r1c2 is blank; r1c1 holds 8.
    js(c, "document.querySelector('#board .cell[data-r=\"0\"][data-c=\"1\"]').dispatchEvent(new MouseEvent('mousedown', {bubbles: true})); return 0;").await;
    find(c, "#board").await.send_keys("8").await.unwrap();
    wait_js(
        c,
        "return document.querySelector('#board .cell[data-r=\"0\"][data-c=\"1\"]').className;",
        "the conflict to be flagged",
        |v| v.as_str().is_some_and(|s| s.contains("conflict")),
    )
    .await;
    assert!(cell_classes(c, 0, 0).await.contains("conflict"));
    let reasons = text_of(c, "#conflict-list").await;
    assert!(
        reasons.contains("digit 8 at r1c1 repeats r1c2 in row 1"),
        "{reasons}"
    );
    let title = js(
        c,
        "return document.querySelector('#board .cell[data-r=\"0\"][data-c=\"1\"]').title;",
    )
    .await;
    assert!(title.as_str().unwrap().contains("repeats"), "{title}");
    // Clearing the digit with Backspace clears the flag.
    press(c, "#board", Key::Backspace).await;
    wait_count(c, "#board .cell.conflict", 0, "the flag to clear").await;

    // Arrow keys move the selection.
    press(c, "#board", Key::Down).await;
    assert!(cell_classes(c, 1, 1).await.contains("selected"));

    // The share link carries the puzzle: open it afresh and find the same board.
    let shared = wait_js(
        c,
        "return location.search;",
        "the address to carry the puzzle",
        |v| v.as_str().is_some_and(|s| s.contains(INKALA)),
    )
    .await;
    let link = format!("{url}{}", shared.as_str().unwrap());
    c.goto("about:blank").await.unwrap();
    open(c, &link).await;
    wait_board(c, &want, "the shared link did not restore the puzzle").await;

    // Every size works: load the 16x16 example and solve it.
    select(c, "#example-select", "sixteen").await;
    wait_count(c, "#board .cell", 256, "a 16x16 board").await;
    let puzzle16: String = board(c)
        .await
        .iter()
        .map(|s| {
            if s.is_empty() {
                ".".to_string()
            } else {
                s.clone()
            }
        })
        .collect();
    click(c, "#solve-btn").await;
    wait_text(c, "#result-badge", "the 16x16 to be solved", |s| {
        !s.is_empty()
    })
    .await;
    assert_solves(&puzzle16, &board(c).await);
    screenshot(c, "sudoku-16.png", None).await;

    // The bitset solver: the same puzzle, proved unique, and no steps to step through.
    select(c, "#solver-select", "fast").await;
    let disabled = js(c, "return document.querySelector('#trace-btn').disabled;").await;
    assert_eq!(disabled, json!(true), "no steps with the fast solver");
    js(
        c,
        "document.querySelector('#result-badge').textContent = '';",
    )
    .await;
    click(c, "#solve-btn").await;
    wait_text(c, "#result-badge", "the fast solver's verdict", |s| {
        s == "Unique"
    })
    .await;
    assert_solves(&puzzle16, &board(c).await);
    // It counts guesses only: no nodes, no updates (dancing links would show both).
    let stats = text_of(c, "#result-stats").await;
    assert!(stats.contains('—'), "{stats}");
    select(c, "#solver-select", "dlx").await;
    let disabled = js(c, "return document.querySelector('#trace-btn').disabled;").await;
    assert_eq!(disabled, json!(false), "steps again with dancing links");

    // A trace longer than the cap is cut, with a note saying so.
    select(c, "#example-select", "sixteen-hard").await;
    wait_js(
        c,
        "return document.querySelectorAll('#board .cell.given').length;",
        "the hard 16x16",
        |v| {
            v.as_u64().is_some_and(|k| {
                k > 0 && k != puzzle16.chars().filter(|&ch| ch != '.').count() as u64
            })
        },
    )
    .await;
    click(c, "#trace-btn").await;
    visible(c, "#trace-note").await;
    let note = text_of(c, "#trace-note").await;
    assert!(note.contains("cut after 5,000 steps"), "{note}");
}

/// The exact-cover tab: Knuth's example solved and drawn with its links, N queens on a chess
/// board, and the dancing-links view of a 4x4 Sudoku in step with the player.
async fn exact_cover_flow(c: &Client, url: &str) {
    open(c, &format!("{url}#xcc")).await;
    visible(c, "#panel-xcc").await;
    let text = js(c, "return document.querySelector('#xcc-text').value;").await;
    assert!(text.as_str().unwrap().contains("a b c d e f g"), "{text}");

    // Count (and list) the solutions of Knuth's example.
    click(c, "#xcc-solve").await;
    visible(c, "#xcc-result").await;
    let result = text_of(c, "#xcc-result").await;
    assert!(result.contains("1 solution."), "{result}");
    assert!(
        result.contains("a d f") && result.contains("b g") && result.contains("c e"),
        "{result}"
    );
    assert!(result.contains("Dancing cells"), "{result}");
    // The same with dancing links, which the result names.
    select(c, "#xcc-algorithm", "links").await;
    let result = click_for_text(c, "#xcc-solve", "#xcc-result").await;
    assert!(
        result.contains("Dancing links") && result.contains("1 solution."),
        "{result}"
    );

    // Step through it: 16 nodes in 6 options over 7 items.
    click(c, "#xcc-trace").await;
    visible(c, "#xcc-player-card").await;
    wait_count(c, "#xcc-links circle", 16, "the matrix").await;
    assert_eq!(count(c, "#xcc-links .lv-head").await, 7);
    let first = text_of(c, "#xcc-step-text").await;
    assert!(first.starts_with("item a has 2 options"), "{first}");
    assert_eq!(count(c, "#xcc-links .lv-head.focus").await, 1);
    assert_eq!(count(c, "#xcc-links .lv-node.chosen").await, 0);
    // One step on: option `a d g` is tried, its 3 nodes amber, other options clash.
    press(c, "#xcc-step-slider", Key::Right).await;
    wait_text(c, "#xcc-step-text", "the try step", |s| {
        s.contains("trying option")
    })
    .await;
    assert_eq!(count(c, "#xcc-links .lv-node.focus").await, 3);
    assert!(count(c, "#xcc-links .lv-node.hidden").await > 0);
    assert_eq!(count(c, "#xcc-links .lv-head.covered").await, 3);
    // The last steps: the solution covers every item with 7 chosen nodes.
    let texts: Vec<String> = serde_json::from_value(
        js(c, "const s = document.querySelector('#xcc-step-slider'); const out = []; for (let i = 0; i <= Number(s.max); i++) { s.value = i; s.dispatchEvent(new Event('input')); out.push(document.querySelector('#xcc-step-text').textContent); } return out;").await,
    )
    .unwrap();
    let k = texts
        .iter()
        .position(|t| t.starts_with("solution 1"))
        .unwrap_or_else(|| panic!("no solution step in {texts:?}"));
    slide_to(c, "#xcc-step-slider", k as i64).await;
    assert_eq!(count(c, "#xcc-links .lv-node.chosen").await, 7);
    assert_eq!(count(c, "#xcc-links .lv-head.covered").await, 7);
    assert!(texts.iter().any(|t| t.starts_with("dead end")), "{texts:?}");

    // N queens: six queens on a 6x6 board, none attacking another.
    click(c, "#queens-solve").await;
    wait_count(c, "#queens-board .sq", 36, "the chess board").await;
    let queens = |c: &Client| {
        let c = c.clone();
        async move {
            let v = js(&c, "return [...document.querySelectorAll(document.querySelector('#trace-chess').offsetParent ? '#trace-chess .sq' : '#queens-board .sq')].map((d, i) => d.textContent ? i : -1).filter(i => i >= 0);").await;
            serde_json::from_value::<Vec<usize>>(v).unwrap()
        }
    };
    let q1 = queens(c).await;
    assert_eq!(q1.len(), 6);
    for (i, a) in q1.iter().enumerate() {
        for b in &q1[i + 1..] {
            let (ra, ca, rb, cb) = (a / 6, a % 6, b / 6, b % 6);
            assert!(
                ra != rb && ca != cb && ra.abs_diff(rb) != ca.abs_diff(cb),
                "{q1:?}"
            );
        }
    }
    assert!(text_of(c, "#queens-info").await.contains("of 4"));
    click(c, "#queens-next").await;
    assert_ne!(queens(c).await, q1, "the next solution differs");

    // The queens search step by step: the board follows the player.
    click(c, "#queens-trace").await;
    wait_count(c, "#xcc-links circle", 36 * 4 - 4, "the queens matrix").await;
    slide_to(c, "#xcc-step-slider", 14).await;
    let placed = queens(c).await.len();
    let step = text_of(c, "#xcc-step-text").await;
    assert!(placed > 0 && placed < 6, "{placed} queens at `{step}`");
    assert_eq!(count(c, "#trace-chess .sq").await, 36);
    screenshot_at(
        c,
        Some("#xcc-player-card"),
        "xcc-queens.png",
        Some("screenshot-links.png"),
    )
    .await;
    slide_to(c, "#xcc-step-slider", -1).await;
    let last = text_of(c, "#xcc-step-text").await;
    if last.starts_with("solution") {
        assert_eq!(queens(c).await.len(), 6);
    }

    // The dancing-links view of a 4x4 Sudoku, in step with the Sudoku player.
    click(c, "#tab-sudoku").await;
    select(c, "#example-select", "four").await;
    wait_count(c, "#board .cell", 16, "a 4x4 board").await;
    let blanks = board(c).await.iter().filter(|s| s.is_empty()).count() as u64;
    click(c, "#trace-btn").await;
    visible(c, "#sudoku-links-card").await;
    let nodes = count(c, "#sudoku-links circle").await;
    assert!(
        nodes > 0 && nodes % 4 == 0,
        "{nodes} nodes, four per option"
    );
    slide_to(c, "#step-slider", -1).await;
    assert!(text_of(c, "#step-text").await.starts_with("solution"));
    assert_eq!(count(c, "#sudoku-links .lv-node.chosen").await, 4 * blanks);
    assert_eq!(count(c, "#board .cell.placed").await, blanks);
    slide_to(c, "#step-slider", 3).await;
    let chosen = count(c, "#sudoku-links .lv-node.chosen").await
        + count(c, "#sudoku-links .lv-node.focus").await;
    let placed = count(c, "#board .cell.placed").await;
    assert_eq!(chosen, 4 * placed, "each placed digit is one chosen option");
    screenshot(c, "sudoku-links.png", None).await;
}

/// Prints a note on stderr even while the test harness captures the output of tests (it
/// captures `eprintln!`), so that a skipped part of a test shows in the run's output.
fn note(text: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

// ───────────────────────────── solving by hand and by logic, new puzzles ─────────────────────────────

/// The page's first example (the one it opens with), and its one solution.
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EASY_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `r4c7` for 0-based (3, 6), as the page and the server name cells.
fn cell_name(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// Selects cell (r, c) as a click would.
async fn select_cell(c: &Client, r: usize, col: usize) {
    js(
        c,
        &format!("document.querySelector('#board .cell[data-r=\"{r}\"][data-c=\"{col}\"]').dispatchEvent(new MouseEvent('mousedown', {{bubbles: true}})); return 0;"),
    )
    .await;
}

async fn type_keys(c: &Client, keys: &str) {
    find(c, "#board").await.send_keys(keys).await.unwrap();
}

/// Waits for the page's first puzzle (EASY) on a fresh page.
async fn open_easy(c: &Client, url: &str) {
    open(c, url).await;
    wait_board(c, &cells_of(EASY), "the first example never loaded").await;
}

/// The cells (0-based row, column) whose class list holds `class`.
async fn cells_with(c: &Client, class: &str) -> Vec<(usize, usize)> {
    let v = js(
        c,
        &format!("return [...document.querySelectorAll('#board .cell.{class}')].map(d => [Number(d.dataset.r), Number(d.dataset.c)]);"),
    )
    .await;
    serde_json::from_value(v).expect("cells")
}

/// The hint names a cell and marks it; Apply places the solution's digit there; a wrong
/// digit of the user's is named and flagged instead of a hint.
async fn hint_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    // Hints in levels (issue 31): the first press names the technique and where to look, with
    // the house lit and no cell, digit or candidate shown.
    click(c, "#hint-btn").await;
    visible(c, "#hint-card").await;
    let first = text_of(c, "#hint-text").await;
    assert!(first.starts_with("Look for"), "{first}");
    assert!(text_of(c, "#hint-meta").await.starts_with("Hint 1 of 3"));
    wait_js(
        c,
        FOCUS_ON_BOARD,
        "the focus back on the board after Hint",
        |v| v == &json!(true),
    )
    .await;
    assert!(!cells_with(c, "lane").await.is_empty(), "the house is lit");
    assert!(cells_with(c, "pat").await.is_empty());
    assert!(cells_with(c, "pat-place").await.is_empty());
    assert_eq!(
        count(c, "#board .cell .marks").await,
        0,
        "no candidates yet"
    );
    assert_hidden(c, "#hint-apply").await;
    // The second press shows the cells (and their candidates only).
    click(c, "#hint-btn").await;
    wait_text(c, "#hint-meta", "the second level", |s| {
        s.starts_with("Hint 2 of 3")
    })
    .await;
    let second = text_of(c, "#hint-text").await;
    assert!(
        second.starts_with(&first) && second.len() > first.len(),
        "{second}"
    );
    let pattern = cells_with(c, "pat").await;
    assert!(!pattern.is_empty(), "the cells are shown");
    assert!(cells_with(c, "pat-place").await.is_empty());
    assert!(count(c, "#board .cell .marks").await <= pattern.len() as u64);
    // The third (here the card's own button) the whole step.
    click(c, "#hint-more").await;
    wait_text(c, "#hint-meta", "the third level", |s| {
        s.starts_with("Hint 3 of 3")
    })
    .await;
    let sentence = text_of(c, "#hint-text").await;
    assert!(!sentence.is_empty() && sentence != second);
    // Candidates only where the step needs them: the marks drawn are in its cells.
    let marked = js(c, "return [...document.querySelectorAll('#board .cell')].filter(d => d.querySelector('.marks')).length;").await;
    let named = js(c, "return [...document.querySelectorAll('#board .cell')].filter(d => d.matches('.pat, .pat-place') || d.querySelector('.mk-elim, .mk-place, .mk-pat')).length;").await;
    assert!(
        marked.as_u64() <= named.as_u64(),
        "marks in {marked} cells, the step names {named}"
    );
    // The easiest first step of this puzzle places a digit: its cell is ringed, and named.
    let placed = cells_with(c, "pat-place").await;
    assert_eq!(
        placed.len(),
        1,
        "one placement marked: {placed:?} for `{sentence}`"
    );
    let (r, col) = placed[0];
    assert!(
        sentence.contains(&cell_name(r, col)),
        "`{sentence}` names {}",
        cell_name(r, col)
    );
    assert!(count(c, "#board .marks span.mk-place").await >= 1);
    let meta = text_of(c, "#hint-meta").await;
    assert!(meta.contains("rating"), "{meta}");
    screenshot(c, "sudoku-hint.png", Some("screenshot-hint.png")).await;

    // Apply: the solution's digit appears there, as the user's own.
    click(c, "#hint-apply").await;
    let k = r * 9 + col;
    let want = EASY_SOLUTION[k..=k].to_string();
    let deadline = Instant::now() + WAIT;
    while board(c).await[k] != want {
        assert!(Instant::now() < deadline, "Apply did not place {want}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(cell_classes(c, r, col).await.contains("entry"));
    assert_hidden(c, "#hint-card").await;
    // Hints go on from the grid in progress: the next one is another cell.
    click(c, "#hint-btn").await;
    visible(c, "#hint-card").await;
    let next = text_of(c, "#hint-text").await;
    assert!(!next.is_empty());
    assert!(!cells_with(c, "pat-place").await.contains(&(r, col)));

    // A wrong digit that repeats nothing: the hint names its cell instead.
    let (wr, wc, wd) = wrong_digit(EASY, EASY_SOLUTION);
    select_cell(c, wr, wc).await;
    type_keys(c, &wd.to_string()).await;
    click(c, "#hint-btn").await;
    visible(c, "#hint-error").await;
    let error = text_of(c, "#hint-error").await;
    assert!(error.contains(&cell_name(wr, wc)), "{error}");
    assert_eq!(cells_with(c, "hint-error").await, vec![(wr, wc)]);
    // It names the wrong entry without telling the answer: the solution's digit there is
    // nowhere in the sentence.
    let answer = &EASY_SOLUTION[wr * 9 + wc..=wr * 9 + wc];
    assert!(error.contains("wrong"), "{error}");
    assert!(
        !error.replace(&cell_name(wr, wc), "").contains(answer),
        "the hint tells the answer {answer}: {error}"
    );
}

/// A blank cell of `puzzle` and a digit for it that repeats no given but is not the solution's.
fn wrong_digit(puzzle: &str, solution: &str) -> (usize, usize, u32) {
    let p: Vec<u32> = puzzle
        .chars()
        .map(|ch| ch.to_digit(10).unwrap_or(0))
        .collect();
    let s: Vec<u32> = solution
        .chars()
        .map(|ch| ch.to_digit(10).unwrap())
        .collect();
    for k in 0..81 {
        if p[k] != 0 {
            continue;
        }
        let (r, c) = (k / 9, k % 9);
        for d in 1..=9 {
            let clash = (0..81).any(|j| {
                let (rj, cj) = (j / 9, j % 9);
                p[j] == d && (rj == r || cj == c || (rj / 3 == r / 3 && cj / 3 == c / 3))
            });
            if d != s[k] && !clash {
                return (r, c, d);
            }
        }
    }
    unreachable!("an easy puzzle leaves some cell two candidates")
}

/// Pencil marks: P switches the mode, digits toggle marks, auto marks fill every blank cell,
/// and the marks go with the hint (a mark set without the solution's digit is named).
async fn marks_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    // Before any mark, the hint is a step.
    click(c, "#hint-btn").await;
    visible(c, "#hint-text").await;
    let first = text_of(c, "#hint-text").await;

    // r1c3 is blank; its solution is 4.
    select_cell(c, 0, 2).await;
    type_keys(c, "p").await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#pencil-btn').getAttribute('aria-pressed');"
        )
        .await,
        json!("true")
    );
    type_keys(c, "12").await;
    assert_eq!(marks_of(c, 2).await, "12", "marks 1 and 2 in r1c3");
    type_keys(c, "1").await;
    assert_eq!(
        marks_of(c, 2).await,
        "2",
        "typing 1 again takes its mark away"
    );
    assert_eq!(
        count(c, "#board .cell[data-r=\"0\"][data-c=\"2\"] .marks").await,
        1
    );
    type_keys(c, "p").await;
    assert_eq!(
        js(
            c,
            "return document.querySelector('#pencil-btn').getAttribute('aria-pressed');"
        )
        .await,
        json!("false")
    );
    // Out of pencil mode, Shift+digit marks (r1c4 is blank) and a plain digit places.
    select_cell(c, 0, 3).await;
    type_keys(c, "!#").await;
    assert_eq!(marks_of(c, 3).await, "13", "Shift+1 and Shift+3 mark r1c4");
    type_keys(c, "6").await;
    assert_eq!(board(c).await[3], "6");
    assert!(cell_classes(c, 0, 3).await.contains("entry"));
    type_keys(c, &char::from(Key::Backspace).to_string()).await;
    assert_eq!(board(c).await[3], "");

    // The mark `2` alone leaves out the solution's 4: the hint says so, naming r1c3.
    click(c, "#hint-btn").await;
    visible(c, "#hint-error").await;
    let error = text_of(c, "#hint-error").await;
    assert!(error.contains("r1c3"), "{error}");
    assert!(cell_classes(c, 0, 2).await.contains("hint-error"));

    // Auto marks fill every blank cell with its candidates (r1c3 then holds 4), and the hint
    // is a step again.
    click(c, "#automarks-btn").await;
    let blanks = EASY.chars().filter(|&ch| ch == '.').count() as u64;
    wait_js(
        c,
        "return document.querySelectorAll('#board .cell .marks').length;",
        "auto marks",
        |v| v.as_u64() == Some(blanks),
    )
    .await;
    assert!(marks_of(c, 2).await.contains('4'));
    click(c, "#hint-btn").await;
    visible(c, "#hint-text").await;
    assert_eq!(text_of(c, "#hint-text").await, first);
    screenshot(c, "sudoku-marks.png", None).await;
}

/// "Solve by logic" plays the path: the pattern of each step on the board with candidates,
/// the rating, and the solved grid at the last step.
async fn logic_flow(c: &Client, url: &str) {
    // A magictour puzzle (SE 8.9): since the nested chain levels are done as Sudoku Explainer
    // does them, Inkala's path takes longer than the server's time limit (docs/logic.md).
    open(c, &format!("{url}?p={DIABOLICAL}")).await;
    click(c, "#explain-btn").await;
    visible(c, "#logic-player").await;
    let rating = text_of(c, "#logic-rating").await;
    for field in ["ER", "EP", "ED", "BAND", "HARDEST"] {
        assert!(rating.to_uppercase().contains(field), "{rating}");
    }
    let max = slider_max(c, "#logic-step-slider").await;
    assert!(max > 20, "the puzzle takes many steps, not {max}");
    // The first step: the board shows candidates and the step's pattern.
    assert!(count(c, "#board .marks").await > 0);
    assert!(count(c, "#board .cell.pat, #board .cell.pat-place").await > 0);
    let first = text_of(c, "#logic-step-text").await;
    assert!(!first.is_empty());
    // Some step eliminates: its candidates are struck on the board at that step.
    let struck = js(
        c,
        "const s = document.querySelector('#logic-step-slider'); for (let i = 0; i <= Number(s.max); i++) { s.value = i; s.dispatchEvent(new Event('input')); if (document.querySelectorAll('#board .marks span.mk-elim').length) return i; } return -1;",
    )
    .await;
    assert!(
        struck.as_i64().is_some_and(|i| i >= 0),
        "no elimination shown"
    );
    screenshot(c, "sudoku-logic.png", Some("screenshot-logic.png")).await;
    // The player moves with the keyboard too: End goes to the last step, the solved grid.
    last_step_solves(c, "logic-", "Solved", DIABOLICAL).await;
    assert_hidden(c, "#logic-player").await;
}

/// Clicks Generate and waits for the new puzzle's note; returns the board.
async fn generate(c: &Client) -> Vec<String> {
    let info = click_for_text(c, "#gen-btn", "#gen-info").await;
    assert!(info.contains("givens"), "{info}");
    board(c).await
}

async fn givens_shown(c: &Client) -> usize {
    let t = text_of(c, "#gen-givens").await;
    t.split_whitespace()
        .next()
        .and_then(|k| k.parse().ok())
        .unwrap_or_else(|| panic!("a count of givens in `{t}`"))
}

/// "New puzzle" loads a puzzle of the size asked, with as many givens as the answer says, the
/// symmetry asked, the seed shown, and the same puzzle again from the same seed.
async fn generate_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let easy = board(c).await;
    select(c, "#gen-size", "6").await;
    select(c, "#gen-symmetry", "rotate180").await;
    find(c, "#gen-seed").await.send_keys("42").await.unwrap();
    let cells = generate(c).await;
    assert_eq!(cells.len(), 36);
    let filled: Vec<bool> = cells.iter().map(|s| !s.is_empty()).collect();
    assert_eq!(filled.iter().filter(|&&f| f).count(), givens_shown(c).await);
    assert_eq!(
        count(c, "#board .cell.given").await as usize,
        givens_shown(c).await
    );
    for k in 0..36 {
        assert_eq!(filled[k], filled[35 - k], "180° symmetry at cell {k}");
    }
    assert_eq!(text_of(c, "#gen-seed-used").await, "42");
    // The same seed, the same puzzle.
    assert_eq!(generate(c).await, cells);
    // A new puzzle wipes the board: Undo brings back the one before (twice: the first
    // 6x6, then the 9x9 example), and Redo the new one.
    click(c, "#undo-btn").await;
    wait_board(c, &cells, "the first 6x6 puzzle back").await;
    click(c, "#undo-btn").await;
    wait_board(c, &easy, "the example back after Undo").await;
    click(c, "#redo-btn").await;
    wait_board(c, &cells, "the 6x6 puzzle again after Redo").await;

    // A 9x9 puzzle of the easy band, with a random seed the note gives.
    select(c, "#gen-size", "9").await;
    select(c, "#gen-band", "easy").await;
    find(c, "#gen-seed").await.clear().await.unwrap();
    let cells = generate(c).await;
    assert_eq!(cells.len(), 81);
    let givens = cells.iter().filter(|s| !s.is_empty()).count();
    assert_eq!(givens, givens_shown(c).await);
    let rating = text_of(c, "#gen-rating").await;
    assert!(rating.contains("Easy"), "{rating}");
    let seed = text_of(c, "#gen-seed-used").await;
    assert!(seed.parse::<u64>().is_ok(), "{seed}");
    let puzzle: String = cells
        .iter()
        .map(|s| if s.is_empty() { "." } else { s.as_str() })
        .collect();
    click(c, "#solve-btn").await;
    visible(c, "#result").await;
    assert_eq!(text_of(c, "#result-badge").await.to_lowercase(), "unique");
    assert_solves(&puzzle, &board(c).await);
    // A unique solution comes with the puzzle's rating and band.
    wait_js(
        c,
        "return document.querySelector('#result-stats').textContent;",
        "the rating with the result",
        |v| {
            v.as_str()
                .is_some_and(|s| s.contains("Rating") && s.contains("Easy"))
        },
    )
    .await;
    screenshot(c, "sudoku-generated.png", None).await;
}

// ───────────────────────────── issue 22: the page on phones, races, big problems ─────────────────────────────

/// Where `css` is on the screen: `[left, top, width, height]`, in CSS pixels.
async fn rect(c: &Client, css: &str) -> [f64; 4] {
    let v = js(
        c,
        &format!("const r = document.querySelector('{css}').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];"),
    )
    .await;
    serde_json::from_value(v).unwrap_or_else(|e| panic!("no box for {css}: {e}"))
}

/// How far the page is wider than the window (0 when nothing overflows sideways).
async fn overflow_x(c: &Client) -> i64 {
    js(
        c,
        "return document.documentElement.scrollWidth - window.innerWidth;",
    )
    .await
    .as_i64()
    .expect("widths")
}

/// Makes every answer of the API paths matching `pattern` (a regular expression) arrive
/// `ms` milliseconds late, as from a slow search.
async fn delay_answers(c: &Client, pattern: &str, ms: u64) {
    js(
        c,
        &format!("const f = window.fetch; window.fetch = (url, o) => f(url, o).then((r) => new RegExp('{pattern}').test(String(url)) ? new Promise((ok) => setTimeout(() => ok(r), {ms})) : r); return 0;"),
    )
    .await;
}

/// Loads a puzzle line through the paste dialog.
async fn paste(c: &Client, text: &str) {
    click(c, "#paste-btn").await;
    let area = find(c, "#paste-text").await;
    area.send_keys(text).await.unwrap();
    click(c, "#paste-load").await;
}

/// The text of the toast once it shows (it is fixed: no offset parent to test).
async fn toast_text(c: &Client) -> String {
    let v = wait_js(
        c,
        "const t = document.querySelector('#toast'); return t.hidden ? '' : t.textContent;",
        "a toast",
        |v| v.as_str().is_some_and(|s| !s.is_empty()),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Issue 22, item 1: at 390 px every tab is one column that fits the screen, the exact-cover
/// textarea is usable, the header is short and the player's controls are on screen.
async fn phone_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    let width = js(c, "return window.innerWidth;").await.as_f64().unwrap();
    assert!(width <= 400.0, "a phone-sized window, not {width} px");
    assert!(overflow_x(c).await <= 0, "the Sudoku tab fits");
    let header = rect(c, ".topbar").await;
    assert!(header[3] < 80.0, "the header takes {} px", header[3]);

    click(c, "#tab-xcc").await;
    visible(c, "#xcc-text").await;
    let area = rect(c, "#xcc-text").await;
    assert!(area[2] > 0.7 * width, "the textarea is {} px wide", area[2]);
    let problem = rect(c, "#panel-xcc .board-col").await;
    let queens = rect(c, "#panel-xcc .side-col").await;
    assert!(
        (problem[0] - queens[0]).abs() < 1.0,
        "one column: {problem:?} {queens:?}"
    );
    assert!(
        queens[1] >= problem[1] + problem[3],
        "the N-queens card is below the problem"
    );
    assert!(overflow_x(c).await <= 0, "the exact-cover tab fits");
    click(c, "#tab-api").await;
    visible(c, "table.api").await;
    assert!(overflow_x(c).await <= 0, "the API table fits");

    // The search player: its play button is on screen, not under anything.
    click(c, "#tab-sudoku").await;
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    let play = rect(c, "#step-play").await;
    let height = js(c, "return window.innerHeight;").await.as_f64().unwrap();
    assert!(
        play[1] >= 0.0 && play[1] + play[3] <= height,
        "play at {play:?} in a window {height} px high"
    );
    let on_top = js(
        c,
        "const b = document.querySelector('#step-play'); const r = b.getBoundingClientRect(); return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));",
    )
    .await;
    assert_eq!(on_top, json!(true), "nothing covers the play button");
    // With the board at the top of the screen, the play controls are on screen too.
    js(
        c,
        "document.querySelector('#board').scrollIntoView({block: 'start'}); return 0;",
    )
    .await;
    let play = rect(c, "#step-play").await;
    assert!(
        play[1] + play[3] <= height,
        "play at {play:?} below the board, off a screen {height} px high"
    );
    screenshot_at(c, Some("#board"), "phone-player.png", None).await;
}

/// Issue 22, item 2: an answer that arrives after the board changed is not painted on it; the
/// page says it was dropped. A search under way shows a spinner and a line saying so.
async fn stale_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    delay_answers(c, "/api/sudoku/(solve|trace)", 1500).await;
    click(c, "#solve-btn").await;
    let busy = js(
        c,
        "return [document.querySelector('#solve-btn').getAttribute('aria-busy'), getComputedStyle(document.querySelector('#solve-btn'), '::after').animationName, document.querySelector('#busy-note').hidden];",
    )
    .await;
    assert_eq!(busy, json!(["true", "spin", false]), "a search shows");
    // Type 9 in r1c3 while the search runs.
    select_cell(c, 0, 2).await;
    type_keys(c, "9").await;
    visible(c, "#stale-note").await;
    assert!(text_of(c, "#stale-note").await.contains("not shown"));
    let mut want = cells_of(EASY);
    want[2] = "9".into();
    assert_eq!(board(c).await, want, "only the typed 9 was added");
    assert_eq!(count(c, "#board .cell.solved").await, 0);
    assert_hidden(c, "#result").await;

    // A trace asked for, then another example: the player does not open on the new board.
    click(c, "#trace-btn").await;
    select(c, "#example-select", "six").await;
    wait_count(c, "#board .cell", 36, "the 6x6 example").await;
    visible(c, "#stale-note").await;
    assert_hidden(c, "#player").await;
    assert_eq!(
        board(c).await,
        cells_of("3.5...4....5....6....2.45.2.3...4...")
    );
}

/// Issue 22, item 3: a board's rows are square whatever they hold (one given made its row
/// taller); "1 given" is said so.
async fn square_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    // A fresh board of each size (16 first: the page opens on a 9x9).
    for size in ["16", "9"] {
        select(c, "#size-select", size).await;
        select_cell(c, 0, 0).await;
        type_keys(c, "5").await;
        assert_eq!(board(c).await[0], "5");
        let boxes: Vec<[f64; 2]> = serde_json::from_value(
            js(c, "return [...document.querySelectorAll('#board .cell')].map(d => { const r = d.getBoundingClientRect(); return [r.width, r.height]; });").await,
        )
        .unwrap();
        let heights: Vec<f64> = boxes.iter().map(|b| b[1]).collect();
        let (lo, hi) = heights
            .iter()
            .fold((f64::MAX, 0.0f64), |(lo, hi), &h| (lo.min(h), hi.max(h)));
        assert!(
            hi - lo < 1.0,
            "{size}x{size}: cell heights from {lo} to {hi}"
        );
        assert!(
            (boxes[0][0] - boxes[0][1]).abs() < 3.0,
            "square cells: {:?}",
            boxes[0]
        );
    }
    // A digit typed on an empty board is an entry, not a given (issue 31: "81 givens"), and
    // "1 entry", not "1 entries".
    let summary = wait_text(c, "#check-summary", "the check", |s| {
        s.starts_with("1 entry")
    })
    .await;
    assert_eq!(summary, "1 entry, no repeated digit.");
}

/// Issue 22, item 4: stepping through a pasted problem of 100,000 options draws a window of
/// the matrix around the step, and says what it leaves out.
async fn big_problem_flow(c: &Client, url: &str) {
    open(c, &format!("{url}#xcc")).await;
    visible(c, "#xcc-text").await;
    // 20 items, 100,000 options of two items each (about 400 KB).
    js(
        c,
        "const I = 'abcdefghijklmnopqrst'.split(''); const pairs = []; for (let i = 0; i < 20; i++) for (let j = i + 1; j < 20; j++) pairs.push(I[i] + ' ' + I[j]); const lines = [I.join(' ')]; for (let k = 0; k < 100000; k++) lines.push(pairs[k % pairs.length]); document.querySelector('#xcc-text').value = lines.join('\\n') + '\\n'; return 0;",
    )
    .await;
    let asked = Instant::now();
    click(c, "#xcc-trace").await;
    let note = wait_text(c, "#xcc-links-note", "the window's note", |s| {
        s.contains("of 100,000 options")
    })
    .await;
    assert!(note.contains("not drawn"), "{note}");
    // For the record only (no timing is asserted): the issue measured 28 s.
    let shown_after = asked.elapsed();
    let drawn = count(c, "#xcc-links svg *").await;
    self::note(&format!(
        "100,000 options: the view appeared after {shown_after:?}, {drawn} elements drawn"
    ));
    assert!(drawn > 50 && drawn < 3000, "{drawn} elements drawn");
    // Some steps later, and at the last step, still a window with the chosen options in it.
    for step in [7, -1] {
        slide_to(c, "#xcc-step-slider", step).await;
        let drawn = count(c, "#xcc-links svg *").await;
        assert!(drawn < 3000, "{drawn} elements drawn at step {step}");
        let chosen = count(c, "#xcc-links .lv-label.chosen").await
            + count(c, "#xcc-links .lv-label.focus").await;
        assert!(chosen > 0, "the chosen options are drawn at step {step}");
    }
}

/// Issue 22, item 5: a backtrack marks its cell, a fruitless search ends with a step that says
/// so, the solution's step says what it is, stepping back shows the boards stepping forward
/// showed, and repeated givens are named instead of "no step to show".
async fn player_gaps_flow(c: &Client, url: &str) {
    // 1 and 2 in row 1 with 3 in r2c3 leave r1c4 nothing: no solution.
    open(c, &format!("{url}?p=12....3.........")).await;
    wait_count(c, "#board .cell", 16, "the 4x4").await;
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    slide_to(c, "#step-slider", -1).await;
    let last = text_of(c, "#step-text").await;
    assert!(last.starts_with("search finished, no solution"), "{last}");
    assert_eq!(board(c).await, cells_of("12....3........."));

    // Inkala's puzzle: a backtrack of dancing links marks the cell it leaves, and stepping
    // back shows the boards stepping forward showed.
    paste(c, INKALA).await;
    wait_board(c, &cells_of(INKALA), "Inkala's puzzle").await;
    click(c, "#trace-btn").await;
    visible(c, "#player").await;
    let backtrack = js(
        c,
        "const s = document.querySelector('#step-slider'); for (let i = 0; i <= Number(s.max); i++) { s.value = i; s.dispatchEvent(new Event('input')); if (document.querySelector('#step-text').classList.contains('kind-backtrack')) return [i, document.querySelectorAll('#board .cell.focus, #board .cell.dead').length]; } return null;",
    )
    .await;
    assert_eq!(
        backtrack[1],
        json!(1),
        "a backtrack marks its cell: {backtrack}"
    );
    let same = js(
        c,
        "const s = document.querySelector('#step-slider'); const go = (i) => { s.value = i; s.dispatchEvent(new Event('input')); return [...document.querySelectorAll('#board .cell')].map(d => d.textContent).join(','); }; const n = Math.min(400, Number(s.max)); const fwd = []; for (let i = 0; i <= n; i++) fwd.push(go(i)); go(Number(s.max)); for (let i = n; i >= 0; i--) if (go(i) !== fwd[i]) return i; return -1;",
    )
    .await;
    assert_eq!(
        same,
        json!(-1),
        "the board stepping back differs at step {same}"
    );
    slide_to(c, "#step-slider", -1).await;
    let last = text_of(c, "#step-text").await;
    assert!(
        last.starts_with("solution 1: every cell is filled"),
        "{last}"
    );
    assert_solves(INKALA, &board(c).await);

    // Repeated givens: the reason, not "no step to show"; the 16x16 names digits as shown.
    press(c, "#board", Key::Escape).await;
    open(c, &format!("{url}?p=GG{}", ".".repeat(254))).await;
    let conflicts = wait_text(c, "#conflict-list", "the conflicts", |s| !s.is_empty()).await;
    assert!(
        conflicts.contains("digit G at r1c1 repeats r1c2"),
        "{conflicts}"
    );
    click(c, "#trace-btn").await;
    let toast = toast_text(c).await;
    assert!(
        toast.contains("repeat") && toast.contains("digit G"),
        "{toast}"
    );
    assert_hidden(c, "#player").await;
}

/// Security: whatever users type is shown as text: item names that are HTML stay literal and
/// run no script, in the result and in the drawn matrix.
async fn text_flow(c: &Client, url: &str) {
    const IMG: &str = "<img/src=x/onerror=window.pwned=1>";
    const SCRIPT: &str = "<script>window.pwned=2</script>";
    open(c, &format!("{url}#xcc")).await;
    visible(c, "#xcc-text").await;
    js(
        c,
        &format!("document.querySelector('#xcc-text').value = '{IMG} {SCRIPT} b\\n{IMG} b\\n{SCRIPT}\\n'; return 0;"),
    )
    .await;
    click(c, "#xcc-solve").await;
    let result = wait_text(c, "#xcc-result", "the result", |s| s.contains("1 solution")).await;
    assert!(result.contains(IMG) && result.contains(SCRIPT), "{result}");
    click(c, "#xcc-trace").await;
    visible(c, "#xcc-player-card").await;
    let names = js(
        c,
        "return [...document.querySelectorAll('#xcc-links text')].map(t => t.firstChild.textContent).join(' ');",
    )
    .await;
    let names = names.as_str().unwrap_or_default();
    assert!(names.contains(IMG) && names.contains(SCRIPT), "{names}");
    // And in the paste dialog's error, the Sudoku side.
    click(c, "#tab-sudoku").await;
    paste(c, IMG).await;
    visible(c, "#paste-error").await;
    let found = js(
        c,
        "return [window.pwned === undefined, document.querySelectorAll('main img, main script, dialog img').length];",
    )
    .await;
    assert_eq!(found, json!([true, 0]), "no markup was made of the names");
}

/// Issue 22, item 6: the smaller items, each as the issue found it.
async fn small_items_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    // "Count up to" 0 or -3 is refused, not made 1.
    select(c, "#mode-select", "count").await;
    for bad in ["0", "-3"] {
        let field = find(c, "#limit-input").await;
        field.clear().await.unwrap();
        field.send_keys(bad).await.unwrap();
        click(c, "#solve-btn").await;
        let toast = toast_text(c).await;
        assert!(toast.contains("Count up to: a whole number"), "{toast}");
        js(
            c,
            "document.querySelector('#toast').hidden = true; return 0;",
        )
        .await;
    }
    assert_hidden(c, "#result").await;
    // A search cut short before any solution says "none found", not "≥ 0" (the answer is
    // made up here: no real puzzle stops so reliably).
    select(c, "#mode-select", "one").await;
    js(
        c,
        "const f = window.fetch; window.fetch = (url, o) => String(url).endsWith('/api/sudoku/solve') ? Promise.resolve(new Response(JSON.stringify({status: 'incomplete', solution: null, solutions: 0, complete: false, unique: null, stopped: 'deadline', stats: {nodes: 5, updates: 9, guesses: 1, backtracks: 1, seconds: 2}, size: 9, shape: {rows: 3, cols: 3}, conflicts: []}), {headers: {'content-type': 'application/json'}})) : f(url, o); return 0;",
    )
    .await;
    let stats = click_for_text(c, "#solve-btn", "#result").await;
    assert!(
        stats.contains("none found") && !stats.contains("≥ 0"),
        "{stats}"
    );
    assert!(
        stats.contains("No solution found before the time limit was reached"),
        "{stats}"
    );
    // Every select shows the whole label of any option picked (the examples menu always
    // shows `Examples…`: its list opens wide).
    let cut = js(
        c,
        "const ctx = document.createElement('canvas').getContext('2d'); return [...document.querySelectorAll('#panel-sudoku select:not(#example-select)')].flatMap(s => { const st = getComputedStyle(s); ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`; return [...s.options].filter(o => ctx.measureText(o.text).width + 28 > s.clientWidth).map(o => o.text); });",
    )
    .await;
    assert_eq!(cut, json!([]), "labels cut short");
    // Prose pasted as a puzzle is called text; a 64x64 link says what this page draws.
    paste(c, "Please solve this one for me").await;
    let error = wait_text(c, "#paste-error", "the paste error", |s| !s.is_empty()).await;
    assert!(error.contains("looks like text"), "{error}");
    click(c, "#paste-cancel").await;
    open(c, &format!("{url}?p={}", ".".repeat(64 * 64))).await;
    let toast = toast_text(c).await;
    assert!(
        toast.contains("64×64") && toast.contains("up to 35×35"),
        "{toast}"
    );

    // The links view of a 4x4: readable text, item names explained.
    select(c, "#example-select", "four").await;
    wait_count(c, "#board .cell", 16, "the 4x4").await;
    click(c, "#trace-btn").await;
    visible(c, "#sudoku-links-card").await;
    let sizes: Vec<f64> = serde_json::from_value(
        js(c, "return [...document.querySelectorAll('#sudoku-links text')].map(t => Number(t.getAttribute('font-size')));").await,
    )
    .unwrap();
    assert!(
        !sizes.is_empty() && sizes.iter().all(|&f| f >= 11.0),
        "{sizes:?}"
    );
    let names = js(c, "return [...document.querySelectorAll('#sudoku-links .lv-name')].map(t => t.firstChild.textContent);").await;
    let names: Vec<String> = serde_json::from_value(names).unwrap();
    assert!(names.iter().any(|n| n.starts_with("r1c")), "{names:?}");
    assert!(names.iter().any(|n| n.contains('#')), "{names:?}");
    assert!(
        text_of(c, "#sudoku-links-card")
            .await
            .contains("digit 1 in row 2")
    );

    // Exact cover: List 1.5 is named, not a JSON parser's error; an old player goes with an
    // error.
    click(c, "#tab-xcc").await;
    click(c, "#xcc-trace").await;
    visible(c, "#xcc-player-card").await;
    let list = find(c, "#xcc-list").await;
    list.clear().await.unwrap();
    list.send_keys("1.5").await.unwrap();
    click(c, "#xcc-solve").await;
    let result = wait_text(c, "#xcc-result", "the error", |s| !s.is_empty()).await;
    assert!(
        result.contains("List: a whole number from 0 to 100"),
        "{result}"
    );
    // The 64x64 link's toast may still show (5 s) on a busy machine: hide it first.
    js(
        c,
        "document.querySelector('#xcc-text').value = 'a b\\na c\\n'; document.querySelector('#toast').hidden = true; return 0;",
    )
    .await;
    click(c, "#xcc-trace").await;
    let toast = toast_text(c).await;
    assert!(toast.contains("unknown item"), "{toast}");
    assert_eq!(
        js(
            c,
            "return document.querySelector('#xcc-player-card').hidden;"
        )
        .await,
        json!(true)
    );
}

/// The page's example with two solutions.
const TWO: &str =
    "53..7........95....98....6.8.......34..8.3..17...2...6......28....419..5.......79";

/// Issue 22, item 6: a puzzle with two solutions shows one, marks where the other differs,
/// and shows the other on request.
async fn two_solutions_flow(c: &Client, url: &str) {
    open_easy(c, url).await;
    select(c, "#example-select", "two").await;
    wait_board(c, &cells_of(TWO), "the two-solution example").await;
    click(c, "#solve-btn").await;
    visible(c, "#other-solution").await;
    assert_eq!(
        text_of(c, "#result-badge").await.to_lowercase(),
        "not unique"
    );
    let first = board(c).await;
    assert_solves(TWO, &first);
    let marked = cells_with(c, "differs").await;
    assert!(marked.len() >= 4, "{marked:?}");
    let info = text_of(c, "#other-solution-info").await;
    assert!(
        info.contains(&format!("differ in the {} marked cells", marked.len())),
        "{info}"
    );
    click(c, "#other-solution-btn").await;
    let deadline = Instant::now() + WAIT;
    let mut second = board(c).await;
    while second == first {
        assert!(Instant::now() < deadline, "the other solution never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
        second = board(c).await;
    }
    assert_solves(TWO, &second);
    let differ: Vec<(usize, usize)> = (0..81)
        .filter(|&k| first[k] != second[k])
        .map(|k| (k / 9, k % 9))
        .collect();
    assert_eq!(differ, marked, "the marked cells are where the two differ");
}

/// Issue 22: the exact-cover trace sends each step's change of the partial solution (`pop`,
/// `push`), and the page replays it. At every step of the 6-queens search, stepping forward
/// and then backward, and at steps reached by jumps, the chess board holds the queens of the
/// partial solution this test rebuilds from the answer, and the links view marks that
/// solution's nodes as chosen (the option being tried as the focus); backward and jumps draw exactly what forward drew.
async fn xcc_replay_flow(c: &Client, url: &str) {
    open(c, &format!("{url}#xcc")).await;
    visible(c, "#queens-n").await;
    js(
        c,
        "document.querySelector('#queens-n').value = '6'; return 0;",
    )
    .await;
    click(c, "#queens-trace").await;
    wait_count(c, "#xcc-links circle", 36 * 4 - 4, "the queens matrix").await;
    // The same trace, fetched here, replayed independently of the page.
    let trace = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; fetch('/api/xcc/trace', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ queens: 6 }) }).then((r) => r.json()).then(done);",
            vec![],
        )
        .await
        .expect("fetch the trace");
    let squares: Vec<[usize; 2]> =
        serde_json::from_value(trace["queens"]["squares"].clone()).unwrap();
    let options: Vec<Vec<usize>> =
        serde_json::from_value(trace["matrix"]["options"].clone()).unwrap();
    let mut stack: Vec<usize> = Vec::new();
    let mut expected = Vec::new();
    for st in trace["steps"].as_array().unwrap() {
        assert!(st.get("stack").is_none(), "{st}");
        stack.truncate(stack.len() - st["pop"].as_u64().unwrap() as usize);
        stack.extend(
            st["push"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o.as_u64().unwrap() as usize),
        );
        let mut queens: Vec<usize> = stack
            .iter()
            .map(|&o| squares[o][0] * 6 + squares[o][1])
            .collect();
        queens.sort_unstable();
        let chosen: usize = stack.iter().map(|&o| options[o].len()).sum();
        expected.push((queens, chosen));
    }
    let n = expected.len();
    assert!(n > 50, "{n} steps");
    assert!(
        expected.iter().any(|(q, _)| q.len() == 6),
        "a solution is met"
    );
    assert_eq!(slider_max(c, "#xcc-step-slider").await, n - 1);

    // What the page shows at each step: the queens' squares, the chosen and hidden nodes, and
    // the whole drawing of the links; forward with "next", then back with "previous".
    let shown = js(
        c,
        "const state = () => [[...document.querySelectorAll('#trace-chess .sq')].map((d, i) => d.textContent ? i : -1).filter((i) => i >= 0), document.querySelectorAll('#xcc-links .lv-node.chosen, #xcc-links .lv-node.focus').length, document.querySelectorAll('#xcc-links .lv-node.hidden').length, document.querySelector('#xcc-links').innerHTML, document.querySelector('#xcc-step-text').textContent]; const s = document.querySelector('#xcc-step-slider'); const n = Number(s.max) + 1; s.value = 0; s.dispatchEvent(new Event('input')); const fwd = [state()]; for (let i = 1; i < n; i++) { document.querySelector('#xcc-step-next').click(); fwd.push(state()); } const back = []; back[n - 1] = state(); for (let i = n - 2; i >= 0; i--) { document.querySelector('#xcc-step-prev').click(); back[i] = state(); } const jumps = {}; for (const i of [n - 1, 3, n - 7, 0, Math.floor(n / 2), 1, n - 1, Math.floor(n / 3)]) { s.value = i; s.dispatchEvent(new Event('input')); jumps[i] = state(); } return { fwd, back, jumps };",
    )
    .await;
    let fwd = shown["fwd"].as_array().unwrap();
    let back = shown["back"].as_array().unwrap();
    assert_eq!((fwd.len(), back.len()), (n, n));
    let mut hidden_seen = 0;
    for (i, (queens, chosen)) in expected.iter().enumerate() {
        let f = &fwd[i];
        assert_eq!(f[0], json!(queens), "the queens at step {i}: {}", f[4]);
        assert_eq!(
            f[1],
            json!(chosen),
            "the chosen nodes at step {i}: {}",
            f[4]
        );
        assert_eq!(
            back[i], *f,
            "step {i} stepping back differs from stepping forward"
        );
        hidden_seen += usize::from(f[2].as_u64().unwrap() > 0);
    }
    assert!(hidden_seen > 0, "some step hides options");
    for (i, state) in shown["jumps"].as_object().unwrap() {
        let i: usize = i.parse().unwrap();
        assert_eq!(
            *state, fwd[i],
            "a jump to step {i} differs from stepping forward"
        );
    }
}

/// Issue 22: a 64x64 link said the page draws boards up to 35x35 while the size menu stopped
/// at 25x25. The number the message gives is the menu's largest size, the menu holds every
/// size from 4x4 up to it with boxes of at least 2x2, each draws as a board of that many cells
/// that fits the window, and a puzzle of the largest size loads from a link.
async fn sizes_flow(c: &Client, url: &str) {
    open(c, &format!("{url}?p={}", ".".repeat(64 * 64))).await;
    let toast = toast_text(c).await;
    assert!(toast.contains("a 64×64 puzzle is too big"), "{toast}");
    let most: usize = toast
        .split("up to ")
        .nth(1)
        .and_then(|t| t.split('×').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no size in `{toast}`"));
    let menu: Vec<usize> = serde_json::from_value(
        js(c, "return [...document.querySelectorAll('#size-select option')].map((o) => Number(o.value));").await,
    )
    .unwrap();
    assert_eq!(
        menu.iter().max(),
        Some(&most),
        "the message says {most}x{most}; the menu offers {menu:?}"
    );
    let mut sorted = menu.clone();
    sorted.sort_unstable();
    // Sizes with a box shape: a factor from 2 up whose cofactor is 2 or more.
    let drawable: Vec<usize> = (4..=most)
        .filter(|n| (2..*n).any(|d| n % d == 0 && n / d >= 2))
        .collect();
    assert_eq!(sorted, drawable);
    // Each size of the menu draws that many cells, within the window's width.
    let drawn = js(
        c,
        "const s = document.querySelector('#size-select'); const out = []; for (const o of s.options) { s.value = o.value; s.dispatchEvent(new Event('change')); const b = document.querySelector('#board').getBoundingClientRect(); out.push([Number(o.value), document.querySelectorAll('#board .cell').length, b.right <= document.documentElement.clientWidth + 1]); } return out;",
    )
    .await;
    for row in drawn.as_array().unwrap() {
        let n = row[0].as_u64().unwrap();
        assert_eq!(row[1].as_u64(), Some(n * n), "{row}");
        assert_eq!(row[2], json!(true), "the {n}x{n} board overflows: {row}");
    }
    // A blank puzzle of the largest size loads from a link and shows its size in the menu.
    open(c, &format!("{url}?p={}", ".".repeat(most * most))).await;
    wait_count(c, "#board .cell", (most * most) as u64, "the largest board").await;
    assert_eq!(
        js(c, "return document.querySelector('#size-select').value;").await,
        json!(most.to_string())
    );
}
