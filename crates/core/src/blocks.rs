//! SHA-256 blocks, counted for the hash-bound limit of `fairdeal bench`
//! (docs/performance.md, "Counting blocks").
//!
//! SHA-256 pads a message with the byte 0x80 and its 64-bit length, so a
//! message of L bytes takes ceil((L + 9) / 64) compressions of a 64-byte
//! block. A hasher whose state after a prefix is kept ([`Midstate`]) pays
//! for the prefix's whole blocks once; each hash from that state compresses
//! only the rest of the prefix, its own tail and the padding.
//!
//! [`Midstate`]: crate::Midstate

/// Bytes in one SHA-256 block.
pub const BLOCK: usize = 64;
/// What padding adds at the least: the 0x80 byte and the 64-bit length.
const PADDING: usize = 9;
/// Numbers of a counter stream in one digest: eight u32.
const NUMBERS_PER_DIGEST: usize = 8;

/// Returns the blocks that finish a message whose last `len` bytes follow
/// a block boundary: ceil((len + 9) / 64). For a whole message hashed alone,
/// `len` is its length.
pub const fn message(len: usize) -> u64 {
    (len + PADDING).div_ceil(BLOCK) as u64
}

/// Returns the whole blocks of a `len`-byte prefix, compressed once.
pub const fn whole_blocks(len: usize) -> u64 {
    (len / BLOCK) as u64
}

/// Returns the decimal digits of `n`, as the methods write counters.
pub const fn digits(n: u64) -> usize {
    if n < 10 { 1 } else { 1 + digits(n / 10) }
}

/// Returns the hashes of a stream of eight numbers a hash that `numbers`
/// numbers need.
pub const fn hashes(numbers: usize) -> u64 {
    numbers.div_ceil(NUMBERS_PER_DIGEST) as u64
}

/// Returns the blocks of a counter stream SHA-256(prefix + k), k = 0, 1, ...
/// up to the hash that holds number `numbers - 1`, the state after the
/// prefix's whole blocks shared ([`Sha256Counter`](crate::Sha256Counter)).
pub fn counter(prefix: usize, numbers: usize) -> u64 {
    whole_blocks(prefix)
        + (0..hashes(numbers))
            .map(|k| message(prefix % BLOCK + digits(k)))
            .sum::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_adds_a_block_from_56_bytes() {
        assert_eq!(message(0), 1);
        assert_eq!(message(55), 1);
        assert_eq!(message(56), 2);
        assert_eq!(message(64), 2);
        assert_eq!(message(119), 2);
        assert_eq!(message(120), 3);
        assert_eq!(digits(0), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(u64::MAX), 20);
    }

    #[test]
    fn counter_blocks_grow_with_the_prefix_and_the_counter() {
        // 23 numbers: k = 0, 1, 2, each one block.
        assert_eq!(counter(8, 23), 3);
        // A 60-byte prefix leaves no room for the padding: 60 + 1 + 9 = 70
        // bytes, two blocks for the one hash.
        assert_eq!(counter(60, 8), 2);
        // A 70-byte prefix: one whole block once, then 6 + 1 + 9 each.
        assert_eq!(counter(70, 16), 1 + 2);
    }
}
