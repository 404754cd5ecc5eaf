//! The [`DealScheme`] trait: the one seam between a scheme and everything else.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::{Card, Deck, Draw, Error, Field, Fingerprint, Game, Recorder};

/// A published deal method, reproduced step for step.
///
/// The stages are separate so that tests and vectors can feed a chosen list
/// of numbers into the shuffle, or a chosen deck into the deal; [`trace`]
/// runs them all in order.
///
/// # Implementing `DealScheme`
///
/// - **Do** implement it on a unit struct named after the scheme
///   (`EuchreMaster`), and register that struct once in the `fairdeal`
///   facade crate; the CLI, the conformance suite and the snapshots then
///   pick it up (docs/adding-a-scheme.md).
/// - **Do** keep every stage pure: no I/O, no clock, no threads, no global
///   state, so that the crate builds for wasm32.
/// - **Do not** change the output for any input once published: a changed
///   step is a new scheme id (`atout-v2`), and the old vectors stay.
/// - **Do not** let [`DealScheme::Input`] hold an invalid value: every check
///   happens in [`FromJson::from_json`] or the input's constructor, and names
///   the field.
///
/// [`trace`]: DealScheme::trace
pub trait DealScheme {
    /// Stable id used on the command line, in vector files and snapshot names.
    const ID: &'static str;
    /// One line for `fairdeal schemes`.
    const SUMMARY: &'static str;
    /// What the commitment hashes, in the method's words (`SHA-256(seed)`),
    /// for the message that says a receipt does not match.
    const COMMITMENT: &'static str;
    /// Other names the scheme's own pages give the commitment (`lock`): the
    /// CLI accepts each as a flag and an `--input` field beside
    /// `fingerprint`.
    const COMMITMENT_ALIASES: &'static [&'static str] = &[];
    /// The input fields, with the names of SCHEMES.md, in the order the CLI
    /// lists them.
    const FIELDS: &'static [Field];
    /// The name of each seat, indexed by seat number, for the table a person
    /// reads (`you`, `left`, `partner`, `right`).
    const SEATS: &'static [&'static str];
    /// The site's other games played with the same seeds (see [`Game`]):
    /// the CLI offers each as `fairdeal play NAME` or `fairdeal roll NAME`.
    /// Most schemes have none (the default).
    const GAMES: &'static [Game] = &[];

    /// Validated inputs.
    type Input: FromJson + fmt::Debug;
    /// One number of the random stream (`u32` or `u64`, per method).
    type Draw: Draw;
    /// The stream for one input: endless and allocation-free.
    type Stream: Iterator<Item = Self::Draw>;
    /// What the table sees: hands, up-card, kitty, ...
    type Deal: Serialize + fmt::Debug;

    /// Step 1: returns the commitment published before play.
    fn commitment(input: &Self::Input) -> Fingerprint;

    /// Step 2: returns the random stream.
    fn stream(input: &Self::Input) -> Self::Stream;

    /// Returns the starting deck, position 0 first.
    fn starting_deck(input: &Self::Input) -> Cow<'static, [Card]>;

    /// Steps 3-4: returns the starting deck shuffled with numbers taken from
    /// `draws`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::StreamExhausted`](crate::ErrorKind::StreamExhausted) when
    /// `draws` ends early, which only a finite list of given numbers can do.
    fn shuffle<I>(input: &Self::Input, draws: &mut I) -> Result<Deck, Error>
    where
        I: Iterator<Item = Self::Draw>;

    /// Steps 5-6: deals `deck`, which holds the cards of
    /// [`DealScheme::starting_deck`] each once.
    fn deal(input: &Self::Input, deck: &[Card]) -> Self::Deal;

    /// The raw generator alone, for stage vectors: the first `count` draws
    /// from a generator state given as JSON (for example sfc32's `a`, `b`,
    /// `c`, `d`), without the seeding that [`DealScheme::stream`] does.
    /// Schemes whose stream is a hash of the inputs have none (the default).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Unsupported`](crate::ErrorKind::Unsupported) by default;
    /// a scheme that has one refuses a bad state naming its field.
    fn generator(state: &Value, count: usize) -> Result<Vec<Self::Draw>, Error> {
        let _ = (state, count);
        Err(Error::new(
            "state",
            crate::ErrorKind::Unsupported {
                what: "raw generator stage",
            },
        ))
    }

    /// Runs every step, recording the numbers the shuffle consumed.
    ///
    /// # Errors
    ///
    /// Only those of [`DealScheme::shuffle`], which an endless stream never
    /// gives.
    fn trace(input: &Self::Input) -> Result<Trace<Self>, Error>
    where
        Self: Sized,
    {
        let mut draws = Recorder::new(Self::stream(input));
        let deck = Self::shuffle(input, &mut draws)?;
        let deal = Self::deal(input, deck.cards());
        Ok(Trace {
            fingerprint: Self::commitment(input),
            randoms: draws.into_taken(),
            deck,
            deal,
        })
    }
}

/// Every stage of one deal, serialized with the output names of SCHEMES.md in
/// the method's order: `fingerprint`, `randoms`, `positions`, `deck`, then
/// the deal's own fields.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct Trace<S: DealScheme> {
    /// The commitment.
    pub fingerprint: Fingerprint,
    /// Every raw number the shuffle consumed, in order.
    pub randoms: Vec<S::Draw>,
    /// The shuffled deck, with its positions.
    #[serde(flatten)]
    pub deck: Deck,
    /// The deal.
    #[serde(flatten)]
    pub deal: S::Deal,
}

impl<S: DealScheme> fmt::Debug for Trace<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("fingerprint", &self.fingerprint)
            .field("randoms", &self.randoms)
            .field("deck", &self.deck)
            .field("deal", &self.deal)
            .finish()
    }
}

/// Builds a validated value from the JSON object of SCHEMES.md's field names.
///
/// Every scheme input implements it; its errors name the field (serde's
/// derived errors cannot), which is what the CLI prints and what invalid
/// vector cases record.
pub trait FromJson: Sized {
    /// Returns the value that `json` describes.
    ///
    /// # Errors
    ///
    /// The first field that is missing, unknown, of the wrong type or
    /// refused by the method.
    fn from_json(json: &Value) -> Result<Self, Error>;
}
