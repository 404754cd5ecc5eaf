//! One group of hands: one scheme's, dealt from one deck, of one size;
//! each card counted, and the shape of the deck deciding what else is.

use fairdeal::core::cards::Card;

use super::deck::{CARDS, index};
use super::euchre::{self, Euchre};
use super::french::{self, French};
use super::shoe::{self, Shoe};
use super::{Draft, Key, frequency};

/// The hands of one group, tallied.
#[derive(Clone, Debug)]
pub struct Group {
    pub key: Key,
    /// The deck and hand size, as a player reads them.
    described: String,
    hands: u64,
    /// How many times each card was in a hand.
    cards: [u64; CARDS],
    shape: Shape,
}

/// What the deck and the hand size add to the card frequency.
#[derive(Clone, Debug)]
enum Shape {
    Euchre(Box<Euchre>),
    French(Box<French>),
    Shoe(Box<Shoe>),
    Other,
}

impl Group {
    /// Returns the group of `key`, no hands yet.
    pub fn new(key: Key) -> Self {
        let (shape, what) = match (euchre::shape(&key.deck), key.hand) {
            (Some(joker), euchre::HAND) => (
                Shape::Euchre(Box::new(Euchre::new(joker))),
                if joker {
                    "euchre deck with the joker (25 cards)".to_owned()
                } else {
                    "euchre deck (24 cards, 9 to A)".to_owned()
                },
            ),
            _ if french::shape(&key.deck) && key.hand < 32 => (
                Shape::French(Box::new(French::new(key.hand))),
                "32-card deck (7 to A)".to_owned(),
            ),
            _ => match (shoe::shape(&key.deck), key.hand) {
                (Some(decks), shoe::HAND) => (
                    Shape::Shoe(Box::new(Shoe::new(decks))),
                    match decks {
                        1 => "52-card deck".to_owned(),
                        _ => format!("shoe of {decks} decks ({} cards)", key.deck.len()),
                    },
                ),
                _ => (
                    Shape::Other,
                    format!(
                        "{} cards ({} distinct)",
                        key.deck.len(),
                        key.deck.cards().count()
                    ),
                ),
            },
        };
        let plural = if key.hand == 1 { "" } else { "s" };
        Self {
            described: format!("{what}, {} card{plural} a hand", key.hand),
            key,
            hands: 0,
            cards: [0; CARDS],
            shape,
        }
    }

    /// Counts the next hand.
    pub fn add(&mut self, cards: &[Card]) {
        self.hands += 1;
        for &card in cards {
            self.cards[index(card)] += 1;
        }
        match &mut self.shape {
            Shape::Euchre(euchre) => euchre.add(cards),
            Shape::French(french) => french.add(cards),
            Shape::Shoe(shoe) => shoe.add(cards),
            Shape::Other => {}
        }
    }

    /// Returns where the group's tests come among all: by scheme, then the
    /// deck's size, the hand's, and the deck's cards.
    pub fn order(&self) -> (&'static str, u32, usize, Vec<(usize, u16)>) {
        let cards = self.key.deck.cards().map(|(c, n)| (index(c), n)).collect();
        (self.key.scheme, self.key.deck.len(), self.key.hand, cards)
    }

    /// Returns the group's tests, in a fixed order: what the shape adds,
    /// then the card frequency.
    pub(super) fn tests(&self) -> Vec<Draft> {
        let (scheme, deck) = (self.key.scheme, self.described.as_str());
        let mut drafts = match &self.shape {
            Shape::Euchre(euchre) => euchre.tests(scheme, deck, self.hands),
            Shape::French(french) => french.tests(scheme, deck),
            Shape::Shoe(shoe) => shoe.tests(scheme, deck, self.hands),
            Shape::Other => Vec::new(),
        };
        drafts.extend(frequency::test(
            scheme,
            deck,
            &self.key.deck,
            self.key.hand,
            self.hands,
            &self.cards,
        ));
        drafts
    }
}
