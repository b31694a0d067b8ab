//! `tablesolve serve`: the command over HTTP, and a page that plays the answers.
//!
//! Each puzzle's tables are opened once, on first use, and shared by every request
//! ([`judges`]); batches stream through in input order in bounded memory, single
//! boards answer as JSON objects ([`answer`]); searches and batches run on blocking
//! threads, at most `--searches` at once, and a request past that is refused with 503
//! rather than queued. `GET /` is the page ([`page`]), built into the binary.

mod answer;
mod asked;
mod cubing_js;
mod defined;
mod follow;
mod hook;
mod judges;
mod page;
mod stream;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::routing::get;
use axum::serve::ListenerExt;
use axum::Router;
use tablesolve::table::TableDir;
use tokio::sync::Semaphore;

use crate::Failure;
use cubing_js::CubingJs;
use defined::Defined;
use judges::Judges;

/// Where and how to serve.
#[derive(clap::Args)]
pub struct Serve {
    /// The address to listen on
    #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
    bind: std::net::IpAddr,
    /// The port to listen on; 0 picks a free one (printed on start)
    #[arg(long, default_value_t = 8080, value_name = "P")]
    port: u16,
    /// Searches and batches answered at once; a request past them is refused (503,
    /// Retry-After) [default: four per core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=4096))]
    searches: Option<u32>,
    /// Tables built at once for requests (each build on every core); a request whose
    /// tables wait for a build waits with them, its events telling how far they are
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=64))]
    builds: u32,
    /// The longest a search may run on one case, whatever the request asks (its
    /// `timeout` is capped at this); past it the case's answer is `limit L`
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = crate::options::parse_seconds)]
    max_timeout: Duration,
    /// The largest request body, in bytes: a longer one is refused (413)
    #[arg(long, default_value_t = 1 << 30, value_name = "BYTES")]
    max_body: u64,
    /// Also answer the puzzles defined in DIR: each .def (ksolve+) or .json (KPuzzle)
    /// file, named by its file name; all are read at start, and a bad one stops it
    #[arg(long, value_name = "DIR")]
    definitions: Option<std::path::PathBuf>,
    /// The most memory one size of a defined puzzle's pattern databases may take
    /// together (`8G`, `512M`; a byte an entry), as `def --memory` [default: half of what
    /// this machine has free]
    #[arg(long, value_name = "SIZE", value_parser = tablesolve::table::memory::parse_size)]
    memory: Option<u64>,
    /// Draw the defined puzzles that cubing.js knows (the same orbits, solved state and
    /// moves as its own) with cubing.js's player on the page: DIR is the node_modules
    /// folder that `npm install cubing` makes, served from this service
    #[arg(long, value_name = "DIR")]
    cubing_js: Option<std::path::PathBuf>,
}

/// How long requests under way may go on once the service is stopping.
const GRACE: Duration = Duration::from_secs(10);

/// What every request shares.
pub struct Shared {
    judges: Arc<Judges>,
    /// The puzzles defined in `--definitions`.
    defined: Defined,
    /// One permit per search or batch under way.
    slots: Arc<Semaphore>,
    max_timeout: Duration,
    max_body: u64,
    /// `--memory`: what a defined puzzle's databases may take.
    memory: Option<u64>,
    /// `--cubing-js`: cubing.js, served to the page.
    cubing_js: Option<CubingJs>,
    /// The page at `/`, as [`page::html`] writes it.
    page: String,
}

/// Serves until Ctrl-C or SIGTERM, then lets the requests under way finish.
pub fn run(serve: &Serve, tables: TableDir, present: TableDir) -> Result<(), Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let searches = serve.searches.map_or(4 * cores, |n| n as usize);
    let defined = match &serve.definitions {
        Some(dir) => Defined::load(dir, &present, serve.memory)?,
        None => Defined::default(),
    };
    if serve.definitions.is_some() {
        let names: Vec<&str> = defined.names().collect();
        say!("tablesolve: answering the definitions {}", names.join(", "));
    }
    let cubing_js = serve.cubing_js.as_deref().map(CubingJs::find).transpose()?;
    if let (Some(cubing), Some(dir)) = (&cubing_js, &serve.cubing_js) {
        let (version, dir) = (&cubing.version, dir.display());
        say!("tablesolve: drawing the puzzles cubing.js knows with cubing.js {version} from {dir}");
    }
    let shared = Arc::new(Shared {
        judges: Arc::new(Judges::new(
            tables.builds_at_once(serve.builds as usize),
            present,
        )),
        defined,
        slots: Arc::new(Semaphore::new(searches)),
        max_timeout: serve.max_timeout,
        max_body: serve.max_body,
        memory: serve.memory,
        page: page::html(cubing_js.as_ref()),
        cubing_js,
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Usage(format!("cannot start the service: {e}")))?;
    let address = SocketAddr::new(serve.bind, serve.port);
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| Failure::Usage(format!("cannot listen on {address}: {e}")))?;
        let bound = listener.local_addr().unwrap_or(address);
        say!("tablesolve: answering on http://{bound}/ (Ctrl-C stops)");
        // Answers leave as they are written: without this, the last piece of a response
        // waits for the client's delayed acknowledgement (40 ms on Linux).
        let listener = listener.tap_io(|connection| {
            let _ = connection.set_nodelay(true);
        });
        // Once stopping, requests under way get GRACE to finish: a client following a
        // build, or one that never reads its answer, cannot keep the process alive.
        let (stopping, mut stopped) = tokio::sync::watch::channel(false);
        let judges = Arc::clone(&shared.judges);
        let signal = async move {
            stop_signal().await;
            judges.stop();
            let _ = stopping.send(true);
        };
        let serving = async {
            axum::serve(listener, router(shared))
                .with_graceful_shutdown(signal)
                .await
        };
        let grace = async move {
            let _ = stopped.wait_for(|stopping| *stopping).await;
            tokio::time::sleep(GRACE).await;
        };
        tokio::select! {
            served = serving => {
                served.map_err(|e| Failure::Usage(format!("the service failed: {e}")))?;
                say!("tablesolve: stopped");
            }
            () = grace => {
                let seconds = GRACE.as_secs();
                say!("tablesolve: stopped; requests still under way after {seconds} s cut short");
            }
        }
        Ok(())
    });
    // A build or search no request waits for any more (its client gone) must not keep
    // the process alive: what is finished is kept, a part-written table is a
    // temporary that the next run removes.
    runtime.shutdown_timeout(Duration::from_secs(1));
    served
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/favicon.ico", get(page::icon))
        .route("/cubing.js/{*path}", get(cubing_js::file))
        .route("/v1/puzzles", get(answer::puzzles))
        .route("/v1/openapi.json", get(page::openapi))
        .route(
            "/v1/{puzzle}/answer",
            get(answer::one_board).post(answer::batch),
        )
        .route("/v1/{puzzle}/random", get(answer::random))
        .fallback(answer::not_found)
        .with_state(shared)
}

/// Ctrl-C, or SIGTERM on Unix: new connections are refused from then on.
async fn stop_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    say!("tablesolve: stopping: answering the requests under way, refusing new ones");
}
