//! What `fairdeal audit` reads of this scheme (docs/fairness.md, "The
//! inputs"): a game of 60 Fisher-Yates hands, or of 61 kitchen-table hands
//! where hands 2 to 61 are tallied, each shuffled from the same fixed
//! gathering ([`gathered`]) of the hand before. Every hand gives its
//! pattern, which the hands you deal need.

use fairdeal_core::DynScheme;
use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use fairdeal_core::cards::Card;
use serde_json::{Value, json};

use crate::Showdown;

/// Hands of a game that the audit tallies.
const HANDS: u64 = 60;

/// The phrase of every game the audit deals.
const PHRASE: &str = "the quick brown fox";

/// Every choice by rejection; random house seeds for either shuffle.
pub const AUDIT: Audit = Audit {
    draws: &[DrawMethod::Rejection {
        used_for: "below(k) for every choice (Fisher-Yates, riffles, cuts), 64-bit numbers",
    }],
    plans: &[
        AuditPlan {
            shuffle: "fisher-yates",
            template: fisher_yates,
            vary: HOUSE,
            first: 1,
            per_input: HANDS,
        },
        AuditPlan {
            shuffle: "kitchen-table",
            template: kitchen_table,
            vary: HOUSE,
            first: 2,
            per_input: HANDS,
        },
    ],
};

/// The house seed, drawn anew for each game.
const HOUSE: &[Drawn] = &[Drawn::Hex {
    pointer: "/house_seed",
    digits: 64,
}];

fn fisher_yates() -> Result<Value, String> {
    Ok(json!({"house_seed": "", "phrase": PHRASE,
               "rules": {"shuffle": "fisher-yates", "cut": false},
               "hands": vec![json!({"pattern": "3232"}); usize::try_from(HANDS).unwrap_or(1)]}))
}

fn kitchen_table() -> Result<Value, String> {
    let cards: Vec<String> = gathered()?.iter().map(ToString::to_string).collect();
    let played = json!({"pattern": "3232", "gathered": cards});
    let mut hands = vec![played; usize::try_from(HANDS).unwrap_or(1)];
    // The last hand's cards are not gathered again.
    hands.push(json!({"pattern": "3232"}));
    Ok(json!({"house_seed": "", "phrase": PHRASE,
              "rules": {"shuffle": "kitchen-table", "cut": false},
              "hands": hands}))
}

/// The house seed of the fixed hand whose cards are gathered: the bench
/// game.
const GATHERED_FROM: &str = "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef";

/// The order the cards are gathered in before every kitchen-table hand the
/// audit deals: the first hand of the bench game (house seed
/// [`GATHERED_FROM`]), each seat's five sorted as a player holds them (by
/// suit, then rank), picked up seat by seat from seat 0, then the up-card
/// and the kitty.
///
/// # Errors
///
/// When the scheme refuses its own bench game (it never does).
fn gathered() -> Result<Vec<Card>, String> {
    let game = json!({"house_seed": GATHERED_FROM, "phrase": PHRASE,
                      "rules": {"shuffle": "fisher-yates", "cut": false},
                      "hands": [{"pattern": "3232"}]});
    let view = Showdown.view(&game).map_err(|e| e.to_string())?;
    let (table, deck) = view.deals.first().ok_or("no hand")?;
    let mut cards = Vec::with_capacity(deck.len());
    for hand in &table.hands {
        let mut hand = hand.clone();
        hand.sort_by_key(|c| match *c {
            Card::Suited(rank, suit) => (suit as u8, rank as u8),
            Card::Joker => (9, 0),
        });
        cards.extend(hand);
    }
    // Then what no seat holds, in the deck's order: the up-card, the kitty.
    cards.extend(
        deck.iter()
            .filter(|c| !cards.contains(c))
            .collect::<Vec<_>>(),
    );
    Ok(cards)
}
