//! Between the async request and the blocking batch: the body read as a `Read` a few
//! chunks at a time, the answers written to a `Write` that hands them on as they are
//! flushed, and a search cancelled when the client goes away. Both channels are
//! bounded, so a batch of any size passes through in bounded memory.

use axum::http::StatusCode;
use std::io::{self, Read, Write};
use tablesolve::catalogue::OptionError;

use axum::body::{Body, Bytes};
use futures_util::StreamExt;
use tablesolve::search::Cancel;
use tablesolve::table::TableError;
use tablesolve::Error;
use tokio::sync::mpsc;

/// Body chunks in flight between the connection and the batch.
const BODY_CHUNKS: usize = 16;
/// Answers in flight between the batch and the connection.
pub const ANSWER_PIECES: usize = 8;
/// Answers are handed on once this many bytes wait (or at each flush).
const PIECE: usize = 1 << 16;

/// A thread answering a request panicked: a fault of the service, not of the request.
#[derive(Debug, thiserror::Error)]
#[error("the service failed (a panic: {0}); it goes on answering other requests")]
pub struct Panicked(pub String);

/// The error a panicked answering thread gives the request: a 500, or the stream's
/// last line.
pub fn panicked(failure: tokio::task::JoinError) -> Error {
    let message = match failure.try_into_panic() {
        Ok(panic) => match (panic.downcast_ref::<&str>(), panic.downcast_ref::<String>()) {
            (Some(text), _) => (*text).to_owned(),
            (_, Some(text)) => text.clone(),
            _ => "no message".to_owned(),
        },
        Err(failure) => failure.to_string(),
    };
    // Carried as the library carries errors it did not make, shown as it is.
    Error::Case(Box::new(Panicked(message)))
}

/// Whether `error` is an answering thread's panic.
pub fn is_panic(error: &Error) -> bool {
    matches!(error, Error::Case(e) if e.is::<Panicked>())
}

/// Every puzzle the service keeps open is opening or in use: a request for another
/// waits its turn.
#[derive(Debug, thiserror::Error)]
#[error("the service has {0} puzzles open or opening, each in use: ask again shortly")]
pub struct Busy(usize);

/// The error of a request for a puzzle past the `most` the service keeps open.
pub fn busy(most: usize) -> Error {
    Error::Case(Box::new(Busy(most)))
}

/// The body came too slowly, or stopped coming: a client that holds a slot must use it.
#[derive(Debug, thiserror::Error)]
#[error("the request body came slower than {MIN_RATE} bytes a second (or stalled {} s)", PATIENCE.as_secs())]
pub struct Stalled;

/// The longest wait for the next piece of a body, and the slowest a body may come
/// once it has kept a request waiting longer than that in all.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);
const MIN_RATE: u64 = 1024;

/// The body was longer than the service takes.
#[derive(Debug, thiserror::Error)]
#[error("the request body is over the limit of {0} bytes (--max-body)")]
pub struct TooLarge(pub u64);

/// Reads `body` on the async side into a bounded channel, refusing it past `limit`
/// bytes, or when it comes too slowly ([`Stalled`]); the batch reads the other end
/// through [`BodyReader`]. Only the time spent waiting for the client counts towards
/// its rate, not the time the batch takes to read what came.
pub fn read_body(body: Body, limit: u64) -> BodyReader {
    let (sender, receiver) = mpsc::channel(BODY_CHUNKS);
    tokio::spawn(async move {
        let mut chunks = body.into_data_stream();
        let (mut total, mut waited) = (0u64, std::time::Duration::ZERO);
        loop {
            let asked = std::time::Instant::now();
            let next = tokio::time::timeout(PATIENCE, chunks.next()).await;
            waited += asked.elapsed();
            let chunk = match next {
                Ok(None) => return,
                Ok(Some(chunk)) => chunk.map_err(io::Error::other).and_then(|chunk| {
                    total += chunk.len() as u64;
                    let slow = waited > PATIENCE && total < MIN_RATE * waited.as_secs();
                    match () {
                        _ if total > limit => Err(io::Error::other(TooLarge(limit))),
                        _ if slow => Err(io::Error::other(Stalled)),
                        _ => Ok(chunk),
                    }
                }),
                Err(_) => Err(io::Error::other(Stalled)),
            };
            let failed = chunk.is_err();
            if sender.send(chunk).await.is_err() || failed {
                return;
            }
        }
    });
    BodyReader {
        chunks: receiver,
        current: Bytes::new(),
    }
}

/// The request body, as the batch reads it (on a blocking thread).
pub struct BodyReader {
    chunks: mpsc::Receiver<io::Result<Bytes>>,
    current: Bytes,
}

impl BodyReader {
    /// Waits for the body's first bytes (or its end), so that a request takes a slot
    /// only when there is work; the body's fault if it fails first.
    pub async fn arrived(&mut self) -> io::Result<()> {
        if self.current.is_empty() {
            if let Some(chunk) = self.chunks.recv().await {
                self.current = chunk?;
            }
        }
        Ok(())
    }
}

impl Read for BodyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.current.is_empty() {
            match self.chunks.blocking_recv() {
                Some(chunk) => self.current = chunk?,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current = self.current.slice(n..);
        Ok(n)
    }
}

/// What the batch hands the response: answers, or the error that ended it.
pub enum Piece {
    Answers(Vec<u8>),
    Failed(Error),
}

/// The answers, as the batch writes them (on a blocking thread): handed on at each
/// flush, which the batch does as answers come, so that the first leave early.
pub struct Sink {
    pieces: mpsc::Sender<Piece>,
    waiting: Vec<u8>,
    /// Answer lines written, and the one at which the test hook panics.
    lines: usize,
    panic_at: Option<usize>,
}

impl Sink {
    pub fn new(pieces: mpsc::Sender<Piece>) -> Sink {
        Sink {
            pieces,
            waiting: Vec::new(),
            lines: 0,
            panic_at: super::hook::panic_at_answer(),
        }
    }

    fn hand_on(&mut self) -> io::Result<()> {
        let piece = Piece::Answers(std::mem::take(&mut self.waiting));
        // The response is gone: the client went away.
        self.pieces
            .blocking_send(piece)
            .map_err(|_| io::ErrorKind::BrokenPipe.into())
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(at) = self.panic_at {
            // The lines before the `at`th go out, then the panic.
            let mut line_start = 0;
            for (i, _) in buf.iter().enumerate().filter(|(_, &b)| b == b'\n') {
                self.lines += 1;
                if self.lines == at {
                    self.waiting.extend_from_slice(&buf[..line_start]);
                    if !self.waiting.is_empty() {
                        self.hand_on()?;
                    }
                    panic!("TABLESOLVE_TEST_PANIC=answer:{at}");
                }
                line_start = i + 1;
            }
        }
        self.waiting.extend_from_slice(buf);
        if self.waiting.len() >= PIECE {
            self.hand_on()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.waiting.is_empty() {
            true => Ok(()),
            false => self.hand_on(),
        }
    }
}

/// Cancels a request's searches when dropped: with the response (sent, or given up
/// when the client goes away), or with the request's future.
pub struct CancelOnDrop(pub Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Whether `error` is a `T` of this module, carried as a case's or a read's error.
fn is<T: std::error::Error + 'static>(error: &Error) -> bool {
    match error {
        Error::Case(e) => e.is::<T>(),
        Error::Io(e) => e.get_ref().is_some_and(|e| e.is::<T>()),
        _ => false,
    }
}

/// Whether `error` is the body's being over the limit.
pub fn too_large(error: &Error) -> bool {
    matches!(error, Error::Io(e) if e.get_ref().is_some_and(|e| e.is::<TooLarge>()))
}

/// The status an error met before any answer gives.
pub fn status_of(error: &Error) -> StatusCode {
    match error {
        _ if too_large(error) => StatusCode::PAYLOAD_TOO_LARGE,
        _ if is_panic(error) => StatusCode::INTERNAL_SERVER_ERROR,
        _ if is::<Busy>(error) => StatusCode::SERVICE_UNAVAILABLE,
        _ if is::<Stalled>(error) => StatusCode::REQUEST_TIMEOUT,
        // Tables the service does not build for this request (a partition spelled
        // out, moves or powers chosen): the request's choice, not a fault.
        Error::Table(TableError::Missing { .. }) => StatusCode::UNPROCESSABLE_ENTITY,
        // A search that confirms a random board's length ran out of time; a build
        // given up when its requests left.
        Error::Stopped(_) | Error::Table(TableError::Cancelled { .. }) => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        Error::Input { .. } | Error::Case(_) | Error::Option(_) | Error::Io(_) => {
            StatusCode::BAD_REQUEST
        }
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The command's message for `error`, but that an option is a query parameter here, and
/// named as one.
pub fn message_of(error: &Error) -> String {
    match error {
        Error::Option(option) => match option.downcast_ref::<OptionError>() {
            Some(option) => option.as_parameters(),
            None => error.to_string(),
        },
        Error::Table(TableError::Missing { .. }) => format!(
            "{error}: the service builds tables only for the built-in partitions and for \
             a definition's own moves and powers; build this one beforehand with the \
             command and the same options (`tablesolve --tables DIR ...`; a definition's \
             whole tables with `tablesolve --tables DIR stats def FILE ...`), or leave \
             the parameter out"
        ),
        _ => error.to_string(),
    }
}
