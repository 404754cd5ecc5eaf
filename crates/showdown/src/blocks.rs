//! The SHA-256 blocks of a game and of a hand, for `fairdeal bench`'s
//! hash-bound limit.

use fairdeal_core::hash::blocks::message;
use fairdeal_core::hash::{Blocks, Sha256};
use fairdeal_core::{Error, FromJson};
use serde_json::Value;

use crate::Input;

/// A one-hand game: the fingerprint SHA-256(house seed) alone. The game
/// seed G is hashed once per game when the record is read, and every deal
/// after it is xoshiro256** draws: no hashing.
///
/// The case: a 64-character house seed, ceil((64 + 9) / 64) = 2.
pub(crate) fn per_game(input: &Value, _consumed: usize) -> Result<Blocks, Error> {
    let fingerprint = message::<Sha256>(Input::from_json(input)?.house_seed().len());
    Ok(Blocks::of::<Sha256>(fingerprint))
}

/// One hand inside a game: xoshiro256** draws only.
pub(crate) fn per_hand(_input: &Value, _consumed: usize) -> Result<Blocks, Error> {
    Ok(Blocks::NONE)
}

#[cfg(test)]
mod tests {
    use fairdeal_core::DealScheme;
    use fairdeal_core::hash::{Blocks, Sha256};

    use crate::Showdown;

    #[test]
    fn a_game_hashes_two_blocks_and_a_hand_none() {
        let blocks: Vec<(&str, Option<usize>, Blocks)> = Showdown::INFO
            .bench
            .iter()
            .map(|case| {
                let input = serde_json::from_str(case.input).unwrap();
                (case.case, case.hand, (case.blocks)(&input, 0).unwrap())
            })
            .collect();
        assert_eq!(
            blocks,
            [
                ("fisher-yates-1-hands", None, Blocks::of::<Sha256>(2)),
                ("fisher-yates-1-hands", Some(1), Blocks::NONE),
                ("kitchen-table-2-hands", Some(2), Blocks::NONE),
            ]
        );
    }
}
