//! Checks shared by every text input: printable ASCII, lengths, hex digits;
//! and how a text given by a user is shown back in a message ([`shown`],
//! [`quoted`]).

use std::fmt::Write as _;

use crate::{Error, ErrorKind};

/// How many characters of a value a message echoes before it clips it
/// ([`shown`]).
pub const SHOWN_CHARS: usize = 80;

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
    // The common case in one pass over the bytes, with no branch per byte
    // (an audit reads millions of random inputs); the search by character
    // only to name a refusal.
    if (min..=max).contains(&text.len())
        && text
            .bytes()
            .fold(true, |ok, b| ok & (b' '..=b'~').contains(&b))
    {
        return Ok(());
    }
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
    // As in `printable_ascii`: the common case over the bytes first, with
    // no branch per byte (random digits would mispredict one in two).
    if text.len() == digits && text.bytes().fold(true, |ok, b| ok & b.is_ascii_hexdigit()) {
        return Ok(());
    }
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

/// Returns `text` as a message may print it: every character that could
/// act on a terminal (a control character such as ESC or CR, or one that
/// reorders the text around it, U+202E) written as an escape (`\u{1b}`,
/// `\r`), and a text of more than [`SHOWN_CHARS`] characters clipped to its
/// first ones and `... (N characters)`. An ordinary text is returned as it
/// is.
pub fn shown(text: &str) -> String {
    escaped(text, false)
}

/// Returns `text` in double quotes as [`shown`] writes it, with `"` and `\`
/// escaped as well: what `{:?}` prints for an ordinary text.
pub fn quoted(text: &str) -> String {
    escaped(text, true)
}

/// Returns `text` with every character that could act on a terminal
/// escaped as [`shown`] does, but its line breaks kept and nothing clipped:
/// for a whole message or report, after its values went through [`shown`].
pub fn printable_lines(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            let mut out = String::with_capacity(line.len());
            for c in line.chars() {
                push_escaped(&mut out, c, false);
            }
            out
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Pushes `c` onto `out`, escaped if it could act on a terminal (and, when
/// `quote`, if it is `"` or `\`).
fn push_escaped(out: &mut String, c: char, quote: bool) {
    match c {
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '"' | '\\' if quote => {
            out.push('\\');
            out.push(c);
        }
        c if acts_on_terminal(c) => {
            // Writing to a String cannot fail.
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

fn escaped(text: &str, quote: bool) -> String {
    let mut out = String::with_capacity(text.len().min(4 * SHOWN_CHARS) + 2);
    if quote {
        out.push('"');
    }
    let mut chars = text.chars();
    for c in chars.by_ref().take(SHOWN_CHARS) {
        push_escaped(&mut out, c, quote);
    }
    if quote {
        out.push('"');
    }
    let rest = chars.count();
    if rest > 0 {
        let _ = write!(out, "... ({} characters)", SHOWN_CHARS + rest);
    }
    out
}

/// Whether `c` may move the cursor, change colours or reorder what a
/// terminal shows: C0 and C1 controls, DEL, and Unicode's invisible
/// formatting and direction marks.
fn acts_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shown_texts_are_escaped_and_clipped() {
        assert_eq!(shown("dealer"), "dealer");
        assert_eq!(quoted("\u{e9}t\u{e9}"), format!("{:?}", "\u{e9}t\u{e9}"));
        assert_eq!(quoted("a\"b\\c"), format!("{:?}", "a\"b\\c"));
        assert_eq!(shown("\u{1b}[31mred\r"), "\\u{1b}[31mred\\r");
        assert_eq!(quoted("\u{202e}x\u{9b}"), "\"\\u{202e}x\\u{9b}\"");
        assert_eq!(shown(&"a".repeat(80)), "a".repeat(80));
        assert_eq!(
            shown(&"a".repeat(50_000)),
            format!("{}... (50000 characters)", "a".repeat(80))
        );
        assert_eq!(printable_lines("a\u{1b}[2J\nb\r\n"), "a\\u{1b}[2J\nb\\r\n");
        assert_eq!(
            quoted(&"\u{e9}".repeat(81)),
            format!("\"{}\"... (81 characters)", "\u{e9}".repeat(80))
        );
    }

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
