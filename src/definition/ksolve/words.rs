//! A ksolve+ file as words: each with its line and column, comments left out, and
//! the reads its commands make of them (a name, a number below a bound, a vector).

use super::super::{line_and_column, DefinitionError};

/// A white-space-separated word of the file and where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Word<'a> {
    pub text: &'a str,
    pub at: (usize, usize),
}

/// The words of a ksolve+ file, comments (from a word starting with `#` to the end of
/// its line) left out.
pub(crate) struct Words<'a> {
    text: &'a str,
    rest: std::iter::Peekable<std::vec::IntoIter<Word<'a>>>,
    pub(super) file: &'a str,
    /// Where the file ends, for "the file ends ..." messages.
    end: (usize, usize),
}

impl<'a> Words<'a> {
    pub(crate) fn new(text: &'a str, file: &'a str) -> Self {
        let mut words = Vec::new();
        for (l, line) in text.lines().enumerate() {
            let mut start = None;
            for (i, c) in line.char_indices().chain([(line.len(), ' ')]) {
                match (c.is_whitespace(), start) {
                    (false, None) => start = Some(i),
                    (true, Some(from)) => {
                        let word = &line[from..i];
                        if word.starts_with('#') {
                            break;
                        }
                        words.push(Word {
                            text: word,
                            at: (l + 1, from + 1),
                        });
                        start = None;
                    }
                    _ => {}
                }
            }
        }
        let end = line_and_column(text.as_bytes());
        Words {
            text,
            rest: words.into_iter().peekable(),
            file,
            end,
        }
    }

    pub(crate) fn next(&mut self) -> Option<Word<'a>> {
        self.rest.next()
    }

    pub(crate) fn peek(&mut self) -> Option<Word<'a>> {
        self.rest.peek().copied()
    }

    /// An error at `word` (at the end of the file where there is none).
    pub(crate) fn error(
        &self,
        word: Option<Word<'_>>,
        message: impl Into<String>,
    ) -> DefinitionError {
        let at = word.map_or(self.end, |w| w.at);
        DefinitionError::at(self.file, at, message)
    }

    /// The next word, or the error that says the file ends where `wanted` was due.
    pub(crate) fn expect(&mut self, wanted: &str) -> Result<Word<'a>, DefinitionError> {
        self.next()
            .ok_or_else(|| self.error(None, format!("the file ends where {wanted} was due")))
    }

    /// The rest of the line `word` is on, trimmed.
    pub(crate) fn rest_of_line(&mut self, word: Word<'_>) -> String {
        let line = self.text.lines().nth(word.at.0 - 1).unwrap_or("");
        while self.peek().is_some_and(|w| w.at.0 == word.at.0) {
            self.next();
        }
        line[word.at.1 - 1 + word.text.len()..].trim().to_owned()
    }

    /// `count` numbers from 1 to `most`, each less one.
    pub(crate) fn numbers(
        &mut self,
        count: usize,
        most: usize,
        what: &str,
    ) -> Result<Vec<u8>, DefinitionError> {
        (0..count)
            .map(|i| {
                let word = self.expect(&format!("{what}'s value {} of {count}", i + 1))?;
                match word.text.parse::<usize>() {
                    Ok(n) if (1..=most).contains(&n) => Ok((n - 1) as u8),
                    _ => Err(self.error(
                        Some(word),
                        format!(
                            "{what}: `{}` is not a number from 1 to {most} (value {} of {count})",
                            word.text,
                            i + 1
                        ),
                    )),
                }
            })
            .collect()
    }

    /// `count` numbers below `below` (orientations, flags).
    pub(crate) fn below(
        &mut self,
        count: usize,
        below: u8,
        what: &str,
    ) -> Result<Vec<u8>, DefinitionError> {
        (0..count)
            .map(|i| {
                let word = self.expect(&format!("{what}'s value {} of {count}", i + 1))?;
                match word.text.parse::<u8>() {
                    Ok(n) if n < below => Ok(n),
                    _ => Err(self.error(
                        Some(word),
                        format!(
                            "{what}: `{}` is not a number from 0 to {} (value {} of {count})",
                            word.text,
                            below - 1,
                            i + 1
                        ),
                    )),
                }
            })
            .collect()
    }

    /// Whether the next word is a number (the optional second vector of a block).
    pub(crate) fn number_next(&mut self) -> bool {
        self.peek().is_some_and(|w| w.text.parse::<u64>().is_ok())
    }
}
