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

let puzzles = [];
let source = null;   // the search followed, while it runs
let timer = null;    // playing
let shown = null;    // { shape, states, moves, at, goal }

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
  const values = text.trim().split(/\s+/).filter((t) => t).map(Number);
  const cells = s.kind === "rotation" ? 24 : s.w * s.h;
  if (values.length !== cells || values.some(Number.isNaN)) throw new Error(`give ${cells} numbers`);
  if (s.kind === "rotation") return { start: values, goal: null };
  return { start: values, goal: [...Array(cells - 1).keys()].map((v) => v + 1).concat([0]) };
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

/** A definition's position: a row for each set, of numbered pieces (from 1), each
 * with its orientation where the set has more than one. */
function drawSets(at, def) {
  const drawing = $("drawing");
  const widest = Math.max(...def.sets.map((set) => set.pieces));
  drawing.style.gridTemplateColumns = `auto repeat(${widest}, 3rem)`;
  def.sets.forEach((set, k) => {
    const label = Object.assign(document.createElement("div"), { className: "set", textContent: set.name });
    label.style.gridRow = k + 1;
    drawing.append(label);
    at.pieces[k].forEach((piece, i) => {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.dataset.cell = `${set.name}.${i}`;
      cell.textContent = String(piece + 1);
      if (set.orientations > 1) {
        cell.append(Object.assign(document.createElement("sup"), { textContent: String(at.orientation[k][i]) }));
      }
      cell.style.gridRow = k + 1;
      drawing.append(cell);
    });
  });
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

function say(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

/** Shows state number `at` of the answer played, its move marked. */
function showAt(at) {
  shown.at = Math.max(0, Math.min(at, shown.moves.length));
  draw(shown.states[shown.at], shown.shape, shown.goal);
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

function answered(answer, board, s) {
  if (answer.solvable === false) return say("unsolvable: the goal cannot be reached from this board");
  if (answer.status === "limit") {
    return say(`stopped at the limit: every answer has at least ${answer.lower_bound} moves`, true);
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
  $("moves").replaceChildren(...moves.map((m) => Object.assign(document.createElement("li"), { textContent: m })));
  const seconds = answer.seconds === undefined ? "" : `, found in ${answer.seconds.toFixed(3)} s`;
  const digit = answer.digit ? `, centre ${answer.digit}` : "";
  say(`${moves.length} moves${digit}${seconds}`);
  showAt(0);
}

function stopSearch(message) {
  if (source) source.close();
  source = null;
  $("cancel").hidden = true;
  $("solve").disabled = false;
  $("search").hidden = true;
  if (message) say(message);
}

function solve() {
  pause();
  const s = shape();
  const text = $("board").value;
  let board;
  try {
    board = readBoard(text, s);
  } catch (e) {
    return say(e.message, true);
  }
  const name = $("puzzle").value;
  const size = name === "sliding" ? `&size=${$("size").value}` : "";
  const chosen = $("partition-label").hidden ? "" : $("partition").value.trim();
  const partition = chosen ? `&partition=${encodeURIComponent(chosen)}` : "";
  const url = `/v1/${encodeURIComponent(name)}/answer?events=true${size}${partition}&board=${encodeURIComponent(text)}`;
  stopSearch();
  const started = performance.now();
  source = new EventSource(url);
  $("solve").disabled = true;
  $("cancel").hidden = false;
  say("solving…");
  source.addEventListener("progress", (event) => {
    const p = JSON.parse(event.data);
    if (performance.now() - started < 1000) return;
    $("search").hidden = false;
    $("search").textContent = `bound ${p.bound}, ${p.nodes.toLocaleString()} nodes, ` +
      `${Math.round(p.nodes_per_second).toLocaleString()} nodes/s, ${p.seconds.toFixed(1)} s`;
  });
  source.addEventListener("answer", (event) => {
    stopSearch();
    answered(JSON.parse(event.data), board, s);
  });
  source.addEventListener("error", (event) => {
    // The service's own `error` event has a message; a lost connection has none.
    const message = event.data ? JSON.parse(event.data).error : "the connection to the service was lost";
    stopSearch();
    say(message, true);
  });
}

async function randomBoard() {
  const name = $("puzzle").value;
  const size = name === "sliding" ? `?size=${$("size").value}` : "";
  const response = await fetch(`/v1/${encodeURIComponent(name)}/random${size}`);
  const body = await response.json();
  if (!response.ok) return say(body.error, true);
  $("board").value = body.board;
  preview();
}

/** Draws the board as typed, before it is solved. */
function preview() {
  pause();
  shown = null;
  $("moves").replaceChildren();
  $("where").textContent = "";
  try {
    const s = shape();
    const board = readBoard($("board").value, s);
    draw(board.start, s, board.goal);
    say("");
  } catch (e) {
    $("drawing").replaceChildren();
  }
}

function choosePuzzle() {
  const puzzle = puzzles.find((p) => p.name === $("puzzle").value);
  $("about").textContent = puzzle.about;
  $("size-label").hidden = puzzle.name !== "sliding";
  // Searched puzzles may name their databases; the service's default is the best present.
  $("partition-label").hidden = !puzzle.parameters.includes("partition");
  $("partition").value = "";
  $("partitions").replaceChildren(...(puzzle.partitions || []).map((p) => new Option(p.cost, p.name)));
  $("board").value = "";
  preview();
}

async function start() {
  puzzles = (await (await fetch("/v1/puzzles")).json()).puzzles;
  for (const p of puzzles) $("puzzle").append(new Option(`${p.name}: ${p.title}`, p.name));
  for (const size of puzzles.find((p) => p.name === "sliding").sizes) $("size").append(new Option(size, size));
  $("size").value = "3x4";
  $("puzzle").value = "eight";
  $("puzzle").addEventListener("change", choosePuzzle);
  $("size").addEventListener("change", choosePuzzle);
  $("board").addEventListener("input", preview);
  $("random").addEventListener("click", randomBoard);
  $("solve").addEventListener("click", solve);
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
