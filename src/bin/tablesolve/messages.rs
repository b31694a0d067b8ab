//! What the command says when it cannot go on: a command line clap refuses, worded
//! without tips that would not work, and what a user can do about an error.

use std::path::Path;
use std::process::ExitCode;

use clap::Subcommand;

use tablesolve::catalogue::{OptionError, OptionName};
use tablesolve::table::TableError;
use tablesolve::Error;

use crate::catalogue::Puzzle;

/// A command line clap refuses, said without tips that would not work: an option of
/// another puzzle named as such, a negative number as a value refused.
pub fn refused(error: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        // Help, version and the rest as clap words them.
        error.exit();
    }
    let invalid = match error.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => arg.clone(),
        _ => String::new(),
    };
    let args: Vec<String> = std::env::args().collect();
    let subcommand = (args.iter().skip(1)).find_map(|a| Puzzle::named(a));
    let flag = invalid.split('=').next().unwrap_or_default();
    let at = |found: &dyn Fn(&str) -> bool| args.iter().position(|a| found(a));
    let puzzle_at = at(&|a| Puzzle::named(a).is_some());
    let flag_at = at(&|a| a == flag || a.starts_with(&format!("{flag}=")));
    // A tool named before the puzzle: the option is the tool's to take.
    let tools = crate::Tool::augment_subcommands(clap::Command::new("tablesolve"));
    let tool = (args.iter().take(puzzle_at.unwrap_or(0))).find(|a| {
        tools
            .get_subcommands()
            .any(|tool| tool.get_name() == a.as_str())
    });
    let option = match flag {
        "--goal" => Some(OptionName::Goal),
        "--partition" => Some(OptionName::Partition),
        "--numbered" => Some(OptionName::Numbered),
        "--size" => Some(OptionName::Size),
        "--timeout" | "--max-nodes" => Some(OptionName::Limits),
        "--moves" => Some(OptionName::Moves),
        "--powers" => Some(OptionName::Powers),
        _ => None,
    };
    let message = match (option, subcommand) {
        // An option the puzzle takes, refused: a tool's that the tool does not take, or
        // given before the puzzle's name.
        (Some(option), Some(puzzle)) if option.is_for(puzzle) => match tool {
            Some(tool) => format!("{flag} is no option of {tool}"),
            None if flag_at < puzzle_at => {
                let name = puzzle.name();
                format!("{flag} is an option of {name}: give it after `{name}`")
            }
            None => OptionError::NotTaken { option, puzzle }.to_string(),
        },
        (Some(OptionName::Size), Some(puzzle)) => OptionError::SizeNotFor(puzzle).to_string(),
        (Some(option), Some(puzzle)) => OptionError::NotTaken { option, puzzle }.to_string(),
        _ if invalid.parse::<f64>().is_ok() => {
            let given = args.iter().position(|a| *a == invalid);
            let after = given
                .and_then(|i| i.checked_sub(1))
                .map(|i| args[i].as_str());
            format!(
                "{} {invalid}: a negative number is no value here",
                after.unwrap_or("")
            )
        }
        _ => {
            // clap's words, less its tip to pass the argument after `--`, which would
            // make it a file name.
            let rendered = error.render().to_string();
            let lines: Vec<&str> = rendered
                .lines()
                .filter(|l| !(l.contains("to pass '") && l.contains("use '-- ")))
                .collect();
            say!("{}", lines.join("\n").replace("\n\n\n", "\n\n"));
            return ExitCode::from(2);
        }
    };
    say!("tablesolve: {}", message.trim_start());
    ExitCode::from(2)
}

/// What the user can do about `error`, with this command's options.
pub fn advice(error: &Error, tables: &Path) -> String {
    match error {
        Error::Table(TableError::Missing { others, .. }) => format!(
            "; run again without --no-build to build {}",
            if *others == 0 { "it" } else { "them" }
        ),
        Error::Table(TableError::Damaged { path, .. } | TableError::Read { path, .. }) => format!(
            "; delete it (`rm {}`) and run again: missing tables are rebuilt on use",
            path.display()
        ),
        Error::Table(TableError::NotADirectory { .. }) => {
            "; give a directory with --tables DIR or TABLESOLVE_TABLES".to_owned()
        }
        Error::Table(TableError::Write { .. } | TableError::Unwritable { .. }) => {
            "; make the directory writable or choose another with --tables DIR".to_owned()
        }
        Error::Table(TableError::NoMemory { .. }) => {
            "; close other programs, raise the process's memory limit (ulimit -v, the \
             container's), or build ahead on a larger machine with build-tables and copy \
             the tables here"
                .to_owned()
        }
        Error::Table(TableError::NoRoom { .. }) => {
            "; free some space there or choose another directory with --tables DIR".to_owned()
        }
        Error::Table(TableError::TooLarge { .. } | TableError::TooLargeInMemory { .. }) => {
            "; choose a smaller partition".to_owned()
        }
        Error::Table(TableError::Inconsistent { .. }) => format!(
            "; delete the tables in {} and run again: missing tables are rebuilt on use",
            tables.display()
        ),
        _ => String::new(),
    }
}
