//! [`Audit`]: what `fairdeal audit` needs of a scheme, as data, so that the
//! audit names no scheme (docs/fairness.md): how its numbers become choices
//! (the exact bias of each draw) and the inputs it deals.

use serde_json::Value;

/// What the audit reads of a scheme ([`SchemeInfo::audit`](crate::info::SchemeInfo::audit)).
#[derive(Clone, Copy, Debug)]
pub struct Audit {
    /// Each way the scheme turns a number into a choice, in the order the
    /// report lists them.
    pub draws: &'static [DrawMethod],
    /// The inputs it deals, one plan per shuffle the audit can ask for (the
    /// first is the default). Empty: the audit starts from the first bench
    /// case and draws every hexadecimal field anew.
    pub plans: &'static [AuditPlan],
}

impl Audit {
    /// Nothing known: no bias table, the audit's default plan.
    pub const NONE: Self = Self {
        draws: &[],
        plans: &[],
    };
}

/// How a scheme turns random numbers into choices, and for which sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawMethod {
    /// j = (u * n) >> 32 of a 32-bit u, for n from `sizes.0` to `sizes.1`.
    MulShift {
        /// Where the scheme uses it.
        used_for: &'static str,
        /// The fewest and most choices.
        sizes: (u64, u64),
    },
    /// Rejection sampling: exact.
    Rejection {
        /// Where, and with which numbers.
        used_for: &'static str,
    },
    /// A yes when u >= `from`, for a 32-bit u.
    Threshold {
        /// Where.
        used_for: &'static str,
        /// The smallest u that says yes.
        from: u64,
        /// The chance it is meant to have, as `(p, q)`.
        meant: (u64, u64),
    },
}

/// Returns the input an audit plan starts from, before the drawn fields.
pub type Template = fn() -> Result<Value, String>;

/// The inputs the audit deals for one shuffle of a scheme.
#[derive(Clone, Copy, Debug)]
pub struct AuditPlan {
    /// The shuffle's name on the command line and in the report
    /// (`fisher-yates`, `kitchen-table`).
    pub shuffle: &'static str,
    /// The sample input; the drawn fields are overwritten for each deal.
    pub template: Template,
    /// The fields drawn anew for each input: the secrets a site reveals
    /// after play, which make the deal.
    pub vary: &'static [Drawn],
    /// The first deal of each input that is tallied (a later one where each
    /// deal starts from the cards of the one before).
    pub first: usize,
    /// The deals each input holds from `first` on, so that reading an input
    /// and its set-up is shared; it divides the audit's chunk of 3000 deals.
    pub per_input: u64,
}

/// One field drawn anew for each input, at a JSON Pointer of the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// Lowercase hexadecimal digits.
    Hex {
        /// Where.
        pointer: &'static str,
        /// How many.
        digits: usize,
    },
    /// Letters and digits.
    Text {
        /// Where.
        pointer: &'static str,
        /// How many.
        chars: usize,
    },
    /// An integer from 0 to `max`.
    Integer {
        /// Where.
        pointer: &'static str,
        /// The largest.
        max: u64,
    },
    /// An integer over the range the rule of the scheme's field `name`
    /// states ([`Rule::range`](crate::input::Rule::range)), at `/name`: the audit
    /// reads the range from the field list rather than a copy of it. A seat
    /// of the table another field states ([`Rule::Seat`](crate::input::Rule::Seat))
    /// is drawn over the seats of the table each input states.
    Field {
        /// The field's name.
        name: &'static str,
    },
}
