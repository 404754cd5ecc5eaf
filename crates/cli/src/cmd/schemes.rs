//! `fairdeal schemes`: what this build knows.

use fairdeal::SCHEMES;
use fairdeal::Verb;
use fairdeal::core::input::Field;
use fairdeal::describe;
use serde_json::{Value, json};

use crate::error::{CliError, Outcome};
use crate::output::{print, print_json};

pub fn run(json: bool) -> Result<Outcome, CliError> {
    if json {
        let list: Vec<Value> = SCHEMES
            .iter()
            .map(|s| {
                let info = s.info();
                let games: Vec<Value> = info
                    .games
                    .iter()
                    .map(|g| json!({ "name": g.name, "verb": g.verb.name(), "summary": g.summary, "fields": fields(g.fields) }))
                    .collect();
                json!({ "id": info.id, "site": info.site, "summary": info.summary, "method": info.method, "commitment": info.commitment.hashes, "fields": fields(info.fields), "seats": info.seat_names, "games": games })
            })
            .collect();
        print_json(&Value::Array(list))?;
    } else {
        let width = SCHEMES.iter().map(|s| s.id().len()).max().unwrap_or(0);
        let mut text = String::new();
        for s in SCHEMES {
            let info = s.info();
            text.push_str(&format!("{:<width$}  {}\n", info.id, info.site));
            text.push_str(&format!("{:<width$}  {}\n", "", info.summary));
            for verb in [Verb::Play, Verb::Roll] {
                let names: Vec<&str> = s
                    .info()
                    .games
                    .iter()
                    .filter(|g| g.verb == verb)
                    .map(|g| g.name)
                    .collect();
                if !names.is_empty() {
                    text.push_str(&format!(
                        "{:<width$}  fairdeal {verb} {}\n",
                        "",
                        names.join("|")
                    ));
                }
            }
        }
        print(&text)?;
    }
    Ok(Outcome::Ok)
}

fn fields(fields: &[Field]) -> Vec<Value> {
    fields.iter().map(describe::field).collect()
}
