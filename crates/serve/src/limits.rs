//! [`Limits`]: the bounds every request is held to, so that no client can
//! make the service hold memory, a thread or a connection without end.

use std::time::Duration;

/// The bounds of the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes a request's body may have (413 past it): 64 KiB by
    /// default, far above any deal's fields.
    pub body_bytes: usize,
    /// The time a request's headers may take to arrive, and a connection
    /// may stay idle between requests: 30 s by default.
    pub headers: Duration,
    /// The time a request's body may take to arrive (408 past it): 30 s by
    /// default.
    pub body: Duration,
    /// The time the store may take to answer (503 past it; the event may
    /// still be stored, as after a crash): 30 s by default. Each chunk of a
    /// JSONL answer must also be taken by the client within it.
    pub answer: Duration,
    /// The most connections open at once; more wait to be accepted: 1024 by
    /// default. A connection carries one request at a time, so this bounds
    /// the requests in flight too.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            body_bytes: 64 << 10,
            headers: Duration::from_secs(30),
            body: Duration::from_secs(30),
            answer: Duration::from_secs(30),
            connections: 1024,
        }
    }
}
