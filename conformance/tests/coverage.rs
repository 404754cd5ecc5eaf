//! The rule tables (conformance/coverage/rules/<id>.json, one a scheme,
//! rendered as docs/vector-coverage/<id>.md): every case they name exists,
//! every rule has at least two cases, every deliberate mistake was caught by
//! at least two (conformance/coverage/catches/<id>.json), and each page lists
//! what its table says.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use fairdeal_conformance::{Case, CaseStatus, Kind, VectorFile};
use serde_json::Value;

use crate::util::vector_files;

/// The fewest cases a rule, or a mistake, may rest on.
pub(crate) const LEAST: usize = 2;

fn read_json(path: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file of `conformance/<dir>` named `<id>.json`, by id.
fn per_scheme(dir: &str) -> BTreeMap<String, Value> {
    let Ok(entries) = fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(dir)) else {
        return BTreeMap::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let id = name.strip_suffix(".json")?.to_owned();
            Some((id, read_json(&format!("{dir}/{name}"))))
        })
        .collect()
}

/// Every scheme's rules (conformance/coverage/rules/<id>.json), by id.
pub(crate) fn rule_files() -> BTreeMap<String, Value> {
    per_scheme("coverage/rules")
}

/// Every measured scheme's catches (conformance/coverage/catches/<id>.json),
/// by id: for each mistake, the cases that catch it.
pub(crate) fn catch_files() -> BTreeMap<String, Value> {
    per_scheme("coverage/catches")
}

/// The ids a rule's case list names, selectors expanded, each once, in the
/// list's order (as coverage.py expands them), or the entry that names none.
pub(crate) fn expand<'a>(file: &'a VectorFile, entries: &[Value]) -> Result<Vec<&'a str>, String> {
    let cases: Vec<(Kind, &Case)> = file.cases().collect();
    let mut out: Vec<&str> = Vec::new();
    for entry in entries {
        let entry = entry
            .as_str()
            .ok_or_else(|| format!("{entry} is not a string"))?;
        let ids: Vec<&str> = if entry == "@trace" {
            cases
                .iter()
                .filter(|(k, _)| *k == Kind::Trace)
                .map(|(_, c)| c.id.as_str())
                .collect()
        } else if let Some(flag) = entry.strip_prefix("@flag:") {
            cases
                .iter()
                .filter(|(k, c)| {
                    matches!(k, Kind::Trace | Kind::Deal)
                        && c.expected.is_some()
                        && c.flags.iter().any(|f| f == flag)
                })
                .map(|(_, c)| c.id.as_str())
                .collect()
        } else if let Some(game) = entry.strip_prefix("@game:") {
            cases
                .iter()
                .filter(|(k, c)| {
                    *k == Kind::Game && c.game.as_deref() == Some(game) && c.expected.is_some()
                })
                .map(|(_, c)| c.id.as_str())
                .collect()
        } else {
            cases
                .iter()
                .filter(|(_, c)| c.id == entry)
                .map(|(_, c)| c.id.as_str())
                .collect()
        };
        if ids.is_empty() {
            return Err(format!(
                "{entry:?} names no case of vectors/{}.json",
                file.scheme
            ));
        }
        for id in ids {
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    Ok(out)
}

/// Every rule names existing cases, at least two of them; rule ids and
/// mistake names are unique; every mistake was measured and caught by at
/// least two existing cases; every scheme with a vector file has rules.
#[test]
fn every_rule_rests_on_two_cases_or_more() {
    let schemes = rule_files();
    let catches = catch_files();
    let files: BTreeMap<String, VectorFile> = vector_files()
        .into_iter()
        .map(|(_, _, f)| (f.scheme.clone(), f))
        .collect();
    let mut problems = Vec::new();
    let mut mutants = BTreeSet::new();
    for (scheme, file) in &files {
        let Some(list) = schemes.get(scheme).and_then(Value::as_array) else {
            problems.push(format!(
                "{scheme}: no rules in conformance/coverage/rules/{scheme}.json"
            ));
            continue;
        };
        let mut rule_ids = BTreeSet::new();
        for rule in list {
            let id = rule["id"].as_str().unwrap_or_default();
            if !rule_ids.insert(id) {
                problems.push(format!("{scheme}/{id}: listed twice"));
            }
            let entries = rule["cases"].as_array().cloned().unwrap_or_default();
            // An informative case shows a choice the page leaves: a rule
            // rests on its normative cases (docs/vectors.md).
            match expand(file, &entries).map(|ids| {
                ids.into_iter()
                    .filter(|i| !informative(file, i))
                    .collect::<Vec<_>>()
            }) {
                Ok(ids) if ids.len() < LEAST => problems.push(format!(
                    "{scheme}/{id}: {} normative case(s) {ids:?}, expected at least {LEAST}",
                    ids.len()
                )),
                Ok(_) => {}
                Err(e) => problems.push(format!("{scheme}/{id}: {e}")),
            }
            for name in rule["mutants"]
                .as_object()
                .into_iter()
                .flat_map(|m| m.keys())
            {
                if !mutants.insert(name.clone()) {
                    problems.push(format!("{scheme}/{id}: mistake {name} is listed twice"));
                }
                let caught: Vec<&str> = catches
                    .get(scheme)
                    .and_then(|c| c[name.as_str()].as_array())
                    .map(|a| a.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                if caught.len() < LEAST {
                    problems.push(format!(
                        "{scheme}/{id}: mistake {name} is caught by {caught:?} (catches/{scheme}.json; \
                         python3 conformance/coverage/coverage.py --mutants measures it)"
                    ));
                }
                for case in caught {
                    if !file.cases().any(|(_, c)| c.id == case) {
                        problems.push(format!(
                            "{scheme}: catches/{scheme}.json names {case:?}, which is no case"
                        ));
                    }
                }
            }
        }
    }
    for scheme in schemes.keys() {
        if !files.contains_key(scheme) {
            problems.push(format!("rules/{scheme}.json: {scheme} has no vector file"));
        }
    }
    for scheme in catches.keys() {
        if !schemes.contains_key(scheme) {
            problems.push(format!("catches/{scheme}.json: {scheme} has no rules file"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Whether case `id` of `file` is informative.
fn informative(file: &VectorFile, id: &str) -> bool {
    file.cases()
        .any(|(_, c)| c.id == id && c.status == CaseStatus::Informative)
}

/// Each scheme's page docs/vector-coverage/<id>.md has a row for every rule,
/// listing exactly the rule's cases (ids and numbers): the page is
/// regenerated when the table or the vectors change (`python3
/// conformance/coverage/coverage.py`).
#[test]
fn the_coverage_page_lists_every_rule() {
    let files: BTreeMap<String, VectorFile> = vector_files()
        .into_iter()
        .map(|(_, _, f)| (f.scheme.clone(), f))
        .collect();
    let mut problems = Vec::new();
    for (scheme, list) in rule_files() {
        let Some(file) = files.get(&scheme) else {
            continue;
        };
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../docs/vector-coverage/{scheme}.md"));
        let Ok(page) = fs::read_to_string(&path) else {
            problems.push(format!(
                "{scheme}: no page docs/vector-coverage/{scheme}.md"
            ));
            continue;
        };
        for rule in list.as_array().into_iter().flatten() {
            let id = rule["id"].as_str().unwrap_or_default();
            let Some(row) = page.lines().find(|l| l.starts_with(&format!("| `{id}` |"))) else {
                problems.push(format!("{scheme}/{id}: no row on the page"));
                continue;
            };
            let entries = rule["cases"].as_array().cloned().unwrap_or_default();
            let Ok(ids) = expand(file, &entries) else {
                continue; // every_rule_rests_on_two_cases_or_more names it
            };
            let shown: Vec<String> = ids
                .iter()
                .map(|i| {
                    let n = file
                        .cases()
                        .find(|(_, c)| c.id == *i)
                        .map(|(_, c)| c.number);
                    let mark = if informative(file, i) {
                        " (informative)"
                    } else {
                        ""
                    };
                    format!("`{i}` #{}{mark}", n.unwrap_or_default())
                })
                .collect();
            let cell = format!("| {} | {} |", ids.len(), shown.join(", "));
            if !row.contains(&cell) {
                problems.push(format!(
                    "{scheme}/{id}: the page's row does not list {cell}"
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "docs/vector-coverage/ is stale (run python3 conformance/coverage/coverage.py):\n{}",
        problems.join("\n")
    );
}
