//! Lines of the table: a label column, then the value, wrapped to fit the
//! width a terminal shows; long lists shortened with a count.

use std::fmt::Write;

use super::cards::width;

/// Width of the label column.
pub const LABEL: usize = 13;
/// The widest a line may be.
pub const COLUMNS: usize = 100;
/// How many items of a long list are shown.
pub const SHOWN: usize = 20;

/// Writes `label` and `value` on one line, or on several when `value` is
/// wider than the columns left: it wraps between words, each further line
/// under the first.
pub fn line(out: &mut String, label: &str, value: &str) {
    let room = COLUMNS - LABEL;
    // A list inside a value (`[4, 0]`) and a note in parentheses stay on
    // one line: a word that ends with a comma, or opens a parenthesis not
    // yet closed, keeps the next one.
    let mut words: Vec<String> = Vec::new();
    for word in value.split(' ') {
        let open = |w: &str| w.matches('(').count() > w.matches(')').count();
        match words.last_mut() {
            Some(last) if last.ends_with(',') || open(last) => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_owned()),
        }
    }
    let mut rows: Vec<String> = Vec::new();
    let mut current = String::new();
    for (i, word) in words.iter().enumerate() {
        if !current.is_empty() && width(&current) + 1 + width(word) > room {
            rows.push(std::mem::take(&mut current));
        } else if i > 0 {
            current.push(' ');
        }
        current.push_str(word);
    }
    rows.push(current);
    for (i, row) in rows.iter().enumerate() {
        let label = if i == 0 { label } else { "" };
        let row = row.trim_end();
        let pad = LABEL.saturating_sub(label.chars().count());
        // OK because writing to a String cannot fail.
        let _ = writeln!(out, "{label}{:pad$}{row}", "");
    }
}

/// Returns `items` separated by spaces; past `long` items, the first
/// [`SHOWN`] and a count.
pub fn shorten(items: &[String], long: usize) -> String {
    if items.len() <= long {
        return items.join(" ");
    }
    format!(
        "{} ...  (the first {SHOWN} of {}; --json lists every one)",
        items[..SHOWN].join(" "),
        items.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_wrap_under_the_first_line() {
        let mut out = String::new();
        let value = vec!["10♥"; 40].join(" ");
        line(&mut out, "deck", &value);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.chars().count() <= COLUMNS), "{out}");
        assert!(lines[1].starts_with(&" ".repeat(LABEL)));
        let mut pairs = String::new();
        line(&mut pairs, "mines", &vec!["[4, 0]"; 20].join(" "));
        assert!(
            pairs.lines().all(|l| l.trim_end().ends_with(']')),
            "{pairs}"
        );
        let mut note = String::new();
        let cards = vec!["10♥"; 20].join(" ");
        line(
            &mut note,
            "deck",
            &format!("{cards} ...  (the first 20 of 416; --json lists every one)"),
        );
        let second = note.lines().nth(1).unwrap_or_default();
        assert!(second.trim_start().starts_with("(the first"), "{note}");
        assert!(!note.contains(" \n"), "{note}");
        let mut short = String::new();
        line(&mut short, "up-card", "Qc");
        assert_eq!(short, "up-card      Qc\n");
    }
}
