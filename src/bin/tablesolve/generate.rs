//! `tablesolve generate`: a judge input of random cases.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;

use tablesolve::catalogue::Options;
use tablesolve::definition::{self, group::Draw, Definition};
use tablesolve::eight::Grid;
use tablesolve::judge::{
    kpattern, turns_text, CaseReader, CasesAt, EightCases, EightPairs, RotationCases,
};
use tablesolve::rotation::sample::random_board as random_rotation;
use tablesolve::sliding::{random_board, random_board_like};
use tablesolve::{Error, Puzzle};

use crate::catalogue::{Judge, Task};
use crate::{stdout, Failure};

pub struct Generate {
    pub length: Option<usize>,
    pub count: usize,
    /// A defined puzzle's draws written as scrambles.
    pub scramble: bool,
    pub seed: u64,
}

impl Generate {
    /// Random sliding boards of any length, drawn without opening the pattern
    /// databases (the 24-puzzle's take minutes to build, and only answering needs
    /// them), the same boards the judge draws for the same seed. `None` where the
    /// tables are needed: another puzzle, or boards of a given length.
    pub fn without_tables(&self, puzzle: Puzzle, options: &Options) -> Option<Result<(), Failure>> {
        if self.length.is_some() {
            return None;
        }
        // The seed puzzles draw from all their boards, which needs no table either; a
        // defined puzzle from its moves' group where it has one.
        match puzzle {
            Puzzle::Def => return self.drawn_from_the_group(options),
            Puzzle::Rotation => return Some(self.write(RotationCases::default(), random_rotation)),
            Puzzle::Eight => return Some(self.write(EightCases, random_board)),
            Puzzle::Eight2 => {
                let pair = |rng: &mut ChaCha8Rng| {
                    let target: Grid = random_board(rng);
                    (random_board_like(rng, &target), target)
                };
                return Some(self.write(EightPairs::default(), pair));
            }
            _ => {}
        }
        let draw = match puzzle.sliding_sampler(options) {
            Ok(draw) => draw?,
            Err(error) => return Some(Err(error.into())),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut out = stdout();
        let written = (0..self.count)
            .try_for_each(|_| writeln!(out, "{}", draw(&mut rng)))
            .and_then(|()| out.flush());
        Some(written.map_err(|error| Error::Output(error).into()))
    }
}

impl Generate {
    /// A defined puzzle's random states, drawn uniformly from its moves' group (no
    /// table, however large the puzzle), each as a KPattern line or a scramble; `None`
    /// where the definition cannot be read (the opening says why) or, unless asked for
    /// scrambles, has no such group (its restrictions): its tables draw them.
    fn drawn_from_the_group(&self, options: &Options) -> Option<Result<(), Failure>> {
        let definition = Definition::read(options.definition.as_ref()?).ok()?;
        let puzzle = definition::Model::new(definition, options.moves.as_deref(), options.powers);
        let puzzle = puzzle.ok()?;
        let draw = match Draw::new(&puzzle) {
            Ok(draw) => draw,
            Err(why) if self.scramble => {
                return Some(Err(Failure::Usage(format!(
                    "--scramble draws from the moves' group, and this puzzle's is not its \
                     states: {why}"
                ))))
            }
            Err(_) => return None,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut out = stdout();
        let written = (0..self.count)
            .try_for_each(|_| match self.scramble {
                true => writeln!(out, "{}", turns_text(&draw.scrambled(&mut rng).1)),
                false => writeln!(out, "{}", kpattern(&puzzle, &draw.state(&mut rng))),
            })
            .and_then(|()| out.flush());
        Some(written.map_err(|error| Error::Output(error).into()))
    }

    /// Writes the cases `draw` draws, as `format` writes them.
    fn write<C: CaseReader>(
        &self,
        format: C,
        mut draw: impl FnMut(&mut ChaCha8Rng) -> C::Case,
    ) -> Result<(), Failure> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let cases = (0..self.count).map(|_| draw(&mut rng));
        let mut out = stdout();
        (format.write_cases(cases, self.count, &mut out))
            .and_then(|()| out.flush())
            .map_err(|error| Error::Output(error).into())
    }
}

impl Task for Generate {
    type Output = Result<(), Failure>;

    fn run<J: Judge>(self, judge: &J) -> Result<(), Failure> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let draw: CasesAt<'_, J::Case> = match self.length {
            None => Box::new(|rng| Ok(judge.random_case(rng))),
            Some(length) => judge
                .cases_at(length)
                .map_err(|e| Failure::Usage(e.to_string()))?,
        };
        // Drawn as they are written: any count in the same memory. A draw that fails
        // (a search past its limits) cuts the input short, and its error is reported.
        let mut failed = None;
        let cases = (0..self.count).map_while(|_| match draw(&mut rng) {
            Ok(case) => Some(case),
            Err(error) => {
                failed = Some(error);
                None
            }
        });
        let mut out = stdout();
        (judge.reader().write_cases(cases, self.count, &mut out))
            .and_then(|()| out.flush())
            .map_err(Error::Output)?;
        match failed {
            Some(error) => Err(error.into()),
            None => Ok(()),
        }
    }
}
