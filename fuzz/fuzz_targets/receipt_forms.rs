//! The receipt as the sites give it (`fairdeal::receipt::forms`): any text
//! read unnamed, as each registered scheme's and each game's, and every
//! receipt it accepts checked as a batch line is. The web page's paste box
//! and `fairdeal verify --input FILE` read text with it.
#![no_main]

use fairdeal::receipt::forms::{Named, read};
use fairdeal::receipt::check;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let named = fairdeal::SCHEMES
        .iter()
        .map(|&s| Some(Named::Scheme(s)))
        .chain(fairdeal::games().map(|(s, g)| Some(Named::Game(s, g))));
    for named in std::iter::once(None).chain(named) {
        if let Ok(receipt) = read(text, named) {
            let _ = receipt.to_json();
            let _ = check(&Value::Object(receipt.receipt));
        }
    }
});
