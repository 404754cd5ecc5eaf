//! The SHA-256 blocks of one deal, for `fairdeal bench`'s hash-bound limit.

use fairdeal_core::hash::blocks::message;
use fairdeal_core::hash::{Blocks, Sha256};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::Input;

/// The lock SHA-256(seed:nonce) alone; sfc32 hashes nothing, and its
/// seeding is done when the input is read.
///
/// The sample: ceil((32 + 1 + "hand-12" 7 + 9) / 64) = 1.
pub(crate) fn per_deal(input: &Value, _consumed: usize) -> Result<Blocks, Error> {
    let input = Input::from_json(input)?;
    let lock = message::<Sha256>(input.seed().len() + 1 + input.nonce().len());
    Ok(Blocks::of::<Sha256>(lock))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_sample_hashes_one_block() {
        let input = json!({"seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12"});
        assert_eq!(per_deal(&input, 23).unwrap(), Blocks::of::<Sha256>(1));
    }
}
