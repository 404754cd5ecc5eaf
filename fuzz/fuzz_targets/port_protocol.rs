//! The conformance runner's line protocol (conformance/src/port/protocol.rs)
//! on arbitrary lines, as a port could send them: the first line is read as
//! the hello, each later line as the answer to the next run (seq 1, 2, ...),
//! each output compared with the one before as the runner compares it with
//! the expected value. The whole text is also read as a known-failures file.
#![no_main]

use fairdeal_conformance::diff::first_difference;
use fairdeal_conformance::port::{Answer, parse_answer, parse_hello, parse_known};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_known(text);
    let mut lines = text.lines();
    if let Some(first) = lines.next() {
        let _ = parse_hello(first);
    }
    let mut previous = Value::Null;
    for (seq, line) in (1..).zip(lines) {
        let _ = parse_hello(line);
        if let Ok(Answer::Output(output)) = parse_answer(line, seq) {
            assert_eq!(first_difference(&output, &output), None);
            if let Some(d) = first_difference(&previous, &output) {
                let _ = d.to_string();
            }
            previous = output;
        }
    }
});
