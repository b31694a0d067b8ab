//! The service against the command: the shipped samples answered byte for byte as the
//! command does, single boards as its JSON lines, and every bad request with its status
//! and the command's message.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use super::{encode, get, post, Server};
use crate::common::{sample, stdout, tables, tablesolve};
use tablesolve::definition::{Definition, Model};

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

/// JSON lines without their times and node counts, which differ from run to run (a
/// search split over threads counts a few nodes more or less).
fn timeless(lines: &str) -> Vec<serde_json::Value> {
    lines
        .lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            let object = value.as_object_mut().unwrap();
            object.remove("seconds");
            object.remove("nodes");
            value
        })
        .collect()
}

/// Each puzzle's sample and the command's options for it, with the query of the same.
fn samples() -> Vec<(&'static str, Vec<u8>, Vec<&'static str>, &'static str)> {
    let korf: Vec<u8> = sample("korf100.in")
        .split_inclusive(|&b| b == b'\n')
        .take(8)
        .flatten()
        .copied()
        .collect();
    let sizes = tablesolve(
        tables(),
        &["generate", "sliding", "--size", "3x4", "--count", "30"],
        b"",
    );
    vec![
        ("rotation", sample("rotation.in"), vec![], ""),
        ("eight", sample("eight.in"), vec![], ""),
        ("eight2", sample("eight2.in"), vec![], ""),
        (
            "fifteen",
            korf,
            vec!["--goal", "korf", "--numbered", "--partition", "6-6-3"],
            "goal=korf&numbered=true&partition=6-6-3",
        ),
        (
            "sliding",
            stdout(&sizes).into(),
            vec!["--size", "3x4"],
            "size=3x4",
        ),
    ]
}

#[test]
fn every_puzzle_answers_as_the_command() {
    let server = Server::start(&[]);
    for (puzzle, input, options, query) in samples() {
        let mut args = vec![puzzle];
        args.extend(&options);
        let text = tablesolve(tables(), &args, &input);
        let (status, body) = post(&server, &format!("/v1/{puzzle}/answer?{query}"), &input);
        assert_eq!((status, body.as_str()), (200, stdout(&text)), "{puzzle}");

        args.extend(["--format", "json"]);
        let json = tablesolve(tables(), &args, &input);
        let path = format!("/v1/{puzzle}/answer?format=json&{query}");
        let (status, body) = post(&server, &path, &input);
        assert_eq!(status, 200, "{puzzle}: {body}");
        assert_eq!(timeless(&body), timeless(stdout(&json)), "{puzzle}");

        // The first case alone, as a GET, is the first JSON line.
        let first_case: String = match puzzle {
            "rotation" => {
                String::from_utf8_lossy(&input[..input.iter().position(|&b| b == b'\n').unwrap()])
                    .into()
            }
            "eight2" => "12X453786 12345678X".into(),
            _ => String::from_utf8_lossy(&input)
                .lines()
                .next()
                .unwrap()
                .into(),
        };
        let path = format!("/v1/{puzzle}/answer?board={}&{query}", encode(&first_case));
        let (status, _, one) = get(&server, &path);
        assert_eq!(status, 200, "{puzzle}: {one}");
        assert_eq!(timeless(&one)[0], timeless(stdout(&json))[0], "{puzzle}");
    }
}

#[test]
fn counts_and_every_answer_as_the_command() {
    let server = Server::start(&[]);
    for (flag, query) in [("--count", "count=true"), ("--all", "all=true")] {
        let input = sample("rotation.in");
        let text = tablesolve(tables(), &["rotation", flag], &input);
        let (status, body) = post(&server, &format!("/v1/rotation/answer?{query}"), &input);
        assert_eq!((status, body.as_str()), (200, stdout(&text)));
    }
}

#[test]
fn a_spelled_out_partition_answers_once_its_databases_are_present() {
    let server = Server::start(&[]);
    let input = b"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\n\
                  1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 0 21 22 23 24\n";
    // The 24-puzzle's quick databases (6-6-6-6 takes a minute): groups of five.
    let groups = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24";
    let path = format!("/v1/twentyfour/answer?partition={}", encode(groups));
    // Absent: refused (the request's choice, 422), not built, whatever the request.
    let (status, body) = post(&server, &path, input);
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("missing"), "{body}");
    // The command builds them; then the service answers as it does.
    let text = tablesolve(tables(), &["twentyfour", "--partition", groups], input);
    let (status, body) = post(&server, &path, input);
    assert_eq!((status, body.as_str()), (200, stdout(&text)));
    assert_eq!(body, "r\nrrrr\n");
}

#[test]
fn malformed_cases_are_refused_with_the_commands_message() {
    let server = Server::start(&[]);
    let message = |input: &[u8], args: &[&str]| {
        let run = tablesolve(tables(), args, input);
        assert_eq!(run.status.code(), Some(1));
        let stderr = String::from_utf8(run.stderr).unwrap();
        let message = stderr
            .lines()
            .next()
            .unwrap()
            .trim_start_matches("tablesolve: ");
        (String::from_utf8(run.stdout).unwrap(), message.to_owned())
    };

    // Before any answer: 400, the message alone.
    let input = b"12345678x\n1234x56\n";
    let first_bad = b"12345z78x\n";
    let (_, expected) = message(first_bad, &["eight"]);
    let (status, body) = post(&server, "/v1/eight/answer", first_bad);
    assert_eq!((status, body), (400, format!("{expected}\n")));
    let (status, body) = post(&server, "/v1/eight/answer?format=json", first_bad);
    assert_eq!(status, 400);
    assert_eq!(
        body,
        format!("{{\"case\":1,\"error\":{}}}\n", quoted(&expected))
    );

    // After answers: they stand, then the message ends the stream.
    let (answers, expected) = message(input, &["eight"]);
    let (status, body) = post(&server, "/v1/eight/answer", input);
    assert_eq!(
        (status, body),
        (200, format!("{answers}error: {expected}\n"))
    );

    // Going on: `error` holds the case's place, as in the command.
    let input = b"12345678x\n12z45678x\n2 3 4 1 5 x 7 6 8\n";
    let run = tablesolve(tables(), &["eight", "--keep-going"], input);
    let (status, body) = post(&server, "/v1/eight/answer?keep_going=true", input);
    assert_eq!(
        (status, body.as_str()),
        (200, std::str::from_utf8(&run.stdout).unwrap())
    );
    assert_eq!(body.lines().nth(1), Some("error"));

    // One board.
    let (status, _, body) = get(&server, "/v1/eight/answer?board=12345");
    assert_eq!(status, 400);
    assert!(body.contains("case 1, line 1"), "{body}");
    let (status, _, body) = get(&server, "/v1/eight/answer?board=12345678x%2012345678x");
    assert_eq!(status, 400);
    assert!(body.contains("more than one case"), "{body}");
}

#[test]
fn bad_requests_get_their_status() {
    let server = Server::start(&["--max-body", "1000", "--max-timeout", "0.3"]);
    let (status, _, body) = get(&server, "/v1/nine/answer?board=1");
    assert_eq!(status, 404);
    assert!(body.contains("no puzzle \\\"nine\\\""), "{body}");
    assert_eq!(get(&server, "/v2/eight/answer").0, 404);

    let (status, body) = post(&server, "/v1/eight/answer?colour=red", b"12345678x\n");
    assert_eq!(status, 400);
    assert!(body.contains("no parameter `colour`"), "{body}");
    let (status, body) = post(&server, "/v1/eight/answer?timeout=5", b"12345678x\n");
    assert_eq!(status, 400);
    assert!(
        body.contains(
            "parameters timeout and max_nodes are for fifteen, twentyfour, sliding and def, not eight"
        ),
        "{body}"
    );
    let (status, body) = post(&server, "/v1/fifteen/answer?timeout=-1", b"");
    assert_eq!(status, 400);
    assert!(body.contains("timeout=\\\"-1\\\""), "{body}");
    let (status, body) = post(&server, "/v1/fifteen/answer?goal=nowhere", b"");
    assert_eq!(status, 400);
    assert!(body.contains("parameter goal: "), "{body}");
    assert!(!body.contains("--"), "options are parameters here: {body}");
    let (status, body) = post(&server, "/v1/eight/answer?goal=korf", b"");
    assert_eq!(status, 400);
    assert!(
        body.contains("parameter goal is for fifteen, twentyfour and sliding, not eight"),
        "{body}"
    );
    let (status, _, body) = get(&server, "/v1/eight/answer");
    assert_eq!(status, 400);
    assert!(body.contains("give the board"), "{body}");

    // Over the body limit: declared, or found while streaming.
    let head = |length: &str| {
        format!("POST /v1/eight/answer HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{length}\r\n")
    };
    let response = raw(&server, head("Content-Length: 2000\r\n").as_bytes());
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    let mut chunked = head("Transfer-Encoding: chunked\r\n").into_bytes();
    chunked.extend_from_slice(format!("{:x}\r\n", 2000).as_bytes());
    chunked.extend_from_slice(&b"12345678x\n".repeat(200));
    chunked.extend_from_slice(b"\r\n0\r\n\r\n");
    let response = raw(&server, &chunked);
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    assert!(
        response.contains("over the limit of 1000 bytes (--max-body)"),
        "{response}"
    );

    // A search past the service's time cap answers `limit L`, whatever it asked.
    let hard = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";
    let path = format!(
        "/v1/fifteen/answer?goal=korf&partition=6-6-3&timeout=100&board={}",
        encode(hard)
    );
    let started = Instant::now();
    let (status, _, body) = get(&server, &path);
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"limit\""), "{body}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

/// Sends `request` as it is and reads the whole response.
fn raw(server: &Server, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let _ = stream.write_all(request);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    String::from_utf8_lossy(&response).into_owned()
}

/// Opens a search followed as events and waits until it runs: it then holds its slot.
pub fn searching(server: &Server) -> TcpStream {
    let hard = "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0";
    let path = format!(
        "/v1/fifteen/answer?goal=korf&partition=6-6-3&events=true&board={}",
        encode(hard)
    );
    let mut stream = TcpStream::connect(&server.address).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.address
    )
    .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0; 4096];
    // The search holds its slot once it has started (its first comment) or reports.
    while !String::from_utf8_lossy(&seen).contains(": searching")
        && !String::from_utf8_lossy(&seen).contains("event: progress")
    {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "{}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    stream
}

#[test]
fn a_followed_board_tells_how_far_its_tables_are_built() {
    // A 4x3 board is answered from one exact table of 239.5 M boards, built on first use
    // for seconds: the events start at once and tell how far the build is.
    let empty = tempfile::tempdir().unwrap();
    let server = Server::start_in(empty.path(), &[]);
    let board = "1 2 3 4 5 6 7 8 9 10 0 11";
    let path = format!(
        "/v1/sliding/answer?size=4x3&events=true&board={}",
        encode(board)
    );
    let mut stream = TcpStream::connect(&server.address).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut seen = String::new();
    let mut buf = [0; 4096];
    let building = |seen: &str| -> Vec<serde_json::Value> {
        seen.split("event: building\ndata: ")
            .skip(1)
            .filter_map(|rest| serde_json::from_str(rest.split('\n').next()?).ok())
            .collect()
    };
    while building(&seen).len() < 2 {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "the stream ended: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        assert!(
            !seen.contains("event: answer"),
            "answered before any building event: {seen}"
        );
    }
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    let events = building(&seen);
    for event in &events {
        assert_eq!(
            event["tables"],
            serde_json::json!(["sliding4x3-11.tbl"]),
            "{seen}"
        );
        assert!(event["work"].as_u64().unwrap() > 0, "{seen}");
        // Told while the table was being built, not after.
        assert!(event["done"].as_u64() < event["work"].as_u64(), "{seen}");
        assert!(event["seconds"].as_f64().unwrap() >= 0.0, "{seen}");
    }
    assert!(
        events[0]["done"].as_u64() <= events[1]["done"].as_u64(),
        "{seen}"
    );
    assert!(
        events[0]["seconds"].as_f64() < events[1]["seconds"].as_f64(),
        "{seen}"
    );
}

#[test]
fn a_busy_service_refuses_and_a_client_gone_frees_its_slot() {
    let server = Server::start(&["--searches", "1"]);
    let quick = format!(
        "/v1/fifteen/answer?partition=6-6-3&max_nodes=1000&board={}",
        encode("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    );
    let search = searching(&server);
    let (status, retry, body) = get(&server, &quick);
    assert_eq!((status, retry.as_deref()), (503, Some("1")), "{body}");
    // An exact table's board takes no slot.
    assert_eq!(get(&server, "/v1/eight/answer?board=12345678x").0, 200);

    drop(search);
    let gone = Instant::now();
    loop {
        let (status, _, body) = get(&server, &quick);
        if status == 200 {
            assert!(body.contains("\"moves\":\"r\""), "{body}");
            break;
        }
        assert!(
            gone.elapsed() < Duration::from_secs(5),
            "the slot stayed taken: {status} {body}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn stopping_lets_the_requests_under_way_finish() {
    let server = Server::start(&["--searches", "1"]);
    let address = server.address.clone();
    let mut search = searching(&server);
    std::thread::sleep(Duration::from_millis(100));
    let pid = server.pid();
    let stopping = std::thread::spawn(move || server.terminate());
    std::thread::sleep(Duration::from_millis(300));
    // The search under way goes on until it ends (here: its client leaves).
    let mut buf = [0; 256];
    assert!(search.read(&mut buf).unwrap() > 0);
    assert!(Command::new("kill")
        .args(["-0", &pid.to_string()])
        .status()
        .unwrap()
        .success());
    // New connections are refused meanwhile.
    assert!(TcpStream::connect(&address).is_err());
    drop(search);
    let status = stopping.join().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn the_catalogue_and_the_description_list_every_puzzle() {
    let server = Server::start(&[]);
    let (status, _, body) = get(&server, "/v1/puzzles");
    assert_eq!(status, 200);
    let listed: serde_json::Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = listed["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    let catalogue: Vec<&str> = (tablesolve::Puzzle::ALL.iter())
        .filter(|p| **p != tablesolve::Puzzle::Def)
        .map(|p| p.name())
        .collect();
    assert_eq!(names, catalogue);

    let (status, _, body) = get(&server, "/v1/openapi.json");
    assert_eq!(status, 200);
    let description: serde_json::Value = serde_json::from_str(&body).unwrap();
    let enumerated = &description["paths"]["/v1/{puzzle}/answer"]["post"]["parameters"][0]
        ["schema"]["anyOf"][0]["enum"];
    assert_eq!(enumerated, &serde_json::json!(catalogue));
    for path in description["paths"].as_object().unwrap().keys() {
        let path = path.replace("{puzzle}", "eight");
        let (status, _, body) = get(&server, &path);
        assert_ne!(status, 404, "{path}: {body}");
    }
    let (status, _, page) = get(&server, "/");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"));
    let (status, _, random) = get(&server, "/v1/eight/random?length=7&seed=3");
    assert_eq!(status, 200);
    let board: serde_json::Value = serde_json::from_str(&random).unwrap();
    let one = format!(
        "/v1/eight/answer?board={}",
        encode(board["board"].as_str().unwrap())
    );
    assert!(get(&server, &one).2.contains("\"length\":7"));
}

/// The 8-puzzle's judge input holds boards that never reach the goal; a board the
/// service draws for a person always does (its tiles in an even order).
#[test]
fn random_eight_puzzle_boards_all_reach_the_goal() {
    let server = Server::start(&[]);
    let mut boards = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let (status, _, random) = get(&server, &format!("/v1/eight/random?seed={seed}"));
        assert_eq!(status, 200, "{random}");
        let board: serde_json::Value = serde_json::from_str(&random).unwrap();
        let board = board["board"].as_str().unwrap().to_owned();
        let tiles: Vec<u32> = board.split(' ').filter_map(|c| c.parse().ok()).collect();
        assert_eq!(tiles.len(), 8, "{board}");
        let inversions = (0..8)
            .flat_map(|i| (i + 1..8).map(move |j| (i, j)))
            .filter(|&(i, j)| tiles[j] < tiles[i])
            .count();
        assert_eq!(inversions % 2, 0, "seed {seed}: {board}");
        boards.insert(board);
    }
    assert!(boards.len() > 55, "{} boards of 60", boards.len());
}

#[test]
fn random_sliding_boards_are_the_samplers_and_need_no_tables() {
    // The same seed draws the same board as `generate` (which opens the tables).
    let generated = tablesolve(
        tables(),
        &[
            "--size", "3x3", "generate", "sliding", "--count", "1", "--seed", "9",
        ],
        b"",
    );
    let server = Server::start(&[]);
    let (status, _, random) = get(&server, "/v1/sliding/random?size=3x3&seed=9");
    assert_eq!(status, 200, "{random}");
    let board: serde_json::Value = serde_json::from_str(&random).unwrap();
    assert_eq!(
        board["board"].as_str().unwrap(),
        stdout(&generated).trim_end()
    );

    // A 24-puzzle board with no database present: none is built.
    let empty = tempfile::tempdir().unwrap();
    let server = Server::start_in(empty.path(), &[]);
    let (status, _, random) = get(&server, "/v1/twentyfour/random?seed=4&goal=korf");
    assert_eq!(status, 200, "{random}");
    let board: serde_json::Value = serde_json::from_str(&random).unwrap();
    let values = board["board"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(|v| v.parse::<u8>().unwrap());
    let mut sorted: Vec<u8> = values.collect();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..25).collect::<Vec<u8>>());
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
    let (status, _, refused) = get(&server, "/v1/twentyfour/random?size=3x3");
    assert_eq!(status, 400, "{refused}");
}

/// A served definition's random state comes with a scramble, found with no table: the
/// scramble, played by the puzzle's own turns from its start, reaches the state.
#[test]
fn random_defined_states_come_with_their_scramble_and_need_no_tables() {
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let empty = tempfile::tempdir().unwrap();
    let server = Server::start_in(empty.path(), &["--definitions", shipped.to_str().unwrap()]);
    let definition = Definition::read(&shipped.join("3x3x3.def")).unwrap();
    let cube = Model::new(definition.clone(), None, None).unwrap();
    for seed in [4, 5] {
        let (status, _, random) = get(&server, &format!("/v1/3x3x3.def/random?seed={seed}"));
        assert_eq!(status, 200, "{random}");
        let random: serde_json::Value = serde_json::from_str(&random).unwrap();
        let board: serde_json::Value =
            serde_json::from_str(random["board"].as_str().unwrap()).unwrap();
        let scramble = random["scramble"].as_str().unwrap();
        let mut cells = cube.flat(&definition.start);
        let mut next = cells.clone();
        for name in scramble.split(' ') {
            let turn = cube.turn_list().iter().find(|t| t.name == name).unwrap();
            cube.play(&cells, usize::from(turn.index), &mut next);
            std::mem::swap(&mut cells, &mut next);
        }
        let reached = cube.state(&cells);
        for (s, set) in definition.sets.iter().enumerate() {
            let orbit = &board[&set.name];
            let listed =
                |key: &str| -> Vec<u8> { serde_json::from_value(orbit[key].clone()).unwrap() };
            assert_eq!(listed("pieces"), reached.pieces[s], "{seed}: {scramble}");
            assert_eq!(
                listed("orientation"),
                reached.orientation[s],
                "{seed}: {scramble}"
            );
        }
        assert!(scramble.split(' ').count() > 20, "{scramble}");
    }
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}

#[test]
fn definitions_served_from_a_directory_answer_as_the_def_command() {
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let dir = shipped.to_str().unwrap();
    let server = Server::start(&["--definitions", dir]);
    let (status, _, body) = get(&server, "/v1/puzzles");
    assert_eq!(status, 200);
    let listed: serde_json::Value = serde_json::from_str(&body).unwrap();
    let entry = (listed["puzzles"].as_array().unwrap().iter())
        .find(|p| p["name"] == "2x2x2.def")
        .unwrap_or_else(|| panic!("2x2x2.def is not listed: {body}"));
    // U, R and F with their powers, each as sources and twists of the seven corners.
    let turns = entry["definition"]["turns"].as_array().unwrap();
    let names: Vec<&str> = turns.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"]);
    assert_eq!(turns[0]["from"][0].as_array().unwrap().len(), 7);
    assert!(entry["parameters"].to_string().contains("moves"));

    let scrambles = b"R U F2 R' U2 F\n\nU R U' R'\nR R R R\n";
    for file in ["2x2x2.def", "2x2x2.kpuzzle.json"] {
        let definition = format!("{dir}/{file}");
        let command = tablesolve(tables(), &["def", &definition], scrambles);
        let (status, body) = post(&server, &format!("/v1/{file}/answer"), scrambles);
        assert_eq!((status, body.as_str()), (200, stdout(&command)), "{file}");
        let command = tablesolve(
            tables(),
            &["def", &definition, "--format", "json"],
            scrambles,
        );
        let (status, body) = post(
            &server,
            &format!("/v1/{file}/answer?format=json"),
            scrambles,
        );
        assert_eq!(status, 200, "{file}: {body}");
        assert_eq!(timeless(&body), timeless(stdout(&command)), "{file}");
    }
    let (status, _, one) = get(
        &server,
        &format!("/v1/2x2x2.def/answer?board={}", encode("U R U' R'")),
    );
    assert_eq!(status, 200, "{one}");
    assert_eq!(timeless(&one)[0]["moves"], "R U R' U'");

    // A random position of a given length is that far from solved.
    let (status, _, random) = get(&server, "/v1/pyraminx.def/random?length=7&seed=4");
    assert_eq!(status, 200, "{random}");
    let board: serde_json::Value = serde_json::from_str(&random).unwrap();
    let path = format!(
        "/v1/pyraminx.def/answer?board={}",
        encode(board["board"].as_str().unwrap())
    );
    assert!(get(&server, &path).2.contains("\"length\":7"));

    // Moves chosen apart from the file's: answered once the command built their table
    // (`stats` builds a definition's whole tables; `def` only what its cases need).
    let path = format!("/v1/2x2x2.def/answer?moves=U,R&board={}", encode("R U"));
    let built = tablesolve(
        tables(),
        &[
            "stats",
            "def",
            &format!("{dir}/2x2x2.def"),
            "--moves",
            "U,R",
        ],
        b"",
    );
    assert!(
        stdout(&built).contains("29,160 states reachable"),
        "{}",
        stdout(&built)
    );
    let (status, _, one) = get(&server, &path);
    assert_eq!(status, 200, "{one}");
    assert_eq!(timeless(&one)[0]["moves"], "U' R'");
    // A name nobody serves is a 404 that lists the definitions too.
    let (status, _, missing) = get(&server, "/v1/megaminx.def/answer?board=R");
    assert_eq!(status, 404);
    assert!(missing.contains("pyraminx.kpuzzle.json"), "{missing}");
    // The limits a search takes are the definitions' too; the sliding options are not.
    let (status, _, refused) = get(&server, "/v1/2x2x2.def/answer?board=R&partition=7-8");
    assert_eq!(status, 400, "{refused}");
}

/// `--memory` bounds a served definition's databases as `def --memory` does: a budget
/// below the smallest size is refused by name, one above it answers.
#[test]
fn the_memory_budget_bounds_a_served_definitions_databases() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    std::fs::copy(shipped.join("3x3x3.def"), dir.path().join("3x3x3.def")).unwrap();
    let definitions = dir.path().to_str().unwrap();
    let path = format!("/v1/3x3x3.def/answer?board={}", encode("R U F"));
    let tight = Server::start(&["--definitions", definitions, "--memory", "1k"]);
    let (status, _, refused) = get(&tight, &path);
    assert_eq!(status, 400, "{refused}");
    assert!(refused.contains("more than the 1 kB they may"), "{refused}");
    let roomy = Server::start(&["--definitions", definitions, "--memory", "100k"]);
    let (status, _, one) = get(&roomy, &path);
    assert_eq!(status, 200, "{one}");
    assert_eq!(timeless(&one)[0]["moves"], "F' U' R'");
}

#[test]
fn a_bad_definition_stops_the_service_before_it_answers() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("good.def"),
        "Name good\nSet X 2 1\nSolved\nX\n1 2\nEnd\nMove A\nX\n2 1\nEnd\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("bad.def"),
        "Name bad\nSet X 2 1\nMove A\nX\n1 1\nEnd\n",
    )
    .unwrap();
    let serve = |definitions: &std::path::Path| {
        let definitions = definitions.to_str().unwrap();
        let args = ["serve", "--port", "0", "--definitions", definitions];
        tablesolve(tables(), &args, b"")
    };
    let run = serve(dir.path());
    assert_eq!(run.status.code(), Some(2), "{run:?}");
    let message = String::from_utf8_lossy(&run.stderr);
    assert!(
        message.contains("bad.def, line 5, column 1: move A"),
        "{message}"
    );
    let empty = tempfile::tempdir().unwrap();
    let run = serve(empty.path());
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("no definition there"),
        "{run:?}"
    );
}

/// `/v1/puzzles` says of each definition what its first answer would build, so that the
/// page can ask first; once built, nothing.
#[test]
fn the_catalogue_says_what_a_definitions_first_answer_builds() {
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("definitions");
    let tables = tempfile::tempdir().unwrap();
    let server = Server::start_in(tables.path(), &["--definitions", shipped.to_str().unwrap()]);
    let build = |name: &str| {
        let (status, _, body) = get(&server, "/v1/puzzles");
        assert_eq!(status, 200);
        let listed: serde_json::Value = serde_json::from_str(&body).unwrap();
        let entry = (listed["puzzles"].as_array().unwrap().iter())
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed: {body}"))
            .clone();
        entry["build"].clone()
    };
    // The 2x2x2's exact table of 3,674,160 ranks and its walks: 31 MB.
    let before = build("2x2x2.def");
    assert_eq!(before["tables"], 2, "{before}");
    let cost = before["cost"].as_str().unwrap();
    assert!(
        cost.starts_with("31 MB on disk, 31 MB of memory, "),
        "{cost}"
    );
    assert!(before["seconds"].as_f64().unwrap() > 0.0, "{before}");
    let (status, _, _) = get(
        &server,
        &format!("/v1/2x2x2.def/answer?board={}", encode("R U")),
    );
    assert_eq!(status, 200);
    assert_eq!(build("2x2x2.def"), serde_json::Value::Null);
    // cube-orientations' one table, far larger, is said before anything builds it.
    // Its 2,217,093,120 states take hundreds of times the 2x2x2's time, on any cores.
    let large = build("cube-orientations.def");
    let cost = large["cost"].as_str().unwrap();
    assert!(
        cost.starts_with("2.1 GB on disk, 2.1 GB of memory, "),
        "{cost}"
    );
    let seconds = |build: &serde_json::Value| build["seconds"].as_f64().unwrap();
    assert!(
        seconds(&large) > 100.0 * seconds(&before),
        "{large} {before}"
    );
}
