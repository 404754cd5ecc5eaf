//! A round and its periods as the store holds them, read inside the
//! transaction of the event that changes them.

use fairdeal::DynScheme;
use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};
use crate::secret::Secret;

/// Where a round is in its lifecycle (docs/dealer.md, "The lifecycle").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The commitment is shown; nothing else is taken yet.
    Committed,
    /// The player's input is taken and the deal made.
    Dealt,
    /// The secret is revealed and the receipt issued.
    Revealed,
}

impl State {
    /// Returns the state's name in the store and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Committed => "committed",
            Self::Dealt => "dealt",
            Self::Revealed => "revealed",
        }
    }

    fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "committed" => Ok(Self::Committed),
            "dealt" => Ok(Self::Dealt),
            "revealed" => Ok(Self::Revealed),
            other => Err(Error::store(format!(
                "a round in the unknown state {other:?}"
            ))),
        }
    }
}

/// One round: a single-deal commitment, or a seed pair.
pub(crate) struct Round {
    pub id: u64,
    pub scheme: &'static dyn DynScheme,
    /// A seed pair (`Period::Nonce`), whose periods take bets.
    pub pair: bool,
    /// The public fields set at the commitment: the drawn ones besides the
    /// secret, the variant.
    pub settings: Map<String, Value>,
    /// A pair's bets per period before it rotates by itself.
    pub rotate_after: Option<u64>,
    /// A pair's current period, from 1 (1 for a single deal).
    pub period: u64,
    /// The deal's input (the player's and the table's fields).
    pub input: Option<Map<String, Value>>,
    pub state: State,
}

/// One secret of a round: a single deal's, or a pair's period.
pub(crate) struct Period {
    pub number: u64,
    pub secret: Secret,
    pub fingerprint: String,
    /// A pair's fields besides the secret (the client seed), once set.
    pub pair_fields: Option<Map<String, Value>>,
    /// The bets taken: the next nonce.
    pub bets: u64,
    pub revealed: bool,
    pub next_fingerprint: Option<String>,
}

/// Returns `id` as SQLite's integer; an id past it is no round.
pub(crate) fn sql_id(id: u64) -> Result<i64, Error> {
    i64::try_from(id).map_err(|_| Error::new(ErrorKind::NotFound { id }))
}

/// Returns a count read from SQLite (never negative: every count the store
/// holds starts at 0 and rises).
pub(crate) fn count(n: i64) -> Result<u64, Error> {
    u64::try_from(n).map_err(|_| Error::store(format!("a negative count {n}")))
}

fn object(text: &str, what: &str) -> Result<Map<String, Value>, Error> {
    match serde_json::from_str(text) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(Error::store(format!(
            "a round's {what} is not a JSON object"
        ))),
    }
}

/// Reads round `id`.
///
/// # Errors
///
/// No such round ([`ErrorKind::NotFound`]); a round the store holds
/// wrongly, or of a scheme this build does not register.
pub(crate) fn round(tx: &Transaction<'_>, id: u64) -> Result<Round, Error> {
    type Row = (
        String,
        i64,
        String,
        Option<i64>,
        i64,
        Option<String>,
        String,
    );
    let row: Option<Row> = tx
        .query_row(
            "SELECT scheme, pair, settings, rotate_after, period, input, state
             FROM rounds WHERE id = ?1",
            params![sql_id(id)?],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                ))
            },
        )
        .optional()?;
    let Some((scheme, pair, settings, rotate_after, period, input, state)) = row else {
        return Err(Error::new(ErrorKind::NotFound { id }));
    };
    let scheme = fairdeal::scheme(&scheme).ok_or_else(|| {
        Error::store(format!(
            "round {id} is of the scheme {scheme:?}, which this build does not register"
        ))
    })?;
    Ok(Round {
        id,
        scheme,
        pair: pair == 1,
        settings: object(&settings, "settings")?,
        rotate_after: rotate_after.map(count).transpose()?,
        period: count(period)?,
        input: input.as_deref().map(|t| object(t, "input")).transpose()?,
        state: State::parse(&state)?,
    })
}

/// Reads period `number` of round `id`.
///
/// # Errors
///
/// The store does not hold it.
pub(crate) fn period(tx: &Transaction<'_>, id: u64, number: u64) -> Result<Period, Error> {
    type Row = (String, String, Option<String>, i64, i64, Option<String>);
    let (secret, fingerprint, pair_fields, bets, revealed, next_fingerprint): Row = tx
        .query_row(
            "SELECT secret, fingerprint, pair_fields, bets, revealed, next_fingerprint
             FROM secrets WHERE round = ?1 AND period = ?2",
            params![sql_id(id)?, sql_id(number)?],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?
        .ok_or_else(|| Error::store(format!("round {id} has no period {number}")))?;
    Ok(Period {
        number,
        secret: Secret::new(secret),
        fingerprint,
        pair_fields: pair_fields
            .as_deref()
            .map(|t| object(t, "pair fields"))
            .transpose()?,
        bets: count(bets)?,
        revealed: revealed == 1,
        next_fingerprint,
    })
}
