//! A SHA-2 hash held as its state after a prefix, so that many hashes
//! sharing the prefix each pay only for their own tail.
//!
//! Every scheme hashes short texts from a shared prefix: a counter hash is
//! `prefix:k`, an HMAC round is one inner and one outer block from the keyed
//! states. sha2's `Digest` API costs about 80 ns for such a one-block hash
//! from a cloned state against 38 ns for the compression alone (criterion,
//! `sha256/*`): its buffering and finish are generic. Here the state after
//! the prefix is eight words and less than a block of pending bytes, and a
//! hash copies them, appends its tail, pads on the stack (FIPS 180-4 §5.1)
//! and calls sha2's compression function: nothing is allocated, nothing is
//! formatted. This is the one absorbing and padding loop of every hash
//! here, SHA-256 and SHA-512 alike.

use super::Sha2;
use super::copy::copy_short;

/// A SHA-2 hash after some bytes: the state after their whole blocks, and
/// the bytes of the block not yet full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Midstate<H: Sha2> {
    state: H::State,
    /// The block not yet full: `pending_len` bytes, then zeros (kept zero
    /// so that a hash copies the block whole and never clears it).
    pending: H::Block,
    pending_len: usize,
    /// Bytes absorbed in all, pending ones included.
    length: u64,
}

impl<H: Sha2> Default for Midstate<H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<H: Sha2> Midstate<H> {
    /// Returns the state before any byte.
    pub const fn new() -> Self {
        Self {
            state: H::IV,
            pending: H::ZERO_BLOCK,
            pending_len: 0,
            length: 0,
        }
    }

    /// Absorbs `bytes`, compressing every block they complete.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        if self.pending_len > 0 {
            let take = bytes.len().min(H::BLOCK - self.pending_len);
            copy_short(
                &mut self.pending.as_mut()[self.pending_len..self.pending_len + take],
                &bytes[..take],
            );
            self.pending_len += take;
            bytes = &bytes[take..];
            if self.pending_len < H::BLOCK {
                return;
            }
            H::compress(&mut self.state, self.pending.as_ref());
            self.pending = H::ZERO_BLOCK;
            self.pending_len = 0;
        }
        let mut blocks = bytes.chunks_exact(H::BLOCK);
        for block in &mut blocks {
            H::compress(&mut self.state, block);
        }
        let rest = blocks.remainder();
        copy_short(&mut self.pending.as_mut()[..rest.len()], rest);
        self.pending_len = rest.len();
    }

    /// Returns this state having absorbed `bytes`.
    #[must_use]
    pub fn chain(mut self, bytes: &[u8]) -> Self {
        self.update(bytes);
        self
    }

    /// Returns the final state of what was absorbed followed by `tail`;
    /// this state is left as it was.
    #[inline]
    pub(crate) fn state_with(&self, tail: &[u8]) -> H::State {
        self.rest(tail).finish()
    }

    /// Returns what is left to hash of what was absorbed followed by
    /// `tail`.
    #[inline]
    pub(crate) fn rest<'a>(&self, tail: &'a [u8]) -> Rest<'a, H> {
        Rest {
            state: self.state,
            block: self.pending,
            at: self.pending_len,
            length: self.length + tail.len() as u64,
            tail,
        }
    }

    /// Returns the digest of what was absorbed followed by `tail`, as
    /// big-endian u32 numbers ([`Sha2::Words`]); this state is left as it
    /// was.
    #[inline]
    pub fn words_with(&self, tail: &[u8]) -> H::Words {
        H::words(&self.state_with(tail))
    }

    /// Returns the digests of what was absorbed followed by `a`, and by
    /// `b`, as [`Midstate::words_with`] of each: both final blocks in one
    /// two-lane compression where `H` has one ([`Sha2::compress_pair`]).
    #[inline]
    pub fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [H::Words; 2] {
        let [a, b] = finish_pair([self.rest(a), self.rest(b)]);
        [H::words(&a), H::words(&b)]
    }

    /// Returns the digest of what was absorbed followed by `tail`.
    pub fn digest_with(&self, tail: &[u8]) -> H::Digest {
        H::digest(&self.state_with(tail))
    }

    /// Returns the digest of what was absorbed.
    pub fn digest(&self) -> H::Digest {
        self.digest_with(&[])
    }
}

/// What is left to hash of a message of `length` bytes in all: the state
/// after its whole blocks, the block not yet full (`at` bytes, then zeros)
/// and its last bytes, `tail`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rest<'a, H: Sha2> {
    pub(crate) state: H::State,
    pub(crate) block: H::Block,
    pub(crate) at: usize,
    pub(crate) length: u64,
    pub(crate) tail: &'a [u8],
}

impl<H: Sha2> Rest<'_, H> {
    /// Returns the final state: appends the tail, then pads (a one bit,
    /// zeros, the length in bits as a big-endian number of
    /// [`Sha2::LENGTH_BYTES`], to a whole number of blocks; FIPS 180-4
    /// §5.1) and compresses what that adds.
    // Always inlined: called out of line, with its ~100 bytes of rest
    // copied to the callee, a one-block hash took 5 ns more (criterion,
    // `sha256/after-shared-block`, `hmac/keyed`).
    #[inline(always)]
    pub(crate) fn finish(self) -> H::State {
        let Self {
            mut state,
            mut block,
            mut at,
            length,
            mut tail,
        } = self;
        while at + tail.len() >= H::BLOCK {
            let (now, later) = tail.split_at(H::BLOCK - at);
            block.as_mut()[at..].copy_from_slice(now);
            H::compress(&mut state, block.as_ref());
            block = H::ZERO_BLOCK;
            at = 0;
            tail = later;
        }
        let bytes = block.as_mut();
        copy_short(&mut bytes[at..at + tail.len()], tail);
        at += tail.len();
        bytes[at] = 0x80;
        if at >= H::BLOCK - H::LENGTH_BYTES {
            H::compress(&mut state, bytes);
            bytes.fill(0);
        }
        put_length::<H>(bytes, length);
        H::compress(&mut state, bytes);
        state
    }

    /// Returns the one block left, padded, when the pending bytes, the
    /// tail, the 0x80 byte and the length fit in a block.
    #[inline]
    fn last_block(&self) -> Option<H::Block> {
        let end = self.at + self.tail.len();
        if end >= H::BLOCK - H::LENGTH_BYTES {
            return None;
        }
        let mut block = self.block;
        let bytes = block.as_mut();
        copy_short(&mut bytes[self.at..end], self.tail);
        bytes[end] = 0x80;
        put_length::<H>(bytes, self.length);
        Some(block)
    }
}

/// Writes the length in bits, big-endian, into the block's last
/// [`Sha2::LENGTH_BYTES`] bytes: the low 8 bytes of a u128 for SHA-256, all
/// 16 for SHA-512.
#[inline]
fn put_length<H: Sha2>(block: &mut [u8], length: u64) {
    let bits = (u128::from(length) << 3).to_be_bytes();
    block[H::BLOCK - H::LENGTH_BYTES..].copy_from_slice(&bits[bits.len() - H::LENGTH_BYTES..]);
}

/// Returns the final states of two messages, as [`Rest::finish`] of each:
/// when each has one block left (a short tail, the common case), both are
/// compressed by one [`Sha2::compress_pair`], whose lanes overlap; longer
/// rests are finished one after the other.
#[inline]
pub(crate) fn finish_pair<H: Sha2>([first, second]: [Rest<'_, H>; 2]) -> [H::State; 2] {
    // Destructured rather than mapped: `[T; 2]::map` copied the blocks
    // through the stack, a fifth of a paired HMAC round.
    if let (Some(a), Some(b)) = (first.last_block(), second.last_block()) {
        let mut states = [first.state, second.state];
        H::compress_pair(&mut states, [&a, &b]);
        states
    } else {
        [first.finish(), second.finish()]
    }
}

#[cfg(test)]
mod tests {
    use sha2::Digest;

    use super::*;
    use crate::hash::{Sha256, Sha512};
    use crate::stream::SplitMix64;

    /// Published digests: FIPS 180-2 appendices B.1 and B.2 (SHA-256) and
    /// C.1 and C.2 (SHA-512) and the NIST examples of the empty message and
    /// of a million `a` (also `printf ... | sha256sum`, `sha512sum`).
    #[test]
    fn the_published_examples() {
        let million = vec![b'a'; 1_000_000];
        let sha256: [(&[u8], &str); 4] = [
            (
                b"abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            (
                b"",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
            (
                &million,
                "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
            ),
        ];
        for (message, expected) in sha256 {
            assert_eq!(
                hex::encode(Midstate::<Sha256>::new().chain(message).digest()),
                expected
            );
        }
        let sha512: [(&[u8], &str); 4] = [
            (
                b"abc",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
                 2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            ),
            (
                b"",
                "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce\
                 47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
            ),
            (
                b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn\
                  hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018\
                 501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
            ),
            (
                &million,
                "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb\
                 de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b",
            ),
        ];
        for (message, expected) in sha512 {
            assert_eq!(
                hex::encode(Midstate::<Sha512>::new().chain(message).digest()),
                expected
            );
        }
    }

    /// Checks `H` against sha2's own hasher `R` at every length up to a
    /// little over two of `H`'s blocks (so around every padding boundary:
    /// 55, 56, 63, 64 ... for SHA-256; 111, 112, 127, 128, 239, 240 ... for
    /// SHA-512), each split into prefix, second update and tail; then on
    /// random messages of random lengths, split at random.
    fn agrees_with_sha2<H: Sha2, R: Digest>() {
        let message: Vec<u8> = (0..=2 * H::BLOCK + 50)
            .map(|b| u8::try_from(b % 256).unwrap().wrapping_mul(37))
            .collect();
        for len in 0..=message.len() {
            let text = &message[..len];
            let expected = R::digest(text);
            for split in [0, 1, len / 3, len / 2, len.saturating_sub(1), len] {
                let (prefix, rest) = text.split_at(split.min(len));
                let second = rest.len() / 2;
                let state = Midstate::<H>::new().chain(prefix).chain(&rest[..second]);
                assert_eq!(
                    state.digest_with(&rest[second..]).as_ref(),
                    expected.as_slice(),
                    "{:?} {len} {split}",
                    H::ALGORITHM
                );
            }
        }
        let mut random = SplitMix64::new(u64::try_from(H::BLOCK).unwrap());
        let mut below = |n: usize| usize::try_from(random.next_u64() % n as u64).unwrap();
        for _ in 0..300 {
            let len = below(20 * H::BLOCK);
            let text: Vec<u8> = (0..len)
                .map(|_| u8::try_from(below(256)).unwrap())
                .collect();
            let (first, second) = (below(len + 1), below(len + 1));
            let (first, second) = (first.min(second), first.max(second));
            let state = Midstate::<H>::new()
                .chain(&text[..first])
                .chain(&text[first..second]);
            assert_eq!(
                state.digest_with(&text[second..]).as_ref(),
                R::digest(&text).as_slice(),
                "{:?} {len} {first} {second}",
                H::ALGORITHM
            );
        }
    }

    #[test]
    fn every_split_of_every_length_agrees_with_sha2() {
        agrees_with_sha2::<Sha256, sha2::Sha256>();
        agrees_with_sha2::<Sha512, sha2::Sha512>();
    }

    /// Checks [`finish_pair`] against [`Rest::finish`] and sha2 for two
    /// messages from different states (pending bytes around the padding's
    /// limits) with tails of every length to a little over a block: both
    /// rests one final block, one of them, or neither.
    fn pairs_finish_as_two_hashes<H: Sha2, R: Digest>() {
        let bytes: Vec<u8> = (0..=255).cycle().take(4 * H::BLOCK).collect();
        let pending = [0, 1, H::ONE_BLOCK_MESSAGE, H::BLOCK - 1, H::BLOCK + 3];
        for (first, second) in pending.iter().zip(pending.iter().rev()) {
            let states = [first, second].map(|&n| Midstate::<H>::new().chain(&bytes[..n]));
            for a in 0..=H::BLOCK + 2 {
                for b in [
                    0,
                    a,
                    H::ONE_BLOCK_MESSAGE.saturating_sub(second % H::BLOCK),
                    H::BLOCK,
                ] {
                    let tails = [&bytes[7..7 + a], &bytes[9..9 + b]];
                    let paired = finish_pair([states[0].rest(tails[0]), states[1].rest(tails[1])]);
                    for ((state, tail), (n, ours)) in states
                        .iter()
                        .zip(tails)
                        .zip([first, second].into_iter().zip(paired))
                    {
                        assert_eq!(ours, state.rest(tail).finish());
                        let text = [&bytes[..*n], tail].concat();
                        assert_eq!(
                            H::digest(&ours).as_ref(),
                            R::digest(&text).as_slice(),
                            "{:?} {n} {}",
                            H::ALGORITHM,
                            tail.len()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_pair_finishes_as_two_hashes() {
        pairs_finish_as_two_hashes::<Sha256, sha2::Sha256>();
        pairs_finish_as_two_hashes::<Sha512, sha2::Sha512>();
    }

    #[test]
    fn a_hash_leaves_the_state_for_the_next() {
        fn check<H: Sha2, R: Digest>() {
            let prefix = vec![b'a'; H::BLOCK];
            let after = Midstate::<H>::new().chain(&prefix);
            for tail in [b":0", b":1"] {
                let ours = after.digest_with(tail);
                assert_eq!(
                    ours.as_ref(),
                    R::digest([&prefix[..], tail].concat()).as_slice()
                );
                let first = ours.as_ref();
                assert_eq!(
                    after.words_with(tail).as_ref()[0],
                    u32::from_be_bytes([first[0], first[1], first[2], first[3]])
                );
            }
        }
        check::<Sha256, sha2::Sha256>();
        check::<Sha512, sha2::Sha512>();
    }
}
