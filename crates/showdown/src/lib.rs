#![doc = include_str!("../README.md")]

mod below;
mod deal;
mod input;
mod pattern;
mod setup;
mod shuffle;
mod splitmix64;
mod stream;
mod xoshiro;

use std::borrow::Cow;

use fairdeal_core::{Card, Check, DealScheme, Error, EuchreDeal, Field, Fingerprint, Hex64, Seat};
use fairdeal_euchremaster::STARTING_DECK;
use serde_json::{Map, Value};

pub use below::below;
pub use deal::{Dealing, deal};
pub use input::{Hand, Input, Rules, Shuffle};
pub use pattern::Pattern;
pub use setup::Setup;
pub use shuffle::{CARDS, Draws, RIFFLES, STARTING_POSITIONS, cut, fisher_yates, riffle};
pub use splitmix64::SplitMix64;
pub use stream::GameSeed;
pub use xoshiro::Xoshiro256StarStar;

/// Euchre Showdown (docs/schemes/showdown.md): a whole game from one record.
#[derive(Clone, Copy, Debug)]
pub struct Showdown;

const SEATS: [&str; 4] = ["you", "left", "partner", "right"];

impl DealScheme for Showdown {
    const ID: &'static str = "showdown";
    const SUMMARY: &'static str = "Euchre Showdown: house seed + phrase, SplitMix64/xoshiro256**, patterns, kitchen-table riffle";
    const COMMITMENT: &'static str = "SHA-256(house_seed)";
    const FIELDS: &'static [Field] = input::FIELDS;
    const SEATS: &'static [&'static str] = &SEATS;
    const GAME: bool = true;
    const POSITIONAL: &'static [&'static str] = &["house_seed", "phrase"];
    const CLI_EXTRAS: &'static [Field] = input::CLI_EXTRAS;

    type Input = Input;
    type Draw = Hex64;
    type Stream = Xoshiro256StarStar;
    type Setup = Setup;
    type Prelude = Dealing;
    type Deal = EuchreDeal;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.house_seed().as_bytes())
    }

    fn setup(input: &Input) -> Setup {
        input.setup().clone()
    }

    fn deals(input: &Input) -> usize {
        input.hands().len()
    }

    fn stream(input: &Input, deal: usize) -> Xoshiro256StarStar {
        input.seed().stream(deal as u64)
    }

    fn starting_deck(input: &Input, deal: usize) -> Cow<'_, [Card]> {
        match gathered_before(input, deal) {
            Some(cards) => Cow::Borrowed(cards),
            None => Cow::Borrowed(&STARTING_DECK),
        }
    }

    fn shuffle_positions<I: Iterator<Item = Hex64>>(
        input: &Input,
        deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        let mut deck = STARTING_POSITIONS;
        let mut draws = Draws::new(draws);
        if gathered_before(input, deal).is_some() {
            for _ in 0..RIFFLES {
                riffle(&mut deck, &mut draws)?;
            }
            // The shuffler's own cut ends the kitchen-table shuffle.
            cut(&mut deck, &mut draws)?;
        } else {
            fisher_yates(&mut deck, &mut draws)?;
        }
        if input.rules().cut {
            cut(&mut deck, &mut draws)?;
        }
        positions.clear();
        positions.extend_from_slice(&deck);
        Ok(())
    }

    fn prelude(input: &Input, setup: &Setup, deal: usize) -> Dealing {
        let dealer = setup.dealer(deal);
        let pattern = match setup.drawn_pattern(dealer) {
            Some(drawn) => drawn,
            // OK because the record is refused without a pattern on a hand
            // that seat 0 deals.
            None => input.hands()[deal - 1]
                .pattern
                .unwrap_or_else(|| Pattern::nth(0)),
        };
        Dealing { dealer, pattern }
    }

    fn deal(_: &Input, dealing: &Dealing, deck: &[Card]) -> EuchreDeal {
        deal(*dealing, deck)
    }

    fn deal_into(_: &Input, dealing: &Dealing, deck: &[Card], out: &mut EuchreDeal) {
        deal::deal_into(*dealing, deck, out);
    }

    fn checks(input: &Input) -> Vec<Check> {
        let mut checks = Vec::new();
        if let Some(given) = input.fingerprint() {
            let computed = Self::commitment(input);
            checks.push(Check {
                what: "fingerprint".to_owned(),
                ok: given == computed,
                expected: computed.to_string(),
                given: given.to_string(),
            });
        }
        for (i, hand) in input.hands().iter().enumerate() {
            let dealer = input.setup().dealer(i + 1);
            if let (Some(given), Some(drawn)) = (hand.pattern, input.setup().drawn_pattern(dealer))
            {
                checks.push(Check {
                    what: format!("hand {}'s pattern (dealt by {})", i + 1, seat_name(dealer)),
                    ok: given == drawn,
                    expected: drawn.to_string(),
                    given: given.to_string(),
                });
            }
        }
        checks
    }

    fn expand_cli(extras: &Map<String, Value>) -> Result<Map<String, Value>, Error> {
        input::expand_cli(extras)
    }

    fn hashed_text(input: &Input, stage: &str, _deal: usize, _index: usize) -> Option<String> {
        match stage {
            "fingerprint" => Some(input.house_seed().to_owned()),
            "game_seed" => Some(format!("{}:{}", input.house_seed(), input.phrase())),
            _ => None,
        }
    }

    fn generator(state: &Value, count: usize) -> Result<Vec<Hex64>, Error> {
        generator::draws(state, count)
    }
}

/// The cards gathered after the hand before `deal`, when it is a
/// kitchen-table hand after the first.
fn gathered_before(input: &Input, deal: usize) -> Option<&[Card]> {
    if input.rules().shuffle != Shuffle::KitchenTable || deal < 2 {
        return None;
    }
    input.hands()[deal - 2].gathered.as_deref()
}

fn seat_name(seat: Seat) -> String {
    format!("{} ({seat})", SEATS[seat.index()])
}

mod generator;
