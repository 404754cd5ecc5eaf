use fairdeal_conformance::{Filter, runner};

use crate::util::{scheme_of, vector_files};

/// Runs every case, collects every failure, then fails once with all of them.
/// `FAIRDEAL_CASE=sub,-sub` narrows the run.
#[test]
fn every_case_of_every_vector_file() {
    let filter = Filter::from_env();
    let mut failures = Vec::new();
    let mut passed = 0;
    for (path, _, file) in vector_files() {
        let report = runner::check(&file, scheme_of(&file), &filter);
        passed += report.counts().0;
        failures.extend(
            report
                .failures()
                .map(|f| format!("{}: {f}", path.display())),
        );
    }
    assert!(passed > 0, "no vector case ran");
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}\n(rerun one with FAIRDEAL_CASE=<id>)",
        failures.len(),
        failures.join("\n")
    );
}

/// A deliberately wrong expectation is reported at its first stage and field,
/// so the runner cannot pass vacuously.
#[test]
fn a_changed_value_is_reported_at_its_stage() {
    let (_, _, mut file) = vector_files()
        .into_iter()
        .find(|(_, _, f)| f.scheme == "euchremaster")
        .unwrap();
    let case = file
        .groups
        .iter_mut()
        .flat_map(|g| g.cases.iter_mut())
        .find(|c| c.id == "dealer-1")
        .unwrap();
    let expected = case.expected.as_mut().unwrap();
    expected["hands"][2][3] = "Jk".into();
    let report = runner::check(&file, scheme_of(&file), &Filter::parse("dealer-1"));
    let failures: Vec<String> = report.failures().map(ToString::to_string).collect();
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].contains("first differing stage: hands, at /hands/2/3"),
        "{}",
        failures[0]
    );
}

/// The allocation-free path (`DealSchemeExt::deal_into`, buffers reused)
/// gives exactly what `trace` gives, for every trace case of every scheme.
#[test]
fn dealing_into_a_reused_table_matches_the_trace() {
    let mut compared = 0;
    for (_, _, file) in vector_files() {
        let scheme = scheme_of(&file);
        for (_, case) in file
            .cases()
            .filter(|(k, c)| *k == fairdeal_conformance::Kind::Trace && c.expected.is_some())
        {
            let plain = scheme.trace_json(&case.input).unwrap();
            let reusing = scheme.trace_reusing_json(&case.input).unwrap();
            assert_eq!(plain, reusing, "{}/{}", file.scheme, case.id);
            compared += 1;
        }
    }
    assert!(compared > 50, "{compared} cases compared");
}
