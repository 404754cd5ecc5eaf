#![doc = include_str!("../README.md")]

mod audit;
mod below;
mod blocks;
mod cli;
mod deal;
mod generator;
mod input;
mod pattern;
mod series;
mod setup;
mod shuffle;
mod stream;
mod xoshiro;

use std::borrow::Cow;

use fairdeal_core::cards::{Card, decks};
use fairdeal_core::info::{
    BenchCase, Cli, Commitment, DealerSide, Draw, Forms, Hashed, Hints, History, Label, Period,
    Player, SchemeInfo, SeatNames, SiteCommand,
};
use fairdeal_core::stream::Hex64;
use fairdeal_core::table::{EuchreDeal, TableView};
use fairdeal_core::{DealScheme, Error, Fingerprint, FromJson};
use serde_json::Value;

pub use below::{below, below_of};
pub use deal::{Dealing, deal};
/// SplitMix64 is core's now; kept here for the code that names it
/// `fairdeal::showdown::SplitMix64`.
pub use fairdeal_core::stream::SplitMix64;
pub use input::{Hand, Input, Rules, Shuffle};
pub use pattern::Pattern;
pub use series::GameRecord;
pub use setup::Setup;
pub use shuffle::{CARDS, Draws, RIFFLES, STARTING_POSITIONS, cut, fisher_yates, riffle};
pub use stream::GameSeed;
pub use xoshiro::Xoshiro256StarStar;

/// Euchre Showdown (docs/schemes/showdown.md): a whole game from one record.
#[derive(Clone, Copy, Debug)]
pub struct Showdown;

/// The seats, from seat 0 (docs/schemes/showdown.md, "Seats").
const SEATS: [&str; 4] = ["you", "left", "partner", "right"];

/// The game of the bench cases: vector case `fisher-yates-1-hands`.
const FISHER_YATES_1_HANDS: &str = r#"{"house_seed": "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef", "phrase": "the quick brown fox", "rules": {"shuffle": "fisher-yates", "cut": false}, "hands": [{}]}"#;

impl DealScheme for Showdown {
    const INFO: SchemeInfo = SchemeInfo {
        id: "showdown",
        summary: "a whole Euchre Showdown game, hand by hand, from the house seed and your phrase",
        method: "Euchre Showdown: house seed + phrase, SplitMix64/xoshiro256**, patterns, kitchen-table riffle",
        site: "Euchre Showdown",
        commitment: Commitment {
            hashes: "SHA-256(house_seed)",
            aliases: &[],
            covers: &["house_seed"],
        },
        fields: input::FIELDS,
        player: Player::Seat {
            default: 0,
            choosable: false,
        },
        seat_names: SeatNames::Named(&SEATS),
        cli: Cli {
            positional: &["house_seed", "phrase"],
            extras: cli::EXTRAS,
            expand: Some(cli::expand),
        },
        forms: Forms {
            labels: &[
                Label {
                    field: "house_seed",
                    words: &["House seed"],
                },
                Label {
                    field: "phrase",
                    words: &["Phrase", "Your phrase"],
                },
            ],
            seen: "in the app before the first hand, as the fingerprint of the house seed (the site's verifier script prints it too, to compare)",
            command: Some(SiteCommand {
                interpreters: &["python3", "python"],
                script: "verify_deal.py",
                label: "Command for the verifier script",
                name: "the site's verifier script",
            }),
        },
        games: &[],
        bench: &[
            // A Fisher-Yates game of one hand: the fingerprint, then the hand.
            BenchCase {
                case: "fisher-yates-1-hands",
                input: FISHER_YATES_1_HANDS,
                hand: None,
                blocks: blocks::per_game,
            },
            // Its hand alone: the shuffle and the deal without the
            // commitment (the target of issue 8 for showdown).
            BenchCase {
                case: "fisher-yates-1-hands",
                input: FISHER_YATES_1_HANDS,
                hand: Some(1),
                blocks: blocks::per_hand,
            },
            // Hand 2 of a kitchen-table game: riffled three times and cut
            // from the cards gathered after hand 1.
            BenchCase {
                case: "kitchen-table-2-hands",
                input: r#"{"house_seed": "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef", "phrase": "the quick brown fox", "rules": {"shuffle": "kitchen-table", "cut": false}, "hands": [{"gathered": ["9d", "Ad", "Kh", "Jd", "Qh", "Kc", "Ks", "Jh", "Ah", "Jc", "Td", "9s", "As", "Kd", "Qc", "Ts", "Js", "9h", "Tc", "Ac", "Qd", "Qs", "Th", "9c"]}, {"pattern": "2323"}]}"#,
                hand: Some(2),
                blocks: blocks::per_hand,
            },
        ],
        hints: Hints {
            hashed_text: Some(hashed_text),
            generator: Some(generator::generator),
            rejection: None,
        },
        audit: audit::AUDIT,
        slips: &[],
        history: History {
            secret: "house_seed",
            period: Period::Receipt,
            uniform: uniform_deal,
        },
        // docs/schemes/showdown.md: the house seed is 64 hex digits.
        dealer: DealerSide {
            secret: Draw::Hex { digits: 64 },
            drawn: &[],
            variant: None,
        },
    };

    type Input = Input;
    type Draw = Hex64;
    type Stream = Xoshiro256StarStar;
    type Deal = EuchreDeal;
    type Series = GameRecord;

    fn commitment(input: &Input) -> Fingerprint {
        Fingerprint::of(input.house_seed().as_bytes())
    }

    #[inline]
    fn stream(input: &Input, deal: usize) -> Xoshiro256StarStar {
        input.seed().stream(deal as u64)
    }

    fn starting_deck(input: &Input, deal: usize) -> Cow<'_, [Card]> {
        Cow::Borrowed(gathered_before(input, deal).unwrap_or(&decks::EUCHRE))
    }

    // Always inlined into the caller, which holds the generator: passed to
    // a call by reference, its four words were stored and loaded again at
    // every draw.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn shuffle<I: Iterator<Item = Hex64>>(
        input: &Input,
        deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error> {
        // Not `cards::shuffled_into`: through its closure the generator no
        // longer stayed in registers here (a kitchen-table hand 3,938 ->
        // 4,862 instructions under callgrind).
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

    fn deal(input: &Input, deal: usize, deck: &[Card], out: &mut EuchreDeal) {
        deal::deal_into(input.dealing(deal), deck, out);
    }

    fn view(input: &Input, deal: usize, dealt: &EuchreDeal) -> TableView {
        let dealing = input.dealing(deal);
        let mut view = dealt.view(Some(dealing.dealer));
        for role in &mut view.roles {
            role.with = Some(format!("pattern {}", dealing.pattern));
        }
        view
    }
}

/// Whether hand `deal` of a game record is dealt from a uniform shuffle
/// (docs/schemes/showdown.md, "Step 7: the deck for hand n"): every hand with
/// Fisher-Yates, the first alone at the kitchen table, whose later hands are
/// riffled from the cards gathered after the one before.
fn uniform_deal(input: &Value, deal: usize) -> bool {
    deal < 2 || input["rules"]["shuffle"] != "kitchen-table"
}

/// The cards gathered after the hand before `deal`, when it is a
/// kitchen-table hand after the first.
fn gathered_before(input: &Input, deal: usize) -> Option<&[Card]> {
    if input.rules().shuffle != Shuffle::KitchenTable || deal < 2 {
        return None;
    }
    // OK because `deal` is 2 or more here, and at most the number of hands:
    // every caller has it from 1..=deals (a series' loop, or core's check of
    // a deal asked for), and a record has one deal per hand.
    input.hands()[deal - 2].gathered.as_deref()
}

/// The text hashed for a value of `stage` (see [`Hints`]).
fn hashed_text(input: &Value, stage: &str, _deal: usize, _index: usize) -> Option<Hashed> {
    let input = Input::from_json(input).ok()?;
    match stage {
        "fingerprint" => Some(Hashed::text(input.house_seed())),
        "game_seed" => Some(Hashed::text(format!(
            "{}:{}",
            input.house_seed(),
            input.phrase()
        ))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn only_a_kitchen_table_hand_after_the_first_is_not_uniform() {
        let kitchen = json!({"rules": {"shuffle": "kitchen-table", "cut": false}});
        let fisher = json!({"rules": {"shuffle": "fisher-yates", "cut": true}});
        assert!(uniform_deal(&kitchen, 1));
        assert!(!uniform_deal(&kitchen, 2));
        assert!(!uniform_deal(&kitchen, 7));
        assert!((1..=7).all(|deal| uniform_deal(&fisher, deal)));
        // The rule of the method itself: a hand from gathered cards.
        let case = Showdown::INFO
            .bench
            .iter()
            .find(|b| b.case == "kitchen-table-2-hands")
            .expect("the bench case");
        let input: Value = serde_json::from_str(case.input).expect("JSON");
        assert!(!uniform_deal(&input, 2));
        let record = Input::from_json(&input).expect("a record");
        assert!(gathered_before(&record, 2).is_some());
        assert!(gathered_before(&record, 1).is_none());
    }
}
