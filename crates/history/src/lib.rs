//! A player's whole history of receipts (`fairdeal history FILE`,
//! docs/history.md): what no single receipt can show.
//!
//! A site that picks its seeds, or drops the deals it dislikes, passes every
//! check of one receipt. A history shows it:
//!
//! - every receipt verified as `fairdeal verify --batch` verifies it;
//! - integrity across receipts: a secret used twice where the method draws
//!   a fresh one, a deal repeated, a nonce repeated or skipped, a broken
//!   chain of announced commitments;
//! - the player's own cards, over the history, against the exact odds of a
//!   uniform shuffle ([`odds`]).
//!
//! Pure computation, fed one receipt at a time in history order: the CLI
//! verifies on every core and feeds the results in order; the web page
//! feeds them on its one thread. Both give the same report.

pub mod chain;
pub mod digest;
mod error;
pub mod facts;
pub mod finding;
mod history;
pub mod integrity;
pub mod odds;
pub mod plot;
pub mod ranges;
pub mod read;
pub mod report;
pub mod row;

pub use error::Error;
pub use facts::{Facts, facts};
pub use finding::Finding;
pub use history::History;
pub use read::Reader;
pub use report::{Report, Verdict};

/// Returns the report on the history `text` (JSONL or CSV), read, verified
/// and checked on this one thread: the web package's `history(text)`.
///
/// # Errors
///
/// A history that cannot be read (a CSV header naming a field twice, a
/// CSV record over the limit), or that holds no receipt.
pub fn history_text(text: &str) -> Result<Report, Error> {
    let mut reader = Reader::new(text.as_bytes());
    let mut history = History::new();
    while let Some(record) = reader.next_record()? {
        if let Some(facts) = facts(record) {
            history.add(&facts);
        }
    }
    if history.receipts() == 0 {
        return Err(no_receipts(reader.lines()));
    }
    Ok(history.report())
}

/// The error of a history that holds no receipt, having read `lines`.
pub fn no_receipts(lines: u64) -> Error {
    let held = match lines {
        0 => "it is empty".to_owned(),
        1 => "its one line is blank".to_owned(),
        n => format!("its {n} lines are blank, or a CSV header alone"),
    };
    Error::new(format!(
        "holds no receipts ({held}), expected JSON receipts one per line, or CSV with a \
         header row naming the fields"
    ))
}
