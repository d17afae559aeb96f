package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"

	"minehall/game"
)

// A Journal keeps the finished games of a run in a file as they end, so
// that a run stopped part way (an interrupted command, a machine shut down)
// resumes where it stopped: run it again with the same journal and only the
// games the journal lacks are played, and the summary is the one the whole
// run would have given at once (games depend only on the run's seed).
//
// The file is JSON lines: the first names the run (game, players, bots,
// seed, seating, resolved options and action limit), each other holds one
// game's result. A line cut short by a process killed while writing it is
// dropped when the journal is opened, and its game played again.
type Journal struct {
	f    *os.File
	path string
}

// journalRun is the first line of a journal: what makes two runs play the
// same games. The number of games is not part of a whole run's, so a
// journal of 1,000 games also serves a run of 2,000 that begins with them;
// a shard's journal names its shard and the run's number of games, so that
// [Merge] knows the whole run.
type journalRun struct {
	Game       string       `json:"game"`
	Players    int          `json:"players"`
	Bots       []string     `json:"bots"`
	Seed       uint64       `json:"seed"`
	FixedSeats bool         `json:"fixed_seats"`
	Options    game.Options `json:"options"`
	MaxActions int          `json:"max_actions"`
	Games      int          `json:"games,omitempty"` // a shard's only
	Shard      *Shard       `json:"shard,omitempty"`
}

// journalGame is one game's line: its result with the round components
// that [GameResult]'s own JSON leaves out.
type journalGame struct {
	GameResult
	Components []ComponentRound `json:"components,omitempty"`
}

func runOf(cfg Config) journalRun {
	r := journalRun{Game: cfg.Game.Spec().ID, Players: cfg.Players, Bots: cfg.Bots, Seed: cfg.Seed,
		FixedSeats: cfg.FixedSeats, Options: cfg.Options, MaxActions: cfg.MaxActions}
	if !cfg.Shard.Whole() {
		sh := cfg.Shard
		r.Games, r.Shard = cfg.Games, &sh
	}
	return r
}

// shard returns the shard the journal's run plays.
func (r journalRun) shard() Shard {
	if r.Shard == nil {
		return Shard{}
	}
	return *r.Shard
}

// sameRun reports whether r and o are shares of one run: the same games
// played the same way, whatever their shards.
func (r journalRun) sameRun(o journalRun) bool {
	return r.Game == o.Game && r.Players == o.Players && slices.Equal(r.Bots, o.Bots) && r.Seed == o.Seed &&
		r.FixedSeats == o.FixedSeats && maps.Equal(r.Options, o.Options) && r.MaxActions == o.MaxActions &&
		r.Games == o.Games && r.shard().N == o.shard().N
}

func (r journalRun) equal(o journalRun) bool { return r.sameRun(o) && r.shard() == o.shard() }

func (r journalRun) String() string {
	s := fmt.Sprintf("%s, %d players, bots %s, seed %d", r.Game, r.Players, BotList(r.Bots), r.Seed)
	if r.FixedSeats {
		s += ", fixed seats"
	}
	if len(r.Options) > 0 {
		s += ", options " + formatOptions(r.Options)
	}
	s += fmt.Sprintf(", action limit %d", r.MaxActions)
	if r.Shard != nil {
		s += fmt.Sprintf(", shard %s of %d games", r.Shard, r.Games)
	}
	return s
}

// OpenJournal opens the journal at path for the run cfg (resolved by
// [Config.Resolved]), creating it if it does not exist, and returns it with
// the games it holds, in game order. It refuses, with an error of code
// [game.CodeInvalid] that says what is wrong and without changing the file,
// a journal of another run, a game beyond cfg.Games, a game held twice, a
// game whose seed or bots are not this run's, and a line that does not
// decode before the last one.
func OpenJournal(path string, cfg Config) (*Journal, []GameResult, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, game.Errorf(game.CodeInvalid, "journal: %v", err)
	}
	j := &Journal{f: f, path: path}
	done, keep, err := j.read(cfg)
	if err == nil {
		err = j.cut(keep)
	}
	if err == nil && keep == 0 {
		line, _ := json.Marshal(runOf(cfg))
		err = j.write(line)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return j, done, nil
}

// read reads the journal's games for cfg and returns them with the length
// of the file's whole lines, 0 when it has yet to name the run.
func (j *Journal) read(cfg Config) ([]GameResult, int64, error) {
	want := runOf(cfg)
	data, err := io.ReadAll(j.f)
	if err != nil {
		return nil, 0, game.Errorf(game.CodeInvalid, "journal %s: %v", j.path, err)
	}
	bad := func(n int, format string, args ...any) error {
		return game.Errorf(game.CodeInvalid, "journal %s, line %d: %s", j.path, n, fmt.Sprintf(format, args...))
	}
	if !bytes.Contains(data, []byte("\n")) {
		// A new journal, or one whose first line was cut short: it holds
		// no game yet. Any other file is left alone.
		if line, _ := json.Marshal(want); !bytes.HasPrefix(line, data) {
			return nil, 0, bad(1, "not a journal of minehall sim")
		}
		return nil, 0, nil
	}
	var done []GameResult
	seen := map[int]bool{}
	var keep int64
	for n := 1; len(data) > 0; n++ {
		line, rest, whole := bytes.Cut(data, []byte("\n"))
		if !whole {
			break // cut short by a killed process: the game is played again
		}
		data = rest
		if n == 1 {
			var got journalRun
			if err := json.Unmarshal(line, &got); err != nil || got.Game == "" {
				return nil, 0, bad(n, "not a journal of minehall sim")
			}
			if !got.equal(want) {
				return nil, 0, bad(n, "it is the journal of another run (%s); this run is %s", got, want)
			}
		} else {
			var g journalGame
			if err := json.Unmarshal(line, &g); err != nil {
				return nil, 0, bad(n, "the game does not decode: %v", err)
			}
			r := g.GameResult
			r.Components = g.Components
			switch {
			case r.Index < 0 || r.Index >= cfg.Games:
				return nil, 0, bad(n, "it holds game %d; this run has games 0 to %d (give --games %d or more)", r.Index, cfg.Games-1, r.Index+1)
			case !cfg.Shard.Has(r.Index):
				return nil, 0, bad(n, "it holds game %d, which is not one of shard %s", r.Index, cfg.Shard)
			case seen[r.Index]:
				return nil, 0, bad(n, "game %d is held twice", r.Index)
			case r.Seed != GameSeed(cfg.Seed, r.Index):
				return nil, 0, bad(n, "game %d has seed %d; this run plays it with seed %d", r.Index, r.Seed, GameSeed(cfg.Seed, r.Index))
			case !slices.Equal(r.Bots, cfg.SeatBots(r.Index)):
				return nil, 0, bad(n, "game %d was played by %s; this run seats %s", r.Index, BotList(r.Bots), BotList(cfg.SeatBots(r.Index)))
			case r.OK() && (len(r.Scores) != cfg.Players || len(r.Returns) != cfg.Players):
				return nil, 0, bad(n, "game %d has %d scores and %d returns for %d players", r.Index, len(r.Scores), len(r.Returns), cfg.Players)
			}
			seen[r.Index] = true
			done = append(done, r)
		}
		keep += int64(len(line) + 1)
	}
	slices.SortFunc(done, func(a, b GameResult) int { return a.Index - b.Index })
	return done, keep, nil
}

// cut drops a line cut short after the first keep bytes and leaves the
// file's offset at its end, where the next game is written.
func (j *Journal) cut(keep int64) error {
	if err := j.f.Truncate(keep); err != nil {
		return game.Errorf(game.CodeInvalid, "journal %s: %v", j.path, err)
	}
	if _, err := j.f.Seek(keep, io.SeekStart); err != nil {
		return game.Errorf(game.CodeInvalid, "journal %s: %v", j.path, err)
	}
	return nil
}

// Add writes the finished game r to the journal, whole, before it returns.
func (j *Journal) Add(r *GameResult) error {
	line, err := json.Marshal(journalGame{GameResult: *r, Components: r.Components})
	if err != nil {
		return game.Errorf(game.CodeInternal, "journal: game %d does not encode: %v", r.Index, err)
	}
	return j.write(line)
}

func (j *Journal) write(line []byte) error {
	if _, err := j.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("writing journal %s: %w", j.path, err)
	}
	return nil
}

// Close closes the journal's file.
func (j *Journal) Close() error { return j.f.Close() }
