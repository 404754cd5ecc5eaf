//! A message short enough to pad into one block, hashed in one go
//! (FIPS 180-4 §5.1: the message, the byte 0x80, zeros, its length in bits):
//! the lock of `sfc32-lock`, the fingerprint of `atout-v1`'s secret, most
//! receipts' texts.

use super::copy::copy_short;
use super::midstate::Rest;
use super::{Midstate, Sha2};

/// Returns the digest of the text made of `parts` joined, without joining
/// them.
///
/// A text of at most [`Sha2::ONE_BLOCK_MESSAGE`] bytes is written into one
/// block on the stack, padded by [`Rest::finish`] as every hash here is,
/// and compressed once from the IV, without the [`Midstate`]'s buffering;
/// a longer one goes through [`Midstate`]. On the Intel Xeon of
/// docs/performance.md the buffering cost about a third of a one-block
/// lock beyond its compression (issue 26). `parts` is walked twice (the
/// length, then the bytes), so it is any iterator that can be cloned.
pub fn digest_parts<'a, H: Sha2>(
    parts: impl IntoIterator<Item = &'a [u8], IntoIter: Clone>,
) -> H::Digest {
    let parts = parts.into_iter();
    let length: usize = parts.clone().map(<[u8]>::len).sum();
    if length > H::ONE_BLOCK_MESSAGE {
        let mut hasher = Midstate::<H>::new();
        for part in parts {
            hasher.update(part);
        }
        return hasher.digest();
    }
    let mut block = H::ZERO_BLOCK;
    let mut at = 0;
    for part in parts {
        copy_short(&mut block.as_mut()[at..at + part.len()], part);
        at += part.len();
    }
    let rest = Rest::<H> {
        state: H::IV,
        block,
        at,
        length: length as u64,
        tail: &[],
    };
    H::digest(&rest.finish())
}

#[cfg(test)]
mod tests {
    use sha2::Digest;

    use super::*;
    use crate::hash::{Sha256, Sha512};

    fn agrees_with_sha2<H: Sha2, R: Digest>() {
        // Every length up to two blocks and past, the text split at every
        // point into two parts and at two points into three (empty parts
        // too): the one-block path and the buffered one alike.
        let text: Vec<u8> = (0..=2 * H::BLOCK + 3)
            .map(|i| u8::try_from(i * 7 % 251).unwrap())
            .collect();
        for len in 0..text.len() {
            let message = &text[..len];
            let expected = R::digest(message);
            for cut in 0..=len {
                let (a, b) = message.split_at(cut);
                let got = digest_parts::<H>([a, b]);
                assert_eq!(got.as_ref(), expected.as_slice(), "{len} cut at {cut}");
                let (b1, b2) = b.split_at(b.len() / 2);
                let got = digest_parts::<H>([a, b1, b2]);
                assert_eq!(
                    got.as_ref(),
                    expected.as_slice(),
                    "{len} cut at {cut} and after"
                );
            }
        }
        assert_eq!(
            digest_parts::<H>([]).as_ref(),
            R::digest(b"").as_slice(),
            "no parts"
        );
    }

    #[test]
    fn every_length_and_split_agrees_with_sha2() {
        agrees_with_sha2::<Sha256, sha2::Sha256>();
        agrees_with_sha2::<Sha512, sha2::Sha512>();
    }

    #[test]
    fn the_published_abc() {
        // FIPS 180-2 appendix B.1: SHA-256("abc") = ba7816bf ... f20015ad.
        let digest = digest_parts::<Sha256>([&b"a"[..], b"bc"]);
        assert_eq!(digest[..4], [0xba, 0x78, 0x16, 0xbf]);
        assert_eq!(digest[28..], [0xf2, 0x00, 0x15, 0xad]);
    }
}
