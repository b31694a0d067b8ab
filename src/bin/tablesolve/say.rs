//! What the command says on standard error, said so that a closed standard error
//! never stops it.

/// Writes a line to standard error as `eprintln!` does, but where standard error is
/// closed (`2>&1 | head -1`) goes on rather than panicking: what is said there is
/// never worth the answers still to be written.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// As `say!`, with no line end.
macro_rules! say_part {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}
