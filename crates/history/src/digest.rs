//! [`digest`]: the 128 bits of SHA-256 a history keeps of a secret, a deal
//! or a nonce, in place of the thing itself.
//!
//! A history of a million receipts keeps one such digest per receipt and
//! check, never the receipts. Two different things share a digest with
//! probability about n² / 2¹²⁹ among n of them: for a billion receipts,
//! under 10⁻²⁰ (docs/history.md, "Memory").

use sha2::{Digest, Sha256};

/// A 128-bit digest.
pub type Key = u128;

/// Returns the first 128 bits of SHA-256 of `parts`, each preceded by its
/// length, so that no two lists of parts are hashed as the same bytes.
pub fn digest<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Key {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(u64::try_from(part.len()).unwrap_or(u64::MAX).to_le_bytes());
        hash.update(part);
    }
    let out = hash.finalize();
    let mut first = [0_u8; 16];
    first.copy_from_slice(&out[..16]);
    u128::from_le_bytes(first)
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
