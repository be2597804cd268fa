//! The table of techniques: every technique's name, title, family, base rating, scales,
//! uniqueness flag, finder and ladder position, written once.
//!
//! # The table
//!
//! `techniques!` (below) takes one row per technique, easiest first in *ladder order*: the order in
//! which the solver tries them (Sudoku Explainer's order of producers, which is not always
//! the order of ratings: a 6.6 UVWXYZ-wing is tried before a 6.5 bidirectional cycle). A row
//! is
//!
//! ```text
//! Variant, "snake_name", "Title", Family, base rating in tenths, [scales], uniqueness, Finder;
//! ```
//!
//! and the macro makes the [`Technique`] enum (declared in ladder order, so `a < b` iff `a`
//! comes first on the ladder), [`Technique::ALL`], the names, titles, families, base ratings,
//! scale memberships and the finder each row is found by. Rows found by the same finder
//! (a *group*: hidden singles in boxes and in lines, the cycles and chains of one search) are
//! consecutive; the solver calls a group's finder once, with the set of the group's rows it
//! may return. Adding a technique is one row here and its finder.
//!
//! # Scales
//!
//! A [`Scale`] is a ladder: the rows it uses by default, each at its base rating.
//! [`Scale::Sukaku`] is SukakuExplainer 1.18's default set (the calibration's rater);
//! [`Scale::Classic`] is Sudoku Explainer 1.2.1's original set (the one skfr and most published
//! rating lists use). Rows in neither scale (finned fish, colouring, ALS-XZ, ...) are used only
//! when asked for with a [`TechniqueSet`].

use std::fmt;

use serde::Serialize;

/// A rating scale: which techniques rate a puzzle, in which order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Scale {
    /// SukakuExplainer 1.18's default techniques: Sudoku Explainer's, plus strong-link
    /// patterns, the WXYZ-wing family and Sukaku Explainer's order.
    #[default]
    Sukaku,
    /// Sudoku Explainer 1.2.1's original techniques (the scale skfr implements).
    Classic,
}

impl Scale {
    /// Both scales.
    pub const ALL: [Scale; 2] = [Scale::Sukaku, Scale::Classic];

    /// The stable name: `sukaku` or `classic`.
    pub fn as_str(self) -> &'static str {
        match self {
            Scale::Sukaku => "sukaku",
            Scale::Classic => "classic",
        }
    }

    /// The techniques this scale uses by default.
    pub fn techniques(self) -> TechniqueSet {
        Technique::ALL
            .into_iter()
            .filter(|t| t.on_scale(self))
            .collect()
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Scale {
    type Err = String;
    fn from_str(s: &str) -> Result<Scale, String> {
        Scale::ALL
            .into_iter()
            .find(|x| x.as_str() == s.trim())
            .ok_or_else(|| format!("unknown scale `{s}` (sukaku, classic)"))
    }
}

/// What kind of reasoning a technique is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Family {
    /// Singles: a cell or a house with one possibility.
    Single,
    /// Locked candidates: a digit confined to the intersection of two houses.
    Intersection,
    /// Naked and hidden subsets.
    Subset,
    /// Fish: a digit in `n` lines confined to `n` crossing lines.
    Fish,
    /// Patterns on one digit: strong links joined by weak ones, colouring.
    SingleDigit,
    /// Wings: bivalue cells and almost locked sets.
    Wing,
    /// Patterns that would allow two solutions (puzzles with one solution only).
    Uniqueness,
    /// Aligned exclusion: combinations of candidates ruled out by their neighbours.
    Exclusion,
    /// Chains and cycles of implications.
    Chain,
    /// Forcing chains: several branches of implications.
    ForcingChain,
    /// Forcing chains with chains inside.
    Nested,
    /// Deductions from a variant's clues: cages, thermometers, arrows, dots, sums.
    Variant,
    /// Search, not logic.
    Trial,
}

/// The finder of a row: the search the solver calls for the rows of its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finder {
    Singles,
    Parity,
    Thermo,
    Pairs,
    LockedNegative,
    Killer,
    VariantLocking,
    CageDigits,
    Arrow,
    LittleKiller,
    RuleOf45,
    Sandwich,
    HouseCages,
    DirectLocking,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriple,
    Locking,
    NakedPair,
    XWing,
    FinnedXWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    FinnedSwordfish,
    HiddenTriple,
    StrongLinks2,
    SimpleColouring,
    XyWing,
    XyzWing,
    WWing,
    UniqueLoops,
    NakedQuad,
    Jellyfish,
    FinnedJellyfish,
    HiddenQuad,
    StrongLinks3,
    WxyzWing,
    AlsXz,
    Bug,
    StrongLinks4,
    VwxyzWing,
    AlsXyWing,
    AlignedPair,
    UvwxyzWing,
    Chains,
    TuvwxyzWing,
    AlignedTriple,
    VariantForcing,
    VariantForcingPlus,
    Nishio,
    Multiple,
    Dynamic,
    DynamicPlus,
    Nested2,
    Nested3,
    Nested4,
    Nested5,
    Trial,
}

/// One row of the table.
struct Row {
    name: &'static str,
    title: &'static str,
    family: Family,
    tenths: u16,
    sukaku: bool,
    classic: bool,
    uniqueness: bool,
    finder: Finder,
}

macro_rules! on {
    (S) => {
        (true, false)
    };
    (C) => {
        (false, true)
    };
    (SC) => {
        (true, true)
    };
    (-) => {
        (false, false)
    };
}

macro_rules! techniques {
    ($(
        $(#[$doc:meta])*
        $variant:ident, $name:literal, $title:literal, $family:ident, $tenths:literal,
        [$($scales:tt)*], $uniq:literal, $finder:ident;
    )*) => {
        /// A solving technique. Variants are declared in ladder order (the order the solver
        /// tries them), so `a < b` iff `a` is tried first; the rating of a step is its
        /// technique's [base rating](Technique::base_rating) plus, for chains, a length
        /// increment.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(rename_all = "snake_case")]
        #[non_exhaustive]
        pub enum Technique {
            $( $(#[$doc])* $variant, )*
        }

        const COUNT: usize = [$($name),*].len();

        const ROWS: [Row; COUNT] = [$(
            Row {
                name: $name,
                title: $title,
                family: Family::$family,
                tenths: $tenths,
                sukaku: on!($($scales)*).0,
                classic: on!($($scales)*).1,
                uniqueness: $uniq,
                finder: Finder::$finder,
            },
        )*];

        impl Technique {
            /// Every technique, in ladder order.
            pub const ALL: [Technique; COUNT] = [$(Technique::$variant),*];
        }
    };
}

techniques! {
    /// The last empty cell of a house (SE 1.0).
    FullHouse, "full_house", "Full house", Single, 10, [SC], false, Singles;
    /// The only place for a digit in a box (SE 1.2).
    HiddenSingleBox, "hidden_single_box", "Hidden single", Single, 12, [SC], false, Singles;
    /// The only place for a digit in a row or column (SE 1.5).
    HiddenSingleLine, "hidden_single_line", "Hidden single", Single, 15, [SC], false, Singles;
    /// An even or odd cell keeps the digits of its parity (variants; 1.0).
    EvenOdd, "even_odd", "Even/odd cell", Variant, 10, [SC], false, Parity;
    /// Pointing that leaves a hidden single, placed at once (SE 1.7).
    DirectPointing, "direct_pointing", "Direct pointing", Intersection, 17, [SC], false, DirectLocking;
    /// Claiming that leaves a hidden single (SE 1.9).
    DirectClaiming, "direct_claiming", "Direct claiming", Intersection, 19, [SC], false, DirectLocking;
    /// A hidden pair whose eliminations leave a hidden single (SE 2.0).
    DirectHiddenPair, "direct_hidden_pair", "Direct hidden pair", Subset, 20, [SC], false, DirectHiddenPair;
    /// Thermometer bounds: digits no increasing filling of a thermometer allows (variants;
    /// 2.0).
    Thermometer, "thermometer", "Thermometer", Variant, 20, [SC], false, Thermo;
    /// A white or black dot or an X or V between two cells: digits with no partner in the
    /// other cell (variants; 2.1).
    PairClue, "pair_clue", "Dot or XV pair", Variant, 21, [SC], false, Pairs;
    /// A negative rule (nonconsecutive, negative dots, negative XV) between unmarked
    /// neighbours: digits with no allowed partner in the other cell (variants; 2.1).
    NegativeRule, "negative_rule", "Negative rule", Variant, 21, [SC], false, Pairs;
    /// Killer cage combinations: digits no filling of a cage allows (its sum, different
    /// digits, the candidates) (variants; 2.2).
    CageCombination, "cage_combination", "Cage combination", Variant, 22, [SC], false, Killer;
    /// The only candidate of a cell (SE 2.3).
    NakedSingle, "naked_single", "Naked single", Single, 23, [SC], false, NakedSingle;
    /// A hidden triple whose eliminations leave a hidden single (SE 2.5).
    DirectHiddenTriple, "direct_hidden_triple", "Direct hidden triple", Subset, 25, [SC], false, DirectHiddenTriple;
    /// A digit of a house confined to cells that some cell neighbours under a negative rule
    /// (or is one of): that cell loses the digits no place allows beside it
    /// (SukakuExplainer's locked nonconsecutive; variants; 2.5).
    LockedNegative, "locked_negative", "Locked negative rule", Variant, 25, [SC], false, LockedNegative;
    /// A digit of a box confined to one row or column: it leaves the rest of that line (SE 2.6).
    Pointing, "pointing", "Pointing", Intersection, 26, [SC], false, Locking;
    /// A digit of a row or column confined to one box: it leaves the rest of the box (SE 2.8).
    Claiming, "claiming", "Claiming", Intersection, 28, [SC], false, Locking;
    /// A digit of a house confined to cells that some other cell sees (a variant's houses
    /// and "sees" relation: diagonals, windows, regions, knight's and king's moves, cages)
    /// (variants; 2.8).
    VariantLocking, "variant_locking", "Locked candidates (variant)", Variant, 28, [SC], false, VariantLocking;
    /// A digit every filling of a cage holds leaves the cells that see all its places in the
    /// cage (variants; 2.8).
    CageDigits, "cage_digits", "Cage digits", Variant, 28, [SC], false, CageDigits;
    /// Arrow sums: digits of the circle or the line no filling allows (variants; 2.9).
    ArrowSum, "arrow_sum", "Arrow sum", Variant, 29, [SC], false, Arrow;
    /// Two cells of a house with the same two candidates (SE 3.0).
    NakedPair, "naked_pair", "Naked pair", Subset, 30, [SC], false, NakedPair;
    /// Little killer sums: digits of the diagonal no filling allows (variants; 3.0).
    LittleKillerSum, "little_killer_sum", "Little killer sum", Variant, 30, [SC], false, LittleKiller;
    /// The rule of 45: the cells of a house (or 2 or 3 adjacent rows or columns) outside the
    /// cages inside it (innies), or the cells of the cages crossing it outside it (outies),
    /// add up to a known sum (variants; 3.0).
    RuleOf45, "rule_of_45", "Rule of 45", Variant, 30, [SC], false, RuleOf45;
    /// A digit in two rows confined to two columns, or the transpose (SE 3.2).
    XWing, "x_wing", "X-wing", Fish, 32, [SC], false, XWing;
    /// Sandwich sums: digits no placement of the 1, the N and the digits between them allows
    /// (variants; 3.2).
    SandwichSum, "sandwich_sum", "Sandwich sum", Variant, 32, [SC], false, Sandwich;
    /// An X-wing with a fin: extra places of the digit in one base line, in one box (3.4;
    /// sashimi, a corner missing, 3.5). Not in Sudoku Explainer.
    FinnedXWing, "finned_x_wing", "Finned X-wing", Fish, 34, [-], false, FinnedXWing;
    /// Two digits of a house confined to two cells (SE 3.4).
    HiddenPair, "hidden_pair", "Hidden pair", Subset, 34, [SC], false, HiddenPair;
    /// Cages in a house: the killer cages inside a full house and its other cells hold every
    /// digit once between them; each cage keeps the sets of its sum the rest can complete
    /// (variants; 3.5).
    HouseCages, "house_cages", "Cages in a house", Variant, 35, [SC], false, HouseCages;
    /// Three cells of a house with three candidates between them (SE 3.6).
    NakedTriple, "naked_triple", "Naked triple", Subset, 36, [SC], false, NakedTriple;
    /// Fish of size 3 (SE 3.8).
    Swordfish, "swordfish", "Swordfish", Fish, 38, [SC], false, Swordfish;
    /// A swordfish with a fin (4.0; sashimi 4.1). Not in Sudoku Explainer.
    FinnedSwordfish, "finned_swordfish", "Finned swordfish", Fish, 40, [-], false, FinnedSwordfish;
    /// Three digits of a house confined to three cells (SE 4.0).
    HiddenTriple, "hidden_triple", "Hidden triple", Subset, 40, [SC], false, HiddenTriple;
    /// Two parallel strong links on a digit whose ends see each other (SukakuExplainer 4.0).
    Skyscraper, "skyscraper", "Skyscraper", SingleDigit, 40, [S], false, StrongLinks2;
    /// A row and a column strong link joined in a box (SukakuExplainer 4.1).
    TwoStringKite, "two_string_kite", "2-string kite", SingleDigit, 41, [S], false, StrongLinks2;
    /// Two strong links, one in a box, joined by a weak link (SukakuExplainer's "2 strong
    /// links", 4.1).
    TurbotFish, "turbot_fish", "Turbot fish", SingleDigit, 41, [S], false, StrongLinks2;
    /// Two strong links on a digit, one end at least a group of cells in a box and a line
    /// (SukakuExplainer's grouped skyscraper, kite and turbot: 4.3).
    GroupedStrongLinks, "grouped_strong_links", "Grouped strong links", SingleDigit, 43, [S], false, StrongLinks2;
    /// A box whose digit lies on one row and one column (a grouped strong link) joined to a
    /// strong link (SukakuExplainer rates it as grouped strong links, 4.3).
    EmptyRectangle, "empty_rectangle", "Empty rectangle", SingleDigit, 43, [S], false, StrongLinks2;
    /// Simple colouring: the two colours of a digit's conjugate pairs; a colour that sees
    /// itself is false (wrap), a cell seeing both colours loses the digit (trap) (4.2). Not in
    /// Sudoku Explainer.
    SimpleColouring, "simple_colouring", "Simple colouring", SingleDigit, 42, [-], false, SimpleColouring;
    /// A bivalue pivot and two bivalue pincers (SE 4.2).
    XyWing, "xy_wing", "XY-wing", Wing, 42, [SC], false, XyWing;
    /// A trivalue pivot and two bivalue pincers (SE 4.4).
    XyzWing, "xyz_wing", "XYZ-wing", Wing, 44, [SC], false, XyzWing;
    /// Two equal bivalue cells joined by a strong link on one of their digits (4.4). Not in
    /// Sudoku Explainer, which finds it as a chain.
    WWing, "w_wing", "W-wing", Wing, 44, [-], false, WWing;
    /// Unique rectangle type 1: three corners bivalue (SE 4.5).
    UniqueRectangle1, "unique_rectangle_1", "Unique rectangle type 1", Uniqueness, 45, [SC], true, UniqueLoops;
    /// Unique rectangle type 2: the extra corners share one extra digit (SE 4.5).
    UniqueRectangle2, "unique_rectangle_2", "Unique rectangle type 2", Uniqueness, 45, [SC], true, UniqueLoops;
    /// Unique rectangle type 3: the extra digits of two corners form a naked set with other
    /// cells of a house, or the rectangle's digits a hidden set (SE 4.5 plus 0.1 for each
    /// cell past two).
    UniqueRectangle3, "unique_rectangle_3", "Unique rectangle type 3", Uniqueness, 45, [SC], true, UniqueLoops;
    /// Unique rectangle type 4: a strong link on one rectangle digit (SE 4.5).
    UniqueRectangle4, "unique_rectangle_4", "Unique rectangle type 4", Uniqueness, 45, [SC], true, UniqueLoops;
    /// Unique loop: a loop of 6, 8, 10 or more cells on two digits, of types 1 to 4 as
    /// rectangles (SE 4.6, 4.7, 5.0, plus type 3's increment).
    UniqueLoop, "unique_loop", "Unique loop", Uniqueness, 46, [SC], true, UniqueLoops;
    /// Four cells of a house with four candidates between them (SE 5.0).
    NakedQuad, "naked_quad", "Naked quad", Subset, 50, [SC], false, NakedQuad;
    /// Fish of size 4 (SE 5.2).
    Jellyfish, "jellyfish", "Jellyfish", Fish, 52, [SC], false, Jellyfish;
    /// A jellyfish with a fin (5.4; sashimi 5.5). Not in Sudoku Explainer.
    FinnedJellyfish, "finned_jellyfish", "Finned jellyfish", Fish, 54, [-], false, FinnedJellyfish;
    /// Four digits of a house confined to four cells (SE 5.4).
    HiddenQuad, "hidden_quad", "Hidden quad", Subset, 54, [SC], false, HiddenQuad;
    /// Three strong links on a digit joined by weak links: 3 skyscrapers 5.4, 3-string kite
    /// 5.5, with a box and both kinds of line 5.6, grouped 5.7 (SukakuExplainer).
    ThreeStrongLinks, "three_strong_links", "3 strong links", SingleDigit, 54, [S], false, StrongLinks3;
    /// An almost locked set of three cells in a house (four digits) and a bivalue cell
    /// (SukakuExplainer's WXYZ-wing, 5.5-5.6).
    WxyzWing, "wxyz_wing", "WXYZ-wing", Wing, 55, [S], false, WxyzWing;
    /// Two almost locked sets with a restricted common digit (5.5). Not in Sudoku Explainer.
    AlsXz, "als_xz", "ALS-XZ", Wing, 55, [-], false, AlsXz;
    /// Bivalue universal grave type 1 (BUG+1): every empty cell bivalue but one (SE 5.6).
    BugPlusOne, "bug_plus_one", "BUG+1", Uniqueness, 56, [SC], true, Bug;
    /// BUG type 2: the extra cells share one extra digit (SE 5.7).
    BugType2, "bug_type_2", "BUG type 2", Uniqueness, 57, [SC], true, Bug;
    /// BUG type 3: the extra digits form a naked set with other cells of a house (SE 5.7 plus
    /// 0.1 a digit past two).
    BugType3, "bug_type_3", "BUG type 3", Uniqueness, 57, [SC], true, Bug;
    /// BUG type 4: two extra cells in a house, with a digit locked there (SE 5.7).
    BugType4, "bug_type_4", "BUG type 4", Uniqueness, 57, [SC], true, Bug;
    /// Four strong links on a digit joined by weak links (SukakuExplainer 5.8-6.1).
    FourStrongLinks, "four_strong_links", "4 strong links", SingleDigit, 58, [S], false, StrongLinks4;
    /// An almost locked set of two cells and one of any size, joined by a pivot cell's two
    /// restricted common digits (ALS-XY-wing, 6.0). Not in Sudoku Explainer.
    AlsXyWing, "als_xy_wing", "ALS-XY-wing", Wing, 60, [-], false, AlsXyWing;
    /// An almost locked set of four cells in a house and a bivalue cell (SukakuExplainer's
    /// VWXYZ-wing, 6.2-6.4).
    VwxyzWing, "vwxyz_wing", "VWXYZ-wing", Wing, 62, [S], false, VwxyzWing;
    /// Two cells whose candidate pairs are all ruled out but some (SE 6.2).
    AlignedPairExclusion, "aligned_pair_exclusion", "Aligned pair exclusion", Exclusion, 62, [SC], false, AlignedPair;
    /// An almost locked set of five cells in a house and a bivalue cell (SukakuExplainer's
    /// UVWXYZ-wing, 6.6).
    UvwxyzWing, "uvwxyz_wing", "UVWXYZ-wing", Wing, 66, [S], false, UvwxyzWing;
    /// Bidirectional X-cycle: a loop on one digit (SE 6.5 plus length).
    XCycle, "x_cycle", "Bidirectional X-cycle", Chain, 65, [SC], false, Chains;
    /// Bidirectional Y-cycle: a loop through bivalue cells (SE 6.5 plus length).
    YCycle, "y_cycle", "Bidirectional Y-cycle", Chain, 65, [SC], false, Chains;
    /// A chain on one digit from a candidate to its own negation (SE 6.6 plus length).
    XChain, "x_chain", "X-chain", Chain, 66, [SC], false, Chains;
    /// Bidirectional cycle through cells and houses (SE 7.0 plus length).
    XyCycle, "xy_cycle", "Bidirectional cycle", Chain, 70, [SC], false, Chains;
    /// A static alternating chain through cells and houses from a candidate to its own
    /// negation (SE 7.0 plus length).
    ForcingChain, "forcing_chain", "Forcing chain", Chain, 70, [SC], false, Chains;
    /// An almost locked set of six cells in a house and a bivalue cell (SukakuExplainer's
    /// TUVWXYZ-wing, 7.5).
    TuvwxyzWing, "tuvwxyz_wing", "TUVWXYZ-wing", Wing, 75, [S], false, TuvwxyzWing;
    /// Three cells whose candidate triples are all ruled out but some (SE 7.5).
    AlignedTripleExclusion, "aligned_triple_exclusion", "Aligned triple exclusion", Exclusion, 75, [SC], false, AlignedTriple;
    /// A candidate whose placement, followed by singles and the variant clues' deductions,
    /// breaks the board (variants with clues only: cages, thermometers, arrows, dots...;
    /// 7.5 plus SE's length increment on the digits placed).
    VariantForcingChain, "variant_forcing_chain", "Forcing chain (variant)", Variant, 75, [SC], false, VariantForcing;
    /// A single-digit dynamic assumption that ends in a contradiction (SE 7.5 plus length).
    Nishio, "nishio", "Nishio forcing chain", ForcingChain, 75, [SC], false, Nishio;
    /// Static implications from every candidate of a cell (SE 8.0 plus length).
    CellForcingChains, "cell_forcing_chains", "Cell forcing chains", ForcingChain, 80, [SC], false, Multiple;
    /// Static implications from every place of a digit in a house (SE 8.0 plus length).
    RegionForcingChains, "region_forcing_chains", "Region forcing chains", ForcingChain, 80, [SC], false, Multiple;
    /// Contradiction, double, cell and region forcing chains with implications on the board
    /// as it changes (SE 8.5 plus length).
    DynamicForcingChains, "dynamic_forcing_chains", "Dynamic forcing chains", ForcingChain, 85, [SC], false, Dynamic;
    /// [`Technique::VariantForcingChain`] with pointing, claiming, naked and hidden pairs and
    /// X-wings inside the propagation, as the dynamic forcing chains (+) have them (variants
    /// with clues only; 9.0 plus SE's length increment on the digits placed). Where it finds
    /// nothing, so do the dynamic forcing chains (+), which it stands for on such boards.
    VariantForcingChainPlus, "variant_forcing_chain_plus", "Forcing chain (variant, +)", Variant, 90, [SC], false, VariantForcingPlus;
    /// Dynamic forcing chains with pointing, claiming, naked and hidden pairs and X-wings
    /// inside (SE 9.0 plus length).
    DynamicForcingChainsPlus, "dynamic_forcing_chains_plus", "Dynamic forcing chains (+)", ForcingChain, 90, [SC], false, DynamicPlus;
    /// Dynamic forcing chains (+) with forcing chains and cycles inside (SE 9.5 plus length).
    NestedForcingChains, "nested_forcing_chains", "Nested forcing chains", Nested, 95, [SC], false, Nested2;
    /// Dynamic forcing chains (+) with cell and region forcing chains inside (SE 10.0 plus
    /// length).
    NestedMultipleForcingChains, "nested_multiple_forcing_chains", "Nested multiple forcing chains", Nested, 100, [SC], false, Nested3;
    /// Dynamic forcing chains (+) with dynamic forcing chains inside (SE 10.5 plus length).
    NestedDynamicForcingChains, "nested_dynamic_forcing_chains", "Nested dynamic forcing chains", Nested, 105, [SC], false, Nested4;
    /// Dynamic forcing chains (+) with nested forcing chains inside: two levels of nesting
    /// (Sudoku Explainer 1.2.1's last level, 11.0 plus length).
    DoublyNestedForcingChains, "doubly_nested_forcing_chains", "Doubly nested forcing chains", Nested, 110, [C], false, Nested5;
    /// The last resort: a candidate shown wrong by search (12.0); not logic, never in a scale.
    Trial, "trial", "Trial (search)", Trial, 120, [-], false, Trial;
}

impl Technique {
    fn row(self) -> &'static Row {
        &ROWS[self as usize]
    }

    /// The stable name (as in JSON and on the command line).
    pub fn as_str(self) -> &'static str {
        self.row().name
    }

    /// The name people read.
    pub fn title(self) -> &'static str {
        self.row().title
    }

    /// The kind of reasoning.
    pub fn family(self) -> Family {
        self.row().family
    }

    /// The base rating in tenths (Sudoku Explainer's scale times ten); chains add a length
    /// increment to it, some patterns a size increment.
    pub fn base_tenths(self) -> u16 {
        self.row().tenths
    }

    /// The base rating on Sudoku Explainer's scale.
    pub fn base_rating(self) -> f64 {
        f64::from(self.base_tenths()) / 10.0
    }

    /// Whether the technique assumes the puzzle has one solution.
    pub fn needs_uniqueness(self) -> bool {
        self.row().uniqueness
    }

    /// Whether `scale` uses the technique by default.
    pub fn on_scale(self, scale: Scale) -> bool {
        match scale {
            Scale::Sukaku => self.row().sukaku,
            Scale::Classic => self.row().classic,
        }
    }

    /// The position on the ladder, 0 first.
    pub fn position(self) -> usize {
        self as usize
    }

    pub(crate) fn finder(self) -> Finder {
        self.row().finder
    }

    /// The techniques found by the same search as this one (its group), in ladder order.
    pub fn group(self) -> TechniqueSet {
        let f = self.finder();
        Technique::ALL
            .into_iter()
            .filter(|t| t.finder() == f)
            .collect()
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
            .find(|t| t.as_str() == s.trim())
            .ok_or_else(|| format!("unknown technique `{s}`"))
    }
}

/// A set of techniques (a bitset over [`Technique::ALL`]), iterated in ladder order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TechniqueSet(u128);

const _: () = assert!(COUNT <= 128, "a TechniqueSet holds 128 techniques");

impl TechniqueSet {
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    /// Every technique.
    pub fn all() -> TechniqueSet {
        Technique::ALL.into_iter().collect()
    }

    /// Whether `t` is in the set.
    pub fn contains(self, t: Technique) -> bool {
        self.0 >> t as usize & 1 != 0
    }

    /// The set with `t` added.
    #[must_use]
    pub fn with(self, t: Technique) -> TechniqueSet {
        TechniqueSet(self.0 | 1 << t as usize)
    }

    /// The set without `t`.
    #[must_use]
    pub fn without(self, t: Technique) -> TechniqueSet {
        TechniqueSet(self.0 & !(1 << t as usize))
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Technique) {
        self.0 |= 1 << t as usize;
    }

    /// The techniques of both sets.
    #[must_use]
    pub fn intersection(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 & other.0)
    }

    /// The techniques of either set.
    #[must_use]
    pub fn union(self, other: TechniqueSet) -> TechniqueSet {
        TechniqueSet(self.0 | other.0)
    }

    /// The techniques up to `cap` on the ladder.
    #[must_use]
    pub fn up_to(self, cap: Technique) -> TechniqueSet {
        let keep = if cap as usize >= 127 {
            u128::MAX
        } else {
            (1u128 << (cap as usize + 1)) - 1
        };
        TechniqueSet(self.0 & keep)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many techniques.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The techniques, in ladder order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL
            .into_iter()
            .filter(move |&t| self.contains(t))
    }

    /// Reads a comma-separated list of technique names; `all`, `sukaku` and `classic` stand
    /// for every technique and the scales' sets.
    pub fn parse(text: &str) -> Result<TechniqueSet, String> {
        let mut set = TechniqueSet::EMPTY;
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            set = match word {
                "all" => set.union(TechniqueSet::all()),
                _ => match word.parse::<Scale>() {
                    Ok(scale) => set.union(scale.techniques()),
                    Err(_) => set.with(word.parse::<Technique>()?),
                },
            };
        }
        Ok(set)
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> Self {
        let mut s = TechniqueSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

impl fmt::Display for TechniqueSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Technique::as_str).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_read_back() {
        for t in Technique::ALL {
            assert_eq!(t.as_str().parse::<Technique>(), Ok(t));
            assert_eq!(Technique::ALL[t.position()], t);
        }
        let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Technique::ALL.len());
    }

    #[test]
    fn groups_are_consecutive_rows() {
        for w in Technique::ALL.windows(3) {
            if w[0].finder() == w[2].finder() {
                assert_eq!(w[1].finder(), w[0].finder(), "{w:?}");
            }
        }
        assert_eq!(
            Technique::HiddenSingleBox
                .group()
                .iter()
                .collect::<Vec<_>>(),
            [
                Technique::FullHouse,
                Technique::HiddenSingleBox,
                Technique::HiddenSingleLine
            ]
        );
    }

    #[test]
    fn the_classic_scale_is_sudoku_explainers_set() {
        let classic = Scale::Classic.techniques();
        let sukaku = Scale::Sukaku.techniques();
        for t in [
            Technique::Skyscraper,
            Technique::ThreeStrongLinks,
            Technique::WxyzWing,
            Technique::TuvwxyzWing,
        ] {
            assert!(sukaku.contains(t) && !classic.contains(t), "{t:?}");
        }
        for t in [
            Technique::XyWing,
            Technique::AlignedPairExclusion,
            Technique::XCycle,
            Technique::NestedDynamicForcingChains,
        ] {
            assert!(sukaku.contains(t) && classic.contains(t), "{t:?}");
        }
        for t in [
            Technique::WWing,
            Technique::SimpleColouring,
            Technique::AlsXz,
            Technique::Trial,
        ] {
            assert!(!sukaku.contains(t) && !classic.contains(t), "{t:?}");
        }
    }

    #[test]
    fn sets_read_names_and_scales() {
        let s = TechniqueSet::parse("classic, w_wing").unwrap();
        assert!(s.contains(Technique::WWing) && s.contains(Technique::XyWing));
        assert!(!s.contains(Technique::Skyscraper));
        assert_eq!(
            TechniqueSet::parse("x_wing,naked_pair")
                .unwrap()
                .to_string(),
            "naked_pair,x_wing"
        );
        assert!(TechniqueSet::parse("x_wing,unknown").is_err());
        let up = TechniqueSet::all().up_to(Technique::HiddenSingleBox);
        assert_eq!(up.len(), 2);
    }
}
