//! `dlx xcc`: solve a problem in Knuth's text format (the search flags, the run and the report
//! are [`crate::search`]'s).

use anyhow::Result;

use crate::output::Found;
use crate::search::{self, Face};
pub use crate::xcc_args::XccArgs;
use crate::xcc_args::read_problem;

/// Runs `dlx xcc`.
pub fn run(args: XccArgs) -> Result<Found> {
    if let Some(found) = crate::shard::run(&args) {
        return found;
    }
    let (problem, name) = read_problem(&args)?;
    let face = Face::Options {
        profile: args.profile,
    };
    search::run(&problem, &face, &args.search, &args.print, args.json, &name)
}
