//! Cards as a person reads them: suit symbols (`10♥`) or the two-letter
//! codes (`Th`) for plain terminals, red suits in colour where the terminal
//! shows it, and a hand sorted by suit and rank (the JSON keeps dealt order).

use fairdeal_core::cards::{Card, Rank, Suit};

/// How cards are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Suit symbols and `10`; false for the codes of the method (`Th`).
    pub symbols: bool,
    /// Hearts and diamonds in red (ANSI); only for a terminal.
    pub colour: bool,
}

impl Style {
    /// Symbols, no colour: what the snapshots and a pipe get.
    pub const SYMBOLS: Self = Self {
        symbols: true,
        colour: false,
    };
    /// The method's codes, no colour (`--ascii`).
    pub const ASCII: Self = Self {
        symbols: false,
        colour: false,
    };
}

const RED: &str = "\x1b[31m";
const RESET: &str = "\x1b[0m";

/// Returns `card` drawn in `style`.
pub fn show(card: Card, style: Style) -> String {
    let Card::Suited(rank, suit) = card else {
        return if style.symbols { "Joker" } else { "Jk" }.to_owned();
    };
    if !style.symbols {
        return card.to_string();
    }
    let rank = match rank {
        Rank::Ten => "10".to_owned(),
        other => other.code().to_string(),
    };
    let (symbol, red) = match suit {
        Suit::Spades => ('♠', false),
        Suit::Hearts => ('♥', true),
        Suit::Clubs => ('♣', false),
        Suit::Diamonds => ('♦', true),
    };
    if style.colour && red {
        format!("{RED}{rank}{symbol}{RESET}")
    } else {
        format!("{rank}{symbol}")
    }
}

/// Returns `cards` in the order given, separated by spaces.
pub fn in_order(cards: &[Card], style: Style) -> Vec<String> {
    cards.iter().map(|&c| show(c, style)).collect()
}

/// Returns a hand for display: the joker first, then by suit (spades,
/// hearts, clubs, diamonds: the colours alternate) and rank, high first.
pub fn sorted(cards: &[Card], style: Style) -> Vec<String> {
    let mut cards = cards.to_vec();
    cards.sort_by_key(|card| match card {
        Card::Joker => (0, 0),
        Card::Suited(rank, suit) => {
            let suit = match suit {
                Suit::Spades => 1,
                Suit::Hearts => 2,
                Suit::Clubs => 3,
                Suit::Diamonds => 4,
            };
            (suit, u8::MAX - *rank as u8)
        }
    });
    in_order(&cards, style)
}

/// Returns how many columns `text` takes: its characters less any colour
/// codes.
pub fn width(text: &str) -> usize {
    let mut n = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => n += 1,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(codes: &str) -> Vec<Card> {
        codes
            .split(' ')
            .map(|c| c.parse().expect("a card code"))
            .collect()
    }

    #[test]
    fn a_hand_sorts_by_suit_then_rank_high_first() {
        let hand = cards("9d Tc Ah Jk Ks 9s Td");
        assert_eq!(
            sorted(&hand, Style::SYMBOLS).join(" "),
            "Joker K♠ 9♠ A♥ 10♣ 10♦ 9♦"
        );
        assert_eq!(
            sorted(&hand, Style::ASCII).join(" "),
            "Jk Ks 9s Ah Tc Td 9d"
        );
        assert_eq!(
            in_order(&hand, Style::ASCII).join(" "),
            "9d Tc Ah Jk Ks 9s Td"
        );
    }

    #[test]
    fn red_suits_in_colour_take_no_extra_columns() {
        let style = Style {
            symbols: true,
            colour: true,
        };
        let heart = show(cards("Th")[0], style);
        assert_eq!(heart, "\x1b[31m10♥\x1b[0m");
        assert_eq!(width(&heart), 3);
        assert_eq!(show(cards("As")[0], style), "A♠");
    }
}
