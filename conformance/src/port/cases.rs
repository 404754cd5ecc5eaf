//! The cases sent to a port: every vector case, and the stage cases derived
//! from each trace case by feeding it the expected values of earlier stages.

use serde_json::{Map, Value, json};

use crate::{CaseStatus, Kind, VectorFile};

/// What a case must give.
#[derive(Clone, Debug, PartialEq)]
pub enum Expectation {
    /// This output.
    Output(Value),
    /// This refusal: kind and field.
    Error {
        /// The kind code.
        kind: String,
        /// The field.
        field: String,
    },
    /// Nothing: the vector case was never generated.
    Nothing,
}

/// One case for a port.
#[derive(Clone, Debug, PartialEq)]
pub struct PortCase {
    /// The scheme id.
    pub scheme: String,
    /// The case id; derived cases add `/shuffle`, `/deal` (and `/deal-N/`
    /// for a game's deal N).
    pub id: String,
    /// The protocol kind (`trace`, `stream`, `generator`, `shuffle`,
    /// `deal`, `game`).
    pub kind: &'static str,
    /// What the run line carries besides its header: `input`, `count`, ...
    pub fields: Map<String, Value>,
    /// What must come back.
    pub expected: Expectation,
    /// Whether the page leaves a choice here (the vector case's `status`
    /// is `informative`): a port that differs is reported, not failed.
    pub informative: bool,
    /// For a stage case derived from a trace whose output has a set-up
    /// (showdown's first dealer), that set-up: `first_dealer` and each
    /// deal's `dealer`. A refusal it explains is blamed on it, as the
    /// trace's own is (setup.rs).
    pub setup: Option<Value>,
}

/// Returns the protocol kind of a vector group kind.
pub fn port_kind(kind: Kind) -> &'static str {
    match kind {
        Kind::Trace | Kind::Invalid => "trace",
        Kind::Stream => "stream",
        Kind::Generator => "generator",
        Kind::Shuffle => "shuffle",
        Kind::Deal => "deal",
        Kind::Game => "game",
    }
}

/// Returns every case of `file`, each trace case followed by its derived
/// stage cases.
pub fn of_file(file: &VectorFile) -> Vec<PortCase> {
    let mut out = Vec::new();
    for (kind, case) in file.cases() {
        let mut fields = Map::new();
        fields.insert("input".to_owned(), case.input.clone());
        let extra = [
            ("count", case.count.map(|c| json!(c))),
            ("state", case.state.clone()),
            ("randoms", case.randoms.clone()),
            ("deck", case.deck.clone()),
            ("deal", case.deal.map(|d| json!(d))),
            ("game", case.game.as_ref().map(|g| json!(g))),
        ];
        fields.extend(
            extra
                .into_iter()
                .filter_map(|(k, v)| Some((k.to_owned(), v?))),
        );
        let expected = match (&case.expected, &case.error) {
            (Some(v), _) => Expectation::Output(v.clone()),
            (None, Some(e)) => Expectation::Error {
                kind: e.kind.clone(),
                field: e.field.clone(),
            },
            (None, None) => Expectation::Nothing,
        };
        let informative = case.status == CaseStatus::Informative;
        let derived = match (kind, &expected) {
            (Kind::Trace, Expectation::Output(v)) => derive(&file.scheme, &case.id, &case.input, v),
            _ => Vec::new(),
        };
        out.push(PortCase {
            scheme: file.scheme.clone(),
            id: case.id.clone(),
            kind: port_kind(kind),
            fields,
            expected,
            informative,
            setup: None,
        });
        // A stage of an informative case is as informative as the case.
        out.extend(derived.into_iter().map(|c| PortCase { informative, ..c }));
    }
    out
}

/// The stage cases of one trace case: its shuffle fed its expected randoms,
/// its deal fed its expected deck; per deal for a game.
fn derive(scheme: &str, id: &str, input: &Value, expected: &Value) -> Vec<PortCase> {
    match expected.get("deals").and_then(Value::as_array) {
        Some(deals) => {
            let setup = expected.get("first_dealer").map(|first| {
                let dealers: Vec<Value> = deals
                    .iter()
                    .map(|d| json!({ "dealer": d.get("dealer") }))
                    .collect();
                json!({ "first_dealer": first, "deals": dealers })
            });
            (1..)
                .zip(deals)
                .flat_map(|(n, deal)| {
                    let mut cases = stages(scheme, &format!("{id}/deal-{n}"), input, Some(n), deal);
                    for case in &mut cases {
                        case.setup.clone_from(&setup);
                    }
                    cases
                })
                .collect()
        }
        None => stages(scheme, id, input, None, expected),
    }
}

fn stages(
    scheme: &str,
    id: &str,
    input: &Value,
    deal: Option<usize>,
    expected: &Value,
) -> Vec<PortCase> {
    let (Some(randoms), Some(positions), Some(deck)) = (
        expected.get("randoms"),
        expected.get("positions"),
        expected.get("deck"),
    ) else {
        return Vec::new();
    };
    let base = |key: &str, value: &Value| {
        let mut fields = Map::new();
        fields.insert("input".to_owned(), input.clone());
        fields.insert(key.to_owned(), value.clone());
        if let Some(n) = deal {
            fields.insert("deal".to_owned(), json!(n));
        }
        fields
    };
    let consumed = randoms.as_array().map_or(0, Vec::len);
    let shuffled = json!({ "consumed": consumed, "positions": positions, "deck": deck });
    // The deal's own fields are those after `deck`, in the method's order.
    let dealt: Map<String, Value> = expected
        .as_object()
        .map(|o| {
            o.iter()
                .skip_while(|(k, _)| *k != "deck")
                .skip(1)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect()
        })
        .unwrap_or_default();
    vec![
        PortCase {
            scheme: scheme.to_owned(),
            id: format!("{id}/shuffle"),
            kind: "shuffle",
            fields: base("randoms", randoms),
            expected: Expectation::Output(shuffled),
            informative: false,
            setup: None,
        },
        PortCase {
            scheme: scheme.to_owned(),
            id: format!("{id}/deal"),
            kind: "deal",
            fields: base("deck", deck),
            expected: Expectation::Output(Value::Object(dealt)),
            informative: false,
            setup: None,
        },
    ]
}
