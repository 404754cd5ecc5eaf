//! The player's cards against the exact odds of a uniform shuffle
//! (docs/history.md, "Your cards against the exact odds").
//!
//! A site that drops the deals it dislikes, or picks its seeds, passes
//! every check of one receipt; its players' cards, over many receipts, are
//! no longer dealt as a uniform shuffle deals them. [`Odds`] takes each
//! player's hand of each uniformly shuffled deal, in history order, and
//! [`Odds::tests`] tests them against probabilities computed exactly.
//!
//! Hands are grouped by scheme, by the cards they were dealt from
//! ([`Deck`]) and by their size; the tests follow from the deck and the
//! hand size alone, never from the scheme's name, so that a new scheme is
//! tested without a line here:
//!
//! - any deck: each card's frequency (`frequency`);
//! - a euchre deck (24 cards, 9 to A, with or without the joker), 5 cards
//!   a hand: the events of the sfc32-lock site's page and the longest run of
//!   weak hands (`euchre`, `run`);
//! - a 32-card deck (7 to A), any hand: the counts of trumps and of aces
//!   (`french`);
//! - a shoe of 52-card decks, 2 cards a hand (a blackjack player's first
//!   two): naturals and two-card totals (`shoe`).
//!
//! The chances are exact fractions (`hypergeometric`, each checked by
//! counting every hand). Every p-value is corrected for the number of tests
//! (`holm`), and each test states the hands it needs to see a given shift
//! (`power`): a history too short to show a shift is "consistent" with it
//! too.

mod binomial;
mod classes;
pub mod deck;
mod euchre;
mod french;
mod frequency;
mod group;
mod holm;
mod hypergeometric;
mod power;
mod run;
mod shoe;
#[cfg(test)]
mod simulate;

use std::collections::HashMap;

use fairdeal::core::cards::Card;
use serde::Serialize;

pub use deck::Deck;
use group::Group;

/// A corrected p-value below this is a finding: the threshold of the
/// history's verdict, and the one [`Detect`] is computed for.
pub const THRESHOLD: f64 = 0.001;

/// The hands of a history, grouped by scheme, deck and hand size, each
/// group tallied as its hands come.
#[derive(Clone, Debug, Default)]
pub struct Odds {
    groups: Vec<Group>,
    index: HashMap<Key, usize>,
    /// The group of the last hand: a history is mostly one scheme.
    last: Option<usize>,
}

/// What a group of hands is: hands of one scheme, dealt from one deck, of
/// one size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    scheme: &'static str,
    deck: Deck,
    hand: usize,
}

impl Odds {
    /// Returns no hands yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// One player's cards of one uniformly shuffled deal, in history order
    /// (the order matters for the longest-run test). The cards are those
    /// of `deck`; one that is not is counted as no card of it. Cheap: no
    /// allocation once the group of (scheme, deck, hand size) exists.
    pub fn add(&mut self, scheme: &'static str, deck: &Deck, cards: &[Card]) {
        let hit = self.last.filter(|&i| {
            let key = &self.groups[i].key;
            key.hand == cards.len() && key.scheme == scheme && key.deck == *deck
        });
        let i = match hit {
            Some(i) => i,
            None => {
                let key = Key {
                    scheme,
                    deck: *deck,
                    hand: cards.len(),
                };
                let groups = &mut self.groups;
                *self.index.entry(key).or_insert_with_key(|key| {
                    groups.push(Group::new(key.clone()));
                    groups.len() - 1
                })
            }
        };
        self.last = Some(i);
        self.groups[i].add(cards);
    }

    /// Every test over the hands added, ordered by scheme, then deck and
    /// hand size, then test, with p-values and Holm-corrected p-values over
    /// all of them.
    pub fn tests(&self) -> Vec<Test> {
        let mut groups: Vec<&Group> = self.groups.iter().collect();
        groups.sort_by_cached_key(|g| g.order());
        let drafts: Vec<Draft> = groups.iter().flat_map(|g| g.tests()).collect();
        let p: Vec<f64> = drafts.iter().map(|d| d.test.p_value).collect();
        let corrected = holm::holm(&p);
        // The smallest p of m tests is multiplied by m: what one shifted
        // test needs to reach the threshold after correction.
        let alpha = THRESHOLD / drafts.len().max(1) as f64;
        drafts
            .into_iter()
            .zip(corrected)
            .map(|(draft, p_corrected)| Test {
                p_corrected,
                detect: power::detect(&draft.power, alpha),
                ..draft.test
            })
            .collect()
    }
}

/// One test of one group of hands.
#[derive(Clone, Debug, Serialize)]
pub struct Test {
    /// The scheme whose deals these are.
    pub scheme: &'static str,
    /// The cards the hands were dealt from, and how many a hand: "euchre
    /// deck (24 cards, 9 to A), 5 cards a hand".
    pub deck: String,
    /// Its id, stable: `weak-hand`, `card-frequency`.
    pub name: String,
    /// What it counts, in a line a player reads.
    pub what: String,
    /// How it is tested.
    pub method: Method,
    /// The hands tested.
    pub hands: u64,
    /// What was seen: the hands showing the event (binomial), the longest
    /// run (longest run), or the statistic (chi-squared).
    pub observed: Observed,
    /// What a uniform shuffle gives: the exact chance of the event a hand,
    /// as a fraction in lowest terms (`136/253`); the range of the longest
    /// run in 95% of fair histories; the chi-squared law of the statistic.
    pub expected: String,
    /// The degrees of freedom of a chi-squared test.
    pub df: Option<u64>,
    /// The chance, in a fair deal, of a result at least as far from the
    /// expected as the one seen (two-sided).
    pub p_value: f64,
    /// `p_value` corrected for all the tests returned together (Holm).
    pub p_corrected: f64,
    /// The hands needed to see a given shift: none for the longest run.
    pub detect: Option<Detect>,
    /// What was counted against what was expected, one class a line (the
    /// event; each count of trumps; each card): the plot's rows.
    pub classes: Vec<Class>,
}

/// How a test's p-value is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// An exact binomial test of the hands showing an event.
    Binomial,
    /// The longest run of hands showing an event, against its exact law.
    LongestRun,
    /// A chi-squared test over classes of hands, or over cards.
    ChiSquared,
}

/// What a test saw.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Observed {
    /// A count: of hands, or the length of a run.
    Count(u64),
    /// A statistic.
    Statistic(f64),
}

/// The power of a test: how many hands show a given shift.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Detect {
    /// The shift, as a chance: of the event a hand (binomial), of the most
    /// likely class (chi-squared over classes), or of one card's expected
    /// count a hand (card frequency). 0.05 is 5 percentage points.
    pub shift: f64,
    /// The hands after which a shift that size, either way, makes the
    /// corrected p-value fall below [`THRESHOLD`] 4 times in 5.
    pub hands: u64,
}

/// One class of a test: what was counted, against what a fair deal gives.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Class {
    /// What it is: `weak hands`, `2` (trumps), `hard 12`, `Jc`.
    pub label: String,
    /// The count seen.
    pub observed: u64,
    /// The count a fair deal gives on average (the median, for a run).
    pub expected: f64,
    /// The range of the count in 95% of fair histories: the expected
    /// count plus or minus 1.96 standard deviations, never below 0; the
    /// exact quantiles of the longest run.
    pub low: f64,
    /// The top of that range.
    pub high: f64,
    /// The exact chance of the class (a hand, or a card dealt), in lowest
    /// terms; none for a run.
    pub exact: Option<String>,
}

/// A test before the correction for all tests and its power.
#[derive(Clone, Debug)]
struct Draft {
    test: Test,
    power: power::Power,
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::decks::{EUCHRE, STANDARD};
    use fairdeal::core::cards::{Rank, Suit};

    use super::simulate::{Rng, deal};
    use super::*;

    /// A site: deals hands of `hand` cards from `deck` to `scheme`'s player
    /// until `n` are kept; a deal `drop` says the site dislikes is dealt
    /// again with chance 1/2.
    fn history(
        odds: &mut Odds,
        scheme: &'static str,
        deck: &[Card],
        hand: usize,
        n: u64,
        seed: u64,
        drop: impl Fn(&[Card]) -> bool,
    ) {
        let counted = Deck::of(deck);
        let mut rng = Rng::new(seed);
        let mut kept = 0;
        while kept < n {
            let cards = deal(&mut rng, deck);
            let mine = &cards[..hand];
            if drop(&cards) && rng.coin() {
                continue;
            }
            odds.add(scheme, &counted, mine);
            kept += 1;
        }
    }

    fn fair(_: &[Card]) -> bool {
        false
    }

    fn flagged(tests: &[Test]) -> Vec<&str> {
        tests
            .iter()
            .filter(|t| t.p_corrected < THRESHOLD)
            .map(|t| t.name.as_str())
            .collect()
    }

    fn count(hand: &[Card], f: impl Fn(Card) -> bool) -> usize {
        hand.iter().filter(|&&c| f(c)).count()
    }

    fn is(rank: Rank) -> impl Fn(Card) -> bool {
        move |c| matches!(c, Card::Suited(r, _) if r == rank)
    }

    fn euchre_with_joker() -> Vec<Card> {
        EUCHRE.into_iter().chain([Card::Joker]).collect()
    }

    fn french() -> Vec<Card> {
        STANDARD
            .into_iter()
            .filter(|c| matches!(c, Card::Suited(r, _) if *r >= Rank::Seven))
            .collect()
    }

    fn shoe() -> Vec<Card> {
        (0..8).flat_map(|_| STANDARD).collect()
    }

    fn names<'a>(tests: &'a [Test], scheme: &str) -> Vec<&'a str> {
        tests
            .iter()
            .filter(|t| t.scheme == scheme)
            .map(|t| t.name.as_str())
            .collect()
    }

    /// A few thousand fair hands of each kind of deck, mixed in one
    /// history: every test made, none below the threshold after
    /// correction, and each states the hands it needs.
    #[test]
    fn fair_histories_are_consistent() {
        let mut odds = Odds::new();
        history(&mut odds, "e", &EUCHRE, 5, 4000, 1, fair);
        history(&mut odds, "j", &euchre_with_joker(), 5, 4000, 2, fair);
        history(&mut odds, "f", &french(), 8, 4000, 3, fair);
        history(&mut odds, "f", &french(), 5, 3000, 4, fair);
        history(&mut odds, "b", &shoe(), 2, 4000, 5, fair);
        // A deck of no known shape: its card frequencies alone.
        history(&mut odds, "o", &STANDARD, 13, 1000, 6, fair);
        let tests = odds.tests();
        let euchre = [
            "weak-hand",
            "weak-hand-run",
            "no-bower",
            "no-right-bower",
            "farmers-hand",
            "card-frequency",
        ];
        assert_eq!(names(&tests, "e"), euchre);
        assert_eq!(names(&tests, "j"), euchre);
        let french = ["trump-count", "ace-count", "card-frequency"];
        assert_eq!(names(&tests, "f"), [french, french].concat());
        assert_eq!(
            names(&tests, "b"),
            ["natural", "two-card-total", "card-frequency"]
        );
        assert_eq!(names(&tests, "o"), ["card-frequency"]);
        // Ordered by scheme, then deck: the 5-card French hands first.
        let schemes: Vec<&str> = tests.iter().map(|t| t.scheme).collect();
        assert!(schemes.windows(2).all(|w| w[0] <= w[1]), "{schemes:?}");
        let french_hands: Vec<u64> = tests
            .iter()
            .filter(|t| t.scheme == "f")
            .map(|t| t.hands)
            .collect();
        assert_eq!(french_hands, [3000, 3000, 3000, 4000, 4000, 4000]);
        assert!(flagged(&tests).is_empty(), "{:?}", flagged(&tests));
        for t in &tests {
            assert!(t.p_corrected >= t.p_value && t.p_value > 0.0, "{t:?}");
            assert_eq!(t.detect.is_none(), t.method == Method::LongestRun, "{t:?}");
        }
        let joker = tests.iter().find(|t| t.scheme == "j").unwrap();
        assert_eq!(joker.expected, "1802/3795");
        assert!(joker.what.contains("the joker"));
    }

    /// Sites that deal again, half the time, a deal they dislike: the test
    /// that sees it is flagged, and the fair scheme beside it is not.
    #[test]
    fn dropped_deals_are_flagged_on_the_right_test() {
        let mut odds = Odds::new();
        history(&mut odds, "fair", &EUCHRE, 5, 4000, 11, fair);
        // Two jacks or more: fewer bowers of any named suit.
        history(&mut odds, "jacks", &EUCHRE, 5, 4000, 12, |d| {
            count(&d[..5], is(Rank::Jack)) >= 2
        });
        // Both black jacks, or two aces or more: the jacks and aces are
        // seen less often.
        history(
            &mut odds,
            "black-jacks-or-aces",
            &EUCHRE,
            5,
            4000,
            13,
            |d| {
                let h = &d[..5];
                (h.contains(&Card::new(Rank::Jack, Suit::Clubs))
                    && h.contains(&Card::new(Rank::Jack, Suit::Spades)))
                    || count(h, is(Rank::Ace)) >= 2
            },
        );
        history(&mut odds, "aces", &french(), 8, 4000, 14, |d| {
            count(&d[..8], is(Rank::Ace)) >= 2
        });
        history(&mut odds, "naturals", &shoe(), 2, 4000, 15, |d| {
            let ten =
                |c: Card| matches!(c, Card::Suited(r, _) if (Rank::Ten..Rank::Ace).contains(&r));
            count(&d[..2], is(Rank::Ace)) == 1 && count(&d[..2], ten) == 1
        });
        let tests = odds.tests();
        let flagged_in = |scheme: &str| -> Vec<&str> {
            tests
                .iter()
                .filter(|t| t.scheme == scheme && t.p_corrected < THRESHOLD)
                .map(|t| t.name.as_str())
                .collect()
        };
        assert!(flagged_in("fair").is_empty());
        let jacks = flagged_in("jacks");
        assert!(
            jacks.contains(&"no-bower") && jacks.contains(&"card-frequency"),
            "{jacks:?}"
        );
        assert_eq!(flagged_in("black-jacks-or-aces"), ["card-frequency"]);
        let aces = flagged_in("aces");
        assert!(
            aces.contains(&"ace-count") && !aces.contains(&"trump-count"),
            "{aces:?}"
        );
        assert!(flagged_in("naturals").contains(&"natural"));
        assert!(!flagged_in("naturals").contains(&"card-frequency"));
    }

    /// Forty weak hands in a row, each weak for the suit its place names,
    /// then fair ones: the run is flagged; the same hands in another order
    /// would not be.
    #[test]
    fn a_streak_of_weak_hands_is_flagged_by_the_run() {
        let deck = Deck::of(&EUCHRE);
        let mut odds = Odds::new();
        let mut rng = Rng::new(21);
        for i in 0..2000 {
            let trump = fairdeal::core::cards::SUITS[i % 4];
            loop {
                let cards = deal(&mut rng, &EUCHRE);
                let trumps = count(&cards[..5], |c| fairdeal_audit::odds::is_trump(c, trump));
                if i >= 40 || trumps <= 1 {
                    odds.add("streak", &deck, &cards[..5]);
                    break;
                }
            }
        }
        let tests = odds.tests();
        let run = tests.iter().find(|t| t.name == "weak-hand-run").unwrap();
        assert!(
            matches!(run.observed, Observed::Count(n) if n >= 40),
            "{run:?}"
        );
        assert!(run.p_corrected < THRESHOLD);
    }

    #[test]
    fn tests_read_as_json() {
        let mut odds = Odds::new();
        history(&mut odds, "e", &EUCHRE, 5, 30, 1, fair);
        let tests = odds.tests();
        let json = serde_json::to_value(&tests[0]).unwrap();
        assert_eq!(json["name"], "weak-hand");
        assert_eq!(json["method"], "binomial");
        assert_eq!(json["expected"], "136/253");
        assert!(json["observed"].is_u64());
        assert!(json["detect"]["hands"].is_u64());
        let frequency = tests.iter().find(|t| t.name == "card-frequency").unwrap();
        assert!(serde_json::to_value(frequency).unwrap()["observed"].is_f64());
        assert!(Odds::new().tests().is_empty());
    }
}
