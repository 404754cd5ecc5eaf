//! `fairdeal serve`: the dealer's side (`fairdeal-dealer`) as an HTTP
//! service, for a game server written in another language
//! (docs/dealer.md, "The service").
//!
//! The same operations as `fairdeal dealer`, as JSON endpoints: the
//! operator's (commit, deal, reveal, bet, rotate, the log's check, the
//! receipts as JSONL) behind a bearer token ([`Token`], compared in
//! constant time and never logged), the player's (a round's commitment, its
//! receipt once revealed, a bet's receipt once its period is) open to
//! anyone, since they show nothing that is still secret.
//!
//! Every request is bounded ([`Limits`]): its body's size, the time to read
//! it and to answer it, the connections open at once. The store is
//! synchronous, one transaction per event: each call runs on tokio's
//! blocking threads, one [`Dealer`](fairdeal_dealer::Dealer) shared by all,
//! so that concurrent bets are serialised by the store and never share a
//! nonce. A shutdown (SIGINT, SIGTERM) stops taking connections and lets
//! the requests in flight finish ([`serve`]).

mod body;
mod error;
mod ids;
mod limits;
mod operator;
mod player;
mod routes;
mod server;
mod stream;
mod token;

pub use limits::Limits;
pub use routes::App;
pub use server::{Config, DEFAULT_PORT, RunError, run, serve, shutdown_signal};
pub use token::{MIN_TOKEN_CHARS, TOKEN_ENV, Token};
