//! Move sequences in cubing.js's alg notation, as KPuzzle's `derivedMoves` write them
//! and as scrambles may: moves with amounts (`R`, `U2`, `F'`, `R2'`), groups with an
//! amount (`(R U)2`), commutators (`[R, U]` is `R U R' U'`) and conjugates (`[R: U]`
//! is `R U R'`), `.` a pause that does nothing. Layer prefixes (`2R`) are not read:
//! a definition names each move it has.

use super::{Action, Set};

/// Why an alg cannot be read or done: the byte offset in its text, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlgError {
    /// Where in the text (a byte offset from 0).
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

/// A part of an alg.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Unit {
    /// A move by name, done `amount` times (negative: undone); `token` the name and
    /// amount as written.
    Move {
        name: String,
        amount: i64,
        offset: usize,
        token: String,
    },
    /// A sequence done `amount` times.
    Group(Vec<Unit>, i64),
    /// `[a, b]` done `amount` times.
    Commutator(Vec<Unit>, Vec<Unit>, i64),
    /// `[a: b]` done `amount` times.
    Conjugate(Vec<Unit>, Vec<Unit>, i64),
}

/// The action `text` does, its moves named by `named` (a move's action, or `None`
/// for a name the puzzle does not have).
pub fn action<'a>(
    text: &str,
    sets: &[Set],
    named: &dyn Fn(&str) -> Option<&'a Action>,
) -> Result<Action, AlgError> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        pos: 0,
    };
    let units = reader.sequence(0)?;
    reader.space();
    if reader.pos < reader.bytes.len() {
        let c = char::from(reader.bytes[reader.pos]);
        return Err(reader.error(format!("`{c}` here does not belong to an alg")));
    }
    done(&units, sets, named)
}

/// The action of `units` in turn.
fn done<'a>(
    units: &[Unit],
    sets: &[Set],
    named: &dyn Fn(&str) -> Option<&'a Action>,
) -> Result<Action, AlgError> {
    let mut action = Action::identity(sets);
    for unit in units {
        let (part, amount) = match unit {
            Unit::Move {
                name,
                amount,
                offset,
                token,
            } => {
                // A move's own name may end in digits (cubing.js's 4D puzzle names `U2`
                // a move of its own): the whole token first, then the name with its
                // amount, then the name with its digits, undone by a `'`.
                let digits = token.trim_end_matches('\'');
                let once = if token.ends_with('\'') { -1 } else { 1 };
                let (part, amount) = match (named(token), named(name), named(digits)) {
                    (Some(whole), _, _) => (whole, 1),
                    (None, Some(part), _) => (part, *amount),
                    (None, None, Some(part)) => (part, once),
                    (None, None, None) => {
                        return Err(AlgError {
                            offset: *offset,
                            message: format!("`{name}` is no move of this puzzle"),
                        })
                    }
                };
                (part.clone(), amount)
            }
            Unit::Group(inner, amount) => (done(inner, sets, named)?, *amount),
            Unit::Commutator(a, b, amount) => {
                let (a, b) = (done(a, sets, named)?, done(b, sets, named)?);
                let ab = a.then(&b, sets);
                let undone = a.inverse(sets).then(&b.inverse(sets), sets);
                (ab.then(&undone, sets), *amount)
            }
            Unit::Conjugate(a, b, amount) => {
                let a = done(a, sets, named)?;
                let b = done(b, sets, named)?;
                (a.then(&b, sets).then(&a.inverse(sets), sets), *amount)
            }
        };
        action = action.then(&repeated(&part, amount, sets), sets);
    }
    Ok(action)
}

/// `action` done `amount` times (undone, for a negative amount).
fn repeated(action: &Action, amount: i64, sets: &[Set]) -> Action {
    let once = match amount < 0 {
        true => action.inverse(sets),
        false => action.clone(),
    };
    match amount.unsigned_abs() {
        0 => Action::identity(sets),
        times => once.power(times as usize, sets),
    }
}

/// The most times an alg may repeat a part: past it, the amount is refused rather than
/// done.
const MOST_AMOUNT: i64 = 1000;

/// The deepest nesting of groups, commutators and conjugates read.
const DEEPEST: usize = 32;

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn error(&self, message: impl Into<String>) -> AlgError {
        AlgError {
            offset: self.pos,
            message: message.into(),
        }
    }

    fn space(&mut self) {
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace() || *b == b'.')
        {
            self.pos += 1;
        }
    }

    /// Units up to a closing bracket, `,`, `:` or the end.
    fn sequence(&mut self, depth: usize) -> Result<Vec<Unit>, AlgError> {
        if depth > DEEPEST {
            return Err(self.error(format!("nested deeper than {DEEPEST} brackets")));
        }
        let mut units = Vec::new();
        loop {
            self.space();
            match self.bytes.get(self.pos) {
                None | Some(b')' | b']' | b',' | b':') => return Ok(units),
                Some(b'(') => {
                    self.pos += 1;
                    let inner = self.sequence(depth + 1)?;
                    self.close(b')')?;
                    units.push(Unit::Group(inner, self.amount()?));
                }
                Some(b'[') => {
                    self.pos += 1;
                    let a = self.sequence(depth + 1)?;
                    let conjugate = match self.bytes.get(self.pos) {
                        Some(b',') => false,
                        Some(b':') => true,
                        _ => return Err(self.error("`,` or `:` expected inside `[...]`")),
                    };
                    self.pos += 1;
                    let b = self.sequence(depth + 1)?;
                    self.close(b']')?;
                    let amount = self.amount()?;
                    units.push(match conjugate {
                        true => Unit::Conjugate(a, b, amount),
                        false => Unit::Commutator(a, b, amount),
                    });
                }
                // A move's name: letters, after a layer prefix (cubing.js names inner
                // layers so: a KPuzzle's `2u` is a move of its own).
                Some(&b) if b.is_ascii_alphanumeric() || b == b'_' => {
                    let offset = self.pos;
                    while self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
                        self.pos += 1;
                    }
                    if !self
                        .bytes
                        .get(self.pos)
                        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                    {
                        self.pos = offset;
                        return Err(self.error("a number where a move is expected"));
                    }
                    while self
                        .bytes
                        .get(self.pos)
                        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
                    {
                        self.pos += 1;
                    }
                    let name = String::from_utf8_lossy(&self.bytes[offset..self.pos]).into_owned();
                    let amount = self.amount()?;
                    let token = String::from_utf8_lossy(&self.bytes[offset..self.pos]).into_owned();
                    units.push(Unit::Move {
                        name,
                        amount,
                        offset,
                        token,
                    });
                }
                Some(&b) => {
                    let c = char::from(b);
                    return Err(self.error(format!("`{c}` here does not belong to an alg")));
                }
            }
        }
    }

    fn close(&mut self, bracket: u8) -> Result<(), AlgError> {
        self.space();
        match self.bytes.get(self.pos) == Some(&bracket) {
            true => {
                self.pos += 1;
                Ok(())
            }
            false => Err(self.error(format!("`{}` expected", char::from(bracket)))),
        }
    }

    /// An amount after a move or a bracket: digits, then `'` for the inverse.
    fn amount(&mut self) -> Result<i64, AlgError> {
        let start = self.pos;
        while self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let amount = match self.pos > start {
            true => std::str::from_utf8(&self.bytes[start..self.pos])
                .ok()
                .and_then(|d| d.parse::<i64>().ok())
                .filter(|&n| n <= MOST_AMOUNT)
                .ok_or_else(|| self.error(format!("an amount over {MOST_AMOUNT}")))?,
            false => 1,
        };
        if self.bytes.get(self.pos) == Some(&b'\'') {
            self.pos += 1;
            return Ok(-amount);
        }
        Ok(amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One set of four positions; `a` cycles them, `b` swaps the first two.
    fn sets() -> Vec<Set> {
        vec![Set {
            name: "S".into(),
            pieces: 4,
            orientations: 1,
        }]
    }

    fn named(name: &str) -> Option<&'static Action> {
        static A: std::sync::OnceLock<(Action, Action)> = std::sync::OnceLock::new();
        let (a, b) = A.get_or_init(|| {
            let a = Action {
                from: vec![vec![1, 2, 3, 0]],
                twist: vec![vec![0; 4]],
            };
            let b = Action {
                from: vec![vec![1, 0, 2, 3]],
                twist: vec![vec![0; 4]],
            };
            (a, b)
        });
        match name {
            "a" => Some(a),
            // A move named with a layer prefix, as cubing.js names inner layers; one
            // whose name ends in a digit, as its 4D puzzle's `U2`.
            "b" | "2b" | "c2" => Some(b),
            _ => None,
        }
    }

    fn of(text: &str) -> Action {
        action(text, &sets(), &named).unwrap()
    }

    #[test]
    fn notation_is_done_as_written() {
        let s = sets();
        let (a, b) = (named("a").unwrap(), named("b").unwrap());
        assert_eq!(of("a2"), a.then(a, &s));
        assert_eq!(of("a'"), a.inverse(&s));
        assert_eq!(of("a2'"), a.then(a, &s).inverse(&s));
        assert_eq!(of("(a b)2"), a.then(b, &s).then(a, &s).then(b, &s));
        let commutator = a
            .then(b, &s)
            .then(&a.inverse(&s), &s)
            .then(&b.inverse(&s), &s);
        assert_eq!(of("[a, b]"), commutator);
        assert_eq!(of("[a: b]"), a.then(b, &s).then(&a.inverse(&s), &s));
        assert_eq!(of(" a . a4 a' "), of(""));
        assert_eq!(of("2b a 2b'"), of("b a b'"));
        assert!(of("a4").is_identity());
        // `c2` is a move's whole name (there is no `c`): done once, `c2'` undone.
        assert_eq!(&of("c2"), b);
        assert_eq!(of("c2'"), b.inverse(&s));
        assert_eq!(of("c2 a"), b.then(a, &s));
    }

    #[test]
    fn what_cannot_be_read_says_where() {
        for (text, offset, says) in [
            ("a c", 2, "`c` is no move"),
            ("(a b", 4, "`)` expected"),
            ("[a b]", 4, "`,` or `:`"),
            ("2a", 0, "`2a` is no move"),
            ("a 2 b", 2, "a number where a move is expected"),
            ("a $", 2, "`$`"),
            ("a)", 1, "does not belong"),
        ] {
            let error = action(text, &sets(), &named).unwrap_err();
            assert_eq!(error.offset, offset, "{text}: {error:?}");
            assert!(error.message.contains(says), "{text}: {error:?}");
        }
    }
}
