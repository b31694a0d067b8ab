//! Judge input read a line at a time, as bytes, keeping the line number for messages.

use std::io::{self, BufRead};

/// A byte reader over judge input that skips white space and knows its line.
pub struct Input<R> {
    reader: R,
    line: Vec<u8>,
    pos: usize,
    line_no: usize,
}

impl<R: BufRead> Input<R> {
    /// Reads from `reader`.
    pub fn new(reader: R) -> Self {
        Input {
            reader,
            line: Vec::new(),
            pos: 0,
            line_no: 0,
        }
    }

    /// The number of the line last read from, from 1 (0 before any).
    pub fn line(&self) -> usize {
        self.line_no
    }

    /// Moves past white space, reading lines as needed; false at the end of input.
    fn skip_space(&mut self) -> io::Result<bool> {
        loop {
            while let Some(b) = self.line.get(self.pos) {
                if !b.is_ascii_whitespace() {
                    return Ok(true);
                }
                self.pos += 1;
            }
            self.line.clear();
            self.pos = 0;
            if self.reader.read_until(b'\n', &mut self.line)? == 0 {
                return Ok(false);
            }
            self.line_no += 1;
        }
    }

    /// The next white-space-separated token and its line, or `None` at the end.
    pub fn token(&mut self) -> io::Result<Option<(&[u8], usize)>> {
        if !self.skip_space()? {
            return Ok(None);
        }
        let start = self.pos;
        let len = self.line[start..]
            .iter()
            .take_while(|b| !b.is_ascii_whitespace())
            .count();
        self.pos += len;
        Ok(Some((&self.line[start..start + len], self.line_no)))
    }

    /// The next byte that is not white space, and its line, or `None` at the end.
    pub fn byte(&mut self) -> io::Result<Option<(u8, usize)>> {
        if !self.skip_space()? {
            return Ok(None);
        }
        self.pos += 1;
        Ok(Some((self.line[self.pos - 1], self.line_no)))
    }
}

/// A token as it may be quoted in a message: escaped, and cut short if long.
pub fn quote(token: &[u8]) -> String {
    const SHOWN: usize = 24;
    let shown: String = token
        .iter()
        .take(SHOWN)
        .flat_map(|&b| std::ascii::escape_default(b))
        .map(char::from)
        .collect();
    if token.len() > SHOWN {
        format!("`{shown}...` ({} bytes)", token.len())
    } else {
        format!("`{shown}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_bytes_carry_their_lines() {
        let mut input = Input::new(&b"  1 22\n\n\t333 \nx"[..]);
        assert_eq!(input.token().unwrap(), Some((&b"1"[..], 1)));
        assert_eq!(input.token().unwrap(), Some((&b"22"[..], 1)));
        assert_eq!(input.byte().unwrap(), Some((b'3', 3)));
        assert_eq!(input.token().unwrap(), Some((&b"33"[..], 3)));
        assert_eq!(input.byte().unwrap(), Some((b'x', 4)));
        assert_eq!(input.token().unwrap(), None);
        assert_eq!(input.line(), 4);
    }

    #[test]
    fn quotes_are_short_and_printable() {
        assert_eq!(quote(b"ab\xff"), "`ab\\xff`");
        assert!(quote(&[b'7'; 1 << 20]).ends_with("...` (1048576 bytes)"));
    }
}
