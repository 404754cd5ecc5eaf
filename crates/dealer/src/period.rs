//! Seed periods of a seed-pair scheme (hmac-blackjack and its games): a
//! server seed whose fingerprint is shown, the client seed the player sets,
//! one nonce per bet handed out in the bet's own transaction, and rotation
//! on request or after a set number of bets, which reveals the old seed
//! and shows the next one's fingerprint before the next period starts.

use fairdeal::ErrorKind as FieldError;
use fairdeal::core::Computed;
use fairdeal::core::info::Period as HistoryPeriod;
use fairdeal::core::input::Rule;
use rusqlite::{Transaction, params};
use serde_json::{Map, Value};

use crate::dealer::{Dealer, bounded, new_secret, refuse_dealer_fields};
use crate::error::Error;
use crate::rows::{self, Round, sql_id};
use crate::secret::Entropy;
use crate::{log, receipt};

/// A bet taken: its nonce, and the deal it gets.
#[derive(Clone)]
pub struct Bet {
    /// The seed pair.
    pub pair: u64,
    /// The period (from 1) whose server seed the bet is dealt from.
    pub period: u64,
    /// The bet's nonce: 0 for the period's first bet, then one more for
    /// each.
    pub nonce: u64,
    /// The fingerprint of the period's server seed.
    pub fingerprint: String,
    /// The pair's fields besides the server seed (the client seed).
    pub pair_fields: Map<String, Value>,
    /// The deal of this bet (hmac-blackjack's shoe).
    pub computed: Computed,
    /// The rotation this bet set off, when the period had reached its
    /// count of bets.
    pub rotated: Option<Rotation>,
}

impl std::fmt::Debug for Bet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bet")
            .field("pair", &self.pair)
            .field("period", &self.period)
            .field("nonce", &self.nonce)
            .field("fingerprint", &self.fingerprint)
            .field("rotated", &self.rotated)
            .finish_non_exhaustive()
    }
}

/// A period ended: its server seed revealed, the next one's fingerprint
/// shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// The seed pair.
    pub pair: u64,
    /// The period revealed.
    pub period: u64,
    /// Its fingerprint.
    pub fingerprint: String,
    /// Its secret, revealed: `{"server_seed": ...}`.
    pub revealed: Map<String, Value>,
    /// The fingerprint of the next period's server seed.
    pub next_fingerprint: String,
    /// The bets of the period revealed, whose receipts are now issued.
    pub bets: u64,
}

impl Dealer {
    /// Takes a bet on seed pair `pair`: the next nonce of its current
    /// period, in the same transaction that records the bet. `fields` holds
    /// the pair's fields besides the server seed (the client seed), needed
    /// at a period's first bet unless the rotation carried them over, and
    /// the same afterwards; and any other field of the bet's deal.
    ///
    /// # Errors
    ///
    /// No round `pair`; a single-deal round; a field the dealer draws
    /// (server seed, nonce) given; a pair field missing at a period's first
    /// bet, or changed within a period (rotate to change it); the scheme's
    /// refusal of the input; fields over
    /// [`fairdeal::receipt::INPUT_LIMIT`] bytes; every nonce of the period
    /// used; the store.
    pub fn bet(&self, pair: u64, fields: &Map<String, Value>) -> Result<Bet, Error> {
        bounded(fields)?;
        self.event(|tx, entropy| {
            let round = pair_round(tx, pair)?;
            let (nonce_field, with) = nonce_of(&round);
            refuse_dealer_fields(round.scheme, fields, true)?;
            let mut period = rows::period(tx, pair, round.period)?;
            let (given, own): (Map<String, Value>, Map<String, Value>) = fields
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .partition(|(k, _)| with.contains(&k.as_str()));
            let pair_fields = match &period.pair_fields {
                Some(set) => {
                    if let Some((k, v)) = given.iter().find(|(k, v)| set.get(*k) != Some(*v)) {
                        return Err(Error::conflict(
                            "client_seed",
                            format!(
                                "{k} {v} differs from the period's: it is set for a whole \
                                 period (rotate {pair} with the new one)"
                            ),
                        ));
                    }
                    set.clone()
                }
                None => {
                    for w in with {
                        if !given.contains_key(*w) {
                            let field = round.scheme.info().fields.iter().find(|f| f.name == *w);
                            return Err(fairdeal::Error::new(
                                *w,
                                FieldError::Missing {
                                    expected: field.map_or("the pair's field", |f| f.expected),
                                },
                            )
                            .into());
                        }
                    }
                    given
                }
            };
            let nonce = period.bets;
            if nonce > max_nonce(&round, nonce_field) {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "period {} has used every nonce: rotate {pair}",
                        period.number
                    ),
                ));
            }
            period.pair_fields = Some(pair_fields.clone());
            let full = receipt::input_of(&round, &period, &own, Some(nonce));
            let computed = round.scheme.compute(&Value::Object(full))?;
            tx.execute(
                "UPDATE secrets SET bets = bets + 1, pair_fields = ?1
                 WHERE round = ?2 AND period = ?3",
                params![
                    Value::Object(pair_fields.clone()).to_string(),
                    sql_id(pair)?,
                    sql_id(period.number)?
                ],
            )?;
            tx.execute(
                "INSERT INTO bets (round, period, nonce, input) VALUES (?1, ?2, ?3, ?4)",
                params![
                    sql_id(pair)?,
                    sql_id(period.number)?,
                    sql_id(nonce)?,
                    Value::Object(own.clone()).to_string()
                ],
            )?;
            let mut entry = Map::new();
            entry.insert("round".to_owned(), Value::from(pair));
            entry.insert("period".to_owned(), Value::from(period.number));
            entry.insert("nonce".to_owned(), Value::from(nonce));
            entry.insert("pair".to_owned(), Value::Object(pair_fields.clone()));
            if !own.is_empty() {
                entry.insert("input".to_owned(), Value::Object(own));
            }
            log::append(tx, "bet", entry)?;
            let rotated = match round.rotate_after {
                Some(n) if nonce + 1 >= n => Some(rotate_in(tx, entropy, &round, None)?),
                _ => None,
            };
            Ok(Bet {
                pair,
                period: period.number,
                nonce,
                fingerprint: period.fingerprint,
                pair_fields,
                computed,
                rotated,
            })
        })
    }

    /// Rotates seed pair `pair`: reveals its current server seed, whose
    /// bets' receipts are then issued with the next seed's fingerprint as
    /// their `next_fingerprint`, and starts the next period, with `fields`
    /// (a new client seed) or else the old period's.
    ///
    /// # Errors
    ///
    /// No round `pair`; a single-deal round; a field given that is not one
    /// of the pair's or is refused by the scheme; the store.
    pub fn rotate(&self, pair: u64, fields: &Map<String, Value>) -> Result<Rotation, Error> {
        bounded(fields)?;
        self.event(|tx, entropy| {
            let round = pair_round(tx, pair)?;
            let (_, with) = nonce_of(&round);
            for (k, v) in fields {
                let field = round
                    .scheme
                    .info()
                    .fields
                    .iter()
                    .find(|f| f.name == k && with.contains(&f.name));
                match field {
                    Some(f) => f.check(v)?,
                    None => {
                        return Err(fairdeal::Error::new(
                            k.as_str(),
                            FieldError::Unknown {
                                expected: format!("a field of the pair: {}", with.join(", ")),
                            },
                        )
                        .into());
                    }
                }
            }
            let next = (!fields.is_empty()).then(|| fields.clone());
            rotate_in(tx, entropy, &round, next)
        })
    }

    /// Returns the receipt of bet `nonce` of seed pair `pair`'s period
    /// `period` once that period is revealed (it has rotated); never
    /// reveals: what a player may ask for.
    ///
    /// # Errors
    ///
    /// No round `pair`; a single-deal round; no such period or nonce; a
    /// period still being played, whose server seed is revealed when it
    /// rotates; the store.
    pub fn bet_receipt(&self, pair: u64, period: u64, nonce: u64) -> Result<Value, Error> {
        self.event(|tx, _| {
            let round = pair_round(tx, pair)?;
            if period == 0 || period > round.period {
                return Err(Error::absent(
                    "period",
                    format!(
                        "pair {pair} has no period {period}: its periods are 1 to {}",
                        round.period
                    ),
                ));
            }
            let p = rows::period(tx, pair, period)?;
            if nonce >= p.bets {
                let taken = match p.bets {
                    0 => "no bet yet".to_owned(),
                    1 => "one bet, nonce 0".to_owned(),
                    n => format!("{n} bets, nonces 0 to {}", n - 1),
                };
                return Err(Error::absent(
                    "nonce",
                    format!("period {period} of pair {pair} has no bet {nonce}: it took {taken}"),
                ));
            }
            if !p.revealed {
                return Err(Error::conflict(
                    "period",
                    format!(
                        "period {period} of pair {pair} is still being played: its server seed \
                         is revealed, and its bets' receipts issued, when it rotates"
                    ),
                ));
            }
            bet_receipt(tx, &round, &p, nonce)
        })
    }

    /// Returns the nonces the store holds for seed pair `pair`, as
    /// `(period, nonce, revealed)`, in order.
    ///
    /// # Errors
    ///
    /// The store.
    pub fn nonces(&self, pair: u64) -> Result<Vec<(u64, u64, bool)>, Error> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT b.period, b.nonce, s.revealed FROM bets b
             JOIN secrets s ON s.round = b.round AND s.period = b.period
             WHERE b.round = ?1 ORDER BY b.period, b.nonce",
        )?;
        let rows = stmt.query_map(params![sql_id(pair)?], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (period, nonce, revealed) = row?;
            out.push((rows::count(period)?, rows::count(nonce)?, revealed == 1));
        }
        Ok(out)
    }
}

/// Returns the receipt of bet `nonce` of `period`, as the store holds it.
pub(crate) fn bet_receipt(
    tx: &Transaction<'_>,
    round: &Round,
    period: &rows::Period,
    nonce: u64,
) -> Result<Value, Error> {
    let input: String = tx.query_row(
        "SELECT input FROM bets WHERE round = ?1 AND period = ?2 AND nonce = ?3",
        params![sql_id(round.id)?, sql_id(period.number)?, sql_id(nonce)?],
        |r| r.get(0),
    )?;
    let Ok(Value::Object(input)) = serde_json::from_str(&input) else {
        return Err(Error::store(format!(
            "bet {nonce} of round {}'s period {} holds no JSON object",
            round.id, period.number
        )));
    };
    Ok(receipt::build(round, period, &input, Some(nonce)))
}

/// Reads round `pair`, refusing a single-deal round.
fn pair_round(tx: &Transaction<'_>, pair: u64) -> Result<Round, Error> {
    let round = rows::round(tx, pair)?;
    if !round.pair {
        return Err(Error::conflict(
            "id",
            format!(
                "round {pair} is a single deal of {}: it is dealt (deal {pair}), not bet on",
                round.scheme.id()
            ),
        ));
    }
    Ok(round)
}

/// Returns the nonce field of a pair's scheme and the pair's other fields.
fn nonce_of(round: &Round) -> (&'static str, &'static [&'static str]) {
    match round.scheme.info().history.period {
        HistoryPeriod::Nonce { nonce, with } => (nonce, with),
        // A pair is made only for a scheme of seed periods.
        HistoryPeriod::Receipt => ("nonce", &[]),
    }
}

/// Returns the largest nonce the scheme's field takes.
fn max_nonce(round: &Round, field: &str) -> u64 {
    round
        .scheme
        .info()
        .fields
        .iter()
        .find(|f| f.name == field)
        .and_then(|f| match f.rule {
            Rule::AtMost(max) => Some(max),
            _ => f.rule.range().map(|(_, max)| max),
        })
        .unwrap_or(u64::MAX)
}

/// Rotates `round` within the transaction `tx`: the next period's secret
/// drawn and its fingerprint set as the current period's
/// `next_fingerprint`, the current secret revealed, the next period
/// started with `fields` or the current one's.
fn rotate_in(
    tx: &Transaction<'_>,
    entropy: &mut dyn Entropy,
    round: &Round,
    fields: Option<Map<String, Value>>,
) -> Result<Rotation, Error> {
    let period = rows::period(tx, round.id, round.period)?;
    let next = round.period + 1;
    let next_fingerprint = new_secret(tx, round.scheme, round.id, next, &round.settings, entropy)?;
    let carried = fields.or_else(|| period.pair_fields.clone());
    tx.execute(
        "UPDATE secrets SET pair_fields = ?1 WHERE round = ?2 AND period = ?3",
        params![
            carried.map(|m| Value::Object(m).to_string()),
            sql_id(round.id)?,
            sql_id(next)?
        ],
    )?;
    tx.execute(
        "UPDATE secrets SET revealed = 1, next_fingerprint = ?1 WHERE round = ?2 AND period = ?3",
        params![next_fingerprint, sql_id(round.id)?, sql_id(period.number)?],
    )?;
    tx.execute(
        "UPDATE rounds SET period = ?1 WHERE id = ?2",
        params![sql_id(next)?, sql_id(round.id)?],
    )?;
    let revealed = receipt::revealed(round, &period);
    // The period's first receipt, checked as the verifier checks it: the
    // seed revealed is the one committed to.
    if period.bets > 0 {
        let revealed = rows::period(tx, round.id, period.number)?;
        receipt::check(&bet_receipt(tx, round, &revealed, 0)?)?;
    }
    let mut entry = Map::new();
    entry.insert("round".to_owned(), Value::from(round.id));
    entry.insert("period".to_owned(), Value::from(period.number));
    entry.insert("bets".to_owned(), Value::from(period.bets));
    entry.insert("secret".to_owned(), revealed.clone());
    entry.insert(
        "next_fingerprint".to_owned(),
        Value::from(next_fingerprint.clone()),
    );
    log::append(tx, "rotate", entry)?;
    let Value::Object(revealed) = revealed else {
        return Err(Error::store(
            "a revealed secret is not an object".to_owned(),
        ));
    };
    Ok(Rotation {
        pair: round.id,
        period: period.number,
        fingerprint: period.fingerprint,
        revealed,
        next_fingerprint,
        bets: period.bets,
    })
}
