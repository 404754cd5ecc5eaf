//! [`Field`]: one input field of a scheme or game, with its JSON type and
//! its own rule; the field list is the one description of an input.

use serde_json::{Map, Value};

use crate::input::fields::{as_integer, as_text, json_type, list, lookup};
use crate::input::text;
use crate::table::Seat;
use crate::{Error, ErrorKind};

/// One input field: its name, JSON type and rules. The field list of a
/// scheme ([`SchemeInfo::fields`](crate::info::SchemeInfo::fields)) is the one
/// description of its input: [`Fields::new`](crate::input::Fields::new) checks an input object against
/// it, the CLI builds its flags and help from it, and `fairdeal schemes`
/// lists it.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The JSON field name of the scheme's page (the CLI flag is the same,
    /// with `-` for `_`, unless [`FieldKind::TextPerSeat`] names another).
    pub name: &'static str,
    /// What kind of JSON value it holds.
    pub kind: FieldKind,
    /// Whether the input is refused without it.
    pub required: bool,
    /// One line of help, as a user reads it.
    pub help: &'static str,
    /// What a good value is, for messages (`64 hexadecimal digits`).
    pub expected: &'static str,
    /// The field's own rule, checked after its JSON type.
    pub rule: Rule,
}

/// A field's own rule (docs/vectors.md, the order of checks: a text's
/// characters first, its length second).
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Rule {
    /// Any value of the field's kind.
    Any,
    /// Exactly `digits` hexadecimal digits, either case.
    Hex {
        /// How many.
        digits: usize,
    },
    /// Printable ASCII of `min` to `max` characters.
    Printable {
        /// The fewest characters.
        min: usize,
        /// The most characters.
        max: usize,
    },
    /// An integer from 0 to `max`.
    AtMost(u64),
    /// An integer from `min` to `max`, both included (a game's count: 1 to
    /// 24 mines); stated here rather than in a [`Rule::Check`] so that the
    /// slips, the random cases and the audit can read the range.
    Between {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// The integer `value` and no other (roulette's nonce is always 1),
    /// where the same field elsewhere takes 0 to `max`: a number past `max`
    /// is [`ErrorKind::Range`] with the field's `expected`, as elsewhere;
    /// then any other number [`ErrorKind::Value`] with this `expected`.
    Exactly {
        /// The one value taken.
        value: u64,
        /// The greatest number of the field's form.
        max: u64,
        /// What the refusal of another number says.
        expected: &'static str,
    },
    /// A seat of a table whose size another field of the input states (a
    /// `button` of `players`, atout-v1's `dealer` of its `variant`): an
    /// integer from 0 to the table's seats less one. The field it depends on
    /// comes before it in the field list, so that
    /// [`Fields::new`](crate::input::Fields::new) has checked it; the refusals are
    /// [`Table::seat`]'s, after the JSON type (worded with the table's
    /// `expected`).
    Seat(Seats),
    /// A list with one item per seat of a table whose size another field
    /// states (atout-v1's `numbers`, one per seat of its `variant`): not a
    /// list is [`ErrorKind::Type`] and absent [`ErrorKind::Missing`] with the
    /// field's own `expected`; then each item in turn, seat 0 first, by
    /// `each` (naming it `field[i]`); then their count, against the table's
    /// seats ([`ErrorKind::Count`] with the table's `expected`).
    PerSeat {
        /// Where the table's size comes from.
        seats: Seats,
        /// The check of one item.
        each: fn(item: &str, value: &Value) -> Result<(), Error>,
    },
    /// The scheme's own check of the value (a list of records, a text with
    /// a forbidden separator); its errors name the field or an item of it.
    Check(fn(field: &str, value: &Value) -> Result<(), Error>),
}

impl Rule {
    /// Returns the integers the rule allows, least and greatest, for a rule
    /// that states them alone ([`Rule::AtMost`], [`Rule::Between`],
    /// [`Rule::Exactly`]); a [`Rule::Seat`]'s depend on the input
    /// ([`Rule::range_in`]).
    pub fn range(self) -> Option<(u64, u64)> {
        match self {
            Self::AtMost(max) => Some((0, max)),
            Self::Between { min, max } => Some((min, max)),
            Self::Exactly { value, .. } => Some((value, value)),
            _ => None,
        }
    }

    /// Returns the integers the rule allows in `input`, the object the
    /// field is a member of: a [`Rule::Seat`]'s from 0 to the seats of the
    /// table that `input` states less one (`None` when it states a table of
    /// no seats, or none), any other rule's [`Rule::range`].
    pub fn range_in(self, input: &Value) -> Option<(u64, u64)> {
        match self {
            Self::Seat(seats) => {
                let n = seats.count(input.get(seats.of()))?;
                n.checked_sub(1).map(|last| (0, u64::from(last)))
            }
            _ => self.range(),
        }
    }

    /// Returns the field whose value this rule reads, for a rule that
    /// depends on another field ([`Rule::Seat`], [`Rule::PerSeat`]).
    pub fn depends_on(self) -> Option<&'static str> {
        match self {
            Self::Seat(seats) | Self::PerSeat { seats, .. } => Some(seats.of()),
            _ => None,
        }
    }

    /// Returns the least and greatest integer of the field's form: past
    /// them is [`ErrorKind::Range`] with the field's `expected`.
    fn bounds(self) -> Option<(u64, u64)> {
        match self {
            Self::Exactly { max, .. } => Some((0, max)),
            _ => self.range(),
        }
    }
}

/// Where the size of a [`Rule::Seat`]'s or [`Rule::PerSeat`]'s table comes
/// from: another field of the same input, earlier in the field list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Seats {
    /// The integer field `of` is the count of seats (a `button` of
    /// `players`); the refusals are worded with the field's own `expected`,
    /// and it is required as the field says.
    Count {
        /// The field that counts the seats.
        of: &'static str,
    },
    /// The text field `of` names the table, one of `tables` (atout-v1's
    /// `variant`: belote seats four, duo two); each table says whether the
    /// field is required there and words its refusals. A name no table has
    /// is a table of no seats, worded with the field's own `expected`.
    Named {
        /// The field that names the table.
        of: &'static str,
        /// The tables, by name.
        tables: &'static [Table],
    },
}

impl Seats {
    /// Returns the field the table's size comes from.
    pub fn of(self) -> &'static str {
        match self {
            Self::Count { of } | Self::Named { of, .. } => of,
        }
    }

    /// Returns how many seats the table has when the field it comes from
    /// holds `value`: `None` when that states no table (it is absent, not
    /// a count, or names no table).
    pub fn count(self, value: Option<&Value>) -> Option<u8> {
        match self {
            // A seat is a u8: a table of more than 255 seats has 255.
            Self::Count { .. } => value?.as_u64().map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
            Self::Named { tables, .. } => find(tables, value).map(|t| t.seats),
        }
    }

    /// Returns the table `field` is a seat (or a list per seat) of in
    /// `input`: a named table, or one made of the count and the field's own
    /// words.
    fn table(self, field: &Field, input: &Map<String, Value>) -> Table {
        let value = lookup(input, self.of());
        let named = match self {
            Self::Named { tables, .. } => find(tables, value).copied(),
            Self::Count { .. } => None,
        };
        named.unwrap_or(Table {
            name: "",
            seats: self.count(value).unwrap_or(0),
            required: field.required,
            expected: field.expected,
            none: field.expected,
        })
    }
}

/// Returns the table of `tables` that `value` names.
fn find(tables: &'static [Table], value: Option<&Value>) -> Option<&'static Table> {
    let name = value?.as_str()?;
    tables.iter().find(|t| t.name == name)
}

/// One table of a [`Seats::Named`]: what a field that is a seat (or a list
/// per seat) of it takes when the field it depends on names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// The name (`belote`), as the field it depends on holds it.
    pub name: &'static str,
    /// How many seats; 0 where the field takes no seat and must be absent.
    pub seats: u8,
    /// Whether the field is refused without it at this table (a
    /// [`Rule::Seat`]; a [`Rule::PerSeat`] list is required as its field
    /// says).
    pub required: bool,
    /// What a good value is at this table, for its refusals: a seat's JSON
    /// type, its absence and its range; a per-seat list's count.
    pub expected: &'static str,
    /// At a table of no seats, what the refusal of a seat given says
    /// ([`ErrorKind::Value`]); unused where it has seats.
    pub none: &'static str,
}

impl Table {
    /// Returns seat `n` of this table as field `field`'s, or `None` when it
    /// is absent and not required.
    ///
    /// # Errors
    ///
    /// Naming `field`: [`ErrorKind::Missing`] when it is absent and
    /// required; [`ErrorKind::Value`] (with `none`) when it is given at a
    /// table of no seats; [`ErrorKind::Range`] when `n` is not below the
    /// seats.
    pub fn seat(&self, field: &str, n: Option<u64>) -> Result<Option<Seat>, Error> {
        match n {
            None if self.required => Err(Error::new(
                field,
                ErrorKind::Missing {
                    expected: self.expected,
                },
            )),
            None => Ok(None),
            Some(n) if self.seats == 0 => Err(Error::new(
                field,
                ErrorKind::Value {
                    got: n.to_string(),
                    expected: self.none.to_owned(),
                },
            )),
            Some(n) => Seat::new(field, n, self.seats, self.expected).map(Some),
        }
    }
}

/// The JSON type of a [`Field`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldKind {
    /// A string; the CLI takes it as given.
    Text,
    /// A non-negative integer.
    Integer,
    /// `true` or `false`; on the CLI a flag that sets `true`.
    Bool,
    /// Any JSON value (an object or a list); on the CLI, JSON text.
    Json,
    /// A list of strings indexed by seat, seat 0 first (`numbers`). The CLI
    /// takes one repeatable `--FLAG SEAT=TEXT` per seat, `SEAT=` for an empty
    /// text, under the singular `flag` (`number`).
    TextPerSeat {
        /// The CLI flag without its dashes, in the singular.
        flag: &'static str,
    },
}

impl Field {
    /// Checks `value` as this field's: its JSON type, then its rule. A rule
    /// that depends on another field is checked as far as the field alone
    /// goes (a [`Rule::Seat`]'s JSON type, a [`Rule::PerSeat`]'s items);
    /// [`Fields::new`](crate::input::Fields::new) checks the rest within the input.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Type`], [`ErrorKind::Range`] (a negative or too large
    /// integer), [`ErrorKind::NotInteger`] (a number written as a fraction
    /// or with an exponent), or the rule's, naming the field.
    pub fn check(&self, value: &Value) -> Result<(), Error> {
        let name = self.name;
        match self.kind {
            FieldKind::Text => {
                let text = as_text(name, value, self.expected)?;
                match self.rule {
                    Rule::Hex { digits } => text::hex_digits(name, text, digits, self.expected)?,
                    Rule::Printable { min, max } => {
                        text::printable_ascii(name, text, min, max, self.expected)?;
                    }
                    _ => {}
                }
            }
            FieldKind::Integer => {
                let n = as_integer(name, value, self.expected)?;
                if let Some((min, max)) = self.rule.bounds() {
                    if !(min..=max).contains(&n) {
                        return Err(Error::new(
                            name,
                            ErrorKind::Range {
                                got: n.to_string(),
                                expected: self.expected,
                            },
                        ));
                    }
                }
                if let Rule::Exactly {
                    value, expected, ..
                } = self.rule
                {
                    if n != value {
                        return Err(Error::new(
                            name,
                            ErrorKind::Value {
                                got: n.to_string(),
                                expected: expected.to_owned(),
                            },
                        ));
                    }
                }
            }
            FieldKind::Bool => {
                if !value.is_boolean() {
                    return Err(Error::new(
                        name,
                        ErrorKind::Type {
                            got: json_type(value),
                            expected: "true or false",
                        },
                    ));
                }
            }
            FieldKind::TextPerSeat { .. } => {
                if !value.is_array() {
                    return Err(Error::new(
                        name,
                        ErrorKind::Type {
                            got: json_type(value),
                            expected: self.expected,
                        },
                    ));
                }
            }
            FieldKind::Json => {}
        }
        match self.rule {
            Rule::Check(check) => check(name, value),
            Rule::PerSeat { each, .. } => list(name, value, self.expected, each).map(drop),
            _ => Ok(()),
        }
    }

    /// Checks `value` (`None` when absent) as this field's within `input`,
    /// the object it is a member of, whose fields before it are checked:
    /// absent and required is [`ErrorKind::Missing`], else
    /// [`Field::check`]; a rule that depends on another field reads its
    /// table from `input`.
    ///
    /// # Errors
    ///
    /// The first refusal, naming the field or an item of it.
    pub(crate) fn check_in(
        &self,
        value: Option<&Value>,
        input: &Map<String, Value>,
    ) -> Result<(), Error> {
        let name = self.name;
        match (self.rule, value) {
            (Rule::Seat(seats), _) => {
                let table = seats.table(self, input);
                let n = value
                    .map(|v| as_integer(name, v, table.expected))
                    .transpose()?;
                table.seat(name, n).map(drop)
            }
            (_, None) if self.required => Err(Error::new(
                name,
                ErrorKind::Missing {
                    expected: self.expected,
                },
            )),
            (_, None) => Ok(()),
            (Rule::PerSeat { seats, .. }, Some(v)) => {
                self.check(v)?;
                let table = seats.table(self, input);
                let got = v.as_array().map_or(0, Vec::len);
                if got == usize::from(table.seats) {
                    return Ok(());
                }
                Err(Error::new(
                    name,
                    ErrorKind::Count {
                        got,
                        expected: table.expected.to_owned(),
                    },
                ))
            }
            (_, Some(v)) => self.check(v),
        }
    }

    /// Returns the CLI flag without its dashes: the field's own `flag` for a
    /// [`FieldKind::TextPerSeat`], else the name with `-` for `_`
    /// (`server_seed` is `server-seed`).
    pub fn flag(&self) -> String {
        match self.kind {
            FieldKind::TextPerSeat { flag } => flag.to_owned(),
            _ => self.name.replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const MINES: Field = Field {
        name: "mines",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "1 to 24 mines",
        rule: Rule::Between { min: 1, max: 24 },
    };

    /// The refusal's field and message, or `None` when it is accepted.
    fn refusal(value: &Value) -> Option<(String, String)> {
        MINES
            .check(value)
            .err()
            .map(|e| (e.field().to_owned(), e.to_string()))
    }

    #[test]
    fn a_between_rule_takes_its_edges_and_refuses_past_them() {
        assert_eq!(refusal(&json!(1)), None);
        assert_eq!(refusal(&json!(24)), None);
        for (bad, got) in [(json!(0), "0"), (json!(25), "25")] {
            let (field, message) = refusal(&bad).unwrap();
            assert_eq!(field, "mines");
            assert!(message.contains(got), "{message}");
            assert!(message.contains("1 to 24 mines"), "{message}");
            assert!(matches!(
                MINES.check(&bad).unwrap_err().kind(),
                ErrorKind::Range { .. }
            ));
        }
    }

    #[test]
    fn a_between_rule_refuses_what_is_not_an_integer() {
        for (bad, code) in [
            (json!(2.5), "range"),
            (json!(-1), "range"),
            (json!("2"), "type"),
            (json!(null), "type"),
        ] {
            let e = MINES.check(&bad).unwrap_err();
            assert_eq!((e.field(), e.kind().code()), ("mines", code), "{bad}");
        }
        assert!(matches!(
            MINES.check(&json!(2.5)).unwrap_err().kind(),
            ErrorKind::NotInteger { .. }
        ));
    }

    #[test]
    fn a_rule_states_its_range() {
        assert_eq!(Rule::Between { min: 2, max: 10 }.range(), Some((2, 10)));
        assert_eq!(Rule::AtMost(3).range(), Some((0, 3)));
        assert_eq!(Rule::Any.range(), None);
        assert_eq!(ROULETTE_NONCE.rule.range(), Some((1, 1)));
        assert_eq!(BUTTON.rule.range(), None);
    }

    const ROULETTE_NONCE: Field = Field {
        name: "nonce",
        kind: FieldKind::Integer,
        required: false,
        help: "",
        expected: "an integer from 0 to 99",
        rule: Rule::Exactly {
            value: 1,
            max: 99,
            expected: "1: always nonce 1",
        },
    };

    #[test]
    fn an_exactly_rule_takes_its_value_alone_after_the_field_s_form() {
        assert!(ROULETTE_NONCE.check(&json!(1)).is_ok());
        for (bad, code, message) in [
            (
                json!(0),
                "value",
                "nonce: \"0\" is not accepted, expected 1: always nonce 1",
            ),
            (
                json!(2),
                "value",
                "nonce: \"2\" is not accepted, expected 1: always nonce 1",
            ),
            (
                json!(99),
                "value",
                "nonce: \"99\" is not accepted, expected 1: always nonce 1",
            ),
            (
                json!(100),
                "range",
                "nonce: 100 is out of range, expected an integer from 0 to 99",
            ),
            (
                json!(-1),
                "range",
                "nonce: -1 is out of range, expected an integer from 0 to 99",
            ),
            (
                json!("1"),
                "type",
                "nonce: a string given, expected an integer from 0 to 99",
            ),
        ] {
            let e = ROULETTE_NONCE.check(&bad).unwrap_err();
            assert_eq!(
                (e.field(), e.kind().code(), e.to_string().as_str()),
                ("nonce", code, message),
                "{bad}"
            );
        }
    }

    const PLAYERS: Field = Field {
        name: "players",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "2 to 10 players",
        rule: Rule::Between { min: 2, max: 10 },
    };
    const BUTTON: Field = Field {
        name: "button",
        kind: FieldKind::Integer,
        required: true,
        help: "",
        expected: "a seat of the players, from 0",
        rule: Rule::Seat(Seats::Count { of: "players" }),
    };

    /// The refusal of `input` against `fields`: field, code and message.
    fn refused(fields: &[Field], input: &Value) -> Option<(String, &'static str, String)> {
        crate::input::Fields::new(input, fields)
            .err()
            .map(|e| (e.field().to_owned(), e.kind().code(), e.to_string()))
    }

    #[test]
    fn a_seat_of_a_count_takes_seats_0_to_the_count_less_one() {
        let table = [PLAYERS, BUTTON];
        for players in [2, 6, 10] {
            for button in [0, players - 1] {
                let input = json!({"players": players, "button": button});
                assert_eq!(refused(&table, &input), None, "{input}");
            }
            let input = json!({"players": players, "button": players});
            assert_eq!(
                refused(&table, &input),
                Some((
                    "button".to_owned(),
                    "range",
                    format!(
                        "button: {players} is out of range, expected a seat of the players, from 0"
                    )
                ))
            );
        }
        let e = refused(&table, &json!({"players": 4, "button": "1"})).unwrap();
        assert_eq!((e.0.as_str(), e.1), ("button", "type"));
        let e = refused(&table, &json!({"players": 4, "button": 1.0})).unwrap();
        assert_eq!((e.0.as_str(), e.1), ("button", "range"));
        let e = refused(&table, &json!({"players": 4})).unwrap();
        assert_eq!((e.0.as_str(), e.1), ("button", "missing"));
    }

    #[test]
    fn a_seat_is_checked_after_the_field_its_table_depends_on() {
        let table = [PLAYERS, BUTTON];
        // Both bad: the count is named first, as the list orders them.
        for bad in [
            json!({"players": 11, "button": 12}),
            json!({"players": "4", "button": -1}),
            json!({"button": 0}),
        ] {
            assert_eq!(refused(&table, &bad).unwrap().0, "players", "{bad}");
        }
        // The seats are the count given: 9 is a seat of 10 players, not of 9.
        assert_eq!(refused(&table, &json!({"players": 10, "button": 9})), None);
        let nine = refused(&table, &json!({"players": 9, "button": 9})).unwrap();
        assert_eq!((nine.0.as_str(), nine.1), ("button", "range"));
        // Alone, the field is checked for its JSON type only.
        assert!(BUTTON.check(&json!(99)).is_ok());
        assert_eq!(BUTTON.check(&json!("0")).unwrap_err().kind().code(), "type");
    }

    const VARIANT: Field = Field {
        name: "variant",
        kind: FieldKind::Text,
        required: true,
        help: "",
        expected: "solo or duo or trio",
        rule: Rule::Any,
    };
    const DEALERS: &[Table] = &[
        Table {
            name: "solo",
            seats: 0,
            required: false,
            expected: "no seat at solo",
            none: "no dealer: solo has none",
        },
        Table {
            name: "duo",
            seats: 2,
            required: true,
            expected: "a seat, 0 or 1",
            none: "",
        },
        Table {
            name: "trio",
            seats: 3,
            required: false,
            expected: "a seat from 0 to 2",
            none: "",
        },
    ];
    const DEALER: Field = Field {
        name: "dealer",
        kind: FieldKind::Integer,
        required: false,
        help: "",
        expected: "duo: 0 or 1; trio: 0 to 2; solo: none",
        rule: Rule::Seat(Seats::Named {
            of: "variant",
            tables: DEALERS,
        }),
    };

    #[test]
    fn a_seat_of_a_named_table_takes_that_table_s_seats_in_its_words() {
        let table = [VARIANT, DEALER];
        let said = |variant: &str, dealer: Value| {
            let mut input = json!({ "variant": variant });
            if !dealer.is_null() {
                input["dealer"] = dealer;
            }
            refused(&table, &input)
        };
        for (variant, last) in [("duo", 1), ("trio", 2)] {
            assert_eq!(said(variant, json!(0)), None);
            assert_eq!(said(variant, json!(last)), None);
        }
        assert_eq!(
            said("duo", json!(2)),
            Some((
                "dealer".to_owned(),
                "range",
                "dealer: 2 is out of range, expected a seat, 0 or 1".to_owned()
            ))
        );
        assert_eq!(
            said("trio", json!(3)).map(|e| e.2),
            Some("dealer: 3 is out of range, expected a seat from 0 to 2".to_owned())
        );
        // A table of no seats: a seat given is a value refused, after its
        // JSON type, each worded by the table.
        assert_eq!(
            said("solo", json!(0)),
            Some((
                "dealer".to_owned(),
                "value",
                "dealer: \"0\" is not accepted, expected no dealer: solo has none".to_owned()
            ))
        );
        assert_eq!(
            said("solo", json!("0")).map(|e| (e.1, e.2)),
            Some((
                "type",
                "dealer: a string given, expected no seat at solo".to_owned()
            ))
        );
        assert_eq!(said("solo", json!(-1)).map(|e| e.1), Some("range"));
        assert_eq!(said("solo", Value::Null), None);
        // Required where the table says so.
        assert_eq!(
            said("duo", Value::Null),
            Some((
                "dealer".to_owned(),
                "missing",
                "dealer: missing, expected a seat, 0 or 1".to_owned()
            ))
        );
        assert_eq!(said("trio", Value::Null), None);
        // A name no table has: no seat, in the field's own words.
        assert_eq!(
            said("quartet", json!(0)).map(|e| (e.1, e.2)),
            Some((
                "value",
                "dealer: \"0\" is not accepted, expected duo: 0 or 1; trio: 0 to 2; solo: none"
                    .to_owned()
            ))
        );
    }

    #[test]
    fn a_seat_rule_states_its_range_in_an_input() {
        let rule = DEALER.rule;
        assert_eq!(rule.depends_on(), Some("variant"));
        assert_eq!(rule.range(), None);
        assert_eq!(rule.range_in(&json!({"variant": "duo"})), Some((0, 1)));
        assert_eq!(rule.range_in(&json!({"variant": "trio"})), Some((0, 2)));
        assert_eq!(rule.range_in(&json!({"variant": "solo"})), None);
        assert_eq!(rule.range_in(&json!({})), None);
        let button = BUTTON.rule;
        assert_eq!(button.depends_on(), Some("players"));
        assert_eq!(button.range_in(&json!({"players": 10})), Some((0, 9)));
        assert_eq!(button.range_in(&json!({"players": 0})), None);
        assert_eq!(PLAYERS.rule.range_in(&json!({})), Some((2, 10)));
        assert_eq!(PLAYERS.rule.depends_on(), None);
    }

    /// One text per seat of the variant's table.
    const NAMES: &[Table] = &[
        Table {
            name: "duo",
            seats: 2,
            required: true,
            expected: "2 names for duo",
            none: "",
        },
        Table {
            name: "trio",
            seats: 3,
            required: true,
            expected: "3 names for trio",
            none: "",
        },
    ];
    fn check_name(item: &str, value: &Value) -> Result<(), Error> {
        as_text(item, value, "a name").map(drop)
    }
    const PER_SEAT: Field = Field {
        name: "names",
        kind: FieldKind::TextPerSeat { flag: "name" },
        required: true,
        help: "",
        expected: "a list of names",
        rule: Rule::PerSeat {
            seats: Seats::Named {
                of: "variant",
                tables: NAMES,
            },
            each: check_name,
        },
    };

    #[test]
    fn a_per_seat_list_checks_each_item_then_its_count_against_the_table() {
        let table = [VARIANT, PER_SEAT, DEALER];
        let ok = json!({"variant": "trio", "names": ["a", "b", "c"]});
        assert_eq!(refused(&table, &ok), None);
        let ok = json!({"variant": "duo", "names": ["a", "b"], "dealer": 1});
        assert_eq!(refused(&table, &ok), None);
        // The count, worded by the table; before the dealer.
        let short = json!({"variant": "trio", "names": ["a", "b"], "dealer": 7});
        assert_eq!(
            refused(&table, &short),
            Some((
                "names".to_owned(),
                "length",
                "names: 2 given, expected 3 names for trio".to_owned()
            ))
        );
        // Each item before the count.
        let bad_item = json!({"variant": "duo", "names": ["a", 2, "c"]});
        assert_eq!(
            refused(&table, &bad_item).map(|e| (e.0, e.1)),
            Some(("names[1]".to_owned(), "type"))
        );
        // Not a list, or absent: the field's own words.
        let e = refused(&table, &json!({"variant": "duo", "names": "a,b"})).unwrap();
        assert_eq!(e.2, "names: a string given, expected a list of names");
        let e = refused(&table, &json!({"variant": "duo"})).unwrap();
        assert_eq!(e.2, "names: missing, expected a list of names");
        // Alone, the items are checked, not the count.
        assert!(PER_SEAT.check(&json!(["a"])).is_ok());
        assert_eq!(PER_SEAT.rule.depends_on(), Some("variant"));
    }

    #[test]
    fn a_table_gives_typed_seats() {
        let duo = DEALERS[1];
        assert_eq!(
            duo.seat("dealer", Some(1)).unwrap().map(Seat::index),
            Some(1)
        );
        assert_eq!(
            duo.seat("dealer", Some(2)).unwrap_err().kind().code(),
            "range"
        );
        assert_eq!(
            duo.seat("dealer", Some(256)).unwrap_err().kind().code(),
            "range"
        );
        assert_eq!(
            duo.seat("dealer", None).unwrap_err().kind().code(),
            "missing"
        );
        assert_eq!(DEALERS[2].seat("dealer", None).unwrap(), None);
        assert_eq!(
            DEALERS[0]
                .seat("dealer", Some(0))
                .unwrap_err()
                .kind()
                .code(),
            "value"
        );
    }
}
