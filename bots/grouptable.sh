#!/bin/sh
# grouptable.sh prints the table of hanab.live's rule groups with `hanabi
# sim`: each group's 5-suit variant, and no-variant (the same five suits
# under the same rules, without the group's rule) to compare with, for
# every strategy at 2–5 players. Cells are "mean ± s.e. (% perfect)" of 25.
#
#   bots/grouptable.sh [games per cell, default 500] [strategies, default "random conventions hgroup hat"]
#
# With --readme first, the table replaces the one in README.md (between the
# grouptable markers) instead of being printed:
#
#   bots/grouptable.sh --readme 500
set -eu
readme=
if [ "${1:-}" = --readme ]; then
	readme=1
	shift
fi
games=${1:-500}
strategies=${2:-random conventions hgroup hat}
cd "$(dirname "$0")/.."
if [ -n "$readme" ]; then
	table=$(mktemp)
	"$0" "$games" "$strategies" >"$table"
	awk -v table="$table" '
		/^<!-- grouptable: begin/ {print; while ((getline line < table) > 0) print line; skip=1; next}
		/^<!-- grouptable: end/ {skip=0}
		!skip' README.md >README.md.new
	mv README.md.new README.md
	rm -f "$table"
	exit 0
fi
bin=$(mktemp -d)/hanabi
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/hanabi

printf '%s games per cell, seed "groups": mean ± s.e. (%% perfect), of 25\n\n' "$games"
printf '| %-42s | %-11s | 2 players | 3 players | 4 players | 5 players |\n|---|---|---|---|---|---|\n' "group (variant)" strategy
while IFS='|' read -r name v; do
	for s in $strategies; do
		printf '| %-42s | %-11s |' "$name (\`$v\`)" "$s"
		for p in 2 3 4 5; do
			"$bin" sim --variant "$v" --players "$p" --bot "$s" --games "$games" --seed groups |
				awk '/^mean score/ {m=$3; e=$5} /^perfect/ {pc=$2} END {printf " %.2f ± %.2f (%.1f%%) |", m, e, pc}'
		done
		printf '\n'
	done
done <<ROWS
none|no-variant
Orange|orange-5-suits
Clue Starved|clue-starved-5-suits
Alternating Clues|alternating-clues-5-suits
Reversed|reversed-5-suits
Sudoku|sudoku-5-suits
Up or Down|up-or-down-5-suits
Throw It in a Hole|throw-it-in-a-hole-5-suits
Cow & Pig|cow-pig-5-suits
Duck|duck-5-suits
ROWS
