//! Opening any puzzle of the catalogue by its name and options, and running a task on
//! its judge: the one place that knows which judge answers which puzzle, so that a
//! program serving every puzzle (the command, its tools) is written once, generic
//! over [`Judge`].

use super::options::{OptionError, OptionName, Options};
use super::Puzzle;
use crate::definition::{Asked, Def, DefOptions, Definition};
use crate::error::Error;
use crate::judge::{CrossCheck, EveryShortest, Format, Replay, Sample, SampleAt, Tables};
use crate::search::Limits;
use crate::sliding::Partition;
use crate::sliding::{random_board_like, Board, Progress};
use crate::table::{Mapped, TableDir};
use crate::{Eight, Eight2, Rotation, Sliding, SlidingOptions};

/// Everything a program serving any puzzle may ask of its judge. A judge is cheap to
/// clone (clones share its tables), so a server keeps one open and gives each request
/// its own, with that request's limits ([`Judge::within`]).
pub trait Judge:
    Format + Replay + CrossCheck + EveryShortest + Sample + SampleAt + Tables + Clone + Send + 'static
{
    /// How many cases a limit stopped since opening; only searches have limits.
    fn stopped_cases(&self) -> usize {
        0
    }

    /// How many cases a foresight stopped ([`crate::search::Limits::foresight`]), and
    /// the longest time one was foreseen to take; `None` where it stopped none.
    fn foreseen(&self) -> Option<(usize, std::time::Duration)> {
        None
    }

    /// The partition whose pattern databases guide the search, as given or chosen
    /// when opening; `None` where the answers come from an exact table.
    fn partition(&self) -> Option<&Partition> {
        None
    }

    /// Whether cases are answered by a search (which takes limits and time), not
    /// from exact tables.
    fn searches(&self) -> bool {
        self.partition().is_some()
    }

    /// The same judge, sharing its tables, whose searches keep within `limits` and
    /// tell `progress` where they stand, with its own count of stopped cases; only
    /// searches have limits, so the exact tables' judges are merely cloned.
    fn within(&self, limits: Limits, progress: Option<Progress>) -> Self {
        let _ = (limits, progress);
        self.clone()
    }
}

/// The bytes a judge's tables may be held in.
pub trait Bytes: AsRef<[u8]> + Clone + Send + Sync + 'static {}
impl<D: AsRef<[u8]> + Clone + Send + Sync + 'static> Bytes for D {}

impl<D: Bytes> Judge for Rotation<D> {}
impl<D: Bytes> Judge for Eight<D> {}
impl<D: Bytes> Judge for Eight2<D> {}

impl<D: Bytes, const W: usize, const H: usize> Judge for Sliding<D, W, H> {
    fn stopped_cases(&self) -> usize {
        Sliding::stopped_cases(self)
    }

    fn partition(&self) -> Option<&Partition> {
        Sliding::partition(self)
    }

    fn within(&self, limits: Limits, progress: Option<Progress>) -> Self {
        let judge = self.clone().with_limits(limits);
        match progress {
            Some(progress) => judge.with_progress(move |report| progress(report)),
            None => judge,
        }
    }
}

impl<D: Bytes> Judge for Def<D> {
    fn stopped_cases(&self) -> usize {
        Def::stopped_cases(self)
    }

    fn foreseen(&self) -> Option<(usize, std::time::Duration)> {
        self.budget().foreseen()
    }

    fn searches(&self) -> bool {
        Def::searches(self)
    }

    fn within(&self, limits: Limits, progress: Option<Progress>) -> Self {
        let judge = self.clone().with_limits(limits);
        match progress {
            Some(progress) => judge.with_progress(progress),
            None => judge,
        }
    }
}

/// Work to do with a puzzle's judge, whichever the puzzle: what [`Puzzle::open`] runs.
pub trait Task {
    /// What the work gives.
    type Output;

    /// Does the work with `judge`.
    fn run<J: Judge>(self, judge: &J) -> Self::Output;
}

impl Puzzle {
    /// Opens the puzzle's tables in `tables` as `options` say, and runs `task` on its
    /// judge: its searches (a sliding board's past its exact table, a defined puzzle's
    /// over its databases) tell [`Options::progress`] where they stand, within
    /// [`Options::limits`].
    ///
    /// ```
    /// use tablesolve::catalogue::{Judge, Options, Task};
    /// use tablesolve::{Puzzle, TableDir};
    ///
    /// /// How many states a puzzle's tables hold.
    /// struct States;
    ///
    /// impl Task for States {
    ///     type Output = u64;
    ///     fn run<J: Judge>(self, judge: &J) -> u64 {
    ///         judge.tables().iter().map(|(_, table)| table.header().states).sum()
    ///     }
    /// }
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let tables = TableDir::new(dir.path()).build_missing(|_| {});
    /// // The 2x3 boards of the goal's parity: 6!/2.
    /// let sliding = Options { size: Some((2, 3)), ..Options::default() };
    /// assert_eq!(Puzzle::Sliding.open(&tables, &sliding, States)?, 360);
    /// // The 8-puzzle's grids that reach 12345678x: 9!/2.
    /// assert_eq!(Puzzle::Eight.open(&tables, &Options::default(), States)?, 181_440);
    /// // The 8-puzzle has no goal to choose.
    /// let goal = Options { goal: Some("korf".into()), ..Options::default() };
    /// assert!(Puzzle::Eight.open(&tables, &goal, States).is_err());
    /// # Ok::<(), tablesolve::Error>(())
    /// ```
    pub fn open<T: Task>(
        self,
        tables: &TableDir,
        options: &Options,
        task: T,
    ) -> Result<T::Output, Error> {
        self.refuse_foreign(options)?;
        match self {
            Puzzle::Rotation => Ok(task.run(&Rotation::open(tables)?)),
            Puzzle::Eight => Ok(task.run(&Eight::open(tables)?)),
            Puzzle::Eight2 => Ok(task.run(&Eight2::open(tables)?)),
            Puzzle::Def => {
                let (definition, def_options) = options.read_definition()?;
                let mut def = Def::open(tables, definition, def_options)?;
                if let Some(progress) = &options.progress {
                    def = def.with_progress(progress.clone());
                }
                Ok(task.run(&def))
            }
            Puzzle::Fifteen | Puzzle::Twentyfour | Puzzle::Sliding => {
                let (w, h) = self.sliding_size(options.size)?;
                // Each size's board is its own type: the task runs inside, and its
                // output comes out here.
                let mut output = None;
                crate::for_size!(
                    (w, h),
                    open_sliding(tables, options, |board| output = Some(task.run(board))),
                    Err(OptionError::Size(w, h).into())
                )?;
                Ok(output.expect("the task runs once the board is open"))
            }
        }
    }

    /// Random boards of a sliding puzzle, each uniform among those that reach its goal
    /// and written as its input writes a case: drawn without opening the pattern
    /// databases, which only answering needs. The options are checked once, here.
    /// `None` for the other puzzles.
    pub fn sliding_sampler(self, options: &Options) -> Result<Option<BoardSampler>, Error> {
        if !self.is_sliding() {
            return Ok(None);
        }
        self.refuse_foreign(options)?;
        let (w, h) = self.sliding_size(options.size)?;
        fn sampler<const W: usize, const H: usize>(
            options: &Options,
        ) -> Result<BoardSampler, OptionError> {
            let goal = goal::<W, H>(options)?;
            Ok(Box::new(move |rng| {
                random_board_like(rng, &goal).values_text()
            }))
        }
        let sampler = crate::for_size!((w, h), sampler(options), Err(OptionError::Size(w, h)))?;
        Ok(Some(sampler))
    }

    /// Whether every database of `partition` for the board and goal `options` give is
    /// in `tables` (so that answering with it builds nothing); `false` for a puzzle
    /// that is no sliding board or a partition that does not fit it.
    pub fn partition_present(
        self,
        options: &Options,
        partition: &Partition,
        tables: &TableDir,
    ) -> bool {
        fn present<const W: usize, const H: usize>(
            options: &Options,
            partition: &Partition,
            tables: &TableDir,
        ) -> bool {
            let Ok(goal) = goal::<W, H>(options) else {
                return false;
            };
            partition.check(W * H).is_ok()
                && (partition.patterns(&goal).iter()).all(|pattern| tables.path(pattern).is_file())
        }
        let Ok((w, h)) = self.sliding_size(options.size).map_err(drop) else {
            return false;
        };
        self.is_sliding() && crate::for_size!((w, h), present(options, partition, tables), false)
    }

    /// What tells apart the judges `options` open, checked as opening checks them:
    /// equal for options that open the same judge (a goal by its name or spelled out;
    /// `fifteen` or `sliding --size 4x4`). Limits and progress, which every use of a
    /// judge sets for itself ([`Judge::within`]), are left out.
    pub fn opening_key(self, options: &Options) -> Result<String, Error> {
        self.refuse_foreign(options)?;
        if self == Puzzle::Def {
            let path = options
                .definition
                .as_ref()
                .ok_or(OptionError::NoDefinition)?;
            let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
            return Ok(format!(
                "def {}, moves {:?}, powers {:?}",
                path.display(),
                options.moves,
                options.powers
            ));
        }
        if !self.is_sliding() {
            return Ok(self.name().to_owned());
        }
        let (w, h) = self.sliding_size(options.size)?;
        fn goal_text<const W: usize, const H: usize>(
            options: &Options,
        ) -> Result<String, OptionError> {
            Ok(goal::<W, H>(options)?.values_text())
        }
        let goal = crate::for_size!((w, h), goal_text(options), Err(OptionError::Size(w, h)))?;
        let partition = options.partition.as_ref().map(Partition::name);
        Ok(format!(
            "sliding {w}x{h}, goal {goal}, partition {partition:?}, numbered {}",
            options.numbered
        ))
    }

    /// The first option in `options` that this puzzle does not take.
    fn refuse_foreign(self, options: &Options) -> Result<(), OptionError> {
        let given = [
            (options.goal.is_some(), OptionName::Goal, self.is_sliding()),
            (
                options.partition.is_some(),
                OptionName::Partition,
                self.is_sliding(),
            ),
            (options.numbered, OptionName::Numbered, self.is_sliding()),
            (
                options.limits.is_some(),
                OptionName::Limits,
                self.takes_limits(),
            ),
            (
                options.moves.is_some(),
                OptionName::Moves,
                self == Puzzle::Def,
            ),
            (
                options.powers.is_some(),
                OptionName::Powers,
                self == Puzzle::Def,
            ),
        ];
        if let Some(&(_, option, _)) = given.iter().find(|(given, _, taken)| *given && !taken) {
            return Err(OptionError::NotTaken {
                option,
                puzzle: self,
            });
        }
        if options.definition.is_some() && self != Puzzle::Def {
            return Err(OptionError::DefinitionNotFor(self));
        }
        match (self, options.size) {
            (Puzzle::Sliding, _) | (_, None) => Ok(()),
            (_, Some(_)) => Err(OptionError::SizeNotFor(self)),
        }
    }
}

/// Draws a random board, written as a case ([`Puzzle::sliding_sampler`]).
pub type BoardSampler = Box<dyn Fn(&mut dyn rand::RngCore) -> String + Send + Sync>;

/// The goal `options` give a `W` x `H` board: `--goal`'s, else the blank on the last cell.
impl Options {
    /// `def`'s definition, read from its file, and the options it opens with (the
    /// target pattern read from its file too).
    pub fn read_definition(&self) -> Result<(Definition, DefOptions), Error> {
        let path = (self.definition.as_ref()).ok_or(OptionError::NoDefinition)?;
        // A file that cannot be read is an unreadable file (exit 4), not a
        // faulty definition.
        let bytes = std::fs::read(path).map_err(|source| Error::Open {
            what: "definition",
            path: path.clone(),
            source,
        })?;
        let definition = Definition::parse_bytes(&bytes, &path.display().to_string())?;
        let goals = match &self.target_pattern {
            None => None,
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|source| Error::Open {
                    what: "target pattern",
                    path: path.clone(),
                    source,
                })?;
                Some(vec![definition.target(&text, &path.display().to_string())?])
            }
        };
        let def_options = DefOptions {
            moves: self.moves.clone(),
            powers: self.powers,
            limits: self.limits.clone().unwrap_or_default(),
            most_exact: None,
            most_database: None,
            memory: self.memory,
            exact: self.exact_tables,
            asked: Asked {
                min_cost: self.min_depth.unwrap_or(0),
                max_cost: self.max_depth,
                goals,
                ..Asked::default()
            },
            position_only: false,
        };
        Ok((definition, def_options))
    }
}

fn goal<const W: usize, const H: usize>(options: &Options) -> Result<Board<W, H>, OptionError> {
    match &options.goal {
        Some(text) => Board::parse_goal(text).map_err(|e| OptionError::Goal(e.to_string())),
        None => Ok(Board::canonical(W * H - 1)),
    }
}

/// Opens a `W` x `H` sliding board as `options` say and hands it to `run`.
fn open_sliding<const W: usize, const H: usize>(
    tables: &TableDir,
    options: &Options,
    run: impl FnOnce(&Sliding<Mapped, W, H>),
) -> Result<(), Error> {
    let goal = goal(options)?;
    if let Some(partition) = &options.partition {
        partition
            .check(W * H)
            .map_err(|e| OptionError::Partition(partition.clone(), e.to_string()))?;
    }
    let mut board = Sliding::open(
        tables,
        SlidingOptions {
            goal,
            partition: options.partition.clone(),
            numbered: options.numbered,
            limits: options.limits.clone().unwrap_or_default(),
        },
    )?;
    if let Some(progress) = &options.progress {
        let progress = progress.clone();
        board = board.with_progress(move |report| progress(report));
    }
    run(&board);
    Ok(())
}
