//! The player's actions in a blackjack replay: the letters `H S D P`, read
//! one decision at a time (docs/schemes/hmac-blackjack.md, step 5: blackjack
//! replay).

use fairdeal_core::{Error, ErrorKind};

/// The field the actions are read from; a letter is `actions[i]`.
pub(crate) const ACTIONS: &str = "actions";
/// What a letter may be.
const LETTERS: &str = "H (hit), S (stand), D (double) or P (split)";

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
