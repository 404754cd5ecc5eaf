//! The numbers a shuffle draws: the [`Draw`] a scheme's stream yields
//! (`u32`, or [`Hex64`] for 64-bit numbers), numbers given instead of a
//! stream ([`given_randoms`]), the [`Recorder`] that keeps what a shuffle
//! consumed, and [`SplitMix64`], a seed expander. The hash streams are in
//! [`hash`](crate::hash).

mod draw;
mod record;
mod splitmix64;

pub use draw::{Draw, Hex64, given_randoms};
pub use record::{RecordInto, Recorder, decimal};
pub use splitmix64::SplitMix64;
