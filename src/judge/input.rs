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

/// Where something stands in the input, for messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The byte of the line it starts at, from 1.
    pub column: usize,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

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
mod tests {
    use super::*;

    /// A reader that hands out one byte at a time, to cross every buffer edge.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn tokens(input: &mut Input<impl Read>) -> Vec<(Vec<u8>, usize, usize)> {
        let mut all = Vec::new();
        while let Some(t) = input.token() {
            all.push((t.text.to_vec(), t.len, t.at.line));
        }
        all
    }

    #[test]
    fn tokens_and_chars_carry_their_lines() {
        let text = b"  1 22\n\n\t333 \nx\n";
        for trickle in [false, true] {
            let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
                false => Box::new(&text[..]),
                true => Box::new(Trickle(text)),
            });
            let t = input.token().unwrap();
            assert_eq!((t.text, t.at), (&b"1"[..], Place { line: 1, column: 3 }));
            assert_eq!(input.token().unwrap().text, b"22");
            assert_eq!(input.char(), Some(('3', Place { line: 3, column: 2 })));
            let t = input.token().unwrap();
            assert_eq!((t.text, t.at), (&b"33"[..], Place { line: 3, column: 3 }));
            assert_eq!(input.char(), Some(('x', Place { line: 4, column: 1 })));
            assert_eq!(input.token(), None);
        }
    }

    #[test]
    fn spaced_tokens_are_taken_only_as_judges_write_them() {
        let text = b"\n1 2 3\n1 2 3\n1 2  3\nab cd e\nabc d\nab\ncd";
        let mut input = Input::new(&text[..]);
        let bytes = |tokens: [[u8; 1]; 3]| Some(tokens.map(|[t]| t));
        let pair = |tokens: [[u8; 2]; 2]| Some(tokens);
        let next = |input: &mut Input<&[u8]>| input.token().map(|t| (t.text.to_vec(), t.at.line));
        assert_eq!(input.spaced_tokens(bytes), Some(*b"123"));
        // Refused by the caller: nothing is read.
        assert_eq!(input.spaced_tokens(|_: [[u8; 1]; 3]| None::<()>), None);
        assert_eq!(input.spaced_tokens(bytes), Some(*b"123"));
        // Two spaces between tokens: token by token.
        assert_eq!(input.spaced_tokens(bytes), None);
        assert_eq!(next(&mut input), Some((b"1".to_vec(), 4)));
        assert_eq!(input.spaced_tokens(bytes), None);
        assert_eq!(next(&mut input), Some((b"2".to_vec(), 4)));
        assert_eq!(next(&mut input), Some((b"3".to_vec(), 4)));
        // Two tokens of two bytes, and a third after them left for later.
        assert_eq!(input.spaced_tokens(pair), Some([*b"ab", *b"cd"]));
        assert_eq!(input.spaced_tokens(pair), None, "e is one byte");
        assert_eq!(next(&mut input), Some((b"e".to_vec(), 5)));
        assert_eq!(input.spaced_tokens(pair), None, "abc is three");
        assert_eq!(next(&mut input), Some((b"abc".to_vec(), 6)));
        assert_eq!(next(&mut input), Some((b"d".to_vec(), 6)));
        // Not on one line; then at the end, with no white space after.
        assert_eq!(input.spaced_tokens(pair), None);
        assert_eq!(next(&mut input), Some((b"ab".to_vec(), 7)));
        assert_eq!(input.spaced_tokens(|[t]: [[u8; 2]; 1]| Some(t)), None);
        assert_eq!(next(&mut input), Some((b"cd".to_vec(), 8)));
        assert_eq!(next(&mut input), None);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_only_at_the_start() {
        let text = b"\xef\xbb\xbf12 \xef\xbb\xbf";
        for trickle in [false, true] {
            let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
                false => Box::new(&text[..]),
                true => Box::new(Trickle(text)),
            });
            assert_eq!(input.token().unwrap().text, b"12");
            assert_eq!(
                input.char().map(|(c, at)| (c, at.column)),
                Some(('\u{feff}', 4))
            );
        }
        assert_eq!(Input::new(&b"\xef\xbb"[..]).char().unwrap().0, '\u{fffd}');
    }

    #[test]
    fn chars_decode_utf8_and_replace_what_is_not() {
        let mut input = Input::new(Trickle("é\u{1F600}\u{ff}".as_bytes()));
        assert_eq!(input.char().unwrap().0, 'é');
        assert_eq!(input.char().unwrap().0, '\u{1F600}');
        assert_eq!(input.char().unwrap().0, 'ÿ');
        let mut input = Input::new(&b"\xff\xc3"[..]);
        assert_eq!(input.char().unwrap().0, '\u{fffd}');
        assert_eq!(input.char().unwrap().0, '\u{fffd}');
        assert_eq!(input.char(), None);
    }

    #[test]
    fn long_tokens_keep_their_start_and_length_in_bounded_memory() {
        let mut text = vec![b'7'; 3 * BUFFER + 5];
        text.extend_from_slice(b"\n 12 ");
        text.extend(std::iter::repeat_n(b'8', KEPT + 1));
        let all = tokens(&mut Input::new(&text[..]));
        assert_eq!(all.len(), 3);
        assert_eq!(
            (&all[0].0[..], all[0].1),
            (&[b'7'; KEPT][..], 3 * BUFFER + 5)
        );
        assert_eq!(all[1], (b"12".to_vec(), 2, 2));
        assert_eq!((all[2].0.len(), all[2].1), (KEPT, KEPT + 1));
        assert_eq!(tokens(&mut Input::new(Trickle(&text))), all);
        let token = Token {
            text: &[b'7'; KEPT],
            len: 1000,
            at: Place::default(),
        };
        assert_eq!(token.number::<u64>(), None);
        assert_eq!(
            token.quoted(),
            format!("`{}...` (1000 bytes)", "7".repeat(24))
        );
    }

    #[test]
    fn columns_count_bytes_from_each_line_start_across_buffer_edges() {
        let mut text = b"ab  cd\n\n   efg\r\n h".to_vec();
        text.extend(std::iter::repeat_n(b' ', BUFFER + 7));
        text.extend_from_slice(b"ij\nk");
        let expected = [(1, 1), (1, 5), (3, 4), (4, 2), (4, BUFFER + 10), (5, 1)];
        for trickle in [false, true] {
            let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
                false => Box::new(&text[..]),
                true => Box::new(Trickle(&text)),
            });
            let mut found = Vec::new();
            while let Some(t) = input.token() {
                found.push((t.at.line, t.at.column));
            }
            assert_eq!(found, expected);
        }
    }

    #[test]
    fn tokens_on_a_line_stop_at_its_end_without_reading_on() {
        let mut input = Input::new(&b"1 2\n\n3 4\n"[..]);
        let line = |t: Option<Token>| t.map(|t| (t.text.to_vec(), t.at.line));
        assert_eq!(line(input.token_on_line(1)), Some((b"1".to_vec(), 1)));
        assert_eq!(line(input.token_on_line(1)), Some((b"2".to_vec(), 1)));
        assert_eq!(line(input.token_on_line(1)), None);
        assert_eq!(line(input.token_on_line(2)), None, "line 2 is blank");
        assert_eq!(line(input.token_on_line(3)), Some((b"3".to_vec(), 3)));
        assert_eq!(line(input.token()), Some((b"4".to_vec(), 3)));
        assert_eq!(line(input.token_on_line(3)), None);
    }

    #[test]
    fn quotes_are_short_and_readable() {
        assert_eq!(quote(b"ab\xff"), "`ab\\xff`");
        assert_eq!(quote("é\t".as_bytes()), "`é\\t`");
        assert!(quote(&[b'7'; 1 << 20]).ends_with("...` (1048576 bytes)"));
    }
}
