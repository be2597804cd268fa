//! Techniques and steps: what a deduction is called, how hard it is, and what it shows.
//!
//! Ratings are held in tenths (`23` is Sudoku Explainer's 2.3) so that comparisons are exact.

use std::fmt;

use dlx_sudoku::House;
use serde::Serialize;

/// A solving technique, from the easiest to the hardest, with Sudoku Explainer's base rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house (SE 1.0).
    FullHouse,
    /// The only place for a digit in a box (SE 1.2).
    HiddenSingleBox,
    /// The only place for a digit in a row or column (SE 1.5).
    HiddenSingleLine,
    /// Pointing that leaves a hidden single, placed at once (SE 1.7).
    DirectPointing,
    /// Claiming that leaves a hidden single (SE 1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single (SE 2.0).
    DirectHiddenPair,
    /// The only candidate of a cell (SE 2.3).
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single (SE 2.5).
    DirectHiddenTriple,
    /// A digit of a box confined to one row or column: it leaves the rest of that line (SE 2.6).
    Pointing,
    /// A digit of a row or column confined to one box: it leaves the rest of the box (SE 2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (SE 3.0).
    NakedPair,
    /// A digit in two rows confined to two columns, or the transpose (SE 3.2).
    XWing,
    /// Two digits of a house confined to two cells (SE 3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (SE 3.6).
    NakedTriple,
    /// Fish of size 3 (SE 3.8).
    Swordfish,
    /// Three digits of a house confined to three cells (SE 4.0).
    HiddenTriple,
    /// Two parallel strong links on a digit whose ends see each other (SukakuExplainer 4.0).
    Skyscraper,
    /// A row and a column strong link joined in a box (SukakuExplainer 4.1).
    TwoStringKite,
    /// Two strong links joined by a weak link, one in a box (SukakuExplainer 4.2).
    TurbotFish,
    /// A bivalue pivot and two bivalue pincers (SE 4.2).
    XyWing,
    /// Two strong links on a digit, one end at least a group of cells in a box and a line,
    /// joined by a weak link (SukakuExplainer's grouped skyscraper, kite, turbot: 4.3).
    GroupedStrongLinks,
    /// A box whose digit lies on one row and one column (grouped strong link) joined to a
    /// conjugate pair (SukakuExplainer rates it as grouped strong links, 4.3).
    EmptyRectangle,
    /// A trivalue pivot and two bivalue pincers (SE 4.4).
    XyzWing,
    /// Two equal bivalue cells joined by a strong link on one of their digits (4.4 here).
    WWing,
    /// Unique rectangle type 1: three corners bivalue (SE 4.5).
    UniqueRectangle1,
    /// Unique rectangle type 2: the two extra corners share one extra digit (SE 4.5).
    UniqueRectangle2,
    /// Unique rectangle type 4: a strong link on one rectangle digit (SE 4.5).
    UniqueRectangle4,
    /// Four cells of a house with four candidates between them (SE 5.0).
    NakedQuad,
    /// Fish of size 4 (SE 5.2).
    Jellyfish,
    /// Four digits of a house confined to four cells (SE 5.4).
    HiddenQuad,
    /// Bivalue universal grave plus one (SE 5.6).
    BugPlusOne,
    /// A chain on one digit (X-chain, X-cycle elimination) (SE 6.6 plus length).
    XChain,
    /// A chain through bivalue cells only (XY-chain) (6.6 plus length).
    XyChain,
    /// A chain mixing links in cells and houses (alternating inference chain) (SE 7.0 plus length).
    ForcingChain,
    /// A single-digit assumption that ends in a contradiction (SE 7.5 plus length).
    Nishio,
    /// Every candidate of a cell implies the same conclusion (SE 8.0 plus length).
    CellForcingChains,
    /// Every place of a digit in a house implies the same conclusion (SE 8.0 plus length).
    RegionForcingChains,
    /// Dynamic forcing chains: implications on the board as it changes (SE 8.5 plus length).
    DynamicForcingChains,
    /// Dynamic forcing chains that also use locked candidates (SE 9.0 plus length).
    DynamicForcingChainsPlus,
    /// Dynamic forcing chains whose implications use dynamic contradictions themselves
    /// (10.0 plus length here: Sudoku Explainer rates its nested levels 9.5 to 10.5 plus
    /// length; 10.0 puts every forum-hardest puzzle, all 11 or more for SE, at 11.0 or more).
    NestedForcingChains,
    /// A candidate removed because the solution found by search differs: a step by trial,
    /// not by logic, the last resort (rated 12.0 here).
    Trial,
}

impl Technique {
    /// Every technique, easiest first.
    pub const ALL: [Technique; 41] = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::GroupedStrongLinks,
        Technique::EmptyRectangle,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::XChain,
        Technique::XyChain,
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::CellForcingChains,
        Technique::RegionForcingChains,
        Technique::DynamicForcingChains,
        Technique::DynamicForcingChainsPlus,
        Technique::NestedForcingChains,
        Technique::Trial,
    ];

    /// The levels of the chain search, easiest first: each names the hardest technique one
    /// pass of the search finds (the first finds X-, XY- and forcing chains).
    pub const CHAIN_LEVELS: [Technique; 6] = [
        Technique::ForcingChain,
        Technique::Nishio,
        Technique::CellForcingChains,
        Technique::DynamicForcingChains,
        Technique::DynamicForcingChainsPlus,
        Technique::NestedForcingChains,
    ];

    /// The stable name (as in JSON and on the command line).
    pub fn as_str(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full_house",
            HiddenSingleBox => "hidden_single_box",
            HiddenSingleLine => "hidden_single_line",
            DirectPointing => "direct_pointing",
            DirectClaiming => "direct_claiming",
            DirectHiddenPair => "direct_hidden_pair",
            NakedSingle => "naked_single",
            DirectHiddenTriple => "direct_hidden_triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked_pair",
            XWing => "x_wing",
            HiddenPair => "hidden_pair",
            NakedTriple => "naked_triple",
            Swordfish => "swordfish",
            HiddenTriple => "hidden_triple",
            Skyscraper => "skyscraper",
            TwoStringKite => "two_string_kite",
            TurbotFish => "turbot_fish",
            XyWing => "xy_wing",
            GroupedStrongLinks => "grouped_strong_links",
            EmptyRectangle => "empty_rectangle",
            XyzWing => "xyz_wing",
            WWing => "w_wing",
            UniqueRectangle1 => "unique_rectangle_1",
            UniqueRectangle2 => "unique_rectangle_2",
            UniqueRectangle4 => "unique_rectangle_4",
            NakedQuad => "naked_quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden_quad",
            BugPlusOne => "bug_plus_one",
            XChain => "x_chain",
            XyChain => "xy_chain",
            ForcingChain => "forcing_chain",
            Nishio => "nishio",
            CellForcingChains => "cell_forcing_chains",
            RegionForcingChains => "region_forcing_chains",
            DynamicForcingChains => "dynamic_forcing_chains",
            DynamicForcingChainsPlus => "dynamic_forcing_chains_plus",
            NestedForcingChains => "nested_forcing_chains",
            Trial => "trial",
        }
    }

    /// The name people read.
    pub fn title(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full house",
            HiddenSingleBox | HiddenSingleLine => "Hidden single",
            DirectPointing => "Direct pointing",
            DirectClaiming => "Direct claiming",
            DirectHiddenPair => "Direct hidden pair",
            NakedSingle => "Naked single",
            DirectHiddenTriple => "Direct hidden triple",
            Pointing => "Pointing",
            Claiming => "Claiming",
            NakedPair => "Naked pair",
            XWing => "X-wing",
            HiddenPair => "Hidden pair",
            NakedTriple => "Naked triple",
            Swordfish => "Swordfish",
            HiddenTriple => "Hidden triple",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-string kite",
            TurbotFish => "Turbot fish",
            XyWing => "XY-wing",
            GroupedStrongLinks => "Grouped strong links",
            EmptyRectangle => "Empty rectangle",
            XyzWing => "XYZ-wing",
            WWing => "W-wing",
            UniqueRectangle1 => "Unique rectangle type 1",
            UniqueRectangle2 => "Unique rectangle type 2",
            UniqueRectangle4 => "Unique rectangle type 4",
            NakedQuad => "Naked quad",
            Jellyfish => "Jellyfish",
            HiddenQuad => "Hidden quad",
            BugPlusOne => "BUG+1",
            XChain => "X-chain",
            XyChain => "XY-chain",
            ForcingChain => "Forcing chain",
            Nishio => "Nishio forcing chain",
            CellForcingChains => "Cell forcing chains",
            RegionForcingChains => "Region forcing chains",
            DynamicForcingChains => "Dynamic forcing chains",
            DynamicForcingChainsPlus => "Dynamic forcing chains (+)",
            NestedForcingChains => "Nested forcing chains",
            Trial => "Trial (search)",
        }
    }

    /// The base rating in tenths (Sudoku Explainer's scale times ten); chains add a length
    /// increment to it.
    pub fn base_tenths(self) -> u16 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            Skyscraper => 40,
            TwoStringKite => 41,
            TurbotFish => 42,
            XyWing => 42,
            GroupedStrongLinks | EmptyRectangle => 43,
            XyzWing => 44,
            WWing => 44,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => 45,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            BugPlusOne => 56,
            XChain | XyChain => 66,
            ForcingChain => 70,
            Nishio => 75,
            CellForcingChains | RegionForcingChains => 80,
            DynamicForcingChains => 85,
            DynamicForcingChainsPlus => 90,
            NestedForcingChains => 100,
            Trial => 120,
        }
    }

    /// The base rating on Sudoku Explainer's scale.
    pub fn base_rating(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

impl std::str::FromStr for Technique {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Technique::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| format!("unknown technique `{s}`"))
    }
}

/// Sudoku Explainer's length increment for chains of `length` nodes, in tenths: one tenth
/// each time the length passes 4, 6, 8, 12, 16, 24, 32, 48, ... (the bound grows by 3/2 and
/// 4/3 in turn).
pub fn length_increment(length: usize) -> u16 {
    let (mut added, mut ceil, mut odd) = (0u16, 4usize, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A candidate: a cell (0-based row and column) and a digit (1-based, as in a grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Candidate {
    /// Row, 0-based.
    pub row: usize,
    /// Column, 0-based.
    pub col: usize,
    /// Digit, `1..=N`.
    pub digit: u8,
}

impl Candidate {
    /// The candidate assumed true (`r3c4=5`) or false (`r3c4≠5`), as chains write it.
    pub(crate) fn assumed(self, on: bool) -> String {
        let sign = if on { "=" } else { "≠" };
        format!("r{}c{}{sign}{}", self.row + 1, self.col + 1, self.digit)
    }

    /// The candidate stated true (`r3c4 is 5`) or false (`r3c4 is not 5`).
    pub(crate) fn stated(self, is: bool) -> String {
        let verb = if is { "is" } else { "is not" };
        format!("r{}c{} {verb} {}", self.row + 1, self.col + 1, self.digit)
    }
}

impl fmt::Display for Candidate {
    /// `5r3c4`... written as people do: `r3c4=5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}={}", self.row + 1, self.col + 1, self.digit)
    }
}

/// A link of a chain between two candidates: strong (one of them is true) or weak (not both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The candidate the implication starts from.
    pub from: Candidate,
    /// The candidate it reaches.
    pub to: Candidate,
    /// Whether `from` off implies `to` on (strong), rather than `from` on implies `to` off.
    pub strong: bool,
}

/// What justifies a step, for a display to highlight.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Pattern {
    /// Cells of the pattern (row, column), 0-based.
    pub cells: Vec<(usize, usize)>,
    /// Houses of the pattern (base and cover sets of fish, the house of a single, ...).
    pub houses: Vec<House>,
    /// Digits involved.
    pub digits: Vec<u8>,
    /// Candidates to highlight (the pattern's own candidates).
    pub candidates: Vec<Candidate>,
    /// Links of a chain, in order (for forcing chains, the links of every branch).
    pub links: Vec<Link>,
}

/// For forcing chains: how the branches meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ChainKind {
    /// One assumption leads to its own negation, or to a broken board.
    Contradiction,
    /// A candidate true and false both lead to the same conclusion.
    Double,
    /// Every candidate of one cell leads to the same conclusion.
    Cell,
    /// Every place of a digit in one house leads to the same conclusion.
    Region,
}

/// One deduction.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its rating on Sudoku Explainer's scale (base plus any length increment).
    pub rating: f64,
    /// For forcing chains, how the branches meet.
    pub chain: Option<ChainKind>,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// What to highlight.
    pub pattern: Pattern,
    /// The deduction in one sentence.
    pub text: String,
}

impl Step {
    pub(crate) fn tenths(&self) -> u16 {
        (self.rating * 10.0).round() as u16
    }

    /// The step's name with its chain kind when it has one: `Dynamic cell forcing chains`.
    pub fn name(&self) -> String {
        match (self.chain, self.technique) {
            (
                Some(kind),
                Technique::DynamicForcingChains
                | Technique::DynamicForcingChainsPlus
                | Technique::NestedForcingChains,
            ) => {
                let k = match kind {
                    ChainKind::Contradiction => "contradiction",
                    ChainKind::Double => "double",
                    ChainKind::Cell => "cell",
                    ChainKind::Region => "region",
                };
                let t = self.technique.title();
                let (first, rest) = t.split_once(' ').unwrap_or((t, ""));
                format!("{first} {k} {rest}")
            }
            _ => self.technique.title().to_string(),
        }
    }
}

impl Step {
    /// The step told in three levels, for a hint that reveals more at each press:
    /// 1, the technique and where to look (`Look for a hidden single in box 2`); 2, the cells
    /// of the pattern as well; 3 (or more), the whole deduction ([`Step::text`]).
    pub fn hint_text(&self, level: u8) -> String {
        let name = self.name();
        let name = match name.split_once(' ') {
            // "Hidden single" -> "hidden single", but keep "XY-wing", "BUG+1", "X-chain"
            Some((first, rest)) if first.chars().skip(1).all(|c| c.is_lowercase()) => {
                format!("{} {rest}", first.to_lowercase())
            }
            _ => name,
        };
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U', 'X']) {
            "an"
        } else {
            "a"
        };
        let houses: Vec<String> = self.pattern.houses.iter().map(|h| h.to_string()).collect();
        let cells: Vec<String> = self
            .pattern
            .cells
            .iter()
            .map(|&(r, c)| format!("r{}c{}", r + 1, c + 1))
            .collect();
        let digits: Vec<String> = self.pattern.digits.iter().map(|d| d.to_string()).collect();
        let mut out = format!("Look for {article} {name}");
        if !digits.is_empty() && digits.len() <= 2 {
            out += &format!(" on {}", digits.join(" and "));
        }
        if !houses.is_empty() {
            out += &format!(" in {}", houses.join(", "));
        }
        match level {
            0 | 1 => out,
            2 if !cells.is_empty() => format!("{out}: the cells {}", cells.join(", ")),
            2 => out,
            _ => self.text.clone(),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({:.1})", self.text, self.rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_increments_follow_se_bounds() {
        let bounds: Vec<u16> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33, 48, 49]
            .iter()
            .map(|&l| length_increment(l))
            .collect();
        assert_eq!(bounds, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]);
    }

    #[test]
    fn techniques_are_in_rating_order_and_named_once() {
        for w in Technique::ALL.windows(2) {
            assert!(w[0].base_tenths() <= w[1].base_tenths(), "{:?}", w);
            assert!(w[0] < w[1]);
        }
        for t in Technique::ALL {
            assert_eq!(t.as_str().parse::<Technique>(), Ok(t));
        }
    }
}
