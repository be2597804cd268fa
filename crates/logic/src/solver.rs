//! The ladder of techniques, the easiest-first path, hints and ratings.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use dlx_sudoku::{Conflicts, Grid, GridError, SolveOptions, SolverKind, Visitor, check_givens};
use serde::Serialize;

use crate::basic;
use crate::board::{Board, Since};
use crate::cycles;
use crate::dynamic::{self, Chainer, Config, Kind, Kinds, Level};
use crate::exclusion;
use crate::extra;
use crate::step::{Candidate, Step};
use crate::strong;
use crate::technique::{Finder, Scale, Technique, TechniqueSet};
use crate::unique;
use crate::variant;
use crate::wings;

/// Why a grid cannot be explained or rated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// The grid breaks its invariant.
    #[error(transparent)]
    Grid(#[from] GridError),
    /// Givens repeat a digit in a house.
    #[error("{0}")]
    Conflicts(Conflicts),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has two solutions or more; `cells` lists (0-based row, column) where two of
    /// them differ.
    #[error("the puzzle has more than one solution (two of them differ at {})", cells_text(.cells))]
    MultipleSolutions {
        /// Cells where two solutions differ.
        cells: Vec<(usize, usize)>,
    },
    /// A digit placed in a grid in progress is not the puzzle's solution.
    #[error("r{}c{} holds {found}, but the solution has {expected} there", row + 1, col + 1)]
    WrongDigit {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
        /// The digit placed.
        found: u8,
        /// The solution's digit.
        expected: u8,
    },
    /// A pencil mark removed the solution's digit from a cell.
    #[error("the pencil marks of r{}c{} leave out {digit}, the solution's digit", row + 1, col + 1)]
    MarkRemoved {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
        /// The solution's digit.
        digit: u8,
    },
    /// A grid in progress does not have the puzzle's shape.
    #[error("the grid in progress does not match the puzzle: {0}")]
    Mismatch(String),
    /// A variant puzzle the logic cannot take (a size without a box shape), or whose search
    /// failed.
    #[error("{0}")]
    Variant(String),
    /// A grid in progress changes one of the puzzle's givens.
    #[error("the grid in progress does not match the puzzle: r{}c{} is a given {given}", row + 1, col + 1)]
    GivenChanged {
        /// Row, 0-based.
        row: usize,
        /// Column, 0-based.
        col: usize,
        /// The given.
        given: u8,
    },
}

impl LogicError {
    /// The cells the error is about (row, column, 0-based), for a face to point at.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        match self {
            LogicError::Conflicts(c) => c.cells(),
            LogicError::MultipleSolutions { cells } => cells.clone(),
            LogicError::WrongDigit { row, col, .. }
            | LogicError::MarkRemoved { row, col, .. }
            | LogicError::GivenChanged { row, col, .. } => vec![(*row, *col)],
            _ => Vec::new(),
        }
    }
}

fn cells_text(cells: &[(usize, usize)]) -> String {
    let v: Vec<String> = cells
        .iter()
        .take(8)
        .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
        .collect();
    let more = if cells.len() > 8 { ", …" } else { "" };
    format!("{}{more}", v.join(", "))
}

/// How far the solver may go.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop after this many steps.
    pub max_steps: usize,
    /// The hardest technique allowed ([`Technique::Trial`] allows everything).
    pub max_technique: Technique,
    /// Allow unique rectangles and BUG+1 (only ever used on puzzles proven to have one
    /// solution).
    pub uniqueness: bool,
    /// Stop at this instant (checked before each step and every 16 chain runs); the path
    /// then ends with [`Stop::Deadline`].
    pub deadline: Option<dlx_time::Instant>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_steps: 10_000,
            max_technique: Technique::Trial,
            uniqueness: true,
            deadline: None,
        }
    }
}

/// Which techniques the solver uses, in ladder order, and so on which scale it rates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ladder {
    /// The rating scale, whose techniques are used by default.
    pub scale: Scale,
    /// The techniques to use instead of the scale's (any of [`Technique::ALL`], tried in
    /// ladder order); `None` for the scale's own.
    pub techniques: Option<TechniqueSet>,
}

impl Ladder {
    /// The ladder of a scale.
    pub fn of(scale: Scale) -> Ladder {
        Ladder {
            scale,
            techniques: None,
        }
    }

    /// The techniques of the ladder.
    pub fn set(&self) -> TechniqueSet {
        self.techniques.unwrap_or_else(|| self.scale.techniques())
    }
}

/// The groups of the table: each finder with the rows it finds, in ladder order.
fn groups() -> &'static [(Finder, TechniqueSet)] {
    static GROUPS: OnceLock<Vec<(Finder, TechniqueSet)>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let mut out: Vec<(Finder, TechniqueSet)> = Vec::new();
        for t in Technique::ALL {
            match out.last_mut() {
                Some((f, set)) if *f == t.finder() => set.insert(t),
                _ => out.push((t.finder(), TechniqueSet::EMPTY.with(t))),
            }
        }
        out
    })
}

/// Why a path ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Stop {
    /// Every cell is filled.
    Solved,
    /// No allowed technique applies.
    Stuck,
    /// The step budget ran out.
    Budget,
    /// The deadline passed.
    Deadline,
}

/// A whole path: the steps taken, easiest first, until solved or stopped.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// Why the path ended.
    pub stop: Stop,
    /// The grid at the end.
    pub grid: Grid,
    /// The rating of the path (complete only when `stop` is `Solved`).
    pub rating: Rating,
}

/// A difficulty band, by ER.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Band {
    /// ER 1.0-2.0: singles and the direct techniques.
    Easy,
    /// ER 2.1-2.9: naked singles, pointing and claiming.
    Medium,
    /// ER 3.0-3.9: pairs, triples, X-wing, swordfish.
    Hard,
    /// ER 4.0-5.9: wings, short strong-link patterns, unique rectangles, quads, BUG.
    Fiendish,
    /// ER 6.0-8.9: chains and forcing chains.
    Diabolical,
    /// ER 9.0 and above: dynamic forcing chains with more inside, nested chains, trial.
    Extreme,
}

impl Band {
    /// The band of an ER.
    pub fn of(er: f64) -> Band {
        let t = (er * 10.0).round() as u32;
        match t {
            0..=20 => Band::Easy,
            21..=29 => Band::Medium,
            30..=39 => Band::Hard,
            40..=59 => Band::Fiendish,
            60..=89 => Band::Diabolical,
            _ => Band::Extreme,
        }
    }

    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Fiendish => "fiendish",
            Band::Diabolical => "diabolical",
            Band::Extreme => "extreme",
        }
    }
}

impl std::fmt::Display for Band {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rating on Sudoku Explainer's scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// ER: the hardest step of the easiest-first path.
    pub er: f64,
    /// EP: the hardest step up to and including the first placement.
    pub ep: f64,
    /// ED: the first step's rating (the hardest step before the first elimination or
    /// placement).
    pub ed: f64,
    /// The band of `er`.
    pub band: Band,
    /// The technique of the hardest step.
    pub hardest: Technique,
    /// Steps in the path.
    pub steps: usize,
    /// Whether the path solved the grid (otherwise the figures are lower bounds).
    pub complete: bool,
}

impl Rating {
    /// The rating of a path of steps (`complete` when it solved the grid).
    pub fn of(steps: &[Step], complete: bool) -> Rating {
        let mut er = 0u16;
        let mut hardest = Technique::FullHouse;
        let mut ep = None;
        let mut run = 0u16;
        for s in steps {
            let t = s.tenths();
            run = run.max(t);
            if t > er {
                er = t;
                hardest = s.technique;
            }
            if ep.is_none() && !s.placements.is_empty() {
                ep = Some(run);
            }
        }
        let ed = steps.first().map_or(0, |s| s.tenths());
        let er = f64::from(er) / 10.0;
        Rating {
            er,
            ep: f64::from(ep.unwrap_or(run)) / 10.0,
            ed: f64::from(ed) / 10.0,
            band: Band::of(er),
            hardest,
            steps: steps.len(),
            complete,
        }
    }
}

/// The solver's state across steps: the board, the known solution, scratch space.
pub struct Solver {
    board: Board,
    solution: Option<Vec<u8>>,
    unique: bool,
    /// Scratch space for chains, made when first needed.
    engine: Option<(Chainer, Level)>,
    /// Scratch space for the static chains and cycles, made when first needed.
    scratch: Option<cycles::Scratch>,
    options: Options,
    ladder: Ladder,
    /// The techniques the solver may use ([`Solver::allowed`]).
    allowed: TechniqueSet,
    /// Verdicts kept across steps: for each finder that can use them, the candidates of the
    /// board on which it last found nothing (see [`Since`]).
    quiet: Vec<Option<Vec<u64>>>,
    /// The cells whose candidates changed since then, as a cell bitset (scratch).
    changed: Vec<u64>,
    /// The digits that left a cell since then.
    digits: u64,
    /// The strong-link finders' tables, digit by digit, kept while the digit's places stay.
    links: strong::Links,
}

impl Drop for Solver {
    fn drop(&mut self) {
        spare::keep(self.board.topo.n, self.engine.take(), self.scratch.take());
    }
}

/// The chains' scratch space a thread keeps from one solver to the next (grids of 9x9 and
/// smaller): rating a file then does not allocate and clear the tables of every candidate's
/// runs again for every puzzle. Scratch space cut by a deadline is not kept. It holds no
/// result: every search clears or recomputes what it reads.
mod spare {
    use std::cell::RefCell;

    use crate::cycles::Scratch;
    use crate::dynamic::{Chainer, Level};

    type Spare = (Option<(usize, (Chainer, Level))>, Option<(usize, Scratch)>);

    thread_local! {
        static SPARE: RefCell<Spare> = const { RefCell::new((None, None)) };
    }

    /// The largest grid whose scratch space is kept (16x16's would hold hundreds of MB).
    const MAX_N: usize = 9;

    pub(super) fn engine(n: usize) -> Option<(Chainer, Level)> {
        SPARE
            .try_with(|s| match s.borrow_mut().0.take() {
                Some((m, e)) if m == n => Some(e),
                _ => None,
            })
            .ok()
            .flatten()
    }

    pub(super) fn scratch(n: usize) -> Option<Scratch> {
        SPARE
            .try_with(|s| match s.borrow_mut().1.take() {
                Some((m, x)) if m == n => Some(x),
                _ => None,
            })
            .ok()
            .flatten()
    }

    pub(super) fn keep(n: usize, engine: Option<(Chainer, Level)>, scratch: Option<Scratch>) {
        if n > MAX_N {
            return;
        }
        let _ = SPARE.try_with(|s| {
            let mut s = s.borrow_mut();
            if let Some(e) = engine.filter(|e| !e.0.expired) {
                s.0 = Some((n, e));
            }
            if let Some(x) = scratch.filter(|x| !x.expired) {
                s.1 = Some((n, x));
            }
        });
    }
}

/// Checks a puzzle's givens and finds its solutions (one or two; none is an error).
fn solve_givens(grid: &Grid) -> Result<Vec<Grid>, LogicError> {
    grid.validate()?;
    let conflicts = check_givens(grid);
    if !conflicts.is_empty() {
        return Err(LogicError::Conflicts(Conflicts(conflicts)));
    }
    let sols = solutions(grid, 2);
    if sols.is_empty() {
        return Err(LogicError::NoSolution);
    }
    Ok(sols)
}

/// Checks a puzzle and finds its solution, which must be unique.
fn check(grid: &Grid) -> Result<Vec<u8>, LogicError> {
    let sols = solve_givens(grid)?;
    match sols.len() {
        1 => Ok(sols[0].cells.clone()),
        _ => {
            let n = grid.n();
            let cells = (0..n * n)
                .filter(|&k| sols[0].cells[k] != sols[1].cells[k])
                .map(|k| (k / n, k % n))
                .collect();
            Err(LogicError::MultipleSolutions { cells })
        }
    }
}

struct Collect(Vec<Grid>, usize);

impl Visitor for Collect {
    fn solution(&mut self, grid: &Grid) -> ControlFlow<()> {
        self.0.push(grid.clone());
        if self.0.len() >= self.1 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Up to `limit` solutions of `grid`: the library's default solver counts them, and the
/// exact-cover solver lists them when there are two or more (the default gives the first only).
fn solutions(grid: &Grid, limit: usize) -> Vec<Grid> {
    let r = dlx_sudoku::solve(
        grid,
        &SolveOptions {
            limit: limit as u64,
            ..SolveOptions::default()
        },
    );
    if r.solutions <= 1 {
        return r.solution.into_iter().collect();
    }
    let mut v = Collect(Vec::new(), limit);
    dlx_sudoku::solve_with(
        grid,
        &SolveOptions {
            limit: limit as u64,
            ..SolveOptions::new(SolverKind::Dlx)
        },
        &mut v,
    );
    v.0
}

impl Solver {
    /// A solver on a puzzle with one solution, on the default ladder ([`Scale::Sukaku`]).
    pub fn new(grid: &Grid, options: &Options) -> Result<Solver, LogicError> {
        Solver::with_ladder(grid, options, &Ladder::default())
    }

    /// A solver on a puzzle with one solution, with the techniques of `ladder`.
    pub fn with_ladder(
        grid: &Grid,
        options: &Options,
        ladder: &Ladder,
    ) -> Result<Solver, LogicError> {
        let solution = check(grid)?;
        let board = Board::new(grid);
        Ok(Solver {
            engine: None,
            scratch: None,
            board,
            solution: Some(solution),
            unique: true,
            options: options.clone(),
            ladder: *ladder,
            allowed: TechniqueSet::EMPTY,
            quiet: Vec::new(),
            links: strong::Links::default(),
            changed: Vec::new(),
            digits: 0,
        }
        .settled())
    }

    /// The solver whose steps go without their sentences and patterns (an empty
    /// [`Step::text`] and [`Pattern`](crate::Pattern); on classic grids, but for the dynamic chains'), for a
    /// rating, which reads only their techniques, ratings, placements and eliminations: the
    /// same steps, found faster.
    pub fn silent(mut self) -> Solver {
        self.board.silent = true;
        self
    }

    /// The solver with its allowed set computed.
    fn settled(mut self) -> Solver {
        self.allowed = self.allowed();
        self
    }

    /// The ladder the solver uses.
    pub fn ladder(&self) -> &Ladder {
        &self.ladder
    }

    /// A solver on a board as the user sees it: `puzzle` (the givens), `progress` (the
    /// givens and the digits placed since, if any), `marks` (pencil marks, one mask a cell,
    /// bit `d - 1` for digit `d`, if any). A placed digit or a mark that contradicts the
    /// solution is an error that names the cell. A puzzle with several solutions is accepted
    /// (its steps hold in all of them; uniqueness techniques are then off).
    pub fn from_progress(
        puzzle: &Grid,
        progress: Option<&Grid>,
        marks: Option<&[u64]>,
        options: &Options,
    ) -> Result<Solver, LogicError> {
        let sols = solve_givens(puzzle)?;
        let unique = sols.len() == 1;
        let n = puzzle.n();
        let current = match progress {
            None => puzzle.clone(),
            Some(g) => {
                g.validate()?;
                if g.shape != puzzle.shape {
                    return Err(LogicError::Mismatch(format!(
                        "box shape {} instead of {}",
                        g.shape, puzzle.shape
                    )));
                }
                for k in 0..n * n {
                    let (given, now) = (puzzle.cells[k], g.cells[k]);
                    if given != 0 && now != given {
                        return Err(LogicError::GivenChanged {
                            row: k / n,
                            col: k % n,
                            given,
                        });
                    }
                    if now != 0 && given == 0 && unique && sols[0].cells[k] != now {
                        return Err(LogicError::WrongDigit {
                            row: k / n,
                            col: k % n,
                            found: now,
                            expected: sols[0].cells[k],
                        });
                    }
                }
                let conflicts = check_givens(g);
                if !conflicts.is_empty() {
                    return Err(LogicError::Conflicts(Conflicts(conflicts)));
                }
                g.clone()
            }
        };
        let board = match marks {
            Some(m) => Board::with_marks(&current, m),
            None => Board::new(&current),
        };
        if unique {
            for k in 0..n * n {
                let d = sols[0].cells[k];
                if board.value[k] == 0 && board.cand[k] >> (d - 1) & 1 == 0 {
                    return Err(LogicError::MarkRemoved {
                        row: k / n,
                        col: k % n,
                        digit: d,
                    });
                }
            }
        } else if board.is_broken() || solutions(&current, 1).is_empty() {
            return Err(LogicError::NoSolution);
        }
        let mut options = options.clone();
        options.uniqueness &= unique;
        Ok(Solver {
            engine: None,
            scratch: None,
            board,
            solution: unique.then(|| sols[0].cells.clone()),
            unique,
            options,
            ladder: Ladder::default(),
            allowed: TechniqueSet::EMPTY,
            quiet: Vec::new(),
            links: strong::Links::default(),
            changed: Vec::new(),
            digits: 0,
        }
        .settled())
    }

    /// A solver on a variant puzzle with one solution, with the techniques of `ladder` and
    /// the variant techniques; uniqueness techniques are off (they assume the classic rules).
    /// `progress` (the givens and the digits placed since, row-major) and `marks` (pencil
    /// marks, one mask a cell) give a grid in progress, as [`Solver::from_progress`]; a
    /// puzzle with several solutions is accepted only with one of them (for hints), its steps
    /// holding in all of them.
    pub fn for_variant(
        puzzle: &dlx_variants::Puzzle,
        progress: Option<&[u8]>,
        marks: Option<&[u64]>,
        options: &Options,
        ladder: &Ladder,
    ) -> Result<Solver, LogicError> {
        let n = puzzle.size();
        let shape = dlx_sudoku::Shape::for_size(n).map_err(|_| {
            LogicError::Variant(format!(
                "the logic takes variant grids of a size with a box shape (4, 6, 8, 9, 10, 12, 14, 15 or 16), not {n}x{n}"
            ))
        })?;
        // The search for its solutions keeps to the options' deadline too.
        let limits = dlx_variants::Limits {
            keep: 2,
            deadline: options.deadline,
            ..dlx_variants::Limits::default()
        };
        let answer =
            dlx_variants::solve(puzzle, &limits).map_err(|e| LogicError::Variant(e.to_string()))?;
        if answer.solutions.len() < 2 && answer.stop == dlx_variants::Stop::Deadline {
            return Err(LogicError::Variant(
                "the search for its solutions reached the time limit".to_string(),
            ));
        }
        let sols = answer.solutions;
        if sols.is_empty() {
            return Err(LogicError::NoSolution);
        }
        let unique = sols.len() == 1;
        if !unique && progress.is_none() && marks.is_none() {
            let cells = (0..n * n)
                .filter(|&k| sols[0][k] != sols[1][k])
                .map(|k| (k / n, k % n))
                .collect();
            return Err(LogicError::MultipleSolutions { cells });
        }
        let givens = puzzle.givens();
        let current: Vec<u8> = match progress {
            None => givens.to_vec(),
            Some(g) => {
                if g.len() != n * n {
                    return Err(LogicError::Mismatch(format!(
                        "{} cells instead of {}",
                        g.len(),
                        n * n
                    )));
                }
                for k in 0..n * n {
                    let (given, now) = (givens[k], g[k]);
                    if given != 0 && now != given {
                        return Err(LogicError::GivenChanged {
                            row: k / n,
                            col: k % n,
                            given,
                        });
                    }
                    if usize::from(now) > n {
                        return Err(LogicError::Mismatch(format!(
                            "r{}c{} holds {now}, past {n}",
                            k / n + 1,
                            k % n + 1
                        )));
                    }
                    if now != 0 && given == 0 && unique && sols[0][k] != now {
                        return Err(LogicError::WrongDigit {
                            row: k / n,
                            col: k % n,
                            found: now,
                            expected: sols[0][k],
                        });
                    }
                }
                g.to_vec()
            }
        };
        if !unique {
            let broken = !puzzle.rules().violations(&current).is_empty()
                || !sols
                    .iter()
                    .any(|s| current.iter().zip(s).all(|(&c, &x)| c == 0 || c == x));
            if broken {
                return Err(LogicError::NoSolution);
            }
        }
        let topo = std::sync::Arc::new(crate::board::Topology::for_rules(puzzle.rules(), shape));
        let mut board = Board::on(topo, &current);
        if let Some(m) = marks {
            for (k, &m) in m.iter().enumerate().take(board.cand.len()) {
                if board.value[k] == 0 {
                    board.cand[k] &= m;
                }
            }
        }
        if unique {
            for (k, &d) in sols[0].iter().enumerate() {
                if board.value[k] == 0 && board.cand[k] >> (d - 1) & 1 == 0 {
                    return Err(LogicError::MarkRemoved {
                        row: k / n,
                        col: k % n,
                        digit: d,
                    });
                }
            }
        }
        let mut options = options.clone();
        options.uniqueness = false;
        Ok(Solver {
            engine: None,
            scratch: None,
            board,
            solution: unique.then(|| sols[0].clone()),
            unique,
            options,
            ladder: *ladder,
            allowed: TechniqueSet::EMPTY,
            quiet: Vec::new(),
            links: strong::Links::default(),
            changed: Vec::new(),
            digits: 0,
        }
        .settled())
    }

    /// The board now.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The solution, when the puzzle has one solution.
    pub fn solution(&self) -> Option<Grid> {
        self.solution.as_ref().map(|s| Grid {
            shape: self.board.topo.shape,
            cells: s.clone(),
        })
    }

    /// The techniques this solver may use: the ladder's, up to `max_technique`, without the
    /// uniqueness techniques unless allowed and the puzzle has one solution, with the trial
    /// step when `max_technique` allows it.
    pub fn allowed(&self) -> TechniqueSet {
        let max = self.options.max_technique;
        let mut set = self.ladder.set().up_to(max);
        if !(self.options.uniqueness && self.unique) {
            set = set.iter().filter(|t| !t.needs_uniqueness()).collect();
        }
        if max >= Technique::Trial {
            set = set.with(Technique::Trial);
        }
        set
    }

    /// The easiest step available now, without applying it: the first group of the ladder
    /// whose finder finds a step, among the techniques [allowed](Solver::allowed).
    pub fn next_step(&mut self) -> Option<Step> {
        if self.board.is_solved() || self.expired() {
            return None;
        }
        let allowed = self.allowed;
        if self.board.topo.has_clues() && allowed.contains(Technique::NegativeRule) {
            // what a placed digit forbids its neighbours under a negative rule goes first
            // (part of placing it, rated 1.0)
            if let Some(mut s) = crate::variant::placed_negative(&self.board) {
                self.board.topo.fix_pattern(&mut s.pattern);
                return Some(s);
            }
        }
        for &(finder, group) in groups() {
            let wanted = group.intersection(allowed);
            if wanted.is_empty() {
                continue;
            }
            if self.board.topo.has_clues()
                && matches!(
                    finder,
                    Finder::Nested2 | Finder::Nested3 | Finder::Nested4 | Finder::Nested5
                )
            {
                // the nested levels do not see a variant's clues, and cost seconds a step:
                // the variant forcing chains (below them on the ladder) stand for them
                continue;
            }
            if matches!(finder, Finder::Nishio | Finder::Multiple | Finder::Dynamic)
                && allowed.contains(Technique::VariantForcingChain)
                && crate::variant::dominates_chains(&self.board)
            {
                // the variant forcing chains (just before) found nothing: neither can these
                continue;
            }
            if finder == Finder::DynamicPlus
                && allowed.contains(Technique::VariantForcingChainPlus)
                && crate::variant::dominates_chains(&self.board)
            {
                // the variant forcing chains (+) (just before) found nothing: neither can these
                continue;
            }
            let since = self.since(finder);
            let found = self.find(finder, wanted, since);
            if since.is_some() && found.is_none() && !self.expired() {
                self.keep_quiet(finder);
            }
            if let Some(mut s) = found {
                self.board.topo.fix_pattern(&mut s.pattern);
                debug_assert!(
                    wanted.contains(s.technique),
                    "{finder:?} returned {:?}",
                    s.technique
                );
                return Some(s);
            }
            if self.expired() {
                // a cut search proves nothing about the groups after it
                return None;
            }
        }
        None
    }

    /// Whether a finder reads what changed since it last found nothing (see [`Since`]):
    /// `Some(true)` when it last found nothing and `changed` now holds the changes since,
    /// `Some(false)` when it may keep its verdict from now on, `None` when it does not.
    fn since(&mut self, finder: Finder) -> Option<bool> {
        // exact on any board: locked candidates, fish and strong links read one digit's places, aligned
        // exclusion a pattern's cells and their peers (variant peers included), naked and
        // hidden subsets one house's cells, the ALS wings their cells (`wings::als_wing`)
        if !matches!(
            finder,
            Finder::DirectLocking
                | Finder::Locking
                | Finder::DirectHiddenPair
                | Finder::DirectHiddenTriple
                | Finder::NakedPair
                | Finder::HiddenPair
                | Finder::NakedTriple
                | Finder::HiddenTriple
                | Finder::NakedQuad
                | Finder::HiddenQuad
                | Finder::XWing
                | Finder::Swordfish
                | Finder::Jellyfish
                | Finder::StrongLinks2
                | Finder::StrongLinks3
                | Finder::StrongLinks4
                | Finder::AlignedPair
                | Finder::AlignedTriple
                | Finder::WxyzWing
                | Finder::VwxyzWing
                | Finder::UvwxyzWing
                | Finder::TuvwxyzWing
        ) {
            return None;
        }
        let i = finder as usize;
        if self.quiet.len() <= i {
            self.quiet.resize(i + 1, None);
        }
        let Some(old) = &self.quiet[i] else {
            return Some(false);
        };
        let words = self.board.topo.words;
        self.changed.clear();
        self.changed.resize(words, 0);
        let mut digits = 0u64;
        for (k, (&was, &now)) in old.iter().zip(&self.board.cand).enumerate() {
            if was != now {
                self.changed[k / 64] |= 1 << (k % 64);
                digits |= was ^ now;
            }
        }
        self.digits = digits;
        Some(true)
    }

    /// Keeps the board on which `finder` found nothing.
    fn keep_quiet(&mut self, finder: Finder) {
        let slot = self.quiet[finder as usize].get_or_insert_with(Vec::new);
        slot.clear();
        slot.extend_from_slice(&self.board.cand);
    }

    /// Calls the finder of a group, which returns only techniques of `wanted`; `since`:
    /// whether to search only what changed since it last found nothing ([`Solver::since`]).
    fn find(&mut self, finder: Finder, wanted: TechniqueSet, since: Option<bool>) -> Option<Step> {
        let b = &self.board;
        let since = (since == Some(true)).then_some(Since {
            cells: &self.changed,
            digits: self.digits,
        });
        let since = since.as_ref();
        match finder {
            Finder::Singles => basic::singles(b, wanted),
            Finder::DirectLocking => basic::direct_locking(b, wanted, since),
            Finder::DirectHiddenPair => basic::hidden_subset(b, 2, true, since),
            Finder::NakedSingle => basic::naked_single(b),
            Finder::DirectHiddenTriple => basic::hidden_subset(b, 3, true, since),
            Finder::Locking => basic::locking(b, wanted, since),
            Finder::NakedPair => basic::naked_subset(b, 2, since),
            Finder::XWing => basic::fish(b, 2, since),
            Finder::HiddenPair => basic::hidden_subset(b, 2, false, since),
            Finder::NakedTriple => basic::naked_subset(b, 3, since),
            Finder::Swordfish => basic::fish(b, 3, since),
            Finder::HiddenTriple => basic::hidden_subset(b, 3, false, since),
            Finder::StrongLinks2 => strong::strong_links_with(b, 2, wanted, since, &mut self.links),
            Finder::StrongLinks3 => strong::strong_links_with(b, 3, wanted, since, &mut self.links),
            Finder::StrongLinks4 => strong::strong_links_with(b, 4, wanted, since, &mut self.links),
            Finder::XyWing => basic::wing(b, false),
            Finder::XyzWing => basic::wing(b, true),
            Finder::WWing => basic::w_wing(b),
            Finder::UniqueLoops => unique::unique_loops(b, wanted),
            Finder::NakedQuad => basic::naked_subset(b, 4, since),
            Finder::Jellyfish => basic::fish(b, 4, since),
            Finder::HiddenQuad => basic::hidden_subset(b, 4, false, since),
            Finder::Bug => unique::bug(b, wanted, self.ladder.scale),
            Finder::Chains => {
                let n = b.topo.n;
                let s = self.scratch.get_or_insert_with(|| {
                    spare::scratch(n).unwrap_or_else(|| cycles::Scratch::new(n))
                });
                s.deadline = self.options.deadline;
                s.silent = self.board.silent;
                let found =
                    cycles::chains_and_cycles(&self.board.topo, &self.board.cand, s, wanted);
                if s.expired { None } else { found }
            }
            Finder::Nishio
            | Finder::Multiple
            | Finder::Dynamic
            | Finder::DynamicPlus
            | Finder::Nested2
            | Finder::Nested3
            | Finder::Nested4
            | Finder::Nested5 => {
                let n = b.topo.n;
                let (kind, cfg, technique) = match finder {
                    Finder::Nishio => (Kind::Nishio, Config::NISHIO, Technique::Nishio),
                    Finder::Multiple => {
                        (Kind::Multiple, Config::STATIC, Technique::CellForcingChains)
                    }
                    Finder::Dynamic => (
                        Kind::Dynamic,
                        Config::dynamic(0),
                        Technique::DynamicForcingChains,
                    ),
                    Finder::DynamicPlus => (
                        Kind::Dynamic,
                        Config::dynamic(1),
                        Technique::DynamicForcingChainsPlus,
                    ),
                    Finder::Nested2 => (
                        Kind::Dynamic,
                        Config::dynamic(2),
                        Technique::NestedForcingChains,
                    ),
                    Finder::Nested3 => (
                        Kind::Dynamic,
                        Config::dynamic(3),
                        Technique::NestedMultipleForcingChains,
                    ),
                    Finder::Nested4 => (
                        Kind::Dynamic,
                        Config::dynamic(4),
                        Technique::NestedDynamicForcingChains,
                    ),
                    _ => (
                        Kind::Dynamic,
                        Config::dynamic(5),
                        Technique::DoublyNestedForcingChains,
                    ),
                };
                let kinds = if kind == Kind::Multiple {
                    Kinds {
                        cell: wanted.contains(Technique::CellForcingChains),
                        region: wanted.contains(Technique::RegionForcingChains),
                        ..Kinds::ALL
                    }
                } else {
                    Kinds::ALL
                };
                let deadline = self.options.deadline;
                let (ch, lv) = self.engine.get_or_insert_with(|| {
                    spare::engine(n).unwrap_or_else(|| (Chainer::new(n), Level::new(n)))
                });
                ch.deadline = deadline;
                let topo = &self.board.topo;
                let cand = &self.board.cand;
                let hint = dynamic::hints(ch, lv, topo, cand, kind, cfg, kinds, true)
                    .into_iter()
                    .next();
                if ch.expired {
                    return None;
                }
                let hint = hint?;
                let technique =
                    if kind == Kind::Multiple && hint.kind == crate::step::ChainKind::Region {
                        Technique::RegionForcingChains
                    } else {
                        technique
                    };
                let base = technique.base_tenths();
                Some(dynamic::step(ch, topo, cand, cfg, technique, base, &hint))
            }
            Finder::WxyzWing => wings::als_wing(b, 3, since),
            Finder::VwxyzWing => wings::als_wing(b, 4, since),
            Finder::UvwxyzWing => wings::als_wing(b, 5, since),
            Finder::TuvwxyzWing => wings::als_wing(b, 6, since),
            Finder::AlsXz => wings::als_xz(b),
            Finder::AlsXyWing => wings::als_xy_wing(b),
            Finder::AlignedPair => exclusion::aligned_pair(b, since),
            Finder::AlignedTriple => exclusion::aligned_triple(b, since),
            Finder::FinnedXWing => extra::finned_fish(b, 2),
            Finder::FinnedSwordfish => extra::finned_fish(b, 3),
            Finder::FinnedJellyfish => extra::finned_fish(b, 4),
            Finder::SimpleColouring => extra::simple_colouring(b),
            Finder::Parity => variant::parity(b),
            Finder::Thermo => variant::thermo(b),
            Finder::Pairs => variant::pairs(b, wanted),
            Finder::LockedNegative => variant::locked_negative(b),
            Finder::Killer => variant::cages(b),
            Finder::VariantLocking => variant::locking(b),
            Finder::CageDigits => variant::cage_digits(b),
            Finder::Arrow => variant::arrows(b),
            Finder::LittleKiller => variant::little_killers(b),
            Finder::RuleOf45 => variant::rule_of_45(b),
            Finder::HouseCages => variant::house_cages(b),
            Finder::Sandwich => variant::sandwiches(b),
            Finder::VariantForcing => variant::forcing(b, self.options.deadline),
            Finder::VariantForcingPlus => variant::forcing_plus(b, self.options.deadline),
            Finder::Trial => self.trial(),
        }
    }

    /// The last resort: a candidate shown wrong by search.
    fn trial(&self) -> Option<Step> {
        let b = &self.board;
        let n = b.topo.n;
        let solution = self.solution.as_ref()?;
        let mut order: Vec<usize> = (0..b.topo.ncells).filter(|&k| b.cand[k] != 0).collect();
        order.sort_by_key(|&k| b.cand[k].count_ones());
        for k in order {
            let right = solution[k] as usize - 1;
            if let Some(d) = basic::bits(b.cand[k] & !(1 << right)).next() {
                let c = basic::cand(b, k, d);
                return Some(Step {
                    technique: Technique::Trial,
                    rating: Technique::Trial.base_rating(),
                    chain: None,
                    placements: vec![],
                    eliminations: vec![c],
                    pattern: crate::step::Pattern {
                        cells: vec![(k / n, k % n)],
                        digits: vec![c.digit],
                        candidates: vec![c],
                        ..Default::default()
                    },
                    text: format!(
                        "Trial: no technique applies; the solution found by search has {} in r{}c{}, so it is not {} (a step by trial, not by logic)",
                        right + 1,
                        k / n + 1,
                        k % n + 1,
                        c.digit
                    ),
                });
            }
        }
        None
    }

    /// Whether the deadline has passed (or a chain level was cut by it).
    pub fn expired(&self) -> bool {
        self.engine.as_ref().is_some_and(|e| e.0.expired)
            || self.scratch.as_ref().is_some_and(|s| s.expired)
            || self
                .options
                .deadline
                .is_some_and(|d| dlx_time::Instant::now() >= d)
    }

    /// Applies a step's placements and eliminations to the board.
    pub fn apply(&mut self, step: &Step) {
        let n = self.board.topo.n;
        for c in &step.eliminations {
            self.board
                .eliminate(c.row * n + c.col, c.digit as usize - 1);
        }
        for c in &step.placements {
            let k = c.row * n + c.col;
            if self.board.value[k] == 0 {
                self.board.place(k, c.digit as usize - 1);
            }
        }
    }

    /// Whether a step agrees with the known solution (no placement wrong, no elimination of
    /// a solution digit); `None` when the solution is not unique.
    pub fn is_sound(&self, step: &Step) -> Option<bool> {
        let sol = self.solution.as_ref()?;
        let n = self.board.topo.n;
        let at = |c: &Candidate| sol[c.row * n + c.col];
        Some(
            step.placements.iter().all(|c| at(c) == c.digit)
                && step.eliminations.iter().all(|c| at(c) != c.digit),
        )
    }

    /// Takes the easiest step again and again until solved, stuck or out of budget.
    pub fn run(&mut self) -> Explanation {
        let mut steps = Vec::new();
        let stop = loop {
            if self.board.is_solved() {
                break Stop::Solved;
            }
            if steps.len() >= self.options.max_steps {
                break Stop::Budget;
            }
            match self.next_step() {
                Some(s) => {
                    self.apply(&s);
                    steps.push(s);
                }
                None if self.expired() => break Stop::Deadline,
                None => break Stop::Stuck,
            }
        };
        let rating = Rating::of(&steps, stop == Stop::Solved);
        Explanation {
            steps,
            stop,
            grid: self.board.grid(),
            rating,
        }
    }
}

/// Every step, easiest first, until the puzzle is solved, no allowed technique applies, or
/// the step budget runs out. The puzzle must have exactly one solution.
pub fn explain(grid: &Grid, options: &Options) -> Result<Explanation, LogicError> {
    Ok(Solver::new(grid, options)?.run())
}

/// [`explain`] with the techniques of `ladder` (a scale, or a set of techniques).
pub fn explain_with(
    grid: &Grid,
    options: &Options,
    ladder: &Ladder,
) -> Result<Explanation, LogicError> {
    Ok(Solver::with_ladder(grid, options, ladder)?.run())
}

/// The easiest next step for a puzzle (`puzzle`: the givens), as the user sees it:
/// `progress` holds the digits placed so far (givens included), `marks` the user's pencil
/// marks (one mask a cell, bit `d - 1` for digit `d`). `Ok(None)` when the grid is solved
/// or nothing applies.
pub fn hint(
    puzzle: &Grid,
    progress: Option<&Grid>,
    marks: Option<&[u64]>,
) -> Result<Option<Step>, LogicError> {
    Ok(Solver::from_progress(puzzle, progress, marks, &Options::default())?.next_step())
}

/// The ER of a puzzle with one solution, `None` for any other grid: a rater for the
/// generator's rating filter.
pub fn er(grid: &Grid) -> Option<f64> {
    rate(grid).ok().map(|r| r.er)
}

/// The rating of a puzzle on Sudoku Explainer's scale (ER, EP, ED) and its band, on the
/// default scale ([`Scale::Sukaku`]).
pub fn rate(grid: &Grid) -> Result<Rating, LogicError> {
    Ok(Solver::new(grid, &Options::default())?
        .silent()
        .run()
        .rating)
}

/// The rating of a puzzle on the ladder's scale (with its techniques).
pub fn rate_with(grid: &Grid, ladder: &Ladder) -> Result<Rating, LogicError> {
    let options = Options::default();
    Ok(Solver::with_ladder(grid, &options, ladder)?
        .silent()
        .run()
        .rating)
}

/// Every step of a variant puzzle with one solution, easiest first ([`explain`] on its rules:
/// the classic techniques on its houses and "sees" relation, and the variant techniques).
pub fn explain_variant(
    puzzle: &dlx_variants::Puzzle,
    options: &Options,
    ladder: &Ladder,
) -> Result<Explanation, LogicError> {
    Ok(Solver::for_variant(puzzle, None, None, options, ladder)?.run())
}

/// The rating of a variant puzzle with one solution (the hardest step of its path, on the
/// scale of `docs/logic.md`).
pub fn rate_variant(puzzle: &dlx_variants::Puzzle) -> Result<Rating, LogicError> {
    Ok(explain_variant(puzzle, &Options::default(), &Ladder::default())?.rating)
}

/// The rating of a variant puzzle for a generator's range: the path abandoned at its first
/// step rated above `hi` (the rating then returned is above `hi`, a lower bound, enough to
/// tell the puzzle is out of range); exact at or below `hi`. `None` when the puzzle has not
/// one solution or the path stops unsolved (stuck, budget).
pub fn rate_variant_below(puzzle: &dlx_variants::Puzzle, hi: f64) -> Option<f64> {
    let options = Options::default();
    let mut solver = Solver::for_variant(puzzle, None, None, &options, &Ladder::default()).ok()?;
    let mut top = 0.0f64;
    let mut steps = 0;
    while !solver.board().is_solved() {
        if steps >= options.max_steps {
            return None;
        }
        let step = solver.next_step()?;
        top = top.max(step.rating);
        if top > hi + 1e-9 {
            return Some(top);
        }
        solver.apply(&step);
        steps += 1;
    }
    Some(top)
}

/// The easiest next step of a variant puzzle as the user sees it (`progress`: the digits
/// placed so far, givens included, row-major; `marks`: pencil marks), as [`hint`].
pub fn hint_variant(
    puzzle: &dlx_variants::Puzzle,
    progress: Option<&[u8]>,
    marks: Option<&[u64]>,
) -> Result<Option<Step>, LogicError> {
    Ok(Solver::for_variant(
        puzzle,
        progress,
        marks,
        &Options::default(),
        &Ladder::default(),
    )?
    .next_step())
}
