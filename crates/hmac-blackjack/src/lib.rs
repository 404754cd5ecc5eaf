#![doc = include_str!("../README.md")]

mod actions;
mod blackjack;
pub mod games;
mod hand;
mod input;
mod shoe;
mod stream;
mod ticket;

use std::borrow::Cow;

use fairdeal_core::{Card, DealScheme, Error, Field, Fingerprint, Game};

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

impl DealScheme for HmacBlackjack {
    const ID: &'static str = "hmac-blackjack";
    const SUMMARY: &'static str = "HMAC-SHA256(server_seed, client_seed:nonce:round) floats, 8-deck blackjack shoe; blackjack replay and roll games";
    const COMMITMENT: &'static str = "SHA-256(server_seed)";
    const FIELDS: &'static [Field] = input::FIELDS;
    const SEATS: &'static [&'static str] = &[];
    const GAMES: &'static [Game] = games::GAMES;

    type Input = Input;
    type Draw = u32;
    type Stream = HmacStream;
    type Setup = ();
    type Prelude = ();
    type Deal = Deal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.server_seed().as_bytes())
    }

    fn setup(_: &Input) {}

    fn stream(input: &Input, _deal: usize) -> HmacStream {
        HmacStream::new(input)
    }

    fn starting_deck(_: &Input, _deal: usize) -> Cow<'static, [Card]> {
        Cow::Borrowed(&STARTING_SHOE)
    }

    fn shuffle_positions<I: Iterator<Item = u32>>(
        _: &Input,
        _deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        shoe::shuffle_positions(draws, positions)
    }

    fn prelude(_: &Input, (): &(), _deal: usize) {}

    fn deal(_: &Input, (): &(), deck: &[Card]) -> Deal {
        Deal::of(deck)
    }

    fn deal_into(_: &Input, (): &(), deck: &[Card], out: &mut Deal) {
        out.refill(deck);
    }

    fn hashed_text(input: &Input, stage: &str, _deal: usize, index: usize) -> Option<String> {
        match stage {
            "fingerprint" => Some(input.server_seed().to_owned()),
            // Eight numbers per round: number i comes from round i / 8.
            "randoms" => Some(format!(
                "{}:{}:{} (HMAC-SHA256 message; the key is the server seed's text {:?})",
                input.client_seed(),
                input.nonce(),
                index / 8,
                input.server_seed()
            )),
            _ => None,
        }
    }
}
