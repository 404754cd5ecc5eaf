//! Every fairdeal scheme behind one registry, and the table a person reads.
//!
//! The CLI and the conformance suite see schemes only through [`SCHEMES`];
//! registering a scheme here is what makes `fairdeal deal`, `fairdeal verify`,
//! `fairdeal vectors` and the conformance tests pick it up.

pub mod describe;
pub mod receipt;
pub mod render;
mod slips;
pub mod verdict;

pub use fairdeal_atout as atout;
pub use fairdeal_core as core;
pub use fairdeal_core::{DynScheme, Error, ErrorKind, Game, Verb};
pub use fairdeal_euchremaster as euchremaster;
pub use fairdeal_hmac_blackjack as hmac_blackjack;
pub use fairdeal_sfc32_lock as sfc32_lock;
pub use fairdeal_showdown as showdown;

/// Every scheme this build knows, in the order `fairdeal schemes` lists them.
///
/// Adding a scheme is one line here (see docs/adding-a-scheme.md).
pub static SCHEMES: &[&dyn DynScheme] = &[
    &euchremaster::EuchreMaster,
    &sfc32_lock::Sfc32Lock,
    &atout::AtoutV1,
    &hmac_blackjack::HmacBlackjack,
    &showdown::Showdown,
];

/// Returns the registered scheme called `id`.
pub fn scheme(id: &str) -> Option<&'static dyn DynScheme> {
    SCHEMES.iter().copied().find(|s| s.id() == id)
}

/// Returns every game of every registered scheme, with its scheme, in
/// registry order (see [`Game`]).
pub fn games() -> impl Iterator<Item = (&'static dyn DynScheme, &'static Game)> {
    SCHEMES
        .iter()
        .flat_map(|s| s.info().games.iter().map(move |g| (*s, g)))
}

/// Returns the game called `name` and its scheme. Game names are unique
/// across the registry: `fairdeal play NAME` needs no scheme id.
pub fn game(name: &str) -> Option<(&'static dyn DynScheme, &'static Game)> {
    games().find(|(_, g)| g.name == name)
}

#[cfg(test)]
mod tests {
    use fairdeal_core::input::{FieldKind, Rule, Seats};

    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        for s in SCHEMES {
            assert_eq!(scheme(s.id()).map(DynScheme::id), Some(s.id()));
            assert_eq!(SCHEMES.iter().filter(|t| t.id() == s.id()).count(), 1);
        }
        assert!(scheme("nope").is_none());
    }

    #[test]
    fn game_names_are_unique_across_the_registry() {
        for (_, g) in games() {
            assert_eq!(
                games().filter(|(_, h)| h.name == g.name).count(),
                1,
                "{}",
                g.name
            );
            assert_eq!(game(g.name).map(|(_, h)| h.name), Some(g.name));
        }
        assert_eq!(
            game("blackjack").map(|(s, _)| s.id()),
            Some("hmac-blackjack")
        );
        assert!(game("nope").is_none());
    }

    /// A rule that reads another field (a seat of the table it states)
    /// comes after it in its field list, so that `Fields::new` has checked
    /// it; a count of seats is an integer field, a table's name a text.
    #[test]
    fn a_rule_comes_after_the_field_it_reads() {
        let lists = SCHEMES
            .iter()
            .map(|s| (s.id(), s.info().fields))
            .chain(games().map(|(_, g)| (g.name, g.fields)));
        for (owner, fields) in lists {
            for (i, field) in fields.iter().enumerate() {
                let (Rule::Seat(seats) | Rule::PerSeat { seats, .. }) = field.rule else {
                    continue;
                };
                let of = fields[..i].iter().find(|f| f.name == seats.of());
                let kind = match seats {
                    Seats::Count { .. } => FieldKind::Integer,
                    _ => FieldKind::Text,
                };
                assert_eq!(
                    of.map(|f| f.kind),
                    Some(kind),
                    "{owner}: {} reads {}, which must come before it",
                    field.name,
                    seats.of()
                );
            }
        }
    }

    /// What a history reads of a receipt is a field of the scheme (and of
    /// each of its games, which share its seeds): the secret one the
    /// fingerprint covers, a text; the nonce, where there is one, an
    /// integer; the pair's other fields texts.
    #[test]
    fn a_history_reads_fields_the_scheme_has() {
        use fairdeal_core::info::Period;
        for s in SCHEMES {
            let info = s.info();
            let history = info.history;
            let lists = std::iter::once(info.fields).chain(info.games.iter().map(|g| g.fields));
            for fields in lists {
                let kind = |name: &str| fields.iter().find(|f| f.name == name).map(|f| f.kind);
                assert_eq!(kind(history.secret), Some(FieldKind::Text), "{}", s.id());
                // A game drawn from public entropy without a nonce (a
                // battle) has none: it is outside the nonce count.
                if let Period::Nonce { nonce, with } = history.period {
                    assert!(
                        matches!(kind(nonce), None | Some(FieldKind::Integer)),
                        "{}",
                        s.id()
                    );
                    for w in with {
                        assert_eq!(kind(w), Some(FieldKind::Text), "{}: {w}", s.id());
                    }
                }
            }
            assert!(
                info.commitment.covers.contains(&history.secret),
                "{}: the fingerprint covers the secret",
                s.id()
            );
        }
    }
}
