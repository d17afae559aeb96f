package sim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"minehall/game"
)

// Config is one simulation run.
type Config struct {
	Game    game.Game
	Players int          // 0: the game's minimum
	Options game.Options // raw KEY=VALUE options
	// Bots names the bots: one for every seat, or one per seat (see
	// [NewBot]); empty means "random" everywhere.
	Bots  []string
	Games int    // number of games; 0: 100
	Seed  uint64 // the run's seed; game i plays with GameSeed(Seed, i)
	// Workers is the number of games played at once (0: GOMAXPROCS). It
	// never changes the results.
	Workers int
	// FixedSeats keeps bot i in seat i in every game. By default the bot
	// list is rotated by one seat per game (game i seats bot (p+i) mod n in
	// seat p), so that seat and bot effects can be told apart.
	FixedSeats bool
	// MaxActions ends a game as an error after this many actions (0:
	// DefaultMaxActions).
	MaxActions int
	// RecordsDir, when set, receives every game's record as
	// game-NNNNNN.json; Run creates it (and its parents) if need be.
	RecordsDir string
	// AgentTimeout bounds each answer of an external agent ("ext:" bots);
	// 0 means [ai.DefaultAgentTimeout].
	AgentTimeout time.Duration
	// AgentStartup bounds an external agent's first answer, its process's
	// start included; 0 means [ai.DefaultAgentStartup].
	AgentStartup time.Duration
	// Journal, when set, is the file that keeps the run's finished games
	// (see [Journal]): Run reads the games it holds, plays only the others
	// and adds each one as it ends, so that a stopped run resumes where it
	// stopped. The games read are counted in [Summary.Resumed].
	Journal string
	// Shard, when set, plays only the run's games of that shard (see
	// [Shard]), each as in the whole run; the journal of a shard names
	// it, so that [Merge] can put the shards' journals together.
	Shard Shard
	// Progress, when set, is called after each finished game with the
	// number finished so far (games read from the journal included), from
	// one goroutine at a time.
	Progress func(done int)
}

// Resolved returns cfg with defaults filled in, or an error that says what
// is wrong with it: of code [game.CodeInvalid], or the error of
// [ai.NoSuchBot] for an unknown bot (see [CheckBots]).
func (cfg Config) Resolved() (Config, error) {
	if cfg.Game == nil {
		return cfg, game.Errorf(game.CodeInvalid, "no game to simulate")
	}
	spec := cfg.Game.Spec()
	if cfg.Players == 0 {
		cfg.Players = spec.MinPlayers
	}
	if err := spec.CheckPlayers(cfg.Players); err != nil {
		return cfg, err
	}
	opts, err := spec.ResolveOptions(cfg.Options)
	if err != nil {
		return cfg, err
	}
	cfg.Options = opts
	switch {
	case len(cfg.Bots) == 0:
		cfg.Bots = []string{"random"}
	case len(cfg.Bots) != 1 && len(cfg.Bots) != cfg.Players:
		return cfg, game.Errorf(game.CodeInvalid, "%d bots for %d players: give one bot for every seat or one per seat", len(cfg.Bots), cfg.Players)
	}
	if len(cfg.Bots) == 1 {
		one := cfg.Bots[0]
		cfg.Bots = make([]string, cfg.Players)
		for i := range cfg.Bots {
			cfg.Bots[i] = one
		}
	}
	if err := CheckBots(cfg.Game, cfg.Bots); err != nil {
		return cfg, err
	}
	switch {
	case cfg.Games == 0:
		cfg.Games = 100
	case cfg.Games < 0:
		return cfg, game.Errorf(game.CodeInvalid, "the number of games must be positive, not %d", cfg.Games)
	}
	switch {
	case cfg.Workers == 0:
		cfg.Workers = runtime.GOMAXPROCS(0)
	case cfg.Workers < 0:
		return cfg, game.Errorf(game.CodeInvalid, "the number of workers must be positive, not %d", cfg.Workers)
	}
	switch {
	case cfg.MaxActions == 0:
		cfg.MaxActions = DefaultMaxActions
	case cfg.MaxActions < 0:
		return cfg, game.Errorf(game.CodeInvalid, "the action limit must be positive, not %d", cfg.MaxActions)
	}
	if cfg.AgentTimeout < 0 {
		return cfg, game.Errorf(game.CodeInvalid, "the agent timeout must be positive, not %s", cfg.AgentTimeout)
	}
	if cfg.AgentStartup < 0 {
		return cfg, game.Errorf(game.CodeInvalid, "the agent start-up allowance must be positive, not %s", cfg.AgentStartup)
	}
	if err := checkRecordsDir(cfg.RecordsDir); err != nil {
		return cfg, err
	}
	if err := cfg.Shard.check(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// checkRecordsDir refuses a records directory that exists as something
// other than a directory.
func checkRecordsDir(dir string) error {
	if dir == "" {
		return nil
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return game.Errorf(game.CodeInvalid, "records directory %s is a file, not a directory", dir)
	}
	return nil
}

// SeatBots returns the bot of each seat in game i of the run.
func (cfg Config) SeatBots(i int) []string {
	n := len(cfg.Bots)
	seats := make([]string, n)
	for p := range seats {
		k := p
		if !cfg.FixedSeats {
			k = (p + i) % n
		}
		seats[p] = cfg.Bots[k]
	}
	return seats
}

// Run plays the games of cfg (of its shard, if it names one) on
// cfg.Workers goroutines and returns their summary and per-game results in
// game order. Error games are counted, not
// fatal (see [Summary.Failed]); Run fails only for a bad config, an
// unwritable record, a journal it cannot use or a done ctx.
func Run(ctx context.Context, cfg Config) (*Summary, []GameResult, error) {
	cfg, err := cfg.Resolved()
	if err != nil {
		return nil, nil, err
	}
	if cfg.RecordsDir != "" {
		if err := os.MkdirAll(cfg.RecordsDir, 0o755); err != nil {
			return nil, nil, game.Errorf(game.CodeInvalid, "records directory: %v", err)
		}
	}
	start := time.Now()
	results := make([]GameResult, cfg.Games)
	played := make([]bool, cfg.Games)
	var (
		journal *Journal
		kept    []GameResult
	)
	if cfg.Journal != "" {
		if journal, kept, err = OpenJournal(cfg.Journal, cfg); err != nil {
			return nil, nil, err
		}
		defer journal.Close()
		for _, r := range kept {
			results[r.Index], played[r.Index] = r, true
		}
	}
	resumed := len(kept)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		added    int
		done     = resumed
		firstErr error
		wg       sync.WaitGroup
	)
	if cfg.Progress != nil && done > 0 {
		cfg.Progress(done)
	}
	jobs := make(chan int)
	for range min(cfg.Workers, cfg.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				err := playOne(ctx, cfg, i, &results[i])
				mu.Lock()
				if err == nil && journal != nil {
					if err = journal.Add(&results[i]); err == nil {
						added++
					}
				}
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				done++
				if cfg.Progress != nil && firstErr == nil {
					cfg.Progress(done)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range cfg.Games {
		if played[i] || !cfg.Shard.Has(i) {
			continue
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	if journal != nil && (errors.Is(firstErr, context.Canceled) || errors.Is(firstErr, context.DeadlineExceeded)) {
		return nil, nil, &Interrupted{Journal: cfg.Journal, Kept: resumed + added, Games: cfg.Shard.Count(cfg.Games), Err: firstErr}
	}
	if firstErr != nil {
		return nil, nil, firstErr
	}
	if !cfg.Shard.Whole() {
		mine := results[:0]
		for i, r := range results {
			if cfg.Shard.Has(i) {
				mine = append(mine, r)
			}
		}
		results = mine
	}
	sum := Summarize(cfg, results)
	sum.Resumed = resumed
	sum.ElapsedS = time.Since(start).Seconds()
	return sum, results, nil
}

// Interrupted is the error of a run with a journal that was stopped (its
// context done) before its end: the journal keeps Kept of its Games games,
// and the same run with the same journal plays the others.
type Interrupted struct {
	Journal     string
	Kept, Games int
	Err         error // the context's
}

func (e *Interrupted) Error() string {
	return fmt.Sprintf("stopped (%v): %d of the run's %d games are kept in %s", e.Err, e.Kept, e.Games, e.Journal)
}

// Unwrap returns the context's error.
func (e *Interrupted) Unwrap() error { return e.Err }

// playOne plays game i of cfg into res and writes its record if asked.
func playOne(ctx context.Context, cfg Config, i int, res *GameResult) error {
	seed := GameSeed(cfg.Seed, i)
	r, err := PlayGame(ctx, GameSetup{Game: cfg.Game, Players: cfg.Players, Options: cfg.Options, Seed: seed, Bots: cfg.SeatBots(i),
		MaxActions: cfg.MaxActions, AgentTimeout: cfg.AgentTimeout, AgentStartup: cfg.AgentStartup})
	if err != nil {
		return err
	}
	r.Index = i
	if cfg.RecordsDir != "" && r.Record != nil {
		if err := writeRecord(filepath.Join(cfg.RecordsDir, fmt.Sprintf("game-%06d.json", i)), r.Record, cfg.SeatBots(i)); err != nil {
			return err
		}
	}
	if !cfg.keepRecords() {
		r.Record = nil
	}
	*res = r
	return nil
}

// keepRecords reports whether results keep their records in memory: only
// for small runs, to bound memory.
func (cfg Config) keepRecords() bool { return cfg.Games <= keepRecordsUpTo }

// keepRecordsUpTo is the largest run whose results keep their records.
const keepRecordsUpTo = 1000

func writeRecord(path string, rec *game.Record, bots []string) error {
	named := *rec
	named.Names = make([]string, len(bots))
	for p, b := range bots {
		named.Names[p] = "bot " + b
	}
	b, err := json.MarshalIndent(&named, "", "  ")
	if err != nil {
		return game.Errorf(game.CodeInternal, "record of %s does not encode: %v", path, err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing record: %w", err)
	}
	return nil
}

// BotList formats seat bots for people: "random, mcts:hard".
func BotList(bots []string) string { return strings.Join(bots, ", ") }
