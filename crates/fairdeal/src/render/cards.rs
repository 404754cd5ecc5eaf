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
    cards.sort_by_key(reading_order);
    in_order(&cards, style)
}

/// Where a card goes in a hand sorted for reading (see [`sorted`]).
fn reading_order(card: &Card) -> (u8, u8) {
    match card {
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
    }
}

/// A card of a hand compared with another, and whether it is not among
/// the other's.
pub type Marked = (Card, bool);

/// Returns the cards dealt and the cards recorded of a hand that differs,
/// side by side for comparing them, each with whether it differs: the
/// recorded cards sorted for reading, and the dealt ones in the same places
/// (a card in both where it is among the recorded, each that differs,
/// sorted, in the place of one recorded that differs). `dealt_differs` and
/// `recorded_differs` say, for each card of `dealt` and `recorded`, whether
/// it is not in the other (the verdict's flags); [`marked`] draws them.
pub fn compared(
    dealt: &[Card],
    dealt_differs: &[bool],
    recorded: &[Card],
    recorded_differs: &[bool],
) -> (Vec<Marked>, Vec<Marked>) {
    let flagged = |cards: &[Card], differs: &[bool]| -> Vec<Marked> {
        let mut out: Vec<Marked> = cards
            .iter()
            .zip(differs.iter().chain(std::iter::repeat(&false)))
            .map(|(&c, &d)| (c, d))
            .collect();
        out.sort_by_key(|(card, _)| reading_order(card));
        out
    };
    let recorded = flagged(recorded, recorded_differs);
    let mut others = flagged(dealt, dealt_differs)
        .into_iter()
        .filter(|&(_, differs)| differs);
    let mut dealt: Vec<Marked> = recorded
        .iter()
        .filter_map(|&(card, differs)| {
            if differs {
                others.next()
            } else {
                Some((card, false))
            }
        })
        .collect();
    dealt.extend(others);
    (dealt, recorded)
}

/// Returns `cards` in the order given, separated by spaces, each that
/// differs in brackets (`[K♦]`) unless every one does (then none is
/// marked: all differ).
pub fn marked(cards: &[Marked], style: Style) -> String {
    let every = cards.iter().all(|&(_, differs)| differs);
    cards
        .iter()
        .map(|&(card, differs)| {
            if differs && !every {
                format!("[{}]", show(card, style))
            } else {
                show(card, style)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
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
    fn a_hand_that_differs_is_compared_card_for_card() {
        let both = |dealt: &str,
                    dealt_differs: &[bool],
                    recorded: &str,
                    recorded_differs: &[bool],
                    style| {
            let (d, r) = compared(
                &cards(dealt),
                dealt_differs,
                &cards(recorded),
                recorded_differs,
            );
            (marked(&d, style), marked(&r, style))
        };
        let no = false;
        assert_eq!(
            both(
                "Kh Kd Qc Ah Ks",
                &[no, no, true, no, no],
                "Kh Kd Jc Ah Ks",
                &[no, no, true, no, no],
                Style::ASCII
            ),
            ("Ks Ah Kh [Qc] Kd".to_owned(), "Ks Ah Kh [Jc] Kd".to_owned())
        );
        // The one dealt goes where the one recorded was, not where it sorts.
        assert_eq!(
            both(
                "As Tc Ad Jd 9d",
                &[true, no, no, no, no],
                "9s Tc Ad Jd 9d",
                &[true, no, no, no, no],
                Style::SYMBOLS
            ),
            (
                "[A♠] 10♣ A♦ J♦ 9♦".to_owned(),
                "[9♠] 10♣ A♦ J♦ 9♦".to_owned()
            )
        );
        assert_eq!(
            both(
                "As Tc Ad",
                &[no, true, no],
                "9d Ad As",
                &[true, no, no],
                Style::ASCII
            ),
            ("As Ad [Tc]".to_owned(), "As Ad [9d]".to_owned())
        );
        // When every card differs, none is marked.
        assert_eq!(
            both("As Qs", &[true, true], "9d Td", &[true, true], Style::ASCII),
            ("As Qs".to_owned(), "Td 9d".to_owned())
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
