//! The SHA-256 blocks of one deal, for `fairdeal bench`'s hash-bound limit.

use fairdeal_core::hash::blocks::{counter, message, whole_blocks};
use fairdeal_core::hash::{Blocks, Sha2, Sha256};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::{Input, deck};

/// SHA-256(seed), then SHA-256(seed:cut:k) until the n - 1 numbers of an
/// n-card deck are drawn.
///
/// The seed is 64 hex digits, exactly one block, so the state after it
/// serves the fingerprint and every counter hash. The sample (`K7 cut`, 23
/// numbers, so k = 0, 1, 2): 1 (the seed) + 1 (the fingerprint's padding
/// block) + 3 x ceil((":K7 cut:" 8 + "k" 1 + 9) / 64) = 1 + 1 + 3 = 5.
pub(crate) fn per_deal(input: &Value, _consumed: usize) -> Result<Blocks, Error> {
    let input = Input::from_json(input)?;
    let cards = deck::starting(input.joker()).len();
    let seed = input.seed().len();
    let shared = whole_blocks::<Sha256>(seed);
    let fingerprint = message::<Sha256>(seed % Sha256::BLOCK);
    let stream = counter::<Sha256>(seed % Sha256::BLOCK + 1 + input.cut().len() + 1, cards - 1);
    Ok(Blocks::of::<Sha256>(shared + fingerprint + stream))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_sample_hashes_five_blocks() {
        let seed = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
        let input = json!({"seed": seed, "cut": "K7 cut", "dealer": 1});
        assert_eq!(per_deal(&input, 23).unwrap(), Blocks::of::<Sha256>(5));
    }
}
