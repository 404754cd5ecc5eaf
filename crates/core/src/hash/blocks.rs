//! Blocks, counted per hash function for the hash-bound limit of `fairdeal
//! bench` (docs/performance.md, "Counting blocks").
//!
//! A SHA-2 function pads a message with the byte 0x80 and its length, so a
//! message of L bytes takes ceil((L + 1 + length bytes) / block)
//! compressions: ceil((L + 9) / 64) for SHA-256, ceil((L + 17) / 128) for
//! SHA-512. A hasher whose state after a prefix is kept ([`Midstate`]) pays
//! for the prefix's whole blocks once; each hash from that state compresses
//! only the rest of the prefix, its own tail and the padding. A SHA-512
//! block costs more than a SHA-256 one, so the counts are kept apart
//! ([`Blocks`]) and each is priced at its own function's cost.
//!
//! [`Midstate`]: super::Midstate

use std::ops::Add;

use super::{Algorithm, Sha2};

/// The blocks one deal compresses, per hash function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Blocks([u64; Algorithm::ALL.len()]);

impl Blocks {
    /// No block of any function.
    pub const NONE: Self = Self([0; Algorithm::ALL.len()]);

    /// Returns `count` blocks of `H`.
    pub const fn of<H: Sha2>(count: u64) -> Self {
        let mut counts = [0; Algorithm::ALL.len()];
        counts[H::ALGORITHM.index()] = count;
        Self(counts)
    }

    /// Returns the blocks of `algorithm`.
    pub const fn get(self, algorithm: Algorithm) -> u64 {
        self.0[algorithm.index()]
    }

    /// Returns each function with its blocks, those with none left out, in
    /// the order of [`Algorithm::ALL`].
    pub fn iter(self) -> impl Iterator<Item = (Algorithm, u64)> {
        Algorithm::ALL
            .into_iter()
            .map(move |a| (a, self.get(a)))
            .filter(|&(_, n)| n > 0)
    }

    /// Whether no block of any function is counted.
    pub fn is_empty(self) -> bool {
        self.iter().next().is_none()
    }
}

impl Add for Blocks {
    type Output = Self;

    fn add(mut self, other: Self) -> Self {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
        self
    }
}

/// Returns the blocks of `H` that finish a message whose last `len` bytes
/// follow a block boundary: ceil((len + 1 + length bytes) / block). For a
/// whole message hashed alone, `len` is its length.
pub const fn message<H: Sha2>(len: usize) -> u64 {
    (len + 1 + H::LENGTH_BYTES).div_ceil(H::BLOCK) as u64
}

/// Returns the whole blocks of `H` in a `len`-byte prefix, compressed once.
pub const fn whole_blocks<H: Sha2>(len: usize) -> u64 {
    (len / H::BLOCK) as u64
}

/// Returns the decimal digits of `n`, as the methods write counters.
pub const fn digits(n: u64) -> usize {
    if n < 10 { 1 } else { 1 + digits(n / 10) }
}

/// Returns the hashes of `H` a counter stream makes for its first
/// `numbers` u32 numbers (eight a SHA-256 digest, sixteen a SHA-512 one).
pub const fn hashes<H: Sha2>(numbers: usize) -> u64 {
    numbers.div_ceil(H::DIGEST / 4) as u64
}

/// Returns the blocks of a counter stream H(prefix + k), k = 0, 1, ... up
/// to the hash that holds number `numbers - 1`, the state after the
/// prefix's whole blocks shared ([`Counter`](super::Counter)). `prefix`
/// counts every byte before k, the colon included.
pub fn counter<H: Sha2>(prefix: usize, numbers: usize) -> u64 {
    whole_blocks::<H>(prefix)
        + (0..hashes::<H>(numbers))
            .map(|k| message::<H>(prefix % H::BLOCK + digits(k)))
            .sum::<u64>()
}

/// Returns the blocks of an HMAC key schedule for a `key`-byte key, done
/// once per key: a key longer than a block is hashed first, then the inner
/// and the outer key block.
pub const fn hmac_key<H: Sha2>(key: usize) -> u64 {
    let long_key = if key > H::BLOCK { message::<H>(key) } else { 0 };
    long_key + 2
}

/// Returns the blocks of a keyed counter stream HMAC(key, prefix + k) past
/// its key schedule ([`hmac_key`]): the inner hashes as [`counter`], and for
/// each an outer hash of one block after K' ^ opad, finishing the inner
/// digest.
pub fn hmac_counter<H: Sha2>(prefix: usize, numbers: usize) -> u64 {
    counter::<H>(prefix, numbers) + hashes::<H>(numbers) * message::<H>(H::DIGEST)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hash::{Sha256, Sha512};

    #[test]
    fn padding_adds_a_block_from_56_bytes() {
        assert_eq!(message::<Sha256>(0), 1);
        assert_eq!(message::<Sha256>(55), 1);
        assert_eq!(message::<Sha256>(56), 2);
        assert_eq!(message::<Sha256>(64), 2);
        assert_eq!(message::<Sha256>(119), 2);
        assert_eq!(message::<Sha256>(120), 3);
        assert_eq!(digits(0), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(u64::MAX), 20);
    }

    #[test]
    fn sha512_pads_a_128_byte_block_from_112_bytes() {
        assert_eq!(message::<Sha512>(0), 1);
        assert_eq!(message::<Sha512>(111), 1);
        assert_eq!(message::<Sha512>(112), 2);
        assert_eq!(message::<Sha512>(128), 2);
        assert_eq!(message::<Sha512>(239), 2);
        assert_eq!(message::<Sha512>(240), 3);
        assert_eq!(whole_blocks::<Sha512>(127), 0);
        assert_eq!(whole_blocks::<Sha512>(128), 1);
        assert_eq!(hashes::<Sha512>(16), 1);
        assert_eq!(hashes::<Sha512>(17), 2);
    }

    #[test]
    fn counter_blocks_grow_with_the_prefix_and_the_counter() {
        // 23 numbers: k = 0, 1, 2, each one block.
        assert_eq!(counter::<Sha256>(8, 23), 3);
        // A 60-byte prefix leaves no room for the padding: 60 + 1 + 9 = 70
        // bytes, two blocks for the one hash.
        assert_eq!(counter::<Sha256>(60, 8), 2);
        // A 70-byte prefix: one whole block once, then 6 + 1 + 9 each.
        assert_eq!(counter::<Sha256>(70, 16), 1 + 2);
        // The same 23 numbers from SHA-512: two hashes of sixteen.
        assert_eq!(counter::<Sha512>(8, 23), 2);
        // A 110-byte prefix: 110 + 1 + 17 = 128, one block; from k = 10,
        // 110 + 2 + 17 = 129, two. 11 hashes hold 176 numbers.
        assert_eq!(counter::<Sha512>(110, 176), 10 + 2);
    }

    #[test]
    fn hmac_blocks_are_the_key_schedule_and_two_hashes_a_round() {
        assert_eq!(hmac_key::<Sha256>(64), 2);
        assert_eq!(hmac_key::<Sha256>(65), 2 + 2);
        assert_eq!(hmac_key::<Sha512>(128), 2);
        assert_eq!(hmac_key::<Sha512>(129), 2 + 2);
        // The outer hash of SHA-256 finishes 32 + 9 bytes, of SHA-512 64 +
        // 17: one block each.
        assert_eq!(hmac_counter::<Sha256>(8, 416), 52 * 2);
        assert_eq!(hmac_counter::<Sha512>(8, 416), 26 * 2);
    }

    #[test]
    fn blocks_are_kept_apart_per_function() {
        let mixed = Blocks::of::<Sha256>(2) + Blocks::of::<Sha512>(30) + Blocks::of::<Sha256>(1);
        assert_eq!(mixed.get(Algorithm::Sha256), 3);
        assert_eq!(mixed.get(Algorithm::Sha512), 30);
        assert_eq!(
            mixed.iter().collect::<Vec<_>>(),
            [(Algorithm::Sha256, 3), (Algorithm::Sha512, 30)]
        );
        assert!(Blocks::NONE.is_empty());
        assert!(Blocks::of::<Sha512>(0).is_empty());
        assert_eq!(
            Blocks::of::<Sha512>(4).iter().collect::<Vec<_>>(),
            [(Algorithm::Sha512, 4)]
        );
    }
}
