//! A ksolve+ file as words: each with its line and column, comments left out, and
//! the reads its commands make of them (a name, a number below a bound, a vector).

use super::super::{line_and_column, DefinitionError};
use super::{Value, UNSTATED};

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

    /// What follows `word` on its line, trimmed, as written (nothing is consumed).
    pub(crate) fn rest_of_line_at(&self, word: Word<'_>) -> &'a str {
        let line = self.text.lines().nth(word.at.0 - 1).unwrap_or("");
        let rest = line.get(word.at.1 - 1 + word.text.len()..).unwrap_or("");
        rest.split('#').next().unwrap_or("").trim()
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

    /// Whether the next word is a number, or `?` (the optional second vector of a
    /// block).
    pub(crate) fn number_next(&mut self) -> bool {
        // As ksolve+ tells: a word that starts with a digit (`-1` names a set there).
        self.peek()
            .is_some_and(|w| w.text.starts_with(|c: char| c.is_ascii_digit() || c == '?'))
    }

    /// `count` numbers from `from` to `most`, each less `from`; where `question`, each
    /// may be `?N` (unknown, the number stated) or `?` ([`UNSTATED`]).
    pub(crate) fn values(
        &mut self,
        count: usize,
        from: usize,
        most: usize,
        question: bool,
        what: &str,
    ) -> Result<Vec<Value>, DefinitionError> {
        (0..count)
            .map(|i| {
                let word = self.expect(&format!("{what}'s value {} of {count}", i + 1))?;
                let (unknown, digits) = match word.text.strip_prefix('?') {
                    Some(rest) if question => (true, rest),
                    _ => (false, word.text),
                };
                if unknown && digits.is_empty() {
                    return Ok(Value {
                        number: UNSTATED,
                        unknown,
                    });
                }
                match digits.parse::<usize>() {
                    Ok(n) if (from..=most).contains(&n) => Ok(Value {
                        number: (n - from) as u32,
                        unknown,
                    }),
                    _ => Err(self.error(
                        Some(word),
                        format!(
                            "{what}: `{}` is not a number from {from} to {most}{} (value {} of {count})",
                            word.text,
                            if question { ", or `?N`" } else { "" },
                            i + 1
                        ),
                    )),
                }
            })
            .collect()
    }

    /// `count` whole numbers, negative ones too (a move's orientation deltas, which
    /// ksolve+ takes modulo the orientations, whatever their sign).
    pub(crate) fn deltas(&mut self, count: usize, what: &str) -> Result<Vec<i64>, DefinitionError> {
        (0..count)
            .map(|i| {
                let word = self.expect(&format!("{what}'s value {} of {count}", i + 1))?;
                word.text.parse::<i32>().map(i64::from).map_err(|_| {
                    self.error(
                        Some(word),
                        format!(
                            "{what}: `{}` is not a whole number (value {} of {count})",
                            word.text,
                            i + 1
                        ),
                    )
                })
            })
            .collect()
    }

    /// The words after `word` on its line.
    pub(crate) fn rest_of_line_words(&mut self, word: Word<'_>) -> Vec<Word<'a>> {
        let mut rest = Vec::new();
        while let Some(next) = self.rest.next_if(|w| w.at.0 == word.at.0) {
            rest.push(next);
        }
        rest
    }

    /// A `Block`'s pieces of the set `word` names: the words after it on its line, or,
    /// as ksolve+ writes them, on the next line.
    pub(crate) fn block_line(&mut self, word: Word<'_>) -> Vec<Word<'a>> {
        let same = self.rest_of_line_words(word);
        if !same.is_empty() {
            return same;
        }
        let Some(line) = self.peek().map(|w| w.at.0) else {
            return Vec::new();
        };
        let mut words = Vec::new();
        while let Some(next) = self.rest.next_if(|w| w.at.0 == line && w.text != "End") {
            words.push(next);
        }
        words
    }

    /// Reads past the next `End` (a deprecated command's block).
    pub(crate) fn skip_block(&mut self) {
        for word in self.rest.by_ref() {
            if word.text == "End" {
                return;
            }
        }
    }
}
