//! The one error type: which field was refused, and why.

use std::fmt;

use crate::input::text::{SHOWN_CHARS, printable_lines, quoted, shown};

/// Why an input was refused.
///
/// Every error names the field it is about (a JSON field name of the
/// scheme's page, `docs/schemes/<id>.md`, with an index where the field is a
/// list: `numbers[2]`), says what was wrong and what is expected. The CLI
/// turns every `Error` into exit code 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    field: String,
    kind: ErrorKind,
}

/// The kind of an [`Error`].
///
/// Vector files record only [`ErrorKind::code`], never the message, so that
/// wording can improve without touching the vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The field is required and absent.
    Missing {
        /// What the field should hold.
        expected: &'static str,
    },
    /// The object holds a field the scheme does not take.
    Unknown {
        /// The fields that are accepted.
        expected: String,
    },
    /// The JSON value has the wrong type (a string where a number belongs).
    Type {
        /// The JSON type that was given.
        got: &'static str,
        /// What the field should hold.
        expected: &'static str,
    },
    /// Wrong length, in characters (or items, for a list).
    Length {
        /// The length given.
        got: usize,
        /// What is expected, in words.
        expected: &'static str,
    },
    /// A list with the wrong number of items (code `length`, as for texts).
    Count {
        /// How many items were given.
        got: usize,
        /// What is expected, in words.
        expected: String,
    },
    /// A character outside the allowed set.
    Character {
        /// Its 1-based position in the text, in characters.
        at: usize,
        /// The character.
        got: char,
        /// What is expected, in words.
        expected: &'static str,
    },
    /// A number written as a fraction or with an exponent (`1.5`, `1.0`,
    /// `1e2`) where an integer belongs. Its code is `range`, as for a number
    /// outside its range (docs/vectors.md, the order of checks): only the
    /// message says which.
    NotInteger {
        /// The number given, as written.
        got: String,
        /// The range expected, in words.
        expected: &'static str,
    },
    /// A value given twice where it may be given once: a key repeated in a
    /// JSON object (code `syntax`; never in a vector, whose inputs are
    /// parsed already).
    Duplicate {
        /// What is expected, in words.
        expected: &'static str,
    },
    /// A number outside its range.
    Range {
        /// The number given, as written.
        got: String,
        /// The range expected, in words.
        expected: &'static str,
    },
    /// A value that is well formed but not one of the accepted ones.
    Value {
        /// The value given, as written.
        got: String,
        /// What is expected, in words.
        expected: String,
    },
    /// A finite list of numbers ended before the shuffle did.
    StreamExhausted {
        /// How many numbers the list held.
        given: usize,
    },
    /// The scheme has no such stage (a raw generator, for instance).
    Unsupported {
        /// What was asked for.
        what: &'static str,
    },
    /// The text is not JSON at all.
    Syntax {
        /// The parser's own message.
        message: String,
    },
}

impl Error {
    /// Returns an error about `field`.
    pub fn new(field: impl Into<String>, kind: ErrorKind) -> Self {
        Self {
            field: clipped(field.into()),
            kind,
        }
    }

    /// Returns the name of the refused field.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// Returns what was wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Returns the same error about `parent.field` (or `parent` when this
    /// error names no field), for inputs nested inside others.
    #[must_use]
    pub fn within(mut self, parent: &str) -> Self {
        // The field is clipped already; the parent may be a key as well.
        let parent = clipped(parent.to_owned());
        self.field = if self.field.is_empty() {
            parent
        } else if self.field.starts_with('[') {
            format!("{parent}{}", self.field)
        } else {
            format!("{parent}.{}", self.field)
        };
        self
    }
}

/// Returns `field` whole, or when it is longer than [`SHOWN_CHARS`]
/// characters its first ones and `... (N characters)`, as [`shown`] clips a
/// value (but not escaped: the field is given back as it was named).
fn clipped(field: String) -> String {
    // No character is shorter than a byte: most fields stop here.
    if field.len() <= SHOWN_CHARS {
        return field;
    }
    match field.char_indices().nth(SHOWN_CHARS) {
        None => field,
        Some((at, _)) => format!(
            "{}... ({} characters)",
            &field[..at],
            SHOWN_CHARS + field[at..].chars().count()
        ),
    }
}

impl ErrorKind {
    /// Returns the stable name of this kind, as vector files record it.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Missing { .. } => "missing",
            Self::Unknown { .. } => "unknown",
            Self::Type { .. } => "type",
            Self::Length { .. } | Self::Count { .. } => "length",
            Self::Character { .. } => "character",
            Self::Range { .. } | Self::NotInteger { .. } => "range",
            Self::Value { .. } => "value",
            Self::StreamExhausted { .. } => "stream-exhausted",
            Self::Unsupported { .. } => "unsupported",
            Self::Syntax { .. } | Self::Duplicate { .. } => "syntax",
        }
    }
}

/// Every text of an error that comes from the input (the field, which may
/// be a key of the input object, and the values echoed) is printed
/// escaped, so that it cannot drive the terminal, and clipped, so that a
/// 50 MB value is not echoed whole: the values through [`shown`] or
/// [`quoted`], the field as [`Error::new`] clipped it.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.field.is_empty() {
            // Escaped as `shown` does, line breaks too; clipped already
            // (clipped again, its count would be of the clipped text).
            let field = printable_lines(&self.field).replace('\n', "\\n");
            write!(f, "{field}: ")?;
        }
        match &self.kind {
            ErrorKind::Missing { expected } => write!(f, "missing, expected {expected}"),
            ErrorKind::Unknown { expected } => {
                write!(f, "not a field of this scheme, expected one of {expected}")
            }
            ErrorKind::Type { got, expected } => write!(f, "{got} given, expected {expected}"),
            ErrorKind::Length { got, expected } => {
                let unit = if *got == 1 { "character" } else { "characters" };
                write!(f, "{got} {unit}, expected {expected}")
            }
            ErrorKind::Count { got, expected } => write!(f, "{got} given, expected {expected}"),
            ErrorKind::Character { at, got, expected } => {
                write!(
                    f,
                    "character {at} is {}, expected {expected}",
                    describe(*got)
                )
            }
            ErrorKind::Range { got, expected } => {
                write!(f, "{} is out of range, expected {expected}", shown(got))
            }
            ErrorKind::NotInteger { got, expected } => {
                write!(f, "{} is not an integer, expected {expected}", shown(got))
            }
            ErrorKind::Duplicate { expected } => write!(f, "given twice, expected {expected}"),
            ErrorKind::Value { got, expected } => {
                write!(f, "{} is not accepted, expected {expected}", quoted(got))
            }
            ErrorKind::StreamExhausted { given } => write!(
                f,
                "the {given} numbers given ran out before the shuffle ended, expected more"
            ),
            ErrorKind::Unsupported { what } => write!(f, "this scheme has no {what}"),
            ErrorKind::Syntax { message } => write!(f, "not valid JSON ({})", shown(message)),
        }
    }
}

/// Shows a character so that invisible and non-ASCII ones can be told apart.
fn describe(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("{c:?}")
    } else if (c as u32) < 0x100 {
        format!("0x{:02X}", c as u32)
    } else {
        format!("U+{:04X} {c:?}", c as u32)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_field_problem_and_expectation() {
        let e = Error::new(
            "seed",
            ErrorKind::Length {
                got: 63,
                expected: "64 hexadecimal digits",
            },
        );
        assert_eq!(
            e.to_string(),
            "seed: 63 characters, expected 64 hexadecimal digits"
        );
        let e = Error::new(
            "cut",
            ErrorKind::Character {
                at: 7,
                got: 'é',
                expected: "printable ASCII (0x20 to 0x7E)",
            },
        );
        assert_eq!(
            e.to_string(),
            "cut: character 7 is 0xE9, expected printable ASCII (0x20 to 0x7E)"
        );
        assert_eq!(e.kind().code(), "character");
    }

    #[test]
    fn echoed_texts_cannot_drive_the_terminal_and_are_clipped() {
        let e = Error::new(
            "\u{1b}[31mseed\r",
            ErrorKind::Unknown {
                expected: "seed".to_owned(),
            },
        );
        assert_eq!(
            e.to_string(),
            "\\u{1b}[31mseed\\r: not a field of this scheme, expected one of seed"
        );
        let e = Error::new(
            "variant",
            ErrorKind::Value {
                got: format!("\u{1b}]0;x\u{7}{}", "v".repeat(1_000_000)),
                expected: "coinche".to_owned(),
            },
        );
        let m = e.to_string();
        assert!(m.len() < 200, "{}", m.len());
        assert!(
            m.starts_with("variant: \"\\u{1b}]0;x\\u{7}vvv")
                && m.ends_with("\"... (1000006 characters) is not accepted, expected coinche"),
            "{m}"
        );
        let e = Error::new(
            "dealer",
            ErrorKind::NotInteger {
                got: "1.0".to_owned(),
                expected: "a seat from 0 to 3",
            },
        );
        assert_eq!(
            e.to_string(),
            "dealer: 1.0 is not an integer, expected a seat from 0 to 3"
        );
        assert_eq!(e.kind().code(), "range");
    }

    #[test]
    fn a_long_field_is_kept_clipped_as_the_message_shows_it() {
        // Before, the field was kept whole: a 4 MB key, a 4 MB field.
        let key = format!("\u{e9}\n{}", "k".repeat(4_000_000));
        let e = Error::new(
            key.as_str(),
            ErrorKind::Unknown {
                expected: "seed".to_owned(),
            },
        );
        let head: String = key.chars().take(SHOWN_CHARS).collect();
        assert_eq!(e.field(), format!("{head}... (4000002 characters)"));
        assert_eq!(
            e.to_string(),
            format!(
                "\u{e9}\\n{}... (4000002 characters): not a field of this scheme, expected one of seed",
                "k".repeat(SHOWN_CHARS - 2)
            )
        );
        let e = e.within("receipt");
        assert_eq!(e.field(), format!("receipt.{head}... (4000002 characters)"));
        let e = Error::new("", ErrorKind::Missing { expected: "text" }).within(&key);
        assert_eq!(e.field(), format!("{head}... (4000002 characters)"));
        let e = Error::new("[1]", ErrorKind::Missing { expected: "text" }).within(&key);
        assert_eq!(e.field(), format!("{head}... (4000002 characters)[1]"));
        // At the limit a field is whole.
        let whole = "\u{e9}".repeat(SHOWN_CHARS);
        assert_eq!(
            Error::new(whole.as_str(), ErrorKind::Missing { expected: "x" }).field(),
            whole
        );
    }

    #[test]
    fn within_prefixes_the_parent_field() {
        let e = Error::new("[2]", ErrorKind::Missing { expected: "text" }).within("numbers");
        assert_eq!(e.field(), "numbers[2]");
        let e = Error::new("pattern", ErrorKind::Missing { expected: "text" }).within("hands[0]");
        assert_eq!(e.field(), "hands[0].pattern");
    }
}
