// The npm package `cubing` (cubing.js) as a second reader of KPuzzle definitions: it
// writes its own definitions of a few puzzles, random scrambles in their moves, and the
// KPattern each scramble reaches as cubing.js applies it; later it plays answers on
// those patterns and says whether each ends solved. bench/cubing.sh drives it.
//
//   node bench/cubing_check.mjs list
//   node bench/cubing_check.mjs make DIR COUNT SEED
//   node bench/cubing_check.mjs solved DIR PUZZLE ANSWERS
import { readFileSync, writeFileSync } from "node:fs";
import { puzzles } from "cubing/puzzles";

// Each puzzle, the moves its scrambles and answers use.
const CHECKED = {
  "2x2x2": ["U", "R", "F"],
  pyraminx: ["2u", "2l", "2r", "2b"],
  skewb: ["R", "L", "U", "B"],
};

// A small seeded generator (mulberry32), so that a run can be repeated.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const [command, dir, ...rest] = process.argv.slice(2);
if (command === "list") {
  for (const [name, moves] of Object.entries(CHECKED)) console.log(`${name} ${moves.join(",")}`);
} else if (command === "make") {
  const [count, seed] = rest.map(Number);
  const next = random(seed);
  for (const [name, moves] of Object.entries(CHECKED)) {
    const kpuzzle = await puzzles[name].kpuzzle();
    // The definition as JSON: cubing.js's functions and experimental fields left out.
    const definition = Object.fromEntries(
      Object.entries(kpuzzle.definition).filter(([key]) => !key.startsWith("experimental")),
    );
    writeFileSync(`${dir}/${name}.kpuzzle.json`, JSON.stringify(definition));
    const scrambles = [];
    const patterns = [];
    for (let i = 0; i < count; i++) {
      const turns = [];
      for (let j = 0; j < 25; j++) {
        const move = moves[Math.floor(next() * moves.length)];
        turns.push(move + ["", "2", "'"][Math.floor(next() * 3)]);
      }
      const alg = turns.join(" ");
      scrambles.push(alg);
      patterns.push(JSON.stringify(kpuzzle.defaultPattern().applyAlg(alg).patternData));
    }
    writeFileSync(`${dir}/${name}.scrambles`, scrambles.join("\n") + "\n");
    writeFileSync(`${dir}/${name}.patterns`, patterns.join("\n") + "\n");
  }
} else if (command === "solved") {
  const [name, answers] = rest;
  const kpuzzle = await puzzles[name].kpuzzle();
  const solved = kpuzzle.defaultPattern();
  const patterns = readFileSync(`${dir}/${name}.patterns`, "utf8").trim().split("\n");
  const lines = readFileSync(answers, "utf8").split("\n");
  let good = 0;
  patterns.forEach((text, i) => {
    const pattern = kpuzzle.defaultPattern();
    pattern.patternData = JSON.parse(text);
    const after = pattern.applyAlg(lines[i]);
    if (after.isIdentical(solved)) good++;
    else console.log(`${name}, case ${i + 1}: ${lines[i]} leaves it unsolved`);
  });
  console.log(`${good} of ${patterns.length}`);
} else {
  console.error("usage: list | make DIR COUNT SEED | solved DIR PUZZLE ANSWERS");
  process.exit(2);
}
