//! The variant and the seats its deal needs: the checks of the dealer and
//! the taker, which depend on the variant (docs/schemes/atout-v1.md,
//! "Inputs").

use std::fmt;

use fairdeal_core::table::Seat;
use fairdeal_core::{Error, ErrorKind};

/// What the variant field expects, for its messages.
pub(crate) const VARIANT: &str = "coinche, belote or duo";
/// The variants' names, as `variant` takes them (lower case): the field's
/// rule, which a form offers as a choice.
pub(crate) const VARIANTS: &[&str] = &["coinche", "belote", "duo"];

/// How the deck is dealt: the variant, with its dealer and taker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Four seats, eight cards each, no dealer.
    Coinche,
    /// Four seats, a dealer, a turned card and maybe a taker.
    Belote,
    /// Two seats: four packets face down, four face up.
    Duo,
}

impl Variant {
    /// Returns the variant called `name`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] on `variant` for any other name (the names are
    /// lower case).
    pub fn parse(name: &str) -> Result<Self, Error> {
        match name {
            "coinche" => Ok(Self::Coinche),
            "belote" => Ok(Self::Belote),
            "duo" => Ok(Self::Duo),
            _ => Err(Error::new(
                "variant",
                ErrorKind::Value {
                    got: name.to_owned(),
                    expected: VARIANT.to_owned(),
                },
            )),
        }
    }

    /// Returns how many seats play, so how many numbers there are.
    pub fn seats(self) -> u8 {
        match self {
            Self::Coinche | Self::Belote => 4,
            Self::Duo => 2,
        }
    }

    /// Returns what the dealer and taker fields expect, for their messages.
    pub(crate) fn seat_range(self) -> &'static str {
        match self {
            Self::Coinche => "no seat: coinche has no dealer and no taker",
            Self::Belote => "a seat from 0 to 3",
            Self::Duo => "a seat, 0 or 1",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Coinche => "coinche",
            Self::Belote => "belote",
            Self::Duo => "duo",
        })
    }
}

/// The variant with the seats that its deal needs; no other combination can
/// be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealing {
    /// No dealer: position p goes to seat p mod 4.
    Coinche,
    /// The dealer, and the taker unless every seat passed.
    Belote {
        /// The donneur, seat 0 to 3.
        dealer: Seat,
        /// The preneur, or none when every seat passed.
        taker: Option<Seat>,
    },
    /// The dealer; the other seat receives first.
    Duo {
        /// The donneur, seat 0 or 1.
        dealer: Seat,
    },
}

impl Dealing {
    /// Returns the dealing of `variant` by `dealer`, checking the dealer
    /// first, then the taker (docs/schemes/atout-v1.md, "Inputs"). `taker`
    /// is read only once the dealer is good, so that a JSON taker of the
    /// wrong type is not reported before a bad dealer.
    ///
    /// # Errors
    ///
    /// A dealer or taker given where the variant has none
    /// ([`ErrorKind::Value`]), a missing dealer for belote or duo, a seat
    /// out of the variant's range; or the error of `taker`.
    pub(crate) fn new(
        variant: Variant,
        dealer: Option<u64>,
        taker: impl FnOnce() -> Result<Option<u64>, Error>,
    ) -> Result<Self, Error> {
        let seat = |field: &str, n| Seat::new(field, n, variant.seats(), variant.seat_range());
        let required_dealer = || match dealer {
            Some(n) => seat("dealer", n),
            None => Err(Error::new(
                "dealer",
                ErrorKind::Missing {
                    expected: variant.seat_range(),
                },
            )),
        };
        match variant {
            Variant::Coinche => {
                if let Some(n) = dealer {
                    return Err(refuse(
                        "dealer",
                        n,
                        "no dealer: coinche has none, leave it out",
                    ));
                }
                no_taker(variant, taker()?)?;
                Ok(Self::Coinche)
            }
            Variant::Belote => {
                let dealer = required_dealer()?;
                let taker = taker()?.map(|n| seat("taker", n)).transpose()?;
                Ok(Self::Belote { dealer, taker })
            }
            Variant::Duo => {
                let dealer = required_dealer()?;
                no_taker(variant, taker()?)?;
                Ok(Self::Duo { dealer })
            }
        }
    }
}

fn no_taker(variant: Variant, taker: Option<u64>) -> Result<(), Error> {
    match taker {
        Some(n) => Err(refuse(
            "taker",
            n,
            &format!("no taker: only belote has one, not {variant}"),
        )),
        None => Ok(()),
    }
}

/// A seat given where the variant has none.
fn refuse(field: &str, n: u64, expected: &str) -> Error {
    Error::new(
        field,
        ErrorKind::Value {
            got: n.to_string(),
            expected: expected.to_owned(),
        },
    )
}
