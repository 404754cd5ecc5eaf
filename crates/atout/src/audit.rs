//! What `fairdeal audit` reads of this scheme (docs/fairness.md).

use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use serde_json::{Value, json};

/// The rejection-sampled swaps, and random secrets with fixed numbers.
pub const AUDIT: Audit = Audit {
    draws: &[DrawMethod::Rejection {
        used_for: "Fisher-Yates swaps of the 32-card deck, 32-bit numbers",
    }],
    plans: &[AuditPlan {
        shuffle: "fisher-yates",
        template,
        vary: &[Drawn::Text {
            pointer: "/secret",
            chars: 16,
        }],
        first: 1,
        per_input: 1,
    }],
};

fn template() -> Result<Value, String> {
    Ok(json!({"secret": "", "variant": "coinche", "numbers": ["4821", "1337", "90210", "77"]}))
}
