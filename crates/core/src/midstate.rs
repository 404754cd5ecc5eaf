//! SHA-256 (FIPS 180-4) held as its state after a prefix, so that many
//! hashes sharing the prefix each pay only for their own tail.
//!
//! Every scheme hashes short texts from a shared prefix: a counter hash is
//! `prefix:k`, an HMAC round is one inner and one outer block from the keyed
//! states. sha2's `Digest` API costs about 80 ns for such a one-block hash
//! from a cloned state against 38 ns for the compression alone (criterion,
//! `sha256/*`): its buffering and finish are generic. Here the state after
//! the prefix is eight words and at most 63 pending bytes, and a hash copies
//! them, appends its tail, pads on the stack (FIPS 180-4 §5.1.1) and calls
//! sha2's compression function: nothing is allocated, nothing is formatted.

use sha2::compress256;
use sha2::digest::generic_array::GenericArray;

/// Bytes in a SHA-256 block.
pub(crate) const BLOCK: usize = 64;
/// Where the message's length in bits goes in the last block.
const LENGTH_AT: usize = BLOCK - 8;

/// The initial hash value H(0) (FIPS 180-4 §5.3.3).
pub(crate) const IV: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// SHA-256 after some bytes: the state after their whole blocks, and the
/// bytes of the block not yet full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Midstate {
    state: [u32; 8],
    /// The block not yet full: `pending_len` bytes, then zeros (kept zero
    /// so that a hash copies the block whole and never clears it).
    pending: [u8; BLOCK],
    pending_len: usize,
    /// Bytes absorbed in all, pending ones included.
    length: u64,
}

impl Default for Midstate {
    fn default() -> Self {
        Self::new()
    }
}

impl Midstate {
    /// Returns the state before any byte.
    pub const fn new() -> Self {
        Self {
            state: IV,
            pending: [0; BLOCK],
            pending_len: 0,
            length: 0,
        }
    }

    /// Absorbs `bytes`, compressing every block they complete.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        if self.pending_len > 0 {
            let take = bytes.len().min(BLOCK - self.pending_len);
            self.pending[self.pending_len..self.pending_len + take].copy_from_slice(&bytes[..take]);
            self.pending_len += take;
            bytes = &bytes[take..];
            if self.pending_len < BLOCK {
                return;
            }
            compress(&mut self.state, &self.pending);
            self.pending = [0; BLOCK];
            self.pending_len = 0;
        }
        let mut blocks = bytes.chunks_exact(BLOCK);
        for block in &mut blocks {
            compress(&mut self.state, block);
        }
        let rest = blocks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.pending_len = rest.len();
    }

    /// Returns this state having absorbed `bytes`.
    #[must_use]
    pub fn chain(mut self, bytes: &[u8]) -> Self {
        self.update(bytes);
        self
    }

    /// Returns the digest of what was absorbed followed by `tail`, as its
    /// eight big-endian words; this state is left as it was.
    #[inline]
    pub fn words_with(&self, tail: &[u8]) -> [u32; 8] {
        finish(
            self.state,
            self.pending,
            self.pending_len,
            self.length + tail.len() as u64,
            tail,
        )
    }

    /// Returns the digest of what was absorbed followed by `tail`.
    pub fn digest_with(&self, tail: &[u8]) -> [u8; 32] {
        be_bytes(self.words_with(tail))
    }

    /// Returns the digest of what was absorbed.
    pub fn digest(&self) -> [u8; 32] {
        self.digest_with(&[])
    }
}

/// Returns the digest of a message of `length` bytes in all, of which the
/// state after the whole blocks is `state`, the block not yet full is
/// `block` (`at` bytes, then zeros) and the last bytes are `tail`: appends
/// the tail, then pads (a one bit, zeros, the length in bits as a 64-bit
/// big-endian number, to a whole number of blocks) and compresses what that
/// adds.
#[inline]
pub(crate) fn finish(
    mut state: [u32; 8],
    mut block: [u8; BLOCK],
    mut at: usize,
    length: u64,
    mut tail: &[u8],
) -> [u32; 8] {
    while at + tail.len() >= BLOCK {
        let (now, later) = tail.split_at(BLOCK - at);
        block[at..].copy_from_slice(now);
        compress(&mut state, &block);
        block = [0; BLOCK];
        at = 0;
        tail = later;
    }
    block[at..at + tail.len()].copy_from_slice(tail);
    at += tail.len();
    block[at] = 0x80;
    if at >= LENGTH_AT {
        compress(&mut state, &block);
        block = [0; BLOCK];
    }
    block[LENGTH_AT..].copy_from_slice(&length.wrapping_mul(8).to_be_bytes());
    compress(&mut state, &block);
    state
}

/// Returns the digest's 32 bytes: its words, big-endian.
pub(crate) fn be_bytes(words: [u32; 8]) -> [u8; 32] {
    let mut digest = [0; 32];
    for (bytes, word) in digest.chunks_exact_mut(4).zip(words) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

/// Runs the compression function on one block.
pub(crate) fn compress(state: &mut [u32; 8], block: &[u8]) {
    compress256(state, std::slice::from_ref(GenericArray::from_slice(block)));
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::*;

    #[test]
    fn abc_is_the_fips_example() {
        // FIPS 180-2, appendix B.1; also `printf abc | sha256sum`.
        assert_eq!(
            hex::encode(Midstate::new().chain(b"abc").digest()),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn every_split_of_every_length_agrees_with_sha2() {
        // Lengths around every padding boundary (55, 56, 63, 64, 119, 120,
        // 128) and every split of the message into prefix, second update and
        // tail; sha2's own hasher is the reference.
        let message: Vec<u8> = (0..=200u8).map(|b| b.wrapping_mul(37)).collect();
        for len in 0..=message.len() {
            let text = &message[..len];
            let expected: [u8; 32] = Sha256::digest(text).into();
            for split in [0, 1, len / 3, len / 2, len.saturating_sub(1), len] {
                let (prefix, rest) = text.split_at(split.min(len));
                let second = rest.len() / 2;
                let state = Midstate::new().chain(prefix).chain(&rest[..second]);
                assert_eq!(
                    state.digest_with(&rest[second..]),
                    expected,
                    "{len} {split}"
                );
            }
        }
    }

    #[test]
    fn a_hash_leaves_the_state_for_the_next() {
        let after = Midstate::new().chain(&[b'a'; 64]);
        let first = after.digest_with(b":0");
        let second = after.digest_with(b":1");
        assert_eq!(
            first,
            <[u8; 32]>::from(Sha256::digest(
                [b'a'; 64].iter().chain(b":0").copied().collect::<Vec<u8>>()
            ))
        );
        assert_eq!(
            second,
            <[u8; 32]>::from(Sha256::digest(
                [b'a'; 64].iter().chain(b":1").copied().collect::<Vec<u8>>()
            ))
        );
        assert_eq!(
            after.words_with(b":0")[0],
            u32::from_be_bytes([first[0], first[1], first[2], first[3]])
        );
    }
}
