//! The SHA-256 blocks of one deal, for `fairdeal bench`'s hash-bound limit.

use fairdeal_core::blocks::message;
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::Input;

/// The lock SHA-256(seed:nonce) alone; sfc32 hashes nothing, and its
/// seeding is done when the input is read.
///
/// The sample: ceil((32 + 1 + "hand-12" 7 + 9) / 64) = 1.
pub(crate) fn per_deal(input: &Value, _consumed: usize) -> Result<u64, Error> {
    let input = Input::from_json(input)?;
    Ok(message(input.seed().len() + 1 + input.nonce().len()))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_sample_hashes_one_block() {
        let input = json!({"seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12"});
        assert_eq!(per_deal(&input, 23).unwrap(), 1);
    }
}
