use super::*;

/// A reader that hands out one byte at a time, to cross every buffer edge.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.len().min(1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn tokens(input: &mut Input<impl Read>) -> Vec<(Vec<u8>, usize, usize)> {
    let mut all = Vec::new();
    while let Some(t) = input.token() {
        all.push((t.text.to_vec(), t.len, t.at.line));
    }
    all
}

#[test]
fn tokens_and_chars_carry_their_lines() {
    let text = b"  1 22\n\n\t333 \nx\n";
    for trickle in [false, true] {
        let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
            false => Box::new(&text[..]),
            true => Box::new(Trickle(text)),
        });
        let t = input.token().unwrap();
        assert_eq!((t.text, t.at), (&b"1"[..], Place { line: 1, column: 3 }));
        assert_eq!(input.token().unwrap().text, b"22");
        assert_eq!(input.char(), Some(('3', Place { line: 3, column: 2 })));
        let t = input.token().unwrap();
        assert_eq!((t.text, t.at), (&b"33"[..], Place { line: 3, column: 3 }));
        assert_eq!(input.char(), Some(('x', Place { line: 4, column: 1 })));
        assert_eq!(input.token(), None);
    }
}

#[test]
fn spaced_tokens_are_taken_only_as_judges_write_them() {
    let text = b"\n1 2 3\n1 2 3\n1 2  3\nab cd e\nabc d\nab\ncd";
    let mut input = Input::new(&text[..]);
    let bytes = |tokens: [[u8; 1]; 3]| Some(tokens.map(|[t]| t));
    let pair = |tokens: [[u8; 2]; 2]| Some(tokens);
    let next = |input: &mut Input<&[u8]>| input.token().map(|t| (t.text.to_vec(), t.at.line));
    assert_eq!(input.spaced_tokens(bytes), Some(*b"123"));
    // Refused by the caller: nothing is read.
    assert_eq!(input.spaced_tokens(|_: [[u8; 1]; 3]| None::<()>), None);
    assert_eq!(input.spaced_tokens(bytes), Some(*b"123"));
    // Two spaces between tokens: token by token.
    assert_eq!(input.spaced_tokens(bytes), None);
    assert_eq!(next(&mut input), Some((b"1".to_vec(), 4)));
    assert_eq!(input.spaced_tokens(bytes), None);
    assert_eq!(next(&mut input), Some((b"2".to_vec(), 4)));
    assert_eq!(next(&mut input), Some((b"3".to_vec(), 4)));
    // Two tokens of two bytes, and a third after them left for later.
    assert_eq!(input.spaced_tokens(pair), Some([*b"ab", *b"cd"]));
    assert_eq!(input.spaced_tokens(pair), None, "e is one byte");
    assert_eq!(next(&mut input), Some((b"e".to_vec(), 5)));
    assert_eq!(input.spaced_tokens(pair), None, "abc is three");
    assert_eq!(next(&mut input), Some((b"abc".to_vec(), 6)));
    assert_eq!(next(&mut input), Some((b"d".to_vec(), 6)));
    // Not on one line; then at the end, with no white space after.
    assert_eq!(input.spaced_tokens(pair), None);
    assert_eq!(next(&mut input), Some((b"ab".to_vec(), 7)));
    assert_eq!(input.spaced_tokens(|[t]: [[u8; 2]; 1]| Some(t)), None);
    assert_eq!(next(&mut input), Some((b"cd".to_vec(), 8)));
    assert_eq!(next(&mut input), None);
}

#[test]
fn a_byte_order_mark_is_skipped_and_only_at_the_start() {
    let text = b"\xef\xbb\xbf12 \xef\xbb\xbf";
    for trickle in [false, true] {
        let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
            false => Box::new(&text[..]),
            true => Box::new(Trickle(text)),
        });
        assert_eq!(input.token().unwrap().text, b"12");
        assert_eq!(
            input.char().map(|(c, at)| (c, at.column)),
            Some(('\u{feff}', 4))
        );
    }
    assert_eq!(Input::new(&b"\xef\xbb"[..]).char().unwrap().0, '\u{fffd}');
}

#[test]
fn chars_decode_utf8_and_replace_what_is_not() {
    let mut input = Input::new(Trickle("é\u{1F600}\u{ff}".as_bytes()));
    assert_eq!(input.char().unwrap().0, 'é');
    assert_eq!(input.char().unwrap().0, '\u{1F600}');
    assert_eq!(input.char().unwrap().0, 'ÿ');
    let mut input = Input::new(&b"\xff\xc3"[..]);
    assert_eq!(input.char().unwrap().0, '\u{fffd}');
    assert_eq!(input.char().unwrap().0, '\u{fffd}');
    assert_eq!(input.char(), None);
}

#[test]
fn long_tokens_keep_their_start_and_length_in_bounded_memory() {
    let mut text = vec![b'7'; 3 * BUFFER + 5];
    text.extend_from_slice(b"\n 12 ");
    text.extend(std::iter::repeat_n(b'8', KEPT + 1));
    let all = tokens(&mut Input::new(&text[..]));
    assert_eq!(all.len(), 3);
    assert_eq!(
        (&all[0].0[..], all[0].1),
        (&[b'7'; KEPT][..], 3 * BUFFER + 5)
    );
    assert_eq!(all[1], (b"12".to_vec(), 2, 2));
    assert_eq!((all[2].0.len(), all[2].1), (KEPT, KEPT + 1));
    assert_eq!(tokens(&mut Input::new(Trickle(&text))), all);
    let token = Token {
        text: &[b'7'; KEPT],
        len: 1000,
        at: Place::default(),
    };
    assert_eq!(token.number::<u64>(), None);
    assert_eq!(
        token.quoted(),
        format!("`{}...` (1000 bytes)", "7".repeat(24))
    );
}

#[test]
fn columns_count_bytes_from_each_line_start_across_buffer_edges() {
    let mut text = b"ab  cd\n\n   efg\r\n h".to_vec();
    text.extend(std::iter::repeat_n(b' ', BUFFER + 7));
    text.extend_from_slice(b"ij\nk");
    let expected = [(1, 1), (1, 5), (3, 4), (4, 2), (4, BUFFER + 10), (5, 1)];
    for trickle in [false, true] {
        let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
            false => Box::new(&text[..]),
            true => Box::new(Trickle(&text)),
        });
        let mut found = Vec::new();
        while let Some(t) = input.token() {
            found.push((t.at.line, t.at.column));
        }
        assert_eq!(found, expected);
    }
}

#[test]
fn tokens_on_a_line_stop_at_its_end_without_reading_on() {
    let mut input = Input::new(&b"1 2\n\n3 4\n"[..]);
    let line = |t: Option<Token>| t.map(|t| (t.text.to_vec(), t.at.line));
    assert_eq!(line(input.token_on_line(1)), Some((b"1".to_vec(), 1)));
    assert_eq!(line(input.token_on_line(1)), Some((b"2".to_vec(), 1)));
    assert_eq!(line(input.token_on_line(1)), None);
    assert_eq!(line(input.token_on_line(2)), None, "line 2 is blank");
    assert_eq!(line(input.token_on_line(3)), Some((b"3".to_vec(), 3)));
    assert_eq!(line(input.token()), Some((b"4".to_vec(), 3)));
    assert_eq!(line(input.token_on_line(3)), None);
}

#[test]
fn quotes_are_short_and_readable() {
    assert_eq!(quote(b"ab\xff"), "`ab\\xff`");
    assert_eq!(quote("é\t".as_bytes()), "`é\\t`");
    assert!(quote(&[b'7'; 1 << 20]).ends_with("...` (1048576 bytes)"));
}

#[test]
fn lines_come_whole_with_their_places_empty_ones_too() {
    let text = b"\xef\xbb\xbfR U2\r\n\n  F' \nlast";
    for trickle in [false, true] {
        let mut input: Input<Box<dyn Read>> = Input::new(match trickle {
            false => Box::new(&text[..]),
            true => Box::new(Trickle(text)),
        });
        let mut lines = Vec::new();
        while let Some(line) = input.line(3) {
            lines.push((line.text, line.len, line.at.line, line.at.column));
        }
        let expected: Vec<(Vec<u8>, usize, usize, usize)> = vec![
            (b"R U".to_vec(), 4, 1, 1),
            (Vec::new(), 0, 2, 1),
            (b"  F".to_vec(), 5, 3, 1),
            (b"las".to_vec(), 4, 4, 1),
        ];
        assert_eq!(lines, expected, "trickle {trickle}");
    }
    // A file ending in a newline has no empty line after it.
    let mut input = Input::new(&b"a\n"[..]);
    assert_eq!(input.line(10).map(|l| l.text), Some(b"a".to_vec()));
    assert_eq!(input.line(10), None);
    assert_eq!(Input::new(&b""[..]).line(10), None);
}
