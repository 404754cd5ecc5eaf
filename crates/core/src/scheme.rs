//! [`DealScheme`]: the steps of one published deal method, and
//! [`DealSeries`]: how many deals one input holds.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::cards::Card;
use crate::info::SchemeInfo;
use crate::stream::Draw;
use crate::table::TableView;
use crate::{Error, Fingerprint};

/// A published deal method, reproduced step for step.
///
/// The steps are separate so that tests and vectors can feed a chosen list
/// of numbers into the shuffle, or a chosen deck into the deal;
/// [`DealSchemeExt::trace`](crate::DealSchemeExt::trace) runs them all in order. Everything
/// else a scheme is (its id, fields, seats, games, bench cases) is data, in
/// [`DealScheme::INFO`].
///
/// # Implementing `DealScheme`
///
/// - **Do** implement it on a unit struct named after the scheme
///   (`EuchreMaster`), and register that struct once in the `fairdeal`
///   facade crate; the CLI, the conformance suite, the snapshots and the
///   benches then pick it up (docs/adding-a-scheme.md).
/// - **Do** implement [`SingleDeal`] instead when every input is one deal:
///   it gives this trait, with no deal numbers to pass along.
/// - **Do** keep every step pure: no I/O, no clock, no threads, no global
///   state, so that the crate builds for wasm32.
/// - **Do** write [`DealScheme::deal`] into the caller's buffers without
///   allocating once they have held a deal: the benches and servers deal
///   millions of hands into one (`benches/tests/no_alloc.rs` checks it).
/// - **Do not** change the output for any input once published: a changed
///   step is a new scheme id (`atout-v2`), and the old vectors stay.
/// - **Do not** let [`DealScheme::Input`] hold an invalid value: every check
///   is driven by the field list of [`SchemeInfo::fields`] and names the
///   field.
pub trait DealScheme: Sized + 'static {
    /// What the scheme is: id, site, fields, seats, games, bench cases.
    const INFO: SchemeInfo;

    /// Validated inputs.
    type Input: FromJson + fmt::Debug;
    /// One number of the random stream (`u32` or `u64`, per method).
    type Draw: Draw;
    /// The stream of one deal: endless and allocation-free.
    type Stream: Iterator<Item = Self::Draw>;
    /// What the table sees: hands, up-card, kitty, ... `Default` is the
    /// empty table that a first deal fills.
    type Deal: Default + Serialize + fmt::Debug;
    /// How many deals one input holds: [`OneDeal`] for most schemes, a
    /// game record's own type for a scheme whose input is several deals.
    type Series: DealSeries<Self>;

    /// Step 1: returns the commitment published before play.
    fn commitment(input: &Self::Input) -> Fingerprint;

    /// Step 2: returns the random stream of deal `deal` (from 1).
    fn stream(input: &Self::Input, deal: usize) -> Self::Stream;

    /// Returns the starting deck of deal `deal`, position 0 first.
    fn starting_deck(input: &Self::Input, deal: usize) -> Cow<'_, [Card]>;

    /// Steps 3-4: shuffles the starting deck of deal `deal` with numbers
    /// taken from `draws`, writing into `positions` (emptied first, its
    /// capacity reused) the starting position of the card at each position.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::StreamExhausted`](crate::ErrorKind::StreamExhausted) when
    /// `draws` ends early, which only a finite list of given numbers can do.
    fn shuffle<I>(
        input: &Self::Input,
        deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error>
    where
        I: Iterator<Item = Self::Draw>;

    /// Steps 5-6: deals `deck` (deal `deal`'s starting deck, shuffled) into
    /// `out`, reusing its lists.
    fn deal(input: &Self::Input, deal: usize, deck: &[Card], out: &mut Self::Deal);

    /// Returns what a person sees of `dealt` (deal `deal` of `input`): the
    /// seats' cards, the turned card, the rest by name.
    fn view(input: &Self::Input, deal: usize, dealt: &Self::Deal) -> TableView;

    /// Returns the commitment and the stream of deal 1 together, so that a
    /// scheme whose commitment and stream hash the same first block hashes
    /// it once; by default, the two on their own.
    fn commitment_and_stream(input: &Self::Input) -> (Fingerprint, Self::Stream) {
        (Self::commitment(input), Self::stream(input, 1))
    }
}

/// A [`DealScheme`] whose every input is one deal: the same steps without
/// the deal number a series needs.
///
/// Most schemes deal once per input. They implement this trait, and the
/// blanket implementation makes each a [`DealScheme`] with
/// [`OneDeal`] as its series, passing the deal number (always 1) nowhere,
/// as rand_core's `BlockRngCore` gives an `RngCore` through `BlockRng`.
/// Implement [`DealScheme`] directly only for a scheme whose one input is
/// several deals (a game record).
///
/// Everything [`DealScheme`] asks of an implementer holds here too: pure
/// steps, [`SingleDeal::deal`] into the caller's lists without allocating,
/// and no output changed once published.
pub trait SingleDeal: Sized + 'static {
    /// What the scheme is: id, site, fields, seats, games, bench cases.
    const INFO: SchemeInfo;

    /// Validated inputs.
    type Input: FromJson + fmt::Debug;
    /// One number of the random stream (`u32` or `u64`, per method).
    type Draw: Draw;
    /// The stream of the deal: endless and allocation-free.
    type Stream: Iterator<Item = Self::Draw>;
    /// What the table sees. `Default` is the empty table that a first deal
    /// fills.
    type Deal: Default + Serialize + fmt::Debug;

    /// Step 1: returns the commitment published before play.
    fn commitment(input: &Self::Input) -> Fingerprint;

    /// Step 2: returns the random stream.
    fn stream(input: &Self::Input) -> Self::Stream;

    /// Returns the starting deck, position 0 first.
    fn starting_deck(input: &Self::Input) -> Cow<'_, [Card]>;

    /// Steps 3-4: shuffles the starting deck with numbers taken from
    /// `draws`, writing into `positions` (emptied first, its capacity
    /// reused) the starting position of the card at each position.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::StreamExhausted`](crate::ErrorKind::StreamExhausted) when
    /// `draws` ends early, which only a finite list of given numbers can do.
    fn shuffle<I>(
        input: &Self::Input,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error>
    where
        I: Iterator<Item = Self::Draw>;

    /// Steps 5-6: deals `deck` (the starting deck, shuffled) into `out`,
    /// reusing its lists.
    fn deal(input: &Self::Input, deck: &[Card], out: &mut Self::Deal);

    /// Returns what a person sees of `dealt`.
    fn view(input: &Self::Input, dealt: &Self::Deal) -> TableView;

    /// Returns the commitment and the stream together, so that a scheme
    /// whose commitment and stream hash the same first block hashes it
    /// once; by default, the two on their own.
    fn commitment_and_stream(input: &Self::Input) -> (Fingerprint, Self::Stream) {
        (Self::commitment(input), Self::stream(input))
    }
}

impl<S: SingleDeal> DealScheme for S {
    const INFO: SchemeInfo = S::INFO;

    type Input = S::Input;
    type Draw = S::Draw;
    type Stream = S::Stream;
    type Deal = S::Deal;
    type Series = OneDeal;

    fn commitment(input: &S::Input) -> Fingerprint {
        <S as SingleDeal>::commitment(input)
    }

    fn stream(input: &S::Input, _deal: usize) -> S::Stream {
        <S as SingleDeal>::stream(input)
    }

    fn starting_deck(input: &S::Input, _deal: usize) -> Cow<'_, [Card]> {
        <S as SingleDeal>::starting_deck(input)
    }

    fn shuffle<I>(
        input: &S::Input,
        _deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error>
    where
        I: Iterator<Item = S::Draw>,
    {
        <S as SingleDeal>::shuffle(input, draws, positions)
    }

    fn deal(input: &S::Input, _deal: usize, deck: &[Card], out: &mut S::Deal) {
        <S as SingleDeal>::deal(input, deck, out);
    }

    fn view(input: &S::Input, _deal: usize, dealt: &S::Deal) -> TableView {
        <S as SingleDeal>::view(input, dealt)
    }

    fn commitment_and_stream(input: &S::Input) -> (Fingerprint, S::Stream) {
        <S as SingleDeal>::commitment_and_stream(input)
    }
}

/// How many deals one input of `S` holds, and what is fixed before each.
///
/// Most schemes deal once per input ([`OneDeal`]); a scheme whose input is a
/// whole game record (showdown) has a set-up drawn once and, before each
/// deal, who deals it and how.
pub trait DealSeries<S: DealScheme> {
    /// True for one deal per input: its output is that deal's stages, flat;
    /// false for a series, whose output lists them under `deals`.
    const ONE: bool;
    /// What is drawn once per input before any deal; `()` for none.
    type Setup: Serialize + fmt::Debug;
    /// What is fixed for one deal before its shuffle; `()` for none.
    type Prelude: Serialize + fmt::Debug;

    /// Returns how many deals `input` holds (deals count from 1).
    fn deals(input: &S::Input) -> usize;
    /// Returns the set-up of `input`.
    fn setup(input: &S::Input) -> Self::Setup;
    /// Returns what is fixed for deal `deal` before its shuffle.
    fn prelude(input: &S::Input, setup: &Self::Setup, deal: usize) -> Self::Prelude;
    /// Returns the set-up as a person reads it, one labelled line each.
    fn setup_view(input: &S::Input, setup: &Self::Setup) -> Vec<(&'static str, String)>;
    /// Returns the method's checks of `input` beyond the fingerprint (a
    /// record's patterns against the drawn ones).
    fn checks(input: &S::Input) -> Vec<Check>;
}

/// The series of a scheme that deals once per input.
#[derive(Clone, Copy, Debug)]
pub enum OneDeal {}

impl<S: DealScheme> DealSeries<S> for OneDeal {
    const ONE: bool = true;
    type Setup = ();
    type Prelude = ();

    fn deals(_: &S::Input) -> usize {
        1
    }

    fn setup(_: &S::Input) {}

    fn prelude(_: &S::Input, (): &(), _: usize) {}

    fn setup_view(_: &S::Input, (): &()) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn checks(_: &S::Input) -> Vec<Check> {
        Vec::new()
    }
}

/// One of a method's checks of a record: what was given against what the
/// method draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// What is checked, as a person reads it (`hand 3 pattern`).
    pub what: String,
    /// Whether it holds.
    pub ok: bool,
    /// What the method gives.
    pub expected: String,
    /// What the record says.
    pub given: String,
}

/// Builds a validated value from the JSON object of the scheme page's field
/// names.
///
/// Every scheme input implements it, reading its fields through
/// [`Fields`](crate::input::Fields) so that the field list drives every check; its
/// errors name the field (serde's derived errors cannot), which is what the
/// CLI prints and what invalid vector cases record.
pub trait FromJson: Sized {
    /// Returns the value that `json` describes.
    ///
    /// # Errors
    ///
    /// The first field that is missing, unknown, of the wrong type or
    /// refused by the method.
    fn from_json(json: &Value) -> Result<Self, Error>;

    /// Reads `json` into `self`, where `json` differs from the input `self`
    /// was last read from only in the top-level fields named in `changed`:
    /// the result, and any error, is what [`FromJson::from_json`] gives for
    /// `json`. An audit draws a new seed for each of millions of deals and
    /// has only the seed read again; by default the whole input is.
    ///
    /// An input that overrides it reads the changed fields through
    /// [`fields::reread`](crate::input::fields::reread), which falls back to
    /// `from_json` for any field it does not take and for any refusal.
    ///
    /// # Errors
    ///
    /// As [`FromJson::from_json`]; `self` is then left unspecified.
    fn reread(&mut self, json: &Value, changed: &[&str]) -> Result<(), Error> {
        let _ = changed;
        *self = Self::from_json(json)?;
        Ok(())
    }
}
