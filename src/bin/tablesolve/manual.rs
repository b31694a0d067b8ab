//! The command's manual pages and shell completions, from the same definitions as
//! `--help`.

use std::io::Write;
use std::path::Path;

use clap::CommandFactory;
use tablesolve::Error;

use crate::{stdout, Cli, Failure};

/// Writes a completion script for `shell`.
pub fn shell_file(shell: clap_complete::Shell) -> Result<(), Failure> {
    let mut out = stdout();
    clap_complete::generate(shell, &mut Cli::command(), "tablesolve", &mut out);
    out.flush().map_err(|e| Error::Output(e).into())
}

/// Prints the manual page of the command or of one `subcommand`, or writes every page
/// into `dir`; all from the same definitions as `--help`.
pub fn manual(subcommand: Option<&str>, dir: Option<&Path>) -> Result<(), Failure> {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    if let Some(dir) = dir {
        // As `install -D` does: a man1 directory a user names need not exist yet.
        return std::fs::create_dir_all(dir)
            .and_then(|()| clap_mangen::generate_to(command, dir))
            .map_err(|source| {
                Failure::Error(Error::Open {
                    what: "manual directory",
                    path: dir.to_owned(),
                    source,
                })
            });
    }
    let page = match subcommand {
        None => command,
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
                return Err(Failure::Usage(format!(
                    "no subcommand {name:?}: choose one of {}",
                    names.join(", ")
                )));
            }
        },
    };
    let mut out = stdout();
    clap_mangen::Man::new(page)
        .render(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| Error::Output(e).into())
}
