package puzzle

import (
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"sync"

	"minehall/ai"
	"minehall/game"
	"minehall/games/minerals"
)

// The rules of mining Minerals tactics (see [MineMinerals]).
const (
	// MineralsTurns is the deep search's horizon in whole turns: the
	// mover's turn, the reply, the mover's next turn and the next reply.
	MineralsTurns = 4
	// MineralsMinMargin is the margin, in points of the deep search's
	// value (final points as the outlook counts them), by which the best
	// move must beat every other move for a position to become a puzzle.
	MineralsMinMargin = 1.5
	// MineralsPerGame caps the puzzles kept from one game, so that the set
	// draws on many games.
	MineralsPerGame = 4
	// mineralsMinMoves: a puzzle offers at least this many legal moves.
	mineralsMinMoves = 3
)

// MineralsOptions are the options of every mined game: the 7+ version
// (collections, no tools) on the default board, 2 players.
var MineralsOptions = game.Options{"version": "7+"}

// MineralsPlayers is the player count of the mined games.
const MineralsPlayers = 2

// MineConfig configures [MineMinerals].
type MineConfig struct {
	// Games is how many self-play games are played, Seed the seed every
	// game's seed derives from.
	Games int
	Seed  uint64
	// Workers plays that many games at once (at least 1); the result does
	// not depend on it.
	Workers int
	// Log, when not nil, gets one line per game.
	Log io.Writer
}

// mineGameSeed is game i's seed under the mining seed.
func mineGameSeed(seed uint64, i int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "minehall minerals tactics %d %d", seed, i)
	return h.Sum64()
}

// MineMinerals plays cfg.Games self-play games between hard bots (2
// players, [MineralsOptions]), game i seeded with a seed derived from
// cfg.Seed and i, the bots and the chance draws seeded from the game's
// seed. At every start of a move with at least 3 legal moves it runs the
// deep search ([minerals.State.DeepValues], [MineralsTurns] turns) and
// keeps the position when the best move's margin beats every other move's
// by at least [MineralsMinMargin] (a search that would visit more than
// [minerals.MaxDeepNodes] positions keeps nothing); at most
// [MineralsPerGame] per game, chosen by [pickMined]. The
// puzzles come in game order, then move order, numbered from 1: the same
// config always gives the same set.
func MineMinerals(ctx context.Context, cfg MineConfig) ([]*MineralsPuzzle, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("mine minerals: --games must be at least 1, not %d", cfg.Games)
	}
	workers := max(1, min(cfg.Workers, cfg.Games))
	found := make([][]*MineralsPuzzle, cfg.Games)
	errs := make([]error, cfg.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	var logMu sync.Mutex
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				found[i], errs[i] = mineGame(ctx, mineGameSeed(cfg.Seed, i))
				if cfg.Log != nil {
					logMu.Lock()
					fmt.Fprintf(cfg.Log, "game %d: %d puzzles\n", i+1, len(found[i]))
					logMu.Unlock()
				}
			}
		}()
	}
	for i := range cfg.Games {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []*MineralsPuzzle
	for i, ps := range found {
		if errs[i] != nil {
			return nil, fmt.Errorf("mine minerals: game %d: %w", i+1, errs[i])
		}
		out = append(out, ps...)
	}
	for i, p := range out {
		p.ID = fmt.Sprintf("m%04d", i+1)
	}
	return out, nil
}

// mineGame plays one self-play game of seed and returns its puzzles.
func mineGame(ctx context.Context, seed uint64) ([]*MineralsPuzzle, error) {
	g := minerals.New()
	rec, err := game.NewRecorder(g, MineralsPlayers, MineralsOptions, seed)
	if err != nil {
		return nil, err
	}
	bots := make([]ai.Bot, MineralsPlayers)
	for p := range bots {
		if bots[p], err = g.(ai.BotMaker).NewBot("hard", seed+uint64(p)+1); err != nil {
			return nil, err
		}
	}
	chance := game.NewRand(seed ^ 0x9e3779b97f4a7c15)
	var outs []game.ChanceOutcome
	var actors []game.Player
	var kept []*MineralsPuzzle
	for n := 0; !rec.State.Terminal(); n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if n > 5000 {
			return nil, fmt.Errorf("no end after %d actions", n)
		}
		actors = rec.State.Actors(actors[:0])
		if len(actors) == 0 {
			return nil, fmt.Errorf("no one acts after %d actions", n)
		}
		p := actors[0]
		var a game.Action
		if p == game.Chance {
			outs = rec.State.(game.ChanceState).ChanceOutcomes(outs[:0])
			a = game.PickOutcome(outs, chance.Float64())
		} else {
			pz, err := minePosition(rec, p)
			if err != nil {
				return nil, err
			}
			if pz != nil {
				kept = append(kept, pz)
			}
			d, err := bots[p].Act(ctx, rec.State, p)
			if err != nil {
				return nil, err
			}
			a = d.Action
			if pz := lastOf(kept); pz != nil && len(pz.Prefix) == len(rec.Rec.Actions) {
				pz.BotMove = rec.State.ActionString(p, a)
			}
		}
		if err := rec.Play(p, a, 0); err != nil {
			return nil, err
		}
	}
	return pickMined(kept), nil
}

// pickMined keeps at most MineralsPerGame of a game's candidates: those
// with a tactical reason (not ReasonLanding) first, then the larger
// margins, earlier positions on ties; they come back in game order.
func pickMined(cands []*MineralsPuzzle) []*MineralsPuzzle {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := cands[order[i]], cands[order[j]]
		if (a.Reason == ReasonLanding) != (b.Reason == ReasonLanding) {
			return b.Reason == ReasonLanding
		}
		return a.Margin > b.Margin
	})
	if len(order) > MineralsPerGame {
		order = order[:MineralsPerGame]
	}
	sort.Ints(order)
	out := make([]*MineralsPuzzle, len(order))
	for i, k := range order {
		out[i] = cands[k]
	}
	return out
}

func lastOf(ps []*MineralsPuzzle) *MineralsPuzzle {
	if len(ps) == 0 {
		return nil
	}
	return ps[len(ps)-1]
}

// minePosition returns the puzzle of rec's position for p, the player to
// move, or nil when it is no puzzle.
func minePosition(rec *game.Recorder, p game.Player) (*MineralsPuzzle, error) {
	st := rec.State.(*minerals.State)
	if !st.AtMoveStart() {
		return nil, nil
	}
	if len(st.Legal(p, nil)) < mineralsMinMoves {
		return nil, nil
	}
	vals, err := st.DeepValues(MineralsTurns)
	if game.ErrorCode(err) == game.CodeInternal {
		return nil, nil // too large a search to re-verify cheaply: no puzzle
	}
	if err != nil {
		return nil, err
	}
	if len(vals) < 2 || vals[0].Margin-vals[1].Margin < MineralsMinMargin {
		return nil, nil
	}
	pz := &MineralsPuzzle{Options: rec.Rec.Options, Players: rec.Rec.Players, Seed: rec.Rec.Seed, Seat: int(p),
		Prefix: append([]game.RecordedAct(nil), rec.Rec.Actions...)}
	if err := pz.solve(st, vals); err != nil {
		return nil, err
	}
	return pz, nil
}
