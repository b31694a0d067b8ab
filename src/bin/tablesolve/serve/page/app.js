// The page: asks the service for an answer and plays it on a board drawn here. The
// moves are played by this page's own rules (SPEC sections 1-3, 6-7; a definition's
// turns as the service lists them), so a board that ends at its goal is a check of
// the answer, not a picture of it.
"use strict";

const $ = (id) => document.getElementById(id);

// The Rotation Game's lines (cells L0..L6, each move shifts values towards L0) and its
// centre, and where each of the 24 cells sits on a 7x7 grid.
const LINES = {
  A: [0, 2, 6, 11, 15, 20, 22], B: [1, 3, 8, 12, 17, 21, 23],
  C: [10, 9, 8, 7, 6, 5, 4], D: [19, 18, 17, 16, 15, 14, 13],
  E: [23, 21, 17, 12, 8, 3, 1], F: [22, 20, 15, 11, 6, 2, 0],
  G: [13, 14, 15, 16, 17, 18, 19], H: [4, 5, 6, 7, 8, 9, 10],
};
const CENTRE = [6, 7, 8, 11, 12, 15, 16, 17];
const ROWS = [[2, 4], [2, 4], [0, 1, 2, 3, 4, 5, 6], [2, 4], [0, 1, 2, 3, 4, 5, 6], [2, 4], [2, 4]];
const PLACES = ROWS.flatMap((cols, row) => cols.map((col) => [row, col]));

// What each puzzle is and what to type, in words for people.
const ABOUT = {
  rotation: "The Rotation Game: 24 values, eight each of 1, 2 and 3, row by row across the # (2 + 2 + 7 + 2 + 7 + 2 + 2). Moves A-H turn a line of 7; the goal is one digit on all 8 centre cells.",
  eight: "The 8-puzzle: 9 characters, the tiles 1-8 and x for the blank, row by row. The goal is 1 2 3 / 4 5 6 / 7 8 x; some boards cannot reach it.",
  eight2: "The 8-puzzle between two boards: the start, then the target (9 characters each, x for the blank), on one line or two.",
  fifteen: "The 15-puzzle: 16 numbers, row by row, 0 for the blank. A line that starts with a label (as in Korf's files) is taken too.",
  twentyfour: "The 24-puzzle: 25 numbers, row by row, 0 for the blank. A line that starts with a label (as in Korf's files) is taken too.",
  sliding: "A sliding board of the size chosen: its numbers row by row, 0 for the blank.",
};
// The puzzles' names in the list, for people (the service's titles speak of the command).
const TITLES = {
  rotation: "The Rotation Game",
  eight: "The 8-puzzle",
  eight2: "The 8-puzzle between two boards",
  fifteen: "The 15-puzzle",
  twentyfour: "The 24-puzzle",
  sliding: "Sliding boards, 2x2 up to 5x5",
};
const SLIDES = "Each letter says where the blank goes: d down, l left, r right, u up.";

let puzzles = [];
/** A build said to take this long or longer waits for the user's word. */
const ASK_FROM_SECONDS = 5;
let source = null;   // the search followed, while it runs (an AbortController)
let timer = null;    // playing
let shown = null;    // { shape, states, moves, at, goal }
let player = null;   // cubing.js's player of the answer shown, where it draws the puzzle

/** The board's shape for the puzzle chosen: the `#` board, a grid W x H, or a
 * definition's sets. */
function shape() {
  const name = $("puzzle").value;
  if (name === "rotation") return { kind: "rotation" };
  const puzzle = puzzles.find((p) => p.name === name);
  if (puzzle.definition) return { kind: "def", def: puzzle.definition };
  // Each puzzle's size as the service lists it; `sliding` takes the one chosen.
  const size = puzzle.size || $("size").value;
  const [w, h] = size.split("x").map(Number);
  return { kind: "grid", w, h };
}

/** The start (and the target, where the case has one) of `text`, or an error. */
function readBoard(text, s) {
  if (s.kind === "def") return { start: readPosition(text, s.def), goal: s.def.goals };
  const name = $("puzzle").value;
  if (name === "eight" || name === "eight2") {
    const chars = text.replace(/\s+/g, "").toLowerCase().split("").map((c) => (c === "x" ? 0 : Number(c)));
    const need = name === "eight" ? 9 : 18;
    if (chars.length !== need || chars.some(Number.isNaN)) throw new Error(`give ${need} characters, 1-8 and x`);
    const goal = name === "eight" ? [1, 2, 3, 4, 5, 6, 7, 8, 0] : chars.slice(9);
    return { start: chars.slice(0, 9), goal };
  }
  let values = text.trim().split(/\s+/).filter((t) => t).map(Number);
  const cells = s.kind === "rotation" ? 24 : s.w * s.h;
  // A labelled line, as in Korf's files: the label goes, the board stays.
  if (s.kind === "grid" && values.length === cells + 1) values = values.slice(1);
  const what = s.kind === "rotation" ? "values 1, 2 or 3" : "numbers, 0 for the blank";
  if (values.length !== cells || values.some(Number.isNaN)) {
    throw new Error(`type ${cells} ${what}; this has ${values.length}`);
  }
  if (s.kind === "rotation") return { start: values, goal: null };
  return { start: values, goal: gridGoal(cells) };
}

/** The goal chosen for a grid of `cells` cells. */
function gridGoal(cells) {
  const chosen = $("goal-label").hidden ? "" : $("goal").value;
  if (chosen === "korf") return [...Array(cells).keys()];
  if (chosen === "typed") {
    const typed = $("goal-typed").value.trim().split(/\s+/).filter((t) => t).map(Number);
    if (typed.length !== cells || typed.some(Number.isNaN)) throw new Error(`type the goal's ${cells} numbers`);
    return typed;
  }
  return [...Array(cells - 1).keys()].map((v) => v + 1).concat([0]);
}

/** The goal as the service's parameter, "" for the default. */
function goalParameter() {
  if ($("goal-label").hidden) return "";
  const chosen = $("goal").value;
  if (chosen === "korf") return "&goal=korf";
  if (chosen === "typed") return `&goal=${encodeURIComponent($("goal-typed").value.trim())}`;
  return "";
}

/** A definition's position: a KPattern JSON object, or a scramble of its turns
 * played from the start. */
function readPosition(text, def) {
  if (text.trim().startsWith("{")) {
    const pattern = JSON.parse(text);
    const at = { pieces: [], orientation: [] };
    for (const set of def.sets) {
      const given = pattern[set.name];
      if (!given || !Array.isArray(given.pieces) || given.pieces.length !== set.pieces) {
        throw new Error(`give ${set.name} as {"pieces": [${set.pieces} numbers], "orientation": [...]}`);
      }
      at.pieces.push(given.pieces.slice());
      at.orientation.push((given.orientation || given.pieces.map(() => 0)).slice());
    }
    return at;
  }
  let at = def.start;
  for (const word of text.trim().split(/\s+/).filter((w) => w)) {
    at = play(at, word, { kind: "def", def });
    if (!at) throw new Error(`${word} is none of the turns ${def.turns.map((t) => t.name).join(" ")}`);
  }
  return at;
}

/** The cells after `move`, or null where it cannot be played. */
function play(cells, move, s) {
  if (s.kind === "def") {
    // Position i takes the piece from `from[i]`, its orientation plus `twist[i]`.
    const turn = s.def.turns.find((t) => t.name === move);
    if (!turn) return null;
    const after = (set, f) => turn.from[set].map((from, i) => f(from, i));
    return {
      pieces: cells.pieces.map((pieces, set) => after(set, (from) => pieces[from])),
      orientation: cells.orientation.map((twists, set) => after(set, (from, i) =>
        (twists[from] + turn.twist[set][i]) % s.def.sets[set].orientations)),
    };
  }
  const next = cells.slice();
  if (s.kind === "rotation") {
    const line = LINES[move];
    if (!line) return null;
    const first = next[line[0]];
    for (let i = 0; i < 6; i++) next[line[i]] = next[line[i + 1]];
    next[line[6]] = first;
    return next;
  }
  const blank = cells.indexOf(0);
  const [row, col] = [Math.floor(blank / s.w), blank % s.w];
  const to = { u: [row - 1, col], d: [row + 1, col], l: [row, col - 1], r: [row, col + 1] }[move];
  if (!to || to[0] < 0 || to[0] >= s.h || to[1] < 0 || to[1] >= s.w) return null;
  const other = to[0] * s.w + to[1];
  [next[blank], next[other]] = [next[other], next[blank]];
  return next;
}

function atGoal(cells, goal, s) {
  if (s.kind === "def") {
    const agree = (wanted, held) => wanted.every((set, k) => set.every((w, i) => w === null || w === held[k][i]));
    return goal.some((g) => agree(g.pieces, cells.pieces) && agree(g.orientation, cells.orientation));
  }
  if (!goal) return CENTRE.every((c) => cells[c] === cells[CENTRE[0]]);
  return cells.every((v, i) => v === goal[i]);
}

/** A definition's position: a row for each set, wrapping where it is long, of its
 * pieces numbered from 0 (as KPattern JSON numbers them), each with its orientation
 * under it where the set has more than one (amber where it is not 0). */
function drawSets(at, def) {
  const drawing = $("drawing");
  drawing.style.gridTemplateColumns = "";
  def.sets.forEach((set, k) => {
    const label = Object.assign(document.createElement("div"), { className: "set", textContent: set.name });
    const pieces = Object.assign(document.createElement("div"), { className: "pieces" });
    at.pieces[k].forEach((piece, i) => {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.dataset.cell = `${set.name}.${i}`;
      cell.append(Object.assign(document.createElement("span"), { textContent: String(piece) }));
      if (set.orientations > 1) {
        const twist = at.orientation[k][i];
        const shown = Object.assign(document.createElement("span"), { className: "twist", textContent: String(twist) });
        shown.classList.toggle("turned", twist !== 0);
        cell.append(shown);
      }
      pieces.append(cell);
    });
    drawing.append(label, pieces);
  });
}

/** What the drawing's numbers mean, for the puzzle drawn. */
function legend(s) {
  if (s.kind === "grid") return SLIDES;
  if (s.kind !== "def") return "";
  const turned = s.def.sets.some((set) => set.orientations > 1) ? "; the small digit under a piece is its orientation" : "";
  return `Pieces are numbered from 0, as KPattern JSON numbers them${turned}.`;
}

function draw(cells, s, goal) {
  const drawing = $("drawing");
  drawing.replaceChildren();
  drawing.classList.toggle("sets", s.kind === "def");
  if (s.kind === "def") {
    drawSets(cells, s.def);
    const done = atGoal(cells, goal, s);
    drawing.classList.toggle("at-goal", done);
    drawing.dataset.atGoal = String(done);
    return;
  }
  const columns = s.kind === "rotation" ? 7 : s.w;
  drawing.style.gridTemplateColumns = `repeat(${columns}, 3rem)`;
  cells.forEach((value, i) => {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.cell = i;
    cell.textContent = value === 0 && s.kind === "grid" ? "" : String(value);
    if (s.kind === "grid" && value === 0) cell.classList.add("blank");
    if (s.kind === "rotation") {
      cell.classList.add(`d${value}`);
      if (CENTRE.includes(i)) cell.classList.add("centre");
      cell.style.gridRow = PLACES[i][0] + 1;
      cell.style.gridColumn = PLACES[i][1] + 1;
    }
    drawing.append(cell);
  });
  const done = atGoal(cells, goal, s);
  drawing.classList.toggle("at-goal", done);
  drawing.dataset.atGoal = String(done);
}

/** Eight II's target, drawn beside the start. */
function drawTarget(goal, s) {
  const box = $("target-box");
  box.hidden = !(s.kind === "grid" && $("puzzle").value === "eight2" && goal);
  const drawing = $("target-drawing");
  drawing.replaceChildren();
  if (box.hidden) return;
  drawing.style.gridTemplateColumns = `repeat(${s.w}, 3rem)`;
  for (const value of goal) {
    const cell = Object.assign(document.createElement("div"), { className: "cell", textContent: value === 0 ? "" : String(value) });
    if (value === 0) cell.classList.add("blank");
    drawing.append(cell);
  }
}

/** The service's words for people: a message without the command line's place
 * (`case 1, line 1, column 15: `) and with quotes in place of backticks. */
function plain(message) {
  return message.replace(/^case \d+, line \d+, column \d+: /, "").replace(/`([^`]*)`/g, "“$1”");
}

function say(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

/** Shows state number `at` of the answer played, its move marked. */
function showAt(at) {
  shown.at = Math.max(0, Math.min(at, shown.moves.length));
  draw(shown.states[shown.at], shown.shape, shown.goal);
  if (player) {
    player.alg = shown.moves.slice(0, shown.at).join(" ");
    player.timestamp = "end";
  }
  [...$("moves").children].forEach((li, i) => {
    li.classList.toggle("done", i < shown.at - 1);
    li.classList.toggle("current", i === shown.at - 1);
  });
  const end = shown.at === shown.moves.length;
  const goal = $("drawing").dataset.atGoal === "true" ? ", at the goal" : "";
  $("where").textContent = `move ${shown.at} of ${shown.moves.length}${goal}`;
  if (end) pause();
}

function pause() {
  clearInterval(timer);
  timer = null;
  $("play").textContent = "Play";
}

/** Plays `answer` to `board` (as `asked`: the puzzle's name and the text sent). */
function answered(answer, board, s, asked) {
  player = null;
  $("player").replaceChildren();
  $("player").dataset.drawnBy = "";
  if (answer.solvable === false) return say("unsolvable: the goal cannot be reached from this board");
  if (answer.status === "limit") {
    return say(`The search reached the service's time limit before it found the answer. ` +
      `It proved that every answer has at least ${answer.lower_bound} moves. ` +
      `Quicker databases, or a board nearer the goal, may be answered in time.`, true);
  }
  // A definition's turns are words; the built-in puzzles' moves are letters.
  const moves = s.kind === "def" ? answer.moves.split(" ").filter((m) => m) : [...answer.moves];
  const states = [board.start];
  for (const move of moves) {
    const next = play(states[states.length - 1], move, s);
    if (!next) return say(`the answer's move ${move} cannot be played`, true);
    states.push(next);
  }
  shown = { shape: s, states, moves, goal: board.goal, at: 0 };
  for (const id of ["first", "back", "play", "step", "last"]) $(id).disabled = false;
  $("legend").textContent = legend(s);
  $("moves").replaceChildren(...moves.map((m) => Object.assign(document.createElement("li"), { textContent: m })));
  const seconds = answer.seconds === undefined ? "" : `, found in ${answer.seconds.toFixed(3)} s`;
  const digit = answer.digit ? `, centre ${answer.digit}` : "";
  say(`${moves.length} moves${digit}${seconds}`);
  showAt(0);
  if (s.kind === "def") drawWithCubing(s.def, shown, asked);
}

/** cubing.js's own player above the rows of pieces, where the service serves cubing.js
 * and the definition is one of its puzzles, solved at its start: it starts from the
 * scramble asked (for a KPattern, from the answer undone) and follows the moves shown. */
async function drawWithCubing(def, answer, asked) {
  const drawn = await cubingPlayer(def, answer, asked).catch(() => null);
  if (shown !== answer) return;
  // Which drawing the page chose, once it has (`cubing.js` or `rows`).
  $("player").dataset.drawnBy = drawn ? "cubing.js" : "rows";
  if (!drawn) return;
  player = drawn;
  $("player").replaceChildren(player);
  $("legend").textContent = `Drawn by cubing.js ${document.body.dataset.cubing} (its puzzle ` +
    `${player.dataset.puzzle}) above the rows of pieces. ${legend(answer.shape)}`;
  showAt(answer.at);
}

/** cubing.js's player for `answer`, or null where cubing.js does not draw it. */
async function cubingPlayer(def, answer, asked) {
  const puzzle = puzzles.find((p) => p.name === asked.name);
  if (!document.body.dataset.cubing || !puzzle || !goalIsStart(def)) return null;
  const typed = asked.text.trim();
  let setup = typed;
  if (typed.startsWith("{")) {
    const undone = answer.moves.slice().reverse().map((turn) => inverse(turn, def));
    if (undone.includes(null)) return null;
    setup = undone.join(" ");
  }
  const id = await cubingPuzzle(puzzle, def);
  if (!id) return null;
  const twisty = await import("cubing/twisty");
  const drawn = new twisty.TwistyPlayer({
    puzzle: id,
    experimentalSetupAlg: setup,
    controlPanel: "none",
    background: "none",
    // Flat where the browser has no WebGL to draw it in 3D with.
    visualization: hasWebGL() ? "auto" : "2D",
  });
  drawn.dataset.puzzle = id;
  return drawn;
}

/** Whether the definition's one goal is its start, where the goal cares (cubing.js's
 * 3x3x3 does not care how its centres are turned): cubing.js plays its puzzles to its
 * own solved pattern. */
function goalIsStart(def) {
  const same = (goal, start) => goal.every((sets, k) => sets.every((x, i) => x === null || x === start[k][i]));
  return def.goals.length === 1 && same(def.goals[0].pieces, def.start.pieces) &&
    same(def.goals[0].orientation, def.start.orientation);
}

let webGL = null;
function hasWebGL() {
  if (webGL === null) webGL = Boolean(document.createElement("canvas").getContext("webgl2"));
  return webGL;
}

/** The id of the puzzle of cubing.js that a definition served as `puzzle` is, by its
 * file's name or its title, or null where none is the same. */
async function cubingPuzzle(puzzle, def) {
  const { puzzles: known } = await import("cubing/puzzles");
  const names = [puzzle.name.split(".")[0], puzzle.title].filter((n) => n).map((n) => n.toLowerCase());
  for (const id of new Set(names)) {
    if (Object.hasOwn(known, id) && known[id].kpuzzle && sameAs(def, await known[id].kpuzzle())) return id;
  }
  return null;
}

/** Whether a definition is cubing.js's KPuzzle `kpuzzle`: the same orbits, solved
 * state and turns, piece for piece (a name alone could mean another puzzle). */
function sameAs(def, kpuzzle) {
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const orbits = kpuzzle.definition.orbits;
  const solved = kpuzzle.defaultPattern().patternData;
  try {
    return orbits.length === def.sets.length && def.sets.every((set, k) => {
      const orbit = orbits.find((o) => o.orbitName === set.name);
      return orbit && orbit.numPieces === set.pieces && orbit.numOrientations === set.orientations &&
        same(solved[set.name].pieces, def.start.pieces[k]) &&
        same(solved[set.name].orientation, def.start.orientation[k]);
    }) && def.turns.every((turn) => {
      const data = kpuzzle.moveToTransformation(turn.name).transformationData;
      return def.sets.every((set, k) => same(data[set.name].permutation, turn.from[k]) &&
        same(data[set.name].orientationDelta, turn.twist[k]));
    });
  } catch {
    return false;  // a turn cubing.js cannot read
  }
}

function stopSearch(message) {
  if (source) source.abort();
  source = null;
  $("cancel").hidden = true;
  $("solve").disabled = false;
  $("search").hidden = true;
  $("built").hidden = true;
  if (message) say(message);
}

/** The puzzle list as the service has it now: which tables are built changes while the
 * page is open (built by a request, by another client, by the command), so each
 * question of what a build costs asks again; where the service cannot be asked, the
 * list at hand stands. */
async function refreshPuzzles() {
  try {
    const response = await fetch("/v1/puzzles");
    if (response.ok) puzzles = (await response.json()).puzzles;
  } catch {
    // The list at hand.
  }
}

/** The databases a solve would use and whether they are built: `null` where nothing
 * needs building (or the puzzle has none), else { chosen, quick } to warn of. */
function unbuilt() {
  const puzzle = puzzles.find((p) => p.name === $("puzzle").value);
  if (!puzzle) return null;
  // A definition's tables: asked about where they take more than a few seconds.
  if (puzzle.build) {
    if (puzzle.build.seconds < ASK_FROM_SECONDS) return null;
    const tables = puzzle.build.tables === 1 ? "table" : "tables";
    return { chosen: { name: puzzle.name, cost: puzzle.build.cost, what: tables } };
  }
  if (!puzzle.partitions || $("partition-label").hidden) return null;
  const goal = $("goal-label").hidden ? "default" : $("goal").value || "default";
  if (goal === "typed") {
    // Whether a typed goal's databases are built, the page cannot tell: it asks.
    const chosen = $("partition").value.trim() ? null : puzzle.partitions.find((p) => p.default);
    return chosen && chosen.cost ? { chosen: { ...chosen, cost: `${chosen.cost}, unless built for this goal before` } } : null;
  }
  const present = (p) => p.present[goal];
  // Databases named on the page are used only where built (the service says so);
  // named none, the service takes the best built, and builds its default if none is.
  if ($("partition").value.trim() || puzzle.partitions.some(present)) return null;
  const chosen = puzzle.partitions.find((p) => p.default);
  if (!chosen) return null;
  const quick = puzzle.partitions.find((p) => p !== chosen);
  return { chosen, quick };
}

async function solve(confirmed = false) {
  pause();
  $("cost").hidden = true;
  if (!confirmed) await refreshPuzzles();
  const s = shape();
  const text = $("board").value;
  let board;
  try {
    board = readBoard(text, s);
  } catch (e) {
    return say(e.message, true);
  }
  const cost = confirmed ? null : unbuilt();
  if (cost) {
    // The quicker databases are built with the command (the service builds only its
    // default), then named here.
    const size = $("puzzle").value;
    $("cost-text").textContent = `Solving first builds the ${cost.chosen.name} ${cost.chosen.what || "databases"}: ${cost.chosen.cost}. ` +
      (cost.quick ? `The ${cost.quick.name} databases take ${cost.quick.cost} and answer more slowly: build them ` +
        `with “tablesolve ${size} --partition ${cost.quick.name}${goalParameter() ? " --goal korf" : ""} < /dev/null”, then name them under Databases.` : "");
    $("quick").hidden = !cost.quick;
    if (cost.quick) {
      $("quick").textContent = `Name ${cost.quick.name} instead`;
      $("quick").onclick = () => { $("partition").value = cost.quick.name; solve(); };
    }
    $("build").onclick = () => solve(true);
    $("cost").hidden = false;
    return say("");
  }
  const name = $("puzzle").value;
  const size = name === "sliding" ? `&size=${$("size").value}` : "";
  const chosen = $("partition-label").hidden ? "" : $("partition").value.trim();
  const partition = chosen ? `&partition=${encodeURIComponent(chosen)}` : "";
  // The board as the service reads it: the label of a labelled line left out.
  const sent = s.kind === "grid" && name !== "eight" && name !== "eight2" ? board.start.join(" ") : text;
  const url = `/v1/${encodeURIComponent(name)}/answer?events=true${size}${partition}${goalParameter()}` +
    `&board=${encodeURIComponent(sent)}`;
  stopSearch();
  const started = performance.now();
  const controller = new AbortController();
  source = controller;
  $("solve").disabled = true;
  $("cancel").hidden = false;
  say(cost === null && confirmed ? "building the databases, then solving…" : "solving…");
  const events = {
    building(b) {
      const share = b.work ? b.done / b.work : 0;
      $("built").hidden = false;
      $("built").value = share;
      $("search").hidden = false;
      const tables = b.tables.length === 1 ? "1 table" : `${b.tables.length} tables`;
      $("search").textContent = `building ${tables} (${Math.floor(100 * share)}% done, ` +
        `${Math.round(b.seconds)} s so far)`;
    },
    progress(p) {
      $("built").hidden = true;
      $("search").hidden = performance.now() - started < 1000;
      if ($("search").hidden) return;
      $("search").hidden = false;
      $("search").textContent = `bound ${p.bound}, ${p.nodes.toLocaleString()} nodes, ` +
        `${Math.round(p.nodes_per_second).toLocaleString()} nodes/s, ${p.seconds.toFixed(1)} s`;
    },
    answer(a) {
      stopSearch();
      answered(a, board, s, { name, text });
    },
    error(e) {
      stopSearch();
      say(plain(e.error), true);
    },
  };
  follow(url, controller, events).catch((e) => {
    if (controller.signal.aborted) return;
    stopSearch();
    say(`the connection to the service was lost (${e.message})`, true);
  });
}

/** Reads the server-sent events of `url` (`event: NAME`, `data: JSON`), handing each to
 * `events[NAME]`; a refusal (400, 404, 413, 503) is shown as the service's message. */
async function follow(url, controller, events) {
  const response = await fetch(url, { signal: controller.signal });
  if (!response.ok) {
    const body = await response.text();
    let message = body.trim();
    try { message = JSON.parse(body).error || message; } catch (_) { /* the text itself */ }
    if (response.status === 503) message += " (the service is busy: try again in a moment)";
    return events.error({ error: message });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) name = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      if (events[name] && data.length) events[name](JSON.parse(data.join("\n")));
    }
  }
}

async function randomBoard() {
  const name = $("puzzle").value;
  const size = name === "sliding" ? `?size=${$("size").value}` : "";
  const response = await fetch(`/v1/${encodeURIComponent(name)}/random${size}`);
  const body = await response.json();
  if (!response.ok) return say(plain(body.error), true);
  const s = shape();
  $("board").value = body.board;
  if (s.kind === "def") {
    // The shortest scramble where its answer is found at once; else the service's
    // (longer, found with no table); else the position itself.
    await refreshPuzzles();
    const puzzle = puzzles.find((p) => p.name === name);
    const quick = !puzzle || !puzzle.build || puzzle.build.seconds < ASK_FROM_SECONDS;
    const shortest = quick ? await answerUndone(name, body.board, s.def) : null;
    $("board").value = shortest || body.scramble || body.board;
  }
  preview();
}

/** A defined puzzle's position as the shortest scramble that reaches it: its answer
 * undone, turn by turn from the last; `null` where the answer takes longer than a
 * second to find. */
async function answerUndone(name, position, def) {
  const query = `board=${encodeURIComponent(position)}&timeout=1`;
  const response = await fetch(`/v1/${encodeURIComponent(name)}/answer?${query}`);
  const answer = await response.json();
  if (!response.ok || typeof answer.moves !== "string" || !answer.moves) return null;
  const undone = answer.moves.split(" ").reverse().map((turn) => inverse(turn, def));
  return undone.includes(null) ? null : undone.join(" ");
}

/** The turn that undoes `turn`: played after it, every piece is back in place. */
function inverse(turn, def) {
  const s = { kind: "def", def };
  const placed = {
    pieces: def.sets.map((set) => [...Array(set.pieces).keys()]),
    orientation: def.sets.map((set) => Array(set.pieces).fill(0)),
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const after = play(placed, turn, s);
  const undo = after && def.turns.find((t) => same(play(after, t.name, s), placed));
  return undo ? undo.name : null;
}

/** Draws the board as typed, before it is solved. */
function preview() {
  pause();
  shown = null;
  player = null;
  $("player").replaceChildren();
  $("player").dataset.drawnBy = "";
  $("cost").hidden = true;
  $("moves").replaceChildren();
  $("where").textContent = "";
  for (const id of ["first", "back", "play", "step", "last"]) $(id).disabled = true;
  try {
    const s = shape();
    $("legend").textContent = legend(s);
    const board = readBoard($("board").value, s);
    draw(board.start, s, board.goal);
    drawTarget(board.goal, s);
    say("");
  } catch (e) {
    $("drawing").replaceChildren();
    $("target-box").hidden = true;
  }
}

function choosePuzzle() {
  const puzzle = puzzles.find((p) => p.name === $("puzzle").value);
  $("about").textContent = ABOUT[puzzle.name] || puzzle.about;
  $("goal-label").hidden = !puzzle.parameters.includes("goal");
  $("goal").value = "";
  $("goal-typed").hidden = true;
  $("size-label").hidden = puzzle.name !== "sliding";
  // Searched puzzles may name their databases; the service's default is the best present.
  $("partition-label").hidden = !puzzle.parameters.includes("partition");
  $("partition").value = "";
  $("partitions").replaceChildren(...(puzzle.partitions || []).map((p) => new Option(p.cost, p.name)));
  $("board").value = "";
  preview();
}

async function start() {
  await refreshPuzzles();
  for (const p of puzzles) $("puzzle").append(new Option(TITLES[p.name] || `${p.title} (${p.name})`, p.name));
  for (const size of puzzles.find((p) => p.name === "sliding").sizes) $("size").append(new Option(size, size));
  $("size").value = "3x4";
  $("puzzle").value = "eight";
  $("puzzle").addEventListener("change", choosePuzzle);
  $("size").addEventListener("change", choosePuzzle);
  $("board").addEventListener("input", preview);
  $("random").addEventListener("click", randomBoard);
  $("solve").addEventListener("click", () => solve());
  $("goal").addEventListener("change", () => {
    $("goal-typed").hidden = $("goal").value !== "typed";
    preview();
  });
  $("goal-typed").addEventListener("input", preview);
  $("cancel").addEventListener("click", () => stopSearch("cancelled"));
  $("first").addEventListener("click", () => shown && showAt(0));
  $("back").addEventListener("click", () => shown && showAt(shown.at - 1));
  $("step").addEventListener("click", () => shown && showAt(shown.at + 1));
  $("last").addEventListener("click", () => shown && showAt(shown.moves.length));
  $("play").addEventListener("click", () => {
    if (!shown) return;
    if (timer) return pause();
    if (shown.at === shown.moves.length) showAt(0);
    $("play").textContent = "Pause";
    timer = setInterval(() => showAt(shown.at + 1), 300);
  });
  choosePuzzle();
  document.body.dataset.ready = "true";
}

start();
