//! The inputs, checked once, in the order docs/schemes/atout-v1.md lists
//! them ("Inputs"): secret, variant, numbers, dealer, taker.

use std::fmt;

use fairdeal_core::fields::{as_integer, as_text};
use fairdeal_core::{Error, ErrorKind, Field, FieldKind, Fields, FromJson, Seat, text};
use serde_json::Value;

use crate::key::SEPARATOR;

pub(crate) const FIELDS: &[Field] = &[
    Field {
        name: "secret",
        kind: FieldKind::Text,
        required: true,
        help: "the revealed secret, exactly as the site shows it",
    },
    Field {
        name: "variant",
        kind: FieldKind::Text,
        required: true,
        help: "the game: coinche, belote or duo",
    },
    Field {
        name: "numbers",
        kind: FieldKind::TextPerSeat { flag: "number" },
        required: true,
        help: "one per seat: --number 0=TEXT --number 1= ... (SEAT= for a robot)",
    },
    Field {
        name: "dealer",
        kind: FieldKind::Integer,
        required: false,
        help: "the dealer's seat (belote 0 to 3, duo 0 or 1; none for coinche)",
    },
    Field {
        name: "taker",
        kind: FieldKind::Integer,
        required: false,
        help: "belote: the seat that took the turned card; leave out if all passed",
    },
];

/// The longest secret or number, in characters.
const MAX_TEXT: usize = 1024;

const SECRET: &str = "1 to 1024 printable ASCII characters, without '|'";
const VARIANT: &str = "coinche, belote or duo";
const NUMBERS: &str = "a list of texts, one per seat, seat 0 first";
const NUMBER: &str = "0 to 1024 printable ASCII characters, without '|' (\"\" for a robot)";
const NO_SEPARATOR: &str = "printable ASCII other than '|', which separates the hashed texts";

/// The game being dealt.
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
pub enum Game {
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

/// A deal's inputs: the revealed secret, each seat's number and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    secret: String,
    numbers: Vec<String>,
    game: Game,
}

impl Input {
    /// Returns the checked input; `dealer` and `taker` are `None` when
    /// absent.
    ///
    /// # Errors
    ///
    /// The first refused field, in the order secret, variant, numbers (each
    /// number, then their count), dealer, taker: see [`FromJson`] and
    /// docs/schemes/atout-v1.md.
    pub fn new(
        secret: &str,
        variant: &str,
        numbers: &[&str],
        dealer: Option<u64>,
        taker: Option<u64>,
    ) -> Result<Self, Error> {
        check_secret(secret)?;
        let variant = Variant::parse(variant)?;
        for (i, number) in numbers.iter().enumerate() {
            check_number(&format!("numbers[{i}]"), number)?;
        }
        check_count(variant, numbers.len())?;
        let game = game(variant, dealer, || Ok(taker))?;
        Ok(Self {
            secret: secret.to_owned(),
            numbers: numbers.iter().map(|&n| n.to_owned()).collect(),
            game,
        })
    }

    /// Returns the secret, whose SHA-256 is the fingerprint.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// Returns the numbers by seat, seat 0 first (`""` for a robot).
    pub fn numbers(&self) -> &[String] {
        &self.numbers
    }

    /// Returns the game, with its dealer and taker.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Returns the variant.
    pub fn variant(&self) -> Variant {
        match self.game {
            Game::Coinche => Variant::Coinche,
            Game::Belote { .. } => Variant::Belote,
            Game::Duo { .. } => Variant::Duo,
        }
    }
}

impl FromJson for Input {
    /// Reads each field completely (present, JSON type, then its own rules)
    /// before the next, in the order of docs/schemes/atout-v1.md.
    fn from_json(json: &Value) -> Result<Self, Error> {
        let f = Fields::new(json, FIELDS)?;
        let secret = f.text("secret", SECRET)?;
        check_secret(secret)?;
        let variant = Variant::parse(f.text("variant", VARIANT)?)?;
        let items = f.list("numbers", NUMBERS)?;
        let mut numbers = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let field = format!("numbers[{i}]");
            let number = as_text(&field, item, NUMBER)?;
            check_number(&field, number)?;
            numbers.push(number);
        }
        check_count(variant, numbers.len())?;
        let seat = |name: &str| {
            f.get(name)
                .map(|v| as_integer(name, v, seat_range(variant)))
                .transpose()
        };
        let game = game(variant, seat("dealer")?, || seat("taker"))?;
        Ok(Self {
            secret: secret.to_owned(),
            numbers: numbers.into_iter().map(str::to_owned).collect(),
            game,
        })
    }
}

fn check_secret(secret: &str) -> Result<(), Error> {
    check_text("secret", secret, 1, SECRET)
}

fn check_number(field: &str, number: &str) -> Result<(), Error> {
    check_text(field, number, 0, NUMBER)
}

/// Checks a hashed text: printable ASCII, no separator, `min..=1024`
/// characters. The first bad character is named, whether it is outside
/// printable ASCII or a separator; the length is checked after the
/// characters (docs/vectors.md, errors).
fn check_text(field: &str, value: &str, min: usize, expected: &'static str) -> Result<(), Error> {
    let printable = value
        .find(|c: char| !(' '..='~').contains(&c))
        .unwrap_or(value.len());
    text::without(field, &value[..printable], SEPARATOR, NO_SEPARATOR)?;
    text::printable_ascii(field, value, min, MAX_TEXT, expected)
}

fn check_count(variant: Variant, count: usize) -> Result<(), Error> {
    let seats = usize::from(variant.seats());
    if count == seats {
        return Ok(());
    }
    Err(Error::new(
        "numbers",
        ErrorKind::Count {
            got: count,
            expected: format!("{seats} numbers for {variant}, one per seat (\"\" for a robot)"),
        },
    ))
}

/// What the dealer and taker fields expect, for their messages.
fn seat_range(variant: Variant) -> &'static str {
    match variant {
        Variant::Coinche => "no seat: coinche has no dealer and no taker",
        Variant::Belote => "a seat from 0 to 3",
        Variant::Duo => "a seat, 0 or 1",
    }
}

/// Checks the dealer, then the taker, against the variant. The taker is
/// read only once the dealer is good, so that a JSON taker of the wrong type
/// is not reported before a bad dealer.
fn game(
    variant: Variant,
    dealer: Option<u64>,
    taker: impl FnOnce() -> Result<Option<u64>, Error>,
) -> Result<Game, Error> {
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
            Ok(Game::Coinche)
        }
        Variant::Belote => {
            let dealer = required_dealer(variant, dealer)?;
            let taker = taker()?.map(|n| seat(variant, "taker", n)).transpose()?;
            Ok(Game::Belote { dealer, taker })
        }
        Variant::Duo => {
            let dealer = required_dealer(variant, dealer)?;
            no_taker(variant, taker()?)?;
            Ok(Game::Duo { dealer })
        }
    }
}

fn seat(variant: Variant, field: &str, n: u64) -> Result<Seat, Error> {
    Seat::new(field, n, variant.seats(), seat_range(variant))
}

fn required_dealer(variant: Variant, dealer: Option<u64>) -> Result<Seat, Error> {
    match dealer {
        Some(n) => seat(variant, "dealer", n),
        None => Err(Error::new(
            "dealer",
            ErrorKind::Missing {
                expected: seat_range(variant),
            },
        )),
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn refusal(input: Value) -> (String, String) {
        let e = Input::from_json(&input).unwrap_err();
        (e.kind().code().to_owned(), e.field().to_owned())
    }

    #[test]
    fn fields_are_checked_in_the_documented_order() {
        // Every field is bad: the secret is named first.
        let all_bad = json!({"secret": "a|b", "variant": "tarot", "numbers": 1, "dealer": 9});
        assert_eq!(refusal(all_bad), ("character".into(), "secret".into()));
        let v = json!({"secret": "s", "variant": "tarot", "numbers": 1});
        assert_eq!(refusal(v), ("value".into(), "variant".into()));
        // Each number before the count.
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", "", "x|"]});
        assert_eq!(refusal(v), ("character".into(), "numbers[2]".into()));
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", "", ""]});
        assert_eq!(refusal(v), ("length".into(), "numbers".into()));
        // The dealer before the taker.
        let v = json!({"secret": "s", "variant": "coinche", "numbers": ["", "", "", ""],
                       "dealer": 0, "taker": 0});
        assert_eq!(refusal(v), ("value".into(), "dealer".into()));
        let v = json!({"secret": "s", "variant": "belote", "numbers": ["", "", "", ""],
                       "taker": 9});
        assert_eq!(refusal(v), ("missing".into(), "dealer".into()));
        let v = json!({"secret": "s", "variant": "belote", "numbers": ["", "", "", ""],
                       "dealer": 0, "taker": 4});
        assert_eq!(refusal(v), ("range".into(), "taker".into()));
        let v = json!({"secret": "s", "variant": "duo", "numbers": ["", ""],
                       "dealer": 1, "taker": 0});
        assert_eq!(refusal(v), ("value".into(), "taker".into()));
    }

    #[test]
    fn the_first_bad_character_is_named_whatever_it_is() {
        let e = Input::new("a\u{e9}|", "coinche", &["", "", "", ""], None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "secret: character 2 is 0xE9, expected printable ASCII (0x20 to 0x7E)"
        );
        let e = Input::new("a|\u{e9}", "coinche", &["", "", "", ""], None, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "secret: character 2 is '|', expected printable ASCII other than '|', which separates the hashed texts"
        );
    }

    #[test]
    fn messages_say_what_is_expected() {
        let e = Input::new("s", "belote", &["", ""], Some(0), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "numbers: 2 given, expected 4 numbers for belote, one per seat (\"\" for a robot)"
        );
        let e = Input::new("s", "coinche", &["", "", "", ""], Some(1), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: \"1\" is not accepted, expected no dealer: coinche has none, leave it out"
        );
        let e = Input::new("s", "duo", &["", ""], Some(2), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "dealer: 2 is out of range, expected a seat, 0 or 1"
        );
    }
}
