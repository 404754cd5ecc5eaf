//! Every game of every registered scheme (`fairdeal::games()`) on arbitrary
//! JSON: a bare input object, or a vector case's shape (`{"input": {...},
//! "randoms": [...]}`), whose `randoms` list is also fed in place of the
//! stream.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(case) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let input = case.get("input").unwrap_or(&case);
    for (_, game) in fairdeal::games() {
        let _ = (game.run)(input, None);
        if let Some(randoms) = case.get("randoms") {
            let _ = (game.run)(input, Some(randoms));
        }
    }
});
