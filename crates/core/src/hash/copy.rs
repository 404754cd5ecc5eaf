//! Copying a short run of bytes into a block without a call to `memcpy`.
//!
//! A hash of a receipt's text copies many short parts into its block (a
//! separator, a nonce, a counter): `copy_from_slice` of a length known only
//! at run time calls `memcpy`, which was 7% of an atout-v1 deal on the
//! Intel Xeon of docs/performance.md (issue 26). Up to 16 bytes, two
//! copies of a fixed size that overlap in the middle cover any length, and
//! a fixed-size copy compiles to a load and a store.

/// Copies `src` into `dst`, which must be as long.
///
/// # Panics
///
/// When the lengths differ (every caller slices `dst` to `src`'s length).
#[inline(always)]
pub(crate) fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    assert_eq!(dst.len(), n, "copy_short: lengths differ");
    match n {
        0 => {}
        1..=3 => {
            // The first, middle and last bytes: every byte of 1, 2 or 3.
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        _ => dst.copy_from_slice(src),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_and_offset_copies_exactly_those_bytes() {
        let src: Vec<u8> = (1..=40).collect();
        for len in 0..=src.len() {
            for at in 0..4 {
                let mut dst = [0u8; 48];
                copy_short(&mut dst[at..at + len], &src[..len]);
                assert_eq!(&dst[at..at + len], &src[..len], "len {len} at {at}");
                // Nothing outside the run is touched.
                assert!(dst[..at].iter().all(|&b| b == 0), "len {len} at {at}");
                assert!(dst[at + len..].iter().all(|&b| b == 0), "len {len} at {at}");
            }
        }
    }
}
