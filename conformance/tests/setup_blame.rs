//! A port whose first dealer is one seat late (the independent Python
//! port's mistake `sd-first-dealer-off-by-one`) takes a computer's hand for
//! the player's and refuses the pattern that hand lacks: the runner blames
//! the set-up, not the refusal, in the trace and in every stage case derived
//! from it (docs/porting.md, "Reading a failure").

use std::path::Path;
use std::time::Duration;

use fairdeal_conformance::Filter;
use fairdeal_conformance::port::{Options, Verdict, check, summary};

use crate::util::vector_files;

/// The Python port with one mistake switched on, run over the showdown
/// cases `filter` names.
fn run_with_mutant(mutant: &str, filter: &str) -> fairdeal_conformance::port::Report {
    let port = Path::new(env!("CARGO_MANIFEST_DIR")).join("ports/python/port.py");
    let (_, _, file) = vector_files()
        .into_iter()
        .find(|(_, _, f)| f.scheme == "showdown")
        .expect("vectors/showdown.json");
    let options = Options {
        // `env` sets the switch for the port alone, not for this process
        // (the module is built on Unix only).
        command: vec![
            "env".to_owned(),
            format!("FAIRDEAL_MUTANT={mutant}"),
            "python3".to_owned(),
            port.display().to_string(),
        ],
        schemes: vec!["showdown".to_owned()],
        filter: Filter::parse(filter),
        timeout: Duration::from_secs(30),
        deadline: None,
        known: Vec::new(),
    };
    check(&[file], &options).expect("the Python port says hello")
}

#[test]
fn a_first_dealer_one_seat_late_is_blamed_on_the_set_up_not_on_a_refused_pattern() {
    let report = run_with_mutant(
        "sd-first-dealer-off-by-one",
        "first-dealer-1,computer-patterns-given",
    );
    let failure = |id: &str| {
        let case = report
            .cases
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("case {id} ran"));
        match &case.verdict {
            Verdict::Fail(f) => f.clone(),
            other => panic!("{id}: expected a failure, got {other:?}"),
        }
    };
    // Case first-dealer-1 deals hands 1 to 3 from the computers' seats (first
    // dealer 1) and gives only hand 4's pattern: the port, whose first
    // dealer is 2, thinks hand 3 is the player's and refuses its pattern.
    let trace = failure("first-dealer-1");
    assert_eq!(trace.stage, "first_dealer", "{}", trace.message);
    assert!(
        trace.message.starts_with(
            "set-up differs: first dealer: the port asked for hands[2].pattern, which only a \
             hand the player (seat 0) deals needs; expected first dealer 1, so hand 3 is dealt \
             by seat 3"
        ),
        "{}",
        trace.message
    );
    // Its stage cases give the same record, which the port refuses the same
    // way: each is the set-up's fault too, not a refusal.
    let derived: Vec<_> = report
        .cases
        .iter()
        .filter(|c| c.id.starts_with("first-dealer-1/"))
        .collect();
    assert_eq!(derived.len(), 8, "4 hands, a shuffle and a deal case each");
    for case in derived {
        let Verdict::Fail(f) = &case.verdict else {
            panic!("{}: expected a failure", case.id);
        };
        assert_eq!(f.stage, "first_dealer", "{}: {}", case.id, f.message);
        assert!(
            f.message.starts_with("set-up differs: first dealer"),
            "{}: {}",
            case.id,
            f.message
        );
    }
    // A record that gives every hand's pattern is not refused: the set-up
    // is compared first, and differs at the first dealer.
    let given = failure("computer-patterns-given");
    assert_eq!(
        given.message,
        "set-up differs: first dealer, at /first_dealer: expected 3, got 0"
    );
    let text = summary(&report);
    assert!(text.contains("set-up FAIL"), "{text}");
    assert!(!text.contains("refusals FAIL"), "{text}");
}
