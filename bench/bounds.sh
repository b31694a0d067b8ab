#!/usr/bin/env bash
# The 24-puzzle's bounds board by board, in one process (examples/bounds.rs): each
# board of FILE under 6-6-6-6, compound and the default (the faster of the two,
# iteration by iteration), SECONDS each, taking turns; a Markdown row a board.
#
#   TABLESOLVE_TABLES=DIR bash bench/bounds.sh [SECONDS] [FILE]
#
# FILE defaults to bench/random400-sample.in: the 39 of the 400 random boards of
# Clausecker's 24puzzle repository (doc/400-random.out) whose published count is under
# 100 M nodes expanded, labelled by their place in that file (their published lengths
# and counts in bench/random400-sample.lengths). The compound databases are built
# first if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --example bounds
cargo build --release --quiet
tables=${TABLESOLVE_TABLES:-$HOME/.cache/tablesolve}
target/release/tablesolve --tables "$tables" --partition compound stats twentyfour > /dev/null
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); commit $(git rev-parse --short HEAD)"
echo
target/release/examples/bounds "$tables" "${1:-60}" "${2:-bench/random400-sample.in}"
