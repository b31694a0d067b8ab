//! A ksolve+ scramble file's blocks as a defined puzzle's cases: `Scramble` (each set's
//! pieces and orientations) and `ScrambleAlg` (moves from the start), each up to its
//! `End`.

use std::io::Read;

use crate::definition::text::{self, BLOCKS};
use crate::definition::State;
use crate::error::Error;
use crate::judge::{input_error, Input, Place};

use super::cases::{DefCases, Position};

/// The most lines one ksolve+ block may take.
const MOST_BLOCK_LINES: usize = 100_000;

impl DefCases {
    /// The next block of a ksolve+ scramble file as a case, `None` at the end.
    pub(super) fn block_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        // The block's first line: a keyword, after blank and comment lines.
        let (keyword_at, keyword) = loop {
            let Some(line) = self.next_line(input) else {
                return Ok(None);
            };
            let text = Self::text(&line, case)?.to_owned();
            if let Some(&(offset, word)) = text::words(&text).first() {
                let at = Place {
                    line: line.at.line,
                    column: line.at.column + offset,
                };
                break (at, word.to_owned());
            }
        };
        match BLOCKS.iter().find(|(k, _)| *k == keyword) {
            Some((_, true)) => {}
            Some((_, false)) => {
                if keyword == "RandomScramble" || keyword == "MoveLimits" {
                    self.skip_block(input);
                }
                return Err(input_error(
                    case,
                    keyword_at,
                    text::refused_command(&keyword),
                ));
            }
            None => {
                let message = format!(
                    "`{keyword}` is no scramble-file command: a case is a `Scramble` or `ScrambleAlg` block"
                );
                return Err(input_error(case, keyword_at, message));
            }
        }
        // The block's words up to its `End`, each with its place.
        let mut words: Vec<(Place, String)> = Vec::new();
        let mut lines = 0;
        loop {
            let Some(line) = self.next_line(input) else {
                let message = format!(
                    "the input ends inside the `{keyword}` block begun on line {}: it needs its `End`",
                    keyword_at.line
                );
                return Err(input_error(case, keyword_at, message));
            };
            lines += 1;
            let text = Self::text(&line, case)?.to_owned();
            let found = text::words(&text);
            if found.first().is_some_and(|(_, w)| *w == "End") {
                break;
            }
            if lines > MOST_BLOCK_LINES {
                let message = format!("a block of more than {MOST_BLOCK_LINES} lines");
                return Err(input_error(case, keyword_at, message));
            }
            for (offset, word) in found {
                let at = Place {
                    line: line.at.line,
                    column: line.at.column + offset,
                };
                words.push((at, word.to_owned()));
            }
        }
        let state = match keyword.as_str() {
            "ScrambleAlg" => {
                let text: Vec<&str> = words.iter().map(|(_, w)| w.as_str()).collect();
                let joined = text.join(" ");
                let sets = self.puzzle.sets();
                let action = self.names.sequence(&joined, sets).map_err(|e| {
                    // The word the offset falls in.
                    let mut start = 0;
                    let at = (words.iter())
                        .find(|(_, w)| {
                            let found = e.offset < start + w.len() + 1;
                            start += w.len() + 1;
                            found
                        })
                        .map_or(keyword_at, |(at, _)| *at);
                    input_error(case, at, e.message)
                })?;
                self.puzzle.definition.start.after(&action, sets)
            }
            _ => self.scramble(&words, keyword_at, case)?,
        };
        Ok(Some(self.position(&state)))
    }

    /// A `Scramble` block's position from its words.
    pub(super) fn scramble(
        &self,
        words: &[(Place, String)],
        at: Place,
        case: usize,
    ) -> Result<State, Error> {
        let sets = self.puzzle.sets();
        let mut state = self.puzzle.definition.start.clone();
        let mut given = vec![false; sets.len()];
        let mut i = 0;
        while i < words.len() {
            let (place, name) = &words[i];
            let Some(s) = sets.iter().position(|set| &set.name == name) else {
                let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
                let message = format!("`{name}` is no set of the puzzle ({})", names.join(", "));
                return Err(input_error(case, *place, message));
            };
            if std::mem::replace(&mut given[s], true) {
                return Err(input_error(
                    case,
                    *place,
                    format!("set {name} is given twice"),
                ));
            }
            let end = (i + 1..words.len())
                .find(|&j| sets.iter().any(|set| set.name == words[j].1))
                .unwrap_or(words.len());
            let values: Vec<&str> = words[i + 1..end].iter().map(|(_, w)| w.as_str()).collect();
            let (pieces, orientation) =
                text::scramble_set(&sets[s], &values).map_err(|(k, message)| {
                    let place = words.get(i + 1 + k).map_or(*place, |(p, _)| *p);
                    input_error(case, place, message)
                })?;
            state.pieces[s] = pieces;
            state.orientation[s] = orientation;
            i = end;
        }
        text::same_pieces(&self.puzzle, &state)
            .map_err(|message| input_error(case, at, message))?;
        Ok(state)
    }

    /// Reads past the `End` of a block not read.
    pub(super) fn skip_block<R: Read>(&mut self, input: &mut Input<R>) {
        while let Some(line) = self.next_line(input) {
            let text = String::from_utf8_lossy(&line.text).into_owned();
            if text::words(&text).first().is_some_and(|(_, w)| *w == "End") {
                return;
            }
        }
    }
}
