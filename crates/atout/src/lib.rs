#![doc = include_str!("../README.md")]

mod audit;
mod blocks;
mod deal;
mod dealing;
mod deck;
mod input;
mod key;

use std::borrow::Cow;

use fairdeal_core::cards::{Card, shuffled_into};
use fairdeal_core::hash::{Sha256Counter, Sha256PairedCounter};
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Forms, Hashed, Hints, History, Label, Period,
    Player, SchemeInfo, SeatNames,
};
use fairdeal_core::shuffle::fisher_yates_rejection;
use fairdeal_core::table::TableView;
use fairdeal_core::{Error, Fingerprint, FromJson, SingleDeal};
use serde_json::Value;

pub use deal::Deal;
pub use dealing::{Dealing, Variant};
pub use deck::STARTING_DECK;
pub use input::Input;
pub use key::{SEPARATOR, TAG, key, key_digits, text};

/// The atout-v1 deal for coinche, belote and duo (docs/schemes/atout-v1.md).
#[derive(Clone, Copy, Debug)]
pub struct AtoutV1;

impl SingleDeal for AtoutV1 {
    const INFO: SchemeInfo = SchemeInfo {
        id: "atout-v1",
        summary: "coinche, belote and duo deals from the secret and each player's number",
        method: "SHA-256 counter stream keyed by secret|numbers, rejection-sampled 32-card deck; coinche, belote, duo",
        // docs/schemes/atout-v1.md names no site: a French card site's
        // coinche, belote and duo tables (issue 4).
        site: "a French card site (coinche, belote, duo)",
        commitment: Commitment {
            hashes: "SHA-256(secret)",
            aliases: &[],
            covers: &["secret"],
        },
        fields: input::FIELDS,
        player: Player::Seat {
            default: 0,
            choosable: true,
        },
        // The method numbers seats in the order of play and names none of them.
        seat_names: SeatNames::Numbered,
        cli: Cli::FLAGS,
        forms: Forms {
            labels: &[
                Label {
                    field: "secret",
                    words: &["Secret", "Revealed secret"],
                },
                Label {
                    field: "variant",
                    words: &["Variant"],
                },
                Label {
                    field: "numbers",
                    words: &["Number"],
                },
                Label {
                    field: "dealer",
                    words: &["Dealer", "Donneur"],
                },
                Label {
                    field: "taker",
                    words: &["Taker", "Preneur"],
                },
            ],
            seen: "at the table before the deal, as the fingerprint of the secret, before any seat chose its number",
            command: None,
        },
        games: &[],
        bench: &[BenchCase {
            // A coinche deal with four human seats.
            case: "coinche",
            input: r#"{"secret": "n8Fq2VxL7cTz4Rw9", "variant": "coinche", "numbers": ["4821", "1337", "90210", "77"]}"#,
            hand: None,
            blocks: blocks::per_deal,
        }],
        hints: Hints {
            hashed_text: Some(hashed_text),
            generator: None,
            rejection: Some(STARTING_DECK.len()),
        },
        audit: audit::AUDIT,
        slips: &[],
        history: History {
            secret: "secret",
            period: Period::Receipt,
            uniform: uniform_deal,
        },
        // A secret of 32 hex digits (128 bits) is printable ASCII without
        // `|`, as the page asks; the variant is the table's, set before
        // any seat chooses its number.
        dealer: DealerSide {
            secret: Draw::Hex { digits: 32 },
            drawn: &[],
            variant: Some("variant"),
        },
    };

    type Input = Input;
    type Draw = u32;
    type Stream = Sha256PairedCounter;
    type Deal = Deal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.secret().as_bytes())
    }

    fn stream(input: &Input) -> Sha256PairedCounter {
        // Four blocks for the 31 numbers of a 32-card shuffle: two pairs.
        Sha256Counter::new(&key_digits(input)).in_pairs()
    }

    fn starting_deck(_: &Input) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STARTING_DECK)
    }

    fn shuffle<I: Iterator<Item = u32>>(
        _: &Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        shuffled_into::<{ STARTING_DECK.len() }>(positions, |deck| {
            fisher_yates_rejection(deck, draws)
        })
    }

    fn deal(input: &Input, deck: &[Card], out: &mut Deal) {
        out.refill(input.dealing(), deck);
    }

    fn view(input: &Input, dealt: &Deal) -> TableView {
        dealt.view(input.dealing())
    }
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    match stage {
        "fingerprint" => Some(Hashed::text(input.secret())),
        // Eight numbers per block: number i comes from block i / 8, the
        // hash of `key:k` where the key is the hex of SHA-256(text).
        "randoms" => Some(Hashed {
            key: None,
            message: format!("{}:{}", key(&input), index / 8),
            key_text: Some(text(&input)),
        }),
        _ => None,
    }
}

/// Whether a deal's hands are a uniform draw (docs/schemes/atout-v1.md,
/// "Step 6: the deal"): coinche's and duo's, dealt whole. Not belote's: whether the
/// retourne is taken, and by whom, depends on the cards of the first round,
/// so the hands a history records are chosen by the cards (a taken deal's
/// eight, a passed-out deal's five) and a fair history would drift from the
/// odds of a uniform draw.
fn uniform_deal(input: &Value, _deal: usize) -> bool {
    input["variant"] != "belote"
}

#[cfg(test)]
mod tests {
    use fairdeal_core::DealSchemeExt;

    use super::*;
    use fairdeal_core::cards::codes;

    // Value stability: these break whenever the method changes, and a changed
    // method is a new scheme id, not an edit here. The key from
    // `printf '%s' 'atout-v1|s|12||7|' | sha256sum`, the numbers from
    // `printf '%s' 'b7c5...d309:0' | sha256sum` (a9ee5197 3061505c ...); the
    // deck and hands of the worked example in docs/schemes/atout-v1.md,
    // confirmed by the Python port (conformance/ports/python).
    #[test]
    fn value_stability_worked_example() {
        let input = Input::new("s", "belote", &["12", "", "7", ""], Some(3), Some(1)).unwrap();
        assert_eq!(
            key(&input),
            "b7c5a6281022f194714a080be2519e3832ee7b3e1ac0c47eb6992e5dac0dd309"
        );
        let trace = AtoutV1::trace(&input).unwrap();
        assert_eq!(
            trace.deals[0].randoms[..4],
            [2_850_967_959, 811_683_932, 886_767_333, 2_381_642_649]
        );
        assert_eq!(trace.deals[0].randoms.len(), 31);
        assert_eq!(
            codes(trace.deals[0].deck.cards()),
            "8c Ks Kc Ts 9d Kh 7c Qc 7s 7d Kd Js Jd Qs 9h 9s Td Th 9c 8s \
             Qh 7h Ad Qd Ac 8d As Jc 8h Tc Jh Ah"
        );
        let Deal::Belote { hands, upcard } = &trace.deals[0].deal else {
            panic!("belote with a taker: {:?}", trace.deals[0].deal);
        };
        assert_eq!(upcard.to_string(), "Qh");
        assert_eq!(codes(&hands[3]), "9s Td Th 9c 8s Tc Jh Ah");
    }

    #[test]
    fn every_variant_serializes_only_its_own_fields() {
        let keys = |variant, numbers: &[&str], dealer, taker| {
            let input = Input::new("s", variant, numbers, dealer, taker).unwrap();
            let deal = AtoutV1::deal_new(&input, 1, &STARTING_DECK);
            let json = serde_json::to_value(deal).unwrap();
            json.as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<_>>()
        };
        let four = ["", "", "", ""];
        assert_eq!(keys("coinche", &four, None, None), ["hands"]);
        assert_eq!(keys("belote", &four, Some(0), Some(2)), ["hands", "upcard"]);
        assert_eq!(
            keys("belote", &four, Some(0), None),
            ["hands", "upcard", "undealt"]
        );
        assert_eq!(keys("duo", &["", ""], Some(1), None), ["hidden", "visible"]);
    }

    #[test]
    fn a_belote_deal_is_not_a_uniform_draw() {
        for (variant, uniform) in [("coinche", true), ("duo", true), ("belote", false)] {
            let input = serde_json::json!({"variant": variant});
            assert_eq!(uniform_deal(&input, 1), uniform, "{variant}");
        }
    }
}
