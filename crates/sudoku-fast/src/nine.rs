//! The 9x9 fast path: candidates as one 27-bit set per (digit, band), propagation by
//! permutation tables on 3x3 triad patterns, and a small state copied per guess.
//!
//! # Data
//!
//! The grid is cut into three *bands* of three rows. Cell `i` (row-major, `0..81`) lies in
//! band `b = i / 27` at bit `i % 27` = `9 * row_in_band + column`.
//!
//! [`State::cand`]`[d][b]` is the set of cells of band `b` where digit `d + 1` may still go
//! (lane 3 is padding and stays 0, so that the three bands of a digit form one 128-bit
//! vector). A digit must take exactly one cell in every row, column and box, so inside one
//! band it takes three cells, one in each row and one in each box: the *triads* (a row of a
//! box, 3 cells) it uses form a permutation matrix of the 3x3 (row, box) pattern. Likewise,
//! in each *stack* (three boxes on top of each other) the (band, column) pattern of a digit
//! is a permutation matrix. [`PERM3`] maps any 3x3 pattern to the union of the permutation
//! matrices it contains; applying it in both directions prunes, for every digit at once:
//!
//! * hidden singles in rows, columns and boxes (a row, column or box with one place left),
//! * locked candidates, pointing and claiming, along rows and along columns,
//! * the band and stack "permutation" deductions that go a little further.
//!
//! A (digit, row) whose set has a single cell is *placed*: the cell leaves every other
//! digit's set ([`State::solved_rows`], [`State::unsolved`] record it). Cells with a single
//! digit left (naked singles) are found by bit-sliced counting over the nine digits.
//!
//! Search: when propagation is stuck, the search guesses a digit in the cell with two
//! candidates whose guess prunes most ([`best_pair`]: the peers sharing a digit with it,
//! those with two candidates counted three times; else the cell with fewest candidates), and
//! pushes a copy of the state with that digit removed on an explicit stack. After a dead end,
//! the cell whose guess led to it is guessed again first while it has two candidates
//! (*last-conflict* reasoning). When two or more solutions are asked for (a uniqueness check,
//! a count), the tree of a unique puzzle has to be exhausted, and while no alternative is
//! pending (at the root and along its last branches) propagation goes one step further before
//! a guess: the *triad rule* across digits ([`State::triads`]), which refutes whole trees
//! sooner; deeper down, or when one solution is asked, it does not pay for itself. Once a
//! puzzle has taken [`TEMPLATES_AFTER`] guesses, stuck states also keep, for each digit, only
//! the cells of some complete placement of it (*templates*, [`State::templates`]), which
//! catches every fish pattern of a single digit and shrinks hard trees by more than half.
//!
//! Invariants between propagation rounds (for every digit `d` and band `b`):
//! * `cand[d][b] & !ALL27 == 0`, `cand[d][3] == 0`;
//! * bit `3 d + r` of `solved_rows[b]` is set iff row `r` of `cand[d][b]` has been placed,
//!   and then that row of `cand[d][b]` holds exactly one cell, which is in no other digit's
//!   set and not in `unsolved[b]`;
//! * bit `3 d + b` of `dirty` is clear iff `cand[d][b]` has not changed since digit `d` was
//!   last propagated (then it is a fixed point of the band rule and its single rows are
//!   placed);
//! * `folds[d]`, if not `u32::MAX`, is the column pattern of digit `d` (bit `9 b + c` iff
//!   column `c` of band `b` is still possible) after the stack rule was last applied: the
//!   stack rule need not run again while the pattern is unchanged.

use dlx_time::Instant;
use std::mem::MaybeUninit;

use crate::common::{CLOCK_EVERY, past};

/// All 27 cells of a band.
const ALL27: u32 = 0x7FF_FFFF;

/// The lowest bit of each of the 9 triads of a band (bit `9 r + 3 s`).
const TRIAD_LOW: u32 = 0x124_9249;

/// Row `r` of a band.
const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];

/// `[value(0), value(1), ..., value(n - 1)]`, computed at compile time (`const` code can
/// only loop with `while`).
macro_rules! table {
    ($n:expr, |$i:ident| $value:expr) => {{
        let mut t = [{
            let $i = 0;
            $value
        }; $n];
        let mut $i = 1;
        while $i < $n {
            t[$i] = $value;
            $i += 1;
        }
        t
    }};
}

/// The union of `part(j)` over the `j` in `0..n` for which `cond(j)` holds, at compile time.
macro_rules! union {
    ($n:expr, |$j:ident| if $cond:expr => $part:expr) => {{
        let mut u = 0;
        let mut $j = 0;
        while $j < $n {
            if $cond {
                u |= $part;
            }
            $j += 1;
        }
        u
    }};
}

/// `ROWS[k]`: the union of the rows whose bits are set in `k` (3 bits).
const ROWS: [u32; 8] = table!(8, |k| union!(3, |r| if k & (1 << r) != 0 => ROW[r]));

/// The six permutations of three: row `r` goes to stack `PERMS[p][r]`.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `PERM_MATRIX[p]`: permutation `p` as a 3x3 0/1 matrix (bit `3 i + j` = entry `(i, j)`).
const PERM_MATRIX: [u16; 6] = table!(6, |p| 1 << PERMS[p][0]
    | 1 << (3 + PERMS[p][1])
    | 1 << (6 + PERMS[p][2]));

/// `PERM3[m]`: for a 3x3 0/1 matrix `m` (bit `3 i + j` = entry `(i, j)`), the union of the
/// permutation matrices contained in `m`; 0 if there is none.
pub(crate) const PERM3: [u16; 512] = table!(512, |m| union!(6, |p| if (m as u16)
    & PERM_MATRIX[p]
    == PERM_MATRIX[p] => PERM_MATRIX[p]));

/// `EXPAND[t]`: the 27 cells of the triads in a 9-bit triad pattern `t` (bit `3 r + s`).
const EXPAND: [u32; 512] = table!(
    512,
    |m| union!(9, |k| if m & (1 << k) != 0 => 7 << (9 * (k / 3) + 3 * (k % 3)))
);

/// `COMPLEX[t]`: for a 9-bit triad pattern `t` (bit `3 r + s` = triad of row `r`, box `s`
/// non-empty), the 27-bit mask of the cells of the triads kept by [`PERM3`].
const COMPLEX: [u32; 512] = table!(512, |m| EXPAND[PERM3[m] as usize]);

/// `SHRINK[v]`: for the 9 bits of one row, the 3 bits telling which of its triads are
/// non-empty (portable replacement of `pext`).
const SHRINK: [u32; 512] = table!(512, |v| union!(3, |s| if v & (7 << (3 * s)) != 0 => 1 << s));

/// Whether cells `i` and `j` (`0..81`) are peers: distinct, in one row, column or box.
const fn sees(i: usize, j: usize) -> bool {
    let (ri, ci, rj, cj) = (i / 9, i % 9, j / 9, j % 9);
    i != j && (ri == rj || ci == cj || (ri / 3 == rj / 3 && ci / 3 == cj / 3))
}

/// `PEERS[i]`: the cells sharing a row, column or box with cell `i` (not `i` itself), by band.
const PEERS: [[u32; 4]; 81] = table!(81, |i| table!(
    4,
    |b| union!(27, |j| if b < 3 && sees(i, 27 * b + j) => 1 << j)
));

/// The bit operations that have a faster machine instruction than the portable table.
trait Kernel {
    /// The 9-bit triad pattern of a band set (bit `3 r + s` iff triad `(r, s)` non-empty).
    fn shrink(a: u32) -> u32;
    /// The 3x3 (band, column) pattern of stack `s` in a column pattern `x` (bit `9 b + c`).
    fn stack_pattern(x: u32, s: usize) -> u32;
    /// The inverse of `stack_pattern`: a 3x3 pattern of stack `s` back to bits `9 b + c`.
    fn stack_spread(p: u32, s: usize) -> u32;
    /// The bits of `x` at the set bits of `mask`, packed to the low end (`pext`).
    fn gather(x: u32, mask: u32) -> u32;
    /// The inverse of `gather`: the low bits of `x` spread to the set bits of `mask` (`pdep`).
    fn scatter(x: u32, mask: u32) -> u32;
    /// Removes the cells `placed` from the three bands `c`; bit `b` of the result is set iff
    /// band `b` lost a cell.
    #[inline(always)]
    fn clear(c: &mut [u32; 4], placed: &[u32; 4]) -> u32 {
        let mut hits = 0;
        for l in 0..3 {
            let hit = c[l] & placed[l];
            c[l] ^= hit;
            hits |= ((hit != 0) as u32) << l;
        }
        hits
    }
}

/// `PRODUCT[x]`: the triples `t = k0 + 3 k1 + 9 k2` with `k_s` in the 3-bit set
/// `(x >> 3 s) & 7` for every stack `s`.
const PRODUCT: [u32; 512] = table!(512, |x| union!(27, |t| if (x >> (t % 3)) & 1 != 0
    && (x >> (3 + t / 3 % 3)) & 1 != 0
    && (x >> (6 + t / 9)) & 1 != 0 => 1 << t));

/// `WITH_COLUMN[s][k]`: the triples whose column in stack `s` is `3 s + k`.
const WITH_COLUMN: [[u32; 3]; 3] = table!(3, |s| table!(
    3,
    |k| union!(27, |t| if t / [1, 3, 9][s] % 3 == k => 1 << t)
));

/// `DISJOINT[t]`: the triples (bit `t'`) that share no column with triple `t`: for each of
/// them, the columns left in every stack make a third triple, which completes a placement
/// (see [`State::templates`]).
const DISJOINT: [u32; 27] = table!(27, |a| union!(27, |b| if a % 3 != b % 3
    && a / 3 % 3 != b / 3 % 3
    && a / 9 != b / 9 => 1 << b));

/// The columns of stack `s` in the three bands of a column pattern (for BMI2's `pext` and
/// `pdep`, and the tests).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const STACK_MASK: [u32; 3] = [0x1C0_E07, 0x1C0_E07 << 3, 0x1C0_E07 << 6];

/// `DIGIT_OF_BIT[k] = k / 3` (bit `3 d + b` of a dirty mask belongs to digit `d`).
const DIGIT_OF_BIT: [u8; 32] = table!(32, |k| (k / 3) as u8);

/// Table-driven kernel: runs anywhere.
struct Portable;

impl Kernel for Portable {
    #[inline(always)]
    fn shrink(a: u32) -> u32 {
        SHRINK[(a & 0x1FF) as usize]
            | (SHRINK[((a >> 9) & 0x1FF) as usize] << 3)
            | (SHRINK[(a >> 18) as usize & 0x1FF] << 6)
    }

    #[inline(always)]
    fn stack_pattern(x: u32, s: usize) -> u32 {
        let sh = 3 * s;
        ((x >> sh) & 7) | ((x >> (sh + 6)) & 0x38) | ((x >> (sh + 12)) & 0x1C0)
    }

    #[inline(always)]
    fn stack_spread(p: u32, s: usize) -> u32 {
        let sh = 3 * s;
        ((p & 7) << sh) | ((p & 0x38) << (sh + 6)) | ((p & 0x1C0) << (sh + 12))
    }

    #[inline(always)]
    fn gather(x: u32, mut mask: u32) -> u32 {
        let mut out = 0;
        let mut k = 0;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            out |= ((x & low != 0) as u32) << k;
            k += 1;
            mask ^= low;
        }
        out
    }

    #[inline(always)]
    fn scatter(x: u32, mut mask: u32) -> u32 {
        let mut out = 0;
        let mut k = 0;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if x & (1 << k) != 0 {
                out |= low;
            }
            k += 1;
            mask ^= low;
        }
        out
    }
}

/// BMI2 kernel: `pext` gathers the triad bits in one instruction. Only instantiated inside
/// functions compiled with `target_feature(enable = "bmi2")`, after runtime detection.
#[cfg(target_arch = "x86_64")]
struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl Kernel for Bmi2 {
    #[inline(always)]
    fn shrink(a: u32) -> u32 {
        // SAFETY: `Bmi2` is only used by `solve9_bmi2`, which is compiled with bmi2 enabled
        // and only called after `is_x86_feature_detected!("bmi2")` returned true.
        unsafe { std::arch::x86_64::_pext_u32(a | (a >> 1) | (a >> 2), TRIAD_LOW) }
    }

    #[inline(always)]
    fn stack_pattern(x: u32, s: usize) -> u32 {
        // SAFETY: as in `shrink`.
        unsafe { std::arch::x86_64::_pext_u32(x, STACK_MASK[s]) }
    }

    #[inline(always)]
    fn stack_spread(p: u32, s: usize) -> u32 {
        // SAFETY: as in `shrink`.
        unsafe { std::arch::x86_64::_pdep_u32(p, STACK_MASK[s]) }
    }

    #[inline(always)]
    fn gather(x: u32, mask: u32) -> u32 {
        // SAFETY: as in `shrink`.
        unsafe { std::arch::x86_64::_pext_u32(x, mask) }
    }

    #[inline(always)]
    fn scatter(x: u32, mask: u32) -> u32 {
        // SAFETY: as in `shrink`.
        unsafe { std::arch::x86_64::_pdep_u32(x, mask) }
    }

    #[inline(always)]
    fn clear(c: &mut [u32; 4], placed: &[u32; 4]) -> u32 {
        use std::arch::x86_64::*;
        // SAFETY: as in `shrink` (SSE2 is part of x86_64); the pointers are to 16 bytes.
        unsafe {
            let v = _mm_loadu_si128(c.as_ptr().cast());
            let p = _mm_loadu_si128(placed.as_ptr().cast());
            let hit = _mm_and_si128(v, p);
            _mm_storeu_si128(c.as_mut_ptr().cast(), _mm_xor_si128(v, hit));
            let zero = _mm_cmpeq_epi32(hit, _mm_setzero_si128());
            (!_mm_movemask_ps(_mm_castsi128_ps(zero)) & 7) as u32
        }
    }
}

/// The search state, copied whole at each guess (224 bytes). See the module docs for the
/// meaning of the fields and their invariants.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    /// `cand[d][b]`: cells of band `b` where digit `d + 1` may go; lane 3 is 0.
    cand: [[u32; 4]; 9],
    /// Bit `3 d + b`: `cand[d][b]` changed since digit `d` was last propagated.
    dirty: u32,
    /// `folds[d]`: the (band, column) pattern of digit `d` after the last stack rule.
    folds: [u32; 9],
    /// `solved_rows[b]`: bit `3 d + r` iff digit `d + 1` is placed in row `r` of band `b`.
    solved_rows: [u32; 4],
    /// `unsolved[b]`: cells of band `b` not yet placed.
    unsolved: [u32; 4],
    /// Bit `d`: digit `d` changed since its templates were last checked.
    retemplate: u32,
}

/// What propagation ended with.
enum Step {
    /// A contradiction: no solution below this state.
    Fail,
    /// Every cell placed: the state holds a solution.
    Solved,
    /// Stuck: guess. `pairs[b]` holds the unplaced cells of band `b` with exactly two
    /// candidates.
    Guess { pairs: [u32; 4] },
}

/// The givens (cells that are not 0) of each band, bit `i` for cell `27 * band + i`.
fn given_masks(cells: &[u8; 81]) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    let all = given_bits_sse2(cells);
    #[cfg(not(target_arch = "x86_64"))]
    let all = given_bits(cells);
    [
        all as u32 & ALL27,
        (all >> 27) as u32 & ALL27,
        (all >> 54) as u32 & ALL27,
    ]
}

/// Bit `i` set where cell `i` is not 0.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn given_bits(cells: &[u8; 81]) -> u128 {
    cells
        .iter()
        .enumerate()
        .fold(0, |m, (i, &v)| m | ((v != 0) as u128) << i)
}

/// [`given_bits`], 16 cells at a time.
#[cfg(target_arch = "x86_64")]
fn given_bits_sse2(cells: &[u8; 81]) -> u128 {
    use std::arch::x86_64::*;
    let mut blank = 0u128;
    for k in 0..5 {
        // SAFETY: bytes 16k..16k+16 are inside the 81 cells (k < 5); SSE2 is part of x86_64.
        let zero = unsafe {
            let v = _mm_loadu_si128(cells.as_ptr().add(16 * k).cast());
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))
        };
        blank |= (zero as u16 as u128) << (16 * k);
    }
    blank |= ((cells[80] == 0) as u128) << 80;
    !blank & ((1 << 81) - 1)
}

impl State {
    /// The state for the givens, or `None` if two equal givens share a house or a value is
    /// out of range.
    ///
    /// Digits are renamed inside the state, the digit given most often first (ties in
    /// increasing order): `label[d + 1]` is the value of internal digit `d`. The digit rules
    /// run in internal order, and starting from the digits that hold most gives the fixed
    /// point in fewer rounds.
    // PERF: the givens are found 16 cells at a time and visited one by one, and the checks
    // are folded into one test at the end: 1,100 -> 560 instructions a puzzle of 17-clue,
    // where a whole easy puzzle takes 14,000.
    // PERF: 17-clue, one solution, one thread, on a copy with a random symmetry applied to
    // each puzzle (digits relabelled at random): 330,000-367,000 puzzles/s in the given
    // digits' order, 405,000-460,000 renamed; the hard sets even (the set as published lists
    // its puzzles in a canonical form whose digit 1 tends to be the most given: it ran 25%
    // faster than any shuffle of it).
    fn new(cells: &[u8; 81], label: &mut [u8; 10]) -> Option<State> {
        // By value first (`elim_v[v]`, `given_v[v]`), renamed once the counts are known.
        // PERF: one pass over the givens instead of two (counts, then peers by rank).
        let mut elim_v = [[0u32; 4]; 10];
        let mut given_v = [[0u32; 4]; 10];
        let occupied = given_masks(cells);
        let mut count = [0u8; 10];
        let mut bad = false;
        for (b, &band) in occupied.iter().enumerate() {
            let mut m = band;
            while m != 0 {
                let bit = m.trailing_zeros();
                m &= m - 1;
                let i = 27 * b + bit as usize;
                let v = cells[i];
                bad |= v > 9;
                let v = usize::from(v.min(9));
                count[v] += 1;
                for k in 0..3 {
                    elim_v[v][k] |= PEERS[i][k];
                }
                given_v[v][b] |= 1 << bit;
            }
        }
        if bad {
            return None;
        }
        let mut st = State {
            cand: [[0; 4]; 9],
            dirty: ALL27,
            folds: [u32::MAX; 9],
            solved_rows: [0; 4],
            unsolved: [ALL27, ALL27, ALL27, 0],
            retemplate: 0x1FF,
        };
        // Lane 3 of every mask is 0, so the four lanes at once keep it 0.
        let free = [
            ALL27 & !occupied[0],
            ALL27 & !occupied[1],
            ALL27 & !occupied[2],
            0,
        ];
        let mut clash = [0u32; 4];
        for v in 1..10 {
            // rank: digits given more often than v, or as often and smaller.
            let key = |u: usize| ((count[u] as u32) << 4) | (15 - u as u32);
            let rank = (1..10).filter(|&u| key(u) > key(v)).count();
            label[rank + 1] = v as u8;
            let (elim, given) = (elim_v[v], given_v[v]);
            for k in 0..4 {
                clash[k] |= given[k] & elim[k];
                st.cand[rank][k] = (free[k] & !elim[k]) | given[k];
            }
        }
        (clash == [0; 4]).then_some(st)
    }

    /// Propagates digit `d` to a fixed point of the band and stack permutation rules, then
    /// places its rows that have a single cell left. Returns false on a contradiction.
    #[inline(always)]
    fn digit<K: Kernel>(&mut self, d: usize) -> bool {
        self.retemplate |= 1 << d;
        let mut a = self.cand[d];
        loop {
            // Bands: keep the triads that belong to some (row, box) permutation.
            // PERF: all three bands without branches (cheaper than testing which changed).
            for v in &mut a[..3] {
                *v &= COMPLEX[K::shrink(*v) as usize];
            }
            if a[0] == 0 || a[1] == 0 || a[2] == 0 {
                return false;
            }
            // Stacks: keep the (band, column) pairs that belong to some permutation.
            let x = fold(a[0]) | (fold(a[1]) << 9) | (fold(a[2]) << 18);
            if x == self.folds[d] {
                break;
            }
            let mut y = 0;
            for s in 0..3 {
                let keep = PERM3[K::stack_pattern(x, s) as usize] as u32;
                if keep == 0 {
                    return false;
                }
                y |= K::stack_spread(keep, s);
            }
            self.folds[d] = y;
            if y == x {
                break;
            }
            for (b, v) in a[..3].iter_mut().enumerate() {
                *v &= ((y >> (9 * b)) & 0x1FF) * 0x40201;
            }
        }
        // Rows with one cell left are placed: the cells leave the other digits.
        let mut dirty = self.dirty & !(7 << (3 * d));
        let mut placed = [0u32; 4];
        for b in 0..3 {
            // PERF: every band, without testing which changed (an unchanged band that was not
            // dirty has its single rows placed already, so it gives `new == 0`).
            let v = a[b];
            // Each row is non-empty: subtracting 1 per row clears its lowest bit, no borrow.
            let w = v & v.wrapping_sub(0x40201);
            let single = ((w & ROW[0] == 0) as u32)
                | (((w & ROW[1] == 0) as u32) << 1)
                | (((w & ROW[2] == 0) as u32) << 2);
            let new = single & !(self.solved_rows[b] >> (3 * d)) & 7;
            if new != 0 {
                let cells = v & ROWS[new as usize];
                self.solved_rows[b] |= new << (3 * d);
                self.unsolved[b] &= !cells;
                placed[b] = cells;
            }
        }
        // PERF: the three bands at once, one 128-bit lane each.
        if placed[0] | placed[1] | placed[2] != 0 {
            for (d2, c) in self.cand.iter_mut().enumerate() {
                dirty |= K::clear(c, &placed) << (3 * d2);
            }
        }
        self.dirty = dirty & !(7 << (3 * d));
        self.cand[d] = a;
        true
    }

    /// Propagates until solved, stuck or contradicted; with `templates`, stuck states also
    /// get [`State::templates`], and with `TRIADS` the triad rule.
    #[inline(always)]
    fn propagate<K: Kernel, const TRIADS: bool>(&mut self, templates: bool) -> Step {
        loop {
            // Digit rules to a fixed point.
            while self.dirty != 0 {
                // PERF: the lowest dirty digit (most given, see `State::new`). Choosing the one
                // with most rows placed instead costs more than it saves (callgrind, shuffled
                // sets: 17-clue first 20,000 285 -> 335 M instructions, forum-hardest first
                // 2,000 393 -> 435 M at limit 1 and 683 -> 754 M at limit 2).
                let d = DIGIT_OF_BIT[self.dirty.trailing_zeros() as usize] as usize;
                if !self.digit::<K>(d) {
                    return Step::Fail;
                }
            }
            if self.solved_rows[0] & self.solved_rows[1] & self.solved_rows[2] == ALL27 {
                return Step::Solved;
            }
            // Cell rules: count candidates per cell with bit-sliced adders (1, 2, 3+).
            let (mut one, mut two, mut three) = ([0u32; 4], [0u32; 4], [0u32; 4]);
            for c in &self.cand {
                for l in 0..4 {
                    three[l] |= two[l] & c[l];
                    two[l] |= one[l] & c[l];
                    one[l] |= c[l];
                }
            }
            let mut singles = [0u32; 4];
            let mut any = 0;
            for b in 0..3 {
                let u = self.unsolved[b];
                if one[b] & u != u {
                    return Step::Fail;
                }
                singles[b] = u & !two[b];
                any |= singles[b];
            }
            if any == 0 {
                // PERF: the triad rule at limit 2 (one thread, medians of 5 alternating runs):
                // guesses forum-hardest 69.31 -> 63.78, magictour 8.22 -> 5.94; time
                // forum-hardest 2.70 -> 2.62 s, magictour x10 0.177 -> 0.148 s. At limit 1 it
                // saves guesses too (45.10 -> 42.33, 6.47 -> 5.01) but no time (forum-hardest
                // 1.58 -> 1.66 s, magictour even): so only when the tree is exhausted.
                // Naked and hidden pairs on top (measured with a slow version): forum-hardest
                // 63.78 -> 61.71 guesses at limit 2, too few to pay for themselves.
                // Templates before triads: they find more (and the triads rule assumes a fixed
                // point of the digit rules, which a change here ends by `continue`).
                if templates {
                    match self.templates::<K>() {
                        None => return Step::Fail,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                if TRIADS {
                    match self.triads::<K>() {
                        None => return Step::Fail,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                let mut pairs = [0u32; 4];
                for b in 0..3 {
                    pairs[b] = self.unsolved[b] & two[b] & !three[b];
                }
                return Step::Guess { pairs };
            }
            // Naked singles: the cell becomes the only place of its digit in its row.
            for (d, c) in self.cand.iter_mut().enumerate() {
                for b in 0..3 {
                    let n = c[b] & singles[b];
                    if n == 0 {
                        continue;
                    }
                    self.dirty |= 1 << (3 * d + b);
                    for row in ROW {
                        let m = n & row;
                        if m != 0 {
                            if m & (m - 1) != 0 {
                                return Step::Fail;
                            }
                            c[b] = (c[b] & !row) | m;
                        }
                    }
                }
            }
        }
    }

    /// The triad rule, across digits: each triad (three cells of a row in a box, or of a
    /// column in a box) holds exactly three digits. A triad that only three digits can take
    /// gets those three (each leaves the rest of its row, or column, in that band or stack);
    /// a triad that three digits must take is closed to every other digit. Returns `None`
    /// on a contradiction, else whether a candidate was removed.
    #[inline(always)]
    fn triads<K: Kernel>(&mut self) -> Option<bool> {
        let mut h = [0u32; 9];
        let mut hf = [0u32; 9];
        let mut v = [0u32; 9];
        let mut vf = [0u32; 9];
        // bit counters up to four, over the digits: `hn[k]` holds the triads of at least
        // `k + 1` digits' row patterns, `fn_` of their forced triads, `vn` and `gn` the same
        // for the column patterns
        let (mut hn, mut fn_, mut vn, mut gn) = ([0u32; 4], [0u32; 4], [0u32; 4], [0u32; 4]);
        for d in 0..9 {
            let a = self.cand[d];
            let x = K::shrink(a[0]) | (K::shrink(a[1]) << 9) | (K::shrink(a[2]) << 18);
            // At a fixed point of the digit rules, `folds[d]` is the digit's column pattern.
            let y = self.folds[d];
            debug_assert_eq!(y, fold(a[0]) | (fold(a[1]) << 9) | (fold(a[2]) << 18));
            let (xf, yf) = (alone(x), alone(y));
            tally(&mut hn, x);
            tally(&mut fn_, xf);
            tally(&mut vn, y);
            tally(&mut gn, yf);
            h[d] = x;
            hf[d] = xf;
            v[d] = y;
            vf[d] = yf;
        }
        if hn[2] != ALL27 || vn[2] != ALL27 || fn_[3] | gn[3] != 0 {
            return None;
        }
        // Triads only three digits can take, and triads three digits must take.
        let (hexact, vexact, hfull, vfull) = (!hn[3] & ALL27, !vn[3] & ALL27, fn_[2], gn[2]);
        let mut changed = false;
        for d in 0..9 {
            let nh = hexact & h[d] & !hf[d];
            let nv = vexact & v[d] & !vf[d];
            let rh =
                (hfull & h[d] & !hf[d]) | ((((nh | (nh >> 1) | (nh >> 2)) & TRIAD_LOW) * 7) & !nh);
            let cv = (nv | (nv >> 9) | (nv >> 18)) & 0x1FF;
            let rv = (vfull & v[d] & !vf[d]) | ((cv * 0x40201) & !nv);
            if rh | rv == 0 {
                continue;
            }
            for b in 0..3 {
                let keep = !EXPAND[((rh >> (9 * b)) & 0x1FF) as usize]
                    & !(((rv >> (9 * b)) & 0x1FF) * 0x40201);
                let c = &mut self.cand[d][b];
                if *c & !keep != 0 {
                    *c &= keep;
                    self.dirty |= 1 << (3 * d + b);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Templates: keeps, for each digit, only the cells of some complete placement of it
    /// (one cell in every row, column and box). A placement takes, in each band, one column
    /// per stack (a *triple*), the three bands' triples sharing no column; inside a band the
    /// rows meet the triple's columns in one of six permutations, and for each permutation
    /// the valid triples are a product of the columns each row has in its stack
    /// ([`PRODUCT`]). Only the digits changed since their last check (`retemplate`) are
    /// looked at; the digits must be at a fixed point of the band rule (then every candidate
    /// lies in a valid triple). Returns `None` on a digit with no placement left, else
    /// whether a candidate was removed.
    #[inline(always)]
    fn templates<K: Kernel>(&mut self) -> Option<bool> {
        let mut changed = false;
        let mut todo = self.retemplate;
        self.retemplate = 0;
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let c = self.cand[d];
            // The triples of each band whose columns meet its rows in a permutation: for
            // each permutation (row r to stack PERMS[p][r]), the product of the columns each
            // row has in its stack.
            // PERF: six table lookups a band instead of a `pext` and a lookup per triple:
            // 2-4% fewer instructions with templates from the first guess (forum-hardest first
            // 2000, magictour).
            let mut valid = [0u32; 3];
            let mut by_perm = [[0u32; 6]; 3];
            for b in 0..3 {
                let rows = [c[b] & 0x1FF, (c[b] >> 9) & 0x1FF, c[b] >> 18];
                for (p, perm) in PERMS.iter().enumerate() {
                    // Row r's columns in stack perm[r] are already at bits 3 perm[r]..
                    let x = (rows[0] & (7 << (3 * perm[0])))
                        | (rows[1] & (7 << (3 * perm[1])))
                        | (rows[2] & (7 << (3 * perm[2])));
                    by_perm[b][p] = PRODUCT[x as usize];
                    valid[b] |= by_perm[b][p];
                }
            }
            // The triples that take part in a whole placement.
            // For a triple `t0` of band 0, the eight triples disjoint from it, in increasing
            // order, are numbered by `j` (bit `s` of `j`: the higher of the two columns left
            // in stack `s`), and the third triple of a placement through `t0` and triple `j`
            // is triple `7 - j`: so gathering both bands' valid triples over `DISJOINT[t0]`
            // and reversing one of them pairs them up bit by bit.
            // PERF: instead of a loop over the triples of band 1 disjoint from `t0`, with a
            // table lookup of the third triple each: callgrind, first 2000 of shuffled forum-hardest at limit 2,
            // 683 -> 660 M instructions (-3.4%), the same guesses; time +1-3% (noise level).
            let mut used = [0u32; 3];
            let mut v0 = valid[0];
            while v0 != 0 {
                let t0 = v0.trailing_zeros() as usize;
                v0 &= v0 - 1;
                let mask = DISJOINT[t0];
                let both = K::gather(valid[1], mask) & reverse8(K::gather(valid[2], mask));
                if both != 0 {
                    used[0] |= 1 << t0;
                    used[1] |= K::scatter(both, mask);
                    used[2] |= K::scatter(reverse8(both), mask);
                }
            }
            if used[0] == 0 {
                return None;
            }
            for b in 0..3 {
                if used[b] == valid[b] {
                    continue;
                }
                // The cells of the used triples: under each permutation, row r takes in
                // stack PERMS[p][r] the columns of the used triples valid under it.
                let mut union = 0;
                for (p, perm) in PERMS.iter().enumerate() {
                    let u = used[b] & by_perm[b][p];
                    if u == 0 {
                        continue;
                    }
                    for (r, &st) in perm.iter().enumerate() {
                        let cols = ((u & WITH_COLUMN[st][0] != 0) as u32)
                            | (((u & WITH_COLUMN[st][1] != 0) as u32) << 1)
                            | (((u & WITH_COLUMN[st][2] != 0) as u32) << 2);
                        union |= cols << (9 * r + 3 * st);
                    }
                }
                if c[b] & !union != 0 {
                    self.cand[d][b] = c[b] & union;
                    self.dirty |= 1 << (3 * d + b);
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Puts digit `d` in cell `bit` of band `b` (the cell must be a candidate).
    #[inline(always)]
    fn assign(&mut self, d: usize, b: usize, bit: u32) {
        let row = ROW[(bit.trailing_zeros() / 9) as usize];
        self.cand[d][b] = (self.cand[d][b] & !row) | bit;
        self.dirty |= 1 << (3 * d + b);
    }

    /// Removes digit `d` from cell `bit` of band `b`.
    #[inline(always)]
    fn eliminate(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[d][b] &= !bit;
        self.dirty |= 1 << (3 * d + b);
    }

    /// Writes the solution held by a solved state, row-major, internal digit `d` as
    /// `label[d + 1]` (see [`State::new`]).
    fn grid(&self, label: &[u8; 10]) -> [u8; 81] {
        let mut g = [0u8; 81];
        for (d, c) in self.cand.iter().enumerate() {
            let v = label[d + 1];
            for b in 0..3 {
                let mut m = c[b];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    g[27 * b + i] = v;
                    m &= m - 1;
                }
            }
        }
        g
    }

    /// The unplaced cell with the fewest candidates (band, bit), for when no cell has two.
    fn fewest(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut u = self.unsolved[b];
            while u != 0 {
                let bit = u & u.wrapping_neg();
                let n: u32 = self.cand.iter().map(|c| (c[b] & bit != 0) as u32).sum();
                if n < best.2 {
                    best = (b, bit, n);
                }
                u &= u - 1;
            }
        }
        (best.0, best.1)
    }
}

/// The two-candidate cell that scores highest, the last one on ties, as (band, bit). Only
/// peers holding one of its digits count: the score is `3 * p2 + p + c`, where `p2` counts
/// its peers with two candidates (the cells a guess forces), `p` all its unplaced peers (the
/// cells a guess prunes), and `c` the dead ends met so far right after a guess in the cell
/// (a cell that often fails is near the conflict, as in the *weighted degree* heuristic of
/// Boussemart et al., 2004).
#[inline(always)]
fn best_pair(
    pairs: &[u32; 4],
    cand: &[[u32; 4]; 9],
    unsolved: &[u32; 4],
    conflicts: &[u32; 81],
) -> (usize, u32) {
    // PERF: one union per pair of digits present instead of one per cell over all nine
    // digits gave the same choices with 1-4% fewer instructions (callgrind), but ran 5-12%
    // slower (alternating runs, 2026-11-24: its nested data-dependent loops branch more):
    // dropped.
    let mut best = (0, 0, 0);
    for b in 0..3 {
        let mut m = pairs[b];
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let peers = &PEERS[27 * b + i as usize];
            let mut near = [0u32; 3];
            for c in cand {
                let has = 0u32.wrapping_sub((c[b] >> i) & 1);
                for l in 0..3 {
                    near[l] |= c[l] & has;
                }
            }
            let mut score = 1 + conflicts[27 * b + i as usize];
            for l in 0..3 {
                let seen = peers[l] & near[l];
                score += 3 * (seen & pairs[l]).count_ones() + (seen & unsolved[l]).count_ones();
            }
            if score >= best.2 {
                best = (b, 1 << i, score);
            }
        }
    }
    (best.0, best.1)
}

/// The bits of `x` that are alone in their group of three (bits `3 k .. 3 k + 3`). On a
/// digit's triad pattern at a fixed point of the permutation rules, these are the triads the
/// digit must take: a row of a band (or a band of a stack) with its places in one box.
#[inline(always)]
fn alone(x: u32) -> u32 {
    let (x1, x2) = (x >> 1, x >> 2);
    let two = ((x & x1) | (x & x2) | (x1 & x2)) & TRIAD_LOW;
    x & !(two * 7)
}

/// Counts the bits of `x` into `at_least`, up to four: bit `i` of `at_least[k]` is set iff
/// it was set in at least `k + 1` of the values counted.
#[inline(always)]
fn tally(at_least: &mut [u32; 4], x: u32) {
    at_least[3] |= at_least[2] & x;
    at_least[2] |= at_least[1] & x;
    at_least[1] |= at_least[0] & x;
    at_least[0] |= x;
}

/// The low 8 bits of `x` in reverse order (bit `j` to bit `7 - j`).
#[inline(always)]
fn reverse8(x: u32) -> u32 {
    (x as u8).reverse_bits() as u32
}

/// The column pattern of a band set: bit `c` iff some row holds column `c`.
#[inline(always)]
fn fold(a: u32) -> u32 {
    (a | (a >> 9) | (a >> 18)) & 0x1FF
}

/// Result of [`solve9`] and its variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer9 {
    /// Solutions found, never more than the limit.
    pub solutions: u64,
    /// The first solution found, digits 1..=9, row-major.
    pub solution: Option<[u8; 81]>,
    /// Branch points taken: each guess of a digit in a cell counts once (its alternative,
    /// the digit removed, is explored on backtrack without counting again).
    pub guesses: u64,
    /// False if the guess budget or the deadline stopped the search before it was complete.
    pub complete: bool,
}

/// The depth-first search over states with an explicit stack. At a branch point the search
/// goes on with the guessed digit in the current state and pushes a copy of the state with
/// that digit removed, to be resumed on backtrack.
struct Search {
    limit: u64,
    budget: u64,
    solutions: u64,
    guesses: u64,
    first: Option<[u8; 81]>,
    stopped: bool,
    triads: bool,
    /// Dead ends met right after a guess in each cell, added to its guess score.
    conflicts: [u32; 81],
    /// When to stop, checked every [`CLOCK_EVERY`] guesses.
    deadline: Option<Instant>,
    /// The value of each internal digit (see [`State::new`]).
    label: [u8; 10],
    /// The value tried last in each cell (a known solution's), 0 for none.
    avoid: [u8; 81],
    /// `internal[v]`: the internal digit of value `v` (9 for 0: none).
    // PERF: looked up at each guess instead of translating the 81 cells up front: a
    // generator's uniqueness search guesses a few times (callgrind, 2,000 minimal 9x9
    // puzzles: 1.6% of the instructions went to the translation).
    internal: [u8; 10],
}

/// Guesses after which a puzzle is hard enough for templates to pay (see [`State::templates`]).
///
/// PERF: templates (complete single-digit placements) before each guess cut the guesses a
/// puzzle of forum-hardest needs from 35.4 to 14.6 (one solution) and from 66.0 to 24.8
/// (uniqueness), but cost about half a propagation per digit that changed. Callgrind, first
/// 2000 of forum-hardest at limit 1 / 2, then magictour at limit 1 / 2, millions of
/// instructions: never 388 / 754 / 66 / 91; from the first guess 320 / 578 / 89 / 115; after
/// 4 guesses 330 / 598 / 75 / 102; after 8: 336 / 607 / 70 / 96; after 16: 349 / 627 / 68 /
/// 93; 17-clue within 1% from 4 on. So they wait until a puzzle has shown it is hard.
/// Measured again for the uniqueness check alone (2026-11-24, after last-conflict guessing,
/// callgrind limit 2, forum-hardest first 2000 / magictour, millions): after 16 guesses 627 /
/// 92; from the first 576 / 112; after 2, 4, 8: 586 / 105, 598 / 101, 606 / 95; as soon as the
/// first solution is found (the refutation only) 622 / 96. No threshold wins on both sets.
const TEMPLATES_AFTER: u64 = 16;

/// Most states on the stack: every push is followed by placing one more cell in the current
/// state, so the stack never holds more states than there are cells.
const STACK: usize = 81;

impl Search {
    #[inline(always)]
    fn run<K: Kernel>(&mut self, root: State) {
        let mut stack: [MaybeUninit<State>; STACK] = [const { MaybeUninit::uninit() }; STACK];
        // Invariant: stack[..depth] are initialised.
        let mut depth = 0;
        let mut st = root;
        // The cell (band, bit) guessed to make each state; band 3 for the root.
        let mut origins = [(3usize, 0u32); STACK];
        let mut origin = (3usize, 0u32);
        let mut last_conflict: Option<(usize, u32)> = None;
        loop {
            // PERF: the triad rule only while no alternative is pending (at the root, and on
            // the root's last branches), where a refutation saves the most: instructions
            // (callgrind, limit 2) forum-hardest first 2000 921M with the rule at every
            // guess, 815M without it, 823M so; magictour 95.4M, 103.2M, 95.4M. Time at limit
            // 2 since the faster placement: without the rule forum-hardest +8%, magictour
            // -13%; so, best of both.
            let step = if self.triads && depth == 0 {
                st.propagate::<K, true>(self.guesses >= TEMPLATES_AFTER)
            } else {
                st.propagate::<K, false>(self.guesses >= TEMPLATES_AFTER)
            };
            match step {
                Step::Fail => {
                    // The cell whose guess led here is the last conflict: it is guessed
                    // again first (below) until one of its digits survives propagation.
                    if origin.0 < 3 {
                        last_conflict = Some(origin);
                        self.conflicts[27 * origin.0 + origin.1.trailing_zeros() as usize] += 1;
                    }
                }
                Step::Solved => {
                    if self.solutions == 0 {
                        self.first = Some(st.grid(&self.label));
                    }
                    self.solutions += 1;
                    if self.solutions >= self.limit {
                        return;
                    }
                }
                Step::Guess { pairs } => {
                    if last_conflict == Some(origin) {
                        last_conflict = None;
                    }
                    if self.guesses >= self.budget
                        || depth == STACK
                        || (self.guesses % CLOCK_EVERY == 0 && past(self.deadline))
                    {
                        self.stopped = true;
                        return;
                    }
                    self.guesses += 1;
                    // The guess: the last conflict's cell if it still has two candidates, else
                    // the two-candidate cell that scores highest in `best_pair`, else the cell
                    // with fewest candidates. History of the rule (forum-hardest, guesses per
                    // puzzle at limit 1 / 2):
                    // PERF: first, the two-candidate cell seeing most others sharing a digit:
                    // 45 / 84 (counting all such peers: 53 / 100; the first such cell in
                    // row-major order: 73 / 141, the last: 66 / 126). Then a second score for
                    // limit 2 only, meant for exhausting the tree (3 * p2 + p), after the first
                    // solution: 84.4 -> 77.4, and from the first guess: 69.3 (weight of p2,
                    // forum-hardest guesses: 0: 78.9, 1: 71.1, 2: 69.1, 3: 69.3, 5: 71.6, 8:
                    // 74.8). Tried and dropped as slower for the same answers: probing both
                    // digits of every (or the best k) two-candidate cells and keeping what a
                    // failed probe proves (50 guesses but 65 probes of two propagations each;
                    // again on 2026-11-24 with the probed children reused as the branch: more
                    // propagations for every k), probing only at the roots of the refuted
                    // subtrees or while no alternative is pending, scoring both digits apart
                    // (sum or product), adding bilocal links (a digit's two places in a house)
                    // to the score (worse at every weight), and branching on a digit's two
                    // places in a house when that scores higher (63-64 guesses, 2.5x slower).
                    // PERF: since the last-conflict rule below and the faster placement, the
                    // refuting score (3 * p2 + p) wins at limit 1 too, and is the only one:
                    // forum-hardest first 2000 limit 1 guesses 43.69 -> 36.51, instructions
                    // -14.5%; time forum-hardest +20% (25.5K -> 30.6K/s), magictour +8%, 17-clue
                    // even. Weights p2:p 2:1, 3:1, 4:1, 5:2, 3:2 all within 1.5% of each other.
                    // PERF: the dead ends after a guess in a cell added to its score (weights
                    // of them 1:4 to 8:4 of the rest tried, 4:4 best; the cell's houses
                    // instead of the cell: worse): callgrind forum-hardest first 2000 -3.2%
                    // instructions at limit 1, -4.4% at limit 2 (guesses 36.51 -> 35.36, 68.85
                    // -> 65.97), magictour -1%.
                    // PERF: last-conflict reasoning (Lecoutre et al., 2009): after a dead end,
                    // guess first the cell whose guess led to it, while it still has two
                    // candidates. If it fails again whatever the branch taken above, the search
                    // is back above the real culprit at once. Callgrind, forum-hardest first
                    // 2000 / magictour: limit 1 -5.8% / -4.3% instructions, limit 2 -5.4% /
                    // -3.1% (guesses 44.74 -> 43.69, 69.68 -> 68.85; the rest is scoring saved).
                    let (b, bit) = if let Some(cell) =
                        last_conflict.filter(|&(lb, lbit)| pairs[lb] & lbit != 0)
                    {
                        cell
                    } else if pairs[0] | pairs[1] | pairs[2] == 0 {
                        st.fewest()
                    } else {
                        best_pair(&pairs, &st.cand, &st.unsolved, &self.conflicts)
                    };
                    // PERF: the lower digit first. Trying first the digit fewer (or more)
                    // unplaced peers hold: forum-hardest first 2000 at limit 1, 22.09 guesses
                    // -> 23.01 (22.08), magictour 5.57 -> 5.87 (5.26), and slower.
                    let mut d = st.cand.iter().position(|c| c[b] & bit != 0).unwrap_or(0);
                    // With a known solution to avoid, its digit last.
                    let known = self.avoid[27 * b + bit.trailing_zeros() as usize];
                    if usize::from(self.internal[usize::from(known)]) == d {
                        if let Some(e) = st.cand[d + 1..].iter().position(|c| c[b] & bit != 0) {
                            d += 1 + e;
                        }
                    }
                    let mut alt = st;
                    alt.eliminate(d, b, bit);
                    if pairs[b] & bit != 0 {
                        // The other digit is the cell's last: place it now rather than leave
                        // it to the naked-single round (same fixed point, so the same tree).
                        // PERF: forum-hardest, first 3000, instructions -1.4% at limit 1 and
                        // -1.7% at limit 2 (callgrind).
                        if let Some(d2) = alt.cand.iter().position(|c| c[b] & bit != 0) {
                            alt.assign(d2, b, bit);
                        }
                    }
                    stack[depth].write(alt);
                    origins[depth] = (b, bit);
                    origin = (b, bit);
                    depth += 1;
                    st.assign(d, b, bit);
                    continue;
                }
            }
            if depth == 0 {
                return;
            }
            depth -= 1;
            // SAFETY: stack[depth] was written by the push that raised depth above it, and
            // is read once: depth is lowered first.
            st = unsafe { stack[depth].assume_init_read() };
            origin = origins[depth];
        }
    }
}

/// What a search is asked besides the givens.
#[derive(Clone, Copy)]
struct Ask<'a> {
    limit: u64,
    budget: Option<u64>,
    deadline: Option<Instant>,
    /// `(cell, value)`: the value is not a candidate of the cell.
    excluded: Option<(usize, u8)>,
    /// Whether the triad rule runs while no alternative is pending.
    triads: bool,
    /// A known solution, whose digit is tried last in each cell guessed.
    avoid: Option<&'a [u8; 81]>,
}

impl Ask<'_> {
    fn new(limit: u64, budget: Option<u64>, deadline: Option<Instant>) -> Ask<'static> {
        Ask {
            limit,
            budget,
            deadline,
            excluded: None,
            triads: limit >= 2,
            avoid: None,
        }
    }
}

#[inline(always)]
fn solve_with<K: Kernel>(cells: &[u8; 81], ask: Ask) -> Answer9 {
    let Ask {
        limit,
        budget,
        deadline,
        excluded,
        triads,
        avoid,
    } = ask;
    let mut search = Search {
        limit,
        budget: budget.unwrap_or(u64::MAX),
        solutions: 0,
        guesses: 0,
        first: None,
        stopped: false,
        triads,
        conflicts: [0; 81],
        deadline,
        label: [0; 10],
        avoid: [0; 81],
        internal: [9; 10],
    };
    if limit > 0 {
        if let Some(mut st) = State::new(cells, &mut search.label) {
            if let Some(known) = avoid {
                for d in 0..9 {
                    search.internal[search.label[d + 1] as usize] = d as u8;
                }
                search.avoid = *known;
            }
            let mut possible = true;
            if let Some((i, v)) = excluded {
                if cells[i] == v {
                    // A given cannot be excluded: no solution.
                    possible = false;
                } else if cells[i] == 0 {
                    if let Some(d) = search.label[1..].iter().position(|&l| l == v) {
                        st.eliminate(d, i / 27, 1 << (i % 27));
                    }
                }
            }
            if possible {
                search.run::<K>(st);
            }
        }
    }
    Answer9 {
        solutions: search.solutions,
        solution: search.first,
        guesses: search.guesses,
        complete: !search.stopped,
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt,sse4.1,avx2")]
fn solve9_bmi2(cells: &[u8; 81], ask: Ask) -> Answer9 {
    solve_with::<Bmi2>(cells, ask)
}

/// Solves a 9x9 Sudoku (`cells`: 0 blank, 1..=9 given; a value above 9 gives no solution),
/// stopping after `limit` solutions. Uses BMI2 when the processor has it.
pub fn solve9(cells: &[u8; 81], limit: u64) -> Answer9 {
    solve9_budget(cells, limit, None)
}

/// [`solve9`] that also stops after `budget` guesses (then `complete` is false).
pub fn solve9_budget(cells: &[u8; 81], limit: u64, budget: Option<u64>) -> Answer9 {
    solve9_until(cells, limit, budget, None)
}

/// [`solve9_budget`] that also stops at `deadline` (looked at every [`CLOCK_EVERY`]
/// guesses; then `complete` is false).
pub fn solve9_until(
    cells: &[u8; 81],
    limit: u64,
    budget: Option<u64>,
    deadline: Option<Instant>,
) -> Answer9 {
    dispatch(cells, Ask::new(limit, budget, deadline))
}

/// Solutions of `cells` other than `known`, one of its solutions, that differ from it on
/// some cell of `differ` (blank cells of `cells`; `known` holds every cell's digit). With
/// every blank cell listed, none found (`solutions == 0` and `complete`) means `known` is the
/// only solution; a listed given has no solution differing there.
///
/// The cells are taken in turn: a search with the known digit removed from the cell's
/// candidates, the cells before it given their known digits (a solution that differs on a
/// listed cell differs first on one of them, the earlier ones equal, so it is counted once).
/// Searches try the known solution's digit last in each cell they guess. Stops at `limit`
/// solutions over all the searches, the guess `budget` shared, or at `deadline`.
///
/// PERF: a generator that removes a given from a puzzle it knows to be unique asks only
/// whether another solution exists: the tree is the known solution's refutation, without
/// finding that solution first. Minimal 9x9 puzzles, no symmetry: searches 20% faster than
/// counting to two; the known digit tried last in each guess: 9% fewer guesses on the
/// searches that find a solution (lowest digit first: 217,221 guesses for 5,000 puzzles;
/// known digit last 197,727, first 198,656).
pub fn solve9_differing(
    cells: &[u8; 81],
    known: &[u8; 81],
    differ: &[usize],
    limit: u64,
    budget: Option<u64>,
    deadline: Option<Instant>,
) -> Answer9 {
    let mut grid = *cells;
    let mut total = Answer9 {
        solutions: 0,
        solution: None,
        guesses: 0,
        complete: true,
    };
    for (j, &k) in differ.iter().enumerate() {
        if j > 0 {
            let before = differ[j - 1];
            grid[before] = known[before];
        }
        let ask = Ask {
            limit: limit - total.solutions,
            budget: budget.map(|b| b.saturating_sub(total.guesses)),
            deadline,
            excluded: Some((k, known[k])),
            triads: true,
            avoid: Some(known),
        };
        let a = dispatch(&grid, ask);
        total.solutions += a.solutions;
        total.guesses += a.guesses;
        if total.solution.is_none() {
            total.solution = a.solution;
        }
        if !a.complete {
            total.complete = false;
            break;
        }
        if total.solutions >= limit {
            break;
        }
    }
    total
}

/// The kernel the processor allows.
fn dispatch(cells: &[u8; 81], ask: Ask) -> Answer9 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has the features `solve9_bmi2` is compiled for.
        return unsafe { solve9_bmi2(cells, ask) };
    }
    solve_with::<Portable>(cells, ask)
}

/// [`solve9_budget`] with the portable kernel only (no machine-specific instructions); the
/// same search, so the same answers and guess counts.
pub fn solve9_portable(cells: &[u8; 81], limit: u64, budget: Option<u64>) -> Answer9 {
    solve_with::<Portable>(cells, Ask::new(limit, budget, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next number of a xorshift sequence (deterministic test data).
    fn xorshift(x: &mut u32) -> u32 {
        *x ^= *x << 13;
        *x ^= *x >> 17;
        *x ^= *x << 5;
        *x
    }

    #[test]
    fn differing_finds_another_solution_exactly_when_there_is_one() {
        let full = solve9(&[0; 81], 1).solution.unwrap();
        let mut x = 0x1234_5678u32;
        let (mut unique, mut multiple) = (0, 0);
        for round in 0..300 {
            // A random subset of the solution, dense enough to be unique now and then.
            let mut cells = full;
            let keep = 22 + round % 30;
            for (i, c) in cells.iter_mut().enumerate() {
                if (xorshift(&mut x) % 81) as usize >= keep && i % 7 != 0 {
                    *c = 0;
                }
            }
            let blanks: Vec<usize> = (0..81).filter(|&i| cells[i] == 0).collect();
            let two = solve9(&cells, 2).solutions >= 2;
            let a = solve9_differing(&cells, &full, &blanks, 1, None, None);
            assert!(a.complete);
            assert_eq!(a.solutions == 1, two, "round {round}");
            if let Some(other) = a.solution {
                assert_ne!(other, full);
                assert!(cells.iter().zip(&other).all(|(&g, &s)| g == 0 || g == s));
            }
            // One blank cell at a time: another solution differs there iff one differing
            // there exists (the solutions with the cell given its digit are left out).
            let k = blanks[xorshift(&mut x) as usize % blanks.len()];
            let mut given = cells;
            given[k] = full[k];
            let without = solve9(&cells, 200).solutions;
            if without < 200 {
                let with = solve9(&given, 200).solutions;
                let differing = solve9_differing(&cells, &full, &[k], 200, None, None);
                assert_eq!(differing.solutions, without - with, "round {round}");
            }
            if two {
                multiple += 1;
            } else {
                unique += 1;
            }
        }
        assert!(unique > 10 && multiple > 10, "{unique} {multiple}");
        // A given listed: no solution differs there.
        let a = solve9_differing(&full, &full, &[0], 1, None, None);
        assert_eq!((a.solutions, a.complete), (0, true));
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn given_bits_sse2_matches_the_portable_count() {
        let mut x = 0x9E37_79B9u32;
        for _ in 0..2000 {
            let mut cells = [0u8; 81];
            for c in &mut cells {
                // Mostly blanks, and now and then a byte above 9.
                *c = [0, 0, 0, 1, 5, 9, 10, 255][(xorshift(&mut x) % 8) as usize];
            }
            assert_eq!(given_bits_sse2(&cells), given_bits(&cells), "{cells:?}");
        }
        assert_eq!(given_bits_sse2(&[0; 81]), 0);
        assert_eq!(given_bits_sse2(&[3; 81]), (1 << 81) - 1);
    }

    #[test]
    fn perm3_keeps_only_permutations() {
        assert_eq!(PERM3[0x1FF], 0x1FF);
        assert_eq!(PERM3[0b100_010_001], 0b100_010_001);
        // Two rows that can only use column 0: impossible.
        assert_eq!(PERM3[0b111_001_001], 0);
        // Row 0 fixed to column 0 forbids column 0 elsewhere.
        assert_eq!(PERM3[0b111_111_001], 0b110_110_001);
    }

    /// Kernel `K` against the specification of each of its operations.
    fn kernel_meets_its_spec<K: Kernel>() {
        // shrink: bit k iff triad k is not empty
        let mut x = 0x9E37_79B9u32;
        for _ in 0..10_000 {
            let a = xorshift(&mut x) & ALL27;
            let want: u32 = (0..9)
                .filter(|k| a & (7 << (3 * k)) != 0)
                .map(|k| 1 << k)
                .sum();
            assert_eq!(K::shrink(a), want);
        }
        // stack_pattern and stack_spread: the columns of one stack, and back
        for x in (0..1u32 << 27).step_by(9973) {
            for (s, &mask) in STACK_MASK.iter().enumerate() {
                let p = K::stack_pattern(x, s);
                assert_eq!(
                    p,
                    (0..9)
                        .filter(|k| x & (1 << (9 * (k / 3) + 3 * s + k % 3)) != 0)
                        .map(|k| 1 << k)
                        .sum()
                );
                assert_eq!(K::stack_spread(p, s), x & mask);
            }
        }
        // gather and scatter: bit k of the gathered word is the k-th set bit of `mask` in `x`
        let mut seed = 0x2545_F491;
        for _ in 0..20_000 {
            let (x, mask) = (xorshift(&mut seed), xorshift(&mut seed));
            let bits: Vec<u32> = (0..32).filter(|i| mask & (1 << i) != 0).collect();
            let want: u32 = bits
                .iter()
                .enumerate()
                .map(|(k, &i)| ((x >> i) & 1) << k)
                .sum();
            assert_eq!(K::gather(x, mask), want);
            assert_eq!(K::scatter(want, mask), x & mask);
        }
    }

    #[test]
    fn kernels_meet_their_spec() {
        kernel_meets_its_spec::<Portable>();
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("bmi2") {
            kernel_meets_its_spec::<Bmi2>();
        }
    }

    /// The pairing `templates` relies on: the `j`-th triple disjoint from `t0` and the
    /// `(7 - j)`-th complete a placement (every column of every stack used once).
    #[test]
    fn disjoint_triples_pair_up_in_reverse_order() {
        let cols = |t: u32| [t % 3, t / 3 % 3, t / 9];
        for t0 in 0..27u32 {
            let mask = DISJOINT[t0 as usize];
            assert_eq!(mask.count_ones(), 8);
            for j in 0..8 {
                let t1 = Portable::scatter(1 << j, mask).trailing_zeros();
                let t2 = Portable::scatter(reverse8(1 << j), mask).trailing_zeros();
                for s in 0..3 {
                    let mut used = [cols(t0)[s], cols(t1)[s], cols(t2)[s]];
                    used.sort();
                    assert_eq!(used, [0, 1, 2], "t0 {t0}, j {j}, stack {s}");
                }
            }
        }
    }

    /// True if `g` fills every row, column and box with 1..=9 and keeps the givens of `p`.
    fn is_solution(p: &[u8; 81], g: &[u8; 81]) -> bool {
        (0..81).all(|i| p[i] == 0 || p[i] == g[i])
            && (0..27).all(|h| {
                let mut seen = 0u32;
                for k in 0..9 {
                    let i = match h / 9 {
                        0 => 9 * (h % 9) + k,
                        1 => 9 * k + h % 9,
                        _ => 27 * (h % 9 / 3) + 3 * (h % 3) + 9 * (k / 3) + k % 3,
                    };
                    seen |= 1 << g[i];
                }
                seen == 0x3FE
            })
    }

    /// Calls `visit(line, solution, state, pairs)` on every stuck state on the way to the
    /// solution of each puzzle of the forum-hardest sample: propagation (digit and cell rules
    /// only) until stuck, then the solution's digit placed in the next open cell, and so on.
    /// `visit` may prune the state further; it must keep the solution. The solution it gets
    /// names digits as the state does (see [`State::new`]).
    fn stuck_states(mut visit: impl FnMut(&str, &[u8; 81], &mut State, [u32; 4])) {
        let text = include_str!("../../../testdata/sudoku/forum-hardest-1905-11plus-sample.txt");
        for line in text.lines().filter(|l| l.len() >= 81) {
            let mut p = [0u8; 81];
            for (c, ch) in p.iter_mut().zip(line.bytes()) {
                *c = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            // One solution at limit 1 (without the triad rule, which runs from limit 2).
            let sol = solve9_portable(&p, 1, None)
                .solution
                .expect("sample puzzles solve");
            assert!(is_solution(&p, &sol), "{line}");
            let mut label = [0u8; 10];
            let mut st = State::new(&p, &mut label).expect("valid givens");
            let mut internal = [0u8; 10];
            for (d, &v) in label.iter().enumerate().skip(1) {
                internal[v as usize] = d as u8;
            }
            let sol = sol.map(|v| internal[v as usize]);
            let mut next = 0;
            while let Step::Guess { pairs } = st.propagate::<Portable, false>(false) {
                visit(line, &sol, &mut st, pairs);
                while st.unsolved[next / 27] & (1 << (next % 27)) == 0 {
                    next += 1;
                }
                st.assign(sol[next] as usize - 1, next / 27, 1 << (next % 27));
            }
        }
    }

    #[test]
    fn the_triad_rule_keeps_the_solution_and_prunes() {
        let (mut states, mut pruned) = (0, 0);
        stuck_states(|line, sol, st, _| {
            let before = st.cand;
            let changed = st
                .triads::<Portable>()
                .expect("no contradiction on the path");
            for (i, &v) in sol.iter().enumerate() {
                let kept = st.cand[v as usize - 1][i / 27] & (1 << (i % 27)) != 0;
                assert!(kept, "{line}: the triad rule removed {v} from cell {i}");
            }
            assert_eq!(changed, st.cand != before);
            states += 1;
            pruned += changed as u32;
        });
        assert!(pruned > 0, "the rule pruned none of {states} stuck states");
        assert!(states > pruned);
    }

    #[test]
    fn best_pair_takes_the_highest_score_and_the_last_cell_on_ties() {
        let mut x = 0x2545_F491u32;
        let mut checked = 0;
        stuck_states(|line, _, st, pairs| {
            // The rule read cell by cell: the peers holding one of the cell's digits,
            // two-candidate ones counted 3 more times, plus 1 and its dead ends. Small
            // random dead-end counts make ties frequent.
            let mut conflicts = [0u32; 81];
            for c in &mut conflicts {
                *c = xorshift(&mut x) % 3;
            }
            let mut want: Option<(u32, usize)> = None;
            for i in 0..81 {
                let (b, bit) = (i / 27, 1u32 << (i % 27));
                if pairs[b] & bit == 0 {
                    continue;
                }
                let mut score = 1 + conflicts[i];
                for j in 0..81 {
                    let (bj, bitj) = (j / 27, 1u32 << (j % 27));
                    let shares = st.cand.iter().any(|c| c[b] & bit != 0 && c[bj] & bitj != 0);
                    if PEERS[i][bj] & bitj != 0 && st.unsolved[bj] & bitj != 0 && shares {
                        score += if pairs[bj] & bitj != 0 { 4 } else { 1 };
                    }
                }
                if want.is_none_or(|(s, _)| score >= s) {
                    want = Some((score, i));
                }
            }
            let got = best_pair(&pairs, &st.cand, &st.unsolved, &conflicts);
            if let Some((_, i)) = want {
                assert_eq!(got, (i / 27, 1 << (i % 27)), "{line}");
                checked += 1;
            }
        });
        assert!(
            checked > 50,
            "only {checked} stuck states with two-candidate cells"
        );
    }

    /// Every complete placement of digit `d` within `cand`, by brute force: their union,
    /// or `None` if there is none.
    fn placements(cand: &[u32; 4]) -> Option<[u32; 3]> {
        fn go(
            r: usize,
            cols: u32,
            boxes: u32,
            cand: &[u32; 4],
            path: &mut [u32; 3],
            out: &mut [u32; 3],
        ) -> bool {
            if r == 9 {
                for b in 0..3 {
                    out[b] |= path[b];
                }
                return true;
            }
            let (b, row) = (r / 3, r % 3);
            let mut found = false;
            for c in 0..9 {
                let bit = 1 << (9 * row + c);
                let bx = 3 * b + c / 3;
                if cand[b] & bit == 0 || cols & (1 << c) != 0 || boxes & (1 << bx) != 0 {
                    continue;
                }
                path[b] |= bit;
                found |= go(r + 1, cols | 1 << c, boxes | 1 << bx, cand, path, out);
                path[b] &= !bit;
            }
            found
        }
        let mut out = [0; 3];
        go(0, 0, 0, cand, &mut [0; 3], &mut out).then_some(out)
    }

    #[test]
    fn templates_keep_exactly_the_cells_of_complete_placements() {
        let (mut states, mut pruned) = (0, 0);
        // Stuck states on the way to the solution, each checked against brute force.
        stuck_states(|line, _, st, _| {
            let before = st.cand;
            let mut after = *st;
            after.retemplate = 0x1FF;
            assert!(after.templates::<Portable>().is_some());
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("bmi2") {
                let mut fast = *st;
                fast.retemplate = 0x1FF;
                assert!(fast.templates::<Bmi2>().is_some());
                assert_eq!(fast.cand, after.cand, "{line}");
            }
            for (got, was) in after.cand.iter().zip(&before) {
                let want = placements(was).expect("the solution is a placement");
                for b in 0..3 {
                    assert_eq!(got[b], was[b] & want[b], "{line}");
                }
            }
            states += 1;
            pruned += (after.cand != before) as u32;
        });
        assert!(
            pruned > 0 && states > pruned,
            "{pruned} of {states} stuck states pruned"
        );
    }

    #[test]
    fn alone_finds_the_single_bits_of_each_group() {
        let mut x = 0x2545_F491u32;
        for _ in 0..10_000 {
            let a = xorshift(&mut x) & ALL27;
            let want: u32 = (0..9)
                .filter(|k| (a >> (3 * k) & 7).count_ones() == 1)
                .map(|k| a & (7 << (3 * k)))
                .sum();
            assert_eq!(alone(a), want);
        }
    }

    #[test]
    fn state_is_small() {
        assert_eq!(std::mem::size_of::<State>(), 224);
    }

    #[test]
    fn peers_have_twenty_cells() {
        for p in &PEERS {
            assert_eq!(p.iter().map(|m| m.count_ones()).sum::<u32>(), 20);
        }
    }
}
