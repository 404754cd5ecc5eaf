//! The building blocks of fairdeal: cards, decks, seats, the [`DealScheme`]
//! trait and the pieces several schemes share.
//!
//! A scheme crate implements [`DealScheme`] on a unit struct (typed: its own
//! input, stream, deck and deal); the blanket [`DynScheme`] impl then lets the
//! registry, the CLI and the conformance suite drive it with JSON alone. The
//! exact methods are in `docs/schemes/<id>.md`, one page per scheme; each
//! scheme crate restates its own.
//!
//! Shared pieces:
//! - [`Sha256Counter`]: SHA-256(prefix + ":" + k), eight u32 big-endian
//!   numbers per block (`euchremaster`, `atout-v1`).
//! - [`fisher_yates_mul_shift`]: for i = n-1 down to 1, j = (u * (i+1)) >> 32.
//! - [`Fingerprint`]: the SHA-256 commitment shown before play.
//! - [`Midstate`] and [`HmacSha256`]: SHA-256 and HMAC-SHA256 kept as
//!   their state after a shared prefix (a seed, a key), each hash paying
//!   only for its own blocks.
//! - [`text`]: printable-ASCII, length and hex checks whose errors name the
//!   field.
//! - [`Game`]: a scheme's other games (a blackjack replay, a roulette spin),
//!   JSON in and out, listed in [`DealScheme::GAMES`].
//!
//! Everything here is pure computation: no I/O, no threads, no global state.

pub mod blocks;
mod card;
mod commitment;
mod deck;
pub mod decks;
mod draw;
mod dynamic;
mod error;
mod euchre_deal;
pub mod fields;
mod game;
mod hmac;
mod info;
mod midstate;
mod scheme;
mod seat;
mod shuffle;
mod splitmix64;
mod stream;
pub mod text;
mod trace;
mod view;

pub use card::{Card, RANKS, Rank, SUITS, Suit};
pub use commitment::Fingerprint;
pub use deck::{Deck, identity, identity_into};
pub use draw::{Draw, Hex64, given_randoms};
pub use dynamic::{DynScheme, TracedView, Work};
pub use error::{Error, ErrorKind};
pub use euchre_deal::EuchreDeal;
pub use fields::{Field, FieldKind, Fields, Rule};
pub use game::{Game, Verb};
pub use hmac::HmacSha256;
pub use info::{
    BenchCase, Cli, Commitment, CountBlocks, ExpandCli, Generator, HashedText, Hints, SchemeInfo,
};
pub use midstate::Midstate;
pub use scheme::{Check, DealScheme, DealSeries, FromJson, OneDeal};
pub use seat::Seat;
pub use shuffle::{fisher_yates_mul_shift, fisher_yates_rejection, limit, mul_shift, next_draw};
pub use splitmix64::SplitMix64;
pub use stream::{RecordInto, Recorder, Sha256Counter, decimal};
pub use trace::{Buffers, DealSchemeExt, DealTrace, PreludeOf, SetupOf, Trace};
pub use view::{Part, PartValue, TableView};
