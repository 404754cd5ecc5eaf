//! The SHA-256 blocks of one deal, for `fairdeal bench`'s hash-bound limit.

use fairdeal_core::hash::blocks::{digits, hmac_counter, hmac_key, message};
use fairdeal_core::hash::{Blocks, Sha256};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::{Input, SHOE_SIZE};

/// SHA-256(server seed), then HMAC-SHA256 rounds until the shoe has its 416
/// numbers (52 rounds).
///
/// HMAC(K, m) = SHA-256(K ^ opad, SHA-256(K ^ ipad, m)). Per seed, once: a
/// key over 64 bytes is hashed first, then the inner and outer key blocks.
/// Per round: the inner hash finishes `client_seed:nonce:r` after the
/// whole blocks of `client_seed:nonce:`, and the outer hash one block (the
/// 32-byte inner digest + 9). The worked example (a 64-character seed,
/// `lucky:0:`): 2 + 2 + 52 x (ceil((8 + 1 or 2 + 9) / 64) + 1) = 2 + 2 + 104
/// = 108.
pub(crate) fn per_deal(input: &Value, _consumed: usize) -> Result<Blocks, Error> {
    let input = Input::from_json(input)?;
    let seed = input.server_seed().len();
    let fingerprint = message::<Sha256>(seed);
    let key = hmac_key::<Sha256>(seed);
    let prefix = input.client_seed().len() + 1 + digits(input.nonce()) + 1;
    let rounds = hmac_counter::<Sha256>(prefix, SHOE_SIZE);
    Ok(Blocks::of::<Sha256>(fingerprint + key + rounds))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_worked_example_hashes_108_blocks() {
        let seed = "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59";
        let input = json!({"server_seed": seed, "client_seed": "lucky", "nonce": 0});
        assert_eq!(
            per_deal(&input, SHOE_SIZE).unwrap(),
            Blocks::of::<Sha256>(108)
        );
    }
}
