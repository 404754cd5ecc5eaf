//! [`DynScheme`]: a [`DealScheme`] seen without its types, JSON in and out.

use serde::Serialize;
use serde_json::{Value, json};

use crate::fields::list;
use crate::{
    Card, Check, DealScheme, DealTrace, Deck, Error, ErrorKind, Field, FromJson, Game, Recorder,
    Table, Trace, given_randoms,
};

/// A [`DealScheme`] seen without its types: JSON in, JSON out.
///
/// Implemented for every `DealScheme`; never implement it by hand. The
/// registry, the CLI and the conformance suite see only this trait, so a new
/// scheme needs nothing from them. Inputs are the JSON objects of the
/// scheme's page (`docs/schemes/<id>.md`); outputs carry that page's output
/// names in the method's stage order.
pub trait DynScheme: Sync {
    /// See [`DealScheme::ID`].
    fn id(&self) -> &'static str;
    /// See [`DealScheme::SUMMARY`].
    fn summary(&self) -> &'static str;
    /// See [`DealScheme::COMMITMENT`].
    fn commitment(&self) -> &'static str;
    /// See [`DealScheme::COMMITMENT_ALIASES`].
    fn commitment_aliases(&self) -> &'static [&'static str];
    /// See [`DealScheme::FIELDS`].
    fn fields(&self) -> &'static [Field];
    /// See [`DealScheme::SEATS`].
    fn seats(&self) -> &'static [&'static str];
    /// See [`DealScheme::GAME`].
    fn is_game(&self) -> bool;
    /// See [`DealScheme::POSITIONAL`].
    fn positional(&self) -> &'static [&'static str];
    /// See [`DealScheme::CLI_EXTRAS`].
    fn cli_extras(&self) -> &'static [Field];
    /// See [`DealScheme::expand_cli`].
    ///
    /// # Errors
    ///
    /// Those of [`DealScheme::expand_cli`].
    fn expand_cli(
        &self,
        extras: &serde_json::Map<String, Value>,
    ) -> Result<serde_json::Map<String, Value>, Error>;
    /// See [`DealScheme::GAMES`].
    fn games(&self) -> &'static [Game];

    /// Checks `input` without dealing.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn validate(&self, input: &Value) -> Result<(), Error>;

    /// Returns every stage for `input`: `fingerprint`, the set-up, then the
    /// deal's `randoms`, `positions`, `deck` and own fields (for a game, a
    /// `deals` list of those).
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn trace_json(&self, input: &Value) -> Result<Value, Error>;

    /// Returns what [`DynScheme::trace_json`] returns, computed through
    /// [`DealScheme::deal_into_table`] with one [`Table`] dealt into twice
    /// per deal, so that tests can hold the reusing path to the plain one.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error>;

    /// Returns the method's checks of `input` beyond the fingerprint.
    ///
    /// # Errors
    ///
    /// The first refused field.
    fn checks_json(&self, input: &Value) -> Result<Vec<Check>, Error>;

    /// Returns the first `count` numbers of the stream of deal `deal`
    /// (from 1) of `input`.
    ///
    /// # Errors
    ///
    /// The first refused field, or a deal that `input` does not hold.
    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error>;

    /// Returns the text hashed to make a value (see
    /// [`DealScheme::hashed_text`]); `None` for an invalid input.
    fn hashed_text_json(
        &self,
        input: &Value,
        stage: &str,
        deal: usize,
        index: usize,
    ) -> Option<String>;

    /// Returns the first `count` draws of the raw generator from `state`
    /// (see [`DealScheme::generator`]).
    ///
    /// # Errors
    ///
    /// A refused state, or a scheme without a raw generator stage.
    fn generator_json(&self, state: &Value, count: usize) -> Result<Value, Error>;

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

impl<S> DynScheme for S
where
    S: DealScheme + Sync,
{
    fn id(&self) -> &'static str {
        S::ID
    }

    fn summary(&self) -> &'static str {
        S::SUMMARY
    }

    fn commitment(&self) -> &'static str {
        S::COMMITMENT
    }

    fn commitment_aliases(&self) -> &'static [&'static str] {
        S::COMMITMENT_ALIASES
    }

    fn fields(&self) -> &'static [Field] {
        S::FIELDS
    }

    fn seats(&self) -> &'static [&'static str] {
        S::SEATS
    }

    fn is_game(&self) -> bool {
        S::GAME
    }

    fn positional(&self) -> &'static [&'static str] {
        S::POSITIONAL
    }

    fn cli_extras(&self) -> &'static [Field] {
        S::CLI_EXTRAS
    }

    fn expand_cli(
        &self,
        extras: &serde_json::Map<String, Value>,
    ) -> Result<serde_json::Map<String, Value>, Error> {
        S::expand_cli(extras)
    }

    fn games(&self) -> &'static [Game] {
        S::GAMES
    }

    fn validate(&self, input: &Value) -> Result<(), Error> {
        S::Input::from_json(input).map(drop)
    }

    fn trace_json(&self, input: &Value) -> Result<Value, Error> {
        Ok(to_json(&S::trace(&S::Input::from_json(input)?)?))
    }

    fn trace_reusing_json(&self, input: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let setup = S::setup(&input);
        let mut table = Table::<S>::new();
        let mut deals = Vec::new();
        let mut fingerprint = S::commitment(&input);
        for n in 1..=S::deals(&input) {
            // The second deal into the same table reuses every buffer; a
            // single deal goes through the path that shares the commitment's
            // work with the stream.
            if S::GAME {
                S::deal_into_table(&input, &setup, n, &mut table)?;
                S::deal_into_table(&input, &setup, n, &mut table)?;
            } else {
                S::whole_deal_into_table(&input, &setup, &mut table)?;
                fingerprint = S::whole_deal_into_table(&input, &setup, &mut table)?;
            }
            let start = S::starting_deck(&input, n);
            deals.push(DealTrace {
                prelude: S::prelude(&input, &setup, n),
                randoms: table.randoms.clone(),
                deck: Deck::from_positions(&start, table.positions.clone()),
                deal: table.deal.take().ok_or_else(|| {
                    Error::new(
                        "deal",
                        ErrorKind::Unsupported {
                            what: "deal without a result",
                        },
                    )
                })?,
            });
        }
        Ok(to_json(&Trace::<S> {
            fingerprint,
            setup,
            deals,
        }))
    }

    fn checks_json(&self, input: &Value) -> Result<Vec<Check>, Error> {
        Ok(S::checks(&S::Input::from_json(input)?))
    }

    fn stream_json(&self, input: &Value, deal: usize, count: usize) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        Ok(to_json(
            &S::stream(&input, deal).take(count).collect::<Vec<_>>(),
        ))
    }

    fn hashed_text_json(
        &self,
        input: &Value,
        stage: &str,
        deal: usize,
        index: usize,
    ) -> Option<String> {
        S::hashed_text(&S::Input::from_json(input).ok()?, stage, deal, index)
    }

    fn generator_json(&self, state: &Value, count: usize) -> Result<Value, Error> {
        Ok(to_json(&S::generator(state, count)?))
    }

    fn shuffle_json(&self, input: &Value, deal: usize, randoms: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let given = given_randoms::<S::Draw>(randoms)?;
        let mut draws = Recorder::new(given.into_iter());
        let deck = S::shuffle(&input, deal, &mut draws)?;
        Ok(
            json!({ "consumed": draws.consumed(), "positions": deck.positions(), "deck": deck.cards() }),
        )
    }

    fn deal_json(&self, input: &Value, deal: usize, deck: &Value) -> Result<Value, Error> {
        let input = S::Input::from_json(input)?;
        let deal = deal_of::<S>(&input, deal)?;
        let cards = list("deck", deck, "a list of card codes", card_from_json)?;
        let deck = Deck::from_cards(&S::starting_deck(&input, deal), &cards)
            .map_err(|e| e.within("deck"))?;
        let prelude = S::prelude(&input, &S::setup(&input), deal);
        Ok(to_json(&S::deal(&input, &prelude, deck.cards())))
    }
}

/// Returns `deal` when `input` holds it (deals count from 1).
fn deal_of<S: DealScheme>(input: &S::Input, deal: usize) -> Result<usize, Error> {
    let count = S::deals(input);
    if (1..=count).contains(&deal) {
        Ok(deal)
    } else {
        Err(Error::new(
            "deal",
            ErrorKind::Range {
                got: deal.to_string(),
                expected: "a deal that the input holds, from 1",
            },
        ))
    }
}

/// Serializes an output. Outputs are structs of strings, numbers and lists,
/// which always serialize.
fn to_json<T: Serialize>(value: &T) -> Value {
    // OK because no output type has a map with non-string keys, the one
    // thing that makes `to_value` fail.
    serde_json::to_value(value).expect("outputs serialize to JSON")
}

/// Reads a card code: a string (else [`ErrorKind::Type`]) that is a code
/// (else [`ErrorKind::Value`]).
fn card_from_json(field: &str, value: &Value) -> Result<Card, Error> {
    let code = crate::fields::as_text(field, value, "a card code")?;
    code.parse::<Card>().map_err(|e| e.within(field))
}

impl std::fmt::Debug for dyn DynScheme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("DynScheme").field(&self.id()).finish()
    }
}
