//! `fairdeal schemes`: what this build knows.

use fairdeal::SCHEMES;
use fairdeal::core::FieldKind;
use serde_json::{Value, json};

use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

pub fn run(json: bool) -> Result<Outcome, CliError> {
    if json {
        let list: Vec<Value> = SCHEMES
            .iter()
            .map(|s| {
                let fields: Vec<Value> = s
                    .fields()
                    .iter()
                    .map(|f| {
                        let kind = match f.kind {
                            FieldKind::Integer => "integer",
                            FieldKind::Bool => "bool",
                            FieldKind::TextPerSeat { .. } => "text-per-seat",
                            _ => "text",
                        };
                        let flag = format!("--{}", f.flag());
                        json!({ "name": f.name, "kind": kind, "flag": flag, "required": f.required, "help": f.help })
                    })
                    .collect();
                json!({ "id": s.id(), "summary": s.summary(), "commitment": s.commitment(), "fields": fields })
            })
            .collect();
        print_json(&Value::Array(list))?;
    } else {
        let width = SCHEMES.iter().map(|s| s.id().len()).max().unwrap_or(0);
        let text: String = SCHEMES
            .iter()
            .map(|s| format!("{:<width$}  {}\n", s.id(), s.summary()))
            .collect();
        print(&text)?;
    }
    Ok(Outcome::Ok)
}
