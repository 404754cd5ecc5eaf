//! [`Dealer`]: the store and the secure generator behind one handle, and
//! the single-deal lifecycle: commit, deal, reveal. Every operation takes
//! `&self` and is one transaction of the store, so that one `Dealer` serves
//! many threads (a service's handlers) and many processes share one file.

use std::fmt;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use fairdeal::core::Computed;
use fairdeal::core::info::Period as HistoryPeriod;
use fairdeal::core::input::json::parse_json;
use fairdeal::{DynScheme, ErrorKind as FieldError};
use rusqlite::{Connection, Transaction, TransactionBehavior, params};
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind};
use crate::rows::{self, State, sql_id};
use crate::secret::{self, Entropy, OsEntropy};
use crate::{log, receipt, store};

/// The dealer's side of every registered scheme over one store.
pub struct Dealer {
    conn: Mutex<Connection>,
    entropy: Mutex<Box<dyn Entropy>>,
}

impl fmt::Debug for Dealer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dealer").finish_non_exhaustive()
    }
}

/// A commitment made: what is shown before play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    /// The round's id (a seed pair's, for a scheme of seed periods).
    pub id: u64,
    /// The scheme.
    pub scheme: &'static str,
    /// The fingerprint of the secret (and of the drawn fields it covers).
    pub fingerprint: String,
    /// The public fields set with it: the drawn ones besides the secret
    /// (sfc32-lock's nonce), the variant.
    pub settings: Map<String, Value>,
    /// Whether it is a seed pair, which takes bets, not a deal.
    pub pair: bool,
}

/// A deal made: the player's input taken, the cards dealt.
#[derive(Clone)]
pub struct Dealt {
    /// The round.
    pub id: u64,
    /// Its scheme.
    pub scheme: &'static dyn DynScheme,
    /// The deal: its view (for `fairdeal::render::trace`) and its trace.
    pub computed: Computed,
}

impl fmt::Debug for Dealt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Dealt")
            .field("id", &self.id)
            .field("scheme", &self.scheme.id())
            .field("fingerprint", &self.computed.view.fingerprint)
            .finish_non_exhaustive()
    }
}

/// What a commitment may set besides the scheme.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommitOptions {
    /// The variant (`fairdeal dealer commit --variant`), for a scheme that
    /// has one.
    pub variant: Option<String>,
    /// For a seed pair: rotate by itself after this many bets of a period.
    pub rotate_after: Option<u64>,
}

/// The most bets of one period before an automatic rotation: the largest
/// nonce any scheme takes (hmac-blackjack's 2^53 - 1) and one.
pub const MAX_ROTATE_AFTER: u64 = 1 << 53;

impl Dealer {
    /// Opens (or creates) the store at `path`, with the operating system's
    /// secure generator.
    ///
    /// # Errors
    ///
    /// The store cannot be opened or is not a dealer's store.
    pub fn open(path: &Path) -> Result<Self, Error> {
        Ok(Self::over(store::open(path)?))
    }

    /// Returns a dealer over a store in memory, gone when it is dropped.
    ///
    /// # Errors
    ///
    /// SQLite could not make it.
    pub fn in_memory() -> Result<Self, Error> {
        Ok(Self::over(store::in_memory()?))
    }

    fn over(conn: Connection) -> Self {
        Self {
            conn: Mutex::new(conn),
            entropy: Mutex::new(Box::new(OsEntropy)),
        }
    }

    /// Returns this dealer drawing from `entropy` instead of the operating
    /// system: for tests that need the same deals on every run, never for
    /// play.
    #[must_use]
    pub fn with_entropy(self, entropy: impl Entropy + 'static) -> Self {
        Self {
            conn: self.conn,
            entropy: Mutex::new(Box::new(entropy)),
        }
    }

    /// Runs `f` as one event: one immediate transaction, committed (and
    /// synced) before it returns, rolled back on any error.
    pub(crate) fn event<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>, &mut dyn Entropy) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut conn = lock(&self.conn);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let out = {
            let mut entropy = lock(&self.entropy);
            f(&tx, entropy.as_mut())?
        };
        tx.commit()?;
        Ok(out)
    }

    /// Commits to a fresh secret of `scheme`: draws it (and the other
    /// fields the scheme's dealer draws), stores it, logs the fingerprint
    /// and returns it. The secret itself is not returned.
    ///
    /// # Errors
    ///
    /// An unregistered scheme (`scheme`), a variant the scheme does not take
    /// (`variant`), `rotate_after` for a scheme without seed periods or
    /// outside 1 to [`MAX_ROTATE_AFTER`]; the store.
    pub fn commit(&self, scheme: &str, options: &CommitOptions) -> Result<Committed, Error> {
        let scheme = registered(scheme)?;
        let info = scheme.info();
        let pair = deals_in_periods(scheme);
        let mut settings = Map::new();
        match (info.dealer.variant, &options.variant) {
            (Some(field), Some(v)) => {
                let value = Value::String(v.clone());
                field_of(scheme, field)?.check(&value)?;
                settings.insert(field.to_owned(), value);
            }
            (Some(field), None) => {
                let f = field_of(scheme, field)?;
                if f.required {
                    return Err(fairdeal::Error::new(
                        field,
                        FieldError::Missing {
                            expected: f.expected,
                        },
                    )
                    .into());
                }
            }
            (None, Some(v)) => {
                return Err(fairdeal::Error::new(
                    "variant",
                    FieldError::Value {
                        got: v.clone(),
                        expected: format!("no variant: {} has none", info.id),
                    },
                )
                .into());
            }
            (None, None) => {}
        }
        if let Some(n) = options.rotate_after {
            if !pair {
                return Err(fairdeal::Error::new(
                    "rotate_after",
                    FieldError::Value {
                        got: n.to_string(),
                        expected: format!("none: {} draws a fresh secret for every deal", info.id),
                    },
                )
                .into());
            }
            if !(1..=MAX_ROTATE_AFTER).contains(&n) {
                return Err(fairdeal::Error::new(
                    "rotate_after",
                    FieldError::Range {
                        got: n.to_string(),
                        expected: "a count of bets from 1 to 2^53",
                    },
                )
                .into());
            }
        }
        self.event(|tx, entropy| {
            tx.execute(
                "INSERT INTO rounds (scheme, pair, settings, rotate_after, period, state)
                 VALUES (?1, ?2, '{}', ?3, 1, 'committed')",
                params![
                    info.id,
                    i64::from(pair),
                    options.rotate_after.map(sql_id).transpose()?
                ],
            )?;
            let id = rows::count(tx.last_insert_rowid())?;
            for drawn in info.dealer.drawn {
                let value = Value::String(secret::draw(drawn.draw, id, entropy)?);
                field_of(scheme, drawn.field)?
                    .check(&value)
                    .map_err(|e| wrong_data(scheme, &e))?;
                settings.insert(drawn.field.to_owned(), value);
            }
            tx.execute(
                "UPDATE rounds SET settings = ?1 WHERE id = ?2",
                params![Value::Object(settings.clone()).to_string(), sql_id(id)?],
            )?;
            let fingerprint = new_secret(tx, scheme, id, 1, &settings, entropy)?;
            let mut entry = Map::new();
            entry.insert("round".to_owned(), Value::from(id));
            entry.insert("scheme".to_owned(), Value::from(info.id));
            entry.insert("fingerprint".to_owned(), Value::from(fingerprint.clone()));
            entry.insert("settings".to_owned(), Value::Object(settings.clone()));
            if let Some(n) = options.rotate_after {
                entry.insert("rotate_after".to_owned(), Value::from(n));
            }
            log::append(tx, "commit", entry)?;
            Ok(Committed {
                id,
                scheme: info.id,
                fingerprint,
                settings,
                pair,
            })
        })
    }

    /// Takes the player's (and the table's) input for round `id` and deals:
    /// every field but those the dealer draws and the variant, checked by
    /// the scheme with the secret. Once only: the input cannot change after
    /// the deal.
    ///
    /// # Errors
    ///
    /// No round `id`; a seed pair (which takes bets); a round already
    /// dealt; a field the dealer draws given; the scheme's refusal of the
    /// input, naming the field; an input over
    /// [`fairdeal::receipt::INPUT_LIMIT`] bytes; the store.
    pub fn deal(&self, id: u64, input: &Map<String, Value>) -> Result<Dealt, Error> {
        let text = bounded(input)?;
        self.event(|tx, _| {
            let round = rows::round(tx, id)?;
            if round.pair {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "{} is a seed pair of {}: it takes bets (bet {id}), not a deal",
                        id,
                        round.scheme.id()
                    ),
                ));
            }
            if round.state != State::Committed {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "round {id} is already {}: a round is dealt once, and its input \
                         cannot change after the deal",
                        round.state.name()
                    ),
                ));
            }
            refuse_dealer_fields(round.scheme, input, false)?;
            let period = rows::period(tx, id, 1)?;
            let full = receipt::input_of(&round, &period, input, None);
            let computed = round.scheme.compute(&Value::Object(full))?;
            // A record the method contradicts (a pattern that is not the
            // one a computer dealer draws) would make a receipt that does
            // not verify: refused now, while the input can be put right.
            if let Some(c) = computed.checks.iter().find(|c| !c.ok) {
                return Err(fairdeal::Error::new(
                    c.what.clone(),
                    FieldError::Value {
                        got: c.given.clone(),
                        expected: format!("{}, which the method gives", c.expected),
                    },
                )
                .into());
            }
            if computed.view.fingerprint.to_string() != period.fingerprint {
                return Err(Error::store(format!(
                    "round {id}'s secret no longer has the fingerprint committed to: the store was edited"
                )));
            }
            tx.execute(
                "UPDATE rounds SET input = ?1, state = 'dealt' WHERE id = ?2",
                params![text, sql_id(id)?],
            )?;
            let mut entry = Map::new();
            entry.insert("round".to_owned(), Value::from(id));
            entry.insert("input".to_owned(), Value::Object(input.clone()));
            log::append(tx, "deal", entry)?;
            Ok(Dealt {
                id,
                scheme: round.scheme,
                computed,
            })
        })
    }

    /// Reveals round `id`'s secret, once it is dealt, and returns its
    /// receipt: `{"scheme", the fields, "fingerprint"}`, exactly what
    /// `fairdeal verify`, `verify --batch` and `history` read, checked by
    /// the verifier before it is returned. Asked again, returns the same
    /// receipt.
    ///
    /// # Errors
    ///
    /// No round `id`; a seed pair (whose periods `rotate` reveals); a round
    /// not dealt yet: the secret is revealed only after the deal; the store.
    pub fn reveal(&self, id: u64) -> Result<Value, Error> {
        self.event(|tx, _| {
            let round = rows::round(tx, id)?;
            if round.pair {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "{id} is a seed pair of {}: its server seed is revealed when it \
                         rotates (rotate {id}), after the period's bets",
                        round.scheme.id()
                    ),
                ));
            }
            let (State::Dealt | State::Revealed, Some(input)) = (round.state, &round.input) else {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "round {id} is not dealt yet: its secret is revealed only after the \
                         deal (deal {id} first)"
                    ),
                ));
            };
            let period = rows::period(tx, id, 1)?;
            let receipt = receipt::build(&round, &period, input, None);
            if round.state == State::Dealt {
                receipt::check(&receipt)?;
                tx.execute(
                    "UPDATE rounds SET state = 'revealed' WHERE id = ?1",
                    params![sql_id(id)?],
                )?;
                tx.execute(
                    "UPDATE secrets SET revealed = 1 WHERE round = ?1 AND period = 1",
                    params![sql_id(id)?],
                )?;
                let mut entry = Map::new();
                entry.insert("round".to_owned(), Value::from(id));
                entry.insert("secret".to_owned(), receipt::revealed(&round, &period));
                log::append(tx, "reveal", entry)?;
            }
            Ok(receipt)
        })
    }

    /// Returns round `id`'s receipt once its secret is revealed, as
    /// [`Dealer::reveal`] returned it; never reveals: what a player may
    /// ask for.
    ///
    /// # Errors
    ///
    /// No round `id`; a seed pair (whose bets each have a receipt:
    /// [`Dealer::bet_receipt`]); a round not revealed yet; the store.
    pub fn receipt(&self, id: u64) -> Result<Value, Error> {
        self.event(|tx, _| {
            let round = rows::round(tx, id)?;
            if round.pair {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "{id} is a seed pair of {}: each bet has its own receipt once its \
                         period is revealed",
                        round.scheme.id()
                    ),
                ));
            }
            let (State::Revealed, Some(input)) = (round.state, &round.input) else {
                return Err(Error::conflict(
                    "id",
                    format!(
                        "round {id} is {}: its receipt is issued once the secret is revealed, \
                         after the deal",
                        round.state.name()
                    ),
                ));
            };
            let period = rows::period(tx, id, 1)?;
            Ok(receipt::build(&round, &period, input, None))
        })
    }

    /// Returns the state of round `id`: its scheme, where it is in its
    /// lifecycle, the public fields set at its commitment and, for a pair,
    /// its current period and bets.
    ///
    /// # Errors
    ///
    /// No round `id`; the store.
    pub fn status(&self, id: u64) -> Result<Status, Error> {
        self.event(|tx, _| {
            let round = rows::round(tx, id)?;
            let period = rows::period(tx, id, round.period)?;
            Ok(Status {
                id,
                scheme: round.scheme.id(),
                pair: round.pair,
                state: round.state,
                settings: round.settings,
                period: round.period,
                fingerprint: period.fingerprint,
                bets: period.bets,
            })
        })
    }

    /// Locks the store for reading (a listing, a check of the log).
    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        lock(&self.conn)
    }
}

/// Where a round is: [`Dealer::status`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The round.
    pub id: u64,
    /// Its scheme.
    pub scheme: &'static str,
    /// Whether it is a seed pair.
    pub pair: bool,
    /// Where a single deal is in its lifecycle (a pair stays committed).
    pub state: State,
    /// The public fields set at the commitment: the drawn ones besides the
    /// secret (sfc32-lock's nonce), the variant.
    pub settings: Map<String, Value>,
    /// A pair's current period, from 1.
    pub period: u64,
    /// The fingerprint of the current secret.
    pub fingerprint: String,
    /// The current period's bets so far (its next nonce).
    pub bets: u64,
}

/// Returns `input` as JSON text, refused past
/// [`fairdeal::receipt::INPUT_LIMIT`] bytes (the most a receipt holds).
pub(crate) fn bounded(input: &Map<String, Value>) -> Result<String, Error> {
    let text = Value::Object(input.clone()).to_string();
    let limit = fairdeal::receipt::INPUT_LIMIT;
    if u64::try_from(text.len()).map_or(true, |n| n > limit) {
        return Err(fairdeal::Error::new(
            "input",
            FieldError::Value {
                got: format!("{} bytes", text.len()),
                expected: format!("an input of at most {limit} bytes"),
            },
        )
        .into());
    }
    Ok(text)
}

/// Locks `m`; a thread that panicked while holding it left the store's
/// transaction rolled back (SQLite's), so the data is good to use.
fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Returns the registered scheme `id`.
pub(crate) fn registered(id: &str) -> Result<&'static dyn DynScheme, Error> {
    fairdeal::scheme(id).ok_or_else(|| {
        let ids: Vec<&str> = fairdeal::SCHEMES.iter().map(|s| s.id()).collect();
        fairdeal::Error::new(
            "scheme",
            FieldError::Value {
                got: id.to_owned(),
                expected: format!("one of {}", ids.join(", ")),
            },
        )
        .into()
    })
}

/// Returns the scheme's field `name`, which its dealer data names.
fn field_of(
    scheme: &dyn DynScheme,
    name: &str,
) -> Result<&'static fairdeal::core::input::Field, Error> {
    scheme
        .info()
        .fields
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| {
            Error::store(format!(
                "{}'s dealer data names the field {name:?}, which it does not have",
                scheme.id()
            ))
        })
}

/// The error of a scheme whose dealer data draws what its own fields
/// refuse: the scheme's fault, never the caller's.
fn wrong_data(scheme: &dyn DynScheme, e: &fairdeal::Error) -> Error {
    Error::store(format!(
        "{}'s dealer data draws a value its own field refuses: {e}",
        scheme.id()
    ))
}

/// Returns the fields of `scheme` that the dealer draws or sets itself, so
/// that the player and the table never give them: the secret, the drawn
/// fields, the variant, and for a bet (`bet`) the nonce. Every other field
/// of an input is taken after the commitment.
pub fn dealer_fields(scheme: &dyn DynScheme, bet: bool) -> impl Iterator<Item = &'static str> {
    let info = scheme.info();
    let nonce = match info.history.period {
        HistoryPeriod::Nonce { nonce, .. } if bet => Some(nonce),
        _ => None,
    };
    std::iter::once(info.history.secret)
        .chain(info.dealer.drawn.iter().map(|d| d.field))
        .chain(info.dealer.variant)
        .chain(nonce)
}

/// Returns `input` less the fields the dealer draws or sets
/// ([`dealer_fields`]): what the player and the table give after the
/// commitment. A whole input (a scheme's bench case, a receipt's fields)
/// becomes the `deal` or `bet` of a round.
pub fn player_input(
    scheme: &dyn DynScheme,
    mut input: Map<String, Value>,
    bet: bool,
) -> Map<String, Value> {
    for field in dealer_fields(scheme, bet) {
        input.remove(field);
    }
    input
}

/// Whether `scheme` deals in seed periods: a pair of seeds serving many
/// bets told apart by a nonce, rather than a seed a deal.
pub fn deals_in_periods(scheme: &dyn DynScheme) -> bool {
    matches!(scheme.info().history.period, HistoryPeriod::Nonce { .. })
}

/// Refuses, in `input`, a field the dealer draws or sets
/// ([`dealer_fields`]).
pub(crate) fn refuse_dealer_fields(
    scheme: &dyn DynScheme,
    input: &Map<String, Value>,
    bet: bool,
) -> Result<(), Error> {
    for field in dealer_fields(scheme, bet) {
        if input.contains_key(field) {
            return Err(fairdeal::Error::new(
                field,
                FieldError::Value {
                    got: "a value given".to_owned(),
                    expected: "none: the dealer draws or sets this field itself".to_owned(),
                },
            )
            .into());
        }
    }
    Ok(())
}

/// Draws period `number`'s secret of round `id`, stores it and returns its
/// fingerprint, computed by the scheme itself: from an input the scheme
/// takes with any secret (see [`sample_input`]) with the fields the
/// commitment covers set to the drawn ones, since the fingerprint depends
/// on those alone.
pub(crate) fn new_secret(
    tx: &Transaction<'_>,
    scheme: &'static dyn DynScheme,
    id: u64,
    number: u64,
    settings: &Map<String, Value>,
    entropy: &mut dyn Entropy,
) -> Result<String, Error> {
    let info = scheme.info();
    let secret = secret::draw(info.dealer.secret, id, entropy)?;
    let value = Value::String(secret.clone());
    field_of(scheme, info.history.secret)?
        .check(&value)
        .map_err(|e| wrong_data(scheme, &e))?;
    let fingerprint = fingerprint(scheme, &value, settings)?;
    tx.execute(
        "INSERT INTO secrets (round, period, secret, fingerprint) VALUES (?1, ?2, ?3, ?4)",
        params![sql_id(id)?, sql_id(number)?, secret, fingerprint],
    )?;
    Ok(fingerprint)
}

/// Returns the fingerprint of `secret` with the drawn `settings`.
fn fingerprint(
    scheme: &dyn DynScheme,
    secret: &Value,
    settings: &Map<String, Value>,
) -> Result<String, Error> {
    let info = scheme.info();
    let mut input = sample_input(scheme)?;
    for field in info.commitment.covers {
        let value = if *field == info.history.secret {
            secret
        } else {
            settings.get(*field).ok_or_else(|| {
                Error::store(format!(
                    "{}'s commitment covers {field:?}, which its dealer neither draws nor sets",
                    info.id
                ))
            })?
        };
        input.insert((*field).to_owned(), value.clone());
    }
    let view = scheme
        .view(&Value::Object(input))
        .map_err(|e| wrong_data(scheme, &e))?;
    Ok(view.fingerprint.to_string())
}

/// Returns an input of `scheme` that it takes whatever the secret: the
/// template of its first audit plan, which the audit deals with every
/// secret it draws (a showdown game whose every hand gives a pattern, since
/// which hands the player deals depends on the seed); else its first bench
/// case, which the audit then starts from in the same way.
fn sample_input(scheme: &dyn DynScheme) -> Result<Map<String, Value>, Error> {
    let info = scheme.info();
    let sample = match info.audit.plans.first() {
        Some(plan) => (plan.template)()
            .map_err(|e| Error::store(format!("{}'s audit template failed: {e}", info.id)))?,
        None => {
            let case = info.bench.first().ok_or_else(|| {
                Error::store(format!(
                    "{} has neither an audit plan nor a bench case, from which the dealer \
                     computes its commitment",
                    info.id
                ))
            })?;
            parse_json(case.input).map_err(|e| wrong_data(scheme, &e))?
        }
    };
    match sample {
        Value::Object(map) => Ok(map),
        _ => Err(Error::store(format!(
            "{}'s sample input is not a JSON object",
            info.id
        ))),
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Self::new(kind)
    }
}
