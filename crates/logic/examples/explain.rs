//! Prints the easiest-first path of a puzzle, one step a line, and its rating.
//!
//! `cargo run -p dlx-logic --example explain -- PUZZLE`

fn main() {
    let Some(line) = std::env::args().nth(1) else {
        eprintln!("usage: explain PUZZLE");
        std::process::exit(2);
    };
    let grid = match dlx_sudoku::parse(&line) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    match dlx_logic::explain(&grid, &dlx_logic::Options::default()) {
        Ok(x) => {
            for (i, s) in x.steps.iter().enumerate() {
                println!("{:3}. [{:.1}] {}", i + 1, s.rating, s.text);
            }
            let r = x.rating;
            println!(
                "ER {:.1} EP {:.1} ED {:.1} ({}, hardest: {}), {:?}",
                r.er, r.ep, r.ed, r.band, r.hardest, x.stop
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
