package sim

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"minehall/ai"
	"minehall/game"
)

// Levels of the generic search bots, as iteration budgets. Iteration
// budgets (never time) keep results dependent only on the seed.
var searchLevels = map[string]int{"easy": 100, "medium": 1000, "hard": 5000}

// maxIterations bounds a numeric search level such as "mcts:20000".
const maxIterations = 10_000_000

// GenericBotNames lists the bots sim offers for any game, besides those the
// game offers itself through [ai.BotMaker].
func GenericBotNames(g game.Game) []string {
	names := []string{"random", "greedy", "easy", "medium", "hard", "mcts", "mcts:easy", "mcts:medium", "mcts:hard", "mcts:N"}
	if g.Spec().Information == game.ImperfectInformation {
		names = append(names, "ismcts", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:N")
	}
	return append(names, "ext:COMMAND")
}

// BotNames lists every bot name [NewBot] accepts for g: the game's own
// first, then the generic ones it does not shadow.
func BotNames(g game.Game) []string {
	var names []string
	if bm, ok := g.(ai.BotMaker); ok {
		names = append(names, bm.BotNames()...)
	}
	for _, n := range GenericBotNames(g) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// NewBot makes the bot called name for g, seeded with seed. A game that
// implements [ai.BotMaker] is asked first; names it does not offer fall back
// to the generic bots:
//
//   - "random": a uniformly random legal action;
//   - "greedy": the action that leaves the best score margin one action
//     ahead (see [Greedy]);
//   - "mcts", "mcts:easy|medium|hard", "mcts:N": UCT on the true state with
//     100, 1000 or 5000 iterations (or N; plain "mcts" is medium), random
//     rollouts of at most [RolloutDepth] actions and [ScoreRanks] for a
//     rollout that has not ended the game; it reads
//     hidden information, so in a hidden-information game it is a cheating
//     upper bound;
//   - "ismcts", "ismcts:…": the same levels of ISMCTS, which never reads
//     hidden state; hidden-information games only;
//   - "easy", "medium", "hard": mcts of that level, ismcts in a
//     hidden-information game;
//   - "LEVEL:N" for a game's own search level (an [ai.IterationBotMaker]:
//     "expert:80000"): that level's search with N iterations a decision
//     instead of its level's budget;
//   - "ext:COMMAND": an external agent ([ai.External]): COMMAND, split into
//     words as a shell would (quotes, no expansions), is run once per game
//     and seat and plays over the line protocol of docs/agents.md; its
//     answers get [ai.DefaultAgentTimeout] (see [GameSetup.AgentTimeout]),
//     its first [ai.DefaultAgentStartup] (see [GameSetup.AgentStartup]).
//
// In a real-time game the generic bots take [GenericDelay] per action, the
// pace of a person, so that the game's clock can run; a game's own bots
// and external agents choose their own pace.
//
// A name that is no bot gets the error of [ai.NoSuchBot] (code
// [game.CodeNotFound]) listing the names there are; a bad level, a
// malformed command or an agent program that does not exist gets an error
// of code [game.CodeInvalid].
func NewBot(g game.Game, name string, seed uint64) (ai.Bot, error) {
	return newBot(g, name, seed, 0, 0)
}

// newBot is NewBot with external agents' answers bounded by timeout, the
// first by startup.
func newBot(g game.Game, name string, seed uint64, timeout, startup time.Duration) (ai.Bot, error) {
	if cmdline, ok := strings.CutPrefix(name, "ext:"); ok {
		return newExternal(g, name, cmdline, timeout, startup)
	}
	b, err := makeBot(g, name, seed)
	if err != nil {
		return nil, err
	}
	if _, own := b.(ownBot); own {
		return b.(ownBot).Bot, nil
	}
	if g.Spec().Turns == game.RealTime {
		return paced{b, GenericDelay}, nil
	}
	return b, nil
}

// newExternal makes the bot "ext:COMMAND", checking that the program
// exists; nothing runs until the game starts.
func newExternal(g game.Game, name, cmdline string, timeout, startup time.Duration) (ai.Bot, error) {
	argv, err := ai.SplitCommand(cmdline)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "bot %q: %v", name, err)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "bot %q: %v", name, err)
	}
	return ai.NewExternal(g.Spec().ID, ai.AgentConfig{Command: argv, Name: strings.TrimSpace(cmdline), Timeout: timeout}).SetStartup(startup), nil
}

// GenericDelay is the time a generic bot takes per action in a real-time
// game.
const GenericDelay = time.Second

// ownBot marks a bot the game made itself.
type ownBot struct{ ai.Bot }

// paced gives every decision of a bot a fixed delay.
type paced struct {
	ai.Bot
	delay time.Duration
}

// Act implements [ai.Bot].
func (b paced) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	d, err := b.Bot.Act(ctx, s, p)
	if err == nil && !d.Wait {
		d.Delay = max(d.Delay, b.delay)
	}
	return d, err
}

func makeBot(g game.Game, name string, seed uint64) (ai.Bot, error) {
	if bm, ok := g.(ai.BotMaker); ok && slices.Contains(bm.BotNames(), name) {
		b, err := bm.NewBot(name, seed)
		if err != nil {
			return nil, game.Errorf(game.CodeInvalid, "bot %q: %v", name, err)
		}
		return ownBot{b}, nil
	}
	if ibm, ok := g.(ai.IterationBotMaker); ok {
		level, n, budgeted := strings.Cut(name, ":")
		if budgeted && slices.Contains(ibm.BotNames(), level) {
			v, err := strconv.Atoi(n)
			if err != nil || v < 1 || v > maxIterations {
				return nil, game.Errorf(game.CodeInvalid, "bot %q: %q is not a number of iterations from 1 to %d", name, n, maxIterations)
			}
			b, err := ibm.NewBotWithIterations(level, seed, v)
			if err != nil {
				return nil, game.Errorf(game.CodeInvalid, "bot %q: %v", name, err)
			}
			return ownBot{b}, nil
		}
	}
	spec := g.Spec()
	hidden := spec.Information == game.ImperfectInformation
	kind, level, hasLevel := strings.Cut(name, ":")
	switch kind {
	case "random", "greedy":
		if hasLevel {
			return nil, game.Errorf(game.CodeInvalid, "bot %q: %s has no levels", name, kind)
		}
		if kind == "random" {
			return ai.NewRandom(seed), nil
		}
		return NewGreedy(seed), nil
	case "easy", "medium", "hard":
		if hasLevel {
			break
		}
		level, kind = kind, "mcts"
		if hidden {
			kind = "ismcts"
		}
		fallthrough
	case "mcts", "ismcts":
		iters := searchLevels["medium"]
		if level != "" || hasLevel {
			n, ok := searchLevels[level]
			if !ok {
				v, err := strconv.Atoi(level)
				if err != nil || v < 1 || v > maxIterations {
					return nil, game.Errorf(game.CodeInvalid, "bot %q: level %q is not easy, medium, hard or a number of iterations from 1 to %d", name, level, maxIterations)
				}
				n = v
			}
			iters = n
		}
		cfg := ai.MCTSConfig{Budget: ai.Budget{Iterations: iters}, Seed: seed, RolloutDepth: RolloutDepth, Evaluator: ScoreRanks}
		if kind == "mcts" {
			return ai.NewMCTS(cfg), nil
		}
		if !hidden {
			return nil, game.Errorf(game.CodeInvalid, "bot %q: %s has perfect information; use mcts", name, spec.Title)
		}
		return ai.NewISMCTS(cfg), nil
	}
	return nil, ai.NoSuchBot(spec.Title, name, BotNames(g))
}

// RolloutDepth bounds the rollouts of the generic search bots, so that
// games whose random play takes very long (tiles moved back and forth in a
// real-time round) still search; a rollout that stops before the end is
// scored by [ScoreRanks].
const RolloutDepth = 200

// ScoreRanks is the generic search bots' evaluator of an unfinished game:
// the players with the most points so far share a win, as in
// [game.RankReturns].
func ScoreRanks(s game.State, dst []float64) []float64 {
	var buf [8]float64
	return game.RankReturns(s.Scores(buf[:0]), dst)
}

// CheckBots reports every distinct name in names that [NewBot] refuses for
// g, each once: the error of NewBot for one such name, else one error of
// code [game.CodeInvalid] that joins theirs.
func CheckBots(g game.Game, names []string) error {
	var errs []error
	var seen []string
	for _, n := range names {
		if slices.Contains(seen, n) {
			continue
		}
		seen = append(seen, n)
		if _, err := NewBot(g, n, 0); err != nil {
			errs = append(errs, err)
		}
	}
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	msgs := make([]string, len(errs))
	for i, err := range errs {
		msgs[i] = err.Error()
	}
	return game.Errorf(game.CodeInvalid, "%s", strings.Join(msgs, "; "))
}

// ParseBots splits a list of bot names at its commas, except commas in
// single or double quotes (an external agent's command may hold some:
// "ext:python3 agent.py '--weights=1,2',random"), and trims each name. It
// refuses an empty name and an unterminated quote.
func ParseBots(list string) ([]string, error) {
	var names []string
	var quote byte
	start := 0
	for i := 0; i <= len(list); i++ {
		switch {
		case i == len(list) || (list[i] == ',' && quote == 0):
			name := strings.TrimSpace(list[start:i])
			if name == "" {
				return nil, game.Errorf(game.CodeInvalid, "bot list %q has an empty name", list)
			}
			names = append(names, name)
			start = i + 1
		case list[i] == '\\' && quote != '\'' && i+1 < len(list):
			i++
		case (list[i] == '\'' || list[i] == '"') && (quote == 0 || quote == list[i]):
			if quote == 0 {
				quote = list[i]
			} else {
				quote = 0
			}
		}
	}
	if quote != 0 {
		return nil, game.Errorf(game.CodeInvalid, "bot list %q has an unterminated quote", list)
	}
	return names, nil
}

// Greedy is a one-action lookahead bot for any game: it tries each legal
// action and keeps the one after which its own score minus the best other
// score is highest (a won game counts above any score), breaking ties at
// random. In a hidden-information game it looks ahead on a determinization
// of what it sees, so it never reads hidden state.
type Greedy struct {
	rng   game.Rand
	legal []game.Action
	best  []game.Action
	buf   []float64
}

// NewGreedy returns a greedy bot seeded with seed.
func NewGreedy(seed uint64) *Greedy { return &Greedy{rng: game.NewRand(seed)} }

// Act implements [ai.Bot].
func (b *Greedy) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	b.legal = s.Legal(p, b.legal[:0])
	if len(b.legal) == 0 {
		return ai.Decision{}, game.Errorf(game.CodeNotYourTurn, "player %s has no legal action", p)
	}
	base := s
	if d, ok := s.(game.Determinizer); ok {
		base = d.Determinize(p, &b.rng)
	}
	b.best = b.best[:0]
	bestValue := 0.0
	for _, a := range b.legal {
		c := base.Clone()
		c.Apply(p, a)
		v, err := b.value(c, p)
		if err != nil {
			return ai.Decision{}, err
		}
		switch {
		case len(b.best) == 0 || v > bestValue:
			b.best, bestValue = append(b.best[:0], a), v
		case v == bestValue:
			b.best = append(b.best, a)
		}
	}
	return ai.Decision{Action: b.best[b.rng.IntN(len(b.best))]}, nil
}

// terminalBonus puts a decided game above any score margin.
const terminalBonus = 1e9

// value is p's score margin in s: its score minus the best other score,
// plus terminalBonus times its return when s is terminal.
func (b *Greedy) value(s game.State, p game.Player) (float64, error) {
	b.buf = s.Scores(b.buf[:0])
	if int(p) >= len(b.buf) {
		return 0, fmt.Errorf("the game reports %d scores, none for seat %s", len(b.buf), p)
	}
	other := math.Inf(-1)
	for q, v := range b.buf {
		if q != int(p) {
			other = max(other, v)
		}
	}
	if len(b.buf) == 1 {
		other = 0
	}
	v := b.buf[p] - other
	if s.Terminal() {
		b.buf = s.Returns(b.buf[:0])
		v += terminalBonus * b.buf[p]
	}
	return v, nil
}
