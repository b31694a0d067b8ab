//! Progress on stderr: a bar or spinner for a person at a terminal, nothing for a
//! pipe or a log, except the one line that says a build started and how it ended.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::Duration;

/// Work under way, shown while it lasts.
pub struct Progress {
    bar: ProgressBar,
    /// No spinner is drawn, and its line was written plainly: `finish` ends it.
    plain: bool,
}

fn target() -> ProgressDrawTarget {
    match io::stderr().is_terminal() {
        true => ProgressDrawTarget::stderr(),
        false => ProgressDrawTarget::hidden(),
    }
}

/// Work of unknown length, such as a table build. Also said without a terminal, on a
/// line that [`Progress::finish`] ends.
pub fn spinner(message: String) -> Progress {
    let bar = ProgressBar::with_draw_target(None, target()).with_style(
        ProgressStyle::with_template("tablesolve: {msg} {spinner} {elapsed}")
            .expect("a valid template"),
    );
    let plain = bar.is_hidden();
    if plain {
        eprint!("tablesolve: {message} ... ");
    }
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(100));
    Progress { bar, plain }
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
    Progress { bar, plain: false }
}

impl Progress {
    /// `steps` more done.
    pub fn inc(&self, steps: u64) {
        self.bar.inc(steps);
    }

    /// Clears the bar; a spinner's line ends with `outcome`.
    pub fn finish(self, outcome: std::fmt::Arguments) {
        if self.plain {
            eprintln!("{outcome}");
        } else if self.bar.length().is_none() {
            let message = self.bar.message();
            self.bar.finish_and_clear();
            eprintln!("tablesolve: {message} ... {outcome}");
        } else {
            self.bar.finish_and_clear();
        }
    }
}
