//! A game's set-up, compared and named before anything that follows it is
//! blamed: showdown's game seed, first dealer and computer patterns
//! (docs/schemes/showdown.md, steps 4 to 6). A port whose set-up is wrong
//! deals every hand from the wrong seat, and may then refuse a record
//! hand's missing pattern that only the player's own deal needs: that
//! refusal is the set-up's fault, and is reported as such.

use serde_json::{Map, Value};

use super::verdict::{Failure, Verdict};
use crate::diff::brief;

/// The set-up stages of an output, in the method's order, with the names
/// a person reads.
const STAGES: [(&str, &str); 3] = [
    ("game_seed", "game seed"),
    ("first_dealer", "first dealer"),
    ("patterns", "computer patterns"),
];

/// Returns the name of `stage` when it is a set-up stage.
pub fn name(stage: &str) -> Option<&'static str> {
    STAGES.iter().find(|(s, _)| *s == stage).map(|(_, n)| *n)
}

/// Whether an expected output has a set-up to compare.
pub fn has_setup(expected: &Value) -> bool {
    STAGES.iter().any(|(s, _)| expected.get(s).is_some())
}

/// The failure of a case whose expected output deals hand `n` from a
/// computer's seat, and whose port refused that hand's pattern, which the
/// case does not give: only a hand the player (seat 0) deals needs one, so
/// the port's first dealer differs. `want` holds `first_dealer` and each
/// deal's `dealer`: a trace's expected output, or for a stage case derived
/// from it (`first-dealer-1/deal-2/shuffle`) the trace's set-up, since the
/// port refuses its record the same way. `None` when the refusal is no
/// such thing.
pub fn refused(input: &Map<String, Value>, want: &Value, field: &str) -> Option<Verdict> {
    let n: usize = field
        .strip_prefix("hands[")?
        .strip_suffix("].pattern")?
        .parse()
        .ok()?;
    let first = want.get("first_dealer")?;
    let dealer = want.pointer(&format!("/deals/{n}/dealer"))?.as_u64()?;
    let given = input
        .get("input")
        .and_then(|i| i.pointer(&format!("/hands/{n}/pattern")));
    if dealer == 0 || given.is_some() {
        return None;
    }
    Some(Verdict::Fail(Box::new(Failure {
        stage: "first_dealer".to_owned(),
        pointer: "/first_dealer".to_owned(),
        expected: first.clone(),
        actual: Value::Null,
        message: format!(
            "set-up differs: first dealer: the port asked for hands[{n}].pattern, which only a \
             hand the player (seat 0) deals needs; expected first dealer {}, so hand {} is dealt \
             by seat {dealer}: check the game seed and the set-up draws before the hands",
            brief(first),
            n + 1
        ),
        ..Failure::default()
    })))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn input(v: Value) -> Map<String, Value> {
        json!({ "input": v })
            .as_object()
            .cloned()
            .unwrap_or_default()
    }

    #[test]
    fn a_refused_pattern_of_a_computer_dealt_hand_blames_the_first_dealer() {
        let want = json!({"first_dealer": 1, "deals": [{"dealer": 1}, {"dealer": 2}, {"dealer": 3}, {"dealer": 0}]});
        let given = input(json!({"hands": [{}, {}, {}, {"pattern": "3232"}]}));
        let Some(Verdict::Fail(f)) = refused(&given, &want, "hands[1].pattern") else {
            panic!("a set-up blame");
        };
        assert_eq!(f.stage, "first_dealer");
        assert!(
            f.message
                .starts_with("set-up differs: first dealer: the port asked for hands[1].pattern"),
            "{}",
            f.message
        );
        assert!(
            f.message
                .contains("expected first dealer 1, so hand 2 is dealt by seat 2")
        );
        // The player's own hand, a pattern given, another field: no blame.
        assert_eq!(refused(&given, &want, "hands[3].pattern"), None);
        let mut with = given.clone();
        with["input"]["hands"][1] = json!({"pattern": "2323"});
        assert_eq!(refused(&with, &want, "hands[1].pattern"), None);
        assert_eq!(refused(&given, &want, "phrase"), None);
        assert_eq!(refused(&given, &json!({}), "hands[1].pattern"), None);
    }

    #[test]
    fn set_up_stages_are_named() {
        assert_eq!(name("first_dealer"), Some("first dealer"));
        assert_eq!(name("randoms"), None);
        assert!(has_setup(&json!({"game_seed": "ab"})));
        assert!(!has_setup(&json!({"randoms": []})));
    }
}
