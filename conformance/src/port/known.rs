//! The known-failures file: cases a port is known to fail, each at a stage.
//!
//! ```text
//! # case id                     status    first failing stage
//! euchremaster/joker-dealer-0   todo      deck
//! showdown/hand-*-gathered      wontfix   error
//! ```
//!
//! A case id may hold up to [`MAX_STARS`] `*`, each standing for any run of
//! characters (`/` included); a stage of `*` is any stage. Matching is
//! linear in the id's length, whatever the pattern.

use std::fmt;

use fairdeal::core::input::text::quoted;

/// The most `*` one line's case id may hold.
pub const MAX_STARS: usize = 4;

/// How a known failure is meant to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// To be fixed.
    Todo,
    /// Will not be fixed.
    WontFix,
}

/// One line of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// `scheme/case-id`.
    pub case: String,
    /// Its status.
    pub status: Status,
    /// The first failing stage it is known to fail at.
    pub stage: String,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Todo => "todo",
            Self::WontFix => "wontfix",
        })
    }
}

/// Parses a known-failures file.
///
/// # Errors
///
/// A line that is not `CASE STATUS STAGE`, naming its line number.
pub fn parse(text: &str) -> Result<Vec<Known>, String> {
    let mut out = Vec::new();
    for (n, line) in (1..).zip(text.lines()) {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let [case, status, stage] = words.as_slice() else {
            return Err(format!(
                "line {n}: expected `scheme/case-id status stage`, got {}",
                quoted(line)
            ));
        };
        let status = match *status {
            "todo" => Status::Todo,
            "wontfix" => Status::WontFix,
            other => {
                return Err(format!(
                    "line {n}: status {}, expected todo or wontfix",
                    quoted(other)
                ));
            }
        };
        if case.matches('*').count() > MAX_STARS {
            return Err(format!(
                "line {n}: case {} holds more than {MAX_STARS} `*`, expected at most {MAX_STARS}",
                quoted(case)
            ));
        }
        if !case.contains('/') {
            return Err(format!(
                "line {n}: case {} must be written scheme/case-id",
                quoted(case)
            ));
        }
        out.push(Known {
            case: (*case).to_owned(),
            status,
            stage: (*stage).to_owned(),
        });
    }
    Ok(out)
}

impl Known {
    /// Whether the line's case id holds a `*`.
    pub fn is_pattern(&self) -> bool {
        self.case.contains('*')
    }

    /// Whether the line names `case` (`scheme/case-id`).
    pub fn names(&self, case: &str) -> bool {
        glob(&self.case, case)
    }

    /// Whether the line's stage is `stage` (or `*`).
    pub fn at(&self, stage: &str) -> bool {
        self.stage == "*" || self.stage == stage
    }
}

/// Whether `text` matches `pattern`, whose `*` stand for any run of
/// characters. The pieces between stars are found left to right, each at
/// its first place after the last: for stars alone that is exact, and no
/// step goes back, so the time is linear in `text` (each piece found by
/// the standard library's linear-time search).
pub fn glob(pattern: &str, text: &str) -> bool {
    let mut pieces = pattern.split('*');
    let first = pieces.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    let Some((last, middle)) = pieces.split_last() else {
        // No star: the whole text is the first piece.
        return rest.is_empty();
    };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Returns the known-failures file `text` rewritten for a run whose
/// failing cases are `failures` (`scheme/case-id` and first failing stage,
/// in the run's order): comments and blank lines kept as they are, each
/// line that still holds kept (a line naming no failing case, or one at
/// another stage, dropped), and a `todo` line added for each failure no
/// kept line names.
pub fn fix(text: &str, failures: &[(String, String)]) -> String {
    let mut out = String::new();
    let mut covered = vec![false; failures.len()];
    for line in text.lines() {
        let keep = match parse(line).ok().and_then(|k| k.into_iter().next()) {
            None => true,
            Some(entry) => {
                let named: Vec<usize> = (0..failures.len())
                    .filter(|&i| entry.names(&failures[i].0))
                    .collect();
                let holds = !named.is_empty() && named.iter().all(|&i| entry.at(&failures[i].1));
                if holds {
                    for i in named {
                        covered[i] = true;
                    }
                }
                holds
            }
        };
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    for ((case, stage), covered) in failures.iter().zip(covered) {
        if !covered {
            out.push_str(&line(case, Status::Todo, stage));
            out.push('\n');
        }
    }
    out
}

/// Returns the file's line for a case.
pub fn line(case: &str, status: Status, stage: &str) -> String {
    format!("{case:<40} {status:<8} {stage}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lines_and_refuses_bad_ones() {
        let k = parse("# c\neuchremaster/a  todo  deck # why\n\n").unwrap();
        assert_eq!(
            k,
            [Known {
                case: "euchremaster/a".into(),
                status: Status::Todo,
                stage: "deck".into()
            }]
        );
        assert!(
            parse("euchremaster/a later deck")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(parse("a todo deck").is_err());
        assert!(parse("euchremaster/a todo").is_err());
        assert!(parse("showdown/*a*b*c*d todo deck").is_ok());
        assert!(
            parse("showdown/*a*b*c*d*e todo deck")
                .unwrap_err()
                .contains("more than 4 `*`")
        );
    }

    #[test]
    fn stars_match_any_run_of_characters() {
        assert!(glob("showdown/*", "showdown/a/b"));
        assert!(glob("*/hand-*-gathered", "showdown/hand-3-gathered"));
        assert!(glob("a*b*c", "abc"));
        assert!(glob("a*b*c", "axxbyyc"));
        assert!(!glob("a*b*c", "axxcyyb"));
        assert!(!glob("a*bc", "abcx"));
        assert!(!glob("ab*ba", "aba"));
        assert!(glob("exact", "exact"));
        assert!(!glob("exact", "exactly"));
        assert!(glob("*", ""));
        // A pattern that makes a backtracking matcher take exponential
        // time: linear here.
        let text = "a".repeat(100_000);
        assert!(!glob("*a*a*a*a*b", &text));
    }

    #[test]
    fn fix_keeps_comments_and_lines_that_hold_and_adds_new_failures() {
        let text = "# my port\nx/a todo deck # reason\nx/gone todo deck\nx/b-* wontfix error\nx/c todo deck\n";
        let failures = [
            ("x/a".to_owned(), "deck".to_owned()),
            ("x/b-1".to_owned(), "error".to_owned()),
            ("x/b-2".to_owned(), "error".to_owned()),
            ("x/c".to_owned(), "randoms".to_owned()),
            ("x/new".to_owned(), "deal".to_owned()),
        ];
        assert_eq!(
            fix(text, &failures),
            format!(
                "# my port\nx/a todo deck # reason\nx/b-* wontfix error\n{}\n{}\n",
                line("x/c", Status::Todo, "randoms"),
                line("x/new", Status::Todo, "deal")
            )
        );
    }
}
