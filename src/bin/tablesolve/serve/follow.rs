//! A board followed as server-sent events: `building` while its judge opens (its
//! tables perhaps built), `progress` while it is searched, then `answer` or `error`.

// A refusal is a whole response, returned at most once a request: boxing it saves nothing.
#![allow(clippy::result_large_err)]

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use tablesolve::search::{Cancel, Report};
use tablesolve::table::Building;
use tablesolve::Error;
use tokio::sync::{watch, OwnedSemaphorePermit};

use super::asked::Asked;
use super::judges::Served;
use super::stream::{self, message_of, status_of, CancelOnDrop};
use super::Shared;

pub(super) type Opened = Pin<Box<dyn Future<Output = Result<Arc<dyn Served>, Arc<Error>>> + Send>>;
pub(super) type Search = tokio::task::JoinHandle<Result<serde_json::Value, Error>>;

/// Every search slot is taken.
pub(super) const BUSY: &str = "every search slot is taken (--searches): try again shortly";

/// Starts the search for `board` on a blocking thread, holding its search slot: the
/// search, its reports and what cancels it.
pub(super) fn search(
    shared: &Shared,
    permit: OwnedSemaphorePermit,
    served: Arc<dyn Served>,
    asked: Arc<Asked>,
    board: String,
) -> (Search, watch::Receiver<Option<Report>>, CancelOnDrop) {
    let cancel = CancelOnDrop(Cancel::new());
    let limits = asked.limits(shared.max_timeout, &cancel.0);
    let (reports, progress) = watch::channel(None);
    let report = move |r: Report| {
        let _ = reports.send(Some(r));
    };
    let search = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        served.one(&asked, limits, Some(Arc::new(report)), &board)
    });
    (search, progress, cancel)
}

/// How often a followed board tells where it stands, and how long its tables may take
/// to open before the events start.
pub(super) const EVERY: Duration = Duration::from_millis(250);

/// Where a followed board stands.
pub(super) enum Follow {
    /// Its judge is being opened, its tables perhaps built.
    Opening(Opened, Arc<Asked>, String),
    /// Its search runs.
    Searching(Search, watch::Receiver<Option<Report>>, CancelOnDrop),
}

/// A followed board's events, from `follow` on: a `building` event (or a comment) every
/// [`EVERY`] while its judge opens, `progress` while it is searched, and last `answer`
/// or `error`.
pub(super) fn followed(follow: Follow, shared: Arc<Shared>) -> Response {
    let started = Instant::now();
    let events = futures_util::stream::unfold(Some(follow), move |follow| {
        let shared = Arc::clone(&shared);
        async move {
            let (event, next) = match follow? {
                Follow::Opening(mut opening, asked, board) => tokio::select! {
                    opened = &mut opening => match opened {
                        Err(error) => (error_event(&error), None),
                        Ok(served) => match Arc::clone(&shared.slots).try_acquire_owned() {
                            Ok(permit) => {
                                let (search, progress, cancel) =
                                    search(&shared, permit, served, asked, board);
                                (
                                    ": searching\n\n".to_owned(),
                                    Some(Follow::Searching(search, progress, cancel)),
                                )
                            }
                            Err(_) => (busy_event(), None),
                        },
                    },
                    () = tokio::time::sleep(EVERY) => (
                        building_event(shared.judges.building()),
                        Some(Follow::Opening(opening, asked, board)),
                    ),
                },
                Follow::Searching(mut search, mut progress, cancel) => tokio::select! {
                    done = &mut search => {
                        let seconds = started.elapsed().as_secs_f64();
                        let event = match done {
                            Ok(Ok(mut answer)) => {
                                answer["seconds"] = seconds.into();
                                format!("event: answer\ndata: {answer}\n\n")
                            }
                            Ok(Err(error)) => error_event(&error),
                            Err(failure) => error_event(&stream::panicked(failure)),
                        };
                        (event, None)
                    }
                    () = tokio::time::sleep(EVERY) => {
                        let event = match *progress.borrow_and_update() {
                            Some(report) => progress_event(&report),
                            // A comment: nothing to tell, but a closed connection shows.
                            None => ": searching\n\n".to_owned(),
                        };
                        (event, Some(Follow::Searching(search, progress, cancel)))
                    }
                },
            };
            Some((Ok::<_, io::Error>(event), next))
        }
    });
    let headers = [
        (header::CONTENT_TYPE, "text/event-stream"),
        (header::CACHE_CONTROL, "no-cache"),
    ];
    (headers, Body::from_stream(events)).into_response()
}

/// The tables the service is building (this board's, and any other request's, summed):
/// the files, the work done of all, and the seconds since the first began; a comment
/// while the board's tables are only being opened.
fn building_event(building: Option<Building>) -> String {
    let Some(building) = building else {
        return ": opening the tables\n\n".to_owned();
    };
    let tables: Vec<String> = building
        .paths
        .iter()
        .filter_map(|path| Some(path.file_name()?.to_string_lossy().into_owned()))
        .collect();
    let data = json!({
        "tables": tables,
        "work": building.work,
        "done": building.done,
        "seconds": building.elapsed.as_secs_f64(),
    });
    format!("event: building\ndata: {data}\n\n")
}

fn progress_event(report: &Report) -> String {
    let seconds = report.elapsed.as_secs_f64();
    let rate = report.nodes as f64 / seconds.max(1e-9);
    let data = json!({ "bound": report.bound, "nodes": report.nodes, "seconds": seconds, "nodes_per_second": rate.round() });
    format!("event: progress\ndata: {data}\n\n")
}

fn busy_event() -> String {
    let error = json!({ "error": BUSY, "status": StatusCode::SERVICE_UNAVAILABLE.as_u16() });
    format!("event: error\ndata: {error}\n\n")
}

/// A followed board's last event: its error.
fn error_event(error: &Error) -> String {
    let error = json!({ "error": message_of(error), "status": status_of(error).as_u16() });
    format!("event: error\ndata: {error}\n\n")
}
