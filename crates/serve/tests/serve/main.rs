//! The service over real connections on loopback: every endpoint's answers
//! and refusals, every registered scheme's receipts fetched over HTTP and
//! verified, and 200 clients at once betting and dealing with no nonce
//! handed out twice.

mod client;
mod endpoints;
mod load;
mod schemes;
mod util;
