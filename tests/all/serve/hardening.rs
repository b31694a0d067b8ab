//! The service where a careless one would fail: work that takes a search slot even on
//! an exact table, a random board that cannot be drawn in time, a panic in the middle
//! of an answer, and the judges it keeps open.

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
    // goes on, and the next request waits for that one.
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
