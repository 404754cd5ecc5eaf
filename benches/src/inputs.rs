//! The fixed inputs: cases of the committed vectors, so that a bench times a
//! deal that the vectors pin and the conformance suite checks.
//!
//! Each is written out here (the CLI does not carry the vector files) and a
//! test checks it against its case in `vectors/<scheme>.json`.

use fairdeal_core::{DealScheme, FromJson};

/// A vector case's input: the scheme, the case id and its `input` object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The scheme id (the vector file's name).
    pub scheme: &'static str,
    /// The case id, unique in its file.
    pub id: &'static str,
    /// The case's `input`, as JSON text.
    pub input: &'static str,
}

/// README.md's sample receipt.
pub const EUCHREMASTER: Case = Case {
    scheme: "euchremaster",
    id: "dealer-1",
    input: r#"{"seed": "a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a", "cut": "K7 cut", "dealer": 1}"#,
};

/// README.md's `sfc32-lock` sample receipt.
pub const SFC32_LOCK: Case = Case {
    scheme: "sfc32-lock",
    id: "sample",
    input: r#"{"seed": "340cbd92ae497b96429e4f63942c9dfa", "nonce": "hand-12"}"#,
};

/// A coinche deal with four human seats.
pub const ATOUT_V1: Case = Case {
    scheme: "atout-v1",
    id: "coinche",
    input: r#"{"secret": "n8Fq2VxL7cTz4Rw9", "variant": "coinche", "numbers": ["4821", "1337", "90210", "77"]}"#,
};

/// The worked example of docs/schemes/hmac-blackjack.md: the 416-card shoe.
pub const HMAC_BLACKJACK: Case = Case {
    scheme: "hmac-blackjack",
    id: "key-is-text-not-hex",
    input: r#"{"server_seed": "c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59", "client_seed": "lucky", "nonce": 0}"#,
};

/// A Fisher-Yates game of one hand.
pub const SHOWDOWN_FISHER_YATES: Case = Case {
    scheme: "showdown",
    id: "fisher-yates-1-hands",
    input: r#"{"house_seed": "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef", "phrase": "the quick brown fox", "rules": {"shuffle": "fisher-yates", "cut": false}, "hands": [{}]}"#,
};

/// A kitchen-table game of two hands: hand 2 ([`KITCHEN_TABLE_HAND`]) is
/// riffled three times and cut from the cards gathered after hand 1.
pub const SHOWDOWN_KITCHEN_TABLE: Case = Case {
    scheme: "showdown",
    id: "kitchen-table-2-hands",
    input: r#"{"house_seed": "fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef", "phrase": "the quick brown fox", "rules": {"shuffle": "kitchen-table", "cut": false}, "hands": [{"gathered": ["9d", "Ad", "Kh", "Jd", "Qh", "Kc", "Ks", "Jh", "Ah", "Jc", "Td", "9s", "As", "Kd", "Qc", "Ts", "Js", "9h", "Tc", "Ac", "Qd", "Qs", "Th", "9c"]}, {"pattern": "2323"}]}"#,
};

/// The kitchen-table hand of [`SHOWDOWN_KITCHEN_TABLE`] (hands count from 1).
pub const KITCHEN_TABLE_HAND: usize = 2;

/// Every case above.
pub const CASES: &[Case] = &[
    EUCHREMASTER,
    SFC32_LOCK,
    ATOUT_V1,
    HMAC_BLACKJACK,
    SHOWDOWN_FISHER_YATES,
    SHOWDOWN_KITCHEN_TABLE,
];

impl Case {
    /// Returns the validated input of scheme `S`.
    ///
    /// # Panics
    ///
    /// When the case is not one of `S` or its input is refused: the cases
    /// are fixed, and this crate's tests read every one.
    pub fn input<S: DealScheme>(&self) -> S::Input {
        assert_eq!(
            self.scheme,
            S::ID,
            "case {} read as another scheme",
            self.id
        );
        // OK because the text is a fixed JSON object (tested).
        let json = serde_json::from_str(self.input).expect("a case input is JSON");
        S::Input::from_json(&json).unwrap_or_else(|e| panic!("{}/{}: {e}", self.scheme, self.id))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    const FILES: &[(&str, &str)] = &[
        (
            "euchremaster",
            include_str!("../../vectors/euchremaster.json"),
        ),
        ("sfc32-lock", include_str!("../../vectors/sfc32-lock.json")),
        ("atout-v1", include_str!("../../vectors/atout-v1.json")),
        (
            "hmac-blackjack",
            include_str!("../../vectors/hmac-blackjack.json"),
        ),
        ("showdown", include_str!("../../vectors/showdown.json")),
    ];

    #[test]
    fn every_input_is_its_trace_case_in_the_vectors() {
        for case in CASES {
            let (_, text) = FILES
                .iter()
                .find(|(scheme, _)| *scheme == case.scheme)
                .unwrap();
            let file: Value = serde_json::from_str(text).unwrap();
            let found: Vec<&Value> = file["groups"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| g["kind"] == "trace")
                .flat_map(|g| g["cases"].as_array().unwrap())
                .filter(|c| c["id"] == case.id)
                .collect();
            assert_eq!(found.len(), 1, "{}/{}", case.scheme, case.id);
            let given: Value = serde_json::from_str(case.input).unwrap();
            assert_eq!(found[0]["input"], given, "{}/{}", case.scheme, case.id);
        }
    }
}
