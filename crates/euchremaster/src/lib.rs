#![doc = include_str!("../README.md")]

mod audit;
mod blocks;
mod deal;
mod deck;
mod input;

use std::borrow::Cow;

use fairdeal_core::cards::{Card, identity_into};
use fairdeal_core::hash::{Midstate, Sha256, Sha256Counter};
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Forms, Hashed, Hints, History, Label, Period,
    Player, SchemeInfo, SeatNames,
};
use fairdeal_core::shuffle::fisher_yates_mul_shift;
use fairdeal_core::table::{EuchreDeal, TableView};
use fairdeal_core::{Error, Fingerprint, FromJson, SingleDeal};
use serde_json::Value;

pub use deal::{FIRST_ROUND, PACKETS, deal};
pub use deck::{JOKER_DECK, STARTING_DECK};
pub use input::Input;

/// The EuchreMaster counter-hash deal (docs/schemes/euchremaster.md).
#[derive(Clone, Copy, Debug)]
pub struct EuchreMaster;

impl SingleDeal for EuchreMaster {
    const INFO: SchemeInfo = SchemeInfo {
        id: "euchremaster",
        summary: "a euchre deal from the revealed seed and your cut: 24 cards, or 25 with the joker",
        method: "SHA-256(seed:cut:k) counter stream, 24/25-card euchre deck, 3-2 packets",
        site: "EuchreMaster",
        commitment: Commitment {
            hashes: "SHA-256(seed)",
            aliases: &[],
            covers: &["seed"],
        },
        fields: input::FIELDS,
        player: Player::Seat {
            default: 0,
            choosable: false,
        },
        seat_names: SeatNames::Named(&["you", "left", "partner", "right"]),
        cli: Cli::FLAGS,
        forms: Forms {
            labels: &[
                Label {
                    field: "seed",
                    words: &["Seed", "Revealed seed"],
                },
                Label {
                    field: "cut",
                    words: &["Cut", "Your cut"],
                },
            ],
            seen: "on the table before the deal, as the fingerprint of the server's seed, before you typed your cut",
            command: None,
        },
        games: &[],
        bench: &[BenchCase {
            // README.md's sample receipt.
            case: "dealer-1",
            input: r#"{"seed": "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a", "cut": "K7 cut", "dealer": 1}"#,
            hand: None,
            blocks: blocks::per_deal,
        }],
        hints: Hints {
            hashed_text: Some(hashed_text),
            generator: None,
            rejection: None,
        },
        audit: audit::AUDIT,
        slips: &[],
        history: History {
            secret: "seed",
            period: Period::Receipt,
            uniform: History::EVERY_DEAL,
        },
        // docs/schemes/euchremaster.md: the seed is 64 hex digits.
        dealer: DealerSide {
            secret: Draw::Hex { digits: 64 },
            drawn: &[],
            variant: None,
        },
    };

    type Input = Input;
    type Draw = u32;
    type Stream = Sha256Counter;
    type Deal = EuchreDeal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.seed().as_bytes())
    }

    fn stream(input: &Input) -> Sha256Counter {
        Sha256Counter::from_parts(&[input.seed().as_bytes(), b":", input.cut().as_bytes()])
    }

    fn starting_deck(input: &Input) -> Cow<'static, [Card]> {
        Cow::Borrowed(deck::starting(input.joker()))
    }

    fn shuffle<I: Iterator<Item = u32>>(
        input: &Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        identity_into(positions, deck::starting(input.joker()).len());
        fisher_yates_mul_shift(positions, draws)
    }

    fn deal(input: &Input, deck: &[Card], out: &mut EuchreDeal) {
        out.refill_in_rounds(deck, input.dealer().after(1, 4), FIRST_ROUND);
    }

    fn view(input: &Input, dealt: &EuchreDeal) -> TableView {
        dealt.view(Some(input.dealer()))
    }

    fn commitment_and_stream(input: &Input) -> (Fingerprint, Sha256Counter) {
        // The seed is 64 characters: exactly one block, whose state serves
        // the fingerprint and every counter hash (seed:cut:k).
        let after_seed = Midstate::<Sha256>::new().chain(input.seed().as_bytes());
        let fingerprint = Fingerprint::from_bytes(after_seed.digest());
        (
            fingerprint,
            Sha256Counter::continuing(after_seed, &[b":", input.cut().as_bytes()]),
        )
    }
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    match stage {
        "fingerprint" => Some(Hashed::text(input.seed())),
        // Eight numbers per block: number i comes from block i / 8.
        "randoms" => Some(Hashed::text(format!(
            "{}:{}",
            input.stream_prefix(),
            index / 8
        ))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use fairdeal_core::DealSchemeExt;

    use super::*;
    use fairdeal_core::cards::codes;

    // Value stability: these break whenever the method changes, and a changed
    // method is a new scheme id, not an edit here. Numbers from
    // `printf '%s' 'a3db...c09a:K7 cut:0' | sha256sum` (the first words of H_0);
    // the deal from README.md's sample receipt, confirmed by the Python port
    // (conformance/ports/python).
    #[test]
    fn value_stability_sample_receipt() {
        let seed = "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a";
        let input = Input::new(seed, "K7 cut", 1, false).unwrap();
        let trace = EuchreMaster::trace(&input).unwrap();
        assert_eq!(
            trace.deals[0].randoms[..4],
            [2_603_489_912, 1_406_286_867, 160_194_100, 695_202_813]
        );
        assert_eq!(trace.deals[0].randoms.len(), 23);
        assert_eq!(
            codes(trace.deals[0].deck.cards()),
            "Kh Kd Jc Ac Js Tc 9s 9d Kc Qd Ah Ks Qh As Qs Jd Ad 9h Th Ts Qc 9c Td Jh"
        );
        assert_eq!(codes(&trace.deals[0].deal.hands[2]), "Kh Kd Jc Ah Ks");
    }

    #[test]
    fn joker_deck_takes_24_numbers_and_has_a_4_card_kitty() {
        let input = Input::new(&"0".repeat(64), "x", 0, true).unwrap();
        let trace = EuchreMaster::trace(&input).unwrap();
        assert_eq!(trace.deals[0].randoms.len(), 24);
        assert_eq!(trace.deals[0].deal.kitty.len(), 4);
        assert!(trace.deals[0].deck.cards().contains(&Card::Joker));
    }
}
