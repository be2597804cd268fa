//! `dlx serve` as a process: `--addr localhost:0`, the address printed, plain logs when
//! stderr is not a terminal, and a graceful stop on SIGTERM (issue 22, "What to build" 3).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common;

/// One request written by hand; the whole answer (the request asks to close).
fn request(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut conn = TcpStream::connect(addr).unwrap();
    conn.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        conn,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    conn.read_to_string(&mut out).unwrap();
    out
}

#[cfg(unix)]
#[test]
fn serves_on_localhost_port_0_and_stops_on_sigterm() {
    let args = ["serve", "--addr", "localhost:0", "--time-limit", "1s"];
    let mut child = common::spawn(&args, true);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    assert_ne!(addr, "127.0.0.1:0");

    let health = request(&addr, "GET", "/api/health", "");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");

    // A search of about a second is running when SIGTERM comes: it answers, then the
    // process exits 0.
    let running = {
        let addr = addr.clone();
        std::thread::spawn(move || {
            let body = format!(
                "{{\"puzzle\": \"{}\", \"mode\": \"count\"}}",
                ".".repeat(625)
            );
            request(&addr, "POST", "/api/sudoku/solve", &body)
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let answer = running.join().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"stopped\":\"deadline\""), "{answer}");

    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "still running");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!stderr.contains('\x1b'), "colour codes in {stderr:?}");
    assert!(stderr.contains("SIGTERM"), "{stderr}");
    assert!(stderr.contains("/api/sudoku/solve"), "{stderr}");
}
