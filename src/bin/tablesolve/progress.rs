//! Progress on stderr: a bar for a person at a terminal, nothing for a pipe or a log,
//! except the one line that says a build started and how it ended.

use indicatif::{HumanCount, MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};
use tablesolve::search::Report;
use tablesolve::table::BuildNote;
use tablesolve::TableDir;

/// How often a build's bar is drawn.
const TICK: Duration = Duration::from_millis(200);

/// Work under way, shown while it lasts.
pub struct Progress {
    bar: ProgressBar,
    /// The work is a build, whose line ends with its outcome.
    build: bool,
}

fn target() -> ProgressDrawTarget {
    match io::stderr().is_terminal() {
        true => ProgressDrawTarget::stderr(),
        false => ProgressDrawTarget::hidden(),
    }
}

/// `dir`, building missing tables with each build shown: what it costs, said before it
/// starts (on a pipe as at a terminal), its bar, how it ended; and the tables it leaves
/// unbuilt for the cases, and why.
pub fn builds_shown(dir: TableDir) -> TableDir {
    let bar = Mutex::new(None);
    dir.build_missing(move |note| {
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        match note {
            BuildNote::Started { paths, work, cost } => {
                // What the build costs, said before it starts, on a pipe as at a terminal.
                let message = format!("building missing tables {} ({cost})", listed(paths));
                *bar = Some(build(message, work));
            }
            BuildNote::Advanced(steps) => {
                if let Some(bar) = bar.as_ref() {
                    bar.inc(steps);
                }
            }
            BuildNote::Resumed(steps) => {
                if let Some(bar) = bar.as_ref() {
                    bar.resumed(steps);
                }
            }
            BuildNote::Deferred {
                paths,
                cost,
                within,
            } => {
                say!(
                    "tablesolve: not building tables {} ({cost}): longer than a case may take \
                     ({} s: its --timeout, else the {} min of a case given no limit), so \
                     the cases are searched without them; build them ahead with \
                     build-tables, or give a --timeout long enough",
                    listed(paths),
                    within.as_secs_f64(),
                    crate::options::FORESIGHT.as_secs() / 60
                );
            }
            BuildNote::Finished(took) => {
                if let Some(bar) = bar.take() {
                    bar.finish(format_args!("done in {:.2} s", took.as_secs_f64()));
                }
            }
            BuildNote::Failed => {
                if let Some(bar) = bar.take() {
                    bar.finish(format_args!("failed"));
                }
            }
        }
    })
}

/// Tables' files, as a list in a sentence.
fn listed(paths: &[std::path::PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(", ")
}

/// A table build of `work` steps: a bar with the percent done and the time left. Also
/// said without a terminal, on a line that [`Progress::finish`] ends.
pub fn build(message: String, work: u64) -> Progress {
    let bar = ProgressBar::with_draw_target(Some(work), target()).with_style(
        ProgressStyle::with_template(
            "tablesolve: {msg}\n[{bar:40}] {percent:>3}% in {elapsed}, about {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    if bar.is_hidden() {
        say_part!("tablesolve: {message} ... ");
    }
    bar.set_message(message);
    bar.enable_steady_tick(TICK);
    Progress { bar, build: true }
}

/// Work of `len` steps; drawn only at a terminal.
pub fn bar(len: u64, message: String) -> Progress {
    let bar = ProgressBar::with_draw_target(Some(len), target()).with_style(
        ProgressStyle::with_template(
            "tablesolve: {msg} [{bar:30}] {human_pos}/{human_len} {elapsed}, {eta} left",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar.set_message(message);
    Progress { bar, build: false }
}

impl Progress {
    /// `steps` more done.
    pub fn inc(&self, steps: u64) {
        self.bar.inc(steps);
    }

    /// `steps` more done by an earlier run, taken up now: the time left is then
    /// reckoned afresh, from the work done from here on.
    pub fn resumed(&self, steps: u64) {
        // A steady tick feeds the estimate what `inc` adds since the last tick: the
        // steps are drawn at once, and the estimate reset after them.
        self.bar.disable_steady_tick();
        self.bar.inc(steps);
        self.bar.tick();
        self.bar.reset_eta();
        self.bar.enable_steady_tick(TICK);
    }

    /// Clears the bar; a build's line ends with `outcome`.
    pub fn finish(self, outcome: std::fmt::Arguments) {
        let hidden = self.bar.is_hidden();
        let message = self.bar.message();
        self.bar.finish_and_clear();
        match (self.build, hidden) {
            (false, _) => {}
            (true, true) => say!("{outcome}"),
            (true, false) => say!("tablesolve: {message} ... {outcome}"),
        }
    }
}

/// Where each search under way stands, a line each at a terminal, labelled with its
/// case: shown once a search has run for a second (quick cases draw nothing), gone
/// when it ends. One for the process ([`searches`]), so that answers written to
/// standard output go above the lines ([`above_searches`]) rather than onto them.
pub struct SearchStatus {
    lines: MultiProgress,
    /// The line of each search shown, in the order of their cases, and when it was
    /// last redrawn (milliseconds since `made`).
    shown: Mutex<BTreeMap<Labelled, (ProgressBar, u64)>>,
    /// When any line was last redrawn: reports from every thread of every search are
    /// let through to the lock only so often.
    drawn: AtomicU64,
    made: Instant,
}

/// A search by its case, then its number ([`Report::case`], [`Report::search`]).
type Labelled = (Option<usize>, u64);

/// The process's search lines (hidden when stderr is not a terminal).
pub fn searches() -> &'static SearchStatus {
    static STATUS: OnceLock<SearchStatus> = OnceLock::new();
    STATUS.get_or_init(|| SearchStatus {
        lines: MultiProgress::with_draw_target(target()),
        shown: Mutex::new(BTreeMap::new()),
        drawn: AtomicU64::new(0),
        made: Instant::now(),
    })
}

impl SearchStatus {
    /// Shows `report`, a search's, if it has run for a second; clears its line once it
    /// has ended.
    pub fn show(&self, report: Report) {
        let seconds = report.elapsed.as_secs_f64();
        if self.lines.is_hidden() || (seconds < 1.0 && !report.finished) {
            return;
        }
        // Searches report every few thousand nodes a thread.
        let now = self.made.elapsed().as_millis() as u64;
        if !report.finished && now < self.drawn.load(Ordering::Relaxed) + 20 {
            return;
        }
        self.drawn.store(now, Ordering::Relaxed);
        let key = (report.case, report.search);
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        if report.finished {
            if let Some((line, _)) = shown.remove(&key) {
                line.finish_and_clear();
                self.lines.remove(&line);
            }
            return;
        }
        if shown.get(&key).is_some_and(|&(_, drawn)| now < drawn + 200) {
            return;
        }
        let at = shown.range(..key).count();
        let (line, drawn) = shown.entry(key).or_insert_with(|| {
            let line = self.lines.insert(at, ProgressBar::new_spinner());
            line.set_style(
                ProgressStyle::with_template("tablesolve: {spinner} {msg}")
                    .expect("a valid template"),
            );
            line.enable_steady_tick(Duration::from_millis(200));
            (line, now)
        });
        *drawn = now;
        let case = report
            .case
            .map(|n| format!("case {n}: "))
            .unwrap_or_default();
        line.set_message(format!(
            "{case}searching at bound {}: {} nodes, {:.1} M nodes/s, {seconds:.0} s",
            report.bound,
            HumanCount(report.nodes),
            report.nodes as f64 / seconds / 1e6,
        ));
    }

    /// Clears every line.
    pub fn finish(&self) {
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        for (line, _) in std::mem::take(&mut *shown).into_values() {
            line.finish_and_clear();
            self.lines.remove(&line);
        }
    }
}

/// `output` (standard output) written above the search lines: they are cleared while
/// it writes to the terminal, and drawn again below.
pub fn above_searches<W: Write>(output: W) -> AboveSearches<W> {
    AboveSearches {
        output,
        terminal: io::stdout().is_terminal(),
    }
}

/// A writer whose text goes above the search lines ([`above_searches`]).
pub struct AboveSearches<W> {
    output: W,
    /// Standard output is a terminal, where the lines are too.
    terminal: bool,
}

impl<W: Write> Write for AboveSearches<W> {
    fn write(&mut self, text: &[u8]) -> io::Result<usize> {
        match self.terminal {
            true => searches().lines.suspend(|| self.output.write(text)),
            false => self.output.write(text),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.terminal {
            true => searches().lines.suspend(|| self.output.flush()),
            false => self.output.flush(),
        }
    }
}
