//! The game seed and the streams drawn from it (docs/schemes/showdown.md,
//! step 2: the game seed, and step 3: the streams).

use fairdeal_core::hash::{Midstate, Sha256};

use crate::{SplitMix64, Xoshiro256StarStar};

/// G = SHA-256(house_seed + ":" + phrase), the 32 bytes every stream mixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSeed([u8; 32]);

impl GameSeed {
    /// Returns the game seed of `house_seed` and `phrase`; the phrase's
    /// UTF-8 bytes are hashed as given (no trimming, no normalisation).
    pub fn new(house_seed: &str, phrase: &str) -> Self {
        let digest = Midstate::<Sha256>::new()
            .chain(house_seed.as_bytes())
            .chain(b":")
            .chain(phrase.as_bytes())
            .digest();
        Self(digest)
    }

    /// Returns the 32 bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Returns stream `n`: 0 for the game's set-up, n for hand n.
    ///
    /// The state is G's four big-endian words XOR the first four SplitMix64
    /// outputs from state n.
    // Inlined into the shuffle's caller: returned through memory from a
    // call, the generator's state stayed in memory for the whole shuffle.
    #[inline]
    pub fn stream(&self, n: u64) -> Xoshiro256StarStar {
        let mut mix = SplitMix64::new(n);
        let mut s = [0; 4];
        for (word, bytes) in s.iter_mut().zip(self.0.chunks_exact(8)) {
            let mut be = [0; 8];
            be.copy_from_slice(bytes);
            *word = u64::from_be_bytes(be) ^ mix.next_u64();
        }
        Xoshiro256StarStar::new(s)
    }

    /// Returns the lowercase hex of G.
    pub fn to_hex(&self) -> String {
        let mut digits = [0; 64];
        // OK because 64 digits is room for 32 bytes; `hex::encode` goes
        // char by char, and every kitchen-table deal of an audit does this.
        let _ = hex::encode_to_slice(self.0, &mut digits);
        String::from_utf8_lossy(&digits).into_owned()
    }
}
