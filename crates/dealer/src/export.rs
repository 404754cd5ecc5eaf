//! What a dealer's store shows an auditor: every revealed receipt (`dealer
//! export`, JSONL), the log's entries and the check of its chain.

use rusqlite::params;
use serde_json::Value;

use crate::dealer::Dealer;
use crate::error::Error;
use crate::log::{self, LogCheck};
use crate::period::bet_receipt;
use crate::rows::{self, State};

impl Dealer {
    /// Calls `each` with every revealed receipt, in the order of the
    /// rounds, a pair's by period and nonce; returns how many. Receipts not
    /// yet revealed are never read.
    ///
    /// # Errors
    ///
    /// The store, or `each`'s own error.
    pub fn export<E: From<Error>>(
        &self,
        mut each: impl FnMut(Value) -> Result<(), E>,
    ) -> Result<u64, E> {
        let mut conn = self.conn();
        // One read transaction: a snapshot, whatever another process writes.
        let tx = conn.transaction().map_err(Error::from)?;
        let ids: Vec<i64> = {
            let mut stmt = tx
                .prepare("SELECT id FROM rounds ORDER BY id")
                .map_err(Error::from)?;
            stmt.query_map([], |r| r.get(0))
                .and_then(Iterator::collect)
                .map_err(Error::from)?
        };
        let mut count = 0;
        for id in ids {
            let round = rows::round(&tx, rows::count(id)?)?;
            if !round.pair {
                if let (State::Revealed, Some(input)) = (round.state, &round.input) {
                    let period = rows::period(&tx, round.id, 1)?;
                    each(crate::receipt::build(&round, &period, input, None))?;
                    count += 1;
                }
                continue;
            }
            for number in 1..round.period {
                let period = rows::period(&tx, round.id, number)?;
                if !period.revealed {
                    continue;
                }
                for nonce in 0..period.bets {
                    each(bet_receipt(&tx, &round, &period, nonce)?)?;
                    count += 1;
                }
            }
        }
        Ok(count)
    }

    /// Calls `each` with every log entry's text, in order; returns how many.
    ///
    /// # Errors
    ///
    /// The store, or `each`'s own error.
    pub fn log_entries<E: From<Error>>(
        &self,
        mut each: impl FnMut(&str) -> Result<(), E>,
    ) -> Result<u64, E> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT entry FROM log ORDER BY seq")
            .map_err(Error::from)?;
        let mut rows = stmt.query([]).map_err(Error::from)?;
        let mut count = 0;
        while let Some(row) = rows.next().map_err(Error::from)? {
            let text: String = row.get(0).map_err(Error::from)?;
            each(&text)?;
            count += 1;
        }
        Ok(count)
    }

    /// Checks the log's chain (see [`log::check`]).
    ///
    /// # Errors
    ///
    /// The store could not be read.
    pub fn check_log(&self) -> Result<LogCheck, Error> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT seq, entry, hash FROM log ORDER BY seq")?;
        let mut rows = stmt.query([])?;
        let mut failed = None;
        let entries = std::iter::from_fn(|| match rows.next() {
            Ok(Some(row)) => match (row.get(0), row.get(1), row.get(2)) {
                (Ok(seq), Ok(text), Ok(hash)) => Some((seq, text, hash)),
                (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
                    failed = Some(e);
                    None
                }
            },
            Ok(None) => None,
            Err(e) => {
                failed = Some(e);
                None
            }
        });
        let check = log::check(entries);
        match failed {
            Some(e) => Err(e.into()),
            None => Ok(check),
        }
    }

    /// Returns how many rounds the store holds.
    ///
    /// # Errors
    ///
    /// The store.
    pub fn rounds(&self) -> Result<u64, Error> {
        let conn = self.conn();
        let n: i64 = conn.query_row("SELECT count(*) FROM rounds", params![], |r| r.get(0))?;
        rows::count(n)
    }
}
