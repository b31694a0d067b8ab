//! Judge input read as a stream of bytes, in bounded memory however long its lines,
//! keeping the line number for messages.
//!
//! Tokens are slices of one fixed buffer: no allocation per case. A token too long to
//! be valid anywhere keeps only its first [`KEPT`] bytes and its full length, so even
//! a single line of gigabytes is read in the buffer's memory.

use std::io::{self, Read};

/// Bytes read from the source at a time.
const BUFFER: usize = 1 << 16;

/// The longest token kept whole; longer ones keep this many bytes and their length.
/// No valid token of any judge comes near it.
pub const KEPT: usize = 64;

/// The UTF-8 byte-order mark that editors on Windows put at the start of text files.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

pub use crate::error::Place;

/// A white-space-separated token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its bytes: all of them, or the first [`KEPT`] if there are more.
    pub text: &'a [u8],
    /// Its full length in bytes.
    pub len: usize,
    /// Where it starts.
    pub at: Place,
}

impl Token<'_> {
    /// The token as a number, `None` if it is not one (or too long to be one).
    pub fn number<T: std::str::FromStr>(&self) -> Option<T> {
        if self.len != self.text.len() {
            return None;
        }
        std::str::from_utf8(self.text).ok()?.parse().ok()
    }

    /// The token as it may be quoted in a message.
    pub fn quoted(&self) -> String {
        quote_cut(self.text, self.len)
    }
}

/// A whole line of input ([`Input::line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its bytes: all of them, or as many as were asked to be kept.
    pub text: Vec<u8>,
    /// Its full length in bytes.
    pub len: usize,
    /// Where it starts.
    pub at: Place,
}

/// A byte reader over judge input that skips white space and knows its line.
pub struct Input<R> {
    reader: R,
    buffer: Box<[u8]>,
    /// The next byte to look at.
    pos: usize,
    /// The end of the bytes read into the buffer.
    end: usize,
    /// The line of the byte at `pos`, from 1.
    line: usize,
    /// How many bytes of the source came before `buffer[0]`.
    offset: usize,
    /// Where in the source the line of `pos` starts, counted as `offset` is.
    line_start: usize,
    /// The source has no more bytes.
    eof: bool,
    /// The byte-order mark has been looked for.
    started: bool,
    /// The first bytes of a token longer than the buffer holds.
    long: [u8; KEPT],
    /// The read error that ended the input, until taken.
    error: Option<io::Error>,
}

impl<R: Read> Input<R> {
    /// Reads from `reader`; it need not be buffered.
    pub fn new(reader: R) -> Self {
        Input {
            reader,
            buffer: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            end: 0,
            line: 1,
            offset: 0,
            line_start: 0,
            eof: false,
            started: false,
            long: [0; KEPT],
            error: None,
        }
    }

    /// The place of `buffer[pos]`, on the current line.
    #[inline(always)]
    fn place_of(&self, pos: usize) -> Place {
        Place {
            line: self.line,
            column: self.offset + pos - self.line_start + 1,
        }
    }

    /// Where reading stands: just after the last token read.
    pub fn place(&self) -> Place {
        self.place_of(self.pos)
    }

    /// The error that ended the input early, if reading failed: the input then looks
    /// as if it ended there, and whoever reads it must ask.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    /// Keeps the bytes from `pos` on and reads more after them; false if none came
    /// (at the end, or after a read error, kept for [`Input::take_error`]).
    fn refill(&mut self) -> bool {
        match self.read_more() {
            Ok(more) => more,
            Err(error) => {
                self.eof = true;
                self.error = Some(error);
                false
            }
        }
    }

    fn read_more(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        self.buffer.copy_within(self.pos..self.end, 0);
        self.offset += self.pos;
        self.end -= self.pos;
        self.pos = 0;
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    break;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if !self.started {
            // Wait for three bytes, or the end, before deciding on the mark.
            if self.end < BYTE_ORDER_MARK.len() && !self.eof {
                return self.read_more().map(|_| true);
            }
            self.started = true;
            if self.buffer[..self.end].starts_with(BYTE_ORDER_MARK) {
                self.pos = BYTE_ORDER_MARK.len();
                self.line_start = BYTE_ORDER_MARK.len();
            }
        }
        Ok(true)
    }

    /// Moves past white space, reading as needed; false at the end of input.
    #[inline]
    fn skip_space(&mut self) -> bool {
        loop {
            let bytes = &self.buffer[self.pos..self.end];
            // Most tokens follow one space: look at one byte before scanning.
            match bytes.first() {
                Some(b) if !b.is_ascii_whitespace() => return true,
                _ => {}
            }
            let mut newlines = 0;
            let mut line_start = self.line_start;
            for (n, &b) in bytes.iter().enumerate() {
                if !b.is_ascii_whitespace() {
                    self.line += newlines;
                    self.line_start = line_start;
                    self.pos += n;
                    return true;
                }
                if b == b'\n' {
                    newlines += 1;
                    line_start = self.offset + self.pos + n + 1;
                }
            }
            self.line += newlines;
            self.line_start = line_start;
            self.pos = self.end;
            if !self.refill() {
                return false;
            }
        }
    }

    /// The next white-space-separated token, or `None` at the end.
    #[inline(always)]
    pub fn token(&mut self) -> Option<Token<'_>> {
        // The common case, inline: at most one space, then a short token whole in the
        // buffer. Anything else (line ends, long runs, buffer edges) takes the long way.
        let bytes = &self.buffer[..self.end];
        let start = self.pos + usize::from(bytes.get(self.pos) == Some(&b' '));
        if bytes.get(start).is_some_and(|b| !b.is_ascii_whitespace()) {
            let rest = &bytes[start..];
            // One-byte tokens (digits) are the most common of all.
            let one = rest.get(1).is_some_and(u8::is_ascii_whitespace);
            let len = match one {
                true => Some(1),
                false => rest.iter().take(KEPT).position(u8::is_ascii_whitespace),
            };
            if let Some(len) = len {
                self.pos = start + len;
                return Some(Token {
                    text: &self.buffer[start..start + len],
                    len,
                    at: self.place_of(start),
                });
            }
        }
        self.any_token()
    }

    /// Reads the next `N` tokens in one scan if each is `W` bytes long and they are
    /// written as judges write them, one space apart on one line, whole in the buffer,
    /// and if `accept` makes a case of them. Otherwise reads nothing and gives `None`,
    /// which means nothing is wrong: read the tokens one at a time instead.
    #[inline]
    pub fn spaced_tokens<const N: usize, const W: usize, T>(
        &mut self,
        accept: impl FnOnce([[u8; W]; N]) -> Option<T>,
    ) -> Option<T> {
        if !self.skip_space() {
            return None;
        }
        let span = N * (W + 1) - 1;
        let bytes = self.buffer[self.pos..self.end].get(..span + 1)?;
        // Each token is followed by a space, the last by any white space; no token
        // holds any.
        let spaced = (1..N).all(|i| bytes[i * (W + 1) - 1] == b' ');
        if !spaced || !bytes[span].is_ascii_whitespace() {
            return None;
        }
        let mut tokens = [[0; W]; N];
        for (token, bytes) in tokens.iter_mut().zip(bytes.chunks(W + 1)) {
            token.copy_from_slice(&bytes[..W]);
        }
        if tokens.as_flattened().iter().any(u8::is_ascii_whitespace) {
            return None;
        }
        let case = accept(tokens)?;
        self.pos += span;
        Some(case)
    }

    /// [`Input::token`], wherever the token lies.
    #[inline(never)]
    fn any_token(&mut self) -> Option<Token<'_>> {
        let len = self.peek_len()?;
        let at = self.place_of(self.pos);
        if self.pos + len == self.end && !self.eof {
            // Longer than KEPT, and it runs on past the buffer.
            return Some(self.long_token(len, at));
        }
        let start = self.pos;
        self.pos += len;
        Some(Token {
            text: &self.buffer[start..start + len.min(KEPT)],
            len,
            at,
        })
    }

    /// The length of the next token, without reading it (past [`KEPT`], some length
    /// over it), or `None` at the end. A token no longer than [`KEPT`] is then whole in
    /// the buffer.
    pub fn peek_len(&mut self) -> Option<usize> {
        if !self.skip_space() {
            return None;
        }
        let mut len = 0;
        loop {
            let rest = &self.buffer[self.pos + len..self.end];
            match rest.iter().position(u8::is_ascii_whitespace) {
                Some(n) => return Some(len + n),
                None => len += rest.len(),
            }
            // `refill` keeps the token so far, moving it to the front.
            if len > KEPT || !self.refill() {
                return Some(len);
            }
        }
    }

    /// Reads the rest of a token of which `len` bytes are in the buffer, keeping its
    /// first bytes only.
    fn long_token(&mut self, mut len: usize, at: Place) -> Token<'_> {
        self.long
            .copy_from_slice(&self.buffer[self.pos..self.pos + KEPT]);
        self.pos += len;
        while self.refill() {
            let rest = &self.buffer[self.pos..self.end];
            let n = rest
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(rest.len());
            len += n;
            self.pos += n;
            if self.pos < self.end {
                break;
            }
        }
        Token {
            text: &self.long,
            len,
            at,
        }
    }

    /// The next token if it is on `line`; `None`, reading nothing, at the end of that
    /// line (or of the input). Readers of cases that keep to their lines use it.
    #[inline]
    pub fn token_on_line(&mut self, line: usize) -> Option<Token<'_>> {
        match self.skip_space() && self.line == line {
            true => self.token(),
            false => None,
        }
    }

    /// Where `find` finds a newline in the bytes from where reading stands, after one
    /// more read where it finds none at first.
    #[inline]
    fn newline_ahead(&mut self, find: impl Fn(&[u8]) -> Option<usize>) -> Option<usize> {
        if let found @ Some(_) = find(&self.buffer[self.pos..self.end]) {
            return found;
        }
        match self.refill() {
            true => find(&self.buffer[self.pos..self.end]),
            false => None,
        }
    }

    /// The rest of the current line, without reading it, if it lies whole in the
    /// buffer (after one more read at most) and ends in a newline: a look ahead.
    #[inline]
    pub fn peek_line(&mut self) -> Option<&[u8]> {
        let n = self.newline_ahead(|bytes| memchr::memchr(b'\n', bytes))?;
        Some(&self.buffer[self.pos..self.pos + n])
    }

    /// The whole lines from where reading stands, their newlines included, without
    /// reading them: those the buffer holds (after one more read where it holds none).
    /// A fast path's look at lines it then reads with [`Input::skip_lines`].
    #[inline]
    pub fn peek_lines(&mut self) -> Option<&[u8]> {
        let n = self.newline_ahead(|bytes| memchr::memrchr(b'\n', bytes))?;
        Some(&self.buffer[self.pos..=self.pos + n])
    }

    /// Reads past the first `lines` lines that [`Input::peek_lines`] just gave, `len`
    /// bytes with their newlines.
    #[inline]
    pub fn skip_lines(&mut self, len: usize, lines: usize) {
        debug_assert!(len == 0 || self.buffer[self.pos + len - 1] == b'\n');
        self.pos += len;
        self.line += lines;
        self.line_start = self.offset + self.pos;
    }

    /// The rest of the current line, from where reading stands (white space and all)
    /// to its end, and where it starts; the newline is read, not returned, and so is a
    /// carriage return before it. `None` at the end of the input, when no byte is left.
    /// At most `most` bytes are kept ([`Line::len`] says how many there were), so a
    /// line of any length is read in bounded memory.
    pub fn line(&mut self, most: usize) -> Option<Line> {
        if self.pos == self.end && !self.refill() {
            return None;
        }
        let at = self.place_of(self.pos);
        let (mut text, mut len, mut last) = (Vec::new(), 0, None);
        loop {
            let bytes = &self.buffer[self.pos..self.end];
            let newline = bytes.iter().position(|&b| b == b'\n');
            let taken = newline.unwrap_or(bytes.len());
            text.extend_from_slice(&bytes[..taken.min(most.saturating_sub(text.len()))]);
            len += taken;
            last = bytes[..taken].last().copied().or(last);
            if newline.is_some() {
                self.pos += taken + 1;
                self.line += 1;
                self.line_start = self.offset + self.pos;
                break;
            }
            self.pos = self.end;
            if !self.refill() {
                break;
            }
        }
        if last == Some(b'\r') {
            len -= 1;
            text.truncate(len);
        }
        Some(Line { text, len, at })
    }

    /// The next character that is not white space, and where it is, or `None` at the
    /// end. Bytes that are not UTF-8 come out one at a time as U+FFFD.
    pub fn char(&mut self) -> Option<(char, Place)> {
        if !self.skip_space() {
            return None;
        }
        let at = self.place_of(self.pos);
        let lead = self.buffer[self.pos];
        if lead.is_ascii() {
            self.pos += 1;
            return Some((char::from(lead), at));
        }
        let width = match lead {
            0xc0..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf7 => 4,
            _ => 1,
        };
        while self.end - self.pos < width && self.refill() {}
        let bytes = &self.buffer[self.pos..self.end.min(self.pos + width)];
        let (found, used) = match std::str::from_utf8(bytes) {
            Ok(text) if bytes.len() == width => (text.chars().next().unwrap_or('\u{fffd}'), width),
            _ => ('\u{fffd}', 1),
        };
        self.pos += used;
        Some((found, at))
    }
}

/// A token as it may be quoted in a message: as text, with control characters and
/// bytes that are not UTF-8 escaped, cut short if long.
pub fn quote(token: &[u8]) -> String {
    quote_cut(token, token.len())
}

/// `kept`, the start of a token of `len` bytes, quoted.
fn quote_cut(kept: &[u8], len: usize) -> String {
    const SHOWN: usize = 24;
    let shown = &kept[..kept.len().min(SHOWN)];
    let mut text = String::new();
    for chunk in shown.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c.is_control() {
                true => text.extend(c.escape_default()),
                false => text.push(c),
            }
        }
        for b in chunk.invalid() {
            text += &format!("\\x{b:02x}");
        }
    }
    if len > shown.len() {
        format!("`{text}...` ({len} bytes)")
    } else {
        format!("`{text}`")
    }
}

#[cfg(test)]
mod tests;
