//! Shows how `Links::split` cuts a problem: pieces per depth and the largest share.
//! `cargo run --release -p dlx-engine --example split -- FILE`
use dlx_engine::{Config, Links, Piece, Search, format};

fn main() {
    let path = std::env::args().nth(1).expect("usage: split FILE");
    let text = std::fs::read_to_string(&path).expect("read");
    let (p, _) = format::parse(&text).expect("parse");
    for depth in (1..=8).chain([12, 16, 24, 32, 48, 64]) {
        let (pieces, out) = Links::new(&p, Config::default()).split(depth);
        let shares: Vec<f64> = pieces
            .iter()
            .filter_map(|x| {
                if let Piece::Prefix(_, w) = x {
                    Some(*w)
                } else {
                    None
                }
            })
            .collect();
        let max = shares.iter().cloned().fold(0.0, f64::max);
        println!(
            "depth {depth}: {} prefixes, largest share {max:.3}, split nodes {}",
            shares.len(),
            out.stats.nodes
        );
    }
}
