//! What an input is made of: each [`Field`] of a scheme's page with its
//! JSON type and [`Rule`], [`Fields`], which checks an input object against
//! its field list so that every refusal names its field, the readers of
//! [`fields`], the text checks of [`text`], and the strict JSON reader of
//! [`json`].

mod field;
pub mod fields;
pub mod json;
pub mod text;

pub use field::{Field, FieldKind, Rule, Seats, Table};
pub use fields::Fields;
