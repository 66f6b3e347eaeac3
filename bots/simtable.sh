#!/bin/sh
# simtable.sh prints the figures table with `hanabi sim`: every strategy at
# 2–6 players on basic, farbrausch and farbrausch2 (10 and 5 rainbow cards),
# and basic with 2 and 1 storm tokens. Cells are "mean ± s.e. (% perfect)".
#
#   bots/simtable.sh [games per cell, default 10000] [strategies, default "random conventions hgroup hat"]
#
# The same table comes from the Go test: HANABI_SIMTABLE=10000 go test ./bots -run SimTable -v
set -eu
games=${1:-10000}
strategies=${2:-random conventions hgroup hat}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/hanabi
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/hanabi

cell() { # variant players options...
	v=$1 p=$2
	shift 2
	opts=
	for o in "$@"; do opts="$opts --option $o"; done
	# shellcheck disable=SC2086
	"$bin" sim --variant "$v" --players "$p" --bot "$s" --games "$games" --seed table $opts |
		awk '/^mean score/ {m=$3; e=$5} /^perfect/ {pc=$2} /^speed/ {gps=$2}
		     END {printf "%s ± %s (%s) ", m, e, pc; print gps >"/dev/stderr"}' 2>>"$speed"
}

speed=$(mktemp)
for s in $strategies; do
	: >"$speed"
	printf '\n%s, %s games per cell: mean ± s.e. (%% perfect)\n' "$s" "$games"
	printf '| %-26s | 2 players | 3 players | 4 players | 5 players | 6 players |\n|---|---|---|---|---|---|\n' variant
	while IFS='|' read -r name v opts; do
		printf '| %-26s |' "$name"
		for p in 2 3 4 5 6; do
			# shellcheck disable=SC2086
			printf ' %s|' "$(cell "$v" "$p" $opts)"
		done
		printf '\n'
	done <<ROWS
basic|basic|
farbrausch (10 rainbow)|farbrausch|rainbow_cards=10
farbrausch (5 rainbow)|farbrausch|rainbow_cards=5
farbrausch2 (10 rainbow)|farbrausch2|rainbow_cards=10
farbrausch2 (5 rainbow)|farbrausch2|rainbow_cards=5
basic, 2 storm tokens|basic|storm_tokens=2
basic, 1 storm token|basic|storm_tokens=1
ROWS
	awk -v s="$s" '{t+=$1; n++} END {printf "%s: %.0f games/s on average over the cells\n", s, t/n}' "$speed"
done
rm -f "$speed"
