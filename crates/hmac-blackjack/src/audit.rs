//! What `fairdeal audit` reads of this scheme (docs/fairness.md).

use fairdeal_core::audit::{Audit, AuditPlan, DrawMethod, Drawn};
use serde_json::{Value, json};

/// The shoe's multiply-shift picks and plinko's threshold, and random
/// server seeds under one client seed.
pub const AUDIT: Audit = Audit {
    draws: &[
        DrawMethod::MulShift {
            used_for: "the shoe's picks from the cards remaining, 416 down to 1",
            sizes: (1, 416),
        },
        DrawMethod::Threshold {
            used_for: "plinko: right when f.toFixed(2) > 0.5, that is u >= 2168958485",
            from: 2_168_958_485,
            meant: (1, 2),
        },
    ],
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
    Ok(json!({"server_seed": "", "client_seed": "lucky", "nonce": 0}))
}
