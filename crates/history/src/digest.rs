//! [`digest`]: the 128 bits of SHA-256 a history keeps of a secret, a deal
//! or a nonce, in place of the thing itself.
//!
//! A history of a million receipts keeps one such digest per receipt and
//! check, never the receipts. Two different things share a digest with
//! probability about n² / 2¹²⁹ among n of them: for a billion receipts,
//! under 10⁻²⁰ (docs/history.md, "Memory").

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use sha2::{Digest, Sha256};

/// A 128-bit digest, as two words: aligned as a `u64`, so that a map entry
/// of a key and a line takes 24 bytes, not 32.
pub type Key = [u64; 2];

/// A map keyed by digests, hashed by folding the digest's own words: a
/// SHA-256 digest is already uniform, and hashing it again would only cost
/// time.
pub type Map<V> = HashMap<Key, V, BuildHasherDefault<Folded>>;

/// The hasher of [`Map`]: the words written, folded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Folded(u64);

impl Hasher for Folded {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0_u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = self.0.rotate_left(5) ^ u64::from_le_bytes(word);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = word;
    }
}

/// Returns the first 128 bits of SHA-256 of `parts`, each preceded by its
/// length, so that no two lists of parts are hashed as the same bytes.
pub fn digest<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Key {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(u64::try_from(part.len()).unwrap_or(u64::MAX).to_le_bytes());
        hash.update(part);
    }
    let out = hash.finalize();
    let word = |at: usize| {
        let mut bytes = [0_u8; 8];
        bytes.copy_from_slice(&out[at..at + 8]);
        u64::from_le_bytes(bytes)
    };
    [word(0), word(8)]
}

/// Returns the bytes of `key`, to hash it with others.
pub fn bytes(key: Key) -> [u8; 16] {
    let mut out = [0_u8; 16];
    out[..8].copy_from_slice(&key[0].to_le_bytes());
    out[8..].copy_from_slice(&key[1].to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_told_apart_by_their_lengths() {
        let ab: [&[u8]; 2] = [b"ab", b"c"];
        let a_bc: [&[u8]; 2] = [b"a", b"bc"];
        assert_ne!(digest(ab), digest(a_bc));
        assert_eq!(digest(ab), digest([&b"ab"[..], &b"c"[..]]));
    }
}
