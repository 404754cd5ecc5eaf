//! What `fairdeal audit` reads of this scheme (docs/fairness.md).

use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use serde_json::{Value, json};

/// The multiply-shift swaps, and random seeds and dealers under the cut of
/// the sample receipt.
pub const AUDIT: Audit = Audit {
    draws: &[DrawMethod::MulShift {
        used_for: "Fisher-Yates swaps of the 24-card deck (25 with the joker)",
        sizes: (2, 25),
    }],
    plans: &[AuditPlan {
        shuffle: "fisher-yates",
        template,
        vary: &[
            Drawn::Hex {
                pointer: "/seed",
                digits: 64,
            },
            Drawn::Field { name: "dealer" },
        ],
        first: 1,
        per_input: 1,
    }],
};

fn template() -> Result<Value, String> {
    Ok(json!({"seed": "", "cut": "K7 cut", "dealer": 0}))
}
