#!/usr/bin/env bash
# A defined puzzle's pattern databases built from nothing by two builds of
# `build-tables`, in turn, each size into an empty directory of its own (under
# /usr/bin/time: wall time, peak memory), the tables of both then compared byte for
# byte. Sizes are memory budgets (`--memory`), each with the databases it adds: 200M
# (the 3x3x3's corners and edges in groups of six), 600M (edges in groups of seven
# and five), 8G (eight and four).
#
#   bash bench/def_build.sh OLD_BUILD_TABLES NEW_BUILD_TABLES [DEFINITION] [BUDGET...]
#       default: definitions/3x3x3.def 200M 600M
#
# Prints a Markdown table; results: bench/def_build.md.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
old=$1 new=$2
definition=${3:-definitions/3x3x3.def}
shift $(($# < 3 ? $# : 3))
budgets=("${@:-200M}")
[ $# -eq 0 ] && budgets=(200M 600M)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
only=()

echo "| budget | build | wall (s) | peak memory (MB) | tables |"
echo "| --- | --- | --- | --- | --- |"
for budget in "${budgets[@]}"; do
    for which in old new; do
        binary=$old
        [ "$which" = new ] && binary=$new
        dir="$work/$which-$budget"
        mkdir -p "$dir"
        /usr/bin/time -f "%e %M" -o "$work/time" \
            "$binary" --out "$dir" --definition "$definition" --memory "$budget" > /dev/null 2>&1
        read -r wall kilobytes < "$work/time"
        count=$(find "$dir" -name '*.tbl' | wc -l)
        echo "| $budget | $which | $wall | $((kilobytes / 1024)) | $count |"
    done
    # Each table both builds made compared; one made by one build alone (a size the
    # other does not have) named.
    for table in "$work"/{old,new}-"$budget"/*.tbl; do
        name=$(basename "$table")
        other="$work/old-$budget/$name"
        [ "$table" = "$other" ] && other="$work/new-$budget/$name"
        if [ ! -e "$other" ]; then
            only+=("$budget: $name")
        elif [[ "$table" == "$work/old-"* ]]; then
            cmp "$table" "$other" || { echo "$name: the two builds differ" >&2; exit 1; }
        fi
    done
    rm -rf "$work/old-$budget" "$work/new-$budget"
done
echo
echo "Every table both builds made the same, byte for byte."
for name in "${only[@]}"; do
    echo "Made by one build only (not compared): $name"
done
