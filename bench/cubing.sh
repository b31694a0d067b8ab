#!/usr/bin/env bash
# The KPuzzle reader against cubing.js (the npm package `cubing`, installed into a
# scratch directory): for each puzzle of bench/cubing_check.mjs, cubing.js's own
# definition, COUNT random scrambles of 25 turns and the pattern cubing.js reaches with
# each. tablesolve answers the scrambles and, separately, the patterns: the answers
# must be the same line for line (the reader plays the scrambles as cubing.js does),
# and cubing.js must find each answer, played on its pattern, solved. Needs node and
# npm (with the registry reachable).
#
#   bash bench/cubing.sh [COUNT] [SEED]      default: 200 cases, seed 1
#
# bench/cubing.md holds the last report.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-200}
seed=${2:-1}
cargo build --release --quiet
bin=$PWD/target/release/tablesolve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm install --silent --no-audit --no-fund cubing > /dev/null)
cp bench/cubing_check.mjs "$work/"
mkdir "$work/out" "$work/tables"
(cd "$work" && node cubing_check.mjs make out "$count" "$seed")

echo "machine: $(nproc) cores; commit $(git rev-parse --short HEAD); cubing $(cd "$work" && node -p 'JSON.parse(require("fs").readFileSync("node_modules/cubing/package.json")).version')"
echo
echo "| puzzle | moves | cases | answers from scrambles and from patterns | solved as cubing.js plays them |"
echo "|---|---|---|---|---|"
moves=$(cd "$work" && node cubing_check.mjs list)
while read -r name list; do
    def="$work/out/$name.kpuzzle.json"
    "$bin" --tables "$work/tables" def --moves "$list" "$def" "$work/out/$name.scrambles" \
        > "$work/$name.from-scrambles" 2> /dev/null
    "$bin" --tables "$work/tables" def --moves "$list" "$def" "$work/out/$name.patterns" \
        > "$work/$name.from-patterns" 2> /dev/null
    same=differ
    cmp -s "$work/$name.from-scrambles" "$work/$name.from-patterns" && same=same
    solved=$(cd "$work" && node cubing_check.mjs solved out "$name" "$name.from-patterns" | tail -1)
    echo "| $name | $list | $count | $same | $solved |"
done <<< "$moves"
