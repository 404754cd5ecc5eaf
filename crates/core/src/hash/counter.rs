//! The counter stream: H(prefix + ":" + k) for k = 0, 1, 2, ..., each
//! digest read as big-endian u32 numbers, for any hash kept after a prefix
//! ([`PrefixHash`]: a plain [`Midstate`] or a keyed [`Hmac`]).

use std::fmt;

use super::{Hmac, Midstate, Sha2};
use crate::stream::decimal;

/// A hash held as its state after a prefix, finishing a copy of that state
/// with each tail: what a [`Counter`] needs of its hash.
pub trait PrefixHash: Clone + fmt::Debug {
    /// The digest read as u32 big-endian numbers.
    type Words: Copy + fmt::Debug + Default + AsRef<[u32]>;

    /// Absorbs `bytes` into the prefix.
    fn update(&mut self, bytes: &[u8]);

    /// Returns the digest of the prefix followed by `tail`; the state is
    /// left as it was.
    fn words_with(&self, tail: &[u8]) -> Self::Words;

    /// How many blocks a [`Counter`] hashes at once: 1, or 2 for a hash
    /// whose two messages overlap ([`PrefixHash::words_with_pair`]); more
    /// are hashed as 2.
    const LANES: usize = 1;

    /// Returns the digests of the prefix followed by `a` and by `b`.
    fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [Self::Words; 2] {
        [self.words_with(a), self.words_with(b)]
    }
}

impl<H: Sha2> PrefixHash for Midstate<H> {
    type Words = H::Words;

    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        Midstate::update(self, bytes);
    }

    #[inline]
    fn words_with(&self, tail: &[u8]) -> H::Words {
        Midstate::words_with(self, tail)
    }

    #[inline]
    fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [H::Words; 2] {
        Midstate::words_with_pair(self, a, b)
    }
}

/// A [`PrefixHash`] whose [`Counter`] hashes its blocks two at a time
/// ([`Counter::in_pairs`]), for a reader that takes an even number of them.
///
/// A type, not a flag of the counter: a flag made every counter's refill
/// test it and its numbers' index narrower, and a euchremaster deal, whose
/// three blocks are hashed one at a time, measured 7% slower for it.
#[derive(Clone, Debug)]
pub struct InPairs<P>(P);

impl<P: PrefixHash> PrefixHash for InPairs<P> {
    type Words = P::Words;

    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    #[inline]
    fn words_with(&self, tail: &[u8]) -> P::Words {
        self.0.words_with(tail)
    }

    const LANES: usize = 2;

    #[inline]
    fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [P::Words; 2] {
        self.0.words_with_pair(a, b)
    }
}

impl<H: Sha2> PrefixHash for Hmac<H> {
    type Words = H::Words;

    #[inline]
    fn update(&mut self, bytes: &[u8]) {
        Hmac::update(self, bytes);
    }

    #[inline]
    fn words_with(&self, tail: &[u8]) -> H::Words {
        Hmac::words_with(self, tail)
    }

    // Two rounds of a keyed stream are independent messages: hashed
    // together where `H` has a two-lane compression (SHA-256), their
    // compressions overlap ([`Hmac::words_with_pair`]).
    const LANES: usize = H::LANES;

    #[inline]
    fn words_with_pair(&self, a: &[u8], b: &[u8]) -> [H::Words; 2] {
        Hmac::words_with_pair(self, a, b)
    }
}

/// H(prefix + ":" + k) for k = 0, 1, 2, ..., each digest read as u32
/// big-endian numbers, in order: eight a SHA-256 digest, sixteen a SHA-512
/// one (docs/schemes/euchremaster.md, step 2: the random numbers;
/// docs/schemes/atout-v1.md, step 3: the numbers; for an HMAC,
/// docs/schemes/hmac-blackjack.md, step 2: the byte stream).
///
/// The hash's state after `prefix:` is computed once and each block
/// finishes a copy of it, so a prefix of a block or more is never hashed
/// twice, and `k` is written into a stack buffer: the stream never
/// allocates. An HMAC-SHA256's blocks are hashed two at a time
/// ([`PrefixHash::LANES`]): a stream that stops after an odd number of
/// blocks has hashed one more than it used.
#[derive(Clone, Debug)]
pub struct Counter<P: PrefixHash> {
    after_prefix: P,
    /// The next block to hash.
    k: u64,
    /// The digests of the last hashing: one, or two ([`PrefixHash::LANES`]).
    blocks: [P::Words; 2],
    /// The next number, counted across `blocks`.
    next: usize,
    /// The numbers in `blocks`.
    end: usize,
}

impl<P: PrefixHash> Counter<P> {
    /// Returns the stream whose prefix is what `hasher` has absorbed, then
    /// `parts`: a caller that already hashed the prefix's first block (for
    /// the fingerprint) shares that work.
    pub fn continuing(mut hasher: P, parts: &[&[u8]]) -> Self {
        for part in parts {
            hasher.update(part);
        }
        hasher.update(b":");
        Self {
            after_prefix: hasher,
            k: 0,
            blocks: [P::Words::default(); 2],
            next: 0,
            end: 0,
        }
    }

    /// Returns this stream hashing its blocks two at a time
    /// ([`PrefixHash::words_with_pair`]: one two-lane compression where the
    /// hash has one), for a reader that takes an even number of blocks:
    /// atout-v1's 32-card shuffle takes four. The numbers are the same; a
    /// reader that stops after an odd number has hashed one block more.
    pub fn in_pairs(self) -> Counter<InPairs<P>> {
        Counter {
            after_prefix: InPairs(self.after_prefix),
            k: self.k,
            blocks: self.blocks,
            next: self.next,
            end: self.end,
        }
    }

    /// Returns the hashed text (for an HMAC, the message) of block `k`:
    /// what a port must hash.
    pub fn preimage(prefix: &[u8], k: u64) -> Vec<u8> {
        let mut buf = [0; 20];
        [prefix, b":", decimal(k, &mut buf)].concat()
    }

    // Out of line: once a block or two, while `next` is inlined into the
    // shuffle.
    #[inline(never)]
    fn refill(&mut self) {
        let (mut a, mut b) = ([0; 20], [0; 20]);
        let first = decimal(self.k, &mut a);
        let hashed = if P::LANES >= 2 {
            let second = decimal(self.k + 1, &mut b);
            self.blocks = self.after_prefix.words_with_pair(first, second);
            2
        } else {
            self.blocks[0] = self.after_prefix.words_with(first);
            1
        };
        self.k += hashed as u64;
        self.next = 0;
        self.end = hashed * self.blocks[0].as_ref().len();
    }
}

impl<H: Sha2> Counter<Midstate<H>> {
    /// Returns the stream for `prefix` (the text before the colon).
    pub fn new(prefix: &[u8]) -> Self {
        Self::from_parts(&[prefix])
    }

    /// Returns the stream for the prefix made of `parts` joined, without
    /// joining them (nothing is allocated).
    pub fn from_parts(parts: &[&[u8]]) -> Self {
        Self::continuing(Midstate::new(), parts)
    }
}

impl<H: Sha2> Counter<Hmac<H>> {
    /// Returns the stream HMAC(`key`, prefix + ":" + k), the prefix made of
    /// `parts` joined (nothing is allocated).
    pub fn keyed(key: &[u8], parts: &[&[u8]]) -> Self {
        Self::continuing(Hmac::new(key), parts)
    }
}

impl<P: PrefixHash> Iterator for Counter<P> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == self.end {
            self.refill();
        }
        // A power of two (8 or 16 numbers a block): a shift and a mask.
        let per_block = self.blocks[0].as_ref().len();
        let u = self
            .blocks
            .get(self.next / per_block)
            .map_or(0, |block| block.as_ref()[self.next % per_block]);
        self.next += 1;
        Some(u)
    }
}

#[cfg(test)]
mod tests {
    use hmac::Mac;
    use sha2::Digest;

    use crate::hash::{HmacSha256Counter, HmacSha512Counter, Sha256Counter, Sha512Counter};

    /// Returns `digest` read as u32 big-endian numbers.
    fn words(digest: &[u8]) -> Vec<u32> {
        digest
            .chunks_exact(4)
            .map(|four| u32::from_be_bytes(four.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn counter_blocks_are_sha256_of_prefix_colon_k() {
        // `printf 'abc:0' | sha256sum` starts 5f36efce 86f68877 ...; the
        // ninth number is the first word of `printf 'abc:1' | sha256sum`.
        let taken: Vec<u32> = Sha256Counter::new(b"abc").take(9).collect();
        let first = sha2::Sha256::digest(b"abc:0");
        let second = sha2::Sha256::digest(b"abc:1");
        assert_eq!(taken[..2], [0x5f36_efce, 0x86f6_8877]);
        assert_eq!(taken[..8], words(&first));
        assert_eq!(taken[8], words(&second)[0]);
        assert_eq!(Sha256Counter::preimage(b"abc", 12), b"abc:12");
    }

    #[test]
    fn a_counter_in_pairs_gives_the_same_numbers() {
        // Prefixes whose tails pad into one block and into two, every count
        // of numbers from 0 to 5 blocks and a half, against sha2 block by
        // block.
        for prefix_len in [0, 1, 40, 53, 54, 63, 64, 100] {
            let prefix = vec![b'p'; prefix_len];
            let expected: Vec<u32> = (0..6)
                .flat_map(|k| words(&sha2::Sha256::digest(Sha256Counter::preimage(&prefix, k))))
                .collect();
            for count in 0..=44 {
                let paired: Vec<u32> = Sha256Counter::new(&prefix).in_pairs().take(count).collect();
                assert_eq!(
                    paired,
                    expected[..count],
                    "prefix {prefix_len}, {count} numbers"
                );
            }
        }
    }

    #[test]
    fn counter_blocks_are_sha512_of_prefix_colon_k() {
        // Sixteen numbers a digest: the seventeenth is the first of k = 1.
        let taken: Vec<u32> = Sha512Counter::new(b"abc").take(33).collect();
        let digests: Vec<u32> = (0..3)
            .flat_map(|k| words(&sha2::Sha512::digest(format!("abc:{k}"))))
            .collect();
        assert_eq!(taken, digests[..33]);
    }

    #[test]
    fn counter_shares_the_prefix_state_across_block_boundaries() {
        // A prefix of exactly one block, and one a byte short of it (the
        // colon then completes the block); the clone must still be the hash
        // of the whole text.
        for len in [63, 64, 127, 128, 200] {
            let prefix = vec![b'a'; len];
            let u = Sha256Counter::new(&prefix).next().unwrap();
            let d = sha2::Sha256::digest([&prefix[..], b":0"].concat());
            assert_eq!(u, words(&d)[0], "{len}");
            let taken: Vec<u32> = Sha512Counter::from_parts(&[&prefix[..1], &prefix[1..]])
                .take(16)
                .collect();
            let d = sha2::Sha512::digest([&prefix[..], b":0"].concat());
            assert_eq!(taken, words(&d), "{len}");
        }
    }

    /// The hmac crate's HMAC-SHA256 of `message`, read as u32 numbers.
    fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u32> {
        let mut mac = <hmac::Hmac<sha2::Sha256> as Mac>::new_from_slice(key).unwrap();
        mac.update(message);
        words(&mac.finalize().into_bytes())
    }

    #[test]
    fn paired_hmac_rounds_are_the_hmac_crates_macs_at_every_count() {
        // HMAC-SHA256 rounds are hashed two at a time; read to any count
        // (an odd number of rounds, a round partway), the stream is the
        // MACs of k = 0, 1, ... in order. The prefixes put `prefix:k` in
        // one inner block, or from k = 10 (54 bytes of prefix and colon
        // after the key block, k's two digits, 0x80 and the length: 65
        // bytes) in two, so a pair with k = 9 and 10 takes the paired and
        // the general path at once; 300 rounds reach three digits.
        let long = [b'p'; 53];
        for (key, prefix) in [
            (&b"server"[..], &b"client:7"[..]),
            (b"k", &long),
            (&[0x5c; 100], b"lucky:0"),
        ] {
            let macs: Vec<u32> = (0..300)
                .flat_map(|k| hmac_sha256(key, &HmacSha256Counter::preimage(prefix, k)))
                .collect();
            for count in [
                0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 79, 80, 81, 416, 2399, 2400,
            ] {
                let ours: Vec<u32> = HmacSha256Counter::keyed(key, &[prefix])
                    .take(count)
                    .collect();
                assert_eq!(
                    ours,
                    macs[..count],
                    "{} bytes of prefix, {count}",
                    prefix.len()
                );
            }
        }
    }

    #[test]
    fn keyed_counters_are_hmac_of_prefix_colon_k() {
        fn mac<M: Mac + sha2::digest::KeyInit>(key: &[u8], message: &[u8]) -> Vec<u32> {
            let mut mac = <M as Mac>::new_from_slice(key).unwrap();
            mac.update(message);
            words(&mac.finalize().into_bytes())
        }
        for k in [0, 9, 10] {
            let message = HmacSha256Counter::preimage(b"client:7", k);
            let skip = usize::try_from(k).unwrap();
            let ours: Vec<u32> = HmacSha256Counter::keyed(b"server", &[b"client", b":7"])
                .skip(8 * skip)
                .take(8)
                .collect();
            assert_eq!(ours, mac::<hmac::Hmac<sha2::Sha256>>(b"server", &message));
            let ours: Vec<u32> = HmacSha512Counter::keyed(b"server", &[b"client:7"])
                .skip(16 * skip)
                .take(16)
                .collect();
            assert_eq!(ours, mac::<hmac::Hmac<sha2::Sha512>>(b"server", &message));
        }
    }
}
