//! Two SHA-256 compressions at once: one block for each of two independent
//! states, the SHA-256 compression function of FIPS 180-4 §6.2.2 run for
//! both.
//!
//! On a CPU with the Intel SHA extensions (SHA-NI) a compression is 32
//! SHA256RNDS2 instructions (two rounds each), every one waiting on the
//! one before. Here the two states' instructions are interleaved, so the
//! SHA unit works on one lane while the other's last rounds are in flight:
//! on an Intel Xeon (family 6, model 207) 34 ns a block, against 48 ns for
//! one state's blocks in a row and 37 ns for two states through sha2 in
//! turn, and an HMAC round in a pair 95 ns against 120 ns alone
//! (docs/performance.md, "Two SHA-256 lanes at once"). Elsewhere (another
//! architecture, a CPU without SHA-NI) the two blocks go to sha2's
//! `compress256` in turn.
//!
//! The kernel follows the instructions' definitions in the Intel 64 and
//! IA-32 Architectures Software Developer's Manual, volume 2 (SHA256RNDS2,
//! SHA256MSG1, SHA256MSG2): the state is held as the two registers
//! {A, B, E, F} and {C, D, G, H} that SHA256RNDS2 reads, and the message
//! schedule W(t) = σ1(W(t-2)) + W(t-7) + σ0(W(t-15)) + W(t-16) is four
//! words a step: SHA256MSG1 adds σ0(W(t-15)) to W(t-16), the W(t-7) terms
//! are added as a vector, and SHA256MSG2 adds σ1(W(t-2)), which for the
//! step's last two words are its own first two.

use super::{Sha2, Sha256};

/// Compresses `blocks[0]` into `states[0]` and `blocks[1]` into
/// `states[1]`, as two calls of sha2's `compress256` would; the lanes are
/// independent (they may hold the same state and block).
#[inline]
pub fn compress256_x2(states: &mut [[u32; 8]; 2], blocks: [&[u8; 64]; 2]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(sha_ni) = sha_ni::ShaNi::detect() {
        sha_ni.compress256_x2(states, blocks);
        return;
    }
    in_turn(states, blocks);
}

/// The portable path: sha2's compression, one lane after the other.
fn in_turn(states: &mut [[u32; 8]; 2], blocks: [&[u8; 64]; 2]) {
    for (state, block) in states.iter_mut().zip(blocks) {
        Sha256::compress(state, block);
    }
}

/// The round constants K(0) to K(63) (FIPS 180-4 §4.2.2): the first 32
/// bits of the fractional parts of the cube roots of the first 64 primes,
/// eight a row as the standard prints them.
#[cfg(target_arch = "x86_64")]
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The SHA-NI kernel: the one module of the workspace allowed `unsafe`
/// code, for the call of a function compiled for CPU features that are
/// checked at run time first.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sha_ni {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_alignr_epi8, _mm_loadu_si128, _mm_set_epi8, _mm_set_epi32,
        _mm_setzero_si128, _mm_sha256msg1_epu32, _mm_sha256msg2_epu32, _mm_sha256rnds2_epu32,
        _mm_shuffle_epi8, _mm_shuffle_epi32, _mm_storeu_si128, _mm_unpackhi_epi64,
        _mm_unpacklo_epi64,
    };

    use super::K;

    /// Proof that the CPU has what [`compress`] is compiled for: only
    /// [`ShaNi::detect`] makes one.
    #[derive(Clone, Copy, Debug)]
    pub(super) struct ShaNi(());

    impl ShaNi {
        /// Returns the proof when the CPU has the SHA extensions, SSE2 and
        /// SSSE3 (std caches what it read of the CPU: a load and a test
        /// each).
        #[inline]
        pub(super) fn detect() -> Option<Self> {
            let found = is_x86_feature_detected!("sha")
                && is_x86_feature_detected!("sse2")
                && is_x86_feature_detected!("ssse3");
            found.then_some(Self(()))
        }

        /// [`super::compress256_x2`] on SHA-NI.
        #[inline]
        pub(super) fn compress256_x2(self, states: &mut [[u32; 8]; 2], blocks: [&[u8; 64]; 2]) {
            // SAFETY: `compress` needs nothing but the CPU features it
            // enables, and `self` exists only where `detect` found each of
            // them on this CPU.
            unsafe { compress(states, blocks) }
        }
    }

    /// Returns `x` read as the signed number of its bits, as `std::arch`
    /// takes 32-bit lanes.
    #[inline]
    fn signed(x: u32) -> i32 {
        i32::from_ne_bytes(x.to_ne_bytes())
    }

    /// The two lanes' compressions, step by step in turn: four rounds of
    /// lane 0, four of lane 1, and each lane's next four message words.
    ///
    /// # Safety
    ///
    /// The CPU must have the SHA extensions, SSE2 and SSSE3 (PSHUFB and
    /// PALIGNR).
    #[target_feature(enable = "sha,sse2,ssse3")]
    unsafe fn compress(states: &mut [[u32; 8]; 2], blocks: [&[u8; 64]; 2]) {
        // Reverses the bytes of each 32-bit lane: the message's words are
        // big-endian.
        let big_endian = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
        let zero = _mm_setzero_si128();
        let mut abef = [zero; 2];
        let mut cdgh = [zero; 2];
        // Each lane's last sixteen message words, four to a register, the
        // oldest first.
        let mut w = [[zero; 4]; 2];
        for i in 0..2 {
            let state: *const [u32; 8] = &states[i];
            let block: *const [u8; 64] = blocks[i];
            let state = state.cast::<__m128i>();
            let block = block.cast::<__m128i>();
            // Whole 16-byte loads, not lanes set one by one: the compiler
            // merged those into loads straddling the state's two halves,
            // and a load that straddles two recent stores waits for both
            // to reach the cache instead of being forwarded from one
            // (the caller has just written the state): a paired HMAC round
            // took about a third longer with them.
            //
            // SAFETY: `state` points to 32 readable bytes (eight u32) and
            // `block` to 64 (references); each load reads 16 of them, at
            // offsets 0 and 16 of the state and 0, 16, 32 and 48 of the
            // block, at any alignment.
            let (abcd, efgh, message) = unsafe {
                (
                    _mm_loadu_si128(state),
                    _mm_loadu_si128(state.add(1)),
                    [0, 1, 2, 3].map(|q| _mm_loadu_si128(block.add(q))),
                )
            };
            // SHA256RNDS2 holds A in the high lane: {A, B, E, F} from the
            // highest lane to the lowest, and {C, D, G, H}. Each pair of
            // A to D and E to H swapped gives {B, A, D, C} and
            // {F, E, H, G} (lowest lane last), whose halves recombine.
            let badc = _mm_shuffle_epi32(abcd, 0xb1);
            let fehg = _mm_shuffle_epi32(efgh, 0xb1);
            abef[i] = _mm_unpacklo_epi64(fehg, badc);
            cdgh[i] = _mm_unpackhi_epi64(fehg, badc);
            w[i] = message.map(|bytes| _mm_shuffle_epi8(bytes, big_endian));
        }
        let (abef_in, cdgh_in) = (abef, cdgh);
        for step in 0..16 {
            let t = 4 * step;
            let k = _mm_set_epi32(
                signed(K[t + 3]),
                signed(K[t + 2]),
                signed(K[t + 1]),
                signed(K[t]),
            );
            for i in 0..2 {
                let [w0, w1, w2, w3] = w[i];
                let wk = _mm_add_epi32(w0, k);
                // Rounds t and t + 1 from the low half of W + K, then
                // t + 2 and t + 3 from its high half; each leaves the
                // registers' roles swapped: the new {A, B, E, F} is the
                // input's, and the old one is the new {C, D, G, H}.
                cdgh[i] = _mm_sha256rnds2_epu32(cdgh[i], abef[i], wk);
                abef[i] = _mm_sha256rnds2_epu32(abef[i], cdgh[i], _mm_shuffle_epi32(wk, 0x0e));
                if step < 12 {
                    // W(t + 16) to W(t + 19). `alignr` of w3:w2 by a word
                    // gives W(t + 9) to W(t + 12), the W(t - 7) terms.
                    let partial =
                        _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4));
                    w[i] = [w1, w2, w3, _mm_sha256msg2_epu32(partial, w3)];
                } else {
                    w[i] = [w1, w2, w3, zero];
                }
            }
        }
        for i in 0..2 {
            let abef = _mm_add_epi32(abef[i], abef_in[i]);
            let cdgh = _mm_add_epi32(cdgh[i], cdgh_in[i]);
            // From lanes {F, E, B, A} and {H, G, D, C}, lowest first: the
            // high halves give {B, A, D, C}, the low ones {F, E, H, G};
            // swapping each pair gives A to D and E to H in order.
            let abcd = _mm_shuffle_epi32(_mm_unpackhi_epi64(abef, cdgh), 0xb1);
            let efgh = _mm_shuffle_epi32(_mm_unpacklo_epi64(abef, cdgh), 0xb1);
            let state: *mut [u32; 8] = &mut states[i];
            let state = state.cast::<__m128i>();
            // SAFETY: `state` points to 32 writable bytes (eight u32, a
            // mutable reference); the stores write 16 of them each, at
            // offsets 0 and 16, at any alignment.
            unsafe {
                _mm_storeu_si128(state, abcd);
                _mm_storeu_si128(state.add(1), efgh);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use sha2::compress256;
    use sha2::digest::generic_array::GenericArray;

    use super::*;
    use crate::stream::SplitMix64;

    /// sha2's compression of one block, the reference.
    fn reference(mut state: [u32; 8], block: &[u8; 64]) -> [u32; 8] {
        compress256(&mut state, &[*GenericArray::from_slice(block)]);
        state
    }

    fn random_state(random: &mut SplitMix64) -> [u32; 8] {
        [0; 8].map(|_: u32| u32::try_from(random.next_u64() >> 32).unwrap())
    }

    fn random_block(random: &mut SplitMix64) -> [u8; 64] {
        let mut block = [0; 64];
        for eight in block.chunks_exact_mut(8) {
            eight.copy_from_slice(&random.next_u64().to_le_bytes());
        }
        block
    }

    /// Checks `two_lanes` against sha2 on random states and blocks, each
    /// pair in both orders and as two identical lanes; also on the IV and
    /// blocks of all zeros and all ones, the extremes of every addition.
    fn agrees_with_sha2(two_lanes: impl Fn(&mut [[u32; 8]; 2], [&[u8; 64]; 2]), seed: u64) {
        let mut random = SplitMix64::new(seed);
        let mut cases: Vec<([u32; 8], [u8; 64])> = vec![
            (Sha256::IV, [0; 64]),
            (Sha256::IV, [0xff; 64]),
            ([u32::MAX; 8], [0xff; 64]),
            ([0; 8], [0; 64]),
        ];
        for _ in 0..2000 {
            cases.push((random_state(&mut random), random_block(&mut random)));
        }
        for pair in cases.windows(2) {
            let [(s0, b0), (s1, b1)] = [pair[0], pair[1]];
            let expected = [reference(s0, &b0), reference(s1, &b1)];
            let mut states = [s0, s1];
            two_lanes(&mut states, [&b0, &b1]);
            assert_eq!(states, expected, "{s0:08x?} {s1:08x?}");
            let mut swapped = [s1, s0];
            two_lanes(&mut swapped, [&b1, &b0]);
            assert_eq!(swapped, [expected[1], expected[0]]);
            let mut same = [s0, s0];
            two_lanes(&mut same, [&b0, &b0]);
            assert_eq!(same, [expected[0]; 2]);
        }
    }

    #[test]
    fn two_lanes_agree_with_sha2() {
        agrees_with_sha2(compress256_x2, 1);
    }

    #[test]
    fn the_portable_path_agrees_with_sha2() {
        agrees_with_sha2(in_turn, 2);
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_sha_ni_kernel_agrees_with_sha2_where_the_cpu_has_it() {
        let detected = sha_ni::ShaNi::detect();
        let has_sha = std::is_x86_feature_detected!("sha");
        assert_eq!(detected.is_some(), has_sha);
        if let Some(sha_ni) = detected {
            agrees_with_sha2(|states, blocks| sha_ni.compress256_x2(states, blocks), 3);
        }
    }

    #[test]
    fn chained_blocks_hash_two_messages() {
        // Many blocks in a row through both lanes: the states each block
        // leaves are the next one's, as in a long message.
        let mut random = SplitMix64::new(4);
        let blocks: Vec<[[u8; 64]; 2]> = (0..64)
            .map(|_| [random_block(&mut random), random_block(&mut random)])
            .collect();
        let mut ours = [Sha256::IV; 2];
        let mut theirs = [Sha256::IV; 2];
        for [b0, b1] in &blocks {
            compress256_x2(&mut ours, [b0, b1]);
            theirs = [reference(theirs[0], b0), reference(theirs[1], b1)];
        }
        assert_eq!(ours, theirs);
    }
}
