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

/// The body was longer than the service takes.
#[derive(Debug, thiserror::Error)]
#[error("the request body is over the limit of {0} bytes (--max-body)")]
pub struct TooLarge(pub u64);

/// Reads `body` on the async side into a bounded channel, refusing it past `limit`
/// bytes; the batch reads the other end through [`BodyReader`].
pub fn read_body(body: Body, limit: u64) -> BodyReader {
    let (sender, receiver) = mpsc::channel(BODY_CHUNKS);
    tokio::spawn(async move {
        let mut chunks = body.into_data_stream();
        let mut total = 0u64;
        while let Some(chunk) = chunks.next().await {
            let chunk = chunk.map_err(io::Error::other).and_then(|chunk| {
                total += chunk.len() as u64;
                match total > limit {
                    true => Err(io::Error::other(TooLarge(limit))),
                    false => Ok(chunk),
                }
            });
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

/// Whether `error` is the body's being over the limit.
pub fn too_large(error: &Error) -> bool {
    matches!(error, Error::Io(e) if e.get_ref().is_some_and(|e| e.is::<TooLarge>()))
}

/// The status an error met before any answer gives.
pub fn status_of(error: &Error) -> StatusCode {
    match error {
        _ if too_large(error) => StatusCode::PAYLOAD_TOO_LARGE,
        _ if is_panic(error) => StatusCode::INTERNAL_SERVER_ERROR,
        // A search that confirms a random board's length ran out of time.
        Error::Stopped(_) => StatusCode::SERVICE_UNAVAILABLE,
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
        _ => error.to_string(),
    }
}
