//! Progress on stderr: a bar for a person at a terminal, nothing for a pipe or a log,
//! except the one line that says a build started and how it ended.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::Duration;

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
