//! Checks shared by every text input: printable ASCII, lengths, hex digits.

use crate::{Error, ErrorKind};

/// What the scheme pages (`docs/schemes/<id>.md`) call printable ASCII.
pub const PRINTABLE_ASCII: &str = "printable ASCII (0x20 to 0x7E)";

/// Checks that `text` is printable ASCII of `min..=max` characters.
///
/// `expected` describes the whole field for the length message, for example
/// `"1 to 1024 printable ASCII characters"`.
///
/// # Errors
///
/// [`ErrorKind::Length`] or [`ErrorKind::Character`], naming `field`.
pub fn printable_ascii(
    field: &str,
    text: &str,
    min: usize,
    max: usize,
    expected: &'static str,
) -> Result<(), Error> {
    if let Some((at, got)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| !(' '..='~').contains(c))
    {
        return Err(Error::new(
            field,
            ErrorKind::Character {
                at: at + 1,
                got,
                expected: PRINTABLE_ASCII,
            },
        ));
    }
    // All ASCII now, so bytes are characters.
    if !(min..=max).contains(&text.len()) {
        return Err(Error::new(
            field,
            ErrorKind::Length {
                got: text.len(),
                expected,
            },
        ));
    }
    Ok(())
}

/// Checks that `text` holds no `forbidden` character (a separator of the
/// hashed text, for example `|`).
///
/// # Errors
///
/// [`ErrorKind::Character`], naming `field`.
pub fn without(
    field: &str,
    text: &str,
    forbidden: char,
    expected: &'static str,
) -> Result<(), Error> {
    match text.chars().position(|c| c == forbidden) {
        Some(at) => Err(Error::new(
            field,
            ErrorKind::Character {
                at: at + 1,
                got: forbidden,
                expected,
            },
        )),
        None => Ok(()),
    }
}

/// Checks that `text` is exactly `digits` hexadecimal digits, either case.
///
/// `expected` describes the field, for example `"64 hexadecimal digits"`.
///
/// # Errors
///
/// [`ErrorKind::Character`] for a non-hex character (reported first, so that
/// a stray space is named as such), else [`ErrorKind::Length`].
pub fn hex_digits(
    field: &str,
    text: &str,
    digits: usize,
    expected: &'static str,
) -> Result<(), Error> {
    if let Some((at, got)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit())
    {
        return Err(Error::new(
            field,
            ErrorKind::Character {
                at: at + 1,
                got,
                expected: "a hexadecimal digit (0-9, a-f, A-F)",
            },
        ));
    }
    if text.len() != digits {
        return Err(Error::new(
            field,
            ErrorKind::Length {
                got: text.len(),
                expected,
            },
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_ascii_reports_position_in_characters() {
        let e = printable_ascii("cut", "ab\u{e9}", 1, 10, "x").unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::Character {
                at: 3,
                got: '\u{e9}',
                expected: PRINTABLE_ASCII
            }
        );
        let e = printable_ascii("cut", "", 1, 10, "1 to 10").unwrap_err();
        assert_eq!(e.kind().code(), "length");
        assert!(printable_ascii("cut", " :~", 1, 10, "x").is_ok());
    }

    #[test]
    fn hex_digits_checks_characters_then_length() {
        assert!(hex_digits("seed", "00aAfF", 6, "6").is_ok());
        assert_eq!(
            hex_digits("seed", "0g", 6, "6").unwrap_err().kind().code(),
            "character"
        );
        assert_eq!(
            hex_digits("seed", "00", 6, "6").unwrap_err().kind().code(),
            "length"
        );
    }
}
