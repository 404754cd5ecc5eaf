//! The variant and the seats its deal needs: the tables of the dealer, the
//! taker and the numbers, which depend on the variant
//! (docs/schemes/atout-v1.md, "Inputs").

use std::fmt;

use fairdeal_core::input::Table;
use fairdeal_core::table::Seat;
use fairdeal_core::{Error, ErrorKind};

/// What the variant field expects, for its messages.
pub(crate) const VARIANT: &str = "coinche, belote or duo";

/// What the dealer and the taker expect at each table, for their messages.
const NO_SEAT: &str = "no seat: coinche has no dealer and no taker";
const BELOTE_SEAT: &str = "a seat from 0 to 3";
const DUO_SEAT: &str = "a seat, 0 or 1";

/// The dealer's seats, by variant in the order of [`Variant`]: none for
/// coinche, 0 to 3 for belote and 0 or 1 for duo, required where it has
/// one.
pub(crate) const DEALER: [Table; 3] = [
    Table {
        name: "coinche",
        seats: 0,
        required: false,
        expected: NO_SEAT,
        none: "no dealer: coinche has none, leave it out",
    },
    Table {
        name: "belote",
        seats: 4,
        required: true,
        expected: BELOTE_SEAT,
        none: "",
    },
    Table {
        name: "duo",
        seats: 2,
        required: true,
        expected: DUO_SEAT,
        none: "",
    },
];

/// The taker's seats, by variant: belote only, and optional there (absent
/// when every seat passed). At duo's table of two it is still none.
pub(crate) const TAKER: [Table; 3] = [
    Table {
        name: "coinche",
        seats: 0,
        required: false,
        expected: NO_SEAT,
        none: "no taker: only belote has one, not coinche",
    },
    Table {
        name: "belote",
        seats: 4,
        required: false,
        expected: BELOTE_SEAT,
        none: "",
    },
    Table {
        name: "duo",
        seats: 0,
        required: false,
        expected: DUO_SEAT,
        none: "no taker: only belote has one, not duo",
    },
];

/// How many numbers, by variant: one per seat.
pub(crate) const NUMBERS: [Table; 3] = [
    Table {
        name: "coinche",
        seats: 4,
        required: true,
        expected: "4 numbers for coinche, one per seat (\"\" for a robot)",
        none: "",
    },
    Table {
        name: "belote",
        seats: 4,
        required: true,
        expected: "4 numbers for belote, one per seat (\"\" for a robot)",
        none: "",
    },
    Table {
        name: "duo",
        seats: 2,
        required: true,
        expected: "2 numbers for duo, one per seat (\"\" for a robot)",
        none: "",
    },
];

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

    /// Returns the variant's row of `tables` ([`DEALER`], [`TAKER`],
    /// [`NUMBERS`]), which list the variants in order.
    fn of(self, tables: &[Table; 3]) -> &Table {
        &tables[self as usize]
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
    /// Returns the dealing of `variant` by `dealer`, with `taker`: seats
    /// that the field list has checked against the variant's tables
    /// ([`DEALER`], [`TAKER`]: `Rule::Seat` of the variant), which refuse
    /// here what they refuse there, the dealer first.
    ///
    /// # Errors
    ///
    /// A dealer or taker given where the variant has none
    /// ([`ErrorKind::Value`]), a missing dealer for belote or duo, a seat
    /// out of the variant's range.
    pub(crate) fn new(
        variant: Variant,
        dealer: Option<u64>,
        taker: Option<u64>,
    ) -> Result<Self, Error> {
        let table = variant.of(&DEALER);
        let dealer = table.seat("dealer", dealer)?;
        let taker = variant.of(&TAKER).seat("taker", taker)?;
        match (variant, dealer) {
            (Variant::Coinche, _) => Ok(Self::Coinche),
            (Variant::Belote, Some(dealer)) => Ok(Self::Belote { dealer, taker }),
            (Variant::Duo, Some(dealer)) => Ok(Self::Duo { dealer }),
            // Not reached: DEALER requires a dealer for belote and duo.
            (_, None) => Err(Error::new(
                "dealer",
                ErrorKind::Missing {
                    expected: table.expected,
                },
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VARIANTS: [Variant; 3] = [Variant::Coinche, Variant::Belote, Variant::Duo];

    /// The tables name the variants in order, and their seats are the
    /// variant's: a seat for each role it has, a number for each seat.
    #[test]
    fn the_tables_follow_the_variants() {
        for variant in VARIANTS {
            let name = variant.to_string();
            for tables in [&DEALER, &TAKER, &NUMBERS] {
                assert_eq!(variant.of(tables).name, name);
            }
            assert_eq!(variant.of(&NUMBERS).seats, variant.seats());
            let dealer = variant.of(&DEALER);
            let has_dealer = variant != Variant::Coinche;
            assert_eq!(dealer.seats, if has_dealer { variant.seats() } else { 0 });
            assert_eq!(dealer.required, has_dealer);
            let taker = variant.of(&TAKER);
            let has_taker = variant == Variant::Belote;
            assert_eq!(taker.seats, if has_taker { variant.seats() } else { 0 });
            assert!(!taker.required);
        }
    }
}
