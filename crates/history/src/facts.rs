//! [`facts`]: one record of a history verified exactly as `verify --batch`
//! verifies it, and reduced to the few facts the checks across receipts
//! need. Pure: it runs on any thread; the facts are fed to a
//! [`History`](crate::History) in line order.

use fairdeal::core::cards::Card;
use fairdeal::core::info::Period;
use fairdeal::core::table::PartValue;
use fairdeal::core::{DynScheme, TracedView};
use fairdeal::receipt::{self, Details, Examined, Outcome};
use fairdeal::verdict::player_cards;
use serde_json::{Map, Value};

use crate::digest::{Key, digest};
use crate::odds::Deck;
use crate::read::{Item, Record};
use crate::row;

/// What a history keeps of one receipt.
#[derive(Clone, Debug)]
pub struct Facts {
    /// The receipt's line (from 1).
    pub line: u64,
    /// Its verdict, as `verify --batch` gives it.
    pub outcome: Outcome,
    /// What a verified receipt shows across receipts.
    pub verified: Option<Seen>,
}

/// What a verified receipt shows across receipts: digests, and the
/// player's cards of each uniformly shuffled deal.
#[derive(Clone, Debug)]
pub struct Seen {
    /// The scheme's id.
    pub scheme: &'static str,
    /// How long the scheme's secret serves.
    pub period: Period,
    /// The digest of the scheme and its secret (the field
    /// [`History::secret`](fairdeal::core::info::History::secret)).
    pub secret: Key,
    /// The digest of the fingerprint: the period it belongs to.
    pub fingerprint: Key,
    /// The digest of the next period's fingerprint, when the receipt
    /// announces it.
    pub next: Option<Key>,
    /// The digest of the pair of secrets (with the scheme) and the nonce,
    /// for a scheme of nonce periods whose receipt gives its nonce.
    pub nonce: Option<(Key, u64)>,
    /// The digest of every seat's cards of every deal; `None` for a game
    /// that deals no cards.
    pub deal: Option<Key>,
    /// The player's cards of each uniformly shuffled deal, with the deck
    /// they were dealt from.
    pub hands: Vec<(Deck, Vec<Card>)>,
}

/// Returns the facts of `record`, or `None` for a blank line, which
/// `verify --batch` skips too.
pub fn facts(record: Record) -> Option<Facts> {
    let examined = match record.item {
        Item::Line(line) => receipt::examine_line(&line)?,
        Item::Row(header, row) => match row::receipt(&header, &row) {
            Ok(receipt) => receipt::examine(&receipt),
            Err(e) => refused(&e),
        },
        Item::Refused(e) => refused(&e),
    };
    Some(Facts {
        line: record.line,
        verified: examined.verified.as_ref().map(seen),
        outcome: examined.outcome,
    })
}

/// The verdict on a record refused before it was read.
fn refused(e: &fairdeal::Error) -> Examined {
    Examined {
        outcome: Outcome::invalid(None, e),
        verified: None,
    }
}

/// Returns what a verified receipt shows across receipts.
fn seen(details: &Details) -> Seen {
    let scheme = details.scheme;
    let info = scheme.info();
    let v = &details.verified;
    let input: Map<String, Value> = v
        .covered
        .iter()
        .chain(&v.not_covered)
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect();
    let id = scheme.id().as_bytes();
    let text = |name: &str| input.get(name).map(value_bytes).unwrap_or_default();
    let secret = text(info.history.secret);
    let nonce = match info.history.period {
        Period::Receipt => None,
        Period::Nonce { nonce, with } => input.get(nonce).and_then(Value::as_u64).map(|n| {
            let with: Vec<Vec<u8>> = with.iter().map(|w| text(w)).collect();
            let parts = [id, &secret[..]]
                .into_iter()
                .chain(with.iter().map(Vec::as_slice));
            (digest(parts), n)
        }),
    };
    // A game played on the scheme's deal of the same inputs: that deal, as
    // the scheme computes it from its own fields among the game's.
    let on_deal;
    let view = match details.game {
        None => v.computed.as_ref().map(|c| &c.view),
        Some(game) if game.on_deal => {
            let own: Map<String, Value> = info
                .fields
                .iter()
                .filter_map(|f| input.get(f.name).map(|v| (f.name.to_owned(), v.clone())))
                .collect();
            on_deal = scheme.compute(&Value::Object(own)).ok();
            on_deal.as_ref().map(|c| &c.view)
        }
        Some(_) => None,
    };
    let input = Value::Object(input);
    Seen {
        scheme: scheme.id(),
        period: info.history.period,
        secret: digest([id, &secret[..]]),
        fingerprint: digest([v.fingerprint.as_bytes()]),
        next: details
            .next_fingerprint
            .as_ref()
            .map(|n| digest([n.as_bytes()])),
        nonce,
        deal: view.map(|view| deal_digest(id, view)),
        hands: view.map_or_else(Vec::new, |view| hands(scheme, view, v.seat, &input)),
    }
}

/// Returns a value's bytes as a history compares it: a text's own, any
/// other value's JSON.
fn value_bytes(value: &Value) -> Vec<u8> {
    match value {
        Value::String(text) => text.as_bytes().to_vec(),
        other => other.to_string().into_bytes(),
    }
}

/// Returns the digest of every seat's cards of every deal of `view`: a
/// seat's hand, or its cards in parts by seat; for a deal without seats
/// (a shoe), the shuffled deck.
fn deal_digest(scheme: &[u8], view: &TracedView) -> Key {
    let mut bytes = Vec::new();
    for (deal, (table, deck)) in view.deals.iter().enumerate() {
        bytes.extend_from_slice(&u64::try_from(deal).unwrap_or(u64::MAX).to_le_bytes());
        let mut seats: Vec<Vec<&Card>> = table.hands.iter().map(|h| h.iter().collect()).collect();
        for part in &table.rest {
            if let PartValue::BySeat(by_seat) = &part.value {
                seats.resize(seats.len().max(by_seat.len()), Vec::new());
                for (seat, cards) in by_seat.iter().enumerate() {
                    seats[seat].extend(cards);
                }
            }
        }
        if seats.is_empty() {
            seats.push(deck.iter().collect());
        }
        for cards in seats {
            bytes.push(0xff);
            bytes.extend(cards.iter().map(|&&c| card_byte(c)));
        }
    }
    digest([scheme, &bytes[..]])
}

/// Returns a card as one byte.
fn card_byte(card: Card) -> u8 {
    u8::try_from(crate::odds::deck::index(card)).unwrap_or(u8::MAX)
}

/// Returns the player's cards of each uniformly shuffled deal of `view`,
/// with the deck each was dealt from.
fn hands(
    scheme: &dyn DynScheme,
    view: &TracedView,
    seat: Option<fairdeal::core::table::Seat>,
    input: &Value,
) -> Vec<(Deck, Vec<Card>)> {
    let uniform = scheme.info().history.uniform;
    view.deals
        .iter()
        .enumerate()
        .map(|(i, (_, deck))| (i + 1, deck))
        .filter(|&(deal, _)| uniform(input, deal))
        .filter_map(|(deal, deck)| {
            let cards = player_cards(scheme, view, seat, deal)?;
            Some((Deck::of(deck), cards))
        })
        .collect()
}
