"""The page at `/` in a real browser: headless Chromium (Debian's, driven through its
chromedriver by Selenium) solves a board of every puzzle, plays each answer to the end
with the Play button and must find the goal drawn. The page plays the moves by its own
rules, so this checks the answers too; they must also equal the judge samples' or the
API's. A long search shows its live bound and is cancelled on the server. Screenshots
(one mid-animation) are kept in $TABLESOLVE_ARTIFACTS (default: target/browser/).

Run with: TABLESOLVE_CLI=target/release/tablesolve pytest tests/browser
"""

import json
import os
import pathlib
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("TABLESOLVE_CLI", str(ROOT / "target" / "release" / "tablesolve"))
ARTIFACTS = pathlib.Path(os.environ.get("TABLESOLVE_ARTIFACTS", ROOT / "target" / "browser"))
# HDU 3567's second sample case's answer (samples/eight2.out).
SAMPLES_EIGHT2_CASE_2 = (ROOT / "samples" / "eight2.out").read_text().split("\n")[3]
# One move from the 15-puzzle's goal.
BOARD_15 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"

# A node_modules folder holding cubing.js and what it imports (.ci/run fetches one).
CUBING_JS = os.environ.get("TABLESOLVE_CUBING_JS")

# Five groups of at most five tiles: 24-puzzle databases that build in seconds.
QUICK_24 = "1 2 3 4 5 / 6 7 8 9 10 / 11 12 13 14 15 / 16 17 18 19 20 / 21 22 23 24"


@pytest.fixture(scope="module")
def server():
    with tempfile.TemporaryDirectory() as tables:
        # Quick databases for the 15- and 24-puzzle, built as the command builds them;
        # the page then answers with them (the 15-puzzle's as the best present).
        for puzzle, partition, goal in [("fifteen", "6-6-3", "default"), ("fifteen", "6-6-3", "korf"),
                                        ("twentyfour", QUICK_24, "default")]:
            subprocess.run([CLI, "--tables", tables, puzzle, "--partition", partition, "--goal", goal],
                           input=b"", check=True)
        # One search slot: a cancelled search must give it back for the next to run.
        # The definitions shipped in the tree are served too.
        process, address = start_service(tables, "--searches", "1",
                                         "--definitions", str(ROOT / "definitions"))
        yield address
        process.terminate()
        assert process.wait(timeout=30) == 0


def start_service(tables, *options):
    """`tablesolve serve` on a free port: the process and its address."""
    process = subprocess.Popen([CLI, "--tables", tables, "serve", "--port", "0", *options],
                               stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    while line and "http://" not in line:
        line = process.stderr.readline()
    assert "http://" in line, line
    return process, "http://" + line.split("http://")[1].split("/")[0]


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1100,900"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def api(server, path, **query):
    with urllib.request.urlopen(f"{server}{path}?{urllib.parse.urlencode(query)}") as response:
        return json.load(response)


def choose(browser, server, puzzle):
    """Opens the page and chooses the puzzle; a wait of a minute."""
    browser.get(server + "/")
    wait = WebDriverWait(browser, 60)
    wait.until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    Select(browser.find_element(By.ID, "puzzle")).select_by_value(puzzle)
    return wait


def ask(browser, server, puzzle, board, size=None, partition=None):
    """Opens the page, chooses the puzzle and types the board; presses Solve."""
    wait = choose(browser, server, puzzle)
    if size:
        Select(browser.find_element(By.ID, "size")).select_by_value(size)
    if partition:
        browser.find_element(By.ID, "partition").send_keys(partition)
    text = browser.find_element(By.ID, "board")
    text.clear()
    text.send_keys(board)
    browser.find_element(By.ID, "solve").click()
    return wait


def solve_and_play(browser, server, puzzle, board, shot, **options):
    """Solves `board` on the page and plays the answer to its end; what is then shown."""
    wait = ask(browser, server, puzzle, board, **options)
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#moves li")
               or "error" in b.find_element(By.ID, "status").get_attribute("class"))
    status = browser.find_element(By.ID, "status").text
    moves = browser.find_elements(By.CSS_SELECTOR, "#moves li")
    assert moves, status
    drawing = browser.find_element(By.ID, "drawing")
    assert drawing.get_attribute("data-at-goal") == "false"
    browser.find_element(By.ID, "play").click()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # Mid-animation: at least half the moves played (the page moves every 300 ms).
    def played(b):
        return int(b.find_element(By.ID, "where").text.split()[1])
    WebDriverWait(browser, 60, poll_frequency=0.05).until(
        lambda b: played(b) >= (len(moves) + 1) // 2)
    browser.save_screenshot(str(ARTIFACTS / f"{shot}-playing.png"))
    wait.until(lambda b: f"move {len(moves)} of {len(moves)}" in b.find_element(By.ID, "where").text)
    browser.save_screenshot(str(ARTIFACTS / f"{shot}.png"))
    drawing = browser.find_element(By.ID, "drawing")
    return {
        "status": status,
        "moves": "".join(m.text for m in moves),
        "cells": [c.text for c in drawing.find_elements(By.CLASS_NAME, "cell")],
        "at_goal": drawing.get_attribute("data-at-goal"),
        "marked": [m.text for m in browser.find_elements(By.CSS_SELECTOR, "#moves li.current")],
    }


def random_boards(browser, count):
    """Presses "Random board" `count` times on the page as it stands; the boards drawn."""
    return browser.execute_async_script("""
        const [count, done] = arguments;
        (async () => {
          const boards = [];
          for (let i = 0; i < count; i++) { await randomBoard(); boards.push(document.getElementById("board").value); }
          done(boards);
        })();""", count)


def goal_cells(cells):
    return [str(v) for v in range(1, cells)] + [""]


def test_an_eight_puzzle_board_is_solved_and_played_to_the_goal(browser, server):
    shown = solve_and_play(browser, server, "eight", "2 3 4 1 5 x 7 6 8", "eight")
    # HDU 1043's sample answer (SPEC section 2), played to the goal drawn.
    assert shown["moves"] == "dlurullddrurdllurdr"
    assert shown["status"].startswith("19 moves")
    assert shown["cells"] == goal_cells(9)
    assert shown["at_goal"] == "true"
    assert shown["marked"] == ["r"]
    assert "d down, l left, r right, u up" in browser.find_element(By.ID, "legend").text


def test_an_eight_ii_board_ends_at_its_own_goal(browser, server):
    shown = solve_and_play(browser, server, "eight2", "564178X23 7568X4123", "eight2")
    # HDU 3567's second sample case: 8 moves.
    assert shown["moves"] == SAMPLES_EIGHT2_CASE_2
    assert shown["cells"] == ["7", "5", "6", "8", "", "4", "1", "2", "3"]
    assert shown["at_goal"] == "true"
    # The target is drawn beside the start.
    target = browser.find_element(By.ID, "target-drawing").find_elements(By.CLASS_NAME, "cell")
    assert [c.text for c in target] == ["7", "5", "6", "8", "", "4", "1", "2", "3"]


def test_a_rotation_game_board_is_played_on_the_hash_board(browser, server):
    shown = solve_and_play(browser, server, "rotation",
                           "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "rotation")
    # UVA 1343's sample: AC, leaving 2 in the centre.
    assert shown["moves"] == "AC"
    assert "centre 2" in shown["status"]
    assert len(shown["cells"]) == 24
    assert shown["at_goal"] == "true"


def test_a_fifteen_puzzle_board_is_solved_and_played_to_the_goal(browser, server):
    board = api(server, "/v1/fifteen/random", seed=7)["board"]
    expected = api(server, "/v1/fifteen/answer", board=board)["moves"]
    shown = solve_and_play(browser, server, "fifteen", board, "fifteen")
    assert shown["moves"] == expected
    assert shown["status"].startswith(f"{len(expected)} moves")
    assert shown["cells"] == goal_cells(16)
    assert shown["at_goal"] == "true"


def test_a_sliding_board_of_another_size_is_played_to_the_goal(browser, server):
    board = api(server, "/v1/sliding/random", size="2x3", seed=3)["board"]
    expected = api(server, "/v1/sliding/answer", size="2x3", board=board)["moves"]
    shown = solve_and_play(browser, server, "sliding", board, "sliding-2x3", size="2x3")
    assert shown["moves"] == expected
    assert shown["cells"] == goal_cells(6)
    assert shown["at_goal"] == "true"


def test_a_twentyfour_puzzle_board_is_solved_with_databases_named_on_the_page(browser, server):
    board = api(server, "/v1/twentyfour/random", length=40, seed=11, partition=QUICK_24)["board"]
    expected = api(server, "/v1/twentyfour/answer", board=board, partition=QUICK_24)["moves"]
    shown = solve_and_play(browser, server, "twentyfour", board, "twentyfour",
                           partition=QUICK_24)
    assert shown["moves"] == expected
    assert shown["cells"] == goal_cells(25)
    assert shown["at_goal"] == "true"


def test_a_defined_puzzle_is_drawn_as_rows_of_pieces_and_played_to_its_goal(browser, server):
    # A scramble of the 2x2x2 (one corner fixed): the page plays it from the solved
    # state, then the answer by the turns the service lists, and must end solved.
    scramble = "R U F2 R' U2 F"
    expected = api(server, "/v1/2x2x2.def/answer", board=scramble)["moves"]
    shown = solve_and_play(browser, server, "2x2x2.def", scramble, "def-2x2x2")
    assert shown["moves"] == expected.replace(" ", "")
    assert shown["status"].startswith(f"{len(expected.split())} moves")
    # Seven corners, each its number (from 0, as in KPattern JSON) and orientation:
    # solved is 0..6, all 0.
    assert shown["cells"] == [f"{piece}\n0" for piece in range(7)]
    assert shown["at_goal"] == "true"


def test_a_long_set_wraps_within_the_window_and_the_numbering_is_said(browser, server):
    # The Rotation Game as a definition: one set of 24 cells, drawn within the window.
    ask(browser, server, "rotation.def", "A C")
    cells = browser.find_elements(By.CSS_SELECTOR, "#drawing .cell")
    assert len(cells) == 24
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert max(c.rect["x"] + c.rect["width"] for c in cells) <= width
    assert len({c.rect["y"] for c in cells}) > 1
    legend = browser.find_element(By.ID, "legend").text
    assert "numbered from 0" in legend, legend
    assert "1 set of pieces" in browser.find_element(By.ID, "about").text


def test_a_random_board_of_a_definition_is_a_scramble_of_its_turns(browser, server):
    # Its tables built first: the page turns a position into a scramble only where the
    # answer takes under a second.
    api(server, "/v1/2x2x2.def/answer", board="U")
    choose(browser, server, "2x2x2.def")
    boards = random_boards(browser, 5)
    cube = next(p for p in api(server, "/v1/puzzles")["puzzles"] if p["name"] == "2x2x2.def")
    turns = {t["name"] for t in cube["definition"]["turns"]}
    for board in boards:
        assert not board.startswith("{"), board
        assert set(board.split()) <= turns, board
        # The answer undone: as long as the position's own shortest answer.
        answer = api(server, "/v1/2x2x2.def/answer", board=board)["moves"]
        assert len(answer.split()) == len(board.split()), (board, answer)


def test_a_random_board_hard_to_answer_is_the_services_scramble(browser, server):
    # A random 3x3x3 is not answered within the second the page gives it; the
    # orientations' databases take minutes to build, so the page asks for no answer
    # at all. Each shows the scramble the service drew with no table.
    for name in ["3x3x3.def", "cube-orientations.def"]:
        choose(browser, server, name)
        [board] = random_boards(browser, 1)
        puzzle = next(p for p in api(server, "/v1/puzzles")["puzzles"] if p["name"] == name)
        turns = {t["name"] for t in puzzle["definition"]["turns"]}
        assert set(board.split()) <= turns, board
        assert len(board.split()) > 20, board
    assert puzzle["build"] is not None


def test_a_kpattern_position_of_a_kpuzzle_definition_is_played_to_its_goal(browser, server):
    board = api(server, "/v1/pyraminx.kpuzzle.json/random", seed=9)["board"]
    assert board.startswith("{")
    expected = api(server, "/v1/pyraminx.kpuzzle.json/answer", board=board)["moves"]
    shown = solve_and_play(browser, server, "pyraminx.kpuzzle.json", board, "def-pyraminx")
    assert shown["moves"] == expected.replace(" ", "")
    assert len(shown["cells"]) == 6 + 4
    assert shown["at_goal"] == "true"


def test_a_long_search_shows_its_bound_and_cancel_stops_it_on_the_server(browser, server):
    board = api(server, "/v1/twentyfour/random", seed=5)["board"]
    wait = ask(browser, server, "twentyfour", board, partition=QUICK_24)
    search = browser.find_element(By.ID, "search")
    wait.until(lambda b: search.is_displayed() and "bound" in search.text)
    assert "nodes/s" in search.text
    browser.find_element(By.ID, "cancel").click()
    assert browser.find_element(By.ID, "status").text == "cancelled"
    # The server's one search slot comes free: a search asked for now is answered.
    deadline = time.monotonic() + 10
    while True:
        try:
            answer = api(server, "/v1/fifteen/answer", board=BOARD_15)
            break
        except urllib.error.HTTPError as error:
            assert error.code == 503 and time.monotonic() < deadline, error
            time.sleep(0.1)
    assert answer["moves"] == "r"


def test_a_refusal_is_shown_as_the_service_says_it(browser, server):
    # 5-5-5 is no partition the 15-puzzle has: the service answers 400 with its words.
    wait = ask(browser, server, "fifteen", BOARD_15, partition="5-5-5")
    status = browser.find_element(By.ID, "status")
    wait.until(lambda b: "error" in status.get_attribute("class"))
    assert "connection" not in status.text, status.text
    assert "5-5-5" in status.text, status.text
    assert "`" not in status.text and "column" not in status.text, status.text


def test_korfs_first_instance_is_answered_with_its_goal_and_label(browser, server):
    browser.get(server + "/")
    wait = WebDriverWait(browser, 120)
    wait.until(lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    Select(browser.find_element(By.ID, "puzzle")).select_by_value("fifteen")
    Select(browser.find_element(By.ID, "goal")).select_by_value("korf")
    # As in Korf's file: the label, then the board.
    browser.find_element(By.ID, "board").send_keys("1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
    browser.find_element(By.ID, "solve").click()
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#moves li"))
    # Its published optimal length.
    assert len(browser.find_elements(By.CSS_SELECTOR, "#moves li")) == 57
    browser.find_element(By.ID, "last").click()
    assert browser.find_element(By.ID, "drawing").get_attribute("data-at-goal") == "true"


def test_random_eight_puzzle_boards_are_all_solvable(browser, server):
    choose(browser, server, "eight")
    boards = random_boards(browser, 100)
    assert len(set(boards)) > 90
    for board in boards:
        tiles = [int(c) for c in board.split() if c != "x"]
        inversions = sum(1 for i in range(8) for j in range(i + 1, 8) if tiles[j] < tiles[i])
        assert sorted(tiles) == list(range(1, 9)) and inversions % 2 == 0, board


def test_a_solve_that_builds_big_databases_says_what_it_costs_first(browser, server):
    board = api(server, "/v1/twentyfour/random", seed=2)["board"]
    ask(browser, server, "twentyfour", board)
    cost = browser.find_element(By.ID, "cost")
    assert cost.is_displayed()
    assert "compound" in cost.text and "minutes" in cost.text, cost.text
    assert "6-6-6-6" in cost.text, cost.text
    # Nothing was asked of the service: no search is under way.
    assert not browser.find_element(By.ID, "cancel").is_displayed()
    # Before any answer the player's buttons do nothing; the blank's letters are told
    # once an answer is shown.
    assert not browser.find_element(By.ID, "play").is_enabled()


def test_a_definition_whose_table_takes_minutes_is_not_built_unasked(browser, server):
    # cube-orientations' one exact table takes minutes: the page says so and waits.
    ask(browser, server, "cube-orientations.def", "U")
    cost = browser.find_element(By.ID, "cost")
    assert cost.is_displayed()
    assert "cube-orientations.def table" in cost.text and "on disk" in cost.text, cost.text
    assert not browser.find_element(By.ID, "cancel").is_displayed()


def test_what_a_solve_would_build_is_asked_of_the_service_as_it_stands(browser, server):
    # The 2x2x2's table, built since the page fetched its list (here by an answer
    # asked of the service; another client's or the command's would do as well).
    wait = choose(browser, server, "2x2x2.def")
    api(server, "/v1/2x2x2.def/answer", board="U")
    # The list the page holds says the table is missing and takes ten minutes.
    browser.execute_script("""puzzles.find((p) => p.name === "2x2x2.def").build =
        { tables: 1, cost: "as the list fetched at load said", seconds: 600 };""")
    text = browser.find_element(By.ID, "board")
    text.clear()
    text.send_keys("U")
    browser.find_element(By.ID, "solve").click()
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#moves li"))
    assert [m.text for m in browser.find_elements(By.CSS_SELECTOR, "#moves li")] == ["U'"]
    assert not browser.find_element(By.ID, "cost").is_displayed()


def test_tables_being_built_show_how_far_they_are(browser):
    # A 4x3 board is answered from one exact table of 239.5 M boards, built on first use
    # for seconds: the page draws how far the build is until the search starts.
    with tempfile.TemporaryDirectory() as tables:
        process, server = start_service(tables)
        try:
            wait = ask(browser, server, "sliding", "1 2 3 4 5 6 7 8 9 10 0 11", size="4x3")
            built = browser.find_element(By.ID, "built")
            search = browser.find_element(By.ID, "search")
            wait.until(lambda b: built.is_displayed() and "building" in search.text)
            assert "building 1 table (" in search.text and "% done" in search.text, search.text
            assert 0 <= float(built.get_attribute("value")) < 1
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "building.png"))
            browser.find_element(By.ID, "cancel").click()
            assert not built.is_displayed()
            assert browser.find_element(By.ID, "status").text == "cancelled"
        finally:
            process.kill()
            process.wait()


def test_the_puzzle_list_speaks_to_people(browser, server):
    browser.get(server + "/")
    WebDriverWait(browser, 60).until(
        lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    names = [o.text for o in Select(browser.find_element(By.ID, "puzzle")).options]
    assert "The 15-puzzle" in names and "2x2x2 (2x2x2.def)" in names, names
    # No option of the command (`--size`), no command to compare with (`as fifteen`).
    assert not [n for n in names if "--" in n or "as fifteen" in n], names


def test_the_page_has_an_icon(server):
    with urllib.request.urlopen(server + "/favicon.ico") as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "image/svg+xml"


# cubing.js's own definition of a puzzle in its registry and the KPattern a scramble
# leads to there, asked of cubing.js in the page.
EXPORT = """const [id, scramble, done] = arguments;
import("cubing/puzzles").then(async ({ puzzles }) => {
  const kpuzzle = await puzzles[id].kpuzzle();
  done([JSON.stringify(kpuzzle.definition, null, 1),
        JSON.stringify(kpuzzle.defaultPattern().applyAlg(scramble).patternData)]);
}).catch((e) => done([String(e), null]));"""

# What cubing.js's player on the page shows: its puzzle, its moves and setup, whether the
# pattern it shows is its puzzle's solved one, and the addresses the page has loaded.
PLAYED = """const done = arguments[0];
(async () => {
  const player = document.querySelector("#player twisty-player");
  const model = player.experimentalModel;
  const [alg, setup, kpuzzle] = await Promise.all([model.alg.get(), model.setupAlg.get(), model.kpuzzle.get()]);
  const shown = await model.currentPattern.get();
  const loaded = performance.getEntriesByType("resource").map((r) => r.name);
  done([player.dataset.puzzle, alg.alg.toString(), setup.alg.toString(),
        shown.isIdentical(kpuzzle.defaultPattern()), loaded]);
})().catch((e) => done(String(e)));"""


def drawn_by(browser, server, puzzle, board):
    """Solves `board` on the page; which drawing the page chose for the answer."""
    wait = ask(browser, server, puzzle, board)
    wait.until(lambda b: b.find_element(By.ID, "player").get_attribute("data-drawn-by"))
    return browser.find_element(By.ID, "player").get_attribute("data-drawn-by")


@pytest.mark.skipif(not CUBING_JS, reason="TABLESOLVE_CUBING_JS names no folder with cubing.js")
def test_a_definition_cubing_js_knows_is_drawn_by_its_player_and_ends_solved(browser):
    scramble = "R U F' D2"
    with tempfile.TemporaryDirectory() as tables, tempfile.TemporaryDirectory() as defined:
        process, address = start_service(tables, "--cubing-js", CUBING_JS)
        try:
            browser.get(address + "/")
            definition, pattern = browser.execute_async_script(EXPORT, "3x3x3", scramble)
        finally:
            process.terminate()
            process.wait(timeout=30)
        assert definition.startswith("{"), definition
        defined = pathlib.Path(defined)
        (defined / "3x3x3.kpuzzle.json").write_text(definition)
        # Named 3x3x3 too, but not cubing.js's puzzle: ours has its centres fixed, and
        # the other has the turns of U and R exchanged.
        (defined / "ours.kpuzzle.json").write_text((ROOT / "definitions" / "3x3x3.kpuzzle.json").read_text())
        exchanged = json.loads(definition)
        exchanged["moves"]["U"], exchanged["moves"]["R"] = exchanged["moves"]["R"], exchanged["moves"]["U"]
        (defined / "exchanged.kpuzzle.json").write_text(json.dumps(exchanged))
        process, address = start_service(tables, "--definitions", str(defined), "--cubing-js", CUBING_JS)
        try:
            expected = api(address, "/v1/3x3x3.kpuzzle.json/answer", board=scramble)["moves"]
            assert drawn_by(browser, address, "3x3x3.kpuzzle.json", scramble) == "cubing.js"
            browser.find_element(By.ID, "last").click()
            puzzle, alg, setup, solved, loaded = browser.execute_async_script(PLAYED)
            # cubing.js plays the scramble typed, then the answer, and finds it solved.
            assert (puzzle, alg, setup, solved) == ("3x3x3", expected, scramble, True)
            assert "cubing.js" in browser.find_element(By.ID, "legend").text
            assert loaded and all(url.startswith(address + "/") for url in loaded), loaded
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            browser.save_screenshot(str(ARTIFACTS / "cubing-js-3x3x3.png"))
            # One move back: the player follows, short of solved.
            browser.find_element(By.ID, "back").click()
            _, alg, _, solved, _ = browser.execute_async_script(PLAYED)
            assert (alg, solved) == (" ".join(expected.split()[:-1]), False)
            # The scramble's pattern as a KPattern: set up by the answer undone.
            assert drawn_by(browser, address, "3x3x3.kpuzzle.json", pattern) == "cubing.js"
            browser.find_element(By.ID, "last").click()
            _, alg, setup, solved, _ = browser.execute_async_script(PLAYED)
            undone = [t[:-1] if t.endswith("'") else t if t.endswith("2") else t + "'" for t in reversed(alg.split())]
            assert (alg, setup, solved) == (expected, " ".join(undone), True)
            # The same name on other puzzles: drawn as rows of pieces only.
            for other in ["ours.kpuzzle.json", "exchanged.kpuzzle.json"]:
                assert drawn_by(browser, address, other, "R U") == "rows", other
                assert not browser.find_elements(By.CSS_SELECTOR, "#player twisty-player")
                assert "cubing.js" not in browser.find_element(By.ID, "legend").text
        finally:
            process.terminate()
            assert process.wait(timeout=30) == 0
