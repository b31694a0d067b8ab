//! The service where a careless one would fail: work that takes a search slot even on
//! an exact table, a random board that cannot be drawn in time, a panic in the middle
//! of an answer, the judges it keeps open, clients slow to send, tables it does not
//! build, a build its clients left, and a stop while it builds.

use std::io::Write;
use std::time::{Duration, Instant};

use super::answers::searching;
use super::{encode, get, post, read, Server};
use crate::common::{stdout, tables, tablesolve};

#[test]
fn counts_lists_and_random_boards_of_exact_tables_take_a_slot() {
    let server = Server::start(&["--searches", "1"]);
    let search = searching(&server);
    let board = encode("2 3 4 1 5 x 7 6 8");
    for path in [
        format!("/v1/eight/answer?count=true&board={board}"),
        format!("/v1/eight/answer?all=true&board={board}"),
        "/v1/eight/random?length=20".to_owned(),
        "/v1/rotation/random".to_owned(),
    ] {
        let (status, retry, body) = get(&server, &path);
        assert_eq!(
            (status, retry.as_deref()),
            (503, Some("1")),
            "{path}: {body}"
        );
    }
    // The plain answer of an exact table still takes none.
    let (status, _, body) = get(&server, &format!("/v1/eight/answer?board={board}"));
    assert_eq!(status, 200, "{body}");
    drop(search);
}

#[test]
fn batches_and_openings_do_not_queue_behind_long_searches() {
    // A slot for the batch beside two searches that run for as long as they are
    // followed, each on every core.
    let server = Server::start(&["--searches", "3"]);
    let searches = [searching(&server), searching(&server)];
    let started = Instant::now();
    let boards = "2 3 4 1 5 x 7 6 8\n".repeat(500);
    let (status, body) = post(&server, "/v1/eight/answer", boards.as_bytes());
    assert_eq!((status, body.lines().count()), (200, 500), "{body}");
    let goal = encode("1 2 3 4 0 5 6 7 8");
    let path = format!("/v1/sliding/answer?size=3x3&goal={goal}&board={goal}");
    let (status, _, body) = get(&server, &path);
    assert_eq!(status, 200, "{body}");
    // Milliseconds alone; behind the searches (on one pool) as long as they run.
    let took = started.elapsed();
    assert!(took < Duration::from_secs(15), "answered after {took:?}");
    drop(searches);
}

#[test]
fn a_random_board_whose_search_runs_out_of_time_is_refused() {
    // Each draw is a random walk confirmed by a search, here allowed a millisecond:
    // far too little for 50 slides on 5x5 under small databases.
    let server = Server::start(&["--max-timeout", "0.001"]);
    let quick = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24";
    let built = tablesolve(
        tables(),
        &["--goal", "korf", "--partition", quick, "twentyfour"],
        b"",
    );
    stdout(&built);
    let path = format!(
        "/v1/twentyfour/random?goal=korf&length=50&partition={}",
        encode(quick)
    );
    let started = Instant::now();
    let patient: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let (status, _, body) = read(patient.get(server.url(&path)).call().unwrap());
    assert_eq!(status, 503, "{body}");
    // The search's own limit, or the service's on the whole draw, whichever is first.
    assert!(
        body.contains("time limit reached") || body.contains("no board of 50 moves was found"),
        "{body}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(get(&server, "/v1/puzzles").0, 200);
}

#[test]
// The hook that makes the service panic is in debug builds only.
#[cfg_attr(not(debug_assertions), ignore = "needs a debug build's panic hook")]
fn a_panic_ends_the_answer_with_its_message_and_the_service_goes_on() {
    let eight = tablesolve(
        tables(),
        &["generate", "eight", "--count", "5", "--seed", "8"],
        b"",
    );
    let cases = stdout(&eight).to_owned();
    let answers = stdout(&tablesolve(tables(), &["eight"], cases.as_bytes())).to_owned();
    let first_two: String = answers.lines().take(2).map(|a| format!("{a}\n")).collect();

    let env = [("TABLESOLVE_TEST_PANIC", "answer:3")];
    let server = Server::start_with(tables(), &[], &env);
    let (status, body) = post(&server, "/v1/eight/answer", cases.as_bytes());
    assert_eq!(status, 200, "{body}");
    let rest = body
        .strip_prefix(&first_two)
        .unwrap_or_else(|| panic!("{body}"));
    assert!(
        rest.starts_with("error: the service failed (a panic: TABLESOLVE_TEST_PANIC=answer:3)"),
        "{rest}"
    );
    let (status, body) = post(&server, "/v1/eight/answer?format=json", cases.as_bytes());
    assert_eq!(status, 200, "{body}");
    let last: serde_json::Value = serde_json::from_str(body.lines().last().unwrap()).unwrap();
    assert!(
        last["error"].as_str().unwrap().contains("a panic"),
        "{body}"
    );
    assert_eq!(get(&server, "/v1/puzzles").0, 200);

    // Before any answer: the status says so.
    let env = [("TABLESOLVE_TEST_PANIC", "answer:1")];
    let server = Server::start_with(tables(), &[], &env);
    let (status, body) = post(&server, "/v1/eight/answer", cases.as_bytes());
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("a panic"), "{body}");

    let env = [("TABLESOLVE_TEST_PANIC", "opening")];
    let server = Server::start_with(tables(), &[], &env);
    let (status, _, body) = get(&server, "/v1/eight/answer?board=12345678x");
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("TABLESOLVE_TEST_PANIC=opening"), "{body}");
    assert_eq!(get(&server, "/v1/puzzles").0, 200);
}

#[test]
fn one_goal_however_written_opens_one_judge_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start_in(dir.path(), &[]);
    let board = encode("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15");
    let korf = format!("/v1/fifteen/answer?partition=6-6-3&goal=korf&board={board}");
    // The first client leaves while the databases build (about a second): the opening
    // goes on (for two seconds with nobody waiting), and the next request, at once,
    // waits for that one.
    let impatient: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_millis(50)))
        .build()
        .into();
    assert!(impatient.get(server.url(&korf)).call().is_err());
    let (status, _, body) = get(&server, &korf);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"moves\":\"lll\""), "{body}");
    let goal = encode(
        &(0..16)
            .map(|t: u8| t.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    );
    let spelled = format!("/v1/sliding/answer?size=4x4&partition=6-6-3&goal={goal}&board={board}");
    let (status, _, body) = get(&server, &spelled);
    assert_eq!(status, 200, "{body}");
    let log = server.log();
    assert_eq!(log.matches("opened").count(), 1, "{log}");
    assert_eq!(log.matches("building missing tables").count(), 1, "{log}");
}

/// A directory serving one definition, the symmetric group on 11 pieces (a swap and an
/// 11-cycle): 39,916,800 states, whose exact table (40 MB) takes most of a minute to
/// build on two cores.
fn slow_definition() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let pieces: Vec<String> = (1..=11).map(|p| p.to_string()).collect();
    let cycle: Vec<String> = (2..=11).chain([1]).map(|p| p.to_string()).collect();
    let swap: Vec<String> = [2, 1]
        .into_iter()
        .chain(3..=11)
        .map(|p| p.to_string())
        .collect();
    let text = format!(
        "Set A 11 1\nSolved\nA\n{}\nEnd\nMove C\nA\n{}\nEnd\nMove S\nA\n{}\nEnd\n",
        pieces.join(" "),
        cycle.join(" "),
        swap.join(" ")
    );
    std::fs::write(dir.path().join("s11.def"), text).unwrap();
    dir
}

/// A service of [`slow_definition`] in a fresh table directory (the directories
/// last), its table being built for a request that waits on the stream given.
fn building() -> (Server, std::net::TcpStream, [tempfile::TempDir; 2]) {
    let definitions = slow_definition();
    let tables = tempfile::tempdir().unwrap();
    let dir = definitions.path().to_str().unwrap();
    let server = Server::start_in(tables.path(), &["--definitions", dir]);
    let mut waiting = std::net::TcpStream::connect(&server.address).unwrap();
    let request = "GET /v1/s11.def/answer?board=C HTTP/1.1\r\nHost: tablesolve\r\n\r\n";
    waiting.write_all(request.as_bytes()).unwrap();
    std::thread::sleep(Duration::from_millis(500));
    (server, waiting, [definitions, tables])
}

#[test]
fn a_stop_while_a_table_builds_ends_the_process_within_seconds() {
    let (server, waiting, _dirs) = building();
    let stopping = Instant::now();
    let status = server.terminate();
    assert!(status.success(), "{status}");
    // Not the rest of the build: the runtime is shut down without waiting for it.
    let took = stopping.elapsed();
    assert!(took < Duration::from_secs(10), "stopped after {took:?}");
    drop(waiting);
}

/// The CPU time process `pid` has taken so far (user and system), from `/proc`.
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Past the command's name, in parentheses: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // Linux counts them in hundredths of a second (USER_HZ).
    Duration::from_millis(ticks * 10)
}

#[test]
fn a_build_whose_every_client_left_stops_and_writes_nothing() {
    let (server, waiting, [_, tables]) = building();
    drop(waiting);
    // The build takes most of a minute on two cores; stopped, the process idles within
    // seconds (a second of it taking under a fifth of a second of CPU).
    let left = Instant::now();
    loop {
        let before = cpu_time(server.pid());
        std::thread::sleep(Duration::from_secs(1));
        if cpu_time(server.pid()) - before < Duration::from_millis(200) {
            break;
        }
        let busy = left.elapsed();
        assert!(
            busy < Duration::from_secs(20),
            "still busy {busy:?} after its client left"
        );
    }
    let written: Vec<_> = std::fs::read_dir(tables.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert!(written.is_empty(), "{written:?}");
    let log = server.log();
    assert!(log.contains("stopped opening"), "{log}");
    assert!(log.contains("no request waits for it"), "{log}");
}

#[test]
fn openings_past_the_most_kept_are_refused_while_every_one_is_in_flight() {
    let tables = tempfile::tempdir().unwrap();
    let server = Server::start_in(tables.path(), &[]);
    // 32 goals of 3x4 boards, each its own judge, all of one 239 MB table: the first
    // builds it (most of a minute) and the others wait for it, all in flight.
    let goal = |swap: (usize, usize)| {
        let mut tiles: Vec<usize> = (1..12).chain([0]).collect();
        tiles.swap(swap.0, swap.1);
        let text: Vec<String> = tiles.iter().map(usize::to_string).collect();
        encode(&text.join(" "))
    };
    let swaps: Vec<(usize, usize)> = (0..11)
        .flat_map(|i| (i + 1..11).map(move |j| (i, j)))
        .collect();
    let ask = |swap| {
        let goal = goal(swap);
        format!("/v1/sliding/answer?size=4x3&goal={goal}&board={goal}")
    };
    let waiting: Vec<std::net::TcpStream> = (swaps[..32].iter())
        .map(|&swap| {
            let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
            let request = format!("GET {} HTTP/1.1\r\nHost: tablesolve\r\n\r\n", ask(swap));
            stream.write_all(request.as_bytes()).unwrap();
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let (status, retry, body) = get(&server, &ask(swaps[32]));
    assert_eq!((status, retry.as_deref()), (503, Some("1")), "{body}");
    assert!(body.contains("32"), "{body}");
    drop(waiting);
}

#[test]
fn a_table_the_service_does_not_build_is_the_requests_fault_and_says_what_to_do() {
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/definitions");
    let tables = tempfile::tempdir().unwrap();
    let server = Server::start_in(tables.path(), &["--definitions", shipped]);
    let (status, _, body) = get(&server, "/v1/2x2x2.def/answer?moves=R,U&board=R");
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("is missing"), "{body}");
    assert!(body.contains("build this one beforehand"), "{body}");
}

/// A batch request to `server` whose body, declared 1 MB long, is sent as `send` says
/// after the headers; the status the service answers, and when.
fn slow_upload(server: &Server, send: impl FnOnce(&mut std::net::TcpStream)) -> (String, Duration) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&server.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let head = format!(
        "POST /v1/eight/answer HTTP/1.1\r\nHost: {}\r\nContent-Length: 1000000\r\n\r\n",
        server.address
    );
    stream.write_all(head.as_bytes()).unwrap();
    let started = Instant::now();
    send(&mut stream);
    let mut answer = [0; 64];
    let read = stream.read(&mut answer).unwrap_or(0);
    let status = String::from_utf8_lossy(&answer[..read])
        .lines()
        .next()
        .unwrap_or("")
        .to_owned();
    (status, started.elapsed())
}

#[test]
fn clients_slow_to_send_hold_no_slot_and_are_cut_off() {
    let server = Server::start(&["--searches", "1"]);
    let board = encode("2 3 4 1 5 x 7 6 8");
    let count = format!("/v1/eight/answer?count=true&board={board}");
    std::thread::scope(|scope| {
        // Headers, then nothing: no slot is taken while the body is awaited, so a
        // count (which takes the one slot) is answered meanwhile.
        let silent = scope.spawn(|| slow_upload(&server, |_| {}));
        std::thread::sleep(Duration::from_millis(500));
        let (status, _, body) = get(&server, &count);
        assert_eq!(status, 200, "{body}");
        // Three bytes (white space, no case yet) every two seconds: the slot taken,
        // then cut off for the rate.
        let trickling = scope.spawn(|| {
            slow_upload(&server, |stream| {
                use std::io::Write;
                for _ in 0..30 {
                    if stream.write_all(b"   ").is_err() {
                        return;
                    }
                    std::thread::sleep(Duration::from_secs(2));
                }
            })
        });
        let (status, elapsed) = silent.join().unwrap();
        assert!(status.contains(" 408 "), "{status}");
        assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
        let (status, elapsed) = trickling.join().unwrap();
        assert!(status.contains(" 408 "), "{status}");
        assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    });
    // Both gone, the slot is free.
    let (status, _, body) = get(&server, &count);
    assert_eq!(status, 200, "{body}");
}
