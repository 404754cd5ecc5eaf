//! The event log: every event (commit, deal, reveal, bet, rotation) one
//! entry, appended in the event's own transaction. Entry n holds `seq` n and
//! `prev`, the SHA-256 of entry n - 1's canonical text (64 zeros for the
//! first), so that an entry edited or deleted breaks the chain at the next
//! one (docs/dealer.md, "The log").

use rusqlite::{OptionalExtension, Transaction, params};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::canonical;
use crate::error::Error;

/// The `prev` of the first entry.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Returns the lowercase hex SHA-256 of an entry's text.
pub fn hash(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// Appends the entry `event` with `fields` (besides `seq` and `prev`).
///
/// # Errors
///
/// The store could not be written.
pub fn append(tx: &Transaction<'_>, event: &str, fields: Map<String, Value>) -> Result<(), Error> {
    let last: Option<(i64, String)> = tx
        .query_row(
            "SELECT seq, hash FROM log ORDER BY seq DESC LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (seq, prev) = match last {
        Some((seq, hash)) => (seq + 1, hash),
        None => (1, GENESIS.to_owned()),
    };
    let mut entry = fields;
    entry.insert("event".to_owned(), Value::from(event));
    entry.insert("seq".to_owned(), Value::from(seq));
    entry.insert("prev".to_owned(), Value::from(prev));
    let text = canonical::text(&Value::Object(entry));
    tx.execute(
        "INSERT INTO log (seq, entry, hash) VALUES (?1, ?2, ?3)",
        params![seq, text, hash(&text)],
    )?;
    Ok(())
}

/// What a check of the log found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogCheck {
    /// The entries read.
    pub entries: u64,
    /// The hash of the last good entry: published, it pins the whole log
    /// (an entry dropped from the end is found against it).
    pub head: String,
    /// The first entry that is not what the chain says, if any.
    pub bad: Option<BadEntry>,
}

/// An entry that breaks the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadEntry {
    /// Its `seq` (where an entry is missing, the `seq` expected there).
    pub seq: u64,
    /// What is wrong with it.
    pub why: String,
}

/// Checks the chain of `entries`, each `(seq, text, hash)` in the store's
/// order: `seq` counts from 1, each text is canonical and has the hash
/// stored with it, and each `prev` is the hash of the entry before.
pub fn check<I: IntoIterator<Item = (i64, String, String)>>(entries: I) -> LogCheck {
    let mut prev = GENESIS.to_owned();
    let mut count = 0u64;
    for (seq, text, stored) in entries {
        let expected = count + 1;
        let bad = |why: String| LogCheck {
            entries: count,
            head: prev.clone(),
            bad: Some(BadEntry { seq: expected, why }),
        };
        if u64::try_from(seq).ok() != Some(expected) {
            return bad(format!(
                "entry {seq} where entry {expected} belongs: an entry was deleted or moved"
            ));
        }
        let Ok(entry) = serde_json::from_str::<Value>(&text) else {
            return bad("not JSON".to_owned());
        };
        if canonical::text(&entry) != text {
            return bad("not in the canonical form: it was edited".to_owned());
        }
        if entry.get("seq").and_then(Value::as_u64) != Some(expected) {
            return bad(format!("its seq is not {expected}: it was edited"));
        }
        if entry.get("prev").and_then(Value::as_str) != Some(prev.as_str()) {
            return bad(format!(
                "its prev is not the hash of entry {count}: this entry or the one before was edited"
            ));
        }
        let own = hash(&text);
        if own != stored {
            return bad(
                "its text is not the one its hash was stored with: it was edited".to_owned(),
            );
        }
        prev = own;
        count = expected;
    }
    LogCheck {
        entries: count,
        head: prev,
        bad: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: u64) -> Vec<(i64, String, String)> {
        let mut out = Vec::new();
        let mut prev = GENESIS.to_owned();
        for seq in 1..=n {
            let text =
                canonical::text(&serde_json::json!({"event": "x", "seq": seq, "prev": prev}));
            prev = hash(&text);
            out.push((i64::try_from(seq).unwrap(), text, prev.clone()));
        }
        out
    }

    #[test]
    fn a_good_chain_passes_and_its_head_is_the_last_hash() {
        let entries = chain(5);
        let check = check(entries.clone());
        assert_eq!(check.bad, None);
        assert_eq!(check.entries, 5);
        assert_eq!(check.head, hash(&entries[4].1));
    }

    #[test]
    fn an_edit_a_deletion_or_a_swap_is_found_at_its_entry() {
        let mut edited = chain(5);
        edited[2].1 = edited[2].1.replace("\"x\"", "\"y\"");
        assert_eq!(check(edited.clone()).bad.map(|b| b.seq), Some(3));
        // Its stored hash rewritten too: the next entry's prev finds it.
        edited[2].2 = hash(&edited[2].1);
        assert_eq!(check(edited).bad.map(|b| b.seq), Some(4));
        let mut deleted = chain(5);
        deleted.remove(1);
        assert_eq!(check(deleted).bad.map(|b| b.seq), Some(2));
        let mut reformatted = chain(3);
        reformatted[1].1 = reformatted[1].1.replace(':', ": ");
        assert_eq!(check(reformatted).bad.map(|b| b.seq), Some(2));
    }
}
