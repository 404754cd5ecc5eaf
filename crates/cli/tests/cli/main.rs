//! The built `fairdeal` binary: exit codes, output and messages. One test
//! binary, a module per topic.

mod util;

mod atout;
mod bench;
mod conformance;
mod dealer;
mod diagnosis;
mod differential;
mod euchremaster;
mod fairness;
mod forgiving;
mod forms;
mod games;
mod hardening;
mod history;
mod hmac_blackjack;
mod hostile_port;
mod overrides;
mod pipeline;
mod schemes;
mod serve;
mod sfc32_lock;
mod showdown;
mod vectors;
mod verdict;
