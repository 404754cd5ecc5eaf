//! The [`DealScheme`] trait: the one seam between a scheme and everything else.

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::{Card, Deck, Draw, Error, Field, Fingerprint, Game, RecordInto, Recorder};

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
    /// The input fields, with the names of the scheme's page
    /// (`docs/schemes/<id>.md`), in the order the CLI lists them.
    const FIELDS: &'static [Field];
    /// The name of each seat, indexed by seat number, for the table a person
    /// reads (`you`, `left`, `partner`, `right`). A scheme whose method only
    /// numbers the seats names them `seat 0`, `seat 1`, ...: the table then
    /// shows the number once.
    const SEATS: &'static [&'static str];
    /// The site's other games played with the same seeds (see [`Game`]):
    /// the CLI offers each as `fairdeal play NAME` or `fairdeal roll NAME`.
    /// Most schemes have none (the default).
    const GAMES: &'static [Game] = &[];

    /// Fields the command line takes as positional arguments, in order
    /// (where the site's own verifier is shaped that way); flags otherwise.
    const POSITIONAL: &'static [&'static str] = &[];
    /// Command-line flags of the scheme's own that are not input fields
    /// (`--hands 7`); [`DealScheme::expand_cli`] turns them into input fields.
    /// An extra named like a field replaces that field's flag.
    const CLI_EXTRAS: &'static [Field] = &[];
    /// True for a scheme whose input is a whole game of several deals (its
    /// output lists them under `deals`); false for one deal per input (its
    /// output is that deal's stages, flat).
    const GAME: bool = false;

    /// Validated inputs.
    type Input: FromJson + fmt::Debug;
    /// One number of the random stream (`u32` or `u64`, per method).
    type Draw: Draw;
    /// The stream of one deal: endless and allocation-free.
    type Stream: Iterator<Item = Self::Draw>;
    /// What is drawn once per input before any deal (a game's first dealer
    /// and patterns); `()` for schemes without a set-up.
    type Setup: Serialize + fmt::Debug;
    /// What is fixed for one deal before its shuffle (who deals, with which
    /// pattern); `()` for schemes whose input says it all.
    type Prelude: Serialize + fmt::Debug;
    /// What the table sees: hands, up-card, kitty, ...
    type Deal: Serialize + fmt::Debug;

    /// Step 1: returns the commitment published before play.
    fn commitment(input: &Self::Input) -> Fingerprint;

    /// Returns the set-up, drawn before any deal.
    fn setup(input: &Self::Input) -> Self::Setup;

    /// Returns how many deals `input` holds (deals are numbered from 1).
    fn deals(input: &Self::Input) -> usize {
        let _ = input;
        1
    }

    /// Step 2: returns the random stream of deal `deal`.
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
    fn shuffle_positions<I>(
        input: &Self::Input,
        deal: usize,
        draws: &mut I,
        positions: &mut Vec<u16>,
    ) -> Result<(), Error>
    where
        I: Iterator<Item = Self::Draw>;

    /// Steps 3-4: returns the starting deck of deal `deal` shuffled with
    /// numbers taken from `draws`.
    ///
    /// # Errors
    ///
    /// Those of [`DealScheme::shuffle_positions`].
    fn shuffle<I>(input: &Self::Input, deal: usize, draws: &mut I) -> Result<Deck, Error>
    where
        I: Iterator<Item = Self::Draw>,
    {
        let mut positions = Vec::new();
        Self::shuffle_positions(input, deal, draws, &mut positions)?;
        Ok(Deck::from_positions(
            &Self::starting_deck(input, deal),
            positions,
        ))
    }

    /// Returns what is fixed for deal `deal` before its shuffle.
    fn prelude(input: &Self::Input, setup: &Self::Setup, deal: usize) -> Self::Prelude;

    /// Steps 5-6: deals `deck`, which holds the cards of
    /// [`DealScheme::starting_deck`] each once.
    fn deal(input: &Self::Input, prelude: &Self::Prelude, deck: &[Card]) -> Self::Deal;

    /// Turns the [`DealScheme::CLI_EXTRAS`] given on a command line (by
    /// name, as JSON values) into input fields; called only when some were
    /// given.
    ///
    /// # Errors
    ///
    /// Extras that do not fit together, naming the extra.
    fn expand_cli(
        extras: &serde_json::Map<String, Value>,
    ) -> Result<serde_json::Map<String, Value>, Error> {
        Ok(extras.clone())
    }

    /// Returns the commitment and the stream of deal 1 together, so that a
    /// scheme whose commitment and stream hash the same first block (a
    /// 64-character seed) hashes it once; by default, the two on their own.
    fn commitment_and_stream(input: &Self::Input) -> (Fingerprint, Self::Stream) {
        (Self::commitment(input), Self::stream(input, 1))
    }

    /// Deals `deck` into `out`, reusing its buffers where the deal type
    /// allows (a scheme overrides this to deal without allocating); by
    /// default a new deal replaces `out`.
    fn deal_into(
        input: &Self::Input,
        prelude: &Self::Prelude,
        deck: &[Card],
        out: &mut Self::Deal,
    ) {
        *out = Self::deal(input, prelude, deck);
    }

    /// Runs deal `deal` of `input` into `table`, reusing its buffers: once
    /// they have grown to a deal's size, a scheme whose stream and
    /// [`DealScheme::deal_into`] do not allocate deals with no allocation at
    /// all (benchmarks, servers dealing many hands). `setup` is
    /// [`DealScheme::setup`] of `input`, drawn once.
    ///
    /// # Errors
    ///
    /// Only those of [`DealScheme::shuffle_positions`], which an endless
    /// stream never gives.
    fn deal_into_table(
        input: &Self::Input,
        setup: &Self::Setup,
        deal: usize,
        table: &mut Table<Self>,
    ) -> Result<(), Error>
    where
        Self: Sized,
    {
        Self::stream_into_table(input, setup, deal, Self::stream(input, deal), table)
    }

    /// Runs a whole single deal into `table`: the commitment and deal 1,
    /// sharing their work through [`DealScheme::commitment_and_stream`].
    /// Allocates nothing once the buffers have grown (see
    /// [`DealScheme::deal_into_table`]).
    ///
    /// # Errors
    ///
    /// As [`DealScheme::deal_into_table`].
    fn whole_deal_into_table(
        input: &Self::Input,
        setup: &Self::Setup,
        table: &mut Table<Self>,
    ) -> Result<Fingerprint, Error>
    where
        Self: Sized,
    {
        let (fingerprint, stream) = Self::commitment_and_stream(input);
        Self::stream_into_table(input, setup, 1, stream, table)?;
        Ok(fingerprint)
    }

    /// Deals deal `deal` into `table` from `stream` (its stream).
    ///
    /// # Errors
    ///
    /// As [`DealScheme::deal_into_table`].
    #[doc(hidden)]
    fn stream_into_table(
        input: &Self::Input,
        setup: &Self::Setup,
        deal: usize,
        stream: Self::Stream,
        table: &mut Table<Self>,
    ) -> Result<(), Error>
    where
        Self: Sized,
    {
        let prelude = Self::prelude(input, setup, deal);
        table.randoms.clear();
        let mut draws = RecordInto::new(stream, &mut table.randoms);
        Self::shuffle_positions(input, deal, &mut draws, &mut table.positions)?;
        let start = Self::starting_deck(input, deal);
        table.cards.clear();
        table
            .cards
            .extend(table.positions.iter().map(|&p| start[usize::from(p)]));
        match &mut table.deal {
            Some(out) => Self::deal_into(input, &prelude, &table.cards, out),
            None => table.deal = Some(Self::deal(input, &prelude, &table.cards)),
        }
        Ok(())
    }

    /// Returns the method's own checks of `input` beyond the fingerprint
    /// (a game record's patterns against the drawn ones); none by default.
    fn checks(input: &Self::Input) -> Vec<Check> {
        let _ = input;
        Vec::new()
    }

    /// Returns the exact text hashed to make a value of `stage` (the
    /// commitment's text for `fingerprint`; for `randoms`, the text of the
    /// block that made number `index` of deal `deal`), for failure reports:
    /// a port that hashes the wrong text learns the right one. `None` where
    /// the value is not a hash of a text (the default).
    fn hashed_text(input: &Self::Input, stage: &str, deal: usize, index: usize) -> Option<String> {
        let _ = (input, stage, deal, index);
        None
    }

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

    /// Runs every step of every deal, recording the numbers each shuffle
    /// consumed.
    ///
    /// # Errors
    ///
    /// Only those of [`DealScheme::shuffle`], which an endless stream never
    /// gives.
    fn trace(input: &Self::Input) -> Result<Trace<Self>, Error>
    where
        Self: Sized,
    {
        let setup = Self::setup(input);
        let deals = (1..=Self::deals(input))
            .map(|n| Self::trace_deal(input, &setup, n))
            .collect::<Result<_, Error>>()?;
        Ok(Trace {
            fingerprint: Self::commitment(input),
            setup,
            deals,
        })
    }

    /// Runs every step of deal `deal` alone (the prelude, the stream, the
    /// shuffle and the deal), as [`DealScheme::trace`] does for each deal;
    /// the benches time one hand of a game with it.
    ///
    /// # Errors
    ///
    /// Only those of [`DealScheme::shuffle`], which an endless stream never
    /// gives.
    fn trace_deal(
        input: &Self::Input,
        setup: &Self::Setup,
        deal: usize,
    ) -> Result<DealTrace<Self>, Error>
    where
        Self: Sized,
    {
        let prelude = Self::prelude(input, setup, deal);
        let mut draws = Recorder::new(Self::stream(input, deal));
        let deck = Self::shuffle(input, deal, &mut draws)?;
        let dealt = Self::deal(input, &prelude, deck.cards());
        Ok(DealTrace {
            prelude,
            randoms: draws.into_taken(),
            deck,
            deal: dealt,
        })
    }
}

/// Every stage of one input: the commitment, the set-up, then each deal.
///
/// It serializes with the output names of the scheme's page
/// (`docs/schemes/<id>.md`) in the method's order:
/// `fingerprint`, the set-up's fields, then for a single-deal scheme that
/// deal's `randoms`, `positions`, `deck` and own fields, and for a game
/// ([`DealScheme::GAME`]) a `deals` list of those objects.
pub struct Trace<S: DealScheme> {
    /// The commitment.
    pub fingerprint: Fingerprint,
    /// The set-up.
    pub setup: S::Setup,
    /// Each deal, the first first.
    pub deals: Vec<DealTrace<S>>,
}

/// Every stage of one deal.
#[derive(Serialize)]
#[serde(bound = "")]
pub struct DealTrace<S: DealScheme> {
    /// What was fixed before the shuffle.
    #[serde(flatten)]
    pub prelude: S::Prelude,
    /// Every raw number the shuffle consumed, in order.
    pub randoms: Vec<S::Draw>,
    /// The shuffled deck, with its positions.
    #[serde(flatten)]
    pub deck: Deck,
    /// The deal.
    #[serde(flatten)]
    pub deal: S::Deal,
}

impl<S: DealScheme> Serialize for Trace<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Single<'a, S: DealScheme> {
            fingerprint: &'a Fingerprint,
            #[serde(flatten)]
            setup: &'a S::Setup,
            #[serde(flatten)]
            deal: &'a DealTrace<S>,
        }
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Game<'a, S: DealScheme> {
            fingerprint: &'a Fingerprint,
            #[serde(flatten)]
            setup: &'a S::Setup,
            deals: &'a [DealTrace<S>],
        }
        match (S::GAME, self.deals.as_slice()) {
            (false, [deal]) => Single::<S> {
                fingerprint: &self.fingerprint,
                setup: &self.setup,
                deal,
            }
            .serialize(serializer),
            _ => Game::<S> {
                fingerprint: &self.fingerprint,
                setup: &self.setup,
                deals: &self.deals,
            }
            .serialize(serializer),
        }
    }
}

impl<S: DealScheme> fmt::Debug for Trace<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Trace")
            .field("fingerprint", &self.fingerprint)
            .field("setup", &self.setup)
            .field("deals", &self.deals)
            .finish()
    }
}

impl<S: DealScheme> fmt::Debug for DealTrace<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DealTrace")
            .field("prelude", &self.prelude)
            .field("randoms", &self.randoms)
            .field("deck", &self.deck)
            .field("deal", &self.deal)
            .finish()
    }
}

/// Buffers for one deal, reused by [`DealScheme::deal_into_table`].
pub struct Table<S: DealScheme> {
    /// Every raw number the shuffle consumed, in order.
    pub randoms: Vec<S::Draw>,
    /// The starting position of the card at each position.
    pub positions: Vec<u16>,
    /// The shuffled deck.
    pub cards: Vec<Card>,
    /// The deal, once there has been one.
    pub deal: Option<S::Deal>,
}

impl<S: DealScheme> Table<S> {
    /// Returns empty buffers; the first deal sizes them.
    pub fn new() -> Self {
        Self {
            randoms: Vec::new(),
            positions: Vec::new(),
            cards: Vec::new(),
            deal: None,
        }
    }
}

impl<S: DealScheme> Default for Table<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: DealScheme> fmt::Debug for Table<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("randoms", &self.randoms)
            .field("positions", &self.positions)
            .field("cards", &self.cards)
            .field("deal", &self.deal)
            .finish()
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

/// Builds a validated value from a JSON object with the field names of the
/// scheme's page (`docs/schemes/<id>.md`).
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
