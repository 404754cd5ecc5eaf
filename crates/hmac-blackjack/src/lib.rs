#![doc = include_str!("../README.md")]

mod actions;
mod audit;
mod blackjack;
mod blocks;
pub mod games;
mod hand;
mod input;
mod shoe;
pub mod stream;
mod ticket;

use std::borrow::Cow;

use fairdeal_core::cards::Card;
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Forms, Hashed, Hints, History, Label, Period,
    Player, SchemeInfo, SeatNames,
};
use fairdeal_core::table::TableView;
use fairdeal_core::{Error, Fingerprint, FromJson, SingleDeal};
use serde_json::Value;

pub use actions::{Action, Actions};
pub use blackjack::{DealerHand, PlayerHand, Round, replay};
pub use hand::{DEALER_STANDS_ON, Net, Outcome, TWENTY_ONE, Total};
pub use input::{Input, MAX_NONCE};
pub use shoe::{DECK, DECKS, Deal, LABELS, SHOE_SIZE, STARTING_SHOE, label};
pub use stream::{HmacStream, PER_ROUND};
pub use ticket::{TICKETS, Ticket};

/// The HMAC-SHA256 blackjack shoe and its site's other games
/// (docs/schemes/hmac-blackjack.md).
#[derive(Clone, Copy, Debug)]
pub struct HmacBlackjack;

impl SingleDeal for HmacBlackjack {
    const INFO: SchemeInfo = SchemeInfo {
        id: "hmac-blackjack",
        summary: "an 8-deck blackjack shoe from server seed, client seed and nonce; and its roll games",
        method: "HMAC-SHA256(server_seed, client_seed:nonce:round) floats, 8-deck blackjack shoe; blackjack replay and roll games",
        // The page names no site: the method is the byte generator that
        // such sites publish on their fairness pages.
        site: "provably fair blackjack and roll-game sites",
        commitment: Commitment {
            hashes: "SHA-256(server_seed)",
            aliases: &[],
            covers: &["server_seed"],
        },
        fields: input::FIELDS,
        // The player's first two cards: the shoe deals player, dealer
        // up-card, player, hole card (docs/schemes/hmac-blackjack.md, step 5).
        player: Player::Positions(&[0, 2]),
        seat_names: SeatNames::Numbered,
        cli: Cli::FLAGS,
        forms: Forms {
            labels: &[
                Label {
                    field: "server_seed",
                    words: &[
                        "Server seed",
                        "Revealed server seed",
                        "Unhashed server seed",
                    ],
                },
                Label {
                    field: "client_seed",
                    words: &["Client seed", "Entropy", "Block hash"],
                },
                Label {
                    field: "nonce",
                    words: &["Nonce"],
                },
                Label {
                    field: "fingerprint",
                    words: &[
                        "Hashed server seed",
                        "Server seed hash",
                        "Server seed (hashed)",
                    ],
                },
            ],
            seen: "on the site's fairness page before you played, as the hashed server seed",
            command: None,
        },
        games: games::GAMES,
        bench: &[BenchCase {
            // The worked example of docs/schemes/hmac-blackjack.md: the
            // 416-card shoe.
            case: "key-is-text-not-hex",
            input: r#"{"server_seed": "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59", "client_seed": "lucky", "nonce": 0}"#,
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
            secret: "server_seed",
            period: Period::Nonce {
                nonce: "nonce",
                with: &["client_seed"],
            },
            uniform: History::EVERY_DEAL,
        },
        // A server seed of 64 hex digits, as the page's worked example; the
        // nonce and client seed come from the seed period (Period::Nonce).
        dealer: DealerSide {
            secret: Draw::Hex { digits: 64 },
            drawn: &[],
            variant: None,
        },
    };

    type Input = Input;
    type Draw = u32;
    type Stream = HmacStream;
    type Deal = Deal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.server_seed().as_bytes())
    }

    fn stream(input: &Input) -> HmacStream {
        stream::of(input)
    }

    fn starting_deck(_: &Input) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STARTING_SHOE)
    }

    fn shuffle<I: Iterator<Item = u32>>(
        _: &Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        shoe::shuffle_positions(draws, positions)
    }

    fn deal(_: &Input, deck: &[Card], out: &mut Deal) {
        out.refill(deck);
    }

    fn view(_: &Input, dealt: &Deal) -> TableView {
        dealt.view()
    }
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    match stage {
        "fingerprint" => Some(Hashed::text(input.server_seed())),
        // Eight numbers per round: number i comes from round i / 8, the
        // HMAC keyed with the server seed's text.
        "randoms" => Some(Hashed {
            key: Some(input.server_seed().to_owned()),
            message: format!("{}:{}:{}", input.client_seed(), input.nonce(), index / 8),
            key_text: None,
        }),
        _ => None,
    }
}
