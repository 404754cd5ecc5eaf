//! HMAC-SHA256 (RFC 2104, FIPS 198-1) from its two keyed states.
//!
//! HMAC(K, m) = H((K' ^ opad) || H((K' ^ ipad) || m)), where K' is the key
//! padded with zeros to a block (or hashed first when it is longer than a
//! block). The blocks K' ^ ipad and K' ^ opad are compressed once per key;
//! a short message then costs one inner block and one outer block.

use crate::Midstate;
use crate::midstate::{BLOCK, IV, be_bytes, compress, finish};

/// The inner pad's byte (RFC 2104 §2).
const IPAD: u8 = 0x36;
/// The outer pad's byte (RFC 2104 §2).
const OPAD: u8 = 0x5c;

/// HMAC-SHA256 with its key schedule done: the inner state (after
/// K' ^ ipad and any message absorbed so far) and the outer state's eight
/// words (after the one block K' ^ opad).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HmacSha256 {
    inner: Midstate,
    outer: [u32; 8],
}

impl HmacSha256 {
    /// Returns the MAC keyed with `key`, of any length.
    pub fn new(key: &[u8]) -> Self {
        let mut padded = [0; BLOCK];
        if key.len() > BLOCK {
            padded[..32].copy_from_slice(&Midstate::new().chain(key).digest());
        } else {
            padded[..key.len()].copy_from_slice(key);
        }
        let xor = |pad: u8| padded.map(|byte| byte ^ pad);
        let mut outer = IV;
        compress(&mut outer, &xor(OPAD));
        Self {
            inner: Midstate::new().chain(&xor(IPAD)),
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

    /// Returns the MAC of the message absorbed followed by `tail`, as its
    /// eight big-endian words; this state is left as it was.
    pub fn words_with(&self, tail: &[u8]) -> [u32; 8] {
        let inner = self.inner.digest_with(tail);
        finish(
            self.outer,
            [0; BLOCK],
            0,
            (BLOCK + inner.len()) as u64,
            &inner,
        )
    }

    /// Returns the MAC of the message absorbed followed by `tail`.
    pub fn mac_with(&self, tail: &[u8]) -> [u8; 32] {
        be_bytes(self.words_with(tail))
    }
}

#[cfg(test)]
mod tests {
    use hmac::{Hmac, Mac};
    use sha2::Sha256;

    use super::*;

    #[test]
    fn rfc_4231_test_cases() {
        // RFC 4231 §4.2 (a 20-byte key), §4.3 (a key shorter than the
        // output) and §4.7 (a 131-byte key, hashed first).
        let cases: [(&[u8], &[u8], &str); 3] = [
            (
                &[0x0b; 20],
                b"Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
            ),
            (
                b"Jefe",
                b"what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
            ),
            (
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            ),
        ];
        for (key, message, expected) in cases {
            assert_eq!(
                hex::encode(HmacSha256::new(key).mac_with(message)),
                expected
            );
        }
    }

    #[test]
    fn agrees_with_the_hmac_crate_at_every_length() {
        // Keys shorter than, equal to and longer than a block; messages
        // around the inner block's padding boundary, split in two updates.
        let bytes: Vec<u8> = (0..=150u8).map(|b| b.wrapping_mul(91)).collect();
        for key_len in [0, 1, 32, 63, 64, 65, 150] {
            let key = &bytes[..key_len];
            for len in 0..=130 {
                let message = &bytes[..len];
                let mut reference = Hmac::<Sha256>::new_from_slice(key).expect("any key length");
                reference.update(message);
                let expected: [u8; 32] = reference.finalize().into_bytes().into();
                let (head, tail) = message.split_at(len / 2);
                let ours = HmacSha256::new(key).chain(head);
                assert_eq!(
                    ours.mac_with(tail),
                    expected,
                    "key {key_len}, message {len}"
                );
            }
        }
    }
}
