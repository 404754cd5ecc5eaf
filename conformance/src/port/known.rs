//! The known-failures file: cases a port is known to fail, each at a stage.
//!
//! ```text
//! # case id                     status    first failing stage
//! euchremaster/joker-dealer-0   todo      deck
//! ```

use std::fmt;

use fairdeal::core::input::text::quoted;

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
    }
}
