//! ksolve+'s commands that restrict the turns an answer may play: `Block` (pieces
//! bandaged together), `ForbiddenPairs`, `ForbiddenGroups` and `MoveLimits` (also read
//! in scramble files), each checked against the moves defined above it.

use super::words::{Word, Words};
use super::Reader;
use crate::definition::restrictions::{MoveLimit, MOST_BLOCKS};
use crate::definition::{DefinitionError, NamedAction, Set};

impl<'a> Reader<'a> {
    /// `Block`: a set's name, then on the next line the pieces (from 1) bandaged
    /// together, for each set the block holds pieces of, up to `End`.
    pub(super) fn block(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let mut block: Vec<Vec<u8>> = vec![Vec::new(); self.sets.len()];
        while let Some(word) = self.words.next() {
            if word.text == "End" {
                break;
            }
            let s = self.set_named(word)?;
            let line = self.words.block_line(word);
            for piece in line {
                let n = piece
                    .text
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=self.sets[s].pieces).contains(n));
                let Some(n) = n else {
                    return Err(self.words.error(
                        Some(piece),
                        format!(
                            "`Block`'s set {}: `{}` is not a piece from 1 to {}",
                            word.text, piece.text, self.sets[s].pieces
                        ),
                    ));
                };
                if !block[s].contains(&((n - 1) as u8)) {
                    block[s].push((n - 1) as u8);
                }
            }
        }
        if block.iter().all(Vec::is_empty) {
            return Err(self.words.error(Some(command), "a `Block` of no pieces"));
        }
        if self.restrictions.blocks.len() == MOST_BLOCKS {
            return Err(self
                .words
                .error(Some(command), format!("more than {} blocks", MOST_BLOCKS)));
        }
        self.restrictions.blocks.push(block);
        Ok(())
    }

    /// `ForbiddenPairs`: two turn names a line (the first may not be followed by the
    /// second), up to `End`.
    pub(super) fn forbidden_pairs(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        while let Some(first) = self.words.next() {
            if first.text == "End" {
                break;
            }
            let second = self.words.expect("the second turn of a forbidden pair")?;
            let names = [first, second].map(|w| self.turn_named(w));
            let [first, second] = names;
            self.restrictions.forbidden.push((first?, second?));
        }
        let _ = command;
        Ok(())
    }

    /// `ForbiddenGroups`: turn names a line, no two of a line to follow one another
    /// (each after itself too), up to `End`.
    pub(super) fn forbidden_groups(&mut self, command: Word<'a>) -> Result<(), DefinitionError> {
        let _ = command;
        while let Some(first) = self.words.next() {
            if first.text == "End" {
                break;
            }
            let mut group = vec![self.turn_named(first)?];
            for word in self.words.rest_of_line_words(first) {
                group.push(self.turn_named(word)?);
            }
            for a in &group {
                for b in &group {
                    self.restrictions.forbidden.push((a.clone(), b.clone()));
                }
            }
        }
        Ok(())
    }

    /// The turn `word` names: a move defined above, or one of its powers.
    fn turn_named(&self, word: Word<'_>) -> Result<String, DefinitionError> {
        match power_of(&self.moves, &self.sets, word.text) {
            Some(_) => Ok(word.text.to_owned()),
            None => Err(self.words.error(
                Some(word),
                format!(
                    "`{}` is no move defined above, nor a power of one (`R`, `R2`, `R'`)",
                    word.text
                ),
            )),
        }
    }
}

/// The `MoveLimits` block begun by `command` (a definition's or a scramble file's):
/// a turn's name (or a move's with `*`, for all its powers) and a number a line, up to
/// `End`. The names are checked against the puzzle when it is compiled.
pub(crate) fn read_limits(
    words: &mut Words<'_>,
    command: Word<'_>,
) -> Result<Vec<MoveLimit>, DefinitionError> {
    let _ = command;
    let mut limits = Vec::new();
    while let Some(word) = words.next() {
        if word.text == "End" {
            break;
        }
        let count = words.expect("the most turns a move limit allows")?;
        let limit = MoveLimit::read(word.text, count.text).ok_or_else(|| {
            let message = format!(
                "move limit of {}: `{}` is not a whole number",
                word.text, count.text
            );
            words.error(Some(count), message)
        })?;
        limits.push(limit);
    }
    Ok(limits)
}

/// Whether `limit` names a move of `moves` (with `*`) or a power of one.
pub(crate) fn check_limit(
    moves: &[NamedAction],
    sets: &[Set],
    limit: &MoveLimit,
) -> Result<(), String> {
    let known = match limit.every_power {
        true => moves.iter().any(|m| m.name == limit.name),
        false => power_of(moves, sets, &limit.name).is_some(),
    };
    match known {
        true => Ok(()),
        false if limit.every_power => Err(format!(
            "move limit `{}*`: {} is no move (a `*` follows a move's own name, `F*`)",
            limit.name, limit.name
        )),
        false => Err(format!(
            "move limit `{}`: no move or power of one is named so",
            limit.name
        )),
    }
}

/// The move of `moves` that `name` is a power of, and the power, named as ksolve+ names
/// them.
fn power_of<'m>(
    moves: &'m [NamedAction],
    sets: &[Set],
    name: &str,
) -> Option<(&'m NamedAction, usize)> {
    moves.iter().find_map(|m| {
        let rest = name.strip_prefix(m.name.as_str())?;
        if rest.is_empty() {
            return Some((m, 1));
        }
        let order = crate::definition::model::order(&m.action, sets);
        (2..order)
            .find(|&k| crate::definition::turn::power_name(&m.name, k, order) == name)
            .map(|k| (m, k))
    })
}
