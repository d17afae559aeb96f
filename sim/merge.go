package sim

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"

	"minehall/game"
)

// Merge reads the journals of the shards of one run (written by [Run] with
// [Config.Shard] and [Config.Journal], in any order) and returns the whole
// run's config, resolved and without a shard, and all its games in game
// order: [Summarize] of them is what the run played at once reports, to the
// bit. lookup finds a game by its id.
//
// It refuses, with an error of code [game.CodeInvalid] that names the
// journal and says what is wrong, no journal, a file that is no journal or
// the journal of a whole run, journals of different runs, a shard given
// twice, a shard missing and a shard whose journal lacks some of its games.
func Merge(paths []string, lookup func(id string) (game.Game, error)) (Config, []GameResult, error) {
	if len(paths) == 0 {
		return Config{}, nil, game.Errorf(game.CodeInvalid, "merge: no journal given; give the journals of every shard of a run")
	}
	var (
		first   journalRun
		cfg     Config
		results []GameResult
		byShard = map[int]string{}
	)
	for i, path := range paths {
		head, err := readJournalRun(path)
		if err != nil {
			return Config{}, nil, err
		}
		if head.Shard == nil {
			return Config{}, nil, game.Errorf(game.CodeInvalid, "journal %s is of a whole run, not of a shard: merge takes the journals of the shards of one run (minehall sim --shard K/N --journal FILE)", path)
		}
		if i == 0 {
			first = head
			g, err := lookup(head.Game)
			if err != nil {
				return Config{}, nil, game.Errorf(game.CodeInvalid, "journal %s: %v", path, err)
			}
			// The journal holds the run as played (bots by seat, resolved
			// options): no bot is made, so an ext: agent's program need not
			// be on the machine that merges.
			cfg = Config{Game: g, Players: head.Players, Options: head.Options, Bots: head.Bots, Games: head.Games, Seed: head.Seed,
				FixedSeats: head.FixedSeats, MaxActions: head.MaxActions}
			if len(cfg.Bots) != cfg.Players || cfg.Games < 1 {
				return Config{}, nil, game.Errorf(game.CodeInvalid, "journal %s, line 1: %d bots for %d players and %d games is not a run", path, len(cfg.Bots), cfg.Players, cfg.Games)
			}
		} else if !head.sameRun(first) {
			return Config{}, nil, game.Errorf(game.CodeInvalid, "journals %s and %s are of different runs: %s is (%s); %s is (%s)", paths[0], path, paths[0], first, path, head)
		}
		sh := *head.Shard
		if other, ok := byShard[sh.K]; ok {
			return Config{}, nil, game.Errorf(game.CodeInvalid, "journals %s and %s both hold shard %s", other, path, sh)
		}
		byShard[sh.K] = path
		shardCfg := cfg
		shardCfg.Shard = sh
		games, err := readJournalGames(path, shardCfg)
		if err != nil {
			return Config{}, nil, err
		}
		if want := sh.Count(cfg.Games); len(games) != want {
			return Config{}, nil, game.Errorf(game.CodeInvalid, "journal %s holds %d of the %d games of shard %s (the first missing is game %d): run that shard again with the same --journal to finish it",
				path, len(games), want, sh, firstMissing(games, sh))
		}
		results = append(results, games...)
	}
	n := first.Shard.N
	if len(byShard) != n {
		var missing []string
		for k := 1; k <= n; k++ {
			if _, ok := byShard[k]; !ok {
				missing = append(missing, Shard{K: k, N: n}.String())
			}
		}
		return Config{}, nil, game.Errorf(game.CodeInvalid, "the run has %d shards and %d journals were given: shard %s missing", n, len(byShard), strings.Join(missing, ", "))
	}
	ordered := make([]GameResult, cfg.Games)
	for _, r := range results {
		ordered[r.Index] = r
	}
	return cfg, ordered, nil
}

// firstMissing returns the first game of shard sh that games, in game
// order, lack.
func firstMissing(games []GameResult, sh Shard) int {
	i := sh.K - 1
	for _, g := range games {
		if g.Index != i {
			break
		}
		i += sh.N
	}
	return i
}

// readJournalRun reads the first line of the journal at path.
func readJournalRun(path string) (journalRun, error) {
	f, err := os.Open(path)
	if err != nil {
		return journalRun{}, game.Errorf(game.CodeInvalid, "journal: %v", err)
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(f, 1<<16).ReadBytes('\n')
	var head journalRun
	if err != nil || json.Unmarshal(line, &head) != nil || head.Game == "" {
		return journalRun{}, game.Errorf(game.CodeInvalid, "journal %s, line 1: not a journal of minehall sim", path)
	}
	return head, nil
}

// readJournalGames reads the games of the journal at path of the run cfg,
// checked as [OpenJournal] checks them, without changing the file.
func readJournalGames(path string, cfg Config) ([]GameResult, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "journal: %v", err)
	}
	defer f.Close()
	j := &Journal{f: f, path: path}
	games, _, err := j.read(cfg)
	return games, err
}
