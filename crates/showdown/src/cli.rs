//! The command line of the site's own verifier: `HOUSE_SEED 'phrase'
//! --hands 7 --patterns 3232,2323,... [--cut] [--kitchen-table]`, turned
//! into a record's `rules` and `hands`.

use fairdeal_core::input::fields::as_integer;
use fairdeal_core::input::{Field, FieldKind, Rule};
use fairdeal_core::{Error, ErrorKind};
use serde_json::{Map, Value, json};

use crate::input::MAX_HANDS;

/// The verifier's flags that are not record fields.
pub(crate) const EXTRAS: &[Field] = &[
    Field {
        name: "hands",
        kind: FieldKind::Integer,
        required: false,
        help: "How many hands were played, 1 to 64 (or --record game.json)",
        expected: "a count of hands from 1 to 64",
        rule: Rule::Between {
            min: 1,
            max: MAX_HANDS as u64,
        },
    },
    Field {
        name: "patterns",
        kind: FieldKind::Text,
        required: false,
        help: "Each hand's pattern, comma-separated; empty or - where none was given",
        expected: "patterns such as 3232, comma-separated",
        rule: Rule::Any,
    },
    Field {
        name: "cut",
        kind: FieldKind::Bool,
        required: false,
        help: "The table rules include the cut",
        expected: "true or false",
        rule: Rule::Any,
    },
    Field {
        name: "kitchen_table",
        kind: FieldKind::Bool,
        required: false,
        help: "The table rules use the kitchen-table shuffle",
        expected: "true or false",
        rule: Rule::Any,
    },
];

/// Turns the verifier-shaped flags into `rules` and `hands`; each pattern
/// is checked with its hand (`hands[1].pattern`).
///
/// # Errors
///
/// No count of hands, a count outside 1 to [`MAX_HANDS`] (refused before
/// any hand is made: `--hands 18446744073709551615` must not allocate), or a
/// count that the patterns do not match.
pub(crate) fn expand(extras: &Map<String, Value>) -> Result<Map<String, Value>, Error> {
    let patterns: Vec<&str> = match extras.get("patterns").and_then(Value::as_str) {
        Some(list) => list.split(',').map(str::trim).collect(),
        None => Vec::new(),
    };
    let count = match extras.get("hands") {
        Some(n) => {
            // Its rule: an integer from 1 to MAX_HANDS.
            let hands = &EXTRAS[0];
            hands.check(n)?;
            let count = as_integer(hands.name, n, hands.expected)?;
            // At most MAX_HANDS now, so it fits.
            usize::try_from(count).unwrap_or(MAX_HANDS)
        }
        None if patterns.len() > MAX_HANDS => {
            return Err(Error::new(
                "patterns",
                ErrorKind::Count {
                    got: patterns.len(),
                    expected: format!("one pattern per hand, 1 to {MAX_HANDS} hands"),
                },
            ));
        }
        None if !patterns.is_empty() => patterns.len(),
        None => {
            return Err(Error::new(
                "hands",
                ErrorKind::Missing {
                    expected: "how many hands were played (--hands N)",
                },
            ));
        }
    };
    if !patterns.is_empty() && patterns.len() != count {
        return Err(Error::new(
            "patterns",
            ErrorKind::Count {
                got: patterns.len(),
                expected: format!("one pattern per hand: {count}"),
            },
        ));
    }
    let hands: Vec<Value> = (0..count)
        .map(|i| match patterns.get(i) {
            Some(p) if !p.is_empty() && *p != "-" => json!({ "pattern": p }),
            _ => json!({}),
        })
        .collect();
    let flag = |name| extras.get(name).and_then(Value::as_bool).unwrap_or(false);
    let shuffle = if flag("kitchen_table") {
        "kitchen-table"
    } else {
        "fisher-yates"
    };
    let mut out = Map::new();
    out.insert(
        "rules".to_owned(),
        json!({ "shuffle": shuffle, "cut": flag("cut") }),
    );
    out.insert("hands".to_owned(), Value::Array(hands));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand_json(extras: Value) -> Result<Value, Error> {
        let Value::Object(extras) = extras else {
            unreachable!("the tests pass objects")
        };
        expand(&extras).map(Value::Object)
    }

    #[test]
    fn the_verifiers_flags_make_rules_and_hands() {
        let out = expand_json(json!({"hands": 3, "patterns": "3323, ,-", "cut": true})).unwrap();
        assert_eq!(
            out,
            json!({
                "rules": {"shuffle": "fisher-yates", "cut": true},
                "hands": [{"pattern": "3323"}, {}, {}]
            })
        );
        let out = expand_json(json!({"patterns": "3232,2323", "kitchen_table": true})).unwrap();
        assert_eq!(out["hands"].as_array().map(Vec::len), Some(2));
        assert_eq!(out["rules"]["shuffle"], "kitchen-table");
    }

    #[test]
    fn a_count_is_needed_and_the_patterns_must_match_it() {
        let e = expand_json(json!({"cut": true})).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("hands", "missing"));
        let e = expand_json(json!({"hands": 3, "patterns": "3323,3232"})).unwrap_err();
        assert_eq!(
            e.to_string(),
            "patterns: 2 given, expected one pattern per hand: 3"
        );
    }

    #[test]
    fn a_count_of_hands_is_checked_before_any_hand_is_made() {
        for n in [json!(0), json!(65), json!(100_000_000), json!(u64::MAX)] {
            let e = expand_json(json!({ "hands": n })).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("hands: {n} is out of range, expected a count of hands from 1 to 64")
            );
        }
        let e = expand_json(json!({ "hands": -1 })).unwrap_err();
        assert_eq!((e.field(), e.kind().code()), ("hands", "range"));
        let e = expand_json(json!({ "patterns": vec!["3232"; 65].join(",") })).unwrap_err();
        assert_eq!(
            e.to_string(),
            "patterns: 65 given, expected one pattern per hand, 1 to 64 hands"
        );
        let out = expand_json(json!({ "hands": 64 })).unwrap();
        assert_eq!(out["hands"].as_array().map(Vec::len), Some(64));
        let out = expand_json(json!({ "hands": 1 })).unwrap();
        assert_eq!(out["hands"].as_array().map(Vec::len), Some(1));
        let e = expand_json(json!({ "hands": "3" })).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hands: a string given, expected a count of hands from 1 to 64"
        );
        // The range is the flag's rule, as the field list states it.
        assert_eq!(EXTRAS[0].rule.range(), Some((1, 64)));
    }
}
