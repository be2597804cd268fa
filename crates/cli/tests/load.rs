//! A load run against `dlx serve` (issue 22, "What to build" 3), ignored by default:
//!
//! ```console
//! $ cargo test -p dlx-cli --test load -- --ignored --nocapture
//! ```
//!
//! 20 clients (`DLX_LOAD_CLIENTS`) for 30 s (`DLX_LOAD_SECONDS`) on loopback, each sending in
//! turn easy 9x9 solves (the page's `dlx` and the default `fast`), the hardest known 9x9,
//! a hard 16x16, a count of every blank 25x25 grid (2 s) and bad requests (a puzzle that does
//! not read, and a body that is not JSON). Prints p50, p99 and the worst time per kind, the
//! statuses, and the server's resident memory (largest sample and the kernel's peak).
//! Asserts only what must hold on any machine: no 5xx but the documented 503.
//! `DLX_LOAD_WORKERS` passes `--workers` to the server.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARDEST: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The kinds of request, each a name, a path and a body; a client sends them in this order,
/// again and again (so easy and bad requests are most of the traffic).
fn kinds() -> Vec<(&'static str, &'static str, String)> {
    let s16 = include_str!("../../../testdata/sudoku/s16-seed5.txt").trim();
    let easy_dlx = format!(r#"{{"puzzle": "{EASY}", "solver": "dlx"}}"#);
    let easy_fast = format!(r#"{{"puzzle": "{EASY}"}}"#);
    let bad_puzzle = r#"{"puzzle": "123"}"#.to_string();
    let bad_json = r#"{"puzzle": "#.to_string();
    vec![
        ("easy", "/api/sudoku/solve", easy_dlx.clone()),
        ("bad", "/api/sudoku/solve", bad_puzzle.clone()),
        ("easy", "/api/sudoku/solve", easy_fast.clone()),
        (
            "hard 9x9",
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "{HARDEST}", "solver": "dlx"}}"#),
        ),
        ("bad", "/api/sudoku/solve", bad_json.clone()),
        ("easy", "/api/sudoku/solve", easy_dlx),
        (
            "hard 16x16",
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "{s16}", "solver": "dlx"}}"#),
        ),
        ("bad", "/api/sudoku/solve", bad_puzzle),
        ("easy", "/api/sudoku/solve", easy_fast),
        (
            "blank 25x25 count",
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "{}", "mode": "count"}}"#, ".".repeat(625)),
        ),
        ("bad", "/api/sudoku/check", bad_json),
    ]
}

/// Sends one request on a fresh connection; the status (0 if the exchange failed).
fn send(addr: &str, path: &str, body: &str) -> u16 {
    let Ok(mut conn) = TcpStream::connect(addr) else {
        return 0;
    };
    let _ = conn.set_read_timeout(Some(Duration::from_secs(60)));
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if conn.write_all(request.as_bytes()).is_err() {
        return 0;
    }
    let mut out = Vec::new();
    if conn.read_to_end(&mut out).is_err() {
        return 0;
    }
    std::str::from_utf8(out.get(9..12).unwrap_or_default())
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn rss_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let k = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len());
    sorted[k - 1]
}

#[test]
#[ignore = "a load run of 30 s; run it with --ignored --nocapture"]
fn mixed_load() {
    let env = |name: &str, default: u64| -> u64 {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let clients = env("DLX_LOAD_CLIENTS", 20) as usize;
    let seconds = env("DLX_LOAD_SECONDS", 30);
    let mut args = vec!["serve".to_string(), "--addr".into(), "127.0.0.1:0".into()];
    if let Ok(w) = std::env::var("DLX_LOAD_WORKERS") {
        args.extend(["--workers".into(), w]);
    }
    let mut server = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(&args)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let pid = server.id();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap()
        .to_string();
    let rss_idle = rss_kib(pid, "VmRSS:").unwrap_or(0);

    let times: Arc<Mutex<BTreeMap<&'static str, Vec<Duration>>>> = Arc::default();
    let statuses: Arc<Mutex<BTreeMap<(&'static str, u16), u64>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let kinds = Arc::new(kinds());
    let workers: Vec<_> = (0..clients)
        .map(|c| {
            let (times, statuses, stop, kinds) =
                (times.clone(), statuses.clone(), stop.clone(), kinds.clone());
            let addr = addr.clone();
            std::thread::spawn(move || {
                // Each client starts at a different place in the cycle.
                let mut k = c * 7;
                while !stop.load(Ordering::Relaxed) {
                    let (name, path, body) = &kinds[k % kinds.len()];
                    k += 1;
                    let start = Instant::now();
                    let status = send(&addr, path, body);
                    let took = start.elapsed();
                    times.lock().unwrap().entry(name).or_default().push(took);
                    *statuses.lock().unwrap().entry((name, status)).or_default() += 1;
                }
            })
        })
        .collect();
    let start = Instant::now();
    let mut rss_max = 0;
    while start.elapsed() < Duration::from_secs(seconds) {
        std::thread::sleep(Duration::from_millis(100));
        rss_max = rss_max.max(rss_kib(pid, "VmRSS:").unwrap_or(0));
    }
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().unwrap();
    }
    let rss_peak = rss_kib(pid, "VmHWM:").unwrap_or(0);
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let exit = server.wait().unwrap();

    println!("{clients} clients, {seconds} s, {addr}");
    println!("| kind | requests | p50 | p99 | max |");
    println!("|---|---|---|---|---|");
    for (name, t) in times.lock().unwrap().iter_mut() {
        t.sort();
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
        println!(
            "| {name} | {} | {} | {} | {} |",
            t.len(),
            ms(percentile(t, 0.50)),
            ms(percentile(t, 0.99)),
            ms(*t.last().unwrap())
        );
    }
    println!("statuses: {:?}", statuses.lock().unwrap());
    println!(
        "RSS: {} MiB idle, {} MiB largest sample, {} MiB peak (VmHWM)",
        rss_idle / 1024,
        rss_max / 1024,
        rss_peak / 1024
    );
    assert!(exit.success(), "{exit}");
    for (&(name, status), n) in statuses.lock().unwrap().iter() {
        assert!(
            status != 0 && (status < 500 || status == 503),
            "{n} answers {status} to {name}"
        );
    }
}
