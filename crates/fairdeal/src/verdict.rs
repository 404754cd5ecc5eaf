//! The verdict on a receipt: whether the revealed seed matches the
//! fingerprint shown before play, which inputs that vouches for and which it
//! does not, and whether the cards the player remembers are the ones dealt.
//! The CLI, the batch verifier and (later) the web page all decide here, so
//! they say the same thing.
//!
//! VERIFIED is only ever said of a matched commitment: a scheme's own checks
//! (a record's patterns) and the player's hand add to it, never stand in for
//! it. A mismatch comes with the usual slips that explain it, as hints.

use fairdeal_core::{
    Card, Check, DynScheme, Error, ErrorKind, Field, Fingerprint, Game, PartValue, Player,
    SchemeInfo, Seat,
};
use serde::Serialize;
use serde_json::Value;

use crate::slips;

/// What a receipt claims besides the scheme's inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Claim<'a> {
    /// The fingerprint shown before play (or its alias, `lock`).
    pub fingerprint: Option<&'a str>,
    /// The cards the player remembers: a list of codes, or one text of
    /// codes separated by spaces, in any order.
    pub hand: Option<&'a Value>,
    /// The player's seat, where the scheme lets a receipt name it.
    pub seat: Option<&'a Value>,
}

/// The verdict on one receipt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// The revealed seed matches the fingerprint, and every other check
    /// given holds.
    Verified(Verified),
    /// A check failed.
    NotVerified(NotVerified),
}

/// What a matched fingerprint vouches for, and what else was checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The fingerprint, as computed and as given (the same).
    pub fingerprint: String,
    /// What it hashes (`SHA-256(seed)`).
    pub commitment: &'static str,
    /// The inputs it covers, with their values.
    pub covered: Vec<(&'static str, Value)>,
    /// The inputs given that it does not cover, with their values: the
    /// cards follow from them, but only the player can vouch for them.
    pub not_covered: Vec<(&'static str, Value)>,
    /// The scheme's own checks of the record, all holding.
    pub checks: Vec<Check>,
    /// The player's cards that were checked, hand by hand.
    pub hands: Vec<HandCheck>,
}

/// The player's cards of one deal, checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCheck {
    /// The deal (from 1).
    pub deal: usize,
    /// The player's seat, when the cards are a seat's.
    pub seat: Option<Seat>,
    /// The cards dealt to the player, in dealt order.
    pub dealt: Vec<Card>,
}

/// Why a receipt is not verified, and the slips that would explain it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotVerified {
    /// The first check that failed.
    pub failure: Failure,
    /// Usual slips that explain the mismatch, as a person reads them; never
    /// a pass.
    pub hints: Vec<String>,
}

/// A check that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "check", rename_all = "kebab-case")]
pub enum Failure {
    /// The fingerprint given is not the commitment of the revealed seed.
    Fingerprint {
        /// What the commitment hashes.
        commitment: &'static str,
        /// The fingerprint given.
        given: String,
        /// The commitment of the inputs given.
        computed: String,
    },
    /// One of the scheme's own checks of the record.
    Record(Check),
    /// The cards dealt to the player are not the ones recorded.
    Hand {
        /// The deal (from 1).
        deal: usize,
        /// The player's seat, when the cards are a seat's.
        seat: Option<Seat>,
        /// The cards these inputs deal the player.
        dealt: Vec<Card>,
        /// The cards the receipt records.
        recorded: Vec<Card>,
    },
}

/// Returns the verdict on `input` (the scheme's fields) and `claim`.
///
/// # Errors
///
/// A missing or malformed fingerprint (field `fingerprint`), a refused
/// input field, a `hand` of the wrong size or with a code that is not a
/// card (field `hand`), a `seat` the scheme does not let a receipt name.
pub fn verify(scheme: &dyn DynScheme, input: &Value, claim: &Claim) -> Result<Verdict, Error> {
    let info = scheme.info();
    // The inputs first: a refused field says more than a missing
    // fingerprint.
    let view = scheme.view(input)?;
    let given = required_fingerprint(claim.fingerprint)?;
    let player = player(scheme, claim.seat)?;
    let recorded = recorded_hands(input, claim.hand)?;
    let computed = view.fingerprint.to_string();
    if computed != given {
        return Ok(Verdict::NotVerified(NotVerified {
            hints: slips::fingerprint(scheme, input, &given, &|input| {
                fingerprint_of(&scheme.trace_json(input).ok()?)
            }),
            failure: Failure::Fingerprint {
                commitment: info.commitment.hashes,
                given,
                computed,
            },
        }));
    }
    let checks = scheme.checks_json(input)?;
    if let Some(failed) = checks.iter().find(|c| !c.ok) {
        return Ok(Verdict::NotVerified(NotVerified {
            failure: Failure::Record(failed.clone()),
            hints: Vec::new(),
        }));
    }
    let mut hands = Vec::new();
    for (deal, cards) in recorded {
        let Some(dealt) = player.cards(&view, deal) else {
            return Err(Error::new(
                "hand",
                ErrorKind::Value {
                    got: format!("hand {deal}"),
                    expected: "a hand that the record holds".to_owned(),
                },
            ));
        };
        let expected = dealt.len();
        let recorded = parse_hand(cards, expected)?;
        if !same_cards(&dealt, &recorded) {
            return Ok(Verdict::NotVerified(NotVerified {
                hints: slips::hand(scheme, input, player, deal, &recorded),
                failure: Failure::Hand {
                    deal,
                    seat: player.seat(),
                    dealt,
                    recorded,
                },
            }));
        }
        hands.push(HandCheck {
            deal,
            seat: player.seat(),
            dealt,
        });
    }
    let (covered, not_covered) = split_covered(info, info.fields, input);
    Ok(Verdict::Verified(Verified {
        fingerprint: computed,
        commitment: info.commitment.hashes,
        covered,
        not_covered,
        checks,
        hands,
    }))
}

/// Returns the verdict on a game's receipt (`input` holds the game's
/// fields), and the game's output when the fingerprint matches: a game's
/// outcome is shown only once its seed is vouched for.
///
/// # Errors
///
/// A missing or malformed fingerprint, or a refused input field.
pub fn verify_game(
    scheme: &dyn DynScheme,
    game: &Game,
    input: &Value,
    fingerprint: Option<&str>,
) -> Result<(Verdict, Option<Value>), Error> {
    let info = scheme.info();
    let given = required_fingerprint(fingerprint)?;
    let output = (game.run)(input, None)?;
    let computed = fingerprint_of(&output).unwrap_or_default();
    if computed != given {
        let hints = slips::fingerprint(scheme, input, &given, &|input| {
            fingerprint_of(&(game.run)(input, None).ok()?)
        });
        return Ok((
            Verdict::NotVerified(NotVerified {
                failure: Failure::Fingerprint {
                    commitment: info.commitment.hashes,
                    given,
                    computed,
                },
                hints,
            }),
            None,
        ));
    }
    let (covered, not_covered) = split_covered(info, game.fields, input);
    Ok((
        Verdict::Verified(Verified {
            fingerprint: computed,
            commitment: info.commitment.hashes,
            covered,
            not_covered,
            checks: Vec::new(),
            hands: Vec::new(),
        }),
        Some(output),
    ))
}

/// Returns a fingerprint that a receipt must give to be verified.
fn required_fingerprint(given: Option<&str>) -> Result<String, Error> {
    let Some(given) = given else {
        return Err(Error::new(
            "fingerprint",
            ErrorKind::Missing {
                expected: "the fingerprint shown before play: 64 hexadecimal digits",
            },
        ));
    };
    Ok(Fingerprint::parse("fingerprint", given)?.to_string())
}

/// Returns the `fingerprint` of an output.
fn fingerprint_of(output: &Value) -> Option<String> {
    Some(output.get("fingerprint")?.as_str()?.to_owned())
}

/// The fields given in `input`, with their values: those the commitment
/// covers, then the others.
type Split = (Vec<(&'static str, Value)>, Vec<(&'static str, Value)>);

/// Returns the fields of `fields` given in `input`, split into those the
/// commitment of `info` covers and the others.
fn split_covered(info: &SchemeInfo, fields: &[Field], input: &Value) -> Split {
    fields
        .iter()
        .filter_map(|f| input.get(f.name).map(|v| (f.name, v.clone())))
        .partition(|(name, _)| info.commitment.covers.contains(name))
}

/// Whose cards a receipt's hand is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PlayerCards {
    /// A seat's cards in the view.
    Seat(Seat),
    /// Cards at these positions of the shuffled deck.
    Positions(&'static [usize]),
}

impl PlayerCards {
    /// Returns the player's cards of deal `deal` (from 1) in `view`.
    pub(crate) fn cards(self, view: &fairdeal_core::TracedView, deal: usize) -> Option<Vec<Card>> {
        let (table, deck) = view.deals.get(deal.checked_sub(1)?)?;
        match self {
            Self::Seat(seat) if table.hands.is_empty() => {
                // A deal whose cards are by seat in parts (duo's face-down
                // and face-up cards): the player's cards are all of them.
                let cards: Vec<Card> = table
                    .rest
                    .iter()
                    .filter_map(|part| match &part.value {
                        PartValue::BySeat(by_seat) => by_seat.get(seat.index()),
                        _ => None,
                    })
                    .flatten()
                    .copied()
                    .collect();
                (!cards.is_empty()).then_some(cards)
            }
            Self::Seat(seat) => table.hands.get(seat.index()).cloned(),
            Self::Positions(at) => at.iter().map(|&p| deck.get(p).copied()).collect(),
        }
    }

    /// Returns the seat, when the cards are a seat's.
    pub(crate) fn seat(self) -> Option<Seat> {
        match self {
            Self::Seat(seat) => Some(seat),
            Self::Positions(_) => None,
        }
    }
}

/// Returns whose cards are the player's: the scheme's, or the seat the
/// receipt names where the scheme allows it.
fn player(scheme: &dyn DynScheme, seat: Option<&Value>) -> Result<PlayerCards, Error> {
    let seats = scheme.info().seats.len();
    match (scheme.info().player, seat) {
        (Player::Positions(at), None) => Ok(PlayerCards::Positions(at)),
        (Player::Seat { default, .. }, None) => {
            Ok(PlayerCards::Seat(Seat::new("seat", default.into(), 4, "")?))
        }
        (
            Player::Seat {
                choosable: true, ..
            },
            Some(v),
        ) => {
            let expected = "a seat of the table, from 0";
            let n = fairdeal_core::fields::as_integer("seat", v, expected)?;
            let seats = u8::try_from(seats).unwrap_or(u8::MAX);
            Ok(PlayerCards::Seat(Seat::new("seat", n, seats, expected)?))
        }
        (_, Some(_)) => Err(Error::new(
            "seat",
            ErrorKind::Unknown {
                expected: "no seat: this scheme's hand is always the same player's".to_owned(),
            },
        )),
    }
}

/// Returns the hands the receipt records, with their deal (from 1): the
/// claim's `hand` for deal 1, and a record's `hands[i].hand` for deal i + 1.
fn recorded_hands<'a>(
    input: &'a Value,
    claim: Option<&'a Value>,
) -> Result<Vec<(usize, &'a Value)>, Error> {
    let mut out: Vec<(usize, &Value)> = claim.map(|h| (1, h)).into_iter().collect();
    let in_record = input
        .get("hands")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, h)| h.get("hand").map(|v| (i + 1, v)));
    for (deal, cards) in in_record {
        if out.iter().any(|(d, _)| *d == deal) {
            return Err(Error::new(
                "hand",
                ErrorKind::Value {
                    got: format!("hand 1 given twice (--hand and hands[{}].hand)", deal - 1),
                    expected: "each hand's cards once".to_owned(),
                },
            ));
        }
        out.push((deal, cards));
    }
    Ok(out)
}

/// Returns the cards of `value`: a list of codes, or a text of codes
/// separated by spaces; exactly `expected` of them.
///
/// # Errors
///
/// Field `hand`: not a list or text (`type`), a code that is not a card
/// (`value`, naming the item), the wrong number of cards (`length`).
pub fn parse_hand(value: &Value, expected: usize) -> Result<Vec<Card>, Error> {
    let codes: Vec<&str> = match value {
        Value::String(text) => text.split_whitespace().collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| fairdeal_core::fields::as_text(&format!("hand[{i}]"), v, "a card code"))
            .collect::<Result<_, _>>()?,
        other => {
            return Err(Error::new(
                "hand",
                ErrorKind::Type {
                    got: fairdeal_core::fields::json_type(other),
                    expected: "card codes: a list, or one text separated by spaces",
                },
            ));
        }
    };
    let cards = codes
        .iter()
        .enumerate()
        .map(|(i, code)| {
            code.parse::<Card>()
                .map_err(|e| e.within(&format!("hand[{i}]")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if cards.len() != expected {
        return Err(Error::new(
            "hand",
            ErrorKind::Count {
                got: cards.len(),
                expected: format!("the {expected} cards you were dealt"),
            },
        ));
    }
    Ok(cards)
}

/// Whether `a` and `b` hold the same cards, in any order.
pub(crate) fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let key = |c: &Card| c.to_string();
    let mut a: Vec<String> = a.iter().map(key).collect();
    let mut b: Vec<String> = b.iter().map(key).collect();
    a.sort();
    b.sort();
    a == b
}
