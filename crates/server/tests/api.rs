//! The JSON API through the router (`tower::ServiceExt::oneshot`, no socket), plus one test
//! over a real socket.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use dlx_server::{AppState, Limits, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

const KNUTH: &str = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

fn state() -> AppState {
    AppState::new(Limits::default())
}

async fn send(state: &AppState, req: Request<Body>) -> (StatusCode, Value) {
    let resp = app(state.clone())
        .oneshot(req)
        .await
        .expect("router never fails");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn post(state: &AppState, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(state, req).await
}

async fn get(state: &AppState, path: &str) -> (StatusCode, Value) {
    send(state, Request::get(path).body(Body::empty()).unwrap()).await
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

mod xcc {
    use super::*;

    #[tokio::test]
    async fn knuths_example_has_one_solution_and_it_checks() {
        let s = state();
        let (status, v) = post(&s, "/api/xcc/solve", json!({ "problem": KNUTH })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["solutions"], 1);
        assert_eq!(v["complete"], true);
        assert_eq!(v["status"], "complete");
        let mut first: Vec<String> = v["first"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap().to_string())
            .collect();
        first.sort();
        assert_eq!(first, vec!["a d f", "b g", "c e"]);
        // The listed option ids form a valid solution by the engine's independent checker.
        let (p, _) = dlx_engine::format::parse(KNUTH).unwrap();
        let ids: Vec<_> = v["listed"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| dlx_engine::OptionId(x.as_u64().unwrap() as u32))
            .collect();
        dlx_engine::reference::check(&p, &ids).unwrap();
        assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
        assert!(v["stats"]["updates"].as_u64().unwrap() > 0);
    }

    #[tokio::test]
    async fn limit_stops_early_and_list_returns_that_many() {
        let s = state();
        let problem = dlx_server::queens::problem(8).0;
        let text = dlx_engine::format::write(&problem, None);
        let (status, v) = post(
            &s,
            "/api/xcc/solve",
            json!({ "problem": text, "limit": 10, "list": 3, "heuristic": "leftmost" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["solutions"], 10);
        assert_eq!(v["complete"], false);
        assert_eq!(v["status"], "limit_reached");
        assert_eq!(v["listed"].as_array().unwrap().len(), 3);
        for sol in v["listed"].as_array().unwrap() {
            assert_eq!(sol["text"].as_array().unwrap().len(), 8);
            let ids: Vec<_> = sol["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| dlx_engine::OptionId(x.as_u64().unwrap() as u32))
                .collect();
            dlx_engine::reference::check(&problem, &ids).unwrap();
        }
        let (_, all) = post(&s, "/api/xcc/solve", json!({ "problem": text })).await;
        assert_eq!(all["solutions"], 92);
    }

    #[tokio::test]
    async fn bad_problems_name_line_and_item() {
        let s = state();
        let (status, v) = post(
            &s,
            "/api/xcc/solve",
            json!({ "problem": "a b | x\na zz\n" }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(error_of(&v), "problem: line 2, column 3: unknown item `zz`");
        let (status, v) = post(&s, "/api/xcc/solve", json!({ "problem": "" })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error_of(&v).contains("no items"), "{v}");
    }

    #[tokio::test]
    async fn node_budget_is_reported_incomplete() {
        let s = state();
        let text = dlx_engine::format::write(&dlx_server::queens::problem(10).0, None);
        let (status, v) = post(
            &s,
            "/api/xcc/solve",
            json!({ "problem": text, "node_budget": 50 }),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["status"], "node_budget");
        assert_eq!(v["complete"], false);
        assert!(v["stats"]["nodes"].as_u64().unwrap() <= 50);
    }

    #[tokio::test]
    async fn trace_of_knuths_example_has_matrix_and_steps() {
        let s = state();
        let (status, v) = post(&s, "/api/xcc/trace", json!({ "problem": KNUTH })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["matrix"]["items"].as_array().unwrap().len(), 7);
        assert_eq!(v["matrix"]["options"].as_array().unwrap().len(), 6);
        assert_eq!(v["matrix"]["options"][1], json!([0, 3, 6]));
        assert_eq!(v["truncated"], false);
        assert_eq!(v["solutions"], 1);
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps[0]["kind"], "choose");
        assert!(steps.iter().any(|s| s["kind"] == "solution"));
        assert!(steps.iter().any(|s| s["kind"] == "dead_end"));
        for step in steps {
            assert!(!step["text"].as_str().unwrap().is_empty());
        }
    }

    #[tokio::test]
    async fn trace_of_queens_carries_squares_and_respects_the_cap() {
        let s = state();
        let (status, v) = post(
            &s,
            "/api/xcc/trace",
            json!({ "queens": 6, "max_steps": 40 }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["queens"]["n"], 6);
        assert_eq!(v["queens"]["squares"].as_array().unwrap().len(), 36);
        assert_eq!(v["steps"].as_array().unwrap().len(), 40);
        assert_eq!(v["truncated"], true);
        let (status, v) = post(&s, "/api/xcc/trace", json!({ "queens": 6 })).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["solutions"], 4);
        assert_eq!(v["truncated"], false);
    }

    #[tokio::test]
    async fn trace_rejects_ambiguous_or_oversized_requests() {
        let s = state();
        for body in [
            json!({}),
            json!({ "problem": KNUTH, "queens": 5 }),
            json!({ "queens": 500 }),
            json!({ "problem": KNUTH, "max_steps": 0 }),
            json!({ "problem": KNUTH, "max_steps": 1_000_000 }),
        ] {
            let (status, v) = post(&s, "/api/xcc/trace", body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(!error_of(&v).is_empty());
        }
    }
}

mod queens {
    use super::*;

    #[tokio::test]
    async fn eight_queens_count_and_boards() {
        let s = state();
        let (status, v) = get(&s, "/api/queens/8?limit=0&list=5").await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["solutions"], 92);
        assert_eq!(v["complete"], true);
        let boards = v["listed"].as_array().unwrap();
        assert_eq!(boards.len(), 5);
        for b in boards {
            let cols: Vec<i64> = b
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_i64().unwrap())
                .collect();
            assert_eq!(cols.len(), 8);
            for r1 in 0..8 {
                for r2 in r1 + 1..8 {
                    assert_ne!(cols[r1], cols[r2]);
                    assert_ne!((cols[r1] - cols[r2]).abs(), (r2 - r1) as i64);
                }
            }
        }
        assert_eq!(v["first"], boards[0]);
    }

    #[tokio::test]
    async fn bad_sizes_and_queries_are_400() {
        let s = state();
        for path in [
            "/api/queens/0",
            "/api/queens/65",
            "/api/queens/abc",
            "/api/queens/-3",
            "/api/queens/8?limit=lots",
            "/api/queens/8?color=red",
            "/api/queens/8?list=100000",
        ] {
            let (status, v) = get(&s, path).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {v}");
            assert!(!error_of(&v).is_empty());
        }
        let (_, v) = get(&s, "/api/queens/0").await;
        assert_eq!(
            error_of(&v),
            "n must be a whole number from 1 to 64, not `0`"
        );
    }

    #[tokio::test]
    async fn large_boards_stop_on_the_budget() {
        let s = AppState::new(Limits {
            node_budget: 20_000,
            ..Limits::default()
        });
        let (status, v) = get(&s, "/api/queens/20?limit=0").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["complete"], false);
        assert_eq!(v["status"], "node_budget");
    }
}

mod robustness {
    use super::*;

    #[tokio::test]
    async fn malformed_json_gets_a_named_error() {
        let s = state();
        let req = Request::post("/api/xcc/solve")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{\"problem\": "))
            .unwrap();
        let (status, v) = send(&s, req).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error_of(&v).starts_with("invalid JSON body"), "{v}");

        let (status, v) = post(&s, "/api/xcc/solve", json!({ "problme": "a" })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error_of(&v).contains("problme"), "{v}");

        let (status, v) = post(&s, "/api/xcc/solve", json!({ "problem": 7 })).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(error_of(&v).contains("problem"), "{v}");

        let req = Request::post("/api/xcc/solve")
            .body(Body::from(json!({ "problem": KNUTH }).to_string()))
            .unwrap();
        let (status, v) = send(&s, req).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(error_of(&v).contains("content-type"), "{v}");
    }

    #[tokio::test]
    async fn oversized_bodies_are_413() {
        let s = AppState::new(Limits {
            body_limit: 1000,
            ..Limits::default()
        });
        let big = "a ".repeat(2000);
        let (status, v) = post(&s, "/api/xcc/solve", json!({ "problem": big })).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(error_of(&v).contains("too large"), "{v}");
    }

    #[tokio::test]
    async fn unknown_routes_and_methods_are_json_errors() {
        let s = state();
        let (status, v) = get(&s, "/api/nothing").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(error_of(&v).contains("/api/nothing"));
        let (status, v) = get(&s, "/api/xcc/solve").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(error_of(&v), "method not allowed");
    }

    #[tokio::test]
    async fn page_and_assets_are_served_with_types() {
        let s = state();
        for (path, ty, needle) in [
            ("/", "text/html", "<!doctype html>"),
            ("/app.js", "text/javascript", "use strict"),
            ("/style.css", "text/css", "{"),
        ] {
            let resp = app(s.clone())
                .oneshot(Request::get(path).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(resp.status(), StatusCode::OK, "{path}");
            let ct = resp.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .to_string();
            assert!(ct.starts_with(ty), "{path}: {ct}");
            assert!(resp.headers().contains_key(header::CONTENT_SECURITY_POLICY));
            let body = resp.into_body().collect().await.unwrap().to_bytes();
            let body = String::from_utf8(body.to_vec()).unwrap();
            assert!(body.to_lowercase().contains(needle), "{path}");
            // Nothing is fetched from elsewhere: the machine and the users may be offline.
            // (The SVG namespace URI is a name, not a fetch.)
            for remote in [
                "src=\"http",
                "href=\"http",
                "url(http",
                "@import",
                "fetch(\"http",
                "//cdn",
            ] {
                assert!(!body.contains(remote), "{path} loads {remote}");
            }
        }
    }

    #[tokio::test]
    async fn a_busy_server_answers_503_instead_of_queueing_forever() {
        let s = AppState::new(Limits {
            concurrency: 1,
            queue_timeout: Duration::from_millis(50),
            ..Limits::default()
        });
        // Hold the only solver slot.
        let permit = s.permits.clone().acquire_owned().await.unwrap();
        let (status, v) = get(&s, "/api/queens/6").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(error_of(&v).contains("busy"));
        drop(permit);
        let (status, _) = get(&s, "/api/queens/6").await;
        assert_eq!(status, StatusCode::OK);
    }
}

mod socket {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// One request over a real TCP connection, written and read by hand.
    #[tokio::test]
    async fn serves_over_a_real_socket() {
        let server = dlx_server::Server::bind("127.0.0.1:0".parse().unwrap(), Limits::default())
            .await
            .unwrap();
        let addr = server.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let handle = tokio::spawn(server.run_until(async {
            let _ = stopped.await;
        }));
        let body = json!({ "problem": KNUTH }).to_string();
        let mut conn = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "POST /api/xcc/solve HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        conn.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        tokio::time::timeout(Duration::from_secs(10), conn.read_to_string(&mut response))
            .await
            .unwrap()
            .unwrap();
        assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        let json_start = response.find("\r\n\r\n").unwrap() + 4;
        let v: Value = serde_json::from_str(&response[json_start..]).unwrap();
        assert_eq!(v["solutions"], 1);
        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), handle)
            .await
            .unwrap()
            .unwrap()
            .unwrap();
    }
}
