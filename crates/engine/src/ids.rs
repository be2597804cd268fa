//! The indices of items, options and colors: `u32` newtypes, shared by the problem and
//! everything that reads it (the searches, the propagation hook).

/// An item, by index: primary items come first, `0..primary_count`, then secondary items.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u32);

/// An option, by index in the order options were added to the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub u32);

/// A color, by index in the order color names were first seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorId(pub u32);

impl ItemId {
    /// The index as a `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OptionId {
    /// The index as a `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl ColorId {
    /// The index as a `usize`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
