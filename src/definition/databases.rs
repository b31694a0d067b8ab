//! The pattern databases a defined puzzle's search is bounded by, in sizes: the
//! smallest built at once (milliseconds, where ksolve+ answers its scrambles in a
//! second), larger ones only when a search shows it needs them, having run through half
//! as many nodes as the next size has entries, or when they are on disk already (built
//! before, or ahead by `build-tables`). A first use then costs what the work asked for
//! costs: five short scrambles of a 3x3x3 never wait for the databases of its hardest
//! positions.
//!
//! A puzzle whose whole space would fit exact tables starts here too, unless they are
//! on disk or small: the exact tables are the last stage, built once the searches of
//! all its cases together have run through a quarter as many nodes as they have
//! states (a node ranks several databases; a state of their own search, one view). A few
//! scrambles of the 2x2x2 are then searched in milliseconds; a batch of thousands
//! builds its table early and walks it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::lookups::Lookups;
use super::space::Viewed;
use crate::error::Error;
use crate::search::{Outcome, Reason, Settings};
use crate::table::Table;

/// The database sizes, each the most entries of one database: tiny ones built in
/// milliseconds, small ones in a second or two, large ones in seconds to minutes for
/// the largest puzzles, and larger ones where the memory budget holds them: the
/// 3x3x3's groups of seven edges (a minute on two cores), of eight (5.1 G entries,
/// seven minutes).
pub const SIZES: [u64; 6] = [1 << 16, 1 << 20, 1 << 27, 1 << 29, 1 << 31, 1 << 33];

/// A search runs through at least this many nodes before larger databases are built:
/// a fraction of a second on two cores, where a case the tiny ones answer slowly
/// soon has the small ones (the large ones wait for half their entries in nodes).
pub const LEAST_BUDGET: u64 = 1_000_000;

/// The searches on a size run through this many nodes together before the images to
/// look its databases up at too are chosen: choosing looks a few hundred states up at
/// every symmetry, milliseconds that are more than a short scramble's whole search.
/// A search stopped here to choose them starts again, having lost at most as many.
pub const LOOKUPS_AFTER: u64 = 100_000;

/// Each goal's databases of one size.
pub type Bounds<D> = Vec<Vec<Viewed<D>>>;

/// How the databases of a size are made: planned, built if missing, mapped.
pub type Build<D> = Box<dyn Fn(u64) -> Result<Bounds<D>, Error> + Send + Sync>;

/// The seconds building the missing databases of a size (the most entries of one)
/// should take: asked only by a case with a time limit (or a foresight) that runs
/// through its budget of nodes or is foreseen too long, once a size.
pub type Estimate = Box<dyn Fn(u64) -> f64 + Send + Sync>;

/// Exact tables: each a view's distances, and the walks beside the one table, if kept.
pub type Exact<D> = (Vec<Viewed<D>>, Option<Table<D>>);

/// How the exact tables are made: built if missing, mapped.
pub type BuildExact<D> = Box<dyn Fn() -> Result<Exact<D>, Error> + Send + Sync>;

/// The exact tables a search's puzzle grows into.
struct ExactStage<D> {
    /// Their states together: a quarter of them, the nodes searched before they are
    /// built.
    states: u64,
    /// The seconds building them should take: a case with less time left does not
    /// wait for them.
    seconds: f64,
    /// Built (`Some`), or given up (`None`: building them failed or is not allowed).
    built: OnceLock<Option<Exact<D>>>,
    build: BuildExact<D>,
}

/// One size of databases.
struct Size<D> {
    /// The most entries of one database.
    most: u64,
    /// The entries of all of them together.
    entries: u64,
    /// The seconds building those missing should take, once asked.
    seconds: OnceLock<f64>,
    built: OnceLock<Bounds<D>>,
    /// The images its searches look it up at too, chosen once.
    lookups: OnceLock<Lookups>,
    /// The nodes searched on it before those are chosen.
    unchosen: AtomicU64,
}

/// One size of databases as planned.
#[derive(Clone, Copy, Debug)]
pub struct Sizing {
    /// The most entries of one database.
    pub most: u64,
    /// The entries of all of them together.
    pub entries: u64,
}

/// A search's databases, size by size.
pub struct Databases<D> {
    sizes: Vec<Size<D>>,
    build: Build<D>,
    estimate: Estimate,
    growing: Mutex<()>,
    exact: Option<ExactStage<D>>,
    /// Nodes searched over every case so far.
    spent: AtomicU64,
}

impl<D> Databases<D> {
    /// Databases of the sizes `sizes` (smallest first), the `first` of them built (the
    /// largest whose tables are all on disk, else the smallest), the others built by
    /// `build` when a search needs them (and has the time `estimate` says they take).
    pub fn new(
        sizes: &[Sizing],
        first: (usize, Bounds<D>),
        build: Build<D>,
        estimate: Estimate,
    ) -> Self {
        let sizes: Vec<Size<D>> = (sizes.iter())
            .map(|size| Size {
                most: size.most,
                entries: size.entries,
                seconds: OnceLock::new(),
                built: OnceLock::new(),
                lookups: OnceLock::new(),
                unchosen: AtomicU64::new(0),
            })
            .collect();
        let (at, bounds) = first;
        let _ = sizes[at].built.set(bounds);
        Databases {
            sizes,
            build,
            estimate,
            growing: Mutex::new(()),
            exact: None,
            spent: AtomicU64::new(0),
        }
    }

    /// The same, growing into the exact tables of `states` states that `build` makes
    /// (in about `seconds`) once the searches have run through as many nodes.
    pub fn with_exact(mut self, states: u64, seconds: f64, build: BuildExact<D>) -> Self {
        self.exact = Some(ExactStage {
            states,
            seconds,
            built: OnceLock::new(),
            build,
        });
        self
    }

    /// The exact tables, once grown into.
    pub fn exact(&self) -> Option<&Exact<D>> {
        self.exact.as_ref()?.built.get()?.as_ref()
    }

    /// Counts `nodes` searched; once the searches have run through a quarter as many
    /// as the exact tables have states, builds those, unless the case has less time
    /// `left` than that takes (where building them fails, the cases go on being
    /// searched).
    fn spend(&self, nodes: u64, left: Option<Duration>) {
        let Some(exact) = &self.exact else {
            return;
        };
        let spent = self.spent.fetch_add(nodes, Ordering::Relaxed) + nodes;
        // A node ranks every database's parts where a state of the tables' own
        // breadth-first search ranks one view: a node costs some four states.
        let fits = left.is_none_or(|left| exact.seconds <= left.as_secs_f64());
        if spent >= exact.states / 4 && fits && exact.built.get().is_none() {
            let _one_at_a_time = crate::parallel::lock(&self.growing);
            exact.built.get_or_init(|| (exact.build)().ok());
        }
    }

    /// The largest databases built.
    pub fn current(&self) -> &Bounds<D> {
        self.built(self.current_at())
    }

    /// The current databases and the images to look them up at too, made by
    /// `lookups` the first time.
    pub(super) fn current_lookups(
        &self,
        lookups: impl FnOnce(&Bounds<D>) -> Lookups,
    ) -> (&Bounds<D>, &Lookups) {
        self.lookups_at(self.current_at(), lookups)
    }

    /// The databases of size `at` (built) and the images to look them up at too.
    fn lookups_at(
        &self,
        at: usize,
        lookups: impl FnOnce(&Bounds<D>) -> Lookups,
    ) -> (&Bounds<D>, &Lookups) {
        let bounds = self.built(at);
        (
            bounds,
            self.sizes[at].lookups.get_or_init(|| lookups(bounds)),
        )
    }

    fn built(&self, at: usize) -> &Bounds<D> {
        self.sizes[at].built.get().expect("built")
    }

    /// Where the largest size built stands among the sizes.
    fn current_at(&self) -> usize {
        (self.sizes.iter())
            .rposition(|size| size.built.get().is_some())
            .expect("one size is built from the start")
    }

    /// The nodes a search may run through on the databases of size `at` before the
    /// next size is worth building (`None` where `at` is the largest).
    fn budget(&self, at: usize) -> Option<u64> {
        let next = self.sizes.get(at + 1)?;
        // Building a database takes longer an entry than a search takes a node, and
        // the larger databases prune exponentially more: half as many nodes as they
        // have entries.
        Some((next.entries / 2).max(LEAST_BUDGET))
    }

    /// Whether the size after `at` should be built within the time `left` once its
    /// estimate is made (`None`: any time).
    fn next_fits(&self, at: usize, left: impl Fn() -> Option<Duration>) -> bool {
        let Some(next) = self.sizes.get(at + 1) else {
            return false;
        };
        if left().is_none() {
            return true;
        }
        let seconds = *next.seconds.get_or_init(|| (self.estimate)(next.most));
        left().is_none_or(|left| seconds <= left.as_secs_f64())
    }

    /// Whether the size after `at` is known not to be built within `left`: its
    /// estimate made already, by this case or another, and longer.
    fn known_too_long(&self, at: usize, left: Option<Duration>) -> bool {
        let seconds = self.sizes.get(at + 1).and_then(|next| next.seconds.get());
        seconds
            .zip(left)
            .is_some_and(|(&seconds, left)| seconds > left.as_secs_f64())
    }

    /// Builds the size after `at`, the one a search outgrew, unless another search
    /// outgrew it first: searches still running on `at` when the next size is built
    /// have not shown that the size after that is needed.
    fn grow(&self, at: usize) -> Result<(), Error> {
        let _one_at_a_time = crate::parallel::lock(&self.growing);
        if self.current_at() > at {
            return Ok(());
        }
        if let Some(next) = self.sizes.get(at + 1) {
            let bounds = (self.build)(next.most)?;
            let _ = next.built.set(bounds);
        }
        Ok(())
    }

    /// The images to look the databases of size `at` up at too: those chosen, else
    /// chosen by `lookups` once the searches on the size have run through
    /// [`LOOKUPS_AFTER`] nodes (or `now`); `Err` with the nodes a search may run
    /// through before then.
    fn chosen_at(
        &self,
        at: usize,
        now: bool,
        lookups: impl FnOnce(&Bounds<D>) -> Lookups,
    ) -> Result<&Lookups, u64> {
        let searched = self.sizes[at].unchosen.load(Ordering::Relaxed);
        match LOOKUPS_AFTER.saturating_sub(searched) {
            left if left > 0 && !now && self.sizes[at].lookups.get().is_none() => Err(left),
            _ => Ok(self.lookups_at(at, lookups).1),
        }
    }

    /// `search` run on the databases (and the images `lookups` chooses to look them up
    /// at too) under `settings`; where it runs through their budget of nodes, or is
    /// foreseen to take longer than its foresight
    /// ([`crate::search::Limits::foresight`]), the next size built and `search` run
    /// again, the limits counting what each run took.
    /// The next size's build is weighed against the time the case has left (its time
    /// limit, else its foresight) once a budget is run through or a search foreseen
    /// too long (or at once, where its estimate is made already): where it should take
    /// longer, it is not built for the case, which is searched again to its own limits
    /// on the databases it has (a case foreseen too long is stopped so). Until the images are worth choosing
    /// ([`LOOKUPS_AFTER`]) a search looks up the position only, and where it runs that
    /// far, starts again with them. The outcome's nodes (`nodes` of a found `T`) are
    /// those of every run, and a stopped case's bound the largest any run proved; the
    /// nodes count towards the exact tables the databases grow into.
    pub fn searched<'a, T>(
        &self,
        settings: impl Fn() -> Settings<'a>,
        nodes: impl Fn(&mut T) -> &mut u64,
        lookups: impl Fn(&Bounds<D>) -> Lookups,
        search: impl Fn(&Bounds<D>, &Lookups, &Settings) -> Outcome<T>,
    ) -> Result<Outcome<T>, Error> {
        const POSITION_ONLY: Lookups = Lookups::none();
        let started = std::time::Instant::now();
        // The nodes of the runs cut short, and the bound they proved.
        let (mut spent, mut proved) = (0u64, 0u32);
        // Whether the images are chosen before the next run; the size whose next one
        // proved too long to build for this case.
        let (mut choose, mut unbudgeted) = (false, None);
        loop {
            let mut settings = settings();
            // A case given no time but a foresight builds nothing longer than it.
            let allowance = settings.limits.allowance();
            let left = || allowance.map(|a| a.saturating_sub(started.elapsed()));
            let at = self.current_at();
            // No budget where the next size is too long to build for this case: the
            // search runs to the case's own limits.
            let too_long = unbudgeted == Some(at) || self.known_too_long(at, left());
            let budget = self.budget(at).filter(|_| !too_long);
            let chosen = self.chosen_at(at, choose, &lookups);
            let (bounds, until_images) = (self.built(at), chosen.err());
            // What the case has left once the estimate and the lookups are made.
            let limits = &mut settings.limits;
            let elapsed = started.elapsed();
            limits.nodes = limits.nodes.map(|n| n.saturating_sub(spent));
            limits.time = limits.time.map(|t| t.saturating_sub(elapsed));
            limits.wall_time = limits.wall_time.map(|t| t.saturating_sub(elapsed));
            limits.foresight = limits.foresight.map(|t| t.saturating_sub(elapsed));
            let asked = limits.nodes;
            let cut = [budget, until_images].into_iter().flatten().min();
            if let Some(cut) = cut {
                limits.nodes = Some(asked.map_or(cut, |n| n.min(cut)));
            }
            let mut outcome = search(bounds, chosen.unwrap_or(&POSITION_ONLY), &settings);
            let ran = match &mut outcome {
                Outcome::Solved(found) => *nodes(found),
                Outcome::Unreachable { nodes } => *nodes,
                Outcome::Stopped(stopped) => stopped.nodes,
            };
            self.spend(ran, left());
            if until_images.is_some() {
                self.sizes[at].unchosen.fetch_add(ran, Ordering::Relaxed);
            }
            // A search foreseen too long on this size goes on to the next, where
            // another case has built it meanwhile or its build fits the case's time,
            // as one that ran through its budget does.
            let foreseen_here = matches!(&outcome, Outcome::Stopped(stopped)
                if matches!(stopped.reason, Reason::Foreseen(_))
                    && (self.current_at() > at || !too_long && self.next_fits(at, left)));
            let cut_short = foreseen_here
                || match (&outcome, cut) {
                    (Outcome::Stopped(stopped), Some(cut)) => {
                        stopped.reason == Reason::Nodes && asked.is_none_or(|n| cut < n)
                    }
                    _ => false,
                };
            if !cut_short {
                // The case's nodes and bound are those of every run it took.
                match &mut outcome {
                    Outcome::Solved(found) => *nodes(found) += spent,
                    Outcome::Unreachable { nodes } => *nodes += spent,
                    Outcome::Stopped(stopped) => {
                        stopped.nodes += spent;
                        stopped.lower_bound = stopped.lower_bound.max(proved);
                        // Foreseen from the case's start, not this run's.
                        if let Reason::Foreseen(end) = &mut stopped.reason {
                            *end = end.saturating_add(elapsed);
                        }
                    }
                }
                return Ok(outcome);
            }
            spent += ran;
            if let Outcome::Stopped(stopped) = &outcome {
                proved = proved.max(stopped.lower_bound);
            }
            // A search foreseen too long will need the images on the next size too.
            choose = foreseen_here || until_images == cut;
            // Foreseen too long where the next size is built or fits: on to it. Cut
            // short by the budget, not only to choose the images: outgrown, unless
            // another case has grown the databases meanwhile. Only then (or when
            // foreseen too long) is the next size's build weighed against the time left
            // (its estimate takes a while on puzzles of many databases): where it does
            // not fit, the case starts again without a budget.
            if foreseen_here {
                self.grow(at)?;
            } else if budget.is_some() && budget == cut && self.current_at() == at {
                match self.next_fits(at, left) {
                    true => self.grow(at)?,
                    false => unbudgeted = Some(at),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
