//! A game record is a series of hands (docs/schemes/showdown.md, step 5:
//! the set-up, and step 6: who deals each hand, and with which pattern).

use fairdeal_core::table::Seat;
use fairdeal_core::{Check, DealScheme, DealSeries};

use crate::{Dealing, Input, SEATS, Setup, Showdown};

/// The hands of a game record: a set-up drawn once, then each hand dealt by
/// its dealer with its pattern.
#[derive(Clone, Copy, Debug)]
pub enum GameRecord {}

impl DealSeries<Showdown> for GameRecord {
    const ONE: bool = false;
    type Setup = Setup;
    type Prelude = Dealing;

    fn deals(input: &Input) -> usize {
        input.hands().len()
    }

    fn setup(input: &Input) -> Setup {
        input.setup().clone()
    }

    fn prelude(input: &Input, _: &Setup, deal: usize) -> Dealing {
        // Worked out with the record's own set-up, which `setup` is.
        input.dealing(deal)
    }

    fn setup_view(_: &Input, setup: &Setup) -> Vec<(&'static str, String)> {
        let drawn: Vec<String> = (1..)
            .zip(setup.patterns)
            .map(|(seat, p)| format!("{} {p}", seat_name(Seat::FIRST.after(seat, 4))))
            .collect();
        vec![
            ("game seed", setup.game_seed.clone()),
            ("first dealer", seat_name(setup.first_dealer)),
            ("patterns", drawn.join(", ")),
        ]
    }

    fn checks(input: &Input) -> Vec<Check> {
        let mut checks = Vec::new();
        if let Some(given) = input.fingerprint() {
            let computed = Showdown::commitment(input);
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
}

/// Returns `seat` as the table shows it: `left (1)`.
fn seat_name(seat: Seat) -> String {
    format!("{} ({seat})", SEATS[seat.index()])
}
