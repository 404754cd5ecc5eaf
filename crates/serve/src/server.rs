//! Serving the routes: the accept loop (at most [`Limits::connections`]
//! open, each with hyper's header read timeout, which also closes a
//! connection idle for as long), the graceful shutdown on SIGINT or
//! SIGTERM (no new connection; each request in flight finishes and is
//! answered), and [`run`], which `fairdeal serve` calls.

use std::fmt;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

use crate::limits::Limits;
use crate::routes::App;
use crate::token::Token;

/// The port `fairdeal serve` listens on when `--listen` names none.
pub const DEFAULT_PORT: u16 = 8417;

/// What `fairdeal serve` runs with.
#[derive(Debug)]
pub struct Config {
    /// The store's file.
    pub store: PathBuf,
    /// The address to listen on (port 0: one the system picks).
    pub listen: SocketAddr,
    /// The operator's token.
    pub token: Token,
    /// The bounds of each request.
    pub limits: Limits,
}

impl Config {
    /// The default address: `127.0.0.1:DEFAULT_PORT`, reachable from this
    /// machine only.
    pub const DEFAULT_LISTEN: SocketAddr =
        SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT);
}

/// Why the service could not start, or stopped with an error.
#[derive(Debug)]
pub enum RunError {
    /// The store could not be opened.
    Store(fairdeal_dealer::Error),
    /// The address could not be bound (in use, not this machine's).
    Bind {
        /// The address.
        listen: SocketAddr,
        /// Why.
        source: io::Error,
    },
    /// The runtime, the signal handlers or the listener failed.
    Io(io::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Store(e) => e.fmt(f),
            Self::Bind { listen, source } => write!(
                f,
                "--listen {listen}: {source}; expected an address of this machine with a free \
                 port (port 0 picks one)"
            ),
            Self::Io(e) => write!(f, "serve: {e}"),
        }
    }
}

impl std::error::Error for RunError {}

/// Opens the store, binds `config.listen`, calls `bound` with the address
/// bound, and serves until SIGINT or SIGTERM, then lets the requests in
/// flight finish.
///
/// # Errors
///
/// The store cannot be opened; the address cannot be bound; the runtime
/// cannot start.
pub fn run(config: Config, bound: impl FnOnce(SocketAddr)) -> Result<(), RunError> {
    let limits = config.limits.clone();
    let app = App::open(&config.store, config.token, config.limits).map_err(RunError::Store)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(RunError::Io)?;
    runtime.block_on(async {
        // The handlers first: a signal sent as soon as the address is
        // known is a shutdown, never the default action's abrupt end.
        let stop = shutdown_signal().map_err(RunError::Io)?;
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(|source| RunError::Bind {
                listen: config.listen,
                source,
            })?;
        bound(listener.local_addr().map_err(RunError::Io)?);
        serve(listener, app.router(), &limits, stop)
            .await
            .map_err(RunError::Io)
    })
    // Dropping the runtime waits for the store calls still running on its
    // blocking threads: each transaction ends committed or rolled back.
}

/// Returns a future that ends at the first SIGINT (Ctrl-C) or SIGTERM,
/// saying so on stderr. Call it before the address is made known.
///
/// # Errors
///
/// The signal handlers cannot be installed.
pub fn shutdown_signal() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    Ok(async move {
        #[cfg(unix)]
        let name = tokio::select! {
            _ = tokio::signal::ctrl_c() => "SIGINT",
            _ = term.recv() => "SIGTERM",
        };
        #[cfg(not(unix))]
        let name = {
            // An error here means no Ctrl-C can come: serve until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            "Ctrl-C"
        };
        eprintln!("fairdeal serve: {name}: finishing the requests in flight, then stopping");
    })
}

/// Serves `router` on `listener` until `shutdown` ends, then lets every
/// request in flight finish and returns.
///
/// # Errors
///
/// None today: an accept that fails is logged and retried.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.connections.max(1)));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            () = &mut shutdown => break,
            permit = open.clone().acquire_owned() => permit.map_err(io::Error::other)?,
        };
        let stream = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors, a connection reset before
                    // it was taken: the listener itself is still good.
                    eprintln!("fairdeal serve: accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        while connections.try_join_next().is_some() {}
        // Small answers to small requests: sent now, not held for more.
        drop(stream.set_nodelay(true));
        let service = TowerToHyperService::new(router.clone());
        let mut stop = stop_rx.clone();
        let headers = limits.headers;
        connections.spawn(async move {
            let _open = permit;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(headers);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stop.wait_for(|stop| *stop) => {}
            }
            // The request in flight is answered; an idle connection closes.
            conn.as_mut().graceful_shutdown();
            drop(conn.await);
        });
    }
    drop(listener);
    stop_tx.send_replace(true);
    while connections.join_next().await.is_some() {}
    Ok(())
}
