//! The dealer's secrets: drawn from the operating system's secure generator
//! in the form the scheme's page gives them, and kept out of every `Debug`
//! and log line until they are revealed.

use std::fmt;

use fairdeal::core::info::Draw;

use crate::error::Error;

/// A secret (a seed, a server seed) before its reveal. Its `Debug` prints
/// `[hidden]`, so that no `{:?}` of a value holding it, a panic message or a
/// tracing span, shows it; it is read only where it is revealed or hashed.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret read back from the store.
    pub(crate) fn new(text: String) -> Self {
        Self(text)
    }

    /// Returns the secret's text: for the commitment, the deal and the
    /// reveal, never for a message.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[hidden]")
    }
}

/// Where a dealer's randomness comes from: [`OsEntropy`], the operating
/// system's secure generator, for every real store. A test may give another
/// (a fixed stream, so that a history of its deals is the same on every
/// run); nothing else should.
pub trait Entropy: Send {
    /// Fills `buf` with random bytes.
    ///
    /// # Errors
    ///
    /// The generator failed (the system's generator cannot be read).
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), Error>;
}

/// The operating system's secure generator, through `getrandom`
/// (getrandom(2) on Linux, which blocks only until the kernel's pool is
/// first seeded).
#[derive(Clone, Copy, Debug, Default)]
pub struct OsEntropy;

impl Entropy for OsEntropy {
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), Error> {
        getrandom::fill(buf).map_err(|e| Error::store(format!("the secure generator failed: {e}")))
    }
}

/// The most hex digits a drawn value may have: a secret of 4096 bits.
pub const MAX_DIGITS: usize = 1024;

/// Returns a value of the form `draw`: hex digits from `entropy`, or the
/// prefix and `number` (the round's number in the store).
///
/// # Errors
///
/// The generator failed, or a form of more than [`MAX_DIGITS`] digits.
pub fn draw(draw: Draw, number: u64, entropy: &mut dyn Entropy) -> Result<String, Error> {
    match draw {
        Draw::Hex { digits } => {
            if digits == 0 || digits > MAX_DIGITS {
                return Err(Error::store(format!(
                    "a scheme asks for {digits} hex digits, expected 1 to {MAX_DIGITS}"
                )));
            }
            // Each byte gives two digits of 4 bits each: every digit is
            // uniform and independent of the others.
            let mut bytes = vec![0u8; digits.div_ceil(2)];
            entropy.fill(&mut bytes)?;
            let mut text = hex::encode(&bytes);
            text.truncate(digits);
            Ok(text)
        }
        Draw::Numbered { prefix } => Ok(format!("{prefix}{number}")),
        _ => Err(Error::store(
            "a scheme asks for a form of value this dealer does not draw".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_hidden_from_debug() {
        let secret = Secret::new("a3db4a8e".to_owned());
        assert_eq!(format!("{secret:?}"), "[hidden]");
        assert_eq!(format!("{:?}", Some(&secret)), "Some([hidden])");
    }

    #[test]
    fn drawn_values_have_the_form_asked() {
        let mut os = OsEntropy;
        for digits in [1, 31, 32, 64] {
            let text = draw(Draw::Hex { digits }, 0, &mut os).unwrap();
            assert_eq!(text.len(), digits);
            assert!(
                text.bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            );
        }
        assert_eq!(
            draw(Draw::Numbered { prefix: "hand-" }, 12, &mut os).unwrap(),
            "hand-12"
        );
        for digits in [0, MAX_DIGITS + 1] {
            assert!(draw(Draw::Hex { digits }, 0, &mut os).is_err());
        }
    }
}
