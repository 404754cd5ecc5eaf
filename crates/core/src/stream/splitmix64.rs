//! SplitMix64 (Sebastiano Vigna, public domain), docs/schemes/showdown.md,
//! step 3: the streams.

/// The SplitMix64 generator: a 64-bit counter stepped by the golden-ratio
/// increment and scrambled on output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    x: u64,
}

/// The Weyl increment: 2^64 / φ, rounded to odd.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl SplitMix64 {
    /// Returns the generator whose state is `x`. Decision
    /// (docs/schemes/showdown.md, step 3: the streams): stream n starts from
    /// x = n itself; the increment comes first.
    pub const fn new(x: u64) -> Self {
        Self { x }
    }

    /// Returns the next output.
    pub fn next_u64(&mut self) -> u64 {
        // x = x + 0x9E3779B97F4A7C15; z = x;
        self.x = self.x.wrapping_add(GOLDEN_GAMMA);
        let mut z = self.x;
        // z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        // z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        // return z ^ (z >> 31);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_stability() {
        // From a build of Vigna's splitmix64.c (gcc, outside the project) and
        // the Python port's self-test: the first output from state 0.
        let mut g = SplitMix64::new(0);
        assert_eq!(g.next_u64(), 0xE220_A839_7B1D_CDAF);
    }
}
