//! Unit-level tests of the server's internals (lanes, error statuses, the OpenAPI document),
//! kept in the `api` test binary so that `cargo test` does not compile the library a second
//! time as a unit-test harness (`[lib] test = false` in Cargo.toml).

mod error {
    use axum::http::StatusCode;
    use dlx_server::AppError;

    #[test]
    fn statuses_match_kinds() {
        assert_eq!(AppError::bad("x").status(), StatusCode::BAD_REQUEST);
        assert_eq!(AppError::Busy.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            AppError::Internal("boom".into()).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            AppError::TooLarge(10).to_string(),
            "request body is too large (the limit is 10 bytes)"
        );
        assert_eq!(
            AppError::BodyTimedOut(std::time::Duration::from_millis(1500)).status(),
            StatusCode::REQUEST_TIMEOUT
        );
        let big = AppError::AnswerTooLarge {
            bytes: 17_000_000,
            limit: 8 << 20,
        };
        assert_eq!(big.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert!(big.to_string().contains("17000000 bytes"), "{big}");
    }
}

mod openapi {
    use dlx_server::openapi::document;

    #[test]
    fn the_document_is_openapi_3_1_with_every_route() {
        let doc = serde_json::to_value(document()).unwrap();
        assert!(
            doc["openapi"].as_str().unwrap().starts_with("3.1."),
            "{doc}"
        );
        let paths = doc["paths"].as_object().unwrap();
        assert_eq!(paths.len(), 22, "{:?}", paths.keys());
        assert!(paths["/api/queens/{n}"]["get"].is_object());
    }
}

mod work {
    use axum::http::Method;
    use dlx_server::work::*;
    use dlx_server::{AppError, AppState};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn lane(path: &str, body: serde_json::Value) -> Lane {
        lane_of(&Method::POST, path, body.to_string().as_bytes())
    }

    /// The nice value of the calling thread, from `/proc/thread-self/stat` (field 19).
    #[cfg(target_os = "linux")]
    fn own_nice() -> i32 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
        // The command name, in parentheses, may hold spaces: count fields after it.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        after.split(' ').nth(16).unwrap().parse().unwrap()
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn searches_run_at_a_lower_priority_than_quick_work() {
        let state = AppState::new(dlx_server::Limits::default());
        let here = own_nice();
        let search = in_lane(
            Lane::Search,
            run_blocking(&state, Asked::default(), |_| Ok(own_nice())),
        );
        let quick = in_lane(
            Lane::Quick,
            run_blocking(&state, Asked::default(), |_| Ok(own_nice())),
        );
        let (search, quick) = (search.await.unwrap(), quick.await.unwrap());
        assert_eq!(quick, here, "quick work keeps the server's priority");
        if here < SEARCH_NICE {
            assert_eq!(search, SEARCH_NICE, "searches run at a lower priority");
        }
        // A panicking search is a 500, not a hung request.
        let panicked = in_lane(
            Lane::Search,
            run_blocking(&state, Asked::default(), |_| -> Result<(), AppError> {
                panic!("boom")
            }),
        )
        .await;
        assert!(
            matches!(panicked, Err(AppError::Internal(_))),
            "{panicked:?}"
        );
    }

    #[test]
    fn lanes_follow_the_work_a_request_needs() {
        use serde_json::json;
        let blank16 = ".".repeat(256);
        for (path, body, want) in [
            ("/api/sudoku/check", json!({ "puzzle": EASY }), Lane::Quick),
            (
                "/api/sudoku/check",
                json!({ "puzzle": "12" }),
                Lane::Rejected,
            ),
            ("/api/sudoku/solve", json!({ "puzzle": EASY }), Lane::Quick),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "solver": "mrv", "mode": "one" }),
                Lane::Quick,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "solver": "backtrack" }),
                Lane::Search,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "mode": "count" }),
                Lane::Search,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "limit": 5 }),
                Lane::Search,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": blank16 }),
                Lane::Search,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "shape": { "rows": 0, "cols": 9 } }),
                Lane::Rejected,
            ),
            ("/api/sudoku/trace", json!({ "puzzle": EASY }), Lane::Search),
            ("/api/sudoku/hint", json!({ "puzzle": "x" }), Lane::Rejected),
            ("/api/sudoku/generate", json!({ "size": 9 }), Lane::Search),
            (
                "/api/xcc/solve",
                json!({ "problem": "a\nb\n" }),
                Lane::Rejected,
            ),
            (
                "/api/xcc/solve",
                json!({ "problem": "a\na\n" }),
                Lane::Search,
            ),
            ("/api/xcc/trace", json!({ "queens": 8 }), Lane::Search),
            ("/api/sudoku/solve", json!({ "puzzle": 7 }), Lane::Search),
        ] {
            assert_eq!(lane(path, body.clone()), want, "{path} {body}");
        }
        assert_eq!(lane_of(&Method::GET, "/api/queens/8", b""), Lane::Search);
    }
}

mod schema_names {
    use dlx_server::openapi::document;

    /// Request types of the same Rust name (the classic and the variant `SolveRequest`,
    /// `TraceRequest`, `GenerateRequest`) must not share one schema: each route's body is its
    /// own.
    #[test]
    fn same_named_requests_have_their_own_schemas() {
        let doc = serde_json::to_value(document()).unwrap();
        let body = |path: &str| {
            doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
                ["$ref"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        };
        // Each variant body has the fields of its own type: `variant` for the generator,
        // `format` (the rules' format) for solve and trace, which the classic bodies lack.
        for (classic, variant, field) in [
            ("/api/sudoku/generate", "/api/variants/generate", "variant"),
            ("/api/sudoku/solve", "/api/variants/solve", "format"),
            ("/api/sudoku/trace", "/api/variants/trace", "format"),
        ] {
            let (a, b) = (body(classic), body(variant));
            assert!(!a.is_empty() && !b.is_empty(), "{a} {b}");
            assert_ne!(a, b, "{classic} and {variant} share a schema");
            let name = b.rsplit('/').next().unwrap();
            assert!(
                doc["components"]["schemas"][name]["properties"][field].is_object(),
                "{variant}: {}",
                doc["components"]["schemas"][name]
            );
        }
    }
}
