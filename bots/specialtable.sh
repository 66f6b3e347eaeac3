#!/bin/sh
# specialtable.sh prints the hat bot's table for hanab.live's special suits,
# each as the sixth suit of a 6-suit game and in its dark form (one card of
# each rank), 2–5 players. Cells are "mean ± s.e. (% perfect)" of max 30.
#
#   bots/specialtable.sh [games per cell, default 1000] [strategy, default hat]
set -eu
games=${1:-1000}
s=${2:-hat}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/hanabi
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/hanabi

printf '%s, %s games per cell: mean ± s.e. (%% perfect), max 30\n\n' "$s" "$games"
printf '| %-28s | 2 players | 3 players | 4 players | 5 players |\n|---|---|---|---|---|\n' "sixth suit (variant)"
for pair in rainbow:dark-rainbow pink:dark-pink white:gray brown:dark-brown omni:dark-omni \
	null:dark-null muddy-rainbow:cocoa-rainbow light-pink:gray-pink prism:dark-prism; do
	for suit in "${pair%%:*}" "${pair#*:}"; do
		printf '| %-28s |' "$suit-6-suits"
		for p in 2 3 4 5; do
			"$bin" sim --variant "$suit-6-suits" --players "$p" --bot "$s" --games "$games" --seed special |
				awk '/^mean score/ {m=$3; e=$5} /^perfect/ {pc=$2} END {printf " %s ± %s (%s) |", m, e, pc}'
		done
		printf '\n'
	done
done
