//! The JSON API through the router (`tower::ServiceExt::oneshot`, no socket), plus one test
//! over a real socket.

#[path = "parts/internals.rs"]
mod internals;

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

/// The status and the bytes of the answer to `req`.
async fn send_bytes(state: &AppState, req: Request<Body>) -> (StatusCode, axum::body::Bytes) {
    let resp = app(state.clone())
        .oneshot(req)
        .await
        .expect("router never fails");
    let status = resp.status();
    (
        status,
        resp.into_body().collect().await.expect("body").to_bytes(),
    )
}

/// The status and the JSON of the answer to `req` (a JSON string of its text if it is not JSON).
async fn send(state: &AppState, req: Request<Body>) -> (StatusCode, Value) {
    let (status, bytes) = send_bytes(state, req).await;
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// A JSON POST of `body` to `path`.
fn post_request(path: &str, body: Value) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

async fn post(state: &AppState, path: &str, body: Value) -> (StatusCode, Value) {
    send(state, post_request(path, body)).await
}

async fn get(state: &AppState, path: &str) -> (StatusCode, Value) {
    send(state, Request::get(path).body(Body::empty()).unwrap()).await
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

/// POSTs `body` to `path` and returns the answer, which must be a 200.
async fn post_ok(state: &AppState, path: &str, body: Value) -> Value {
    let (status, v) = post(state, path, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{path} {body}: {v}");
    v
}

/// POSTs `body` to `path` and returns the answer, which must have `status` and an error
/// message.
async fn post_refused(state: &AppState, path: &str, body: Value, status: StatusCode) -> Value {
    let (got, v) = post(state, path, body.clone()).await;
    assert_eq!(got, status, "{path} {body}: {v}");
    error_of(&v);
    v
}

/// What a refusal's error message must say, besides being there and not empty.
#[derive(Debug, Clone, Copy)]
enum Says {
    /// Anything.
    Something,
    /// Words somewhere in it.
    Has(&'static str),
    /// Words it begins with.
    Starts(&'static str),
    /// All of it.
    Is(&'static str),
}

/// A request the API must refuse: its name, the route, the body POSTed to it, the status of
/// the answer and what its error message says.
type Refusal = (&'static str, &'static str, Value, u16, Says);

/// POSTs each of `cases` and checks its status and error message, naming the case that fails.
async fn check_refusals(state: &AppState, cases: impl IntoIterator<Item = Refusal>) {
    for (name, path, body, status, says) in cases {
        let (got, v) = post(state, path, body.clone()).await;
        assert_eq!(got.as_u16(), status, "{name}: {path} {body}: {v}");
        let error = error_of(&v);
        let ok = !error.is_empty()
            && match says {
                Says::Something => true,
                Says::Has(words) => error.contains(words),
                Says::Starts(words) => error.starts_with(words),
                Says::Is(words) => error == words,
            };
        assert!(
            ok,
            "{name}: {path} {body}: the error {error:?} is not {says:?}"
        );
    }
}

/// Serves `limits` on a free port until the returned sender is dropped or used.
async fn spawn_server(
    limits: Limits,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let server = dlx_server::Server::bind("127.0.0.1:0".parse().unwrap(), limits)
        .await
        .unwrap();
    let addr = server.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let handle = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    (addr, stop, handle)
}

/// A server with one search slot, held by the permit returned with it: a search waits
/// `queue_timeout` for it, then gets a 503.
async fn busy(queue_timeout: Duration) -> (AppState, tokio::sync::OwnedSemaphorePermit) {
    let s = AppState::new(Limits {
        concurrency: 1,
        queue_timeout,
        ..Limits::default()
    });
    let permit = s.permits.clone().acquire_owned().await.unwrap();
    (s, permit)
}

/// Applies a trace step's change of the stack (which the step does not carry whole): drops
/// the step's `pop` entries, then adds its `push`.
fn pop_push(st: &Value, stack: &mut Vec<u64>) {
    assert!(st.get("stack").is_none(), "{st}");
    let pop = st["pop"].as_u64().unwrap() as usize;
    assert!(pop <= stack.len(), "{st}");
    stack.truncate(stack.len() - pop);
    let push = st["push"].as_array().unwrap();
    stack.extend(push.iter().map(|x| x.as_u64().unwrap()));
}

/// The option ids of a JSON list of them.
fn option_ids(v: &Value) -> Vec<dlx_engine::OptionId> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list of option ids: {v}"))
        .iter()
        .map(|x| dlx_engine::OptionId(x.as_u64().expect("an option id") as u32))
        .collect()
}

mod xcc {
    use super::*;

    #[tokio::test]
    async fn knuths_example_has_one_solution_and_it_checks() {
        let s = state();
        let v = post_ok(&s, "/api/xcc/solve", json!({ "problem": KNUTH })).await;
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
        let ids = option_ids(&v["listed"][0]["options"]);
        dlx_engine::reference::check(&p, &ids).unwrap();
        assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
        assert!(v["stats"]["updates"].as_u64().unwrap() > 0);
    }

    #[tokio::test]
    async fn limit_stops_early_and_list_returns_that_many() {
        let s = state();
        let problem = dlx_api::params::queens(8).unwrap().0;
        let text = dlx_engine::format::write(&problem, None);
        let v = post_ok(
            &s,
            "/api/xcc/solve",
            json!({ "problem": text, "limit": 10, "list": 3, "heuristic": "leftmost" }),
        )
        .await;
        assert_eq!(v["solutions"], 10);
        assert_eq!(v["complete"], false);
        assert_eq!(v["status"], "limit_reached");
        assert_eq!(v["listed"].as_array().unwrap().len(), 3);
        for sol in v["listed"].as_array().unwrap() {
            assert_eq!(sol["text"].as_array().unwrap().len(), 8);
            let ids = option_ids(&sol["options"]);
            dlx_engine::reference::check(&problem, &ids).unwrap();
        }
        let (_, all) = post(&s, "/api/xcc/solve", json!({ "problem": text })).await;
        assert_eq!(all["solutions"], 92);
    }

    #[tokio::test]
    async fn both_algorithms_list_valid_solutions_and_say_which_ran() {
        let s = state();
        let problem = dlx_api::params::queens(8).unwrap().0;
        let text = dlx_engine::format::write(&problem, None);
        let mut nodes = Vec::new();
        for (asked, ran) in [("auto", "cells"), ("cells", "cells"), ("links", "links")] {
            let v = post_ok(
                &s,
                "/api/xcc/solve",
                json!({ "problem": text, "algorithm": asked, "list": 100 }),
            )
            .await;
            assert_eq!(v["algorithm"], ran);
            assert_eq!(v["solutions"], 92);
            let listed = v["listed"].as_array().unwrap();
            assert_eq!(listed.len(), 92);
            let mut distinct = std::collections::BTreeSet::new();
            for sol in listed {
                let mut ids = option_ids(&sol["options"]);
                dlx_engine::reference::check(&problem, &ids).unwrap();
                ids.sort();
                distinct.insert(ids);
            }
            assert_eq!(distinct.len(), 92);
            nodes.push(v["stats"]["nodes"].as_u64().unwrap());
        }
        // The two algorithms search different trees; `auto` is `cells`.
        assert_eq!(nodes[0], nodes[1]);
        assert_ne!(nodes[1], nodes[2]);
    }

    #[tokio::test]
    async fn bad_requests_are_refused_naming_the_problem() {
        const SOLVE: &str = "/api/xcc/solve";
        const TRACE: &str = "/api/xcc/trace";
        let unknown_item = "problem: line 2, column 3: unknown item `zz`";
        #[rustfmt::skip]
        let cases = [
            ("unknown algorithm", SOLVE, json!({ "problem": KNUTH, "algorithm": "fastest" }), 422, Says::Has("algorithm")),
            ("unknown item", SOLVE, json!({ "problem": "a b | x\na zz\n" }), 400, Says::Is(unknown_item)),
            ("no items", SOLVE, json!({ "problem": "" }), 400, Says::Has("no items")),
            ("trace of nothing", TRACE, json!({}), 400, Says::Something),
            ("trace of two things", TRACE, json!({ "problem": KNUTH, "queens": 5 }), 400, Says::Something),
            ("trace of a huge board", TRACE, json!({ "queens": 500 }), 400, Says::Something),
            ("trace of no steps", TRACE, json!({ "problem": KNUTH, "max_steps": 0 }), 400, Says::Something),
            ("trace of too many steps", TRACE, json!({ "problem": KNUTH, "max_steps": 1_000_000 }), 400, Says::Something),
        ];
        check_refusals(&state(), cases).await;
    }

    #[tokio::test]
    async fn node_budget_is_reported_incomplete() {
        let s = state();
        let text = dlx_engine::format::write(&dlx_api::params::queens(10).unwrap().0, None);
        let v = post_ok(
            &s,
            "/api/xcc/solve",
            json!({ "problem": text, "node_budget": 50 }),
        )
        .await;
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

    /// The partial solution after each step of an exact-cover trace, from each step's `pop`
    /// and `push` applied in turn.
    fn replay_stacks(v: &Value) -> Vec<Vec<u32>> {
        let mut stack = Vec::new();
        let mut stacks = Vec::new();
        for st in v["steps"].as_array().unwrap() {
            pop_push(st, &mut stack);
            stacks.push(stack.iter().map(|&o| o as u32).collect());
        }
        stacks
    }

    /// Issue 22: the steps carry what changed, not the whole stack; replayed, they give the
    /// stacks the engine's own record of the same search holds.
    #[tokio::test]
    async fn trace_steps_replay_to_the_engines_stacks() {
        let s = state();
        // Knuth's example, and a chain three levels deep under a choice of two.
        let deep = "a b c d\na b\nc\nd\na\nb c d\n";
        for (problem, heuristic) in [
            (KNUTH, "mrv"),
            (KNUTH, "leftmost"),
            (deep, "mrv"),
            (deep, "leftmost"),
        ] {
            let body = json!({ "problem": problem, "heuristic": heuristic });
            let (status, v) = post(&s, "/api/xcc/trace", body).await;
            assert_eq!(status, StatusCode::OK, "{v}");
            let stacks = replay_stacks(&v);
            let (p, _) = dlx_engine::format::parse(problem).unwrap();
            let config = dlx_engine::Config {
                heuristic: if heuristic == "mrv" {
                    dlx_engine::Heuristic::Mrv
                } else {
                    dlx_engine::Heuristic::Leftmost
                },
                ..dlx_engine::Config::default()
            };
            let (rec, _) = dlx_engine::record::record(&p, config, 5000, u64::MAX);
            let expected: Vec<Vec<u32>> = rec
                .steps
                .iter()
                .map(|st| st.stack.iter().map(|o| o.0).collect())
                .collect();
            assert_eq!(stacks, expected, "{problem:?} {heuristic}");
            // Some step pops, or the replay would be trivially a running list.
            let steps = v["steps"].as_array().unwrap();
            assert!(steps.iter().any(|st| st["pop"].as_u64().unwrap() > 0));
        }
    }

    /// The replayed stacks say what the steps say: a try puts its option on top at its
    /// level, a choice is made with one option per level above it, and at a solution the
    /// options put one queen on each row and column, none attacking another.
    #[tokio::test]
    async fn trace_stacks_agree_with_the_steps_and_solve_queens() {
        let s = state();
        let (status, v) = post(&s, "/api/xcc/trace", json!({ "queens": 6 })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let stacks = replay_stacks(&v);
        let squares = v["queens"]["squares"].as_array().unwrap();
        let mut solutions = 0;
        for (st, stack) in v["steps"].as_array().unwrap().iter().zip(&stacks) {
            let depth = st["depth"].as_u64().unwrap() as usize;
            match st["kind"].as_str().unwrap() {
                "try" => {
                    assert_eq!(stack.len(), depth + 1, "{st}");
                    assert_eq!(u64::from(*stack.last().unwrap()), st["option"], "{st}");
                }
                "choose" | "dead_end" => assert_eq!(stack.len(), depth, "{st}"),
                "solution" => {
                    solutions += 1;
                    let q: Vec<(i64, i64)> = stack
                        .iter()
                        .map(|&o| {
                            let sq = &squares[o as usize];
                            (sq[0].as_i64().unwrap(), sq[1].as_i64().unwrap())
                        })
                        .collect();
                    assert_eq!(q.len(), 6, "{st}");
                    for (i, a) in q.iter().enumerate() {
                        for b in &q[i + 1..] {
                            assert!(a.0 != b.0 && a.1 != b.1, "{q:?}");
                            assert!((a.0 - b.0).abs() != (a.1 - b.1).abs(), "{q:?}");
                        }
                    }
                }
                _ => {}
            }
        }
        assert_eq!(solutions, 4);
        assert!(stacks.last().unwrap().is_empty());
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

mod sudoku {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    /// A 9x9 puzzle with exactly two solutions.
    const TWO: &str =
        "53..7........95....98....6.8.......34..8.3..17...2...6......28....419..5.......79";
    const SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    /// An independent check that `solution` solves `puzzle` (n x n, default box shape).
    fn assert_solves(puzzle: &str, solution: &str) {
        let vals: Vec<usize> = solution
            .chars()
            .map(|ch| SYMBOLS.find(ch).expect("a digit") + 1)
            .collect();
        let n = (vals.len() as f64).sqrt() as usize;
        assert_eq!(n * n, vals.len());
        for (k, ch) in puzzle.chars().enumerate() {
            if ch != '.' {
                assert_eq!(SYMBOLS.find(ch).map(|d| d + 1), Some(vals[k]), "given {k}");
            }
        }
        let mut br = (n as f64).sqrt() as usize;
        while n % br != 0 {
            br -= 1;
        }
        let bc = n / br;
        for i in 0..n {
            let mut row = vec![false; n + 1];
            let mut col = vec![false; n + 1];
            let mut bx = vec![false; n + 1];
            for j in 0..n {
                let (r0, c0) = ((i / br) * br, (i % br) * bc);
                for (seen, v) in [
                    (&mut row, vals[i * n + j]),
                    (&mut col, vals[j * n + i]),
                    (&mut bx, vals[(r0 + j / bc) * n + c0 + j % bc]),
                ] {
                    assert!(!seen[v], "house {i} repeats {v}");
                    seen[v] = true;
                }
            }
        }
    }

    #[tokio::test]
    async fn hard_puzzle_is_unique_with_every_solver() {
        // Plain backtracking takes a million nodes here: a server's default 2 s is not always
        // enough on a busy machine, and this test is about the answers, not the time.
        let s = AppState::new(Limits {
            time_limit: Duration::from_secs(120),
            ..Limits::default()
        });
        let mut solutions = Vec::new();
        for solver in ["dlx", "mrv", "backtrack", "fast"] {
            let v = post_ok(
                &s,
                "/api/sudoku/solve",
                json!({ "puzzle": INKALA, "solver": solver, "mode": "unique" }),
            )
            .await;
            assert_eq!(v["status"], "unique", "{solver}: {v}");
            assert_eq!(v["unique"], true);
            assert_eq!(v["complete"], true);
            assert_eq!(v["solutions"], 1);
            assert_eq!(v["stopped"], Value::Null);
            // The fast solver counts guesses only (nodes would mean `dlx` ran instead).
            if solver == "fast" {
                assert_eq!(v["stats"]["nodes"], 0, "{v}");
            } else {
                assert!(v["stats"]["nodes"].as_u64().unwrap() > 1);
            }
            assert!(v["stats"]["guesses"].as_u64().unwrap() > 0);
            let sol = v["solution"].as_str().unwrap().to_string();
            assert_solves(INKALA, &sol);
            solutions.push(sol);
        }
        assert!(solutions.windows(2).all(|w| w[0] == w[1]));
    }

    #[tokio::test]
    async fn modes_one_count_and_unique() {
        let s = state();
        let (_, one) = post(
            &s,
            "/api/sudoku/solve",
            json!({ "puzzle": TWO, "mode": "one" }),
        )
        .await;
        assert_eq!(one["solutions"], 1);
        assert_eq!(one["status"], "solved");
        assert_eq!(one["unique"], Value::Null);
        assert_eq!(one["stopped"], "limit_reached");
        assert_solves(TWO, one["solution"].as_str().unwrap());

        let (_, unique) = post(
            &s,
            "/api/sudoku/solve",
            json!({ "puzzle": TWO, "mode": "unique" }),
        )
        .await;
        assert_eq!(unique["status"], "multiple");
        assert_eq!(unique["unique"], false);

        let (_, count) = post(
            &s,
            "/api/sudoku/solve",
            json!({ "puzzle": TWO, "mode": "count" }),
        )
        .await;
        assert_eq!(count["solutions"], 2);
        assert_eq!(count["complete"], true);

        // A limit alone means counting; with `one` it is an error (see the refusals below).
        let (_, limited) = post(
            &s,
            "/api/sudoku/solve",
            json!({ "puzzle": TWO, "limit": 1 }),
        )
        .await;
        assert_eq!(limited["solutions"], 1);
        assert_eq!(limited["complete"], false);
    }

    #[tokio::test]
    async fn every_size_solves() {
        let s = state();
        for n in [4usize, 6, 8, 9, 12, 16, 25] {
            let blank = ".".repeat(n * n);
            let (status, v) = post(
                &s,
                "/api/sudoku/solve",
                json!({ "puzzle": blank, "mode": "one" }),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{n}: {v}");
            assert_eq!(v["size"], n);
            assert_solves(&blank, v["solution"].as_str().unwrap());
        }
    }

    /// Counting every blank 25x25 grid cannot finish: the answer comes back incomplete.
    #[tokio::test]
    async fn counting_blank_25x25_stops_on_a_budget() {
        let s = state();
        let blank = ".".repeat(625);
        for solver in ["dlx", "backtrack", "fast"] {
            let v = post_ok(
                &s,
                "/api/sudoku/solve",
                json!({ "puzzle": blank, "mode": "count", "solver": solver }),
            )
            .await;
            assert_eq!(v["complete"], false, "{solver}");
            let stopped = v["stopped"].as_str().unwrap();
            assert!(stopped == "deadline" || stopped == "node_budget", "{v}");
            let want = match v["solutions"].as_u64().unwrap() {
                0 => "incomplete",
                1 => "solved",
                _ => "multiple",
            };
            assert_eq!(v["status"], want, "{v}");
            if solver != "backtrack" {
                assert!(v["solutions"].as_u64().unwrap() >= 1, "{v}");
            }
        }
    }

    #[tokio::test]
    async fn repeated_givens_mean_no_solution_with_the_reason() {
        let s = state();
        let mut p: Vec<char> = INKALA.chars().collect();
        p[1] = '8'; // r1c2 = 8 repeats r1c1
        let p: String = p.into_iter().collect();
        let v = post_ok(&s, "/api/sudoku/solve", json!({ "puzzle": p })).await;
        assert_eq!(v["status"], "none");
        assert_eq!(v["solution"], Value::Null);
        assert_eq!(
            v["conflicts"][0]["text"],
            "digit 8 at r1c1 repeats r1c2 in row 1"
        );
        let (_, c) = post(&s, "/api/sudoku/check", json!({ "puzzle": p })).await;
        let texts: Vec<&str> = c["conflicts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["text"].as_str().unwrap())
            .collect();
        assert!(
            texts.contains(&"digit 8 at r1c1 repeats r1c2 in row 1"),
            "{texts:?}"
        );
        assert!(
            texts.contains(&"digit 8 at r1c2 repeats r3c2 in column 2")
                || texts.len() == 1
                || texts.iter().any(|t| t.contains("r1c2"))
        );
        assert_eq!(c["conflicts"][0]["a"], json!([0, 0]));
        assert_eq!(c["conflicts"][0]["b"], json!([0, 1]));
    }

    #[tokio::test]
    async fn check_reads_any_format_and_lists_candidates() {
        let s = state();
        let grid = "1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n";
        let v = post_ok(&s, "/api/sudoku/check", json!({ "puzzle": grid })).await;
        assert_eq!(v["size"], 4);
        assert_eq!(v["shape"], json!({ "rows": 2, "cols": 2 }));
        assert_eq!(v["grid"], "1.....2..3.....4");
        assert_eq!(v["givens"], 4);
        let cands = v["candidates"].as_array().unwrap();
        assert_eq!(cands.len(), 16);
        assert_eq!(cands[0], json!([]), "a given has no candidates listed");
        // r1c2: not 1 (row, box), not 3 (column): 2 or 4.
        assert_eq!(cands[1], json!([2, 4]));
        assert_eq!(v["dead_cells"], json!([]));
        // A cell with nothing left.
        // r2c1 sees 3 in its row, 1 and 4 in its column, 1 and 2 in its box.
        let (_, v) = post(
            &s,
            "/api/sudoku/check",
            json!({ "puzzle": "12...3..4......." }),
        )
        .await;
        assert_eq!(v["dead_cells"], json!([[1, 0]]), "{v}");
        // A box shape other than the default.
        let v = post_ok(
            &s,
            "/api/sudoku/check",
            json!({ "puzzle": ".".repeat(36), "shape": { "rows": 3, "cols": 2 } }),
        )
        .await;
        assert_eq!(v["shape"], json!({ "rows": 3, "cols": 2 }));
    }

    #[tokio::test]
    async fn bad_requests_are_refused_naming_the_problem() {
        const SOLVE: &str = "/api/sudoku/solve";
        #[rustfmt::skip]
        let bad_puzzles = [
            ("short", json!({ "puzzle": "123" }), "puzzle: wrong length"),
            ("empty", json!({ "puzzle": "" }), "puzzle: no puzzle found"),
            ("letter", json!({ "puzzle": "1234x..........." }), "puzzle: unknown character 'x'"),
            ("7x7", json!({ "puzzle": ".".repeat(49) }), "puzzle: "),
            ("36 cells, 4x2 boxes", json!({ "puzzle": ".".repeat(36), "shape": { "rows": 4, "cols": 2 } }), "puzzle: "),
            ("1x4 boxes", json!({ "puzzle": ".".repeat(16), "shape": { "rows": 1, "cols": 4 } }), "shape: "),
        ];
        // Every route that reads a puzzle names the same problems.
        let routes = [SOLVE, "/api/sudoku/check", "/api/sudoku/trace"];
        let read = routes.into_iter().flat_map(|path| {
            bad_puzzles
                .clone()
                .map(|(name, body, says)| (name, path, body, 400, Says::Starts(says)))
        });
        #[rustfmt::skip]
        let others: [Refusal; 2] = [
            ("unknown solver", SOLVE, json!({ "puzzle": INKALA, "solver": "magic" }), 422, Says::Has("magic")),
            ("limit with mode one", SOLVE, json!({ "puzzle": TWO, "mode": "one", "limit": 5 }), 400, Says::Starts("limit:")),
        ];
        check_refusals(&state(), read.chain(others)).await;
    }

    /// The grids after each step of a trace answer: its `grid` with each step's `changes`
    /// applied in turn, and the stacks, from each step's `pop` and `push`.
    fn replay(v: &Value) -> (Vec<String>, Vec<Vec<u64>>) {
        let mut grid: Vec<char> = v["grid"].as_str().unwrap().chars().collect();
        let mut stack: Vec<u64> = Vec::new();
        let (mut grids, mut stacks) = (Vec::new(), Vec::new());
        for st in v["steps"].as_array().unwrap() {
            for ch in st["changes"].as_array().unwrap() {
                let (cell, d) = (ch[0].as_u64().unwrap() as usize, ch[1].as_u64().unwrap());
                assert!(cell < grid.len(), "{st}");
                grid[cell] = if d == 0 {
                    '.'
                } else {
                    SYMBOLS.as_bytes()[d as usize - 1] as char
                };
            }
            pop_push(st, &mut stack);
            grids.push(grid.iter().collect());
            stacks.push(stack.clone());
        }
        (grids, stacks)
    }

    #[tokio::test]
    async fn trace_of_a_hard_puzzle_ends_with_its_solution() {
        let s = state();
        let (status, v) = post(&s, "/api/sudoku/trace", json!({ "puzzle": INKALA })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["grid"], INKALA);
        let steps = v["steps"].as_array().unwrap();
        assert!(steps.len() > 100);
        assert_eq!(v["truncated"], false);
        assert_eq!(v["solutions"], 1);
        assert_eq!(v["matrix"], Value::Null, "no matrix for a 9x9");
        let last = steps.last().unwrap();
        assert_eq!(last["kind"], "solution");
        assert!(
            last["text"]
                .as_str()
                .unwrap()
                .starts_with("solution 1: every cell is filled"),
            "{last}"
        );
        let (grids, stacks) = replay(&v);
        assert_solves(INKALA, grids.last().unwrap());
        let kinds: std::collections::BTreeSet<&str> =
            steps.iter().map(|s| s["kind"].as_str().unwrap()).collect();
        for k in ["choose", "try", "dead_end", "backtrack", "solution"] {
            assert!(kinds.contains(k), "no {k} step");
        }
        for (k, st) in steps.iter().enumerate() {
            assert!(!st["text"].as_str().unwrap().is_empty());
            assert_eq!(grids[k].len(), 81);
            // A step changes a few cells (a backtrack may empty several), never the grid.
            assert!(st["changes"].as_array().unwrap().len() < 60, "{st}");
            if st["kind"] == "try" {
                assert_eq!(stacks[k].len(), st["depth"].as_u64().unwrap() as usize + 1);
                // The digit tried is on the grid after the step.
                let [r, c] = [0, 1].map(|i| st["cell"][i].as_u64().unwrap() as usize);
                let d = st["digit"].as_u64().unwrap() as usize;
                assert_eq!(
                    grids[k].as_bytes()[r * 9 + c],
                    SYMBOLS.as_bytes()[d - 1],
                    "{st}"
                );
            }
            // A backtrack names the cell it leaves when its item is a cell.
            if st["kind"] == "backtrack" && st["item"].as_str().unwrap().starts_with('r') {
                assert!(st["cell"].is_array(), "{st}");
            }
        }
        assert!(
            steps
                .iter()
                .any(|s| s["text"].as_str().unwrap().contains("dead end"))
        );

        // The cap cuts it and says so.
        let (_, v) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": INKALA, "max_steps": 100 }),
        )
        .await;
        assert_eq!(v["steps"].as_array().unwrap().len(), 100);
        assert_eq!(v["truncated"], true);
        let (status, _) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": INKALA, "max_steps": 5001 }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn the_fast_solver_does_not_trace() {
        let s = state();
        let (status, v) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": INKALA, "solver": "fast" }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(error_of(&v).contains("does not trace"), "{v}");
    }

    /// The recorder holds the whole grid of each step, so big grids get fewer steps.
    #[tokio::test]
    async fn traces_of_big_grids_are_cut_shorter() {
        let s = state();
        let (status, v) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": ".".repeat(64 * 64), "solver": "backtrack" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let steps = v["steps"].as_array().unwrap().len();
        assert_eq!(steps, dlx_api::sudoku::MAX_TRACE_CELLS / (64 * 64));
        assert_eq!(v["truncated"], true);
        // Numbers separated by spaces above 35x35: the changes are digits up to 64.
        let first_try = v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["kind"] == "try")
            .unwrap();
        assert_eq!(first_try["changes"], json!([[0, 1]]), "{first_try}");
    }

    /// Issue 22: a trace sends the grid once and per step only what changed. A blank 25x25
    /// trace of 5,000 steps was 17,201,048 bytes when each step carried its grid and stack.
    #[tokio::test]
    async fn a_trace_sends_changes_not_grids() {
        let s = state();
        let blank25 = json!({ "puzzle": ".".repeat(625) });
        let (status, bytes) = send_bytes(&s, post_request("/api/sudoku/trace", blank25)).await;
        assert_eq!(status, StatusCode::OK);
        assert!(bytes.len() < 1_000_000, "{} bytes", bytes.len());
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(v["steps"].as_array().unwrap().len(), 5000);
        assert!(v["steps"][0].get("grid").is_none());
        assert!(v["steps"][0].get("stack").is_none());
        let (grids, stacks) = replay(&v);
        // Every try puts its digit on the grid and its option on the stack.
        for (k, st) in v["steps"].as_array().unwrap().iter().enumerate() {
            if st["kind"] == "try" {
                let [r, c] = [0, 1].map(|i| st["cell"][i].as_u64().unwrap() as usize);
                let d = st["digit"].as_u64().unwrap() as usize;
                assert_eq!(grids[k].as_bytes()[r * 25 + c], SYMBOLS.as_bytes()[d - 1]);
                assert_eq!(stacks[k].len(), st["depth"].as_u64().unwrap() as usize + 1);
            }
        }
    }

    /// Issue 22: an unsolvable puzzle's trace ends with a step that says the search is over.
    #[tokio::test]
    async fn a_fruitless_trace_ends_with_an_end_step() {
        let s = state();
        for solver in ["dlx", "mrv", "backtrack"] {
            let (status, v) = post(
                &s,
                "/api/sudoku/trace",
                json!({ "puzzle": "12....3.........", "solver": solver }),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{v}");
            assert_eq!(v["solutions"], 0);
            let steps = v["steps"].as_array().unwrap();
            let last = steps.last().unwrap();
            assert_eq!(last["kind"], "end", "{solver}: {last}");
            assert_eq!(
                last["text"],
                "search finished, no solution: every possibility was tried"
            );
            // The board is back to the puzzle at the end.
            assert_eq!(replay(&v).0.last().unwrap(), "12....3.........", "{solver}");
        }
        // A cut trace has no end step: the search was not over.
        let (_, v) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": ".".repeat(81), "max_steps": 10 }),
        )
        .await;
        assert!(
            v["steps"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["kind"] != "end")
        );
    }

    #[tokio::test]
    async fn trace_of_a_4x4_carries_the_matrix_its_stacks_index() {
        let s = state();
        let puzzle = "1...3..4.3....2.";
        let (status, v) = post(&s, "/api/sudoku/trace", json!({ "puzzle": puzzle })).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let m = &v["matrix"];
        let options = m["options"].as_array().unwrap();
        let items = m["items"].as_array().unwrap();
        // 11 open cells, each a primary item, and 3 more per open (house, digit) pair.
        assert_eq!(items.len(), 11 * 4);
        for o in options {
            assert_eq!(o.as_array().unwrap().len(), 4, "an option covers 4 items");
        }
        let (_, stacks) = replay(&v);
        for stack in &stacks {
            for &id in stack {
                assert!((id as usize) < options.len());
            }
        }
        // At the solution, the stack's options cover every item exactly once.
        let mut covered = vec![0; items.len()];
        for &id in stacks.last().unwrap() {
            for it in options[id as usize].as_array().unwrap() {
                covered[it.as_u64().unwrap() as usize] += 1;
            }
        }
        assert!(covered.iter().all(|&c| c == 1), "{covered:?}");
        // Other solvers have no engine stack and no matrix.
        let (_, v) = post(
            &s,
            "/api/sudoku/trace",
            json!({ "puzzle": puzzle, "solver": "mrv" }),
        )
        .await;
        assert_eq!(v["matrix"], Value::Null);
        assert!(
            v["steps"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["pop"] == 0 && s["push"] == json!([]))
        );
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

        #[rustfmt::skip]
        let cases = [
            ("misspelt field", "/api/xcc/solve", json!({ "problme": "a" }), 422, Says::Has("problme")),
            ("number for text", "/api/xcc/solve", json!({ "problem": 7 }), 422, Says::Has("problem")),
        ];
        check_refusals(&s, cases).await;

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
        let big = json!({ "problem": "a ".repeat(2000) });
        let case = (
            "a 4000-byte problem",
            "/api/xcc/solve",
            big,
            413,
            Says::Has("too large"),
        );
        check_refusals(&s, [case]).await;
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
    async fn the_engine_is_a_404_with_a_sentence_when_not_built() {
        let mut s = state();
        s.web_dir = None;
        let resp = app(s.clone())
            .oneshot(Request::get("/dlx.wasm").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::NOT_FOUND);
        let body = resp.into_body().collect().await.unwrap().to_bytes();
        assert!(String::from_utf8_lossy(&body).contains("cargo test -p dlx-server --test web"));
        // From a folder that has it, it is served as WebAssembly.
        let dir = std::env::temp_dir().join(format!("dlx-web-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("dlx.wasm"), b"\0asm\x01\0\0\0").unwrap();
        s.web_dir = Some(std::sync::Arc::from(dir.as_path()));
        let resp = app(s)
            .oneshot(Request::get("/dlx.wasm").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(resp.headers()[header::CONTENT_TYPE], "application/wasm");
        let body = resp.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&body[..], b"\0asm\x01\0\0\0");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn page_and_assets_are_served_with_types() {
        let s = state();
        for (path, ty, needle) in [
            ("/", "text/html", "<!doctype html>"),
            ("/index.html", "text/html", "<!doctype html>"),
            ("/app.js", "text/javascript", "import"),
            ("/engine.js", "text/javascript", "export"),
            ("/worker.js", "text/javascript", "webassembly"),
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

    /// Mangled bodies of every kind get a 4xx, never a 500, and the server keeps answering.
    #[tokio::test]
    async fn no_input_makes_the_server_fail() {
        let s = state();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let samples = [
            json!({ "puzzle": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.." }),
            json!({ "problem": KNUTH, "limit": 3 }),
            json!({ "queens": 6 }),
        ];
        let paths = [
            "/api/sudoku/solve",
            "/api/sudoku/check",
            "/api/sudoku/trace",
            "/api/xcc/solve",
            "/api/xcc/trace",
        ];
        for round in 0..300 {
            let base = samples[round % samples.len()].to_string();
            let mut bytes = base.into_bytes();
            // Flip, delete or insert a few bytes.
            for _ in 0..(1 + rand() % 4) {
                let k = (rand() as usize) % bytes.len().max(1);
                match rand() % 3 {
                    0 if !bytes.is_empty() => bytes[k] = (rand() % 256) as u8,
                    1 if !bytes.is_empty() => {
                        bytes.remove(k);
                    }
                    _ => {
                        let junk = b"{}[]:,\"0.-9aZ|\n";
                        bytes.insert(k.min(bytes.len()), junk[(rand() as usize) % junk.len()]);
                    }
                }
            }
            let path = paths[(rand() as usize) % paths.len()];
            let req = Request::post(path)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(bytes.clone()))
                .unwrap();
            let (status, v) = send(&s, req).await;
            assert!(
                status.is_success() || status.is_client_error(),
                "{path} {:?}: {status} {v}",
                String::from_utf8_lossy(&bytes)
            );
            if !status.is_success() {
                assert!(!error_of(&v).is_empty());
            }
        }
        for path in [
            "/api/queens/%FF",
            "/api/queens/99999999999999999999",
            "/api/queens/8?limit=-1",
        ] {
            let (status, _) = get(&s, path).await;
            assert!(status.is_client_error(), "{path}: {status}");
        }
        let (status, v) = get(&s, "/api/health").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(v["ok"], true);
    }

    /// More heavy requests than solver slots: all are answered (incomplete), none hangs, and
    /// light requests still get through.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn heavy_requests_queue_behind_the_slots() {
        let s = AppState::new(Limits {
            concurrency: 2,
            ..Limits::default()
        });
        let blank = ".".repeat(625);
        let mut tasks = Vec::new();
        for _ in 0..6 {
            let s = s.clone();
            let blank = blank.clone();
            tasks.push(tokio::spawn(async move {
                post(
                    &s,
                    "/api/sudoku/solve",
                    json!({ "puzzle": blank, "mode": "count", "time_limit_ms": 150 }),
                )
                .await
            }));
        }
        let (status, _) = get(&s, "/api/health").await;
        assert_eq!(status, StatusCode::OK);
        for t in tasks {
            let (status, v) = t.await.unwrap();
            assert_eq!(status, StatusCode::OK, "{v}");
            assert_eq!(v["complete"], false);
        }
        assert_eq!(s.permits.available_permits(), 2, "every slot is given back");
    }

    #[tokio::test]
    async fn a_request_over_the_request_timeout_is_cut_off() {
        let s = AppState::new(Limits {
            request_timeout: Duration::from_millis(50),
            ..Limits::default()
        });
        let body = json!({ "puzzle": ".".repeat(625), "mode": "count", "time_limit_ms": 400 });
        let says = Says::Is("request timed out after 50 ms");
        check_refusals(&s, [("a long count", "/api/sudoku/solve", body, 503, says)]).await;
    }

    #[tokio::test]
    async fn a_busy_server_answers_503_instead_of_queueing_forever() {
        let (s, permit) = busy(Duration::from_millis(50)).await;
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
        let (addr, stop, handle) = spawn_server(Limits::default()).await;
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

mod logic {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn solution_of(puzzle: &str) -> Vec<u8> {
        let g = dlx_sudoku::parse(puzzle).unwrap();
        let r = dlx_sudoku::solve(
            &g,
            &dlx_sudoku::SolveOptions::unique(dlx_sudoku::SolverKind::Dlx),
        );
        r.solution.unwrap().cells
    }

    #[tokio::test]
    async fn explain_walks_to_the_solution_and_rates_it() {
        let s = state();
        let v = post_ok(&s, "/api/sudoku/explain", json!({ "puzzle": EASY })).await;
        assert_eq!(v["stop"], "solved");
        let cells: Vec<u8> = v["grid"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap() as u8)
            .collect();
        assert_eq!(cells, solution_of(EASY));
        assert_eq!(v["rating"]["band"], "easy");
        assert!(v["steps"].as_array().unwrap().len() >= 40);
    }

    #[tokio::test]
    async fn a_hint_follows_the_users_marks_and_is_true() {
        let s = state();
        let solution = solution_of(EASY);
        // Pencil marks that keep only the solution's digit in the first three blank cells
        // of row 1 make those cells naked singles: the hint must use what the user sees.
        let mut marks = vec![Vec::<u8>::new(); 81];
        for k in [0, 1, 3] {
            marks[k] = vec![solution[k]];
        }
        let v = post_ok(
            &s,
            "/api/sudoku/hint",
            json!({ "puzzle": EASY, "marks": marks }),
        )
        .await;
        let step = &v["step"];
        let placed = step["placements"].as_array().unwrap();
        assert!(!placed.is_empty(), "{v}");
        for c in placed {
            let k = c["row"].as_u64().unwrap() * 9 + c["col"].as_u64().unwrap();
            assert_eq!(c["digit"].as_u64().unwrap(), solution[k as usize] as u64);
        }
        assert_eq!(v["solved"], false);
    }

    #[tokio::test]
    async fn rate_gives_the_er() {
        let v = post_ok(&state(), "/api/sudoku/rate", json!({ "puzzle": EASY })).await;
        assert_eq!(v["er"].as_f64(), Some(1.2));
        assert_eq!(
            (&v["pass"], &v["early"], &v["stop"]),
            (&json!(null), &json!(false), &json!("solved"))
        );
    }

    #[tokio::test]
    async fn rate_filters_say_pass_or_fail_and_stop_early() {
        // ER 4.4 (an XYZ-wing), ED 1.2: a generated fiendish puzzle.
        const FIENDISH: &str =
            "9.1...4.......9..538.....6.2..87...45.74.38.66...95..7.3.....427..5.......9...5.1";
        const RATE: &str = "/api/sudoku/rate";
        let s = state();
        let rate = |extra: Value| {
            let mut body = json!({ "puzzle": FIENDISH });
            body.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            post_ok(&s, RATE, body)
        };
        let full = rate(json!({})).await;
        assert_eq!(
            (full["er"].as_f64(), full["ed"].as_f64()),
            (Some(4.4), Some(1.2)),
            "{full}"
        );
        let steps = full["steps"].as_u64().unwrap();
        // Inside a closed range: the whole path is needed.
        let v = rate(json!({ "er": "4..4.5" })).await;
        assert_eq!(
            (&v["pass"], &v["early"], &v["stop"]),
            (&json!(true), &json!(false), &json!("solved")),
            "{v}"
        );
        // Above an upper bound: fails at the first step above it.
        let v = rate(json!({ "er": "..3.9" })).await;
        assert_eq!(
            (&v["pass"], &v["early"], &v["stop"]),
            (&json!(false), &json!(true), &json!("early")),
            "{v}"
        );
        assert!(
            v["er"].as_f64().unwrap() > 3.9 && v["steps"].as_u64().unwrap() < steps,
            "{v}"
        );
        assert_eq!(v["complete"], false);
        // An open lower bound passes once reached.
        let v = rate(json!({ "er": "4.." })).await;
        assert_eq!(
            (&v["pass"], &v["early"]),
            (&json!(true), &json!(true)),
            "{v}"
        );
        // ED is known after one step; a diamond fails at the first harder step.
        let v = rate(json!({ "ed": "2.." })).await;
        assert_eq!(
            (&v["pass"], v["steps"].as_u64()),
            (&json!(false), Some(1)),
            "{v}"
        );
        let v = rate(json!({ "diamonds": true, "scale": "classic" })).await;
        assert_eq!(
            (&v["pass"], &v["early"]),
            (&json!(false), &json!(true)),
            "{v}"
        );
        // Filters that cannot be used: 422, naming the field.
        for (body, field) in [
            (json!({ "puzzle": FIENDISH, "er": "8..6" }), "er"),
            (json!({ "puzzle": FIENDISH, "ed": "hard" }), "ed"),
            (json!({ "puzzle": FIENDISH, "ep": "..200" }), "ep"),
            (json!({ "puzzle": FIENDISH, "scale": "sukkaku" }), "scale"),
            (
                json!({ "puzzle": FIENDISH, "techniques": "x_wingg" }),
                "techniques",
            ),
        ] {
            let (status, v) = post(&s, RATE, body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
            assert_eq!(v["field"], field, "{body}: {v}");
            assert!(error_of(&v).starts_with(&format!("{field}: ")), "{v}");
        }
    }

    #[tokio::test]
    async fn a_rating_stops_at_the_time_limit() {
        let s = AppState::new(Limits {
            time_limit: Duration::from_millis(1),
            ..Limits::default()
        });
        // Easter Monster (SE 11.6): seconds of nested chains.
        let monster =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let v = post_ok(&s, "/api/sudoku/rate", json!({ "puzzle": monster })).await;
        assert_eq!(
            (&v["stop"], &v["complete"]),
            (&json!("deadline"), &json!(false)),
            "{v}"
        );
    }

    #[tokio::test]
    async fn bad_requests_are_refused_naming_the_problem() {
        const HINT: &str = "/api/sudoku/hint";
        const RATE: &str = "/api/sudoku/rate";
        // A mark that removes the solution's digit is named.
        let mut wrong = vec![Vec::<u8>::new(); 81];
        wrong[0] = vec![solution_of(EASY)[0] % 9 + 1];
        let big = ".".repeat(625);
        #[rustfmt::skip]
        let cases = [
            ("unknown technique", "/api/sudoku/explain", json!({ "puzzle": EASY, "upto": "magic" }), 400, Says::Has("unknown technique")),
            ("a wrong mark", HINT, json!({ "puzzle": EASY, "marks": wrong }), 400, Says::Has("r1c1")),
            ("too few marks", HINT, json!({ "puzzle": EASY, "marks": [[1]] }), 400, Says::Has("marks: 1 cells")),
            ("two solutions", RATE, json!({ "puzzle": "12.............." }), 400, Says::Has("more than one solution")),
            ("25x25", RATE, json!({ "puzzle": big }), 400, Says::Has("larger than the 16x16")),
        ];
        check_refusals(&state(), cases).await;
    }

    #[tokio::test]
    async fn generated_puzzles_are_unique_symmetric_and_repeatable() {
        let s = state();
        let body = json!({ "seed": 11, "symmetry": "rotate180", "band": "medium" });
        let (status, v) = post(&s, "/api/sudoku/generate", body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let puzzle = v["puzzle"].as_str().unwrap();
        let g = dlx_sudoku::parse(puzzle).unwrap();
        let r = dlx_sudoku::solve(
            &g,
            &dlx_sudoku::SolveOptions::unique(dlx_sudoku::SolverKind::Backtrack),
        );
        assert_eq!(r.status, dlx_sudoku::Status::Unique);
        assert_eq!(
            r.solution.unwrap().to_line(),
            v["solution"].as_str().unwrap()
        );
        let b = puzzle.as_bytes();
        assert!((0..81).all(|k| (b[k] == b'.') == (b[80 - k] == b'.')));
        let er = v["rating"].as_f64().unwrap();
        assert!((2.1..=2.9).contains(&er), "{er}");
        let (_, again) = post(&s, "/api/sudoku/generate", body).await;
        assert_eq!(again["puzzle"], v["puzzle"]);
        let v = post_ok(&s, "/api/sudoku/generate", json!({ "size": 6, "seed": 1 })).await;
        assert_eq!(v["puzzle"].as_str().unwrap().len(), 36);
        for (body, message) in [
            (json!({ "size": 7 }), "size"),
            (json!({ "symmetry": "spiral" }), "symmetry"),
            (json!({ "band": "brutal" }), "unknown band"),
            (json!({ "rating": [5.0, 4.0] }), "is empty"),
            (json!({ "size": 25 }), "at most 16x16"),
        ] {
            let (status, v) = post(&s, "/api/sudoku/generate", body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error_of(&v).contains(message), "{body}: {v}");
        }
    }
}

/// Issue 22, items 7-9 and "What to build" 3-4: headers, timeouts, lanes, bounded answers.
mod hardening {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const HARDEST: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    /// Reads until the server closes the connection (or `limit` passes: a panic).
    async fn read_until_closed(conn: &mut tokio::net::TcpStream, limit: Duration) -> Vec<u8> {
        let mut out = Vec::new();
        let mut buf = [0u8; 8192];
        let read = async {
            loop {
                match conn.read(&mut buf).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => out.extend_from_slice(&buf[..n]),
                }
            }
        };
        tokio::time::timeout(limit, read)
            .await
            .expect("the server should have closed the connection");
        out
    }

    /// Sends `request` as it is to a server of its own with `limits` and reads until the
    /// server closes the connection; gives the text read and the time from connecting.
    async fn exchange(limits: Limits, request: &[u8]) -> (String, Duration) {
        let (addr, stop, handle) = spawn_server(limits).await;
        let start = std::time::Instant::now();
        let mut conn = tokio::net::TcpStream::connect(addr).await.unwrap();
        conn.write_all(request).await.unwrap();
        let out = read_until_closed(&mut conn, Duration::from_secs(5)).await;
        let took = start.elapsed();
        stop.send(()).unwrap();
        handle.await.unwrap().unwrap();
        (String::from_utf8_lossy(&out).into_owned(), took)
    }

    #[tokio::test]
    async fn every_answer_carries_the_security_headers() {
        let s = state();
        let requests = [
            Request::get("/").body(Body::empty()).unwrap(),
            Request::get("/app.js").body(Body::empty()).unwrap(),
            Request::get("/api/health").body(Body::empty()).unwrap(),
            Request::get("/no/such/page").body(Body::empty()).unwrap(),
            Request::post("/api/sudoku/solve")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{\"puzzle\": 1"))
                .unwrap(),
        ];
        for req in requests {
            let path = req.uri().path().to_string();
            let resp = app(s.clone()).oneshot(req).await.unwrap();
            let h = resp.headers();
            let csp = h[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
            assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
            assert!(csp.contains("style-src 'self'"), "{path}: {csp}");
            assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
            assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
            assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
            assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{path}");
            assert_eq!(h[header::REFERRER_POLICY], "no-referrer", "{path}");
            assert!(
                !h.contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN),
                "{path}"
            );
        }
    }

    /// The policy forbids inline code, so the page must have none.
    #[test]
    fn the_page_has_no_inline_script_or_style() {
        let html = dlx_server::assets::INDEX_HTML.to_ascii_lowercase();
        assert_eq!(html.matches("<script").count(), 1, "one script element");
        assert!(html.contains("<script type=\"module\" src=\"app.js\""));
        assert!(!html.contains("<style"));
        assert!(!html.contains(" style="));
        assert!(!html.contains("javascript:"));
        for handler in [
            " onclick=",
            " onload=",
            " oninput=",
            " onchange=",
            " onsubmit=",
        ] {
            assert!(!html.contains(handler), "{handler}");
        }
    }

    #[tokio::test]
    async fn other_origins_get_no_cors_grant() {
        let s = state();
        let req = Request::options("/api/sudoku/solve")
            .header(header::ORIGIN, "https://elsewhere.example")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .body(Body::empty())
            .unwrap();
        let resp = app(s.clone()).oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert!(
            !resp
                .headers()
                .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN)
        );
        // A cross-site form post (no JSON content type) never reaches a solver.
        let req = Request::post("/api/sudoku/solve")
            .header(header::ORIGIN, "https://elsewhere.example")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from(json!({ "puzzle": EASY }).to_string()))
            .unwrap();
        let (status, _) = send(&s, req).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }

    /// Issue 22, item 9: with every search slot taken, checks, unreadable puzzles and easy
    /// 9x9 solves still answer at once; a 16x16 solve still waits for a search slot.
    #[tokio::test]
    async fn cheap_requests_do_not_wait_behind_searches() {
        let (s, held) = busy(Duration::from_millis(300)).await;
        let quick = Duration::from_millis(250);
        let cases = [
            (
                "/api/sudoku/check",
                json!({ "puzzle": EASY }),
                StatusCode::OK,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY }),
                StatusCode::OK,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "solver": "dlx", "mode": "one" }),
                StatusCode::OK,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": HARDEST, "solver": "dlx" }),
                StatusCode::OK,
            ),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": "123" }),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/sudoku/trace",
                json!({ "puzzle": "1.1." }),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/xcc/solve",
                json!({ "problem": "a b\na c\n" }),
                StatusCode::BAD_REQUEST,
            ),
        ];
        for (path, body, want) in cases {
            let (status, v) = tokio::time::timeout(quick, post(&s, path, body.clone()))
                .await
                .unwrap_or_else(|_| panic!("{path} {body} waited for a search slot"));
            assert_eq!(status, want, "{path} {body}: {v}");
        }
        let blank16 = ".".repeat(256);
        post_refused(
            &s,
            "/api/sudoku/solve",
            json!({ "puzzle": blank16, "mode": "count" }),
            StatusCode::SERVICE_UNAVAILABLE,
        )
        .await;
        drop(held);
    }

    /// Issue 22, item 7: a trace of a blank 25x25 was 17.2 MB; no answer exceeds the limit.
    #[tokio::test]
    async fn answers_above_the_response_limit_are_refused() {
        // The blank 25x25 trace is now under 1 MB: a limit below that refuses it.
        let s = AppState::new(Limits {
            response_limit: 500_000,
            ..Limits::default()
        });
        let blank25 = json!({ "puzzle": ".".repeat(625) });
        let (status, bytes) = send_bytes(&s, post_request("/api/sudoku/trace", blank25)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(bytes.len() < 1000);
        let v: Value = serde_json::from_slice(&bytes).unwrap();
        assert!(error_of(&v).contains("max_steps"), "{v}");

        let small = AppState::new(Limits {
            response_limit: 20_000,
            ..Limits::default()
        });
        let (status, v) = post(
            &small,
            "/api/sudoku/trace",
            json!({ "puzzle": EASY, "max_steps": 2 }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let (status, v) = post(
            &small,
            "/api/sudoku/trace",
            json!({ "puzzle": ".".repeat(81), "max_steps": 1000 }),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(error_of(&v).contains("more than the 20000 bytes"), "{v}");
    }

    #[tokio::test]
    async fn a_declared_body_above_the_limit_is_refused_unread() {
        let limits = Limits {
            body_limit: 1000,
            ..Limits::default()
        };
        let request =
            b"POST /api/xcc/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 5000000\r\n\r\n{\"problem\": ";
        let (text, _) = exchange(limits, request).await;
        assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    }

    /// Issue 22, item 8: half the headers, then nothing; the connection stayed open > 100 s.
    #[tokio::test]
    async fn half_sent_headers_are_cut_off() {
        let limits = Limits {
            header_timeout: Duration::from_millis(300),
            ..Limits::default()
        };
        let (text, took) = exchange(
            limits.clone(),
            b"GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Ag",
        )
        .await;
        assert!(took >= Duration::from_millis(250), "{took:?}");
        assert!(
            text.is_empty() || text.starts_with("HTTP/1.1 408"),
            "{text}"
        );
        // A connection that sends nothing at all is closed too.
        exchange(limits, b"").await;
    }

    /// Issue 22, item 8: a short body got a 503 after 30 s; now a 408 after the body timeout.
    #[tokio::test]
    async fn a_short_body_gets_408() {
        let limits = Limits {
            body_timeout: Duration::from_millis(300),
            ..Limits::default()
        };
        let request =
            b"POST /api/sudoku/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"puzzle\": \"1.";
        let (text, took) = exchange(limits, request).await;
        assert!(took >= Duration::from_millis(250), "{took:?}");
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
        assert!(text.contains("did not arrive within 0.3 s"), "{text}");
        assert!(
            text.to_ascii_lowercase().contains("connection: close"),
            "{text}"
        );
    }

    /// Issue 22, item 7: clients that do not read their answer held it in memory for ever.
    #[tokio::test]
    async fn a_client_that_does_not_read_is_cut_off() {
        let (addr, stop, handle) = spawn_server(Limits {
            send_timeout: Duration::from_millis(300),
            response_limit: 16 << 20,
            body_limit: 4 << 20,
            ..Limits::default()
        })
        .await;
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let mut conn = socket.connect(addr).await.unwrap();
        // An exact-cover trace 1,200 levels deep whose items have names of 700 letters (every
        // step names its item, most of them twice or three times: about 7.3 MB), more than both
        // sockets' buffers (the kernel's can grow to 4 MiB on the server's side).
        let name = |k: usize| format!("{k}{}", "x".repeat(700));
        let mut problem: String = (0..1200).map(|k| name(k) + " ").collect();
        problem.push('\n');
        problem.extend((0..1200).map(|k| name(k) + "\n"));
        let body = json!({ "problem": problem }).to_string();
        let request = format!(
            "POST /api/xcc/trace HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        conn.write_all(request.as_bytes()).await.unwrap();
        // Once the answer has begun (the search is done: it can take seconds on a busy
        // machine), read nothing for five times the send timeout. `peek` leaves the bytes in
        // the socket, so the server stays blocked.
        let mut first = [0u8; 1];
        tokio::time::timeout(Duration::from_secs(120), conn.peek(&mut first))
            .await
            .expect("the answer begins")
            .unwrap();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let out = read_until_closed(&mut conn, Duration::from_secs(5)).await;
        let text = String::from_utf8_lossy(&out);
        assert!(
            text.starts_with("HTTP/1.1 200"),
            "{}",
            &text[..text.len().min(200)]
        );
        let declared: usize = text
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")
                    .map(|n| n.trim().parse().unwrap())
            })
            .unwrap();
        assert!(declared > 5_000_000, "{declared}");
        assert!(
            out.len() < declared,
            "the whole answer came: {} of {declared}",
            out.len()
        );
        stop.send(()).unwrap();
        handle.await.unwrap().unwrap();
    }

    /// Shutdown lets a running search finish and answer.
    #[tokio::test]
    async fn shutdown_finishes_the_requests_in_flight() {
        let (addr, stop, handle) = spawn_server(Limits {
            time_limit: Duration::from_millis(700),
            ..Limits::default()
        })
        .await;
        let mut conn = tokio::net::TcpStream::connect(addr).await.unwrap();
        let body = json!({ "puzzle": ".".repeat(625), "mode": "count" }).to_string();
        let request = format!(
            "POST /api/sudoku/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        conn.write_all(request.as_bytes()).await.unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        stop.send(()).unwrap();
        let out = read_until_closed(&mut conn, Duration::from_secs(10)).await;
        let text = String::from_utf8_lossy(&out);
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
        assert!(text.contains("\"stopped\":\"deadline\""), "{text}");
        tokio::time::timeout(Duration::from_secs(10), handle)
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        assert!(tokio::net::TcpStream::connect(addr).await.is_err());
    }
}

/// The OpenAPI document (`GET /api/openapi.json`): served, OpenAPI 3.1, listing every route
/// the router answers and nothing else, and describing the answers the router gives.
mod meta {
    use super::*;

    /// `GET /api/meta` describes the engine the page talks to: sizes with their box shapes,
    /// the techniques with titles, the bands in order, and the symbols of the digits; the page
    /// copies none of this.
    #[tokio::test]
    async fn meta_describes_sizes_techniques_and_bands() {
        let s = state();
        let (status, v) = get(&s, "/api/meta").await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert!(
            v["symbols"].as_str().unwrap().starts_with("123456789"),
            "{v}"
        );
        let sizes = v["sizes"].as_array().expect("sizes");
        let nine = sizes.iter().find(|z| z["n"] == 9).expect("9x9 is a size");
        assert!(
            nine["shape"].is_object() || nine["shape"].is_array(),
            "{nine}"
        );
        assert!(sizes.iter().any(|z| z["n"] == 16), "16x16 is a size");
        let techniques = v["techniques"].as_array().expect("techniques");
        assert!(
            techniques
                .iter()
                .any(|t| t["name"] == "x_wing" && t["title"] == "X-wing")
        );
        // Bands are in order, each beginning where the one before ends.
        let bands = v["bands"].as_array().expect("bands");
        assert!(bands.len() >= 3, "{bands:?}");
        for pair in bands.windows(2) {
            assert!(
                pair[0]["min"].as_f64() < pair[1]["min"].as_f64(),
                "{pair:?}"
            );
        }
        assert!(bands.last().unwrap()["max"].is_null());
        // The size bands are offered for is a size the engine reads.
        let band_size = v["band_size"].as_u64().expect("band_size");
        assert!(
            v["sizes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["n"].as_u64() == Some(band_size)),
            "{band_size}"
        );
    }
}

mod variants {
    use super::*;

    /// A 4x4 killer with both diagonals and one given: one solution.
    pub const KILLER4: &str = "size 4\ngivens 1...............\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals";
    /// The same without the given: several.
    pub const OPEN4: &str =
        "size 4\ncage 7 r1c3 r1c4\ncage 7 r2c1 r3c1\ncage 5 r2c2 r2c3\ndiagonals";

    fn digits(line: &str) -> Vec<u8> {
        line.bytes().map(|b| b - b'0').collect()
    }

    /// The rules through the test kit's own reading of f-puzzles JSON and its own checker
    /// (no `dlx-variants`): the answers are checked by an independent validator.
    fn checked(fpuzzles: &Value, line: &str) {
        let v = dlx_testkit::variants::read_fpuzzles(&fpuzzles.to_string()).unwrap();
        let grid = digits(line);
        assert_eq!(dlx_testkit::variants::check(&v, &grid), Ok(()), "{line}");
    }

    #[tokio::test]
    async fn every_format_solves_and_the_answer_keeps_every_rule() {
        let s = state();
        // Our text format, detected.
        let v = post_ok(&s, "/api/variants/solve", json!({ "puzzle": KILLER4 })).await;
        assert_eq!(
            (v["status"].as_str(), v["unique"].as_bool()),
            (Some("unique"), Some(true))
        );
        assert_eq!(v["format"], "text");
        let solution = v["solution"].as_str().unwrap().to_string();
        // The same puzzle written as f-puzzles JSON (by the check), sent as an object, as
        // text and as a link: the same solution.
        let c = post_ok(&s, "/api/variants/check", json!({ "puzzle": KILLER4 })).await;
        assert_eq!(c["size"], 4);
        let ours = c["puzzle"].clone();
        let p = dlx_variants::parse(&ours.to_string()).unwrap();
        let fp: Value =
            serde_json::from_str(&dlx_variants::write(&p, dlx_variants::Format::FPuzzles)).unwrap();
        let link = dlx_variants::write(&p, dlx_variants::Format::Link);
        for (puzzle, format) in [
            (fp.clone(), "fpuzzles"),
            (Value::String(fp.to_string()), "fpuzzles"),
            (Value::String(link.clone()), "link"),
            (ours, "json"),
        ] {
            let v = post_ok(&s, "/api/variants/solve", json!({ "puzzle": puzzle })).await;
            assert_eq!(v["format"], format);
            assert_eq!(v["solution"], solution.as_str(), "{format}");
        }
        checked(&fp, &solution);
        // Counting the open puzzle: every solution listed keeps every rule.
        let c = post_ok(&s, "/api/variants/check", json!({ "puzzle": OPEN4 })).await;
        let p = dlx_variants::parse(&c["puzzle"].to_string()).unwrap();
        let fp: Value =
            serde_json::from_str(&dlx_variants::write(&p, dlx_variants::Format::FPuzzles)).unwrap();
        let v = post_ok(
            &s,
            "/api/variants/solve",
            json!({ "puzzle": OPEN4, "mode": "count", "list": 100 }),
        )
        .await;
        assert_eq!(v["complete"], true);
        let listed = v["listed"].as_array().unwrap();
        assert_eq!(listed.len() as u64, v["solutions"].as_u64().unwrap());
        assert!(listed.len() > 1, "{v}");
        for g in listed {
            checked(&fp, g.as_str().unwrap());
        }
        assert_eq!(
            dlx_testkit::variants::count(
                &dlx_testkit::variants::read_fpuzzles(&fp.to_string()).unwrap(),
                1000
            ),
            listed.len() as u64,
            "the brute-force count agrees"
        );
    }

    #[tokio::test]
    async fn rules_that_cannot_hold_are_422_naming_the_constraint() {
        let s = state();
        let v = post_refused(
            &s,
            "/api/variants/solve",
            json!({ "puzzle": "size 4\ncage 3 r1c1 r1c2 r1c3" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(v["field"], "puzzle");
        assert_eq!(v["line"], 2);
        assert_eq!(v["constraint"]["kind"], "killer cage");
        assert_eq!(v["constraint"]["index"], 1);
        assert_eq!(v["cells"], json!([[0, 0], [0, 1], [0, 2]]));
        assert!(
            error_of(&v).contains("killer cage 1 (r1c1 r1c2 r1c3)"),
            "{v}"
        );
        // Text that does not read is a 400 at its line and column.
        let v = post_refused(
            &s,
            "/api/variants/trace",
            json!({ "puzzle": "size 4\ncage 7 r1cx" }),
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert_eq!(
            (v["line"].as_u64(), v["column"].as_u64()),
            (Some(2), Some(8))
        );
        assert!(v.get("constraint").is_none(), "{v}");
        check_refusals(
            &s,
            [
                (
                    "a grid of the wrong length",
                    "/api/variants/check",
                    json!({ "puzzle": KILLER4, "grid": "123" }),
                    400,
                    Says::Starts("grid: "),
                ),
                (
                    "too many solutions listed",
                    "/api/variants/solve",
                    json!({ "puzzle": KILLER4, "list": 1000 }),
                    400,
                    Says::Starts("list: "),
                ),
                (
                    "an unknown field",
                    "/api/variants/solve",
                    json!({ "puzzle": KILLER4, "rules": 1 }),
                    422,
                    Says::Has("unknown field"),
                ),
                (
                    "an unknown constraint in f-puzzles",
                    "/api/variants/solve",
                    json!({ "puzzle": { "size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], "palindrome": [{ "lines": [["R1C1", "R1C2"]] }] } }),
                    400,
                    Says::Has("palindrome"),
                ),
            ],
        )
        .await;
    }

    #[tokio::test]
    async fn budgets_stop_a_long_count_and_say_so() {
        let s = state();
        let v = post_ok(
            &s,
            "/api/variants/solve",
            json!({ "puzzle": "size 9\ndiagonals", "mode": "count", "node_budget": 200 }),
        )
        .await;
        assert_eq!(v["complete"], false);
        assert_eq!(v["stopped"], "node_budget");
        assert!(v["stats"]["nodes"].as_u64().unwrap() <= 200, "{v}");
        let v = post_ok(
            &s,
            "/api/variants/trace",
            json!({ "puzzle": "size 9\nantiknight", "limit": 0, "node_budget": 30 }),
        )
        .await;
        assert_eq!(v["truncated"], true);
    }

    #[tokio::test]
    async fn logic_explains_hints_and_rates_on_the_variants_rules() {
        let s = state();
        // Explain: the path ends on a grid the test kit's own checker accepts.
        let e = post_ok(&s, "/api/variants/explain", json!({ "puzzle": KILLER4 })).await;
        assert_eq!(e["stop"], "solved");
        let c = post_ok(&s, "/api/variants/check", json!({ "puzzle": KILLER4 })).await;
        let p = dlx_variants::parse(&c["puzzle"].to_string()).unwrap();
        let fp: Value =
            serde_json::from_str(&dlx_variants::write(&p, dlx_variants::Format::FPuzzles)).unwrap();
        checked(&fp, e["grid"].as_str().unwrap());
        assert_eq!(e["peers"].as_array().unwrap().len(), 16);
        // Rate: the explained path's rating; a filter above it fails.
        let r = post_ok(&s, "/api/variants/rate", json!({ "puzzle": KILLER4 })).await;
        assert_eq!(r["er"], e["rating"]["er"]);
        assert_eq!((&r["stop"], &r["pass"]), (&json!("solved"), &Value::Null));
        let above = format!("{}..", r["er"].as_f64().unwrap() + 0.1);
        let f = post_ok(
            &s,
            "/api/variants/rate",
            json!({ "puzzle": KILLER4, "er": above }),
        )
        .await;
        assert_eq!(f["pass"], false);
        // A hint on a jigsaw: the step's regions are named areas with the region's cells.
        let text = std::fs::read_to_string(dlx_testkit::testdata(
            "variants/puzzles/classic-irregular-01.json",
        ))
        .unwrap();
        let view = post_ok(&s, "/api/variants/view", json!({ "puzzle": text })).await;
        let regions: Vec<u64> = view["regions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_u64().unwrap())
            .collect();
        let mut progress = post_ok(&s, "/api/variants/explain", json!({ "puzzle": text })).await;
        let steps = progress["steps"].as_array_mut().unwrap();
        let with_area = steps
            .iter()
            .find(|st| {
                st["pattern"]["areas"]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            })
            .expect("a step in a jigsaw region");
        for area in with_area["pattern"]["areas"].as_array().unwrap() {
            let name = area["name"].as_str().unwrap();
            let k: u64 = name.strip_prefix("region ").expect(name).parse().unwrap();
            let mut cells: Vec<u64> = area["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rc| rc[0].as_u64().unwrap() * 9 + rc[1].as_u64().unwrap())
                .collect();
            cells.sort_unstable();
            let want: Vec<u64> = (0..81).filter(|&i| regions[i as usize] == k - 1).collect();
            assert_eq!(cells, want, "{name}");
        }
        let h = post_ok(
            &s,
            "/api/variants/hint",
            json!({ "puzzle": text, "level": 1 }),
        )
        .await;
        assert_eq!(h["text"], h["levels"][0]);
        assert_eq!(h["step"]["text"], steps[0]["text"]);
        assert_eq!(h["candidates"].as_array().unwrap().len(), 81);
        // Refusals: 422 naming the field, the cells or the constraint.
        let solution = e["grid"].as_str().unwrap();
        let mut wrong: Vec<u8> = solution.bytes().collect();
        wrong[1] = if wrong[1] == b'2' { b'3' } else { b'2' };
        let wrong = format!(
            "{}{}",
            String::from_utf8(wrong[..2].to_vec()).unwrap(),
            ".".repeat(14)
        );
        let v = post_refused(
            &s,
            "/api/variants/hint",
            json!({ "puzzle": KILLER4, "progress": wrong }),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(
            (&v["field"], &v["cells"]),
            (&json!("progress"), &json!([[0, 1]]))
        );
        let v = post_refused(
            &s,
            "/api/variants/explain",
            json!({ "puzzle": OPEN4 }),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(v["field"], "puzzle");
        assert!(!v["cells"].as_array().unwrap().is_empty(), "{v}");
        let v = post_refused(
            &s,
            "/api/variants/rate",
            json!({ "puzzle": "size 4\ncage 3 r1c1 r1c2 r1c3" }),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert_eq!(v["constraint"]["kind"], "killer cage");
        check_refusals(
            &s,
            [
                (
                    "a hint level past 3",
                    "/api/variants/hint",
                    json!({ "puzzle": KILLER4, "level": 4 }),
                    422,
                    Says::Starts("level: "),
                ),
                (
                    "an unknown technique",
                    "/api/variants/explain",
                    json!({ "puzzle": KILLER4, "upto": "guessing" }),
                    422,
                    Says::Starts("upto: "),
                ),
                (
                    "an unknown scale",
                    "/api/variants/rate",
                    json!({ "puzzle": KILLER4, "scale": "hard" }),
                    422,
                    Says::Starts("scale: "),
                ),
                (
                    "a range that does not read",
                    "/api/variants/rate",
                    json!({ "puzzle": KILLER4, "ep": "x..y" }),
                    422,
                    Says::Starts("ep: "),
                ),
                (
                    "a box shape: the rules give the regions",
                    "/api/variants/rate",
                    json!({ "puzzle": KILLER4, "shape": { "rows": 2, "cols": 2 } }),
                    422,
                    Says::Has("unknown field `shape`"),
                ),
                (
                    "marks that do not fit the grid",
                    "/api/variants/hint",
                    json!({ "puzzle": KILLER4, "marks": [[1]] }),
                    422,
                    Says::Starts("marks: "),
                ),
            ],
        )
        .await;
    }

    #[tokio::test]
    async fn a_trace_replays_to_a_solution() {
        let s = state();
        let v = post_ok(&s, "/api/variants/trace", json!({ "puzzle": OPEN4 })).await;
        let mut grid = digits(&v["grid"].as_str().unwrap().replace('.', "0"));
        for st in v["steps"].as_array().unwrap() {
            for ch in st["changes"].as_array().unwrap() {
                grid[ch[0].as_u64().unwrap() as usize] = ch[1].as_u64().unwrap() as u8;
            }
        }
        assert_eq!(
            v["steps"].as_array().unwrap().last().unwrap()["kind"],
            "solution"
        );
        let p = dlx_variants::parse(OPEN4).unwrap();
        assert!(p.is_solution(&grid), "{grid:?}");
    }
}

mod contract {
    use super::*;

    /// Every route of the API, as a client calls it: method, path as the document writes it,
    /// and a path with its parameters filled in.
    const ROUTES: [(&str, &str, &str); 22] = [
        ("get", "/api/health", "/api/health"),
        ("get", "/api/limits", "/api/limits"),
        ("get", "/api/meta", "/api/meta"),
        ("get", "/api/openapi.json", "/api/openapi.json"),
        ("post", "/api/sudoku/check", "/api/sudoku/check"),
        ("post", "/api/sudoku/solve", "/api/sudoku/solve"),
        ("post", "/api/sudoku/trace", "/api/sudoku/trace"),
        ("post", "/api/sudoku/explain", "/api/sudoku/explain"),
        ("post", "/api/sudoku/hint", "/api/sudoku/hint"),
        ("post", "/api/sudoku/rate", "/api/sudoku/rate"),
        ("post", "/api/sudoku/generate", "/api/sudoku/generate"),
        ("post", "/api/xcc/solve", "/api/xcc/solve"),
        ("post", "/api/xcc/trace", "/api/xcc/trace"),
        ("get", "/api/queens/{n}", "/api/queens/6"),
        ("post", "/api/variants/check", "/api/variants/check"),
        ("post", "/api/variants/solve", "/api/variants/solve"),
        ("post", "/api/variants/trace", "/api/variants/trace"),
        ("post", "/api/variants/view", "/api/variants/view"),
        ("post", "/api/variants/generate", "/api/variants/generate"),
        ("post", "/api/variants/explain", "/api/variants/explain"),
        ("post", "/api/variants/hint", "/api/variants/hint"),
        ("post", "/api/variants/rate", "/api/variants/rate"),
    ];

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    async fn document(s: &AppState) -> Value {
        let (status, doc) = get(s, "/api/openapi.json").await;
        assert_eq!(status, StatusCode::OK);
        doc
    }

    /// Checks `answer` against the schema the document gives for `status` of `method path`.
    fn assert_matches(doc: &Value, method: &str, path: &str, status: StatusCode, answer: &Value) {
        let escaped = path.replace('~', "~0").replace('/', "~1");
        let pointer = format!(
            "#/paths/{escaped}/{method}/responses/{}/content/application~1json/schema",
            status.as_u16()
        );
        assert!(
            doc.pointer(&pointer[1..]).is_some(),
            "the document has no schema for {status} of {method} {path}"
        );
        // The whole document as the root, so that `#/components/...` references resolve.
        let mut root = doc.clone();
        root["$ref"] = Value::String(pointer.replace('{', "%7B").replace('}', "%7D"));
        let validator = jsonschema::draft202012::new(&root).expect("a valid schema");
        let errors: Vec<String> = validator
            .iter_errors(answer)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{method} {path} ({status}) does not match its schema: {errors:?}"
        );
    }

    #[tokio::test]
    async fn the_document_is_served_as_openapi_3_1() {
        let s = state();
        let resp = app(s.clone())
            .oneshot(
                Request::get("/api/openapi.json")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(
            resp.headers()[header::CONTENT_TYPE],
            "application/json",
            "served as JSON"
        );
        let doc = document(&s).await;
        let version = doc["openapi"].as_str().expect("an `openapi` field");
        assert!(version.starts_with("3.1."), "OpenAPI 3.1, not {version}");
        assert_eq!(doc["info"]["title"], "dlx");
        assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    }

    #[tokio::test]
    async fn every_route_is_in_the_document_and_nothing_else() {
        let s = state();
        let doc = document(&s).await;
        let paths = doc["paths"].as_object().expect("paths");
        let mut documented: Vec<(String, String)> = paths
            .iter()
            .flat_map(|(path, ops)| {
                let ops = ops.as_object().unwrap();
                ops.keys().map(move |m| (m.clone(), path.clone()))
            })
            .collect();
        documented.sort();
        let mut routes: Vec<(String, String)> = ROUTES
            .iter()
            .map(|&(m, p, _)| (m.to_string(), p.to_string()))
            .collect();
        routes.sort();
        assert_eq!(documented, routes, "the document and the routes differ");
        // OpenAPI asks for unique operation ids (tools key operations by them).
        let mut ids: Vec<&str> = paths
            .values()
            .flat_map(|ops| ops.as_object().unwrap().values())
            .map(|op| op["operationId"].as_str().expect("an operation id"))
            .collect();
        ids.sort();
        let count = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), count, "repeated operation ids: {ids:?}");
        // And each is a route the router has (an empty body is refused, but not as unknown).
        for (method, path, called) in ROUTES {
            let (status, v) = match method {
                "get" => get(&s, called).await,
                _ => post(&s, called, json!({})).await,
            };
            assert!(
                status != StatusCode::NOT_FOUND && status != StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path}: {status} {v}"
            );
            let answers = &paths[path][method]["responses"];
            assert!(
                answers.get(status.as_str()).is_some(),
                "{method} {path} answered {status}, which the document does not list"
            );
        }
    }

    #[tokio::test]
    async fn answers_match_their_schemas() {
        let s = state();
        let doc = document(&s).await;
        let four = "1...3..4.3....2.";
        let bodies = [
            (
                "/api/sudoku/check",
                json!({ "puzzle": "1.1.\n..2.\n.3..\n...4" }),
            ),
            ("/api/sudoku/solve", json!({ "puzzle": EASY })),
            (
                "/api/sudoku/solve",
                json!({ "puzzle": EASY, "mode": "count", "limit": 3 }),
            ),
            ("/api/sudoku/trace", json!({ "puzzle": four })),
            (
                "/api/sudoku/trace",
                json!({ "puzzle": EASY, "solver": "mrv", "max_steps": 5 }),
            ),
            (
                "/api/sudoku/explain",
                json!({ "puzzle": EASY, "max_steps": 3 }),
            ),
            ("/api/sudoku/hint", json!({ "puzzle": EASY })),
            ("/api/sudoku/rate", json!({ "puzzle": EASY })),
            ("/api/sudoku/generate", json!({ "size": 4, "seed": 5 })),
            ("/api/sudoku/generate", json!({ "seed": 5, "band": "easy" })),
            ("/api/xcc/solve", json!({ "problem": KNUTH, "list": 2 })),
            (
                "/api/xcc/trace",
                json!({ "problem": KNUTH, "max_steps": 20 }),
            ),
            ("/api/xcc/trace", json!({ "queens": 4, "max_steps": 20 })),
            (
                "/api/variants/check",
                json!({ "puzzle": variants::KILLER4, "grid": "1243........2..." }),
            ),
            (
                "/api/variants/solve",
                json!({ "puzzle": variants::KILLER4 }),
            ),
            (
                "/api/variants/solve",
                json!({ "puzzle": variants::OPEN4, "mode": "count", "list": 3 }),
            ),
            (
                "/api/variants/trace",
                json!({ "puzzle": variants::OPEN4, "max_steps": 20 }),
            ),
            ("/api/variants/view", json!({ "puzzle": variants::KILLER4 })),
            (
                "/api/variants/generate",
                json!({ "variant": "killer", "size": 6, "seed": 3 }),
            ),
            (
                "/api/variants/explain",
                json!({ "puzzle": variants::KILLER4 }),
            ),
            (
                "/api/variants/hint",
                json!({ "puzzle": variants::KILLER4, "level": 2 }),
            ),
            (
                "/api/variants/rate",
                json!({ "puzzle": variants::KILLER4, "er": "1.." }),
            ),
        ];
        for (path, body) in bodies {
            let (status, v) = post(&s, path, body.clone()).await;
            assert_eq!(status, StatusCode::OK, "{path} {body}: {v}");
            assert_matches(&doc, "post", path, status, &v);
        }
        for (path, documented) in [
            ("/api/health", "/api/health"),
            ("/api/limits", "/api/limits"),
            ("/api/queens/6?list=4", "/api/queens/{n}"),
        ] {
            let (status, v) = get(&s, path).await;
            assert_eq!(status, StatusCode::OK, "{path}: {v}");
            assert_matches(&doc, "get", documented, status, &v);
        }
        // Refusals too: a bad value, a body of the wrong shape, a bad board size.
        for (path, body, want) in [
            (
                "/api/sudoku/solve",
                json!({ "puzzle": "12" }),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/xcc/solve",
                json!({ "problem": 7 }),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/sudoku/rate",
                json!({ "puzle": EASY }),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
            (
                "/api/variants/solve",
                json!({ "puzzle": "size 4\ncage 3 r1c1 r1c2 r1c3" }),
                StatusCode::UNPROCESSABLE_ENTITY,
            ),
        ] {
            let (status, v) = post(&s, path, body).await;
            assert_eq!(status, want, "{path}: {v}");
            assert_matches(&doc, "post", path, status, &v);
        }
        let (status, v) = get(&s, "/api/queens/0").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_matches(&doc, "get", "/api/queens/{n}", status, &v);
    }

    #[tokio::test]
    async fn a_schema_mismatch_is_caught() {
        // The check above could pass by accepting anything: it does not.
        let s = state();
        let doc = document(&s).await;
        let (_, mut v) = post(&s, "/api/sudoku/solve", json!({ "puzzle": EASY })).await;
        v["status"] = json!("maybe");
        let result = std::panic::catch_unwind(|| {
            assert_matches(&doc, "post", "/api/sudoku/solve", StatusCode::OK, &v)
        });
        assert!(result.is_err(), "a status outside the enum must not match");
    }
}
