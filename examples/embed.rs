//! Embeds tablesolve: opens the tables once, answers a few Rotation Game boards and an
//! 8-puzzle pair, and prints each board before and after its answer.
//!
//! `cargo run --example embed [TABLE_DIR]` (default `tables`, built there if missing).

use tablesolve::eight::Grid;
use tablesolve::rotation::Board;
use tablesolve::{Eight2, Rotation, TableDir};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "tables".into());
    let tables = TableDir::new(dir).build_missing(|_| eprintln!("(building missing tables)"));
    let rotation = Rotation::open(&tables)?;

    for text in [
        "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3",
        "3 1 2 1 2 2 1 2 3 2 1 3 1 3 2 1 3 3 2 3 1 1 3 2",
    ] {
        let mut board: Board = text.parse()?;
        let answer = rotation.solve(&board)?;
        println!("{board}");
        println!(
            "-> {} ({} moves), centre {}\n",
            answer.letters(),
            answer.len(),
            answer.digit
        );
        board.apply_all(&answer.moves);
        println!("{board}");
    }

    let eight2 = Eight2::open(&tables)?;
    let (start, target): (Grid, Grid) = ("564178X23".parse()?, "7568X4123".parse()?);
    match eight2.solve_pair(&start, &target)? {
        Some(moves) => {
            let letters = tablesolve::moves::letters(&moves);
            println!("{start}-> {letters}\n\n{target}");
        }
        None => println!("{start}cannot reach\n{target}"),
    }
    Ok(())
}
