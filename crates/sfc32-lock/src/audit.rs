//! What `fairdeal audit` reads of this scheme (docs/fairness.md).

use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use serde_json::{Value, json};

/// The multiply-shift swaps, and random seeds under one nonce.
pub const AUDIT: Audit = Audit {
    draws: &[DrawMethod::MulShift {
        used_for: "Fisher-Yates swaps of the 24-card deck",
        sizes: (2, 24),
    }],
    plans: &[AuditPlan {
        shuffle: "fisher-yates",
        template,
        vary: &[Drawn::Hex {
            pointer: "/seed",
            digits: 32,
        }],
        first: 1,
        per_input: 1,
    }],
};

fn template() -> Result<Value, String> {
    Ok(json!({"seed": "", "nonce": "hand-12"}))
}
