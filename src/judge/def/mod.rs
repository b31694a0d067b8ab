//! Defined puzzles' format ([`crate::definition`]): cases as
//! [`crate::definition::text`] reads them (move sequences or KPattern lines, or a
//! ksolve+ scramble file's blocks), one line an answer, the turns separated by single
//! spaces. The puzzles are answered by [`Def`].

use rand::{Rng, RngCore};
use std::sync::Arc;

use super::searched::{searched, Listed, Searched};
use super::{
    CasesAt, CrossCheck, EveryShortest, Format, Replay, Sample, SampleAt, Shortest, Solver, Tables,
    Written,
};
use crate::definition::model::Model;
use crate::definition::solver::{How, Viewed};
use crate::definition::text::Names;
use crate::definition::view::View;
use crate::definition::{search, Asked, Def, State, Turn};
use crate::error::Error;
use crate::sample::{NoSuchLength, RanksAt};
use crate::search::{Found, Outcome, Reason, Stopped};
use crate::table::{Table, TableId};

/// A state as a KPattern JSON object on one line, the orbits in the definition's
/// order: how cases of positions are written.
pub fn kpattern(puzzle: &Model, state: &State) -> String {
    let list = |values: &[u8]| -> String {
        let values: Vec<String> = values.iter().map(u8::to_string).collect();
        values.join(", ")
    };
    let orbits: Vec<String> = (puzzle.sets().iter().enumerate())
        .map(|(s, set)| {
            format!(
                "{}: {{\"pieces\": [{}], \"orientation\": [{}]}}",
                serde_json::Value::from(set.name.as_str()),
                list(&state.pieces[s]),
                list(&state.orientation[s])
            )
        })
        .collect();
    format!("{{{}}}", orbits.join(", "))
}

/// A defined puzzle's answer and the work it took.
pub type DefAnswer = Searched<Turn>;

/// The turns as an answer writes them: separated by single spaces.
pub fn turns_text(turns: &[Turn]) -> String {
    let names: Vec<&str> = turns.iter().map(|t| t.name).collect();
    names.join(" ")
}

mod blocks;
mod cases;
mod fast;
use cases::*;
pub use cases::{DefCases, Position};
use fast::{Fast, TurnNames, TurnWords};

impl<D: AsRef<[u8]> + Send + Sync> Solver for Def<D> {
    type Case = Position;
    type Answer = DefAnswer;

    /// A table's answers take microseconds, a search's may take seconds.
    fn cases_per_task(&self) -> usize {
        match self.searches() {
            true => 1,
            false => Self::CASES_PER_TASK,
        }
    }

    fn solve(&self, case: &Position) -> Result<DefAnswer, Error> {
        if let Some(asked) = &case.asked {
            let answer = asked_answer(self, &self.cells_of(case), asked)?;
            if let Some(stopped) = &answer.stopped {
                self.budget().count_stopped(stopped);
            }
            return Ok(answer);
        }
        let answer = match (&case.at, case.rank()) {
            (_, Some(rank)) => searched(None, false, || self.outcome_of_rank(rank))?,
            (At::Cells(cells), None) => {
                searched(None, self.searches(), || self.outcome_of_cells(cells))?
            }
            _ => unreachable!("only cells have no rank"),
        };
        if let Some(stopped) = &answer.stopped {
            self.budget().count_stopped(stopped);
        }
        Ok(answer)
    }
}

/// The answer of a case that asks more than its shortest answer ([`Asked`]): the
/// first of its answers, and all of them where it asks for a list.
fn asked_answer<D: AsRef<[u8]> + Send + Sync>(
    def: &Def<D>,
    cells: &[u8],
    asked: &Asked,
) -> Result<DefAnswer, Error> {
    let clock = std::time::Instant::now();
    let mut answer = DefAnswer::written(None);
    match def.answers_of_cells(cells, asked)? {
        Outcome::Solved(listing) => {
            answer.nodes = listing.nodes;
            answer.moves = listing.answers.first().map(|(_, moves)| moves.clone());
            if asked.lists() {
                answer.listed = Some(Listed {
                    count: listing.count,
                    answers: listing.answers.into_iter().map(|(_, m)| m).collect(),
                });
            }
        }
        Outcome::Stopped(stopped) => {
            (answer.stopped, answer.nodes) = (Some(stopped), stopped.nodes)
        }
        Outcome::Unreachable { nodes } => answer.nodes = nodes,
    }
    answer.seconds = clock.elapsed().as_secs_f64();
    Ok(answer)
}

impl<D: AsRef<[u8]> + Send + Sync> Replay for Def<D> {
    type State = Position;
    const ILLEGAL: &'static str = "cannot be played";

    fn start(&self, case: &Position) -> Position {
        case.clone()
    }

    fn play(&self, position: &Position, m: Turn) -> Option<Position> {
        let cells = self.cells_of(position);
        let mut next = cells.clone();
        self.puzzle().play(&cells, usize::from(m.index), &mut next);
        Some(Position::of_cells(next.into()))
    }

    fn solved(&self, _: &Position, position: &Position) -> bool {
        let state = self.state_of(position);
        self.puzzle().goals().iter().any(|g| g.accepts(&state))
    }

    fn target(&self, _: &Position) -> Option<Position> {
        None
    }

    fn headline(&self, answer: &DefAnswer) -> String {
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => format!("{} turns {}", moves.len(), turns_text(moves)),
            (None, Some(stopped)) => format!(
                "not answered ({}): at least {} turns",
                stopped.reason, stopped.lower_bound
            ),
            (None, None) => "unsolvable: no solved state can be reached".to_owned(),
        }
    }

    fn draw(&self, position: &Position) -> String {
        draw(self.puzzle(), &self.state_of(position))
    }
}

/// A position's state and cells, its rank read where it has one.
impl<D: AsRef<[u8]> + Send + Sync> Def<D> {
    fn state_of(&self, position: &Position) -> State {
        position.state(self.puzzle(), ranked_view(self))
    }

    fn cells_of(&self, position: &Position) -> Vec<u8> {
        position.cells(self.puzzle(), ranked_view(self))
    }
}

/// The view a position's rank stands in: that of the puzzle's one exact table, where
/// it has one (the reader's fast path ranks in no other).
fn ranked_view<D: AsRef<[u8]> + Send + Sync>(def: &Def<D>) -> Option<&View> {
    sampled(def.how()).map(|table| &*table.view)
}

impl<D: AsRef<[u8]> + Send + Sync> Format for Def<D> {
    type Reader = DefCases;
    const ANSWER_LINES: usize = 1;

    fn reader(&self) -> DefCases {
        let puzzle = self.shared_puzzle();
        // The fast path answers the shortest answer only: not when cases ask more.
        let fast = match self.how() {
            How::Exact(tables, _)
                if self.asked().is_plain()
                    && tables.len() == 1
                    && tables[0].view.is_whole()
                    && tables[0].view.turns_tabled() =>
            {
                let view = &tables[0].view;
                let start = view.rank(&puzzle.flat(&puzzle.definition.start));
                let turns = TurnNames::new(&puzzle);
                start.zip(turns).map(|(start, turns)| Fast {
                    view: Arc::clone(view),
                    start,
                    turns: Arc::new(turns),
                })
            }
            _ => None,
        };
        DefCases {
            names: Arc::new(Names::new(&puzzle)),
            fast,
            puzzle,
            mode: None,
            pending: Default::default(),
            directives: self.asked().clone(),
            in_block: false,
            taken: Vec::new(),
        }
    }

    /// From the one table's walks, the walks of a task's cases asked for together
    /// first, so that their reads (a random one each, in a table larger than the
    /// caches) overlap.
    fn write_answers(&self, cases: &[(usize, Position)], out: &mut Vec<u8>) -> Result<(), Error> {
        let How::Exact(_, Some(walks)) = self.how() else {
            for (number, case) in cases {
                self.write_answer(*number, &Solver::solve(self, case)?, out);
            }
            return Ok(());
        };
        // The ranks the fast path read lines into; anything else on its own.
        let mut ranked = false;
        for (_, case) in cases {
            if let At::Rank(rank) = case.at {
                walks.prefetch_walk(rank as u32);
                ranked = true;
            }
        }
        let words = ranked.then(|| TurnWords::new(self.puzzle()));
        for (number, case) in cases {
            // A walk's turns are written as they are unpacked, with nothing kept.
            match (&case.at, &words) {
                (At::Rank(rank), Some(words)) => match walks.walk(*rank as u32) {
                    0 => out.extend_from_slice(b"unsolvable\n"),
                    packed => words.write_walk(packed, out),
                },
                _ => self.write_answer(*number, &Solver::solve(self, case)?, out),
            }
        }
        Ok(())
    }

    /// One line; where the case asked for a list (a slack), the number of answers,
    /// then each a line.
    fn write_answer(&self, _: usize, answer: &DefAnswer, out: &mut Vec<u8>) {
        if let (Some(listed), None) = (&answer.listed, answer.stopped) {
            out.extend_from_slice(format!("{}\n", listed.count).as_bytes());
            for moves in &listed.answers {
                write_turns(moves.iter().copied(), out);
            }
            return;
        }
        match (&answer.moves, answer.stopped) {
            (Some(moves), _) => return write_turns(moves.iter().copied(), out),
            (None, Some(stopped)) => {
                out.extend_from_slice(format!("limit {}", stopped.lower_bound).as_bytes())
            }
            (None, None) => out.extend_from_slice(b"unsolvable"),
        }
        out.push(b'\n');
    }

    fn read_answer(&self, _: usize, lines: &[&str]) -> Result<Written<DefAnswer>, String> {
        let moves = match lines[0].trim() {
            "unsolvable" => None,
            text => Some(
                text.split_ascii_whitespace()
                    .map(|word| {
                        (self.puzzle().turns.iter().find(|t| t.turn.name == word))
                            .map(|t| t.turn)
                            .ok_or_else(|| format!("`{word}` is no turn of this puzzle"))
                    })
                    .collect::<Result<Vec<Turn>, String>>()?,
            ),
        };
        Ok(Written {
            answer: DefAnswer::written(moves),
            stated_length: None,
        })
    }

    fn json_answer(&self, number: usize, answer: &DefAnswer) -> serde_json::Value {
        answer.json(number, turns_text)
    }
}

impl<D: AsRef<[u8]> + Send + Sync> EveryShortest for Def<D> {
    fn every_shortest(&self, case: &Position, list: bool) -> Result<Shortest, Error> {
        if let Some(asked) = &case.asked {
            // Every answer of the least cost the case's own asking allows.
            let asked = Asked {
                every: true,
                ..Asked::clone(asked)
            };
            return Ok(match self.answers_of_cells(&self.cells_of(case), &asked)? {
                Outcome::Solved(listing) => Shortest::Found {
                    length: listing.answers.first().map_or(0, |(_, m)| m.len()),
                    count: listing.count,
                    lines: match list {
                        true => listing.answers.iter().map(|(_, m)| turns_text(m)).collect(),
                        false => Vec::new(),
                    },
                },
                Outcome::Stopped(stopped) => {
                    self.budget().count_stopped(&stopped);
                    Shortest::Stopped(stopped)
                }
                Outcome::Unreachable { .. } => Shortest::Unsolvable,
            });
        }
        let every = Def::every_shortest(self, &self.state_of(case), list)?;
        Ok(Shortest::of_search(every, turns_text, self.budget()))
    }
}

/// Random turns from the start, as many as `turns`.
fn random_walk(puzzle: &Model, rng: &mut dyn RngCore, turns: usize) -> Position {
    let mut cells = puzzle.flat(&puzzle.definition.start);
    let mut next = cells.clone();
    for _ in 0..turns {
        let t = rng.random_range(0..puzzle.turns.len());
        puzzle.play(&cells, t, &mut next);
        std::mem::swap(&mut cells, &mut next);
    }
    Position::of_cells(cells.into())
}

/// The one exact table whose view leaves no state out of its ranks, if the puzzle is
/// answered from such.
fn sampled<D>(how: &How<D>) -> Option<&Viewed<D>> {
    match how {
        How::Exact(tables, _) if tables.len() == 1 => tables.first(),
        _ => None,
    }
}

impl<D: AsRef<[u8]> + Send + Sync> CrossCheck for Def<D> {
    fn search(&self, case: &Position) -> DefAnswer {
        let found = search::independent(self.puzzle(), &self.cells_of(case));
        let outcome = match found {
            Some(moves) => Outcome::Solved(Found { moves, nodes: 0 }),
            None => Outcome::Unreachable { nodes: 0 },
        };
        searched(None, false, || Ok::<_, std::convert::Infallible>(outcome))
            .unwrap_or_else(|never| match never {})
    }

    /// Up to eight random turns from the start: short enough for the independent
    /// search to answer in moments.
    fn checkable_case(&self, rng: &mut dyn RngCore) -> Position {
        let turns = rng.random_range(0..=8);
        random_walk(self.puzzle(), rng, turns)
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Sample for Def<D> {
    /// Uniform over the states of the one exact table, where the puzzle has it; else
    /// a walk of a thousand random turns.
    fn random_case(&self, rng: &mut dyn RngCore) -> Position {
        let puzzle = self.puzzle();
        match sampled(self.how()) {
            Some(table) => loop {
                let rank = rng.random_range(0..table.view.size());
                if table.table.entry_byte(rank) != crate::search::UNREACHABLE {
                    let state = table.view.state_of(puzzle, rank);
                    return Position::new(puzzle, &state);
                }
            },
            // Past one table, drawn from the moves' group (uniformly, as the table's
            // draw is); a long random walk where restrictions leave no group.
            None => match self.draw() {
                Ok(draw) => {
                    let state = draw.state(rng);
                    Position::new(puzzle, &state)
                }
                Err(_) => random_walk(puzzle, rng, 1000),
            },
        }
    }
}

/// The longest answer drawn by random walks confirmed by answering.
const LONGEST_WALK: usize = 30;

/// The random walks tried for a position at a length before giving up.
const MOST_WALKS: usize = 10_000;

impl<D: AsRef<[u8]> + Send + Sync> SampleAt for Def<D> {
    /// From the one exact table, uniformly among its states at `length`; else random
    /// walks of `length` turns, kept when answering confirms the length (not uniform).
    fn cases_at(&self, length: usize) -> Result<CasesAt<'_, Position>, NoSuchLength> {
        let puzzle_name = crate::definition::model::kept_name(&self.puzzle().definition.name);
        let puzzle = self.puzzle();
        if let Some(table) = sampled(self.how()) {
            let ranks = RanksAt::new(&table.table, length).ok_or(NoSuchLength {
                puzzle: puzzle_name,
                length,
                longest: table.table.header().max_depth(),
                by_walks: false,
            })?;
            return Ok(Box::new(move |rng| {
                let state = table.view.state_of(puzzle, ranks.sample(rng));
                Ok(Position::new(puzzle, &state))
            }));
        }
        if length > LONGEST_WALK {
            return Err(NoSuchLength {
                puzzle: puzzle_name,
                length,
                longest: LONGEST_WALK,
                by_walks: true,
            });
        }
        Ok(Box::new(move |rng| {
            // Each walk's search may be too small to read the clock: the walks do,
            // and give up where none reaches the length (past the puzzle's diameter).
            let started = std::time::Instant::now();
            let limits = self.limits();
            for _ in 0..MOST_WALKS {
                let cancelled = limits.cancel.as_ref().is_some_and(|c| c.is_cancelled());
                let late = limits.wall_time.is_some_and(|t| started.elapsed() >= t);
                if cancelled || late {
                    let reason = match cancelled {
                        true => Reason::Cancelled,
                        false => Reason::Time,
                    };
                    return Err(Error::Stopped(Stopped {
                        lower_bound: 0,
                        nodes: 0,
                        reason,
                    }));
                }
                let start = random_walk(puzzle, rng, length);
                let found = Solver::solve(self, &start)?;
                if let Some(stopped) = found.stopped {
                    return Err(Error::Stopped(stopped));
                }
                if found.moves.as_ref().map(Vec::len) == Some(length) {
                    return Ok(start);
                }
            }
            let message = format!(
                "no position {length} turns from solved: none of {MOST_WALKS} random walks \
                 of {length} turns ended that far (the puzzle may have none so far)"
            );
            Err(Error::Case(message.into()))
        }))
    }
}

impl<D: AsRef<[u8]> + Send + Sync> Tables for Def<D> {
    type Bytes = D;

    fn tables(&self) -> Vec<(TableId, &Table<D>)> {
        Def::tables(self)
    }

    fn describe_rank(&self, index: usize, rank: u64) -> String {
        let viewed: Vec<&Viewed<D>> = match self.how() {
            How::Exact(tables, _) => tables.iter().collect(),
            How::Search(databases) => databases.current().iter().flatten().collect(),
        };
        let state = viewed[index].view.state_of(self.puzzle(), rank);
        format!("\n{}", draw(self.puzzle(), &state))
    }
}

/// An answer's line: the turns' names one space apart.
fn write_turns(turns: impl Iterator<Item = Turn>, out: &mut Vec<u8>) {
    for (i, turn) in turns.enumerate() {
        if i > 0 {
            out.push(b' ');
        }
        // Most names are a byte or two: pushed, not copied by a call.
        match *turn.name.as_bytes() {
            [a] => out.push(a),
            [a, b] => out.extend_from_slice(&[a, b]),
            ref name => out.extend_from_slice(name),
        }
    }
    out.push(b'\n');
}
