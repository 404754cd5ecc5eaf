//! SHA-256 blocks per deal, counted as the method needs them once the work
//! that can be shared is shared (docs/performance.md, "Counting blocks").
//!
//! SHA-256 pads a message with the byte 0x80 and its 64-bit length, so a
//! message of L bytes takes ceil((L + 9) / 64) compressions of a 64-byte
//! block. A hasher whose state after a prefix is kept pays for the prefix's
//! whole blocks once; each hash from that state compresses only the rest of
//! the prefix, its own tail and the padding.
//!
//! Each function counts one deal of the workload in [`crate::workload`]:
//! what `DealScheme::trace` computes, nothing that the input's validation
//! computed before (sfc32's seeding, showdown's game seed and set-up).

use fairdeal_atout as atout;
use fairdeal_euchremaster as euchremaster;
use fairdeal_hmac_blackjack as hmac_blackjack;
use fairdeal_sfc32_lock as sfc32_lock;
use fairdeal_showdown as showdown;

/// Bytes in one SHA-256 block.
pub const BLOCK: usize = 64;
/// What padding adds at the least: the 0x80 byte and the 64-bit length.
const PADDING: usize = 9;
/// A SHA-256 digest's bytes; eight u32 numbers of a counter stream.
const DIGEST: usize = 32;
const NUMBERS_PER_DIGEST: usize = 8;

/// Returns the blocks that finish a message whose last `len` bytes follow
/// a block boundary: ceil((len + 9) / 64). For a whole message hashed alone,
/// `len` is its length.
pub const fn message(len: usize) -> u64 {
    (len + PADDING).div_ceil(BLOCK) as u64
}

/// Returns the whole blocks of a `len`-byte prefix, compressed once.
const fn whole_blocks(len: usize) -> u64 {
    (len / BLOCK) as u64
}

/// Returns the decimal digits of `n`, as the methods write counters.
const fn digits(n: u64) -> usize {
    if n < 10 { 1 } else { 1 + digits(n / 10) }
}

/// Returns the blocks of a counter stream SHA-256(prefix + k), k = 0, 1, ...
/// up to the hash that holds number `numbers - 1`, the state after the
/// prefix's whole blocks shared (`Sha256Counter`, `HmacStream`).
fn counter(prefix: usize, numbers: usize) -> u64 {
    let hashes = numbers.div_ceil(NUMBERS_PER_DIGEST) as u64;
    whole_blocks(prefix)
        + (0..hashes)
            .map(|k| message(prefix % BLOCK + digits(k)))
            .sum::<u64>()
}

/// `euchremaster`: SHA-256(seed), then SHA-256(seed:cut:k) until the n - 1
/// numbers of an n-card deck are drawn.
///
/// The seed is 64 hex digits, exactly one block, so the state after it
/// serves the fingerprint and every counter hash. The sample (`K7 cut`, 23
/// numbers, so k = 0, 1, 2): 1 (the seed) + 1 (the fingerprint's padding
/// block) + 3 x ceil((":K7 cut:" 8 + "k" 1 + 9) / 64) = 1 + 1 + 3 = 5.
pub fn euchremaster(input: &euchremaster::Input) -> u64 {
    let deck = if input.joker() {
        euchremaster::JOKER_DECK.len()
    } else {
        euchremaster::STARTING_DECK.len()
    };
    let seed = input.seed().len();
    let shared = whole_blocks(seed);
    let fingerprint = message(seed % BLOCK);
    let stream = counter(seed % BLOCK + 1 + input.cut().len() + 1, deck - 1);
    shared + fingerprint + stream
}

/// `sfc32-lock`: the lock SHA-256(seed:nonce) alone; sfc32 hashes nothing.
///
/// The sample: ceil((32 + 1 + "hand-12" 7 + 9) / 64) = 1.
pub fn sfc32_lock(input: &sfc32_lock::Input) -> u64 {
    message(input.seed().len() + 1 + input.nonce().len())
}

/// `atout-v1`: SHA-256(secret); the key SHA-256(atout-v1|secret|numbers);
/// then SHA-256(key:k) until the shuffle has the `numbers` it consumed (31,
/// more when a number is rejected).
///
/// The key is 64 hex digits, one block, so the state after it serves every
/// counter hash. The coinche case (secret of 16, text of 44 characters, 31
/// numbers): 1 + 1 + 1 (the key's block) + 4 x ceil((":k" 2 + 9) / 64) = 7.
pub fn atout_v1(input: &atout::Input, numbers: usize) -> u64 {
    let fingerprint = message(input.secret().len());
    let key = message(atout::text(input).len());
    let stream = counter(2 * DIGEST + 1, numbers);
    fingerprint + key + stream
}

/// `hmac-blackjack`: SHA-256(server seed), then HMAC-SHA256 rounds until
/// the shoe has its 416 numbers (52 rounds).
///
/// HMAC(K, m) = SHA-256(K ^ opad, SHA-256(K ^ ipad, m)). Per seed, once: a
/// key over 64 bytes is hashed first, then the inner and outer key blocks.
/// Per round: the inner hash finishes `client_seed:nonce:r` after the
/// whole blocks of `client_seed:nonce:`, and the outer hash one block (the
/// 32-byte inner digest + 9). The worked example (a 64-character seed,
/// `lucky:0:`): 2 + 2 + 52 x (ceil((8 + 1 or 2 + 9) / 64) + 1) = 2 + 2 + 104
/// = 108.
pub fn hmac_blackjack(input: &hmac_blackjack::Input) -> u64 {
    let seed = input.server_seed().len();
    let fingerprint = message(seed);
    let long_key = if seed > BLOCK { message(seed) } else { 0 };
    let key_blocks = 2;
    let prefix = input.client_seed().len() + 1 + digits(input.nonce()) + 1;
    let numbers = hmac_blackjack::SHOE_SIZE;
    let inner = counter(prefix, numbers);
    let outer = numbers.div_ceil(NUMBERS_PER_DIGEST) as u64 * message(DIGEST);
    fingerprint + long_key + key_blocks + inner + outer
}

/// `showdown`, a one-hand game: the fingerprint SHA-256(house seed) alone.
/// The game seed G is hashed once per game when the record is read, and
/// every deal after it is xoshiro256** draws: no hashing.
///
/// The case: a 64-character house seed, ceil((64 + 9) / 64) = 2.
pub fn showdown_game(input: &showdown::Input) -> u64 {
    message(input.house_seed().len())
}

/// `showdown`, one hand inside a game: xoshiro256** draws only.
pub fn showdown_hand() -> u64 {
    0
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
