//! The player's actions in a blackjack replay: the letters `H S D P`, read
//! one decision at a time (docs/schemes/hmac-blackjack.md, step 5: blackjack
//! replay); and the forms a person writes them in (`h s`, `hit, stand`),
//! read into those letters ([`Actions::read`]).

use fairdeal_core::{Error, ErrorKind};

/// The field the actions are read from; a letter is `actions[i]`.
pub(crate) const ACTIONS: &str = "actions";
/// What a letter may be.
const LETTERS: &str = "H (hit), S (stand), D (double) or P (split)";
/// What a person may write an action as.
const WRITTEN: &str = "H (hit), S (stand), D (double) or P (split), as letters (HS) or words \
                       (hit stand), in either case, separated by spaces or commas or not";
/// The words of the actions, in the order of [`LETTERS`].
const WORDS: [(&str, Action); 4] = [
    ("hit", Action::Hit),
    ("stand", Action::Stand),
    ("double", Action::Double),
    ("split", Action::Split),
];

/// One decision of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `H`: take a card.
    Hit,
    /// `S`: stand.
    Stand,
    /// `D`: double the bet, take one card and stand.
    Double,
    /// `P`: split a pair into two hands.
    Split,
}

impl Action {
    /// Returns the action of `letter`, if it is one of `H S D P`.
    pub fn from_letter(letter: char) -> Option<Self> {
        match letter {
            'H' => Some(Self::Hit),
            'S' => Some(Self::Stand),
            'D' => Some(Self::Double),
            'P' => Some(Self::Split),
            _ => None,
        }
    }

    /// Returns the action's letter.
    pub fn letter(self) -> char {
        match self {
            Self::Hit => 'H',
            Self::Stand => 'S',
            Self::Double => 'D',
            Self::Split => 'P',
        }
    }
}

/// The player's decisions, in order, each a known letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actions(Vec<Action>);

impl Actions {
    /// Returns the actions written as `text` (`"PHSD"`; may be empty).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] naming the first letter that is not one of
    /// `H S D P` (`actions[2]`, counting characters from 0). Every letter
    /// is checked before the round is replayed.
    pub fn parse(text: &str) -> Result<Self, Error> {
        text.chars()
            .enumerate()
            .map(|(i, c)| {
                Action::from_letter(c).ok_or_else(|| {
                    Error::new(
                        format!("{ACTIONS}[{i}]"),
                        ErrorKind::Value {
                            got: c.to_string(),
                            expected: LETTERS.to_owned(),
                        },
                    )
                })
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }

    /// Returns the actions a person wrote as `text` in the method's form,
    /// the letters alone (`"HS"`): letters or words in either case,
    /// separated by whitespace or commas or not (`HS`, `h s`, `H,S`, `hit
    /// stand`, `Hit, Stand`). Nothing is guessed: a word that is not an
    /// action is read letter by letter, and its first character that is no
    /// letter of an action is refused.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Value`] naming the character and the position of the
    /// decision it would be (`actions[2]`: the third decision), as
    /// [`Actions::parse`] names the letters of the method's form.
    pub fn read(text: &str) -> Result<String, Error> {
        let mut letters = String::with_capacity(text.len());
        for word in text.split(|c: char| c.is_whitespace() || c == ',') {
            if let Some((_, action)) = WORDS.iter().find(|(w, _)| w.eq_ignore_ascii_case(word)) {
                letters.push(action.letter());
                continue;
            }
            for c in word.chars() {
                let at = letters.chars().count();
                let action = Action::from_letter(c.to_ascii_uppercase()).ok_or_else(|| {
                    Error::new(
                        format!("{ACTIONS}[{at}]"),
                        ErrorKind::Value {
                            got: c.to_string(),
                            expected: WRITTEN.to_owned(),
                        },
                    )
                })?;
                letters.push(action.letter());
            }
        }
        Ok(letters)
    }

    fn text(&self) -> String {
        self.0.iter().map(|a| a.letter()).collect()
    }
}

/// The player's actions, taken one decision at a time.
pub(crate) struct Decisions<'a> {
    actions: &'a Actions,
    next: usize,
}

impl<'a> Decisions<'a> {
    /// Returns the decisions of `actions`, from the first.
    pub(crate) fn new(actions: &'a Actions) -> Self {
        Self { actions, next: 0 }
    }

    /// Returns the next action and its position, or says what the round
    /// still needs (`needed`, written only on that error).
    pub(crate) fn next(
        &mut self,
        needed: impl FnOnce() -> String,
    ) -> Result<(usize, Action), Error> {
        let at = self.next;
        let action = self.actions.0.get(at).copied().ok_or_else(|| {
            Error::new(
                ACTIONS,
                ErrorKind::Value {
                    got: self.actions.text(),
                    expected: needed(),
                },
            )
        })?;
        self.next += 1;
        Ok((at, action))
    }

    /// Refuses an action left over after the round ended (`why`).
    pub(crate) fn finish(&self, why: &str) -> Result<(), Error> {
        match self.actions.0.get(self.next) {
            None => Ok(()),
            Some(action) => Err(Error::new(
                format!("{ACTIONS}[{}]", self.next),
                ErrorKind::Value {
                    got: action.letter().to_string(),
                    expected: format!("no more actions: the round ended {why}"),
                },
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_checked_first_and_counted_in_characters() {
        let actions = Actions::parse("PHSD").unwrap();
        assert_eq!(actions.text(), "PHSD");
        assert_eq!(Actions::parse("").unwrap().text(), "");
        let e = Actions::parse("HSx").unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("actions[2]", "value"));
        let e = Actions::parse("Sé?").unwrap_err();
        assert_eq!(e.field(), "actions[1]");
        assert_eq!(
            e.to_string(),
            "actions[1]: \"é\" is not accepted, expected H (hit), S (stand), D (double) or P (split)"
        );
    }

    #[test]
    fn every_written_form_is_read_into_the_letters() {
        for (written, letters) in [
            ("HS", "HS"),
            ("hs", "HS"),
            ("h s", "HS"),
            ("H,S", "HS"),
            ("H, S", "HS"),
            ("hit stand", "HS"),
            ("hit, stand", "HS"),
            ("Hit,Stand", "HS"),
            ("HIT STAND", "HS"),
            ("split hit h Stand, d", "PHHSD"),
            (" p\tD\n", "PD"),
            ("", ""),
        ] {
            assert_eq!(
                Actions::read(written).as_deref(),
                Ok(letters),
                "{written:?}"
            );
        }
    }

    #[test]
    fn what_is_no_action_is_refused_at_its_decision() {
        for (written, field, got) in [
            ("HSX", "actions[2]", "X"),
            ("hit, x", "actions[1]", "x"),
            ("stand hitt", "actions[2]", "i"),
            ("é", "actions[0]", "é"),
            ("h;s", "actions[1]", ";"),
        ] {
            let e = Actions::read(written).unwrap_err();
            assert_eq!(e.field(), field, "{written}");
            assert_eq!(
                e.to_string(),
                format!("{field}: \"{got}\" is not accepted, expected {WRITTEN}")
            );
        }
    }

    #[test]
    fn decisions_say_what_is_missing_and_what_is_left_over() {
        let actions = Actions::parse("HS").unwrap();
        let mut d = Decisions::new(&actions);
        assert_eq!(d.next(String::new).unwrap(), (0, Action::Hit));
        assert_eq!(
            d.finish("early").unwrap_err().to_string(),
            "actions[1]: \"S\" is not accepted, expected no more actions: the round ended early"
        );
        assert_eq!(d.next(String::new).unwrap(), (1, Action::Stand));
        assert!(d.finish("").is_ok());
        let e = d.next(|| "an action for hand 1".to_owned()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "actions: \"HS\" is not accepted, expected an action for hand 1"
        );
    }
}
