//! A scheme's or game's input fields as JSON, the one description that
//! `fairdeal schemes --json` and the wasm package's `schemes()` both give.

use fairdeal_core::input::{Field, FieldKind, Rule, Seats};
use serde_json::{Value, json};

/// Returns `field` as JSON: its name, kind, command-line flag, whether it
/// is required, its help, what a good value is and its [`rule`].
pub fn field(field: &Field) -> Value {
    let kind = match field.kind {
        FieldKind::Integer => "integer",
        FieldKind::Bool => "bool",
        FieldKind::TextPerSeat { .. } => "text-per-seat",
        FieldKind::Json => "json",
        _ => "text",
    };
    json!({
        "name": field.name,
        "kind": kind,
        "flag": format!("--{}", field.flag()),
        "required": field.required,
        "help": field.help,
        "expected": field.expected,
        "rule": rule(field.rule),
    })
}

/// Returns `rule` as JSON, for a form to check a value before asking:
/// `{"kind": "between", "min": 1, "max": 24}`; a seat (or a list per seat)
/// of a table another field states names that field, `of`, and, where the
/// field names the table, each table's seats and whether it is required
/// there (`"tables": [{"name": "duo", "seats": 2, "required": true}]`).
pub fn rule(rule: Rule) -> Value {
    match rule {
        Rule::Hex { digits } => json!({ "kind": "hex", "digits": digits }),
        Rule::Printable { min, max } => json!({ "kind": "printable", "min": min, "max": max }),
        Rule::AtMost(max) => json!({ "kind": "at-most", "max": max }),
        Rule::Between { min, max } => json!({ "kind": "between", "min": min, "max": max }),
        Rule::Exactly { value, max, .. } => {
            json!({ "kind": "exactly", "value": value, "max": max })
        }
        Rule::Seat(seats) => table_of("seat", seats),
        Rule::PerSeat { seats, .. } => table_of("per-seat", seats),
        Rule::Check(_) => json!({ "kind": "check" }),
        _ => json!({ "kind": "any" }),
    }
}

/// Returns a rule of `kind` over the table `seats` states.
fn table_of(kind: &str, seats: Seats) -> Value {
    let mut out = json!({ "kind": kind, "of": seats.of() });
    if let Seats::Named { tables, .. } = seats {
        out["tables"] = tables
            .iter()
            .map(|t| json!({ "name": t.name, "seats": t.seats, "required": t.required }))
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat names the field its table comes from, and each table.
    #[test]
    fn a_seat_rule_names_its_table() {
        let fields = crate::scheme("atout-v1").unwrap().info().fields;
        let rule_of = |name: &str| rule(fields.iter().find(|f| f.name == name).unwrap().rule);
        let table = |name: &str, seats: u8, required: bool| json!({ "name": name, "seats": seats, "required": required });
        assert_eq!(
            rule_of("dealer"),
            json!({ "kind": "seat", "of": "variant", "tables": [
                table("coinche", 0, false), table("belote", 4, true), table("duo", 2, true)
            ]})
        );
        assert_eq!(rule_of("taker")["tables"][2], table("duo", 0, false));
        assert_eq!(rule_of("numbers")["kind"], "per-seat");
        assert_eq!(rule_of("numbers")["tables"][2]["seats"], 2);
        let button = Rule::Seat(Seats::Count { of: "players" });
        assert_eq!(rule(button), json!({ "kind": "seat", "of": "players" }));
        let nonce = Rule::Exactly {
            value: 1,
            max: 9,
            expected: "",
        };
        assert_eq!(
            rule(nonce),
            json!({ "kind": "exactly", "value": 1, "max": 9 })
        );
    }
}
