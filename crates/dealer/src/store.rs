//! The store: one SQLite file in WAL mode, written one transaction per
//! event, so that a crash (a `kill -9`, a power cut) loses nothing that was
//! acknowledged and leaves no event half done (docs/dealer.md, "The
//! store").

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags};

use crate::error::Error;

/// The store's file when neither `--store` nor [`STORE_ENV`] names one: in
/// the current folder.
pub const DEFAULT_STORE: &str = "fairdeal-dealer.sqlite";

/// The environment variable naming the store's file.
pub const STORE_ENV: &str = "FAIRDEAL_DEALER_STORE";

/// SQLite's `application_id` of a dealer's store ("fdlr"): a file of
/// another program is refused, not written into.
const APPLICATION_ID: i64 = 0x6664_6c72;

/// The version of the tables below.
const SCHEMA_VERSION: i64 = 1;

/// The tables. A round is one commitment of a single-deal scheme, or a seed
/// pair (`pair = 1`) whose secrets are its periods; `bets` holds a pair's
/// nonces, which the unique constraint keeps distinct within a period (the
/// pair of server seed and client seed) even if the code that counts them
/// were wrong; `log` is the hash-chained event log.
const SCHEMA: &str = "
CREATE TABLE rounds (
    id INTEGER PRIMARY KEY,
    scheme TEXT NOT NULL,
    pair INTEGER NOT NULL CHECK (pair IN (0, 1)),
    settings TEXT NOT NULL,
    rotate_after INTEGER,
    period INTEGER NOT NULL,
    input TEXT,
    state TEXT NOT NULL CHECK (state IN ('committed', 'dealt', 'revealed'))
);
CREATE TABLE secrets (
    round INTEGER NOT NULL REFERENCES rounds (id),
    period INTEGER NOT NULL,
    secret TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    pair_fields TEXT,
    bets INTEGER NOT NULL DEFAULT 0,
    revealed INTEGER NOT NULL DEFAULT 0 CHECK (revealed IN (0, 1)),
    next_fingerprint TEXT,
    PRIMARY KEY (round, period)
);
CREATE TABLE bets (
    round INTEGER NOT NULL,
    period INTEGER NOT NULL,
    nonce INTEGER NOT NULL,
    input TEXT NOT NULL,
    FOREIGN KEY (round, period) REFERENCES secrets (round, period),
    UNIQUE (round, period, nonce)
);
CREATE TABLE log (
    seq INTEGER PRIMARY KEY,
    entry TEXT NOT NULL,
    hash TEXT NOT NULL
);
";

/// Opens (or creates) the store at `path`.
///
/// # Errors
///
/// A file that cannot be opened, is not SQLite, or is another program's
/// database or a newer store's.
pub fn open(path: &Path) -> Result<Connection, Error> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
    )
    .map_err(|e| Error::store(format!("{}: {e}", path.display())))?;
    prepare(conn).map_err(|e| Error::store(format!("{}: {e}", path.display())))
}

/// Returns a store in memory, gone when it is dropped: for tests.
///
/// # Errors
///
/// SQLite could not make it.
pub fn in_memory() -> Result<Connection, Error> {
    prepare(Connection::open_in_memory()?)
}

fn prepare(mut conn: Connection) -> Result<Connection, Error> {
    // Another process (a second `fairdeal dealer`) may hold the write lock
    // for the length of one event: wait for it rather than fail.
    conn.busy_timeout(Duration::from_secs(10))?;
    // WAL: a commit is one append to the log file, and a crash at any
    // moment leaves the last committed transaction whole.
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        return Err(Error::store(format!(
            "SQLite kept the journal mode {mode}, expected wal"
        )));
    }
    // FULL, not WAL's usual NORMAL: NORMAL survives a killed process but may
    // lose the last commits to a power cut, and an acknowledged nonce or
    // reveal must survive both: every commit is synced to the disk before
    // it is acknowledged.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let app: i64 = tx.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let tables: i64 = tx.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
        [],
        |r| r.get(0),
    )?;
    match (app, version) {
        (0, 0) if tables == 0 => {
            tx.execute_batch(SCHEMA)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID)?;
            tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        }
        (APPLICATION_ID, SCHEMA_VERSION) => {}
        (APPLICATION_ID, v) => {
            return Err(Error::store(format!(
                "a store of version {v}, expected version {SCHEMA_VERSION}: a newer fairdeal wrote it"
            )));
        }
        _ => {
            return Err(Error::store(
                "not a fairdeal dealer store: another program's database".to_owned(),
            ));
        }
    }
    tx.commit()?;
    Ok(conn)
}
