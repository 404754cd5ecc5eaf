//! The SHA-256 counter stream shared by `euchremaster` and `atout-v1`, and
//! the recorder that keeps the numbers a shuffle consumed.

use crate::Midstate;

/// SHA-256(prefix + ":" + k) for k = 0, 1, 2, ..., each digest read as eight
/// u32 big-endian numbers, in order (docs/schemes/euchremaster.md, step 2:
/// the random numbers; docs/schemes/atout-v1.md, step 3: the numbers).
///
/// The SHA-256 state after `prefix:` is computed once and each block
/// finishes a copy of it, so a prefix of 64 bytes or more is never hashed
/// twice, and `k` is written into a stack buffer: the stream never
/// allocates.
#[derive(Clone, Debug)]
pub struct Sha256Counter {
    after_prefix: Midstate,
    k: u64,
    block: [u32; 8],
    next: usize,
}

impl Sha256Counter {
    /// Returns the stream for `prefix` (the text before the colon).
    pub fn new(prefix: &[u8]) -> Self {
        Self::from_parts(&[prefix])
    }

    /// Returns the stream for the prefix made of `parts` joined, without
    /// joining them (nothing is allocated).
    pub fn from_parts(parts: &[&[u8]]) -> Self {
        Self::continuing(Midstate::new(), parts)
    }

    /// Returns the stream whose prefix is what `hasher` has absorbed, then
    /// `parts`: a caller that already hashed the prefix's first block (for
    /// the fingerprint) shares that work.
    pub fn continuing(mut hasher: Midstate, parts: &[&[u8]]) -> Self {
        for part in parts {
            hasher.update(part);
        }
        hasher.update(b":");
        Self {
            after_prefix: hasher,
            k: 0,
            block: [0; 8],
            next: 8,
        }
    }

    /// Returns the hashed text of block `k`: what a port must hash.
    pub fn preimage(prefix: &[u8], k: u64) -> Vec<u8> {
        let mut buf = [0; 20];
        [prefix, b":", decimal(k, &mut buf)].concat()
    }

    // Out of line: once a block, while `next` is inlined into the shuffle.
    #[inline(never)]
    fn refill(&mut self) {
        let mut buf = [0; 20];
        self.block = self.after_prefix.words_with(decimal(self.k, &mut buf));
        self.k += 1;
        self.next = 0;
    }
}

impl Iterator for Sha256Counter {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == self.block.len() {
            self.refill();
        }
        let u = self.block[self.next];
        self.next += 1;
        Some(u)
    }
}

/// Writes `n` in decimal (no sign, no leading zeros) into `buf`.
pub fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        // OK because n % 10 < 10.
        buf[at] = b'0' + u8::try_from(n % 10).unwrap_or(0);
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

/// Passes a stream through, appending every number taken from it to a
/// borrowed buffer (whose capacity is reused from deal to deal).
#[derive(Debug)]
pub struct RecordInto<'a, I: Iterator> {
    inner: I,
    taken: &'a mut Vec<I::Item>,
}

impl<'a, I: Iterator> RecordInto<'a, I> {
    /// Returns a recorder over `inner` that appends to `taken`.
    pub fn new(inner: I, taken: &'a mut Vec<I::Item>) -> Self {
        Self { inner, taken }
    }
}

impl<I: Iterator> Iterator for RecordInto<'_, I>
where
    I::Item: Copy,
{
    type Item = I::Item;

    #[inline]
    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.taken.push(item);
        Some(item)
    }
}

/// Passes a stream through, keeping a copy of every number taken from it.
#[derive(Debug)]
pub struct Recorder<I: Iterator> {
    inner: I,
    taken: Vec<I::Item>,
}

impl<I: Iterator> Recorder<I> {
    /// Returns a recorder over `inner`.
    pub fn new(inner: I) -> Self {
        Self {
            inner,
            taken: Vec::new(),
        }
    }

    /// Returns how many numbers were taken so far.
    pub fn consumed(&self) -> usize {
        self.taken.len()
    }

    /// Returns the numbers taken, in order.
    pub fn into_taken(self) -> Vec<I::Item> {
        self.taken
    }
}

impl<I: Iterator> Iterator for Recorder<I>
where
    I::Item: Copy,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        RecordInto::new(&mut self.inner, &mut self.taken).next()
    }
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::*;

    #[test]
    fn decimal_has_no_leading_zeros() {
        let mut buf = [0; 20];
        assert_eq!(decimal(0, &mut buf), b"0");
        assert_eq!(decimal(10, &mut buf), b"10");
        assert_eq!(decimal(u64::MAX, &mut buf), b"18446744073709551615");
    }

    #[test]
    fn counter_blocks_are_sha256_of_prefix_colon_k() {
        // `printf 'abc:0' | sha256sum` starts 0f2ad1d6 0ac4a543 ...; the
        // ninth number is the first word of `printf 'abc:1' | sha256sum`.
        let words: Vec<u32> = Sha256Counter::new(b"abc").take(9).collect();
        let first = Sha256::digest(b"abc:0");
        let second = Sha256::digest(b"abc:1");
        assert_eq!(
            words[0],
            u32::from_be_bytes([first[0], first[1], first[2], first[3]])
        );
        assert_eq!(
            words[7],
            u32::from_be_bytes([first[28], first[29], first[30], first[31]])
        );
        assert_eq!(
            words[8],
            u32::from_be_bytes([second[0], second[1], second[2], second[3]])
        );
        assert_eq!(Sha256Counter::preimage(b"abc", 12), b"abc:12");
    }

    #[test]
    fn counter_shares_the_prefix_state_across_block_boundaries() {
        // A 64-byte prefix fills one block exactly; the clone must still be
        // SHA-256 of the whole text.
        let prefix = [b'a'; 64];
        let u = Sha256Counter::new(&prefix).next().unwrap();
        let d = Sha256::digest([&prefix[..], b":0"].concat());
        assert_eq!(u, u32::from_be_bytes([d[0], d[1], d[2], d[3]]));
    }
}
