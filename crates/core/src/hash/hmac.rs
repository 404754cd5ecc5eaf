//! HMAC (RFC 2104, FIPS 198-1) over any [`Sha2`], from its two keyed
//! states.
//!
//! HMAC(K, m) = H((K' ^ opad) || H((K' ^ ipad) || m)), where K' is the key
//! padded with zeros to a block (or hashed first when it is longer than a
//! block). The blocks K' ^ ipad and K' ^ opad are compressed once per key;
//! a short message then costs one inner block and one outer block.

use super::midstate::{Rest, finish_pair};
use super::{Midstate, Sha2};

/// The inner pad's byte (RFC 2104 §2).
const IPAD: u8 = 0x36;
/// The outer pad's byte (RFC 2104 §2).
const OPAD: u8 = 0x5c;

/// HMAC with its key schedule done: the inner state (after K' ^ ipad and
/// any message absorbed so far) and the outer state's words (after the one
/// block K' ^ opad).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hmac<H: Sha2> {
    inner: Midstate<H>,
    outer: H::State,
}

impl<H: Sha2> Hmac<H> {
    /// Returns the MAC keyed with `key`, of any length.
    pub fn new(key: &[u8]) -> Self {
        let mut padded = H::ZERO_BLOCK;
        if key.len() > H::BLOCK {
            let digest = Midstate::<H>::new().chain(key).digest();
            padded.as_mut()[..H::DIGEST].copy_from_slice(digest.as_ref());
        } else {
            padded.as_mut()[..key.len()].copy_from_slice(key);
        }
        let xor = |pad: u8| {
            let mut block = padded;
            for byte in block.as_mut() {
                *byte ^= pad;
            }
            block
        };
        let mut outer = H::IV;
        H::compress(&mut outer, xor(OPAD).as_ref());
        Self {
            inner: Midstate::new().chain(xor(IPAD).as_ref()),
            outer,
        }
    }

    /// Absorbs `bytes` of the message.
    pub fn update(&mut self, bytes: &[u8]) {
        self.inner.update(bytes);
    }

    /// Returns this MAC having absorbed `bytes` of the message.
    #[must_use]
    pub fn chain(mut self, bytes: &[u8]) -> Self {
        self.update(bytes);
        self
    }

    /// Returns the outer hash's final state for the message absorbed
    /// followed by `tail`: it finishes the inner digest after K' ^ opad.
    #[inline]
    fn state_with(&self, tail: &[u8]) -> H::State {
        let inner = self.inner.digest_with(tail);
        self.outer_rest(inner.as_ref()).finish()
    }

    /// Returns the outer hash's rest: the inner digest after the block
    /// K' ^ opad.
    #[inline]
    fn outer_rest<'a>(&self, inner: &'a [u8]) -> Rest<'a, H> {
        Rest {
            state: self.outer,
            block: H::ZERO_BLOCK,
            at: 0,
            length: (H::BLOCK + H::DIGEST) as u64,
            tail: inner,
        }
    }

    /// Returns the MAC of the message absorbed followed by `tail`, as
    /// big-endian u32 numbers ([`Sha2::Words`]); this state is left as it
    /// was.
    #[inline]
    pub fn words_with(&self, tail: &[u8]) -> H::Words {
        H::words(&self.state_with(tail))
    }

    /// Returns the MACs of the message absorbed followed by `a`, and by
    /// `b`, as [`Hmac::words_with`] of each: both inner hashes, then both
    /// outer ones, each pair of final blocks compressed by one
    /// [`Sha2::compress_pair`]. For SHA-256 that is the two-lane
    /// compression ([`compress256_x2`](super::compress256_x2)), whose lanes
    /// overlap where one SHA-256 block's rounds each wait on the last
    /// (docs/performance.md, "Two SHA-256 lanes at once").
    #[inline]
    pub fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [H::Words; 2] {
        let [a, b] = finish_pair([self.inner.rest(a), self.inner.rest(b)]);
        let (a, b) = (H::digest(&a), H::digest(&b));
        let [a, b] = finish_pair([self.outer_rest(a.as_ref()), self.outer_rest(b.as_ref())]);
        [H::words(&a), H::words(&b)]
    }

    /// Returns the MAC of the message absorbed followed by `tail`.
    pub fn mac_with(&self, tail: &[u8]) -> H::Digest {
        H::digest(&self.state_with(tail))
    }
}

#[cfg(test)]
mod tests {
    use hmac::Mac;

    use super::*;
    use crate::hash::{Sha256, Sha512};
    use crate::stream::SplitMix64;

    #[test]
    fn rfc_4231_test_cases() {
        // RFC 4231 §4.2 (a 20-byte key), §4.3 (a key shorter than the
        // output), §4.4 (50 bytes of data), §4.7 (a 131-byte key, hashed
        // first) and §4.8 (a key and a message longer than a block); also
        // `openssl dgst -sha256 -mac HMAC -macopt hexkey:...` and `-sha512`.
        let long_message: &[u8] = b"This is a test using a larger than block-size key and a \
            larger than block-size data. The key needs to be hashed before being used by the \
            HMAC algorithm.";
        let cases: [(&[u8], &[u8], &str, &str); 5] = [
            (
                &[0x0b; 20],
                b"Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
                "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cde\
                 daa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854",
            ),
            (
                b"Jefe",
                b"what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554\
                 9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
            ),
            (
                &[0xaa; 20],
                &[0xdd; 50],
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
                "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39\
                 bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb",
            ),
            (
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
                "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f352\
                 6b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598",
            ),
            (
                &[0xaa; 131],
                long_message,
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
                "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944\
                 b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58",
            ),
        ];
        for (key, message, sha256, sha512) in cases {
            assert_eq!(
                hex::encode(Hmac::<Sha256>::new(key).mac_with(message)),
                sha256
            );
            assert_eq!(
                hex::encode(Hmac::<Sha512>::new(key).mac_with(message)),
                sha512
            );
        }
    }

    /// The hmac crate's HMAC of `message` keyed with `key`, over a sha2 hash.
    macro_rules! reference {
        ($hash:ty) => {
            |key: &[u8], message: &[u8]| -> Vec<u8> {
                let mut mac = ::hmac::Hmac::<$hash>::new_from_slice(key).expect("any key length");
                mac.update(message);
                mac.finalize().into_bytes().to_vec()
            }
        };
    }

    /// Checks `H` against the hmac crate (`reference`): keys shorter than,
    /// equal to and longer than a block; messages of every length around
    /// the inner block's padding boundaries, split in two updates; then
    /// random keys and messages of random lengths.
    fn agrees_with_the_hmac_crate<H: Sha2>(reference: impl Fn(&[u8], &[u8]) -> Vec<u8>) {
        let bytes: Vec<u8> = (0..=3 * H::BLOCK)
            .map(|b| u8::try_from(b % 256).unwrap().wrapping_mul(91))
            .collect();
        for key_len in [0, 1, 32, H::BLOCK - 1, H::BLOCK, H::BLOCK + 1, 3 * H::BLOCK] {
            let key = &bytes[..key_len];
            for len in 0..=2 * H::BLOCK + 2 {
                let message = &bytes[..len];
                let (head, tail) = message.split_at(len / 2);
                let ours = Hmac::<H>::new(key).chain(head);
                assert_eq!(
                    ours.mac_with(tail).as_ref(),
                    reference(key, message),
                    "{:?}: key {key_len}, message {len}",
                    H::ALGORITHM
                );
            }
        }
        let mut random = SplitMix64::new(7 + u64::try_from(H::BLOCK).unwrap());
        let mut below = |n: usize| usize::try_from(random.next_u64() % n as u64).unwrap();
        for _ in 0..200 {
            let key: Vec<u8> = (0..below(3 * H::BLOCK))
                .map(|_| u8::try_from(below(256)).unwrap())
                .collect();
            let message: Vec<u8> = (0..below(10 * H::BLOCK))
                .map(|_| u8::try_from(below(256)).unwrap())
                .collect();
            let split = below(message.len() + 1);
            let ours = Hmac::<H>::new(&key).chain(&message[..split]);
            assert_eq!(
                ours.mac_with(&message[split..]).as_ref(),
                reference(&key, &message),
                "{:?}: key {}, message {}, split {split}",
                H::ALGORITHM,
                key.len(),
                message.len()
            );
        }
    }

    #[test]
    fn agrees_with_the_hmac_crate_at_every_length() {
        agrees_with_the_hmac_crate::<Sha256>(reference!(sha2::Sha256));
        agrees_with_the_hmac_crate::<Sha512>(reference!(sha2::Sha512));
    }

    /// Checks that [`Hmac::words_with_pair`] gives what
    /// [`Hmac::words_with`] gives for each tail: tails of every length to a
    /// little over a block after prefixes around a block boundary (each
    /// tail's inner hash one final block or more, the pair's two alike or
    /// not), then random keys, prefixes and tails.
    fn pairs_are_two_macs<H: Sha2>() {
        let bytes: Vec<u8> = (0..=255).cycle().take(3 * H::BLOCK).collect();
        for prefix in [0, 1, H::BLOCK - 10, H::BLOCK - 1] {
            let mac = Hmac::<H>::new(b"key").chain(&bytes[..prefix]);
            for a in 0..=H::BLOCK + 2 {
                for b in [0, 1, a / 2, H::BLOCK - prefix % H::BLOCK, H::BLOCK + 2] {
                    let (a, b) = (&bytes[1..=a], &bytes[2..b + 2]);
                    let expected = [mac.words_with(a), mac.words_with(b)];
                    assert_eq!(mac.words_with_pair(a, b), expected, "{prefix} {a:?} {b:?}");
                    let swapped = [expected[1], expected[0]];
                    assert_eq!(mac.words_with_pair(b, a), swapped);
                }
            }
        }
        let mut random = SplitMix64::new(11 + u64::try_from(H::BLOCK).unwrap());
        let mut below = |n: usize| usize::try_from(random.next_u64() % n as u64).unwrap();
        for _ in 0..300 {
            let key = &bytes[..below(2 * H::BLOCK)];
            let mac = Hmac::<H>::new(key).chain(&bytes[..below(3 * H::BLOCK)]);
            let a = &bytes[below(H::BLOCK)..][..below(H::BLOCK)];
            let b = &bytes[below(H::BLOCK)..][..below(H::BLOCK)];
            assert_eq!(
                mac.words_with_pair(a, b),
                [mac.words_with(a), mac.words_with(b)]
            );
        }
    }

    #[test]
    fn a_pair_of_macs_is_each_mac() {
        pairs_are_two_macs::<Sha256>();
        pairs_are_two_macs::<Sha512>();
    }

    #[test]
    fn the_words_are_the_mac_read_as_u32_big_endian() {
        let mac = Hmac::<Sha512>::new(b"server").chain(b"client:0:");
        let bytes = mac.mac_with(b"1");
        let words = mac.words_with(b"1");
        for (word, four) in words.iter().zip(bytes.chunks_exact(4)) {
            assert_eq!(*word, u32::from_be_bytes(four.try_into().unwrap()));
        }
    }
}
