//! The API's answers: a batch streamed as the command writes it, one board as a JSON
//! object (or followed as server-sent events, `follow.rs`), a random board, the list of
//! puzzles; and every refusal, with its status and the command's message.

// A refusal is a whole response, returned at most once a request: boxing it saves nothing.
#![allow(clippy::result_large_err)]

use std::io;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rand::SeedableRng;
use serde_json::json;
use tablesolve::catalogue::Options;
use tablesolve::judge::Output;
use tablesolve::search::Cancel;
use tablesolve::sliding::Partition;
use tablesolve::{Error, Puzzle};
use tokio::sync::{mpsc, OwnedSemaphorePermit};

use super::asked::{Asked, Endpoint, Every, PARAMETERS};
use super::follow::{followed, search, Follow, Opened, BUSY, EVERY};
use super::stream::{self, message_of, status_of, CancelOnDrop, Piece, Sink};
use super::Shared;

type Service = State<Arc<Shared>>;

/// `POST /v1/PUZZLE/answer`: the body is a judge input, the answer what the command
/// writes for it, streamed in input order as the cases are answered.
pub async fn batch(
    State(shared): Service,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let asked = match read_query(&shared, &name, query, Endpoint::Batch) {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let format = asked.format;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > shared.max_body) {
        let error = Error::Io(io::Error::other(stream::TooLarge(shared.max_body)));
        return refusal(&error, format);
    }
    let served = match shared.judges.get(&asked).await {
        Ok(served) => served,
        Err(error) => return refusal(&error, format),
    };
    // No slot until there is work: a client slow to send holds none meanwhile.
    let mut input = stream::read_body(body, shared.max_body);
    if let Err(error) = input.arrived().await {
        return refusal(&Error::Io(error), format);
    }
    let permit = match search_slot(&shared) {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    let cancel = CancelOnDrop(Cancel::new());
    let limits = asked.limits(shared.max_timeout, &cancel.0);
    let (pieces, mut answers) = mpsc::channel(stream::ANSWER_PIECES);
    let failed = pieces.clone();
    let batch = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut sink = Sink::new(pieces.clone());
        match served.batch(&asked, limits, &mut input, &mut sink) {
            Ok(_) => {}
            // The client went away: nobody to tell.
            Err(Error::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => {}
            Err(error) => {
                let _ = pieces.blocking_send(Piece::Failed(error));
            }
        }
    });
    // A panic ends the answers with its message (a 500 when none went before), not
    // with a body merely cut short.
    tokio::spawn(async move {
        if let Err(failure) = batch.await {
            let _ = failed.send(Piece::Failed(stream::panicked(failure))).await;
        }
    });
    // The status waits for the first answers: an error met before any is the status.
    let first = match answers.recv().await {
        None => Vec::new(),
        Some(Piece::Failed(error)) => return refusal(&error, format),
        Some(Piece::Answers(first)) => first,
    };
    let rest =
        futures_util::stream::unfold((answers, cancel), move |(mut answers, cancel)| async move {
            let bytes = match answers.recv().await? {
                Piece::Answers(bytes) => bytes,
                Piece::Failed(error) => last_line(&error, format),
            };
            Some((Ok::<_, io::Error>(bytes), (answers, cancel)))
        });
    let first = futures_util::stream::iter([Ok(first)]);
    let body = Body::from_stream(futures_util::StreamExt::chain(first, rest));
    ([(header::CONTENT_TYPE, content_type(format))], body).into_response()
}

/// `GET /v1/PUZZLE/answer?board=...`: one board's answer as a JSON object; with
/// `events`, the work followed as server-sent events (`building` a few times a second
/// while its tables are built, `progress` while it is searched, then `answer` or
/// `error`), which a client stops by closing the connection.
pub async fn one_board(
    State(shared): Service,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let asked = match read_query(&shared, &name, query, Endpoint::OneBoard) {
        Ok(asked) => Arc::new(asked),
        Err(refused) => return refused,
    };
    let Some(board) = asked.board.clone() else {
        let message = "give the board: ?board=... (a batch is POSTed)";
        return refuse(StatusCode::BAD_REQUEST, message, Output::Json);
    };
    let mut opening: Opened = Box::pin({
        let (shared, asked) = (Arc::clone(&shared), Arc::clone(&asked));
        async move { shared.judges.get(&asked).await }
    });
    let opened = match asked.events {
        // Tables being built take minutes: followed, the stream starts at once and
        // tells how far they are; refusals found at once are still a status.
        true => match tokio::time::timeout(EVERY, &mut opening).await {
            Ok(opened) => opened,
            Err(_) => return followed(Follow::Opening(opening, asked, board), shared),
        },
        false => opening.await,
    };
    let served = match opened {
        Ok(served) => served,
        Err(error) => return refusal(&error, Output::Json),
    };
    if !served.searches() && !asked.events && asked.every == Every::No {
        // An exact table answers one board in microseconds: no slot; but reading a
        // board may take longer (a long alg), so off the async threads.
        let limits = asked.limits(shared.max_timeout, &Cancel::new());
        let answer = tokio::task::spawn_blocking(move || served.one(&asked, limits, None, &board));
        return match answer.await {
            Ok(Ok(answer)) => json_response(&answer),
            Ok(Err(error)) => refusal(&error, Output::Json),
            Err(failure) => refusal(&stream::panicked(failure), Output::Json),
        };
    }
    let permit = match search_slot(&shared) {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    let (search, progress, cancel) = search(&shared, permit, served, Arc::clone(&asked), board);
    if asked.events {
        return followed(Follow::Searching(search, progress, cancel), shared);
    }
    let answered = search.await;
    drop(cancel);
    match answered {
        Ok(Ok(answer)) => json_response(&answer),
        Ok(Err(error)) => refusal(&error, Output::Json),
        Err(failure) => refusal(&stream::panicked(failure), Output::Json),
    }
}

/// `GET /v1/PUZZLE/random`: a random board as it stands in the input (the `generate`
/// sampler), of `length` moves if given: drawn from the tables on a blocking thread in
/// a search slot, within the service's longest time, and given up when the client
/// goes away. A served definition's position of any length (its own moves) is drawn
/// from its moves' group with a scramble instead, with no table, in a search slot
/// too.
pub async fn random(
    State(shared): Service,
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let asked = match read_query(&shared, &name, query, Endpoint::Random) {
        Ok(asked) => asked,
        Err(refused) => return refused,
    };
    let seed = asked.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(1, |t| t.as_nanos() as u64)
    });
    // A sliding board of any length needs no tables (the 24-puzzle's take minutes to
    // build); one of a given length is confirmed by answering it.
    if asked.length.is_none() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        match asked.puzzle.sliding_sampler(&asked.options) {
            Ok(Some(draw)) => return json_response(&json!({ "board": draw(&mut rng) })),
            Ok(None) => {}
            Err(error) => return refusal(&error, Output::Json),
        }
    }
    // A served definition's state of any length comes from its moves' group, with a
    // scramble that reaches it: no table, however large the puzzle.
    let unrestricted = asked.options.moves.is_none() && asked.options.powers.is_none();
    if asked.length.is_none() && unrestricted && shared.defined.path(&name).is_some() {
        let permit = match search_slot(&shared) {
            Ok(permit) => permit,
            Err(busy) => return busy,
        };
        let (held, asked_name) = (Arc::clone(&shared), name.clone());
        let drawn = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            held.defined.scrambled(&asked_name, seed)
        });
        match tokio::time::timeout(shared.max_timeout, drawn).await {
            Ok(Ok(Some(drawn))) => {
                let body = json!({ "board": drawn.pattern, "scramble": drawn.scramble });
                return json_response(&body);
            }
            Ok(Ok(None)) => {}
            Ok(Err(failure)) => return refusal(&stream::panicked(failure), Output::Json),
            // The words go on being made, in their slot, for the requests after.
            Err(_) => {
                let message = format!(
                    "{name}'s scrambles are still being made (the first draw of a large \
                     puzzle takes seconds) past {} s (--max-timeout): ask again",
                    shared.max_timeout.as_secs_f64()
                );
                return refuse(StatusCode::SERVICE_UNAVAILABLE, &message, Output::Json);
            }
        }
    }
    let served = match shared.judges.get(&asked).await {
        Ok(served) => served,
        Err(error) => return refusal(&error, Output::Json),
    };
    let permit = match search_slot(&shared) {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    let cancel = CancelOnDrop(Cancel::new());
    let limits = asked.limits(shared.max_timeout, &cancel.0);
    let length = asked.length;
    let draw = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        served.random(length, seed, limits)
    });
    // Dropping `cancel` stops the draw, whichever way this ends.
    let drawn = tokio::time::timeout(shared.max_timeout, draw).await;
    drop(cancel);
    match drawn {
        Ok(Ok(Ok(board))) => json_response(&json!({ "board": board })),
        Ok(Ok(Err(error))) => refusal(&error, Output::Json),
        Ok(Err(failure)) => refusal(&stream::panicked(failure), Output::Json),
        Err(_) => {
            let message = format!(
                "no board of {} moves was found within {} s (--max-timeout)",
                length.unwrap_or_default(),
                shared.max_timeout.as_secs_f64()
            );
            refuse(StatusCode::SERVICE_UNAVAILABLE, &message, Output::Json)
        }
    }
}

/// `GET /v1/puzzles`: the catalogue, with each puzzle's parameters.
pub async fn puzzles(State(shared): Service) -> Response {
    let mut list: Vec<serde_json::Value> = served_puzzles()
        .map(|puzzle| {
            // What a batch of it takes (a single board takes `board` and `events`
            // instead of `format` and `keep_going`).
            let mut entry = json!({
                "name": puzzle.name(),
                "title": puzzle.title(),
                "about": puzzle.about(),
                "parameters": batch_parameters(puzzle),
            });
            match (puzzle, puzzle.board_size()) {
                (Puzzle::Eight | Puzzle::Eight2, _) => entry["size"] = "3x3".into(),
                (_, Some((w, h))) => {
                    entry["size"] = format!("{w}x{h}").into();
                    // The built-in databases of its size: what building them costs,
                    // whether they are built for each named goal, and which one a
                    // request that names none gets where none is built.
                    let partitions = Partition::ALL
                        .into_iter()
                        .filter(|p| p.check(w * h).is_ok());
                    let present = |p: &Partition, goal: Option<&str>| {
                        let options = Options {
                            goal: goal.map(str::to_owned),
                            ..Options::default()
                        };
                        puzzle.partition_present(&options, p, shared.judges.present())
                    };
                    let partitions = partitions.map(|p| {
                        json!({
                            "name": p.name(),
                            "cost": p.cost(),
                            "default": p == Partition::default_for(w * h),
                            "present": {
                                "default": present(&p, None),
                                "korf": present(&p, Some("korf")),
                            },
                        })
                    });
                    entry["partitions"] = partitions.collect::<Vec<_>>().into();
                }
                (Puzzle::Sliding, None) => {
                    use tablesolve::sliding::SIDES;
                    let sizes = SIDES.flat_map(|h| SIDES.map(move |w| format!("{w}x{h}")));
                    entry["sizes"] = sizes.collect::<Vec<_>>().into();
                }
                _ => {}
            }
            entry
        })
        .collect();
    list.extend(shared.defined.entries(&batch_parameters(Puzzle::Def)));
    json_response(&json!({ "puzzles": list }))
}

/// What a batch of `puzzle` takes (a single board takes `board` and `events` instead
/// of `format` and `keep_going`).
fn batch_parameters(puzzle: Puzzle) -> Vec<&'static str> {
    PARAMETERS
        .iter()
        .filter(|p| p.endpoints.contains(&Endpoint::Batch) && p.taken_by(puzzle))
        .map(|p| p.name)
        .collect()
}

/// The puzzles of the catalogue the service answers by name: all but `def`, whose
/// puzzles are each a definition's.
fn served_puzzles() -> impl Iterator<Item = Puzzle> {
    Puzzle::ALL.into_iter().filter(|p| *p != Puzzle::Def)
}

/// Anything else: 404, naming what there is.
pub async fn not_found() -> Response {
    let message = "no such page: the API is under /v1/ (GET /v1/puzzles lists the puzzles, \
                   /v1/openapi.json describes it), the page at /";
    refuse(StatusCode::NOT_FOUND, message, Output::Json)
}

/// The puzzle named `name` (of the catalogue, or a definition served) and the
/// request's parameters, or the refusal: 404 for a puzzle not served, 400 for a
/// parameter.
fn read_query(
    shared: &Shared,
    name: &str,
    query: Option<String>,
    endpoint: Endpoint,
) -> Result<Asked, Response> {
    let definition = shared.defined.path(name);
    let puzzle = match definition {
        Some(_) => Some(Puzzle::Def),
        None => served_puzzles().find(|p| p.name() == name),
    };
    let Some(puzzle) = puzzle else {
        let names: Vec<&str> = served_puzzles()
            .map(|p| p.name())
            .chain(shared.defined.names())
            .collect();
        let message = format!("no puzzle {name:?}: choose one of {}", names.join(", "));
        return Err(refuse(StatusCode::NOT_FOUND, &message, Output::Json));
    };
    let mut asked = Asked::read(puzzle, definition, query.as_deref().unwrap_or(""), endpoint)
        .map_err(|message| refuse(StatusCode::BAD_REQUEST, &message, Output::Json))?;
    asked.options.memory = shared.memory;
    Ok(asked)
}

/// A search slot, or 503 with `Retry-After` when every one is taken.
fn search_slot(shared: &Shared) -> Result<OwnedSemaphorePermit, Response> {
    Arc::clone(&shared.slots).try_acquire_owned().map_err(|_| {
        let mut busy = refuse(StatusCode::SERVICE_UNAVAILABLE, BUSY, Output::Json);
        busy.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        busy
    })
}

/// An error met before any answer: its status, and the command's message.
fn refusal(error: &Error, format: Output) -> Response {
    let status = status_of(error);
    let mut response = refuse(status, &message_of(error), format);
    if status == StatusCode::SERVICE_UNAVAILABLE {
        let retry = HeaderValue::from_static("1");
        response.headers_mut().insert(header::RETRY_AFTER, retry);
    }
    if let (Output::Json, Error::Input { case, .. }) = (format, error) {
        let body = json!({ "case": case, "error": error.to_string() });
        *response.body_mut() = Body::from(format!("{body}\n"));
    }
    response
}

fn refuse(status: StatusCode, message: &str, format: Output) -> Response {
    let body = match format {
        Output::Json => format!("{}\n", json!({ "error": message })),
        _ => format!("{message}\n"),
    };
    (status, [(header::CONTENT_TYPE, content_type(format))], body).into_response()
}

/// The end of a stream that an error cut short, after the answers before it: in text
/// `error: MESSAGE` (a bare `error` is a skipped case's place); in JSON the case's
/// object with its message, as `keep_going` writes it.
fn last_line(error: &Error, format: Output) -> Vec<u8> {
    match (format, error) {
        (Output::Json, Error::Input { case, .. }) => {
            format!("{}\n", json!({ "case": case, "error": error.to_string() })).into_bytes()
        }
        (Output::Json, _) => format!("{}\n", json!({ "error": error.to_string() })).into_bytes(),
        _ => format!("error: {error}\n").into_bytes(),
    }
}

fn content_type(format: Output) -> &'static str {
    match format {
        Output::Json => "application/x-ndjson",
        _ => "text/plain; charset=utf-8",
    }
}

fn json_response(value: &serde_json::Value) -> Response {
    let headers = [(header::CONTENT_TYPE, "application/json")];
    (headers, format!("{value}\n")).into_response()
}
