#!/bin/sh
# ladder.sh measures a game's bot ladder: each adjacent step (the weaker
# level against the next stronger one) over GAMES two-player games and
# GAMES games at the game's largest player count (seats alternated, half
# of them each level's), and prints one Markdown table row per step and
# player count for docs/bots.md: games, the stronger level's wins (a
# shared win counts as a fraction), its share and the Wilson 95% interval,
# and the share of (stronger seat, weaker seat) pairs in which the
# stronger finished ahead, with its interval: at more than two players
# the levels hold several seats each and an even match gives the
# stronger level only its seats' share of the wins, while it gives 50% of
# the pairs at every count.
#
#   scripts/ladder.sh GAME GAMES [STEP]...
#
# GAME is a game id (minehall games); STEP is WEAK-STRONG, e.g.
# hard-expert; without steps every adjacent step of LEVELS is run.
# Environment: MINEHALL (the binary, default minehall), LEVELS (the
# ladder, weakest first, default random,easy,medium,hard,expert),
# PLAYERS (the player counts, default "2 max"), SEED (default 7), WORKERS
# (sim's --workers, default 1: results do not depend on it), LADDER_DIR
# (where the journals are kept, default ladder-GAME).
#
# Sharding: every step and player count is one sim run with its own
# journal in LADDER_DIR, so the steps can run as separate processes or
# machines (give each its STEP), and a run that was stopped resumes where
# it stopped when the same command is run again; the journals of a
# finished step give its row at once. Results depend only on SEED.
set -eu

if [ $# -lt 2 ]; then
	echo "usage: $0 GAME GAMES [WEAK-STRONG]..." >&2
	exit 2
fi
game=$1
games=$2
shift 2
mh=${MINEHALL:-minehall}
levels=${LEVELS:-random,easy,medium,hard,expert}
seed=${SEED:-7}
workers=${WORKERS:-1}
dir=${LADDER_DIR:-ladder-$game}
mkdir -p "$dir"

max=$("$mh" games --json | jq -r --arg g "$game" '.[] | select(.id == $g) | .max_players')
if [ -z "$max" ]; then
	echo "$0: there is no game $game" >&2
	exit 2
fi
counts=$(echo "${PLAYERS:-2 max}" | sed "s/max/$max/g")

if [ $# -eq 0 ]; then
	set -- $(echo "$levels" | tr ',' '\n' | awk 'NR > 1 { print prev "-" $0 } { prev = $0 }')
fi

echo "| step | players | games | stronger ahead | share | Wilson 95% | pairs ahead | 95% | command |"
echo "| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | --- |"
for step in "$@"; do
	weak=${step%-*}
	strong=${step#*-}
	for n in $counts; do
		# Seats alternate weak, strong, weak, …; sim turns the list by one
		# seat a game.
		bots=$(awk -v n="$n" -v w="$weak" -v s="$strong" 'BEGIN { for (i = 0; i < n; i++) printf "%s%s", (i ? "," : ""), (i % 2 ? s : w) }')
		cmd="minehall sim $game --players $n --bots $bots --games $games --seed $seed"
		"$mh" sim "$game" --players "$n" --bots "$bots" --games "$games" --seed "$seed" --workers "$workers" \
			--journal "$dir/$step-$n.jsonl" --json "$dir/$step-$n.json" >/dev/null
		# Pairs ahead: of the pairs (a seat of the stronger level, a seat
		# of the weaker) in a game, the share in which the stronger seat
		# finished ahead (a win above no win, then the higher score; equal
		# is half), averaged per game; 50% is an even match at every player
		# count, as the share of wins is at two players. Its interval is
		# the normal one of the per-game averages (a game's pairs are not
		# independent, the games are).
		pairs=$(jq -r --arg s "$strong" 'select(.index != null) | . as $g
			| [range(0; $g.bots | length) as $i | select($g.bots[$i] == $s)
			   | range(0; $g.bots | length) as $j | select($g.bots[$j] != $s)
			   | if $g.returns[$i] != $g.returns[$j] then (if $g.returns[$i] > $g.returns[$j] then 1 else 0 end)
			     elif $g.scores[$i] != $g.scores[$j] then (if $g.scores[$i] > $g.scores[$j] then 1 else 0 end)
			     else 0.5 end] | add / length' "$dir/$step-$n.jsonl" |
			awk '{ s += $1; q += $1 * $1; k++ } END { m = s / k; v = k > 1 ? (q - k * m * m) / (k - 1) : 0; h = 1.96 * sqrt(v / k); printf "%.1f%%\t[%.1f%%, %.1f%%]", 100 * m, 100 * (m - h), 100 * (m + h) }')
		# The stronger level's wins over the games (its seats' wins added:
		# at most one seat wins a game, or a share of it).
		jq -r --arg s "$strong" '[.completed, ([.wins_by_bot[] | select(.bot == $s) | .wins] | add)] | @tsv' "$dir/$step-$n.json" |
			awk -F '\t' -v step="$weak < $strong" -v n="$n" -v cmd="$cmd" -v pairs="$pairs" '{
				g = $1; w = $2; p = g ? w / g : 0; z = 1.96
				d = 1 + z * z / g; c = (p + z * z / (2 * g)) / d
				h = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)) / d
				split(pairs, pa, "\t")
				printf "| %s | %d | %d | %g | %.1f%% | [%.1f%%, %.1f%%] | %s | %s | `%s` |\n", step, n, g, w, 100 * p, 100 * (c - h), 100 * (c + h), pa[1], pa[2], cmd
			}'
	done
done
