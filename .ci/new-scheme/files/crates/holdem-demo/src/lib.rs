#![doc = include_str!("../README.md")]

mod audit;
mod blocks;
mod deal;
mod input;

use std::borrow::Cow;

use fairdeal_core::cards::decks::STANDARD;
use fairdeal_core::cards::{Card, identity_into};
use fairdeal_core::hash::HmacSha512Counter;
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Forms, Hashed, Hints, History, Label, Period,
    Player, SchemeInfo, SeatNames,
};
use fairdeal_core::shuffle::fisher_yates_rejection;
use fairdeal_core::stream::decimal;
use fairdeal_core::table::TableView;
use fairdeal_core::{Error, Fingerprint, FromJson, SingleDeal};
use serde_json::Value;

pub use deal::{Deal, HOLE_CARDS};
pub use input::{Input, MAX_NONCE, MAX_PLAYERS, MIN_PLAYERS};

/// Numbers per hash: a 64-byte HMAC-SHA512 digest read as sixteen u32 BE.
pub const PER_HASH: usize = 16;

/// A Texas Hold'em deal for 2 to 10 players (docs/schemes/holdem-demo.md).
#[derive(Clone, Copy, Debug)]
pub struct HoldemDemo;

impl SingleDeal for HoldemDemo {
    const INFO: SchemeInfo = SchemeInfo {
        id: "holdem-demo",
        summary: "a Texas Hold'em deal for 2 to 10 players from server seed, client seed and nonce",
        method: "HMAC-SHA512(server_seed, client_seed:nonce:k) counter stream, rejection-sampled 52-card deck; hole cards from the button's left, burn and board",
        // docs/schemes/holdem-demo.md: the shape of the provably fair poker
        // rooms' method, with this project's decisions; no one site.
        site: "provably fair Hold'em tables",
        commitment: Commitment {
            hashes: "SHA-256(server_seed)",
            aliases: &[],
            covers: &["server_seed"],
        },
        fields: input::FIELDS,
        player: Player::Seat {
            default: 0,
            choosable: true,
        },
        // The method numbers seats from 0 round the table and names none.
        seat_names: SeatNames::Numbered,
        cli: Cli::FLAGS,
        forms: Forms {
            labels: &[
                Label {
                    field: "server_seed",
                    words: &["Server seed"],
                },
                Label {
                    field: "client_seed",
                    words: &["Client seed"],
                },
                Label {
                    field: "nonce",
                    words: &["Hand number"],
                },
                Label {
                    field: "players",
                    words: &["Players"],
                },
                Label {
                    field: "button",
                    words: &["Button"],
                },
                Label {
                    field: "fingerprint",
                    words: &["Server seed hash"],
                },
            ],
            seen: "at the table before the hand, as the server seed hash",
            command: None,
        },
        games: &[],
        bench: &[BenchCase {
            // Six players, the button on seat 0.
            case: "six-players",
            input: r#"{"server_seed": "5f2c0a94e3b7d1680c4e9a2b7f31d5c8e06a94b2d7c3f1e8a5b09d4c6e2f7a13", "client_seed": "river", "nonce": 7, "players": 6, "button": 0}"#,
            hand: None,
            blocks: blocks::per_deal,
        }],
        hints: Hints {
            hashed_text: Some(hashed_text),
            generator: None,
            rejection: Some(STANDARD.len()),
        },
        audit: audit::AUDIT,
        slips: &[],
        history: History {
            secret: "server_seed",
            period: Period::Receipt,
            uniform: History::EVERY_DEAL,
        },
        // A server seed of 64 hex digits; the client seed, the hand number,
        // the players and the button are the table's, after the commitment.
        dealer: DealerSide {
            secret: Draw::Hex { digits: 64 },
            drawn: &[],
            variant: None,
        },
    };

    type Input = Input;
    type Draw = u32;
    type Stream = HmacSha512Counter;
    type Deal = Deal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.server_seed().as_bytes())
    }

    /// HMAC-SHA512(key = the server seed's text, message =
    /// `client_seed:nonce:k`), k = 0, 1, 2, ...: the key schedule and the
    /// prefix absorbed once, sixteen numbers a hash.
    fn stream(input: &Input) -> HmacSha512Counter {
        let mut buf = [0; 20];
        HmacSha512Counter::keyed(
            input.server_seed().as_bytes(),
            &[
                input.client_seed().as_bytes(),
                b":",
                decimal(input.nonce(), &mut buf),
            ],
        )
    }

    fn starting_deck(_: &Input) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STANDARD)
    }

    fn shuffle<I: Iterator<Item = u32>>(
        _: &Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        identity_into(positions, STANDARD.len());
        fisher_yates_rejection(positions, draws)
    }

    fn deal(input: &Input, deck: &[Card], out: &mut Deal) {
        out.refill(input.players(), input.button(), deck);
    }

    fn view(input: &Input, dealt: &Deal) -> TableView {
        dealt.view(input.button())
    }
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    match stage {
        "fingerprint" => Some(Hashed::text(input.server_seed())),
        // Sixteen numbers per hash: number i comes from hash i / 16, the
        // HMAC keyed with the server seed's text.
        "randoms" => Some(Hashed {
            key: Some(input.server_seed().to_owned()),
            message: format!(
                "{}:{}:{}",
                input.client_seed(),
                input.nonce(),
                index / PER_HASH
            ),
            key_text: None,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use fairdeal_core::DealSchemeExt;
    use fairdeal_core::cards::codes;

    use super::*;

    const SEED: &str = "5f2c0a94e3b7d1680c4e9a2b7f31d5c8e06a94b2d7c3f1e8a5b09d4c6e2f7a13";

    // Value stability: these break whenever the method changes, and a
    // changed method is a new scheme id. The words are those of
    // `printf '%s' 'river:7:0' | openssl dgst -sha512 -hmac 5f2c...7a13`
    // (b5971c6d 4bf9e3ca ...) and of 'river:7:1' (a6ed9ba1 ...): openssl
    // keys the HMAC with the seed's text, as the method does. The deal is
    // the worked example of docs/schemes/holdem-demo.md, confirmed by the
    // Python port (conformance/ports/python).
    #[test]
    fn value_stability_worked_example() {
        let input = Input::new(SEED, "river", 7, 6, 0).unwrap();
        let trace = HoldemDemo::trace(&input).unwrap();
        let randoms = &trace.deals[0].randoms;
        assert_eq!(randoms[..2], [0xb597_1c6d, 0x4bf9_e3ca]);
        assert_eq!(randoms[PER_HASH], 0xa6ed_9ba1);
        assert_eq!(randoms.len(), 51);
        let deal = &trace.deals[0].deal;
        assert_eq!(codes(&deal.hands[1]), "Ad 6s");
        assert_eq!(codes(&deal.hands[0]), "Qd Kh");
        assert_eq!(codes(&deal.flop), "8s 3d Tc");
        assert_eq!(
            (deal.turn.to_string(), deal.river.to_string()),
            ("2h".into(), "Ts".into())
        );
    }
}
