//! The 24-puzzle's bounds board by board, in one process: each board of FILE (a label,
//! then 25 values, towards Korf's goal) searched under 6-6-6-6 (the compound
//! catalogue's first split alone: Korf and Felner's partition), under compound, and
//! under the default, which takes the faster of the two iteration by iteration; each
//! search within SECONDS, the three taking turns board by board (the first of each
//! board's turn rotates) so that the machine's swings touch them alike. Writes a
//! Markdown row a board: the length (or `limit L`), nodes and seconds of each, and
//! whether the answers are the same, byte for byte.
//!
//! `cargo run --release --example bounds -- TABLES SECONDS FILE`
//!
//! The tables directory must hold the compound databases (`tablesolve --tables DIR
//! --partition compound stats twentyfour` builds them). `bench/bounds.md` holds runs.

use std::time::{Duration, Instant};

use tablesolve::moves::letters;
use tablesolve::search::{Choice, Limits, Outcome, Settings};
use tablesolve::sliding::{guided, Board, Partition, Sliding, SlidingOptions};
use tablesolve::TableDir;

/// The three ways, in the order of the table's columns.
const CHOICES: [(Choice, &str); 3] = [
    (Choice::Cheap, "6-6-6-6"),
    (Choice::Strong, "compound"),
    (Choice::Faster, "default"),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [tables, seconds, file] = &args[..] else {
        return Err("give TABLES SECONDS FILE".into());
    };
    let limit = Duration::from_secs_f64(seconds.parse()?);
    let goal = Board::<5, 5>::parse_goal("korf")?;
    let options = SlidingOptions {
        goal,
        partition: Some(Partition::Compound),
        ..SlidingOptions::default()
    };
    let tables = TableDir::new(tables);
    let solver = Sliding::open(&tables, options)?;
    let columns: Vec<&str> = CHOICES.iter().map(|(_, name)| *name).collect();
    println!(
        "| board | {} | same answers |",
        columns
            .iter()
            .map(|name| format!("{name}: length | nodes | seconds"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|{}---|", "---|---|---|".repeat(CHOICES.len()));
    let text = std::fs::read_to_string(file)?;
    for (turn, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let (label, values) = line
            .trim()
            .split_once(' ')
            .ok_or("a label, then the board")?;
        let start = Board::<5, 5>::parse_values(values)?;
        let mut rows = vec![String::new(); CHOICES.len()];
        let mut answers = vec![None; CHOICES.len()];
        for k in 0..CHOICES.len() {
            let which = (turn + k) % CHOICES.len();
            let settings = Settings {
                limits: Limits {
                    time: Some(limit),
                    ..Limits::default()
                },
                choice: CHOICES[which].0,
                ..Settings::new()
            };
            let clock = Instant::now();
            let outcome =
                guided::search(&solver.databases, &solver.splits, &start, &goal, &settings);
            let seconds = clock.elapsed().as_secs_f64();
            let (length, nodes) = match outcome {
                Outcome::Solved(found) => {
                    let length = found.moves.len().to_string();
                    answers[which] = Some(letters(&found.moves));
                    (length, found.nodes)
                }
                Outcome::Stopped(stopped) => {
                    (format!("limit {}", stopped.lower_bound), stopped.nodes)
                }
                Outcome::Unreachable { nodes } => ("unsolvable".to_owned(), nodes),
            };
            rows[which] = format!("{length} | {nodes} | {seconds:.2}");
        }
        let found: Vec<&String> = answers.iter().flatten().collect();
        let same = match found.split_first() {
            None => "none answered",
            Some((first, rest)) if rest.iter().all(|a| a == first) => "yes",
            Some(_) => "NO",
        };
        println!("| {label} | {} | {same} |", rows.join(" | "));
    }
    Ok(())
}
