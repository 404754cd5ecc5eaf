//! The blocks of one deal per hash function, for `fairdeal bench`'s
//! hash-bound limit: SHA-256 for the fingerprint, SHA-512 for the stream.

use fairdeal_core::hash::blocks::{digits, hmac_counter, hmac_key, message};
use fairdeal_core::hash::{Blocks, Sha256, Sha512};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::Input;

/// SHA-256(server seed); then HMAC-SHA512 keyed with the server seed, one
/// hash per 16 numbers until the shuffle has the `consumed` numbers it took
/// (51, more when a number is rejected).
///
/// HMAC(K, m) = SHA-512(K ^ opad, SHA-512(K ^ ipad, m)). Per seed, once: the
/// inner and the outer key block (the 64-character key fits one 128-byte
/// block). Per hash: the inner hash finishes `client_seed:nonce:k` (one
/// block while it is under 128 - 17 bytes), and the outer hash one block
/// (the 64-byte inner digest + 17). The bench case (`river:7:`, 51 numbers,
/// so k = 0 to 3): SHA-256 ceil((64 + 9) / 64) = 2; SHA-512 2 + 4 x (1 + 1)
/// = 10.
pub(crate) fn per_deal(input: &Value, consumed: usize) -> Result<Blocks, Error> {
    let input = Input::from_json(input)?;
    let seed = input.server_seed().len();
    let fingerprint = message::<Sha256>(seed);
    let key = hmac_key::<Sha512>(seed);
    let prefix = input.client_seed().len() + 1 + digits(input.nonce()) + 1;
    let stream = hmac_counter::<Sha512>(prefix, consumed);
    Ok(Blocks::of::<Sha256>(fingerprint) + Blocks::of::<Sha512>(key + stream))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_bench_case_hashes_2_sha256_and_10_sha512_blocks() {
        let seed = "5f2c0a94e3b7d1680c4e9a2b7f31d5c8e06a94b2d7c3f1e8a5b09d4c6e2f7a13";
        let input = json!({"server_seed": seed, "client_seed": "river", "nonce": 7,
                           "players": 6, "button": 0});
        assert_eq!(
            per_deal(&input, 51).unwrap(),
            Blocks::of::<Sha256>(2) + Blocks::of::<Sha512>(10)
        );
    }
}
