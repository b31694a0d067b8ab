//! Progress on stderr: a bar for a person at a terminal, nothing for a pipe or a log,
//! except the one line that says a build started and how it ended.

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablesolve::search::Report;

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
        eprint!("tablesolve: {message} ... ");
    }
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(200));
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

    /// Clears the bar; a build's line ends with `outcome`.
    pub fn finish(self, outcome: std::fmt::Arguments) {
        let hidden = self.bar.is_hidden();
        let message = self.bar.message();
        self.bar.finish_and_clear();
        match (self.build, hidden) {
            (false, _) => {}
            (true, true) => eprintln!("{outcome}"),
            (true, false) => eprintln!("tablesolve: {message} ... {outcome}"),
        }
    }
}

/// Where the longest search under way stands, on one line at a terminal: shown once a
/// search has run for a second, so that quick cases draw nothing.
#[derive(Clone)]
pub struct SearchStatus {
    bar: ProgressBar,
    /// When the line was last redrawn, in milliseconds since it was made.
    drawn: Arc<AtomicU64>,
    made: Instant,
}

/// A line for searches' progress (hidden when stderr is not a terminal).
pub fn search() -> SearchStatus {
    let bar = ProgressBar::with_draw_target(None, target()).with_style(
        ProgressStyle::with_template("tablesolve: {spinner} {msg}").expect("a valid template"),
    );
    SearchStatus {
        bar,
        drawn: Arc::new(AtomicU64::new(0)),
        made: Instant::now(),
    }
}

impl SearchStatus {
    /// Shows `report`, a search's, if it has run for a second.
    pub fn show(&self, report: Report) {
        let seconds = report.elapsed.as_secs_f64();
        if seconds < 1.0 || self.bar.is_hidden() {
            return;
        }
        // Searches report every few thousand nodes: redraw five times a second.
        let now = self.made.elapsed().as_millis() as u64;
        let drawn = self.drawn.load(Ordering::Relaxed);
        if now < drawn + 200
            || self
                .drawn
                .compare_exchange(drawn, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        if drawn == 0 {
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
        self.bar.set_message(format!(
            "searching at bound {}: {} nodes, {:.1} M nodes/s, {seconds:.0} s",
            report.bound,
            HumanCount(report.nodes),
            report.nodes as f64 / seconds / 1e6,
        ));
    }

    /// Clears the line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
