//! Checks shared by every text input: printable ASCII, lengths, hex digits;
//! how a text given by a user is shown back in a message ([`shown`],
//! [`quoted`]); and the hint for whitespace copied around a value
//! ([`around`]), which is named, never trimmed.

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
        let e = Error::new(
            field,
            ErrorKind::Character {
                at: at + 1,
                got,
                expected: PRINTABLE_ASCII,
            },
        );
        return Err(hinted(e, field, text, at, AS_GIVEN));
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
        let e = Error::new(
            field,
            ErrorKind::Character {
                at: at + 1,
                got,
                expected: "a hexadecimal digit (0-9, a-f, A-F)",
            },
        );
        return Err(hinted(e, field, text, at, HASHED_AS_GIVEN));
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

/// Why whitespace around a hex value is named and not trimmed.
pub const HASHED_AS_GIVEN: &str =
    "nothing is trimmed, since the fingerprint is over the exact text";
/// Why whitespace around a text is named and not trimmed.
const AS_GIVEN: &str = "nothing is trimmed: the text is used exactly as given";

/// Returns `e`, the refusal of character `at` (from 0) of `text`, with the
/// hint of [`around`] (and `why`) when that character is whitespace copied
/// before or after the value.
fn hinted(e: Error, field: &str, text: &str, at: usize, why: &str) -> Error {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let trail = text.chars().rev().take_while(|c| c.is_whitespace()).count();
    let chars = text.chars().count();
    if at >= lead && at + trail < chars {
        return e;
    }
    match around(field, text) {
        Some(hint) => e.with_hint(format!("{hint}; {why}")),
        None => e,
    }
}

/// Returns what a person reads about whitespace (a space, a tab, a line
/// break) copied before or after the value of `field`, and its fix: `the
/// seed ends with a space (0x20): remove it`; `None` when there is none, or
/// when the text is nothing else. A hint, never a trim: the value is used as
/// given.
pub fn around(field: &str, text: &str) -> Option<String> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.len() == text.len() {
        return None;
    }
    let lead = &text[..text.len() - text.trim_start().len()];
    let trail = &text[text.trim_end().len()..];
    let many = lead.chars().count() + trail.chars().count() > 1;
    let name = field.replace('_', " ");
    let what = match (lead.is_empty(), trail.is_empty()) {
        (false, true) => format!("starts with {}", whitespace(lead)),
        (true, false) => format!("ends with {}", whitespace(trail)),
        _ => format!(
            "starts with {} and ends with {}",
            whitespace(lead),
            whitespace(trail)
        ),
    };
    let it = if many { "them" } else { "it" };
    Some(format!("the {name} {what}: remove {it}"))
}

/// Names a run of whitespace as a person reads it, with its code: `a space
/// (0x20)`, `2 tabs (0x09)`, `a carriage return and a newline (0x0D
/// 0x0A)`.
fn whitespace(run: &str) -> String {
    let chars: Vec<char> = run.chars().collect();
    let code = |c: char| {
        if u32::from(c) < 0x100 {
            format!("0x{:02X}", u32::from(c))
        } else {
            format!("U+{:04X}", u32::from(c))
        }
    };
    let name = |c: char| match c {
        ' ' => ("a space", "spaces"),
        '\t' => ("a tab", "tabs"),
        '\n' => ("a newline", "newlines"),
        '\r' => ("a carriage return", "carriage returns"),
        '\u{a0}' => ("a no-break space", "no-break spaces"),
        _ => ("a whitespace character", "whitespace characters"),
    };
    match chars.as_slice() {
        [c] => format!("{} ({})", name(*c).0, code(*c)),
        [first, ..] if chars.iter().all(|c| c == first) => {
            format!("{} {} ({})", chars.len(), name(*first).1, code(*first))
        }
        [a, b] => format!(
            "{} and {} ({} {})",
            name(*a).0,
            name(*b).0,
            code(*a),
            code(*b)
        ),
        _ => format!(
            "whitespace ({})",
            chars.iter().map(|&c| code(c)).collect::<Vec<_>>().join(" ")
        ),
    }
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
    fn whitespace_around_a_value_is_named_with_its_fix() {
        let hint = |field, text| around(field, text);
        assert_eq!(
            hint("seed", "00aa "),
            Some("the seed ends with a space (0x20): remove it".to_owned())
        );
        assert_eq!(
            hint("house_seed", "\t00aa"),
            Some("the house seed starts with a tab (0x09): remove it".to_owned())
        );
        assert_eq!(
            hint("seed", " 00aa\r\n"),
            Some(
                "the seed starts with a space (0x20) and ends with a carriage return and a \
                 newline (0x0D 0x0A): remove them"
                    .to_owned()
            )
        );
        assert_eq!(
            hint("seed", "00aa  "),
            Some("the seed ends with 2 spaces (0x20): remove them".to_owned())
        );
        assert_eq!(hint("seed", "00aa"), None);
        assert_eq!(hint("seed", "00 aa"), None);
        assert_eq!(hint("seed", "   "), None);
    }

    #[test]
    fn a_hex_refusal_of_whitespace_around_the_value_has_the_hint() {
        // Before, `character 5 is 0x20` alone.
        let e = hex_digits("seed", "00aa ", 4, "4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "seed: character 5 is 0x20, expected a hexadecimal digit (0-9, a-f, A-F)"
        );
        assert_eq!(
            e.hints(),
            [
                "the seed ends with a space (0x20): remove it; nothing is trimmed, since the \
              fingerprint is over the exact text"
            ]
        );
        let e = hex_digits("seed", "\n00aa", 4, "4").unwrap_err();
        assert_eq!(e.kind().code(), "character");
        assert!(e.hints()[0].starts_with("the seed starts with a newline (0x0A): remove it"));
        // A character inside the value is not copied around it.
        assert!(
            hex_digits("seed", "00 aa ", 4, "4")
                .unwrap_err()
                .hints()
                .is_empty()
        );
        assert!(
            hex_digits("seed", "00ga", 4, "4")
                .unwrap_err()
                .hints()
                .is_empty()
        );
        let e = printable_ascii("nonce", "hand-12\n", 1, 10, "x").unwrap_err();
        assert_eq!(
            e.hints(),
            [
                "the nonce ends with a newline (0x0A): remove it; nothing is trimmed: the text is \
              used exactly as given"
            ]
        );
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
