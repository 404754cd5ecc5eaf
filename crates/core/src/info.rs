//! [`SchemeInfo`]: the facts about a scheme that are data, not steps. The
//! CLI, its help text, the renderers, the conformance suite and the benches
//! read only this (through [`DynScheme::info`](crate::DynScheme::info)).

use serde::Serialize;
use serde_json::{Map, Value};

use crate::audit::Audit;
use crate::hash::Blocks;
use crate::input::Field;
use crate::{Error, Game};

/// What a scheme is, besides its steps.
#[derive(Clone, Copy, Debug)]
pub struct SchemeInfo {
    /// Stable id used on the command line, in vector files and snapshot
    /// names.
    pub id: &'static str,
    /// One plain line for players (`fairdeal schemes`, the help): what it
    /// deals, from what.
    pub summary: &'static str,
    /// The method in one technical line, for implementers.
    pub method: &'static str,
    /// The site or app whose deals it reproduces, as a player knows it.
    pub site: &'static str,
    /// The commitment shown before play.
    pub commitment: Commitment,
    /// The input fields, with the names of the scheme's page, in the order
    /// they are checked and the CLI lists them.
    pub fields: &'static [Field],
    /// Which cards are the player's, for a receipt's `hand` check.
    pub player: Player,
    /// How seats are named. How many there are, and their roles, are the
    /// deal's ([`TableView`](crate::table::TableView)).
    pub seat_names: SeatNames,
    /// How the command line takes the inputs.
    pub cli: Cli,
    /// The receipt as the site gives it: the labels its page puts before
    /// each value, its own verifier command, where the player saw the
    /// fingerprint (the scheme's page, "The receipt as the site gives it").
    pub forms: Forms,
    /// The site's other games played with the same seeds (see [`Game`]):
    /// the CLI offers each as `fairdeal play NAME` or `fairdeal roll NAME`.
    pub games: &'static [Game],
    /// The deals `fairdeal bench` and the criterion benches time: each a
    /// case of the scheme's vector file.
    pub bench: &'static [BenchCase],
    /// What failure reports can tell a port beyond the expected value.
    pub hints: Hints,
    /// What `fairdeal audit` needs: the bias of each draw, the inputs it
    /// deals ([`Audit::NONE`] for its defaults).
    pub audit: Audit,
    /// The slips a person makes in a field that its kind and rule do not
    /// imply, which a verdict tries besides the usual ones (a prefix the
    /// site writes and a person leaves out); empty for most schemes.
    pub slips: &'static [FieldSlips],
    /// How the scheme uses its secrets across receipts, and which of its
    /// deals are uniformly shuffled: what a player's history is checked
    /// against (`fairdeal history`, docs/history.md).
    pub history: History,
    /// What the dealer's side draws before the commitment and what the
    /// table sets with it (`fairdeal dealer`, docs/dealer.md): every other
    /// field is taken after the commitment, from the player and the table.
    pub dealer: DealerSide,
}

/// What the dealer's side of a scheme draws before the commitment, and the
/// field the table sets with it; the rest of the input (the cut, the
/// phrase, each seat's number, the client seed, the dealer's seat) is taken
/// only after the commitment (docs/dealer.md, "The lifecycle").
#[derive(Clone, Copy, Debug)]
pub struct DealerSide {
    /// The form of the secret ([`History::secret`]) drawn from the
    /// operating system's secure generator, as the scheme's page gives it.
    pub secret: Draw,
    /// The other fields drawn with the secret, before the commitment that
    /// covers them (sfc32-lock's nonce, which its lock hashes): public from
    /// the commitment on.
    pub drawn: &'static [Drawn],
    /// The field `fairdeal dealer commit --variant` sets (atout-v1's
    /// `variant`: the table's game, which the count of numbers depends on),
    /// shown with the commitment; `None` where the scheme has no variants.
    pub variant: Option<&'static str>,
}

/// One field the dealer's side draws besides the secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The field.
    pub field: &'static str,
    /// Its form.
    pub draw: Draw,
}

/// The form of a value the dealer's side draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Draw {
    /// `digits` lowercase hexadecimal digits, each 4 bits of the secure
    /// generator.
    Hex {
        /// How many.
        digits: usize,
    },
    /// `prefix` and the round's number in the dealer's store (`hand-12`):
    /// distinct for every round of a store, as a site numbers its hands,
    /// rather than random.
    Numbered {
        /// The text before the number.
        prefix: &'static str,
    },
}

/// What a history of a scheme's receipts is checked against: reused
/// secrets, nonces, and the deals whose cards are tested against the exact
/// odds of a uniform shuffle.
#[derive(Clone, Copy, Debug)]
pub struct History {
    /// The input field holding the secret the fingerprint commits to,
    /// revealed after play (`seed`, `server_seed`).
    pub secret: &'static str,
    /// How long one secret serves.
    pub period: Period,
    /// Whether deal `deal` (from 1) of `input`, an input the scheme
    /// accepted, is dealt from a uniformly shuffled deck: its player's cards
    /// are then tested against the exact odds. Not so for a hand riffled
    /// from the cards gathered after the one before, which is meant to be
    /// as far from random as a kitchen table's ([`History::EVERY_DEAL`]
    /// otherwise).
    pub uniform: fn(input: &Value, deal: usize) -> bool,
}

impl History {
    /// Every deal a uniform shuffle.
    pub const EVERY_DEAL: fn(&Value, usize) -> bool = |_, _| true;
}

/// How long one secret serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// A fresh secret for every receipt (a deal, or a game of many hands):
    /// the same secret on two receipts is a reused seed.
    Receipt,
    /// One secret for a period of bets, each told apart by a nonce counted
    /// from 0 within the pair of secret and the `with` fields (the client
    /// seed): within a pair the nonces are distinct, and contiguous from
    /// the first the history shows.
    Nonce {
        /// The nonce's field.
        nonce: &'static str,
        /// The fields besides the secret that make up a pair.
        with: &'static [&'static str],
    },
}

/// The slips a person makes in one text field beyond the usual ones (a
/// space or quotes copied with it, its letter case, a number at its end
/// one off): what a verdict that fails tries, to say what probably
/// happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSlips {
    /// The field's name.
    pub field: &'static str,
    /// Texts the site writes before the value, which a person may leave
    /// out when copying it (`hand-` of the nonce `hand-12`).
    pub prefixes: &'static [&'static str],
}

/// How a scheme names the seats of a deal's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SeatNames {
    /// Only numbered, as the method numbers them: `seat 0`, `seat 1`, ...
    Numbered,
    /// Named, seat 0 first (`you`, `left`, `partner`, `right`), at a table
    /// of exactly as many seats as names; numbered at a table of another
    /// size.
    Named(&'static [&'static str]),
}

impl SeatNames {
    /// Returns the name of seat `seat` at a table of `seats`, when it has
    /// one besides its number.
    pub fn name(self, seat: usize, seats: u8) -> Option<&'static str> {
        match self {
            Self::Named(names) if names.len() == usize::from(seats) => names.get(seat).copied(),
            _ => None,
        }
    }

    /// Returns seat `seat` of a table of `seats` as a person reads it:
    /// `left (1)` where it is named, `seat 1` where it is only numbered.
    pub fn label(self, seat: usize, seats: u8) -> String {
        match self.name(seat, seats) {
            Some(name) => format!("{name} ({seat})"),
            None => format!("seat {seat}"),
        }
    }
}

/// The commitment a site shows before play.
#[derive(Clone, Copy, Debug)]
pub struct Commitment {
    /// What it hashes, in the method's words (`SHA-256(seed)`), for the
    /// message that says a receipt does not match.
    pub hashes: &'static str,
    /// Other names the site gives it (`lock`): the CLI accepts each as a
    /// flag and an `--input` field beside `fingerprint`.
    pub aliases: &'static [&'static str],
    /// The input fields it hashes (`seed`; `seed` and `nonce` for a lock):
    /// a matching fingerprint vouches for these alone, and a verdict lists
    /// the others as not covered.
    pub covers: &'static [&'static str],
}

/// The receipt as the site gives it, read by the facade's one parser of
/// receipt forms (`fairdeal::receipt::forms`): besides a JSON object, the
/// lines a site's page shows (`Server seed: ...`) and the site's own
/// verifier command (`python3 verify_deal.py HOUSE_SEED 'phrase' ...`).
#[derive(Clone, Copy, Debug)]
pub struct Forms {
    /// The words a site's page puts before a value, beside the field's own
    /// name (whose `_` reads as a space: `server seed`): each a field of the
    /// scheme or of one of its games, or `fingerprint` for the commitment.
    /// Matched whatever their case. A per-seat field's label is followed by
    /// the seat's number (`Number 2: 7`).
    pub labels: &'static [Label],
    /// Where the player saw the fingerprint before play, as the scheme's
    /// page says it: a receipt that lacks it asks for "the fingerprint the
    /// app showed before play" with these words.
    pub seen: &'static str,
    /// The site's own verifier command, when it has one.
    pub command: Option<SiteCommand>,
}

impl Forms {
    /// No labels besides the fields' names, no command.
    pub const NONE: Self = Self {
        labels: &[],
        seen: "before play",
        command: None,
    };
}

/// The words a site's page puts before a field's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The field (`server_seed`), or `fingerprint` for the commitment.
    pub field: &'static str,
    /// The words, as the page writes them (`Hashed server seed`).
    pub words: &'static [&'static str],
}

/// The command a site tells its players to run to check a game, whose
/// arguments are the scheme's command-line arguments ([`Cli`]): the
/// positional fields, then its flags and extras.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SiteCommand {
    /// The words that may run the script before it (`python3`).
    pub interpreters: &'static [&'static str],
    /// The script's file name (`verify_deal.py`), also recognised with a
    /// folder before it (`./verify_deal.py`).
    pub script: &'static str,
    /// The words the site's page puts before the command (`Command for the
    /// verifier script`), recognised before it like a label.
    pub label: &'static str,
    /// What the site calls the command, for messages.
    pub name: &'static str,
}

/// Which of a deal's cards a receipt's `hand` is checked against: what the
/// scheme's page calls "your hand".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A seat's cards (in the deal's view). `choosable`: the receipt may say
    /// which seat (`seat`), as at a table where the player is any seat.
    Seat {
        /// The player's seat unless the receipt names one.
        default: u8,
        /// Whether a receipt may name another seat.
        choosable: bool,
    },
    /// Cards at these positions of the shuffled deck (a blackjack player's
    /// first two cards).
    Positions(&'static [usize]),
}

/// Turns the extra flags given on a command line (by name, as JSON values)
/// into input fields.
pub type ExpandCli = fn(&Map<String, Value>) -> Result<Map<String, Value>, Error>;

/// How the command line takes a scheme's inputs.
#[derive(Clone, Copy, Debug)]
pub struct Cli {
    /// Fields taken as positional arguments, in order (where the site's own
    /// verifier is shaped that way); flags otherwise.
    pub positional: &'static [&'static str],
    /// Flags of the scheme's own that are not input fields (`--hands 7`);
    /// an extra named like a field replaces that field's flag.
    pub extras: &'static [Field],
    /// Turns the extras given into input fields; called only when some
    /// were given. `None` when there are no extras.
    pub expand: Option<ExpandCli>,
}

impl Cli {
    /// Every field a flag, no extras.
    pub const FLAGS: Self = Self {
        positional: &[],
        extras: &[],
        expand: None,
    };
}

/// Returns the blocks one deal of a bench case compresses, per hash
/// function, from its input and the numbers its shuffle consumed
/// (docs/performance.md, "Counting blocks").
pub type CountBlocks = fn(input: &Value, consumed: usize) -> Result<Blocks, Error>;

/// One deal that the benches time: a case of the scheme's vector file.
#[derive(Clone, Copy, Debug)]
pub struct BenchCase {
    /// The case id, in a `trace` group of `vectors/<id>.json`.
    pub case: &'static str,
    /// The case's `input`, as JSON text (a test holds it to the vector
    /// file; the schemes do not read the vectors).
    pub input: &'static str,
    /// `Some(n)`: deal `n` of the series alone, without the commitment and
    /// the set-up; `None`: the whole input.
    pub hand: Option<usize>,
    /// The blocks of one such deal, per hash function.
    pub blocks: CountBlocks,
}

/// Returns exactly what was hashed to make a value of `stage` (the
/// commitment's text for `fingerprint`; for `randoms`, the input of the
/// block that made number `index` of deal `deal`); `None` where the value is
/// not a hash of a text or the input is refused.
pub type HashedText = fn(input: &Value, stage: &str, deal: usize, index: usize) -> Option<Hashed>;

/// Exactly what a hash took, each part as its own text (no prose): what a
/// failure report shows a port that hashes the wrong text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hashed {
    /// The HMAC key, for a keyed hash (hmac-blackjack: the server seed's
    /// text, as typed); `None` for a plain SHA-256.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The text hashed: the HMAC message, or the whole input of a plain
    /// SHA-256.
    pub message: String,
    /// Where the message starts with a key that is itself the lowercase hex
    /// of SHA-256 of a text (atout-v1's `key`): that text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_text: Option<String>,
}

impl Hashed {
    /// A plain SHA-256 of `message`.
    pub fn text(message: impl Into<String>) -> Self {
        Self {
            key: None,
            message: message.into(),
            key_text: None,
        }
    }
}

/// Returns the first `count` draws of the raw generator from a state given
/// as JSON, without the seeding of the stream.
pub type Generator = fn(state: &Value, count: usize) -> Result<Value, Error>;

/// What failure reports and stage vectors can use beyond the steps.
#[derive(Clone, Copy, Debug)]
pub struct Hints {
    /// The text hashed for a stage's value, for schemes whose numbers are
    /// hashes of texts: a port that hashes the wrong text learns the right
    /// one.
    pub hashed_text: Option<HashedText>,
    /// The raw generator (sfc32's `a`, `b`, `c`, `d`), for `generator` stage
    /// vectors; `None` for a stream that is a hash of the inputs.
    pub generator: Option<Generator>,
    /// For a shuffle by rejection sampling
    /// ([`fisher_yates_rejection`](crate::shuffle::fisher_yates_rejection)): the
    /// number of cards it shuffles. A failure report then names the first
    /// number the shuffle must reject when a port's shuffle took fewer
    /// numbers than it should.
    pub rejection: Option<usize>,
}

impl Hints {
    /// No hints.
    pub const NONE: Self = Self {
        hashed_text: None,
        generator: None,
        rejection: None,
    };
}
