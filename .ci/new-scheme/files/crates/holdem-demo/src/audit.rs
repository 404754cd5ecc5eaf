//! What `fairdeal audit` reads of this scheme (docs/fairness.md).

use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use serde_json::{Value, json};

/// The rejection-sampled swaps, and random server seeds under one client
/// seed, nonce and table.
pub const AUDIT: Audit = Audit {
    draws: &[DrawMethod::Rejection {
        used_for: "Fisher-Yates swaps of the 52-card deck, 32-bit numbers",
    }],
    plans: &[AuditPlan {
        shuffle: "fisher-yates",
        template,
        vary: &[Drawn::Hex {
            pointer: "/server_seed",
            digits: 64,
        }],
        first: 1,
        per_input: 1,
    }],
};

fn template() -> Result<Value, String> {
    Ok(json!({"server_seed": "", "client_seed": "river", "nonce": 7, "players": 6, "button": 0}))
}
