//! The euchre events of the sfc32-lock site's page, in the player's hands
//! (docs/fairness.md, "Euchre odds", where each is derived): one trump or
//! none, no bower of the named suit, no right bower, a farmer's hand; and
//! the longest run of weak hands.
//!
//! Any deck of the 24 cards 9 to A once each, with or without the joker,
//! dealt 5 cards a hand. Trump is a suit the player did not choose: here
//! it is named in turn with the hand's place in its group (clubs,
//! diamonds, hearts, spades, clubs, ...), never from the hand, so every
//! hand has the same chance of every event and the hands stay independent.
//!
//! **The joker.** Neither scheme page that deals it ranks it
//! (docs/schemes/euchremaster.md deals it as the 25th card and says no
//! more); euchre played with a joker makes it the highest trump (the "best
//! bower"), whatever suit is named. So here it counts as a trump, 8 of
//! them: a weak hand is [C(17,5) + 8 C(17,4)] / C(25,5) = 1802/3795. It is
//! not a jack: the bowers are the two jacks, as without it. The other
//! chances follow the same counts over 25 cards.

use fairdeal::core::cards::{Card, Rank, SUITS, Suit};
use fairdeal_audit::odds::{left_bower, right_bower};
use num_rational::BigRational;

use super::Draft;
use super::binomial::{self, Event};
use super::deck::Deck;
use super::hypergeometric::{at_most, exactly};
use super::run::{self, Run};

/// Cards in a hand.
pub const HAND: usize = 5;

/// Returns whether `deck` is a euchre deck: `Some(true)` with the joker,
/// `Some(false)` without, `None` for any other deck.
pub fn shape(deck: &Deck) -> Option<bool> {
    let joker = deck.count(Card::Joker);
    let euchre = deck.cards().all(|(card, n)| {
        n == 1
            && match card {
                Card::Suited(rank, _) => rank >= Rank::Nine,
                Card::Joker => true,
            }
    });
    (euchre && deck.len() == 24 + u32::from(joker)).then_some(joker == 1)
}

/// The bit of a card in a hand's mask: 6 a suit, 9 10 J Q K A, then the
/// joker; none for another card.
fn bit(card: Card) -> u32 {
    match card {
        Card::Suited(rank, suit) if rank >= Rank::Nine => {
            1 << (suit as u32 * 6 + (rank as u32 - Rank::Nine as u32))
        }
        Card::Suited(..) => 0,
        Card::Joker => 1 << 24,
    }
}

/// The 9s and 10s of every suit.
const FARMERS: u32 = 0b11 | 0b11 << 6 | 0b11 << 12 | 0b11 << 18;

/// The cards of one named suit's events.
#[derive(Clone, Copy, Debug)]
struct Masks {
    trumps: u32,
    bowers: u32,
    right: u32,
}

impl Masks {
    fn new(trump: Suit, joker: bool) -> Self {
        let suit = 0b11_1111 << (trump as u32 * 6);
        let left = bit(left_bower(trump));
        let right = bit(right_bower(trump));
        Self {
            trumps: suit | left | if joker { bit(Card::Joker) } else { 0 },
            bowers: right | left,
            right,
        }
    }

    /// Returns the events of the hand whose mask is `hand`, in the order of
    /// [`EVENTS`], bit i for event i.
    fn events(self, hand: u32) -> u8 {
        u8::from((hand & self.trumps).count_ones() <= 1)
            | u8::from(hand & self.bowers == 0) << 1
            | u8::from(hand & self.right == 0) << 2
            | u8::from(hand & !FARMERS == 0) << 3
    }
}

/// The events: id, what a player reads, what hands showing it are called.
const EVENTS: [(&str, &str, &str); 4] = [
    (
        "weak-hand",
        "hands with one trump or none, trump a suit named in turn (clubs, diamonds, hearts, spades)",
        "weak hands",
    ),
    (
        "no-bower",
        "hands without either jack of the named suit's colour (no right or left bower)",
        "hands without a bower",
    ),
    (
        "no-right-bower",
        "hands without the jack of the named suit (the right bower)",
        "hands without the right bower",
    ),
    (
        "farmers-hand",
        "farmer's hands: all five cards 9s and 10s",
        "farmer's hands",
    ),
];

/// Returns the exact chance of each event in one hand of the deck, with
/// the joker or without.
pub fn chances(joker: bool) -> [BigRational; 4] {
    let cards = 24 + u64::from(joker);
    let trumps = 7 + u64::from(joker);
    let hand = HAND as u64;
    [
        // At most one of the trumps.
        at_most(cards, trumps, hand, 1),
        // Neither jack of the named colour.
        exactly(cards, 2, hand, 0),
        // Not the jack of the named suit.
        exactly(cards, 1, hand, 0),
        // All five of the eight 9s and 10s.
        exactly(cards, 8, hand, hand),
    ]
}

/// The euchre events of a group of hands, counted.
#[derive(Clone, Debug)]
pub struct Euchre {
    joker: bool,
    masks: [Masks; 4],
    chances: [BigRational; 4],
    /// The named suit of the next hand.
    next: usize,
    seen: [u64; 4],
    run: u64,
    longest: u64,
}

impl Euchre {
    /// Returns no hands yet, dealt from the deck with the joker or without.
    pub fn new(joker: bool) -> Self {
        Self {
            joker,
            masks: SUITS.map(|s| Masks::new(s, joker)),
            chances: chances(joker),
            next: 0,
            seen: [0; 4],
            run: 0,
            longest: 0,
        }
    }

    /// Counts the next hand.
    pub fn add(&mut self, cards: &[Card]) {
        let hand = cards.iter().fold(0, |m, &c| m | bit(c));
        let events = self.masks[self.next].events(hand);
        self.next = (self.next + 1) % SUITS.len();
        for (i, seen) in self.seen.iter_mut().enumerate() {
            *seen += u64::from(events >> i & 1);
        }
        self.run = if events & 1 == 1 { self.run + 1 } else { 0 };
        self.longest = self.longest.max(self.run);
    }

    /// Returns the tests of `n` hands counted.
    pub(super) fn tests(&self, scheme: &'static str, deck: &str, n: u64) -> Vec<Draft> {
        let trumps = if self.joker {
            "8 trumps with the left bower and the joker"
        } else {
            "7 trumps with the left bower"
        };
        let mut drafts = Vec::with_capacity(EVENTS.len() + 1);
        for (i, &(name, what, label)) in EVENTS.iter().enumerate() {
            let what = if i == 0 {
                format!("{what}: {trumps}")
            } else {
                what.to_owned()
            };
            let event = Event {
                scheme,
                deck,
                name,
                what: &what,
                label,
            };
            drafts.push(binomial::test(event, n, self.seen[i], &self.chances[i]));
            if i == 0 {
                let of = Run {
                    scheme,
                    deck,
                    name: "weak-hand-run",
                    what: "the longest run of weak hands in a row (one trump or none), in history order",
                };
                drafts.push(run::test(of, n, self.longest, &self.chances[0]));
            }
        }
        drafts
    }
}

#[cfg(test)]
mod tests {
    use fairdeal::core::cards::decks::EUCHRE;
    use fairdeal_audit::exact::{fraction, ratio};
    use fairdeal_audit::odds::is_trump;

    use super::super::simulate::subsets;
    use super::*;

    /// The events by their definitions, card by card, written apart from
    /// the masks: the joker a trump, not a bower.
    fn holds(event: usize, hand: &[Card], trump: Suit) -> bool {
        let trumps = hand
            .iter()
            .filter(|&&c| c == Card::Joker || is_trump(c, trump))
            .count();
        let has = |c: Card| hand.contains(&c);
        match event {
            0 => trumps <= 1,
            1 => !has(right_bower(trump)) && !has(left_bower(trump)),
            2 => !has(right_bower(trump)),
            _ => hand
                .iter()
                .all(|c| matches!(c, Card::Suited(Rank::Nine | Rank::Ten, _))),
        }
    }

    /// Every hand of the deck, with and without the joker, with each suit
    /// named: the events counted by their definitions agree with the masks
    /// and with the exact chances.
    #[test]
    fn every_hand_counted_agrees_with_the_exact_chances() {
        for joker in [false, true] {
            let deck: Vec<Card> = EUCHRE
                .into_iter()
                .chain(joker.then_some(Card::Joker))
                .collect();
            let size = u32::try_from(deck.len()).unwrap();
            let mut counts = [0u64; 4];
            let mut hands = 0u64;
            for mask in subsets(size, 5) {
                hands += 1;
                let hand: Vec<Card> = (0..deck.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| deck[i])
                    .collect();
                let bits = hand.iter().fold(0, |m, &c| m | bit(c));
                for trump in SUITS {
                    let events = Masks::new(trump, joker).events(bits);
                    for (i, count) in counts.iter_mut().enumerate() {
                        let holds = holds(i, &hand, trump);
                        assert_eq!(events >> i & 1 == 1, holds, "{hand:?} {trump:?} {i}");
                        *count += u64::from(holds);
                    }
                }
            }
            for (count, chance) in counts.iter().zip(chances(joker)) {
                assert_eq!(ratio(*count, 4 * hands), chance, "joker {joker}");
            }
        }
        let shown = |joker| chances(joker).map(|c| fraction(&c));
        assert_eq!(shown(false), ["136/253", "57/92", "19/24", "1/759"]);
        assert_eq!(shown(true), ["1802/3795", "19/30", "4/5", "4/3795"]);
    }

    #[test]
    fn only_euchre_decks_are_euchre() {
        assert_eq!(shape(&Deck::of(&EUCHRE)), Some(false));
        let joker: Vec<Card> = EUCHRE.into_iter().chain([Card::Joker]).collect();
        assert_eq!(shape(&Deck::of(&joker)), Some(true));
        assert_eq!(shape(&Deck::of(&EUCHRE[1..])), None);
        let twice: Vec<Card> = EUCHRE.into_iter().chain(EUCHRE).collect();
        assert_eq!(shape(&Deck::of(&twice)), None);
        let standard = fairdeal::core::cards::decks::STANDARD;
        assert_eq!(shape(&Deck::of(&standard)), None);
    }

    #[test]
    fn the_named_suit_turns_and_runs_are_counted() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        // Weak for clubs (no club, no Js), not for diamonds (Jh, Ad, Kd).
        let hand: Vec<Card> = ["Jh", "Ad", "Kd", "9s", "Ts"].map(card).to_vec();
        let mut euchre = Euchre::new(false);
        euchre.add(&hand);
        euchre.add(&hand);
        assert_eq!((euchre.seen[0], euchre.run, euchre.longest), (1, 0, 1));
        euchre.add(&hand); // hearts: Jh alone, one trump: weak.
        euchre.add(&hand); // spades: 9s Ts, 2 trumps.
        assert_eq!((euchre.seen[0], euchre.longest), (2, 1));
        euchre.add(&hand); // clubs again.
        assert_eq!(euchre.next, 1);
    }
}
