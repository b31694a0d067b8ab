// Every puzzle in the npm package `cubing`'s puzzle list (cubing/puzzles) against
// tablesolve's `def`: for each puzzle that has a KPuzzle, its definition as cubing.js
// gives it and a few random scrambles in the definition's own move names; later, the
// answers tablesolve wrote are played in cubing.js after their scrambles, and each case
// is called solved when the pattern reached is identical to the default pattern.
// bench/cubing_all.md holds the last report and the exact commands of that run.
//
// Run it from a directory where `import "cubing/puzzles"` resolves (one with the
// package installed: `npm install --no-audit --no-fund cubing`, then copy this file in):
//
//   node cubing_all.mjs list                      id, orbits and moves of each puzzle
//   node cubing_all.mjs make DIR [COUNT] [SEED]   DIR/ID.kpuzzle.json, DIR/ID.scrambles
//                                                 (default: 3 scrambles, seed 1)
//   node cubing_all.mjs solved DIR ID ANSWERS     one line per case, then "k of n solved"
//
// A scramble is 10 turns; each turn is a move of the definition (a key of its `moves`,
// never the one just used) and one of the powers "", "2", "'", leaving out a move and
// power cubing.js's applyAlg refuses (`make` lists those). The generator is seeded
// with SEED and the puzzle's id, so a puzzle's scrambles do not depend on the list.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { puzzles } from "cubing/puzzles";

const TURNS = 10;
const POWERS = ["", "2", "'"];

// xorshift32 on a state mixed from the seed and the id's characters (FNV-1a style).
function generator(seed, id) {
  let state = (2166136261 ^ seed) >>> 0;
  for (const ch of id) state = Math.imul(state ^ ch.charCodeAt(0), 16777619) >>> 0;
  if (state === 0) state = 1;
  const word = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  for (let i = 0; i < 8; i++) word(); // move away from the mixed start
  return (n) => word() % n; // an integer in [0, n); n is small here
}

// The KPuzzle of a puzzle in the list, or the reason there is none.
async function load(id) {
  const loader = puzzles[id];
  if (typeof loader?.kpuzzle !== "function") return { why: "no kpuzzle()" };
  try {
    const kpuzzle = await loader.kpuzzle();
    if (!kpuzzle?.definition) return { why: "kpuzzle() gave no definition" };
    return { kpuzzle };
  } catch (error) {
    return { why: `kpuzzle() throws: ${String(error).slice(0, 120)}` };
  }
}

function describe(definition) {
  const orbits = Object.keys(definition.orbits).length;
  const moves = Object.keys(definition.moves).length;
  const derived = Object.keys(definition.derivedMoves ?? {}).length;
  return { orbits, moves, derived };
}

// The turns cubing.js can play, by move: a move's name with each power that
// \`applyAlg\` accepts (it refuses, say, "y22" for a move named "y2"), and the names
// it plays with no power at all.
function playable(kpuzzle) {
  const turns = [];
  const unplayable = [];
  for (const name of Object.keys(kpuzzle.definition.moves)) {
    const powers = POWERS.filter((power) => {
      try {
        kpuzzle.defaultPattern().applyAlg(name + power);
        return true;
      } catch {
        return false;
      }
    });
    if (powers.length) turns.push({ name, powers });
    else unplayable.push(name);
    for (const power of POWERS) if (powers.length && !powers.includes(power)) unplayable.push(name + power);
  }
  return { turns, unplayable };
}

function scramble(next, turns) {
  const out = [];
  let last = -1;
  for (let i = 0; i < TURNS; i++) {
    let pick = next(turns.length);
    if (turns.length > 1) while (pick === last) pick = next(turns.length);
    last = pick;
    const { name, powers } = turns[pick];
    out.push(name + powers[next(powers.length)]);
  }
  return out.join(" ");
}

const [command, dir, ...rest] = process.argv.slice(2);

if (command === "list") {
  for (const id of Object.keys(puzzles)) {
    const { kpuzzle, why } = await load(id);
    if (!kpuzzle) console.log(`${id}\tno KPuzzle (${why})`);
    else {
      const { orbits, moves, derived } = describe(kpuzzle.definition);
      console.log(`${id}\t${orbits} orbits\t${moves} moves\t${derived} derived moves`);
    }
  }
} else if (command === "make" && dir) {
  const count = Number(rest[0] ?? 3);
  const seed = Number(rest[1] ?? 1);
  mkdirSync(dir, { recursive: true });
  for (const id of Object.keys(puzzles)) {
    const { kpuzzle, why } = await load(id);
    if (!kpuzzle) {
      console.log(`${id}\tno KPuzzle\t${why}`);
      continue;
    }
    const definition = kpuzzle.definition;
    writeFileSync(`${dir}/${id}.kpuzzle.json`, JSON.stringify(definition));
    const next = generator(seed, id);
    const { turns, unplayable } = playable(kpuzzle);
    const lines = [];
    const problems = [];
    if (unplayable.length) problems.push(`left out, cubing.js cannot play: ${unplayable.join(" ")}`);
    for (let i = 0; i < count; i++) {
      const alg = scramble(next, turns);
      lines.push(alg);
      // cubing.js must be able to play its own scramble, or the check means nothing.
      try {
        kpuzzle.defaultPattern().applyAlg(alg);
      } catch (error) {
        problems.push(`case ${i + 1}: cubing.js cannot play it: ${String(error).slice(0, 100)}`);
      }
    }
    writeFileSync(`${dir}/${id}.scrambles`, lines.join("\n") + "\n");
    const { orbits, moves, derived } = describe(definition);
    const note = problems.length ? `\t${problems.join("; ")}` : "";
    console.log(`${id}\t${orbits} orbits\t${moves} moves\t${derived} derived${note}`);
  }
} else if (command === "solved" && dir && rest.length === 2) {
  const [id, answersFile] = rest;
  const { kpuzzle, why } = await load(id);
  if (!kpuzzle) {
    console.error(`${id}: no KPuzzle (${why})`);
    process.exit(2);
  }
  const home = kpuzzle.defaultPattern();
  const scrambles = readFileSync(`${dir}/${id}.scrambles`, "utf8").replace(/\n$/, "").split("\n");
  // An empty or missing file answers nothing; an empty line is the empty answer.
  let text = "";
  try {
    text = readFileSync(answersFile, "utf8");
  } catch {
    // no answers file: every case counts as unanswered
  }
  const answers = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  let good = 0;
  scrambles.forEach((alg, i) => {
    const answer = answers[i];
    let verdict;
    if (answer === undefined) verdict = "no answer";
    else {
      try {
        const reached = kpuzzle.defaultPattern().applyAlg(alg).applyAlg(answer);
        if (reached.isIdentical(home)) {
          verdict = "solved";
          good++;
        } else verdict = "NOT solved";
      } catch (error) {
        verdict = `cannot be played in cubing.js: ${String(error).slice(0, 100)}`;
      }
    }
    console.log(`${id} case ${i + 1}: ${verdict}\t[${alg}] + [${answer ?? ""}]`);
  });
  console.log(`${good} of ${scrambles.length} solved`);
} else {
  console.error("usage: list | make DIR [COUNT] [SEED] | solved DIR ID ANSWERS");
  process.exit(2);
}
