//! What a table sees of a deal: [`TableView`] (its seats, their roles and
//! cards, the rest by name) for every renderer, [`Seat`], and
//! [`EuchreDeal`], a euchre deal's hands, up-card and kitty dealt in
//! packets.

mod euchre_deal;
mod seat;
mod view;

pub use euchre_deal::EuchreDeal;
pub use seat::Seat;
pub use view::{Part, PartValue, Role, TableView};
