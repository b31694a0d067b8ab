//! JSON with the place of every value, in the order written: what a KPuzzle file is
//! read as, so that a message can point at the value it refuses (line and column), and
//! moves keep the file's order. Strict RFC 8259 JSON; nesting deeper than [`DEEPEST`]
//! is refused rather than followed.

use super::DefinitionError;

/// The deepest nesting of arrays and objects read.
pub const DEEPEST: usize = 64;

/// A JSON value and where it starts (line and column, from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The value.
    pub kind: Kind,
    /// Where it starts.
    pub at: (usize, usize),
}

/// What a JSON value is.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object's members, in the order written (a key given twice is refused).
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The number, if it is a whole number from 0 to `u64::MAX`.
    pub fn as_u64(&self) -> Option<u64> {
        match &self.kind {
            Kind::Number(text) => text.parse().ok(),
            _ => None,
        }
    }

    /// The string, if it is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(text) => Some(text),
            _ => None,
        }
    }

    /// The member `key`, if this is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match &self.kind {
            Kind::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// What kind of value it is, in words.
    pub fn describe(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "an array",
            Kind::Object(_) => "an object",
        }
    }
}

/// Reads `text` as one JSON value; `file` names it in messages.
pub fn parse(text: &str, file: &str) -> Result<Value, DefinitionError> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        pos: 0,
        file,
        line: 1,
        line_start: 0,
    };
    if reader.bytes.starts_with("\u{feff}".as_bytes()) {
        reader.pos = 3;
    }
    let value = reader.value(0)?;
    reader.space();
    if reader.pos < reader.bytes.len() {
        return Err(reader.error("more text after the JSON value"));
    }
    Ok(value)
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    file: &'a str,
    /// The line `pos` is on (from 1), and where it starts: kept as white space is
    /// read (JSON has line ends nowhere else), so that a place costs nothing to tell.
    line: usize,
    line_start: usize,
}

impl Reader<'_> {
    fn at(&self) -> (usize, usize) {
        (self.line, self.pos - self.line_start + 1)
    }

    fn error(&self, message: impl Into<String>) -> DefinitionError {
        DefinitionError::at(self.file, self.at(), message)
    }

    fn space(&mut self) {
        while let Some(&b) = self.bytes.get(self.pos).filter(|b| b" \t\r\n".contains(b)) {
            self.pos += 1;
            if b == b'\n' {
                (self.line, self.line_start) = (self.line + 1, self.pos);
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, DefinitionError> {
        self.space();
        let at = self.at();
        let Some(&first) = self.bytes.get(self.pos) else {
            return Err(self.error("the text ends where a JSON value was due"));
        };
        if depth > DEEPEST && matches!(first, b'[' | b'{') {
            return Err(self.error(format!("nested deeper than {DEEPEST} arrays and objects")));
        }
        let kind = match first {
            b'{' => self.object(depth)?,
            b'[' => self.array(depth)?,
            b'"' => Kind::String(self.string()?),
            b't' => self.word("true", Kind::Bool(true))?,
            b'f' => self.word("false", Kind::Bool(false))?,
            b'n' => self.word("null", Kind::Null)?,
            b'-' | b'0'..=b'9' => Kind::Number(self.number()?),
            _ => return Err(self.error(format!("`{}` starts no JSON value", char::from(first)))),
        };
        Ok(Value { kind, at })
    }

    fn word(&mut self, word: &str, kind: Kind) -> Result<Kind, DefinitionError> {
        match self.bytes[self.pos..].starts_with(word.as_bytes()) {
            true => {
                self.pos += word.len();
                Ok(kind)
            }
            false => Err(self.error("not a JSON value (true, false or null?)")),
        }
    }

    fn number(&mut self) -> Result<String, DefinitionError> {
        let start = self.pos;
        let digits = |r: &mut Self| {
            let from = r.pos;
            while r.bytes.get(r.pos).is_some_and(u8::is_ascii_digit) {
                r.pos += 1;
            }
            r.pos > from
        };
        if self.bytes[self.pos] == b'-' {
            self.pos += 1;
        }
        let whole = self.pos;
        if !digits(self) || (self.bytes[whole] == b'0' && self.pos > whole + 1) {
            return Err(self.error("a malformed number"));
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if !digits(self) {
                return Err(self.error("a malformed number"));
            }
        }
        if self.bytes.get(self.pos).is_some_and(|b| b"eE".contains(b)) {
            self.pos += 1;
            if self.bytes.get(self.pos).is_some_and(|b| b"+-".contains(b)) {
                self.pos += 1;
            }
            if !digits(self) {
                return Err(self.error("a malformed number"));
            }
        }
        Ok(String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned())
    }

    fn string(&mut self) -> Result<String, DefinitionError> {
        self.pos += 1;
        let mut text = Vec::new();
        loop {
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err(self.error("the text ends inside a string"));
            };
            self.pos += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(&escaped) = self.bytes.get(self.pos) else {
                        return Err(self.error("the text ends inside a string"));
                    };
                    self.pos += 1;
                    let c = match escaped {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return Err(self.error("an unknown escape in a string")),
                    };
                    text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                0..=0x1f => return Err(self.error("a control character inside a string")),
                _ => text.push(b),
            }
        }
        // The input is a `str`, so what lies between escapes is UTF-8 already.
        String::from_utf8(text).map_err(|_| self.error("a string that is not UTF-8"))
    }

    /// The character of a `\u` escape (and of the low surrogate after it, if any).
    fn unicode(&mut self) -> Result<char, DefinitionError> {
        let hex = |r: &mut Self| -> Result<u32, DefinitionError> {
            let digits = r
                .bytes
                .get(r.pos..r.pos + 4)
                .ok_or_else(|| r.error("a short \\u escape"))?;
            let text =
                std::str::from_utf8(digits).map_err(|_| r.error("a malformed \\u escape"))?;
            let code =
                u32::from_str_radix(text, 16).map_err(|_| r.error("a malformed \\u escape"))?;
            r.pos += 4;
            Ok(code)
        };
        let high = hex(self)?;
        let code = if (0xd800..0xdc00).contains(&high) {
            if !self.bytes[self.pos..].starts_with(b"\\u") {
                return Err(self.error("a lone surrogate in a \\u escape"));
            }
            self.pos += 2;
            let low = hex(self)?;
            if !(0xdc00..0xe000).contains(&low) {
                return Err(self.error("a lone surrogate in a \\u escape"));
            }
            0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00)
        } else {
            high
        };
        char::from_u32(code).ok_or_else(|| self.error("a lone surrogate in a \\u escape"))
    }

    fn array(&mut self, depth: usize) -> Result<Kind, DefinitionError> {
        self.pos += 1;
        let mut items = Vec::new();
        self.space();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Kind::Array(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.space();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Kind::Array(items));
                }
                None => return Err(self.error("the text ends inside an array: a `]` is missing")),
                _ => return Err(self.error("`,` or `]` expected in an array")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Kind, DefinitionError> {
        self.pos += 1;
        let mut members: Vec<(String, Value)> = Vec::new();
        let mut keys = std::collections::HashSet::new();
        self.space();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Kind::Object(members));
        }
        loop {
            self.space();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.error("a member's name (a string) expected in an object"));
            }
            let at = self.at();
            let key = self.string()?;
            if !keys.insert(key.clone()) {
                return Err(DefinitionError::at(
                    self.file,
                    at,
                    format!("\"{key}\" is given twice in this object"),
                ));
            }
            self.space();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.error("`:` expected after a member's name"));
            }
            self.pos += 1;
            let value = self.value(depth + 1)?;
            members.push((key, value));
            self.space();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Kind::Object(members));
                }
                None => return Err(self.error("the text ends inside an object: a `}` is missing")),
                _ => return Err(self.error("`,` or `}` expected in an object")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_their_places_and_order() {
        let text =
            "{\n  \"b\": [1, -2.5e3, true],\n  \"a\": {\"x\": null, \"y\": \"\\u00e9\\n\"}\n}";
        let value = parse(text, "t").unwrap();
        let Kind::Object(members) = &value.kind else {
            panic!()
        };
        assert_eq!(members[0].0, "b");
        assert_eq!(members[0].1.at, (2, 8));
        assert_eq!(
            value.get("a").unwrap().get("y").unwrap().as_str(),
            Some("é\n")
        );
        assert_eq!(value.get("b").map(|b| b.describe()), Some("an array"));
    }

    #[test]
    fn bad_json_is_refused_where_it_goes_wrong() {
        for (text, at, says) in [
            ("{\"a\": 1,}", (1, 9), "member's name"),
            ("[1 2]", (1, 4), "`,` or `]`"),
            ("{\"a\": 1, \"a\": 2}", (1, 10), "twice"),
            ("\"abc", (1, 5), "ends inside a string"),
            ("01", (1, 3), "malformed number"),
            ("[1] x", (1, 5), "more text"),
            ("", (1, 1), "ends where"),
        ] {
            let error = parse(text, "t").unwrap_err();
            assert_eq!(error.at, Some(at), "{text}: {error}");
            assert!(error.message.contains(says), "{text}: {error}");
        }
        let deep = "[".repeat(DEEPEST + 5);
        assert!(parse(&deep, "t")
            .unwrap_err()
            .message
            .contains("nested deeper"));
    }
}
