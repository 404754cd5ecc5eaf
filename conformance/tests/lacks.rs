//! One test for a maintainer adding a scheme (docs/adding-a-scheme.md): for
//! each registered id, everything it still lacks outside its crate, as one
//! list. Each item is also held by its own test; this one says them all at
//! once, and where each goes.

use std::collections::BTreeMap;
use std::path::Path;

use fairdeal_conformance::VectorFile;
use serde_json::Value;

use crate::coverage::{LEAST, catch_files, expand, rule_files};

/// The workspace root, from this crate.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// What scheme `id` lacks of the files named after it.
fn missing_files(id: &str) -> Vec<String> {
    let module = id.replace('-', "_");
    let files = [
        (format!("vectors/{id}.json"), "its vector file (step 4)"),
        (format!("docs/schemes/{id}.md"), "its page (step 1)"),
        (
            format!("docs/receipts/{id}.json"),
            "its sample receipt (step 8; the web tests verify it)",
        ),
        (
            format!("conformance/ports/python/schemes/{module}.py"),
            "its Python port module (step 5)",
        ),
        (
            format!("conformance/independent/rules/{id}.py"),
            "its fingerprint rule (step 5)",
        ),
        (
            format!("docs/vector-coverage/{id}.md"),
            "its page of rules (step 6: python3 conformance/coverage/coverage.py)",
        ),
    ];
    let mut out: Vec<String> = files
        .into_iter()
        .filter(|(path, _)| !root().join(path).is_file())
        .map(|(path, what)| format!("{path}: {what}"))
        .collect();
    let page = std::fs::read_to_string(root().join(format!("docs/schemes/{id}.md")));
    if page.is_ok_and(|text| !text.contains("<!-- inputs:start -->")) {
        out.push(format!(
            "docs/schemes/{id}.md: its inputs table, between <!-- inputs:start --> and \
             <!-- inputs:end --> (step 6: UPDATE_DOCS=1 ... inputs_table)"
        ));
    }
    out
}

/// What scheme `id` lacks in the rule table: its rules, two cases for each,
/// two cases that catch each of its mistakes.
fn missing_rules(
    id: &str,
    file: Option<&VectorFile>,
    rules: Option<&Value>,
    catches: Option<&Value>,
) -> Vec<String> {
    let Some(list) = rules.and_then(Value::as_array).filter(|l| !l.is_empty()) else {
        return vec![format!(
            "conformance/coverage/rules/{id}.json: the rules of docs/schemes/{id}.md, each with \
             {LEAST} cases or more (step 6)"
        )];
    };
    let Some(file) = file else {
        // Without cases no rule can rest on any; the vector file is listed.
        return Vec::new();
    };
    let mut out = Vec::new();
    for rule in list {
        let rule_id = rule["id"].as_str().unwrap_or_default();
        let entries = rule["cases"].as_array().cloned().unwrap_or_default();
        match expand(file, &entries) {
            Ok(ids) if ids.len() < LEAST => out.push(format!(
                "rule {rule_id}: {} case(s), {LEAST} needed (vectors/{id}.json, rules/{id}.json)",
                ids.len()
            )),
            Ok(_) => {}
            Err(e) => out.push(format!("rule {rule_id}: {e}")),
        }
        for name in rule["mutants"]
            .as_object()
            .into_iter()
            .flat_map(|m| m.keys())
        {
            let caught = catches
                .and_then(|c| c[name.as_str()].as_array())
                .map_or(0, Vec::len);
            if caught < LEAST {
                out.push(format!(
                    "rule {rule_id}: mistake {name} caught by {caught} case(s), {LEAST} needed \
                     (python3 conformance/coverage/coverage.py --mutants)"
                ));
            }
        }
    }
    out
}

/// Every registered scheme has all it needs outside its crate: run this
/// one test after registering a scheme, and read one list.
#[test]
fn a_new_scheme_lacks_nothing() {
    let rules = rule_files();
    let catches = catch_files();
    let files: BTreeMap<String, VectorFile> = crate::util::vector_files()
        .into_iter()
        .map(|(_, _, f)| (f.scheme.clone(), f))
        .collect();
    let mut lacking = Vec::new();
    for scheme in fairdeal::SCHEMES {
        let id = scheme.id();
        let mut missing = missing_files(id);
        missing.extend(missing_rules(
            id,
            files.get(id),
            rules.get(id),
            catches.get(id),
        ));
        if scheme.info().bench.is_empty() {
            missing.push("INFO.bench: a trace case of its vector file to time (step 2)".to_owned());
        }
        let page = std::fs::read_to_string(root().join(format!("docs/schemes/{id}.md")));
        if page.is_ok_and(|p| !p.contains("## The receipt as the site gives it")) {
            missing.push(
                "docs/schemes/{id}.md: a section \"The receipt as the site gives it\", \
                 as INFO.forms says it, with an example (step 2)"
                    .replace("{id}", id),
            );
        }
        for item in missing {
            lacking.push(format!("  {id}: {item}"));
        }
    }
    assert!(
        lacking.is_empty(),
        "registered schemes lack (docs/adding-a-scheme.md):\n{}",
        lacking.join("\n")
    );
}
