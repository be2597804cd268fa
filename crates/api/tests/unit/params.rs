//! Unit tests of `src/params.rs`.

use dlx_api::params::*;
use dlx_api::run::Run;
use dlx_engine::Stop;
use dlx_engine::{Links, Search};

#[test]
fn sizes_out_of_range_have_no_queens() {
    assert!(queens(0).is_none());
    assert!(queens(MAX_QUEENS + 1).is_none());
    let (_, squares) = queens(5).unwrap();
    assert_eq!(squares[7], [1, 2], "option n * r + c is square (r, c)");
}

#[test]
fn listing_stops_at_its_limit_and_lists_what_was_asked() {
    let (p, _) = queens(6).unwrap();
    let caps = dlx_api::Caps::browser();
    let mut run = Run::new(dlx_api::Budget::unlimited(), &caps);
    let all = Listing::new(None, Some(0), 10).unwrap();
    let (first, listed, out) = all.run(&mut Links::new(&p, Default::default()), &mut run, |s| {
        s.len()
    });
    assert_eq!((first, listed.len(), out.solutions), (Some(6), 0, 4));
    assert!(out.complete);
    let two = Listing::new(Some(2), Some(3), 10).unwrap();
    let (_, listed, out) = two.run(&mut Links::new(&p, Default::default()), &mut run, |s| {
        s.to_vec()
    });
    assert_eq!((listed.len(), out.status), (2, Stop::Limit));
    assert!(Listing::new(None, Some(11), 10).is_err());
}

#[test]
fn every_solution_is_non_attacking() {
    let (p, squares) = queens(6).unwrap();
    let (sols, _) = Links::new(&p, dlx_engine::Config::default()).collect(100);
    assert_eq!(sols.len(), 4);
    for s in sols {
        let q: Vec<[u32; 2]> = s.iter().map(|o| squares[o.index()]).collect();
        for (i, a) in q.iter().enumerate() {
            for b in &q[i + 1..] {
                assert_ne!(a[0], b[0]);
                assert_ne!(a[1], b[1]);
                assert_ne!(a[0] + a[1], b[0] + b[1]);
                assert_ne!(a[0] as i64 - a[1] as i64, b[0] as i64 - b[1] as i64);
            }
        }
    }
}
