//! The problem: items (primary, then secondary), colors, and options.
//!
//! A [`Problem`] is immutable once built. Items are numbered `0..item_count()`, primary items
//! first (`0..primary_count()`), then secondary items. Options are numbered in the order they
//! were added. Names appear only here, at the edges; the solvers see numbers.
//!
//! Invariants, checked by [`ProblemBuilder::option`]:
//! - every option names at least one primary item, and no item twice;
//! - only secondary items carry a color;
//! - no item or color name holds a control character (Knuth's format could not write it).

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::sync::Arc;

use hashbrown::{DefaultHashBuilder, HashTable};

pub use crate::ids::{ColorId, ItemId, OptionId};
use crate::propagate::Propagate;

/// One entry of an option: an item, and for a secondary item possibly a color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item this entry covers.
    pub item: ItemId,
    /// The color given to a secondary item, or `None`.
    pub color: Option<ColorId>,
}

/// Why a problem could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items have the same name.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// An option names the same item twice.
    #[error("item `{0}` appears twice in one option")]
    RepeatedItem(String),
    /// A primary item was given a color.
    #[error("primary item `{0}` cannot have a color")]
    ColorOnPrimary(String),
    /// An option has no primary item, so no solution could ever use it.
    #[error("option has no primary item")]
    NoPrimary,
    /// An item index is out of range.
    #[error("no item number {0}")]
    UnknownItem(u32),
    /// Secondary items must be declared after every primary item.
    #[error("primary item `{0}` declared after a secondary item")]
    PrimaryAfterSecondary(String),
    /// The item names take more than 4 GiB.
    #[error("item names too long: more than 4 GiB in all")]
    NamesTooLong,
    /// The problem is larger than the `u32` indices of the solvers allow.
    #[error("problem too large: more than {0} nodes")]
    TooLarge(u64),
    /// An item's name, or the name of the color an option gives it, holds a control character
    /// (a NUL, an escape...). Names are shown with their control characters escaped.
    #[error("{}", control_message(item, color.as_deref()))]
    ControlCharacter {
        /// The item.
        item: String,
        /// The color, when the control character is in the color's name.
        color: Option<String>,
    },
}

fn control_message(item: &str, color: Option<&str>) -> String {
    match color {
        None => format!("control character in the name of item `{item}`"),
        Some(color) => format!("control character in color `{color}` of item `{item}`"),
    }
}

fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// The most nodes (entries, item headers and option spacers together) a problem may have: the
/// dancing-links solver addresses a node by its byte offset in a signed 32-bit field.
pub const MAX_NODES: usize = i32::MAX as usize / 16;

/// An exact-cover problem with colors (XCC), as in Knuth's Algorithm C.
///
/// A solution is a set of options that covers every primary item exactly once and every
/// secondary item at most once, except that options giving a secondary item the same color
/// may share it. A problem may also carry a sound pruning rule ([`Problem::with_propagator`]),
/// which changes how fast it is searched, never its solutions.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    /// Item names, one after another; item `i` is `names[name_ends[i - 1]..name_ends[i]]`.
    names: String,
    name_ends: Vec<u32>,
    primary: usize,
    colors: Vec<String>,
    /// Option `k` is `entries[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    entries: Vec<Entry>,
    /// The pruning rule the searches consult at every node, if any.
    propagator: Option<Arc<dyn Propagate>>,
}

impl PartialEq for Problem {
    /// Same items, colors and options, and the same propagator (the same object) or none.
    fn eq(&self, other: &Problem) -> bool {
        self.names == other.names
            && self.name_ends == other.name_ends
            && self.primary == other.primary
            && self.colors == other.colors
            && self.starts == other.starts
            && self.entries == other.entries
            && match (&self.propagator, &other.propagator) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }
}

impl Eq for Problem {}

impl Problem {
    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.name_ends.len()
    }

    /// The number of primary items; they are numbered `0..primary_count()`.
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The total number of entries over all options.
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// The number of distinct colors.
    pub fn color_count(&self) -> usize {
        self.colors.len()
    }

    /// Whether item `i` is primary.
    pub fn is_primary(&self, i: ItemId) -> bool {
        i.index() < self.primary
    }

    /// The name of item `i`.
    pub fn item_name(&self, i: ItemId) -> &str {
        let k = i.index();
        let start = if k == 0 { 0 } else { self.name_ends[k - 1] };
        &self.names[start as usize..self.name_ends[k] as usize]
    }

    /// The name of color `c`.
    pub fn color_name(&self, c: ColorId) -> &str {
        &self.colors[c.index()]
    }

    /// The entries of option `o`, in the order they were given.
    pub fn option(&self, o: OptionId) -> &[Entry] {
        let (a, b) = (self.starts[o.index()], self.starts[o.index() + 1]);
        &self.entries[a as usize..b as usize]
    }

    /// All options in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = &[Entry]> + '_ {
        (0..self.option_count()).map(|k| self.option(OptionId(k as u32)))
    }

    /// The problem with a pruning rule that [`Links`](crate::Links) consults at every node
    /// (see [`crate::propagate`]). The rule must be sound: it may remove only options that no
    /// solution extending the current path uses, so the solutions stay those of the items and
    /// options. Knuth's text format does not carry it.
    pub fn with_propagator(mut self, p: Arc<dyn Propagate>) -> Problem {
        self.propagator = Some(p);
        self
    }

    /// The pruning rule, if any.
    pub fn propagator(&self) -> Option<&Arc<dyn Propagate>> {
        self.propagator.as_ref()
    }

    /// The item named `name`, if any (a linear scan: for input and output, not for searching).
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        (0..self.item_count())
            .map(|k| ItemId(k as u32))
            .find(|&i| self.item_name(i) == name)
    }

    /// Writes option `o` as Knuth writes it: item names separated by spaces, `name:color`.
    pub fn display_option(&self, o: OptionId) -> impl fmt::Display + '_ {
        OptionDisplay {
            problem: self,
            option: o,
        }
    }
}

struct OptionDisplay<'a> {
    problem: &'a Problem,
    option: OptionId,
}

impl fmt::Display for OptionDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, e) in self.problem.option(self.option).iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            f.write_str(self.problem.item_name(e.item))?;
            if let Some(c) = e.color {
                write!(f, ":{}", self.problem.color_name(c))?;
            }
        }
        Ok(())
    }
}

/// Builds a [`Problem`] item by item and option by option.
///
/// ```
/// use dlx_engine::ProblemBuilder;
/// let mut b = ProblemBuilder::new();
/// let a = b.primary("a").unwrap();
/// let x = b.secondary("x").unwrap();
/// let red = b.color("red");
/// b.option(&[(a, None), (x, Some(red))]).unwrap();
/// let p = b.build();
/// assert_eq!(p.option_count(), 1);
/// ```
// PERF: the Sudoku encoder builds one problem per puzzle, so declaring an item costs no
// allocation: names go into the problem's one string, and the index holds item numbers only,
// hashed by the name they point to.
#[derive(Debug, Default)]
pub struct ProblemBuilder {
    problem: Problem,
    by_name: HashTable<u32>,
    hasher: DefaultHashBuilder,
    color_by_name: HashMap<String, ColorId>,
    /// The colors whose names hold a control character: an option that uses one is refused.
    bad_colors: Vec<ColorId>,
    seen: Vec<u32>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty builder with room for `items` items (of names `name_bytes` long in all),
    /// `options` options and `entries` entries.
    pub fn with_capacity(items: usize, name_bytes: usize, options: usize, entries: usize) -> Self {
        let mut b = Self::default();
        b.problem.names.reserve(name_bytes);
        b.problem.name_ends.reserve(items);
        b.problem.starts.reserve(options + 1);
        b.problem.entries.reserve(entries);
        b.by_name.reserve(items, |_| 0);
        b.seen.reserve(items);
        b
    }

    fn add_item(&mut self, name: &str) -> Result<ItemId, BuildError> {
        if has_control(name) {
            return Err(BuildError::ControlCharacter {
                item: shown(name),
                color: None,
            });
        }
        let hash = self.hasher.hash_one(name);
        let problem = &self.problem;
        if self
            .by_name
            .find(hash, |&k| problem.item_name(ItemId(k)) == name)
            .is_some()
        {
            return Err(BuildError::DuplicateItem(name.to_string()));
        }
        if self.problem.names.len() + name.len() >= u32::MAX as usize {
            return Err(BuildError::NamesTooLong);
        }
        let id = ItemId(self.problem.name_ends.len() as u32);
        self.problem.names.push_str(name);
        self.problem.name_ends.push(self.problem.names.len() as u32);
        let (problem, hasher) = (&self.problem, &self.hasher);
        self.by_name.insert_unique(hash, id.0, |&k| {
            hasher.hash_one(problem.item_name(ItemId(k)))
        });
        self.seen.push(u32::MAX);
        Ok(id)
    }

    /// Declares a primary item; every primary item must come before the first secondary item.
    pub fn primary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        if self.problem.item_count() != self.problem.primary {
            return Err(BuildError::PrimaryAfterSecondary(name.to_string()));
        }
        let id = self.add_item(name)?;
        self.problem.primary += 1;
        Ok(id)
    }

    /// Declares a secondary item.
    pub fn secondary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.add_item(name)
    }

    /// Declares primary items, in order; stops at the first refused.
    ///
    /// ```
    /// let mut b = dlx_engine::ProblemBuilder::new();
    /// let rows = b.primaries((0..3).map(|r| format!("r{r}"))).unwrap();
    /// assert_eq!(rows.len(), 3);
    /// assert_eq!(b.item("r2"), Some(rows[2]));
    /// ```
    pub fn primaries<N: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = N>,
    ) -> Result<Vec<ItemId>, BuildError> {
        self.declare_all(names, Self::primary)
    }

    /// Declares secondary items, in order; stops at the first refused.
    pub fn secondaries<N: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = N>,
    ) -> Result<Vec<ItemId>, BuildError> {
        self.declare_all(names, Self::secondary)
    }

    /// Declares each of `names` with `declare`, in order; stops at the first refused.
    fn declare_all<N: AsRef<str>>(
        &mut self,
        names: impl IntoIterator<Item = N>,
        declare: fn(&mut Self, &str) -> Result<ItemId, BuildError>,
    ) -> Result<Vec<ItemId>, BuildError> {
        names
            .into_iter()
            .map(|n| declare(self, n.as_ref()))
            .collect()
    }

    /// The color named `name`, created if new. A name with a control character is taken
    /// here, but an option that uses it is refused ([`BuildError::ControlCharacter`]).
    pub fn color(&mut self, name: &str) -> ColorId {
        if let Some(&c) = self.color_by_name.get(name) {
            return c;
        }
        let c = ColorId(self.problem.colors.len() as u32);
        if has_control(name) {
            self.bad_colors.push(c);
        }
        self.problem.colors.push(name.to_string());
        self.color_by_name.insert(name.to_string(), c);
        c
    }

    /// The item named `name`, if declared.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        let problem = &self.problem;
        self.by_name
            .find(self.hasher.hash_one(name), |&k| {
                problem.item_name(ItemId(k)) == name
            })
            .map(|&k| ItemId(k))
    }

    /// The number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.problem.item_count()
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Adds an option; returns its number.
    ///
    /// Fails, leaving the builder unchanged, if an item repeats, a primary item has a color, a
    /// color's name holds a control character, or no item is primary.
    pub fn option(
        &mut self,
        entries: &[(ItemId, Option<ColorId>)],
    ) -> Result<OptionId, BuildError> {
        let stamp = self.problem.option_count() as u32;
        let mut has_primary = false;
        for &(item, color) in entries {
            let Some(seen) = self.seen.get_mut(item.index()) else {
                return Err(BuildError::UnknownItem(item.0));
            };
            if *seen == stamp {
                // Undo the stamps of this option so a retry is not confused.
                for &(i, _) in entries {
                    if self.seen[i.index()] == stamp {
                        self.seen[i.index()] = u32::MAX;
                    }
                }
                return Err(BuildError::RepeatedItem(
                    self.problem.item_name(item).to_string(),
                ));
            }
            *seen = stamp;
            if item.index() < self.problem.primary {
                if color.is_some() {
                    let name = self.problem.item_name(item).to_string();
                    return self.reject(entries, stamp, BuildError::ColorOnPrimary(name));
                }
                has_primary = true;
            }
            if let Some(c) = color
                && self.bad_colors.contains(&c)
            {
                let err = BuildError::ControlCharacter {
                    item: shown(self.problem.item_name(item)),
                    color: Some(shown(&self.problem.colors[c.index()])),
                };
                return self.reject(entries, stamp, err);
            }
        }
        if !has_primary {
            return self.reject(entries, stamp, BuildError::NoPrimary);
        }
        if self.problem.entries.len()
            + entries.len()
            + self.problem.item_count()
            + self.problem.starts.len()
            + 2
            >= MAX_NODES
        {
            return self.reject(entries, stamp, BuildError::TooLarge(MAX_NODES as u64));
        }
        if self.problem.starts.is_empty() {
            self.problem.starts.push(0);
        }
        self.problem
            .entries
            .extend(entries.iter().map(|&(item, color)| Entry { item, color }));
        self.problem.starts.push(self.problem.entries.len() as u32);
        Ok(OptionId(stamp))
    }

    fn reject(
        &mut self,
        entries: &[(ItemId, Option<ColorId>)],
        stamp: u32,
        err: BuildError,
    ) -> Result<OptionId, BuildError> {
        for &(i, _) in entries {
            if let Some(s) = self.seen.get_mut(i.index())
                && *s == stamp
            {
                *s = u32::MAX;
            }
        }
        Err(err)
    }

    /// Adds an option given by item names, with `name:color` for colors.
    pub fn option_by_names(&mut self, names: &[&str]) -> Result<OptionId, BuildError> {
        let mut entries = Vec::with_capacity(names.len());
        for n in names {
            let (name, color) = match n.split_once(':') {
                Some((a, c)) => (a, Some(self.color(c))),
                None => (*n, None),
            };
            let Some(item) = self.item(name) else {
                return Err(BuildError::UnknownItem(u32::MAX));
            };
            entries.push((item, color));
        }
        self.option(&entries)
    }

    /// The finished problem.
    pub fn build(mut self) -> Problem {
        if self.problem.starts.is_empty() {
            self.problem.starts.push(0);
        }
        self.problem
    }
}

/// `s` with its control characters escaped (`\0`, `\u{1b}`), to show a name from the input
/// in a message.
///
/// ```
/// assert_eq!(dlx_engine::problem::shown("a\0b"), "a\\0b");
/// ```
pub fn shown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}
