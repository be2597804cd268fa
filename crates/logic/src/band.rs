//! Difficulty bands by name and by range, for the faces that ask for one (`--band hard`).

use crate::solver::Band;

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 6] = [
        Band::Easy,
        Band::Medium,
        Band::Hard,
        Band::Fiendish,
        Band::Diabolical,
        Band::Extreme,
    ];

    /// The ER range of the band, both ends included: every rating in tenths from 1.0 up that
    /// [`Band::of`] puts in it (the last band has no upper end: `f64::MAX`).
    pub fn range(self) -> (f64, f64) {
        let tenths: Vec<u32> = (10..=200)
            .filter(|&t| Band::of(f64::from(t) / 10.0) == self)
            .collect();
        let lo = f64::from(tenths.first().copied().unwrap_or(10)) / 10.0;
        let hi = f64::from(tenths.last().copied().unwrap_or(200)) / 10.0;
        (lo, if self == Band::Extreme { f64::MAX } else { hi })
    }

    /// The variant generator's filter for this band: puzzles rated in [`Band::range`] by
    /// the logic on their rules ([`crate::rate_variant_below`], which stops at the first step
    /// above the range).
    pub fn variant_filter(self) -> dlx_variants::generate::RatingFilter {
        let (lo, hi) = self.range();
        dlx_variants::generate::RatingFilter::new(move |p| crate::rate_variant_below(p, hi), lo, hi)
    }
}

impl std::str::FromStr for Band {
    type Err = String;
    fn from_str(s: &str) -> Result<Band, String> {
        Band::ALL
            .into_iter()
            .find(|b| b.as_str() == s.trim())
            .ok_or_else(|| {
                format!("unknown band `{s}` (easy, medium, hard, fiendish, diabolical, extreme)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_by_name_and_cover_their_ranges() {
        assert_eq!(Band::Easy.range(), (1.0, 2.0));
        assert_eq!(Band::Hard.range(), (3.0, 3.9));
        assert_eq!(Band::Diabolical.range(), (6.0, 8.9));
        assert_eq!(Band::Extreme.range().0, 9.0);
        for b in Band::ALL {
            assert_eq!(b.as_str().parse::<Band>(), Ok(b));
            let (lo, hi) = b.range();
            assert_eq!(Band::of(lo), b);
            assert_eq!(Band::of(hi.min(20.0)), b);
        }
        assert!("brutal".parse::<Band>().is_err());
    }
}
