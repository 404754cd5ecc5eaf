//! Every registered scheme's JSON input: bytes -> JSON -> each entry point
//! of every scheme in `fairdeal::SCHEMES`, so a new scheme is covered the
//! day it is registered.
//!
//! The input is a bare input object, or a vector case's shape
//! (`{"input": {...}, "randoms": [...], "deck": [...], "deal": 2,
//! "count": 8, "state": {...}}`), which also feeds the stage entry points.
#![no_main]

use fairdeal::SCHEMES;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// The most stream numbers asked for: a count is the caller's to bound.
const MAX_COUNT: u64 = 1024;

fuzz_target!(|data: &[u8]| {
    let Ok(case) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let input = case.get("input").unwrap_or(&case);
    let deal = case
        .get("deal")
        .and_then(Value::as_u64)
        .map_or(1, |d| usize::try_from(d).unwrap_or(usize::MAX));
    let count = case
        .get("count")
        .and_then(Value::as_u64)
        .map_or(8, |c| c.min(MAX_COUNT) as usize);
    for scheme in SCHEMES {
        let info = scheme.info();
        if let (Some(expand), Value::Object(flags)) = (info.cli.expand, input) {
            let _ = expand(flags);
        }
        if let (Some(generator), Some(state)) = (info.hints.generator, case.get("state")) {
            let _ = generator(state, count);
        }
        if let Some(hashed_text) = info.hints.hashed_text {
            for stage in ["fingerprint", "randoms", "deck"] {
                let _ = hashed_text(input, stage, deal, count);
            }
        }
        let valid = scheme.validate(input);
        let trace = scheme.trace_json(input);
        if let Err(refused) = valid {
            // Every entry point checks the input the same way first.
            assert_eq!(trace.as_ref().err(), Some(&refused), "{}", scheme.id());
            assert_eq!(
                scheme.compute(input).err(),
                Some(refused),
                "{}",
                scheme.id()
            );
            continue;
        }
        // An accepted input deals, and the reusing path deals the same.
        let trace =
            trace.unwrap_or_else(|e| panic!("{}: accepted, then refused: {e}", scheme.id()));
        let reusing = scheme.trace_reusing_json(input);
        assert_eq!(
            Ok(&trace),
            reusing.as_ref(),
            "{}: trace vs trace_reusing",
            scheme.id()
        );
        // The stage entry points agree with the trace on its first deal: its
        // numbers shuffle into its deck, which deals into its hands.
        let first = trace.get("deals").and_then(|d| d.get(0)).unwrap_or(&trace);
        if let (Some(randoms), Some(deck)) = (first.get("randoms"), first.get("deck")) {
            let shuffled = scheme.shuffle_json(input, 1, randoms);
            let shuffled = shuffled.unwrap_or_else(|e| panic!("{}: shuffle: {e}", scheme.id()));
            assert_eq!(shuffled.get("deck"), Some(deck), "{}: shuffle", scheme.id());
            let dealt = scheme.deal_json(input, 1, deck);
            let dealt = dealt.unwrap_or_else(|e| panic!("{}: deal: {e}", scheme.id()));
            let dealt = dealt.as_object().expect("a deal is an object");
            for (stage, value) in dealt {
                assert_eq!(
                    first.get(stage),
                    Some(value),
                    "{}: deal's {stage}",
                    scheme.id()
                );
            }
        }
        let _ = scheme.view(input);
        let _ = scheme.compute(input);
        let _ = scheme.stream_json(input, deal, count);
        if let Some(randoms) = case.get("randoms") {
            let _ = scheme.shuffle_json(input, deal, randoms);
        }
        if let Some(deck) = case.get("deck") {
            let _ = scheme.deal_json(input, deal, deck);
        }
    }
});
