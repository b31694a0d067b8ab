//! The service under load on loopback, bounded in count and time: many clients at once,
//! mixing single boards and batches, get every answer right; a batch body of hundreds
//! of MB streams through in bounded memory, its first answers leaving before its last
//! cases arrive.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::{encode, read, Server};
use crate::common::{sample, stdout, tables, tablesolve};

/// Clients at once, and the requests each makes.
const CLIENTS: usize = 16;
const REQUESTS: usize = 40;

/// Cases of `puzzle` drawn by `generate` (of shortest length `length` if given), each
/// with the command's answer given `options`.
fn answered(
    puzzle: &str,
    options: &[&str],
    length: Option<&str>,
    count: usize,
    seed: u64,
) -> Vec<(String, String)> {
    let (count, seed) = (count.to_string(), seed.to_string());
    let mut generate = vec!["generate", puzzle, "--count", &count, "--seed", &seed];
    generate.extend(options);
    generate.extend(length.map(|length| ["--length", length]).iter().flatten());
    let cases = tablesolve(tables(), &generate, b"");
    let answers = tablesolve(tables(), &[&[puzzle], options].concat(), &cases.stdout);
    let cases = stdout(&cases).lines().map(str::to_owned);
    cases
        .zip(stdout(&answers).lines().map(str::to_owned))
        .collect()
}

/// One request and what its body must be.
struct Asked {
    path: String,
    body: Option<Vec<u8>>,
    expected: String,
}

/// The requests the clients draw from: single 8- and 15-puzzle boards, whose JSON
/// object must hold the command's moves, and batches of every exact puzzle and of the
/// 15-puzzle, whose text must be the command's.
fn requests() -> Vec<Asked> {
    let eight = answered("eight", &[], None, 200, 21);
    let fifteen = answered("fifteen", &["--partition", "6-6-3"], Some("34"), 12, 3);
    let sample_batch = |puzzle: &str| Asked {
        path: format!("/v1/{puzzle}/answer"),
        body: Some(sample(&format!("{puzzle}.in"))),
        expected: String::from_utf8(sample(&format!("{puzzle}.out"))).unwrap(),
    };
    let mut requests: Vec<Asked> = eight.iter().take(40).map(|c| one("eight", "", c)).collect();
    requests.extend(
        fifteen
            .iter()
            .map(|c| one("fifteen", "partition=6-6-3&", c)),
    );
    requests.push(batch("eight", "", &eight));
    requests.push(batch("fifteen", "partition=6-6-3", &fifteen));
    requests.push(sample_batch("rotation"));
    requests.push(sample_batch("eight2"));
    requests
}

/// One board of `puzzle` asked with `query` (empty, or ending in `&`), and its answer.
fn one(puzzle: &str, query: &str, (board, moves): &(String, String)) -> Asked {
    Asked {
        path: format!("/v1/{puzzle}/answer?{query}board={}", encode(board)),
        body: None,
        expected: moves.clone(),
    }
}

/// A batch of `puzzle`'s `cases` asked with `query`, and its answers.
fn batch(puzzle: &str, query: &str, cases: &[(String, String)]) -> Asked {
    Asked {
        path: format!("/v1/{puzzle}/answer?{query}"),
        body: Some(
            cases
                .iter()
                .flat_map(|(c, _)| format!("{c}\n").into_bytes())
                .collect(),
        ),
        expected: cases.iter().map(|(_, a)| format!("{a}\n")).collect(),
    }
}

/// What the service answered `asked`, in the command's words, or why it failed.
fn ask(agent: &ureq::Agent, server: &Server, asked: &Asked) -> Result<String, String> {
    let url = server.url(&asked.path);
    let response = match &asked.body {
        Some(body) => agent.post(&url).send(&body[..]),
        None => agent.get(&url).call(),
    };
    let (status, _, body) = read(response.map_err(|e| e.to_string())?);
    if status != 200 {
        return Err(format!("status {status}: {body}"));
    }
    if asked.body.is_some() {
        return Ok(body);
    }
    let answer: serde_json::Value = serde_json::from_str(&body).map_err(|e| e.to_string())?;
    Ok(match answer["solvable"].as_bool() {
        Some(false) => "unsolvable".to_owned(),
        _ => answer["moves"].as_str().unwrap_or("no moves").to_owned(),
    })
}

#[test]
fn many_clients_mixing_boards_and_batches_get_every_answer_right() {
    let requests = Arc::new(requests());
    // A search slot for each client: nothing is refused as busy.
    let server = Arc::new(Server::start(&["--searches", &CLIENTS.to_string()]));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let (requests, server) = (Arc::clone(&requests), Arc::clone(&server));
            thread::spawn(move || {
                let agent: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(120)))
                    .build()
                    .into();
                let mut wrong = Vec::new();
                for r in 0..REQUESTS {
                    // Each client its own walk through the mix.
                    let asked = &requests[(client * 7 + r * 13) % requests.len()];
                    match ask(&agent, &server, asked) {
                        Ok(answer) if answer == asked.expected => {}
                        Ok(answer) => wrong.push(format!(
                            "{}: {answer:.80} where the command says {:.80}",
                            asked.path, asked.expected
                        )),
                        Err(error) => wrong.push(format!("{}: {error}", asked.path)),
                    }
                }
                wrong
            })
        })
        .collect();
    let wrong: Vec<String> = clients
        .into_iter()
        .flat_map(|c| c.join().unwrap())
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} wrong: {wrong:#?}",
        wrong.len(),
        CLIENTS * REQUESTS
    );
}

/// The resident memory of process `pid`, in bytes.
fn resident(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:"));
    let kb = line.and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok());
    kb.unwrap_or(0) * 1024
}

/// Reads a chunked response body, handing each piece to `take`.
fn dechunk(reader: &mut impl BufRead, mut take: impl FnMut(&[u8])) {
    let mut line = String::new();
    let mut piece = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).unwrap();
        let size = usize::from_str_radix(line.trim_end(), 16).unwrap();
        if size == 0 {
            return;
        }
        piece.resize(size + 2, 0);
        reader.read_exact(&mut piece).unwrap();
        take(&piece[..size]);
    }
}

#[test]
fn a_batch_of_hundreds_of_megabytes_streams_in_bounded_memory() {
    const BODY: usize = 256 << 20;
    let cases = answered("eight", &[], None, 1000, 22);
    let block: Vec<u8> = cases
        .iter()
        .flat_map(|(c, _)| format!("{c}\n").into_bytes())
        .collect();
    let repeats = BODY / block.len();
    let body = repeats * block.len();
    let server = Server::start(&[]);
    let pid = server.pid();

    let done = Arc::new(AtomicBool::new(false));
    let watch = {
        let done = Arc::clone(&done);
        thread::spawn(move || {
            let mut peak = 0;
            while !done.load(Ordering::Relaxed) {
                peak = peak.max(resident(pid));
                thread::sleep(Duration::from_millis(10));
            }
            peak
        })
    };

    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(300)))
        .unwrap();
    let mut sending = stream.try_clone().unwrap();
    let address = server.address.clone();
    let sender = thread::spawn(move || {
        let head = format!(
            "POST /v1/eight/answer HTTP/1.1\r\nHost: {address}\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        );
        sending.write_all(head.as_bytes()).unwrap();
        let chunk = [format!("{:x}\r\n", block.len()).as_bytes(), &block, b"\r\n"].concat();
        for _ in 0..repeats {
            sending.write_all(&chunk).unwrap();
        }
        sending.write_all(b"0\r\n\r\n").unwrap();
        Instant::now()
    });

    let mut reader = BufReader::with_capacity(1 << 16, &mut stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 200"), "{line}");
    while line != "\r\n" {
        line.clear();
        reader.read_line(&mut line).unwrap();
    }
    let (mut answered, mut wrong, mut first) = (0, 0, None);
    let mut partial = Vec::new();
    dechunk(&mut reader, |piece| {
        first.get_or_insert_with(Instant::now);
        partial.extend_from_slice(piece);
        let whole = partial
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |end| end + 1);
        for answer in partial[..whole]
            .split(|&b| b == b'\n')
            .filter(|a| !a.is_empty())
        {
            wrong += usize::from(answer != cases[answered % cases.len()].1.as_bytes());
            answered += 1;
        }
        partial.drain(..whole);
    });
    let sent = sender.join().unwrap();
    done.store(true, Ordering::Relaxed);
    let peak = watch.join().unwrap();

    assert_eq!((answered, wrong), (repeats * cases.len(), 0));
    assert!(
        first.unwrap() < sent,
        "no answer left before the last case arrived"
    );
    assert!(
        peak < 200 << 20,
        "resident {} MB while a body of {} MB streamed",
        peak >> 20,
        body >> 20
    );
}

/// Easy boards of `size` towards Korf's goal (random walks of 20 to 30 slides), each with
/// the command's answer over the `quick` partition.
fn sliding_cases(size: &str, quick: &str, seed: u64) -> Vec<(String, String)> {
    let options = ["--size", size, "--goal", "korf", "--partition", quick];
    let seed = seed.to_string();
    let generate = [
        &["generate", "sliding", "--count", "24", "--seed", &seed][..],
        &options,
    ]
    .concat();
    let mut cases = Vec::new();
    for length in ["20", "30"] {
        let drawn = tablesolve(
            tables(),
            &[&generate[..], &["--length", length]].concat(),
            b"",
        );
        cases.extend(stdout(&drawn).lines().map(str::to_owned));
    }
    let input: String = cases.iter().map(|c| format!("{c}\n")).collect();
    let answers = tablesolve(
        tables(),
        &[&options[..], &["sliding"]].concat(),
        input.as_bytes(),
    );
    let answers = stdout(&answers).lines().map(str::to_owned);
    cases.into_iter().zip(answers).collect()
}

/// Searches that start together in a fresh process, one board on a blocking thread and
/// a batch on rayon's, 4x4 and 5x5 at once, all answer: the detours each search drops
/// are found once a process, and no search waits on another's finding while holding
/// what that one needs (each try bounded in time).
#[test]
fn searches_started_together_in_a_fresh_service_all_answer() {
    let boards = [
        (
            "5x5",
            "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24",
        ),
        ("4x4", "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15"),
    ];
    let mut requests = Vec::new();
    for (seed, (size, quick)) in boards.into_iter().enumerate() {
        let cases = sliding_cases(size, quick, seed as u64 + 31);
        let query = format!("size={size}&goal=korf&partition={}", encode(quick));
        for case in cases.iter().take(3) {
            requests.push(one("sliding", &format!("{query}&"), case));
        }
        requests.push(batch("sliding", &query, &cases));
    }
    let requests = Arc::new(requests);
    for attempt in 0..6 {
        // Two threads a pool: a finding that needs the pool's threads while they wait
        // for the finder would hang here.
        let server = Arc::new(Server::start_with(
            tables(),
            &[],
            &[("RAYON_NUM_THREADS", "2")],
        ));
        let clients: Vec<_> = (0..requests.len())
            .map(|r| {
                let (requests, server) = (Arc::clone(&requests), Arc::clone(&server));
                thread::spawn(move || {
                    let agent: ureq::Agent = ureq::Agent::config_builder()
                        .http_status_as_error(false)
                        .timeout_global(Some(Duration::from_secs(60)))
                        .build()
                        .into();
                    let asked = &requests[r];
                    match ask(&agent, &server, asked) {
                        Ok(answer) if answer == asked.expected => None,
                        Ok(answer) => Some(format!("{}: {answer:.80}", asked.path)),
                        Err(error) => Some(format!("{}: {error}", asked.path)),
                    }
                })
            })
            .collect();
        let wrong: Vec<String> = clients
            .into_iter()
            .filter_map(|c| c.join().unwrap())
            .collect();
        assert!(wrong.is_empty(), "try {attempt}: {wrong:#?}");
    }
}
