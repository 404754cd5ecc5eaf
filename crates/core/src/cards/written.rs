//! Cards as a person writes or copies them, read into [`Card`]s: the
//! method's codes (`Th`) in either case (`th`, `TH`), `10` for the ten
//! (`10h`), a suit symbol for the letter (`10♥`, the outline `10♡`, or
//! before the rank: `♥10`), the joker as `Jk` or `Joker`; a list of them
//! separated by spaces and/or commas (`10♣ 9♠, 9♦`). This is the one rule
//! for the cards a person gives (a receipt's `hand`, `--hand`, the page);
//! the method's own inputs and outputs keep the two-character codes
//! ([`Card`]'s `FromStr`). Nothing is guessed: a text that is none of these
//! forms is refused, naming it and its position.

use crate::cards::{Card, Rank, Suit};
use crate::{Error, ErrorKind};

/// What a card a person gives may be, for messages.
pub const WRITTEN: &str = "a card: rank 2-10, J, Q, K or A (T for 10) and suit c d h s or \
                           ♣ ♦ ♥ ♠, in either case (\"Th\", \"10h\", \"10♥\"), or the joker \
                           (\"Jk\")";

/// The invisible selectors that may follow a suit symbol copied from a
/// page or a phone (`♥️` is `♥` then U+FE0F): they choose how it is drawn,
/// and are skipped.
const SELECTORS: [char; 2] = ['\u{fe0e}', '\u{fe0f}'];

impl Card {
    /// Returns the card a person wrote as `text`, in any of the forms of
    /// this module (`Th`, `th`, `10h`, `10♥`, `10♡`, `♥10`, `Jk`, `Joker`).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] naming no field (callers add it with
    /// [`Error::within`]), with what a card may be ([`WRITTEN`]).
    pub fn read(text: &str) -> Result<Self, Error> {
        let bare: String = text.chars().filter(|c| !SELECTORS.contains(c)).collect();
        read_bare(&bare).ok_or_else(|| {
            Error::new(
                "",
                ErrorKind::Value {
                    got: text.to_owned(),
                    expected: WRITTEN.to_owned(),
                },
            )
        })
    }
}

/// Returns the cards of `text`: [`Card::read`] of each of its words, the
/// words separated by whitespace and/or commas (`10♣ 9♠`, `10♣,9♠`,
/// `Tc, 9s`).
///
/// # Errors
///
/// The refusal of the first word that is not a card, naming its position
/// among the cards (`[2]`: callers add the field with [`Error::within`]).
pub fn read_cards(text: &str) -> Result<Vec<Card>, Error> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|word| !word.is_empty())
        .enumerate()
        .map(|(i, word)| Card::read(word).map_err(|e| e.within(&format!("[{i}]"))))
        .collect()
}

fn read_bare(text: &str) -> Option<Card> {
    if text.eq_ignore_ascii_case("jk") || text.eq_ignore_ascii_case("joker") || text == "🃏" {
        return Some(Card::Joker);
    }
    let first = text.chars().next()?;
    let last = text.chars().next_back()?;
    let (rank, suit) = if let Some(suit) = symbol(last) {
        (&text[..text.len() - last.len_utf8()], suit)
    } else if let Some(suit) = symbol(first) {
        (&text[first.len_utf8()..], suit)
    } else {
        let suit = Suit::from_code(last.to_ascii_lowercase())?;
        (&text[..text.len() - last.len_utf8()], suit)
    };
    Some(Card::new(rank_of(rank)?, suit))
}

/// Returns the rank written as `text`: a code in either case, or `10`.
fn rank_of(text: &str) -> Option<Rank> {
    if text == "10" {
        return Some(Rank::Ten);
    }
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Rank::from_code(c.to_ascii_uppercase()),
        _ => None,
    }
}

/// Returns the suit of a suit symbol, filled or outline.
fn symbol(c: char) -> Option<Suit> {
    match c {
        '♣' | '♧' => Some(Suit::Clubs),
        '♦' | '♢' => Some(Suit::Diamonds),
        '♥' | '♡' => Some(Suit::Hearts),
        '♠' | '♤' => Some(Suit::Spades),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> String {
        Card::read(text).map_or_else(|e| e.to_string(), |c| c.to_string())
    }

    #[test]
    fn every_written_form_of_a_card_is_read() {
        for (forms, code) in [
            (
                &[
                    "Th",
                    "th",
                    "TH",
                    "tH",
                    "10h",
                    "10H",
                    "10♥",
                    "10♡",
                    "♥10",
                    "♡10",
                    "T♥",
                    "t♥",
                    "10♥\u{fe0f}",
                ][..],
                "Th",
            ),
            (&["Ac", "ac", "AC", "A♣", "a♧", "♣A", "♣a"][..], "Ac"),
            (&["9s", "9S", "9♠", "9♤", "♠9"][..], "9s"),
            (&["Jd", "jd", "J♦", "j♢", "♦J"][..], "Jd"),
            (
                &["Jk", "jk", "JK", "Joker", "joker", "JOKER", "🃏"][..],
                "Jk",
            ),
        ] {
            for form in forms {
                assert_eq!(read(form), code, "{form}");
            }
        }
    }

    #[test]
    fn what_is_not_a_card_is_refused_with_what_a_card_may_be() {
        for bad in [
            "", "1h", "1", "h", "♥", "10", "Tx", "11h", "Thh", "1♥0", "♥10♥", "Th,", "Jkr", "X",
        ] {
            let e = Card::read(bad).expect_err(bad);
            assert_eq!(e.kind().code(), "value", "{bad}");
            assert!(e.to_string().contains(WRITTEN), "{bad}: {e}");
        }
    }

    #[test]
    fn a_list_is_separated_by_spaces_and_or_commas() {
        let codes = |text| read_cards(text).map(|cards| crate::cards::codes(&cards));
        let want = Ok("Tc 9s 9d Jd Ad".to_owned());
        assert_eq!(codes("10♣ 9♠ 9♦ J♦ A♦"), want);
        assert_eq!(codes("10c,9s,9d,jd,ad"), want);
        assert_eq!(codes(" tc, 9S ,9d\tJd\nAD "), want);
        let e = read_cards("Tc 9s Xx Jd").unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("[2]", "value"));
        assert_eq!(read_cards("").map(|c| c.len()), Ok(0));
    }
}
