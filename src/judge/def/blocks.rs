//! A ksolve+ scramble file as a defined puzzle's cases: its blocks `Scramble` (each
//! set's pieces and orientations, `?` where the case's goal leaves a position out),
//! `ScrambleAlg` (turns from the start) and `RandomScramble` (a random position), each
//! up to its `End`, and its directives, in force for the cases after them: `Slack`,
//! `MaxDepth`, `QTM`, `HTM` and `MoveLimits`. A directive is no case: it takes no
//! number and no answer line.
//!
//! A block is read line by line into what it gives, never kept as words: its memory is
//! bounded whatever its length (a `Scramble` needs a few hundred numbers at most, and
//! is refused past them).

use std::io::Read;
use std::sync::Arc;

use rand::{Rng, SeedableRng};

use crate::definition::restricted::Asked;
use crate::definition::restrictions::MoveLimit;
use crate::definition::text::{self, Given, COMMANDS};
use crate::definition::{Action, Goal, State};
use crate::error::Error;
use crate::judge::{input_error, Input, Place};

use super::cases::{DefCases, Position};

/// The turns a random position is drawn by: enough to mix any puzzle this tool
/// answers (ksolve+ plays 10,000).
const RANDOM_TURNS: usize = 10_000;

/// A word of a line and where it starts.
type Placed = (Place, String);

impl DefCases {
    /// The next case of a ksolve+ scramble file, its directives read on the way;
    /// `None` at the end.
    pub(super) fn block_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        let read = self.read_block_case(input, case);
        if read.is_err() {
            // The rest of a block at fault is no command: read past its `End`.
            self.skip_block(input);
        }
        read
    }

    fn read_block_case<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<Position>, Error> {
        // A faulty directive is the fault of the case after it, which cannot be
        // answered as the file asks: that case's answer is the error.
        let mut fault: Option<Error> = None;
        loop {
            let Some((at, keyword, rest)) = self.command_line(input, case)? else {
                return fault.map_or(Ok(None), Err);
            };
            self.in_block = ["Scramble", "ScrambleAlg", "RandomScramble", "MoveLimits"]
                .contains(&keyword.as_str());
            let directive = match keyword.as_str() {
                "Slack" => directive_number(&keyword, at, &rest, case)
                    .map(|slack| self.directives.slack = slack),
                "MaxDepth" => directive_number(&keyword, at, &rest, case).map(|most| {
                    // ksolve+'s default, 999, is "no limit".
                    self.directives.max_cost = (most < 999).then_some(most);
                }),
                "QTM" | "HTM" => {
                    self.directives.quarter_turns = keyword == "QTM";
                    Ok(())
                }
                "MoveLimits" => match self.move_limits(input, case, at) {
                    Ok(limits) => {
                        self.directives.limits = limits;
                        Ok(())
                    }
                    Err(error) => {
                        self.skip_block(input);
                        Err(error)
                    }
                },
                _ => {
                    let state = match keyword.as_str() {
                        "ScrambleAlg" => (self.scramble_alg(input, case, at)?, None),
                        "RandomScramble" => (self.random_scramble(input, case, at)?, None),
                        "Scramble" => self.scramble(input, case, at)?,
                        _ => {
                            let message = format!(
                                "`{keyword}` is no scramble-file command ({})",
                                COMMANDS.join(", ")
                            );
                            return Err(input_error(case, at, message));
                        }
                    };
                    if let Some(error) = fault {
                        return Err(error);
                    }
                    let (state, goals) = state;
                    let asked = Asked {
                        goals,
                        ..self.directives.clone()
                    };
                    return Ok(Some(self.asked_position(&state, asked)));
                }
            };
            if let Err(error) = directive {
                fault.get_or_insert(error);
            }
        }
    }

    /// Reads past the `End` of a block at fault.
    fn skip_block<R: Read>(&mut self, input: &mut Input<R>) {
        if !self.in_block {
            return;
        }
        while let Some(line) = self.next_line(input) {
            let text = String::from_utf8_lossy(&line.text).into_owned();
            if text::words(&text).first().is_some_and(|(_, w)| *w == "End") {
                break;
            }
        }
        self.in_block = false;
    }

    /// The position of `state` asking `asked` (nothing, where it is plain).
    fn asked_position(&self, state: &State, asked: Asked) -> Position {
        let mut position = self.position(state);
        if !asked.is_plain() {
            position.asked = Some(Arc::new(asked));
        }
        position
    }

    /// The next command's line, after blank and comment lines: where its keyword is,
    /// the keyword, and the words after it.
    fn command_line<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
    ) -> Result<Option<(Place, String, Vec<Placed>)>, Error> {
        loop {
            let Some(line) = self.next_line(input) else {
                return Ok(None);
            };
            let mut words = placed_words(&line, case)?;
            if !words.is_empty() {
                let (at, keyword) = words.remove(0);
                return Ok(Some((at, keyword, words)));
            }
        }
    }

    /// The words of the next line of the block begun at `at` with `keyword`, `None` at
    /// its `End`.
    fn block_line<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        at: Place,
        keyword: &str,
    ) -> Result<Option<Vec<Placed>>, Error> {
        let Some(line) = self.next_line(input) else {
            let message = format!(
                "the input ends inside the `{keyword}` block begun on line {}: it needs its `End`",
                at.line
            );
            return Err(input_error(case, at, message));
        };
        let words = placed_words(&line, case)?;
        Ok(match words.first() {
            Some((_, word)) if word == "End" => {
                self.in_block = false;
                None
            }
            _ => Some(words),
        })
    }

    /// A `ScrambleAlg` block: its turns, line by line, from the start.
    fn scramble_alg<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        at: Place,
    ) -> Result<State, Error> {
        let mut state = self.puzzle.definition.start.clone();
        while let Some(words) = self.block_line(input, case, at, "ScrambleAlg")? {
            let Some((first, _)) = words.first() else {
                continue;
            };
            let text: Vec<&str> = words.iter().map(|(_, w)| w.as_str()).collect();
            state = self.played(&state, &text.join(" ")).map_err(|e| {
                // The word the offset falls in.
                let mut start = 0;
                let place = (words.iter())
                    .find(|(_, w)| {
                        let found = e.offset < start + w.len() + 1;
                        start += w.len() + 1;
                        found
                    })
                    .map_or(*first, |(p, _)| *p);
                input_error(case, place, e.message)
            })?;
        }
        Ok(state)
    }

    /// A `RandomScramble` block (its lines read past): a position of random turns,
    /// drawn the same for the same case number, so that a file answers alike each run.
    fn random_scramble<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        at: Place,
    ) -> Result<State, Error> {
        while self
            .block_line(input, case, at, "RandomScramble")?
            .is_some()
        {}
        let puzzle = &self.puzzle;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(case as u64);
        let mut cells = puzzle.flat(&puzzle.definition.start);
        let mut next = cells.clone();
        let turns = puzzle.turns.len();
        for _ in 0..RANDOM_TURNS {
            let t = rng.random_range(0..turns);
            if puzzle.restricted.legal(&cells, t) {
                puzzle.play(&cells, t, &mut next);
                std::mem::swap(&mut cells, &mut next);
            }
        }
        Ok(puzzle.state(&cells))
    }

    /// A `MoveLimits` block: a turn's name (or a move's with `*`) and a number a line.
    fn move_limits<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        at: Place,
    ) -> Result<Vec<MoveLimit>, Error> {
        let mut limits = Vec::new();
        while let Some(words) = self.block_line(input, case, at, "MoveLimits")? {
            let [(place, name), (count_at, count)] = &words[..] else {
                let place = words.first().map_or(at, |(p, _)| *p);
                let message = "a move limit is a line of a turn's name (or a move's with `*`) \
                               and a number, `F2 1`, `F* 2`";
                return Err(input_error(case, place, message));
            };
            let limit = MoveLimit::read(name, count).ok_or_else(|| {
                input_error(case, *count_at, format!("`{count}` is not a whole number"))
            })?;
            let name = &limit.name;
            let known = match limit.every_power {
                true => self.puzzle.classes.iter().any(|c| c == name),
                false => self.puzzle.turns.iter().any(|t| t.turn.name == *name),
            };
            if !known {
                let message = match limit.every_power {
                    true => format!("`{name}*`: {name} is no move of the answers"),
                    false => format!("`{name}` is no turn of the answers"),
                };
                return Err(input_error(case, *place, message));
            }
            limits.push(limit);
        }
        Ok(limits)
    }

    /// A `Scramble` block: its position, and, where it leaves positions out with `?`,
    /// its goals (each solved state with those positions left out).
    fn scramble<R: Read>(
        &mut self,
        input: &mut Input<R>,
        case: usize,
        at: Place,
    ) -> Result<(State, Option<Vec<Goal>>), Error> {
        let sets = self.puzzle.sets().to_vec();
        // A set's name, then its numbers: at most every set's pieces and orientations.
        let most_words = sets.iter().map(|s| 1 + 2 * s.pieces).sum::<usize>();
        let mut words: Vec<Placed> = Vec::new();
        while let Some(line) = self.block_line(input, case, at, "Scramble")? {
            if words.len() + line.len() > most_words {
                let message = format!(
                    "a `Scramble` block of more than {most_words} values: it gives each set's \
                     name, pieces and orientations once"
                );
                return Err(input_error(case, line[0].0, message));
            }
            words.extend(line);
        }
        let mut pieces: Vec<Vec<Given>> = Vec::new();
        let mut turned: Vec<Vec<Given>> = Vec::new();
        let start = &self.puzzle.definition.start;
        for s in 0..sets.len() {
            let known = |v: &[u8]| {
                v.iter()
                    .map(|&v| Given {
                        value: Some(v),
                        left_out: false,
                    })
                    .collect()
            };
            pieces.push(known(&start.pieces[s]));
            turned.push(known(&start.orientation[s]));
        }
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
            (pieces[s], turned[s]) =
                text::scramble_set(&sets[s], &values).map_err(|(k, message)| {
                    let place = words.get(i + 1 + k).map_or(*place, |(p, _)| *p);
                    input_error(case, place, message)
                })?;
            i = end;
        }
        let bare = pieces.iter().flatten().any(|g| g.value.is_none());
        if bare && !self.puzzle.definition.restrictions.blocks.is_empty() {
            let message = "a bare `?` piece on a puzzle with blocks: give the piece it holds, \
                           `?3`, so that the blocks know where their pieces are";
            return Err(input_error(case, at, message));
        }
        let state = self.fill_unstated(&pieces, &turned);
        text::same_pieces(&self.puzzle, &state, text::Numbering::Ksolve)
            .map_err(|message| input_error(case, at, message))?;
        let left_out = |vectors: &[Vec<Given>]| vectors.iter().flatten().any(|g| g.left_out);
        let goals = (left_out(&pieces) || left_out(&turned)).then(|| {
            (self.puzzle.goals().iter())
                .map(|goal| {
                    let mut goal = goal.clone();
                    for (s, set) in pieces.iter().enumerate() {
                        for (i, g) in set.iter().enumerate() {
                            if g.left_out {
                                goal.pieces[s][i] = None;
                            }
                        }
                    }
                    for (s, set) in turned.iter().enumerate() {
                        for (i, g) in set.iter().enumerate() {
                            if g.left_out {
                                goal.orientation[s][i] = None;
                            }
                        }
                    }
                    goal
                })
                .collect()
        });
        Ok((state, goals))
    }

    /// The state of a `Scramble` block's values: a bare `?` piece is one of the pieces
    /// no number names, in increasing order; a bare `?` orientation is 0.
    fn fill_unstated(&self, pieces: &[Vec<Given>], turned: &[Vec<Given>]) -> State {
        let start = &self.puzzle.definition.start;
        let mut state = State {
            pieces: Vec::new(),
            orientation: Vec::new(),
        };
        for (s, set) in pieces.iter().enumerate() {
            let mut unnamed = start.pieces[s].clone();
            unnamed.sort_unstable();
            for value in set.iter().filter_map(|g| g.value) {
                if let Some(k) = unnamed.iter().position(|&p| p == value) {
                    unnamed.remove(k);
                }
            }
            let mut unnamed = unnamed.into_iter();
            state.pieces.push(
                set.iter()
                    .map(|g| g.value.or_else(|| unnamed.next()).unwrap_or(0))
                    .collect(),
            );
            state
                .orientation
                .push(turned[s].iter().map(|g| g.value.unwrap_or(0)).collect());
        }
        state
    }

    /// `state` after the turns of `text`, a scramble: each kept whole if the puzzle
    /// bandages pieces (a turn that would part a block refused, as ksolve+ refuses it).
    pub(super) fn played(&self, state: &State, text: &str) -> Result<State, text::CaseError> {
        let puzzle = &self.puzzle;
        let sets = puzzle.sets();
        if !puzzle.restricted.restricts() {
            let action: Action = self.names.sequence(text, sets)?;
            return Ok(state.after(&action, sets));
        }
        let mut cells = puzzle.flat(state);
        let mut next = cells.clone();
        for word in text.split_ascii_whitespace() {
            let offset = word.as_ptr() as usize - text.as_ptr() as usize;
            match puzzle.turns.iter().position(|t| t.turn.name == word) {
                Some(t) if !puzzle.restricted.legal(&cells, t) => {
                    return Err(text::CaseError::at(
                        offset,
                        format!("turn {word} is blocked here: it would part bandaged pieces"),
                    ))
                }
                Some(t) => puzzle.play(&cells, t, &mut next),
                None => {
                    let action = self.names.sequence(word, sets).map_err(|mut e| {
                        e.offset += offset;
                        e
                    })?;
                    let after = puzzle.state(&cells).after(&action, sets);
                    next = puzzle.flat(&after);
                }
            }
            std::mem::swap(&mut cells, &mut next);
        }
        Ok(puzzle.state(&cells))
    }
}

/// The number of a `Slack` or `MaxDepth` directive, the word after it.
fn directive_number(keyword: &str, at: Place, rest: &[Placed], case: usize) -> Result<u32, Error> {
    match rest {
        [(place, word)] => word.parse::<u32>().map_err(|_| {
            input_error(
                case,
                *place,
                format!("`{keyword} {word}`: `{word}` is not a whole number"),
            )
        }),
        _ => Err(input_error(
            case,
            at,
            format!("`{keyword}` takes one number on its line, `{keyword} 2`"),
        )),
    }
}

/// A line's words (a `#` word ends it), each with its place.
fn placed_words(line: &crate::judge::Line, case: usize) -> Result<Vec<Placed>, Error> {
    let text = DefCases::text(line, case)?;
    Ok(text::words(&text)
        .into_iter()
        .map(|(offset, word)| {
            let at = Place {
                line: line.at.line,
                column: line.at.column + offset,
            };
            (at, word.to_owned())
        })
        .collect())
}
