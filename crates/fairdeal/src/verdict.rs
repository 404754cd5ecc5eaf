//! The verdict on a receipt: whether the revealed seed matches the
//! fingerprint shown before play, which inputs that vouches for and which it
//! does not, and whether the cards the player remembers are the ones dealt.
//! The CLI, the batch verifier and (later) the web page all decide here, so
//! they say the same thing.
//!
//! VERIFIED is only ever said of a matched commitment: a scheme's own checks
//! (a record's patterns) and the player's hand add to it, never stand in for
//! it. A mismatch comes with the usual slips that explain it, as hints, and
//! so does an input refused that a slip would make verify.
//!
//! What a person gives is read in any of the forms a person writes it in
//! before anything is checked (cards as `10♥` or `th`, blackjack's actions
//! as `hit, stand`: [`parse_hand`], [`read_written`]); what the commitment
//! covers is never changed, only named in a hint.

use fairdeal_core::cards::{Card, read_cards};
use fairdeal_core::info::{Player, SchemeInfo};
use fairdeal_core::input::{Field, read_written};
use fairdeal_core::table::{PartValue, Seat};
use fairdeal_core::{Check, Computed, DynScheme, Error, ErrorKind, Fingerprint, Game, TracedView};
use serde::Serialize;
use serde_json::Value;

use crate::slips;

/// What a receipt claims besides the scheme's inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Claim<'a> {
    /// The fingerprint shown before play (or its alias, `lock`).
    pub fingerprint: Option<&'a str>,
    /// The cards the player remembers, in any order: a list of cards, or
    /// one text of cards separated by spaces and/or commas, each as a
    /// person writes it (`Th`, `10♥`, `th`: [`Card::read`]).
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
    /// The player's seat, when the player is a seat of the table.
    #[serde(skip)]
    pub seat: Option<Seat>,
    /// The view and trace the verdict was reached on, for what shows the
    /// deal (`None` for a game, whose output
    /// [`verify_game`] returns); not part of the verdict's JSON.
    #[serde(skip)]
    pub computed: Option<Computed>,
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
    /// The view and trace the verdict was reached on (`None` for a game),
    /// to name the seats of a hand that differs; not part of the verdict's
    /// JSON, and no deal is shown from it unless the fingerprint matched.
    #[serde(skip)]
    pub computed: Option<Computed>,
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
        /// For each card of `dealt`, whether it is not one of the cards
        /// recorded: the cards to mark.
        dealt_differs: Vec<bool>,
        /// For each card of `recorded`, whether it is not one of the cards
        /// dealt.
        recorded_differs: Vec<bool>,
    },
}

impl Failure {
    /// Returns the failure of a hand: `dealt` by these inputs, `recorded`
    /// by the receipt, each card that differs marked.
    pub fn hand(deal: usize, seat: Option<Seat>, dealt: Vec<Card>, recorded: Vec<Card>) -> Self {
        Self::Hand {
            deal,
            seat,
            dealt_differs: unmatched(&dealt, &recorded),
            recorded_differs: unmatched(&recorded, &dealt),
            dealt,
            recorded,
        }
    }
}

/// Returns the verdict on `input` (the scheme's fields) and `claim`.
///
/// # Errors
///
/// A missing or malformed fingerprint (field `fingerprint`), a refused
/// input field, a `hand` of the wrong size or with a text that is not a
/// card (field `hand`), a `seat` the scheme does not let a receipt name.
/// A refused input field comes with a hint ([`Error::hints`]) when a slip
/// in a field the fingerprint does not cover would make the receipt
/// verify (a phrase copied with a space, whose hands then need other
/// patterns).
pub fn verify(scheme: &dyn DynScheme, input: &Value, claim: &Claim) -> Result<Verdict, Error> {
    judge(scheme, input, claim, true)
}

/// Returns the verdict of [`verify`], with the slips that explain a
/// mismatch or a refusal when `slips` (each slip is judged without).
fn judge(
    scheme: &dyn DynScheme,
    input: &Value,
    claim: &Claim,
    slips: bool,
) -> Result<Verdict, Error> {
    let info = scheme.info();
    // What a person gives is read before anything is checked.
    let input = &*read_written(info.fields, input)?;
    // Whether an input changed by a slip verifies.
    let verifies = |candidate: &Value| {
        matches!(
            judge(scheme, candidate, claim, false),
            Ok(Verdict::Verified(_))
        )
    };
    // The inputs first: a refused field says more than a missing
    // fingerprint. They are read and dealt once: the verdict keeps what
    // this computed, and what shows the deal renders from it.
    let computed = match scheme.compute(input) {
        Ok(computed) => computed,
        Err(e) if slips && required_fingerprint(claim.fingerprint).is_ok() => {
            let hints = slips::uncovered(info, info.fields, input, &verifies, slips::ACCEPTED);
            return Err(hints.into_iter().fold(e, Error::with_hint));
        }
        Err(e) => return Err(e),
    };
    let view = &computed.view;
    let given = required_fingerprint(claim.fingerprint)?;
    let player = player(scheme, view, claim.seat)?;
    let recorded = recorded_hands(input, claim.hand)?;
    let fingerprint = view.fingerprint.to_string();
    if fingerprint != given {
        let hints = if slips {
            slips::fingerprint(scheme, info.fields, input, &given, &|input| {
                fingerprint_of(&scheme.trace_json(input).ok()?)
            })
        } else {
            Vec::new()
        };
        return Ok(Verdict::NotVerified(NotVerified {
            hints,
            failure: Failure::Fingerprint {
                commitment: info.commitment.hashes,
                given,
                computed: fingerprint,
            },
            computed: Some(computed),
        }));
    }
    if let Some(failed) = computed.checks.iter().find(|c| !c.ok) {
        let hints = if slips {
            slips::uncovered(info, info.fields, input, &verifies, slips::RECORD_HOLDS)
        } else {
            Vec::new()
        };
        return Ok(Verdict::NotVerified(NotVerified {
            failure: Failure::Record(failed.clone()),
            hints,
            computed: Some(computed),
        }));
    }
    let mut hands = Vec::new();
    for (deal, cards) in recorded {
        let Some(dealt) = player.cards(view, deal) else {
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
            let mut hints = Vec::new();
            if slips {
                hints = slips::uncovered(info, info.fields, input, &verifies, slips::DEALS_YOU);
                hints.extend(slips::seats(scheme, view, player, deal, &recorded));
            }
            return Ok(Verdict::NotVerified(NotVerified {
                hints,
                failure: Failure::hand(deal, player.seat(), dealt, recorded),
                computed: Some(computed),
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
        fingerprint,
        commitment: info.commitment.hashes,
        covered,
        not_covered,
        checks: computed.checks.clone(),
        hands,
        seat: player.seat(),
        computed: Some(computed),
    }))
}

/// Returns the verdict on a game's receipt (`input` holds the game's
/// fields, each read from the forms a person writes it in:
/// [`read_written`]), and the game's output when the fingerprint matches: a
/// game's outcome is shown only once its seed is vouched for.
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
    let input = &*read_written(game.fields, input)?;
    let output = (game.run)(input, None)?;
    let computed = fingerprint_of(&output).unwrap_or_default();
    if computed != given {
        let hints = slips::fingerprint(scheme, game.fields, input, &given, &|input| {
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
                computed: None,
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
            seat: None,
            computed: None,
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
    pub(crate) fn cards(self, view: &TracedView, deal: usize) -> Option<Vec<Card>> {
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

/// Returns the player's cards of deal `deal` (from 1) of `view`, as the
/// scheme's [`SchemeInfo::player`] defines them: `seat`'s cards when given
/// (a verdict's [`Verified::seat`]), else the scheme's player's; `None`
/// where the deal holds no such cards.
pub fn player_cards(
    scheme: &dyn DynScheme,
    view: &TracedView,
    seat: Option<Seat>,
    deal: usize,
) -> Option<Vec<Card>> {
    let player = match seat {
        Some(seat) => PlayerCards::Seat(seat),
        None => player(scheme, view, None).ok()?,
    };
    player.cards(view, deal)
}

/// Returns whose cards are the player's: the scheme's, or the seat the
/// receipt names where the scheme allows it. A seat is one of the deal's
/// table (of every deal's, for a series), as the view says: its size may
/// follow from the input.
fn player(
    scheme: &dyn DynScheme,
    view: &TracedView,
    seat: Option<&Value>,
) -> Result<PlayerCards, Error> {
    let at_table = |n: u64| {
        let mut seat = Err(Error::new(
            "seat",
            ErrorKind::Unknown {
                expected: "no seat: these inputs deal nothing".to_owned(),
            },
        ));
        for (table, _) in &view.deals {
            seat = Ok(table.seat("seat", n, scheme.info().seat_names)?);
        }
        seat.map(PlayerCards::Seat)
    };
    match (scheme.info().player, seat) {
        (Player::Positions(at), None) => Ok(PlayerCards::Positions(at)),
        (Player::Seat { default, .. }, None) => at_table(default.into()),
        (
            Player::Seat {
                choosable: true, ..
            },
            Some(v),
        ) => at_table(fairdeal_core::input::fields::as_integer(
            "seat",
            v,
            "a seat of the table, from 0",
        )?),
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

/// Returns the cards of `value`: a list of cards, or a text of cards
/// separated by spaces and/or commas, each in any form a person writes a
/// card in ([`Card::read`]: `Th`, `th`, `10h`, `10♥`, `♥10`, `Joker`);
/// exactly `expected` of them.
///
/// # Errors
///
/// Field `hand`: not a list or text (`type`), a text that is not a card
/// (`value`, naming the item and what a card may be), the wrong number of
/// cards (`length`).
pub fn parse_hand(value: &Value, expected: usize) -> Result<Vec<Card>, Error> {
    let cards = match value {
        Value::String(text) => read_cards(text).map_err(|e| e.within("hand"))?,
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let at = format!("hand[{i}]");
                let text = fairdeal_core::input::fields::as_text(&at, v, "a card")?;
                Card::read(text).map_err(|e| e.within(&at))
            })
            .collect::<Result<Vec<_>, _>>()?,
        other => {
            return Err(Error::new(
                "hand",
                ErrorKind::Type {
                    got: fairdeal_core::input::fields::json_type(other),
                    expected: "cards: a list, or one text separated by spaces or commas",
                },
            ));
        }
    };
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
    a.len() == b.len() && !unmatched(a, b).contains(&true)
}

/// Returns, for each card of `a`, whether no card of `b` is left to match
/// it: each card of `b` matches one card of `a` at most, so that a card a
/// shoe dealt twice is counted twice.
fn unmatched(a: &[Card], b: &[Card]) -> Vec<bool> {
    let mut left: Vec<Option<Card>> = b.iter().copied().map(Some).collect();
    a.iter()
        .map(|card| match left.iter_mut().find(|l| **l == Some(*card)) {
            Some(slot) => {
                *slot = None;
                false
            }
            None => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use fairdeal_core::table::{Role, TableView};
    use serde_json::json;

    use super::*;
    use crate::atout::AtoutV1;

    /// A table of six, as a scheme whose table size is an input deals it:
    /// seat n holds the n-th six cards of the deck, and seat 4 deals.
    fn six_seats() -> TracedView {
        let deck: Vec<Card> = crate::atout::STARTING_DECK.to_vec();
        let hands: Vec<Vec<Card>> = deck.chunks(5).take(6).map(<[Card]>::to_vec).collect();
        let dealer = Seat::new("dealer", 4, 6, "").expect("seat 4 of 6");
        TracedView {
            fingerprint: Fingerprint::of(b"six"),
            setup: Vec::new(),
            series: false,
            deals: vec![(
                TableView {
                    seats: 6,
                    roles: vec![Role::new("dealer", dealer)],
                    hands,
                    rest: Vec::new(),
                },
                deck,
            )],
        }
    }

    #[test]
    fn a_seat_is_one_of_the_deals_table_whatever_its_size() {
        let view = six_seats();
        let seat = player(&AtoutV1, &view, Some(&json!(5))).expect("seat 5 of 6");
        assert_eq!(seat.cards(&view, 1), Some(view.deals[0].0.hands[5].clone()));
        let e = player(&AtoutV1, &view, Some(&json!(8))).expect_err("no seat 8");
        assert_eq!((e.field(), e.kind().code()), ("seat", "value"));
        assert_eq!(
            e.to_string(),
            "seat: \"seat 8, not at this table\" is not accepted, expected a seat at this \
             table of 6: seat 0, seat 1, seat 2, seat 3, seat 4 or seat 5"
        );
    }

    #[test]
    fn another_seat_is_tried_at_every_seat_of_the_deals_table() {
        let view = six_seats();
        let mine = player(&AtoutV1, &view, Some(&json!(0))).expect("seat 0");
        let fifth = view.deals[0].0.hands[5].clone();
        let hints = slips::seats(&AtoutV1, &view, mine, 1, &fifth);
        assert_eq!(
            hints,
            ["seat 5 was dealt exactly the cards you recorded: give seat 5 if it was yours"]
        );
    }

    #[test]
    fn each_card_that_differs_is_marked_and_a_twice_dealt_card_counts_twice() {
        let cards = |codes: &str| -> Vec<Card> {
            codes
                .split(' ')
                .map(|c| c.parse().expect("a code"))
                .collect()
        };
        let Failure::Hand {
            dealt_differs,
            recorded_differs,
            ..
        } = Failure::hand(1, None, cards("Kh Kd Qc Ah Ks"), cards("Ks Jc Kd Kh Ah"))
        else {
            panic!("a hand's failure");
        };
        assert_eq!(dealt_differs, [false, false, true, false, false]);
        assert_eq!(recorded_differs, [false, true, false, false, false]);
        assert_eq!(unmatched(&cards("Ah Ah"), &cards("Ah Kd")), [false, true]);
        assert!(!same_cards(&cards("Ah Ah"), &cards("Ah Kd")));
        assert!(same_cards(&cards("Ah Kd"), &cards("Kd Ah")));
    }

    #[test]
    fn the_table_names_the_seats_and_roles_of_the_deal() {
        let view = six_seats();
        let style = crate::render::Style::ASCII;
        let reader = crate::render::Reader {
            seat: Seat::new("seat", 5, 6, "").ok(),
        };
        // euchremaster names a table of four; this one of six is numbered.
        let euchre = &crate::euchremaster::EuchreMaster;
        let text = crate::render::deal(euchre, &view.deals[0].0, style, reader);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9, "{text}");
        assert_eq!(lines[0], "dealer       seat 4");
        for (n, line) in lines[2..8].iter().enumerate() {
            assert!(line.starts_with(&format!("seat {n}       ")), "{text}");
            let marks = match n {
                4 => "  (dealer)",
                5 => "  (you)",
                _ => "",
            };
            assert_eq!(line.ends_with(')'), !marks.is_empty(), "{text}");
            assert!(line.ends_with(marks), "{text}");
        }
    }
}
