//! SHA-256 and SHA-512 (FIPS 180-4): what the generic hashing of this
//! module needs of each, over sha2's compression functions.
//!
//! The two differ only in numbers: a 64- or 128-byte block, a length field
//! of 64 or 128 bits, eight 32- or 64-bit words of state and their initial
//! values. Everything else (absorbing, padding, HMAC's key schedule, the
//! counter stream, counting blocks) is written once over [`Sha2`].

use std::fmt;

use serde::Serialize;
use sha2::digest::generic_array::GenericArray;
use sha2::{compress256, compress512};

use super::lanes::compress256_x2;

/// Which SHA-2 function: a bench report names each by [`Algorithm::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// SHA-256.
    Sha256,
    /// SHA-512.
    Sha512,
}

impl Algorithm {
    /// Every function here, in the order reports list them.
    pub const ALL: [Self; 2] = [Self::Sha256, Self::Sha512];

    /// Returns the name a report gives it: `sha256`, `sha512`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Sha256 => "sha256",
            Self::Sha512 => "sha512",
        }
    }

    /// Returns the name a person reads: `SHA-256`, `SHA-512`.
    pub const fn title(self) -> &'static str {
        match self {
            Self::Sha256 => "SHA-256",
            Self::Sha512 => "SHA-512",
        }
    }

    /// Returns the bytes of one of its blocks.
    pub const fn block_bytes(self) -> usize {
        match self {
            Self::Sha256 => Sha256::BLOCK,
            Self::Sha512 => Sha512::BLOCK,
        }
    }

    /// Returns the bytes of the longest message that pads into one block.
    pub const fn one_block_message(self) -> usize {
        match self {
            Self::Sha256 => Sha256::ONE_BLOCK_MESSAGE,
            Self::Sha512 => Sha512::ONE_BLOCK_MESSAGE,
        }
    }

    /// Its position in [`Algorithm::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

mod sealed {
    /// Keeps [`Sha2`](super::Sha2) to the functions of this file: each one
    /// is an [`Algorithm`](super::Algorithm) the benches measure.
    pub trait Sealed {}
}

/// A SHA-2 function: its block and state, and sha2's compression function
/// on them. Implemented by [`Sha256`] and [`Sha512`] only (SHA-224 and
/// SHA-384 would each be an IV and a shorter digest here).
pub trait Sha2: sealed::Sealed + Copy + fmt::Debug + Eq + 'static {
    /// Which function this is.
    const ALGORITHM: Algorithm;
    /// Bytes in a block.
    const BLOCK: usize;
    /// Bytes of the message's length in bits, at the end of the last block
    /// (FIPS 180-4 §5.1).
    const LENGTH_BYTES: usize;
    /// Bytes of the digest.
    const DIGEST: usize;
    /// The longest message that pads into a single block: a block less the
    /// 0x80 byte and the length.
    const ONE_BLOCK_MESSAGE: usize = Self::BLOCK - 1 - Self::LENGTH_BYTES;

    /// The eight words of state.
    type State: Copy + fmt::Debug + Eq;
    /// One block of bytes.
    type Block: Copy + fmt::Debug + Eq + AsRef<[u8]> + AsMut<[u8]>;
    /// The digest's bytes.
    type Digest: Copy + fmt::Debug + Eq + AsRef<[u8]> + AsMut<[u8]>;
    /// The digest read as u32 big-endian numbers, in order: eight for
    /// SHA-256 (its state), sixteen for SHA-512 (each word's high half,
    /// then its low half).
    type Words: Copy + fmt::Debug + Eq + Default + AsRef<[u32]>;

    /// The initial hash value H(0).
    const IV: Self::State;
    /// A block of zeros.
    const ZERO_BLOCK: Self::Block;
    /// How many independent blocks [`Sha2::compress_pair`] compresses in
    /// about the time of one: 2 where a two-lane compression exists (on a
    /// CPU it does not serve, the pair's blocks are compressed in turn, as
    /// fast as one at a time), 1 where it calls the compression function
    /// once per block.
    const LANES: usize;

    /// Runs the compression function on one block of [`Sha2::BLOCK`] bytes.
    fn compress(state: &mut Self::State, block: &[u8]);
    /// Compresses `blocks[0]` into `states[0]` and `blocks[1]` into
    /// `states[1]`.
    #[inline]
    fn compress_pair(states: &mut [Self::State; 2], blocks: [&Self::Block; 2]) {
        for (state, block) in states.iter_mut().zip(blocks) {
            Self::compress(state, block.as_ref());
        }
    }
    /// Returns the digest of a finished state as u32 numbers.
    fn words(state: &Self::State) -> Self::Words;
    /// Returns the digest of a finished state.
    fn digest(state: &Self::State) -> Self::Digest;
}

/// SHA-256: 64-byte blocks, a 64-bit length, eight u32 words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sha256;

impl sealed::Sealed for Sha256 {}

impl Sha2 for Sha256 {
    const ALGORITHM: Algorithm = Algorithm::Sha256;
    const BLOCK: usize = 64;
    const LENGTH_BYTES: usize = 8;
    const DIGEST: usize = 32;

    type State = [u32; 8];
    type Block = [u8; 64];
    type Digest = [u8; 32];
    type Words = [u32; 8];

    /// FIPS 180-4 §5.3.3.
    const IV: [u32; 8] = [
        0x6a09_e667,
        0xbb67_ae85,
        0x3c6e_f372,
        0xa54f_f53a,
        0x510e_527f,
        0x9b05_688c,
        0x1f83_d9ab,
        0x5be0_cd19,
    ];
    const ZERO_BLOCK: [u8; 64] = [0; 64];
    const LANES: usize = 2;

    #[inline]
    fn compress(state: &mut [u32; 8], block: &[u8]) {
        compress256(state, std::slice::from_ref(GenericArray::from_slice(block)));
    }

    /// Both blocks in one call of [`compress256_x2`], whose lanes overlap.
    #[inline]
    fn compress_pair(states: &mut [[u32; 8]; 2], blocks: [&[u8; 64]; 2]) {
        compress256_x2(states, blocks);
    }

    #[inline]
    fn words(state: &[u32; 8]) -> [u32; 8] {
        *state
    }

    #[inline]
    fn digest(state: &[u32; 8]) -> [u8; 32] {
        let mut digest = [0; 32];
        for (bytes, word) in digest.chunks_exact_mut(4).zip(state) {
            bytes.copy_from_slice(&word.to_be_bytes());
        }
        digest
    }
}

/// SHA-512: 128-byte blocks, a 128-bit length, eight u64 words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sha512;

impl sealed::Sealed for Sha512 {}

impl Sha2 for Sha512 {
    const ALGORITHM: Algorithm = Algorithm::Sha512;
    const BLOCK: usize = 128;
    const LENGTH_BYTES: usize = 16;
    const DIGEST: usize = 64;

    type State = [u64; 8];
    type Block = [u8; 128];
    type Digest = [u8; 64];
    type Words = [u32; 16];

    /// FIPS 180-4 §5.3.5.
    const IV: [u64; 8] = [
        0x6a09_e667_f3bc_c908,
        0xbb67_ae85_84ca_a73b,
        0x3c6e_f372_fe94_f82b,
        0xa54f_f53a_5f1d_36f1,
        0x510e_527f_ade6_82d1,
        0x9b05_688c_2b3e_6c1f,
        0x1f83_d9ab_fb41_bd6b,
        0x5be0_cd19_137e_2179,
    ];
    const ZERO_BLOCK: [u8; 128] = [0; 128];
    const LANES: usize = 1;

    #[inline]
    fn compress(state: &mut [u64; 8], block: &[u8]) {
        compress512(state, std::slice::from_ref(GenericArray::from_slice(block)));
    }

    #[inline]
    fn words(state: &[u64; 8]) -> [u32; 16] {
        let mut words = [0; 16];
        for (pair, word) in words.chunks_exact_mut(2).zip(state) {
            // OK because each half is 32 bits.
            pair[0] = u32::try_from(word >> 32).unwrap_or(0);
            pair[1] = u32::try_from(word & 0xffff_ffff).unwrap_or(0);
        }
        words
    }

    #[inline]
    fn digest(state: &[u64; 8]) -> [u8; 64] {
        let mut digest = [0; 64];
        for (bytes, word) in digest.chunks_exact_mut(8).zip(state) {
            bytes.copy_from_slice(&word.to_be_bytes());
        }
        digest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_those_of_each_type() {
        // A mismatch between a constant and its type's size would slice
        // wrongly at run time; here it fails at once.
        fn sizes<H: Sha2>() -> [usize; 4] {
            [
                H::ZERO_BLOCK.as_ref().len(),
                H::digest(&H::IV).as_ref().len(),
                H::words(&H::IV).as_ref().len() * 4,
                H::ONE_BLOCK_MESSAGE,
            ]
        }
        assert_eq!(sizes::<Sha256>(), [64, 32, 32, 55]);
        assert_eq!(sizes::<Sha512>(), [128, 64, 64, 111]);
        for algorithm in Algorithm::ALL {
            assert_eq!(Algorithm::ALL[algorithm.index()], algorithm);
        }
        assert_eq!(Algorithm::Sha512.block_bytes(), 128);
        assert_eq!(Algorithm::Sha256.to_string(), "sha256");
        assert_eq!(
            serde_json::to_value(Algorithm::Sha512).unwrap(),
            serde_json::json!("sha512")
        );
    }

    #[test]
    fn sha512_words_are_the_digest_read_as_u32_big_endian() {
        let state = [0x0102_0304_0506_0708_u64; 8];
        let words = Sha512::words(&state);
        let digest = Sha512::digest(&state);
        for (word, bytes) in words.iter().zip(digest.chunks_exact(4)) {
            assert_eq!(
                *word,
                u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
            );
        }
        assert_eq!(words[..2], [0x0102_0304, 0x0506_0708]);
    }
}
