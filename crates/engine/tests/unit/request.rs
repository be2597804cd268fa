//! Unit tests of `src/request.rs`.

use dlx_engine::format;
use dlx_engine::parallel::Algorithm;
use dlx_engine::request::*;
use dlx_engine::search::Status;
use std::ops::ControlFlow;

#[test]
fn auto_runs_cells_unless_ordered() {
    assert_eq!(AlgorithmChoice::Auto.resolve(false), Algorithm::Cells);
    assert_eq!(AlgorithmChoice::Auto.resolve(true), Algorithm::Links);
    assert_eq!(AlgorithmChoice::Cells.resolve(true), Algorithm::Cells);
    assert_eq!(AlgorithmChoice::Links.resolve(false), Algorithm::Links);
    assert_eq!(AlgorithmChoice::Auto.for_shards(), Algorithm::Links);
    for a in ["auto", "links", "cells"] {
        let c: AlgorithmChoice = a.parse().unwrap();
        assert_eq!(c.to_string(), a);
        assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{a}\""));
    }
    assert_eq!(
        "dlx".parse::<AlgorithmChoice>().unwrap_err().to_string(),
        "algorithm: unknown value `dlx` (one of auto, links, cells)"
    );
}

#[test]
fn every_stop_is_spelled_once() {
    for s in Stop::ALL {
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, format!("\"{}\"", s.as_str()));
        assert_eq!(s.to_string(), s.as_str());
        assert_eq!(s.as_str().parse::<Stop>(), Ok(s));
        assert_eq!(serde_json::from_str::<Stop>(&json).unwrap(), s);
    }
    assert_eq!(Stop::of(Status::Stopped, true), Stop::Limit);
    assert_eq!(Stop::of(Status::Stopped, false), Stop::Visitor);
    assert_eq!(Stop::of(Status::NodeBudget, false).as_str(), "node_budget");
}

#[test]
fn requests_read_from_json_with_their_defaults_and_stop_where_asked() {
    let r: CoverRequest = serde_json::from_str("{}").unwrap();
    assert_eq!(r, CoverRequest::default());
    assert!(serde_json::from_str::<CoverRequest>(r#"{"limt": 2}"#).is_err());
    let too_many = CoverRequest {
        threads: MAX_THREADS + 1,
        ..CoverRequest::default()
    };
    assert_eq!(too_many.validate().unwrap_err().field, "threads");
    let (p, _) = format::parse(crate::root::QUEENS6).unwrap();
    let all = CoverRequest::default().run(&p, |_, _| ControlFlow::Continue(()), &|_| {});
    assert_eq!((all.stats.solutions, all.stop), (4, Stop::Complete));
    let r = CoverRequest {
        node_budget: Some(3),
        ..CoverRequest::default()
    };
    let cut = r.run(&p, |_, _| ControlFlow::Continue(()), &|_| {});
    assert_eq!(cut.stop, Stop::NodeBudget);
    let mut seen = Vec::new();
    let ordered = CoverRequest {
        ordered: true,
        threads: 2,
        limit: Some(3),
        ..CoverRequest::default()
    };
    let out = ordered.run(
        &p,
        |k, _| {
            seen.push(k);
            ControlFlow::Continue(())
        },
        &|_| {},
    );
    assert_eq!(
        (out.algorithm, out.stop, seen),
        (Algorithm::Links, Stop::Limit, vec![1, 2, 3])
    );
}
