//! [`DynStages`]: each step of a scheme alone, JSON in and out, for the
//! conformance suite's stage vectors and the ports it drives.

use serde_json::{Value, json};

use crate::ErrorKind;
use crate::cards::{Card, Deck};
use crate::dynamic::{deal_of, to_json};
use crate::input::fields::json_type;
use crate::stream::{Recorder, given_randoms};
use crate::{Buffers, DealScheme, DealSchemeExt, DealSeries, DealTrace, Error, FromJson, Trace};

/// The steps of a [`DealScheme`] one at a time, seen without its types: a
/// stream's first numbers, a shuffle fed given numbers, a deal of a given
/// deck. What a `stream`, `shuffle` or `deal` vector case checks, and what
/// the runner compares a port's answer with stage by stage.
///
/// Implemented for every `DealScheme`, never by hand; every registered
/// scheme has it through [`DynScheme`](crate::DynScheme).
pub trait DynStages {
    /// Returns what [`DynScheme::trace_json`](crate::DynScheme::trace_json) returns, computed through
    /// [`DealSchemeExt::deal_into`] with one [`Buffers`] dealt into twice
    /// per deal, so that tests can hold the reusing path to the plain one.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error>;

    /// Returns the first `count` numbers of the stream of deal `deal`
    /// (from 1) of `input`.
    ///
    /// # Errors
    ///
    /// The first refused field, or a deal that `input` does not hold.
    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error>;

    /// Shuffles the starting deck of deal `deal` with the given `randoms` (a
    /// JSON list) and returns `consumed`, `positions` and `deck`.
    ///
    /// # Errors
    ///
    /// A refused field of `input`, a number of the wrong form (`randoms[3]`),
    /// or a list that runs out before the shuffle does.
    fn shuffle_json(&self, input: &Value, deal: usize, randoms: &Value) -> Result<Value, Error>;

    /// Deals the given `deck` (a JSON list of card codes holding the
    /// starting deck's cards, each once) and returns the deal's fields.
    ///
    /// # Errors
    ///
    /// A refused field of `input`, or a deck that is not the starting deck's
    /// cards each once (`deck[4]`).
    fn deal_json(&self, input: &Value, deal: usize, deck: &Value) -> Result<Value, Error>;
}

impl<S: DealScheme> DynStages for S {
    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let setup = S::Series::setup(&input);
        let mut buffers = Buffers::<S>::default();
        let mut deals = Vec::new();
        let mut fingerprint = S::commitment(&input);
        for n in 1..=S::Series::deals(&input) {
            // The second deal into the same buffers reuses every list; a
            // single deal goes through the path that shares the commitment's
            // work with the stream.
            if S::Series::ONE {
                S::whole_deal_into(&input, &mut buffers)?;
                fingerprint = S::whole_deal_into(&input, &mut buffers)?;
            } else {
                S::deal_into(&input, n, &mut buffers)?;
                S::deal_into(&input, n, &mut buffers)?;
            }
            let start = S::starting_deck(&input, n);
            deals.push(DealTrace {
                prelude: S::Series::prelude(&input, &setup, n),
                randoms: buffers.randoms.clone(),
                deck: Deck::from_positions(&start, buffers.positions.clone()),
                deal: std::mem::take(&mut buffers.deal),
            });
        }
        Ok(to_json(&Trace::<S> {
            fingerprint,
            setup,
            deals,
        }))
    }

    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        Ok(to_json(
            &S::stream(&input, deal).take(count).collect::<Vec<_>>(),
        ))
    }

    fn shuffle_json(&self, input: &Value, deal: usize, randoms: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let given = given_randoms::<S::Draw>(randoms)?;
        let mut draws = Recorder::new(given.into_iter());
        let deck = S::shuffle_deck(&input, deal, &mut draws)?;
        Ok(
            json!({ "consumed": draws.consumed(), "positions": deck.positions(), "deck": deck.cards() }),
        )
    }

    fn deal_json(&self, input: &Value, deal: usize, deck: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let Value::Array(items) = deck else {
            return Err(Error::new(
                "deck",
                ErrorKind::Type {
                    got: json_type(deck),
                    expected: "a list of card codes",
                },
            ));
        };
        // Item by item: a card is read and checked against the starting
        // deck before the next is read (docs/vectors.md, "Errors", 6).
        let cards = items
            .iter()
            .enumerate()
            .map(|(i, v)| card_from_json(&format!("[{i}]"), v));
        let deck =
            Deck::read(&S::starting_deck(&input, deal), cards).map_err(|e| e.within("deck"))?;
        Ok(to_json(&S::deal_new(&input, deal, deck.cards())))
    }
}

/// Reads a card code: a string (else [`ErrorKind::Type`]) that is a code
/// (else [`ErrorKind::Value`]).
fn card_from_json(field: &str, value: &Value) -> Result<Card, Error> {
    let code = crate::input::fields::as_text(field, value, "a card code")?;
    code.parse::<Card>().map_err(|e| e.within(field))
}
