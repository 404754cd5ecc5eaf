//! The SHA-256 blocks of one deal, for `fairdeal bench`'s hash-bound limit.

use fairdeal_core::hash::blocks::{counter, message};
use fairdeal_core::hash::{Blocks, Sha256};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::{Input, text};

/// The key's hex digits, which every counter hash starts with.
const KEY_DIGITS: usize = 64;

/// SHA-256(secret); the key SHA-256(atout-v1|secret|numbers); then
/// SHA-256(key:k) until the shuffle has the `consumed` numbers it took (31,
/// more when a number is rejected).
///
/// The key is 64 hex digits, one block, so the state after it serves every
/// counter hash. The coinche case (secret of 16, text of 44 characters, 31
/// numbers): 1 + 1 + 1 (the key's block) + 4 x ceil((":k" 2 + 9) / 64) = 7.
pub(crate) fn per_deal(input: &Value, consumed: usize) -> Result<Blocks, Error> {
    let input = Input::from_json(input)?;
    let fingerprint = message::<Sha256>(input.secret().len());
    let key = message::<Sha256>(text(&input).len());
    let stream = counter::<Sha256>(KEY_DIGITS + 1, consumed);
    Ok(Blocks::of::<Sha256>(fingerprint + key + stream))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_coinche_case_hashes_seven_blocks() {
        let input = json!({"secret": "n8Fq2VxL7cTz4Rw9", "variant": "coinche",
                           "numbers": ["4821", "1337", "90210", "77"]});
        assert_eq!(per_deal(&input, 31).unwrap(), Blocks::of::<Sha256>(7));
    }
}
