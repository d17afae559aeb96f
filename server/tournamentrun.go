package server

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/store"
	"minehall/table"
	"minehall/tournament"
)

// TournamentRunnerConfig configures a [TournamentRunner].
type TournamentRunnerConfig struct {
	Store store.Tournaments
	Hall  *table.Hall
	// Notifications, when set, queues the push of kind tournament_round
	// to every account seated when a round starts.
	Notifications store.Notifications
	// Instance names this instance in the tournaments' leases; empty takes
	// a random name.
	Instance string
	// Poll is how often the runner looks at its tournaments (default 1s);
	// Lease how long a claim of a tournament lasts unrenewed (default
	// 15s), after which another instance takes it over.
	Poll  time.Duration
	Lease time.Duration
	// JoinWait is how long a person has to take their seat at a
	// tournament table (default 2 min): one who has not is withdrawn as
	// absent, and the game is forfeited to those who came.
	JoinWait time.Duration
	// BotTimeMs is the thinking time of the bots at tournament tables
	// (default ai.MinThinkingTime: the fastest).
	BotTimeMs int64
	// Now is the clock of the tournaments' schedule; default time.Now.
	// (Notifications are queued at the real time, as the sender reads it.)
	Now    func() time.Time
	Logger *slog.Logger
}

// TournamentRunner drives the tournaments of the store: it starts or
// cancels each at its start time, pairs rounds (Swiss) or waves (arena),
// makes a rated table per pairing through the hall, as the lobby does,
// watches the tables end, records the results and withdraws a person who
// stops showing (see docs/tournaments.md). Each tournament is driven by
// the instance holding its lease; every step is read again from the store,
// so a restarted or new owner goes on where the last stopped.
type TournamentRunner struct {
	cfg  TournamentRunnerConfig
	stop context.CancelFunc
	done sync.WaitGroup
	// kick wakes the loop before its next poll (a tournament was made).
	kick chan struct{}
}

// NewTournamentRunner returns a runner for cfg; [TournamentRunner.Start]
// runs it.
func NewTournamentRunner(cfg TournamentRunnerConfig) *TournamentRunner {
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 15 * time.Second
	}
	if cfg.JoinWait <= 0 {
		cfg.JoinWait = 2 * time.Minute
	}
	if cfg.BotTimeMs <= 0 {
		cfg.BotTimeMs = ai.MinThinkingTime.Milliseconds()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Instance == "" {
		cfg.Instance, _ = newTournamentID()
	}
	return &TournamentRunner{cfg: cfg, kick: make(chan struct{}, 1)}
}

// Start runs the runner until Stop.
func (r *TournamentRunner) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	r.stop = cancel
	r.done.Add(1)
	go func() {
		defer r.done.Done()
		tick := time.NewTicker(r.cfg.Poll)
		defer tick.Stop()
		for {
			r.Step(ctx)
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			case <-r.kick:
			}
		}
	}()
}

// Stop stops the runner and gives up its leases, so that another
// instance takes its tournaments over at once.
func (r *TournamentRunner) Stop() {
	if r.stop == nil {
		return
	}
	r.stop()
	r.done.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ts, err := r.cfg.Store.ListTournaments(ctx, store.TournamentFilter{Status: []store.TournamentStatus{store.TournamentScheduled, store.TournamentRunning}})
	if err != nil {
		return
	}
	for _, t := range ts {
		_ = r.cfg.Store.ReleaseTournament(ctx, t.ID, r.cfg.Instance)
	}
}

func (r *TournamentRunner) wake() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// Step looks once at every tournament that is due or running, and drives
// those whose lease this instance holds or takes.
func (r *TournamentRunner) Step(ctx context.Context) {
	now := r.cfg.Now()
	ts, err := r.cfg.Store.ListTournaments(ctx, store.TournamentFilter{Status: []store.TournamentStatus{store.TournamentScheduled, store.TournamentRunning}})
	if err != nil {
		r.cfg.Logger.Error("tournaments not listed", "err", err)
		return
	}
	// A step begun is finished even when the runner is stopped meanwhile
	// (Stop waits for it), so that no table is made and left unrecorded.
	step := context.WithoutCancel(ctx)
	for _, t := range ts {
		if ctx.Err() != nil {
			return
		}
		if t.Status == store.TournamentScheduled && now.Before(t.Starts) {
			continue
		}
		t, ok, err := r.cfg.Store.ClaimTournament(step, t.ID, r.cfg.Instance, now, r.cfg.Lease)
		if err != nil || !ok {
			continue
		}
		if err := r.drive(step, t, now); err != nil {
			r.cfg.Logger.Error("tournament step failed", "tournament", t.ID, "err", err)
		}
	}
}

// drive takes tournament t one step on.
func (r *TournamentRunner) drive(ctx context.Context, t *store.Tournament, now time.Time) error {
	entrants, err := r.cfg.Store.Entrants(ctx, t.ID)
	if err != nil {
		return err
	}
	games, err := r.cfg.Store.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	if t.Status == store.TournamentScheduled {
		if err := checkStart(t, coreEntrants(entrants)); err != nil {
			t.Status, t.CancelReason, t.Finished = store.TournamentCancelled, CancelTooFew, now
			if game.ErrorCode(err) != game.CodeConflict {
				t.CancelReason = err.Error()
			}
			r.cfg.Logger.Info("tournament cancelled", "tournament", t.ID, "reason", t.CancelReason)
			if err := r.cfg.Store.UpdateTournament(ctx, t); err != nil {
				return err
			}
			r.notifyCancelled(ctx, t, entrants)
			return nil
		}
		t.Status, t.Started = store.TournamentRunning, now
		if err := r.cfg.Store.UpdateTournament(ctx, t); err != nil {
			return err
		}
		r.cfg.Logger.Info("tournament started", "tournament", t.ID, "entrants", len(entrants))
	}
	changed, err := r.watch(ctx, t, entrants, games, now)
	if err != nil {
		return err
	}
	if changed {
		if entrants, err = r.cfg.Store.Entrants(ctx, t.ID); err != nil {
			return err
		}
		if games, err = r.cfg.Store.TournamentGames(ctx, t.ID); err != nil {
			return err
		}
	}
	if t.Format == store.FormatArena {
		return r.driveArena(ctx, t, entrants, games, now)
	}
	return r.driveSwiss(ctx, t, entrants, games, now)
}

// notifyCancelled queues the push that tells t's people it was cancelled.
func (r *TournamentRunner) notifyCancelled(ctx context.Context, t *store.Tournament, entrants []store.Entrant) {
	if r.cfg.Notifications == nil {
		return
	}
	var accounts []string
	for _, e := range entrants {
		if e.AccountID != "" {
			accounts = append(accounts, e.AccountID)
		}
	}
	n := store.Notification{Kind: store.NotifyTournamentRound, Table: tournamentNotice + t.ID, Created: time.Now()}
	if _, err := r.cfg.Notifications.QueueNotification(ctx, n, accounts); err != nil {
		r.cfg.Logger.Error("tournament cancellation not notified", "tournament", t.ID, "err", err)
	}
}

// checkStart reports whether t may start with entrants, as the pairing
// package and t's least number of players say.
func checkStart(t *store.Tournament, entrants []tournament.Entrant) error {
	active := 0
	for _, e := range entrants {
		if !e.Withdrawn {
			active++
		}
	}
	if active < t.MinPlayers {
		joined := fmt.Sprintf("%d players joined", active)
		if active == 1 {
			joined = "1 player joined"
		}
		return game.Errorf(game.CodeConflict, "%s; %d are needed", joined, t.MinPlayers)
	}
	if t.Format == store.FormatArena {
		return arenaOf(t).CheckStart(entrants)
	}
	return swissOf(t).CheckStart(entrants)
}

func swissOf(t *store.Tournament) tournament.Swiss {
	return tournament.Swiss{Rounds: t.Rounds, TableSize: t.TableSize}
}

// arenaOf is t's arena: from its start (the scheduled one until it
// starts) for its duration.
func arenaOf(t *store.Tournament) tournament.Arena {
	start := t.Started
	if start.IsZero() {
		start = t.Starts
	}
	return tournament.Arena{Start: start, End: start.Add(t.Duration), TableSize: t.TableSize}
}

// coreEntrants are the store's entrants as the pairing package takes them.
func coreEntrants(es []store.Entrant) []tournament.Entrant {
	out := make([]tournament.Entrant, len(es))
	for i, e := range es {
		out[i] = tournament.Entrant{ID: e.ID, Rating: e.Rating, Joined: i, Withdrawn: !e.Withdrawn.IsZero()}
	}
	return out
}

// coreGames are the store's games (byes apart) as the pairing package
// takes them, and the byes.
func coreGames(gs []store.TournamentGame, arena bool) ([]tournament.Game, []tournament.Bye) {
	var games []tournament.Game
	var byes []tournament.Bye
	for _, g := range gs {
		if g.Outcome == store.OutcomeBye {
			byes = append(byes, tournament.Bye{Round: g.Round, ID: g.Players[0]})
			continue
		}
		cg := tournament.Game{Round: g.Round, Players: g.Players, Ranks: g.Ranks, Aborted: g.Outcome == store.OutcomeAborted,
			Forfeit: g.Outcome == store.OutcomeForfeit}
		if arena {
			cg.Round, cg.Start, cg.End = 0, g.Created, g.Finished
		}
		games = append(games, cg)
	}
	return games, byes
}

// driveSwiss pairs the next round once every game of the last has ended,
// and finishes the event after its last round.
func (r *TournamentRunner) driveSwiss(ctx context.Context, t *store.Tournament, entrants []store.Entrant, games []store.TournamentGame, now time.Time) error {
	var played []store.TournamentGame
	for _, g := range games {
		if g.Round > t.Round {
			continue // a round being written when the last owner stopped: paired again below
		}
		if !g.Ended() {
			return nil // a game of the round is on
		}
		played = append(played, g)
	}
	if t.Round >= t.Rounds {
		return r.finish(ctx, t, now)
	}
	cg, byes := coreGames(played, false)
	p, err := swissOf(t).Pair(coreEntrants(entrants), cg, byes)
	if game.ErrorCode(err) == game.CodeConflict {
		// Too few players left to pair: the event ends here.
		return r.finish(ctx, t, now)
	}
	if err != nil {
		return err
	}
	for i, players := range p.Tables {
		if err := r.addGame(ctx, store.TournamentGame{Tournament: t.ID, Round: p.Round, Board: i, Players: players, Created: now}); err != nil {
			return err
		}
	}
	for i, id := range p.Byes {
		bye := store.TournamentGame{Tournament: t.ID, Round: p.Round, Board: len(p.Tables) + i, Players: []string{id},
			Ranks: []int{1}, Outcome: store.OutcomeBye, Created: now, Finished: now}
		if err := r.addGame(ctx, bye); err != nil {
			return err
		}
	}
	t.Round = p.Round
	if err := r.cfg.Store.UpdateTournament(ctx, t); err != nil {
		return err
	}
	r.cfg.Logger.Info("tournament round paired", "tournament", t.ID, "round", p.Round, "tables", len(p.Tables), "byes", len(p.Byes))
	return r.makeTables(ctx, t, entrants)
}

// driveArena pairs the waiting entrants until the end time, and finishes
// the arena once its last games have ended.
func (r *TournamentRunner) driveArena(ctx context.Context, t *store.Tournament, entrants []store.Entrant, games []store.TournamentGame, now time.Time) error {
	busy := map[string]bool{}
	running := 0
	for _, g := range games {
		if !g.Ended() {
			running++
			for _, p := range g.Players {
				busy[p] = true
			}
		}
	}
	end := t.Started.Add(t.Duration)
	if !now.Before(end) {
		if running == 0 {
			return r.finish(ctx, t, now)
		}
		return nil
	}
	var waiting []string
	for _, e := range entrants {
		if e.Withdrawn.IsZero() && !busy[e.ID] {
			waiting = append(waiting, e.ID)
		}
	}
	cg, _ := coreGames(games, true)
	tables, err := arenaOf(t).Pair(coreEntrants(entrants), cg, waiting, now)
	if err != nil || len(tables) == 0 {
		return err
	}
	wave := t.Round + 1
	for i, players := range tables {
		if err := r.addGame(ctx, store.TournamentGame{Tournament: t.ID, Round: wave, Board: i, Players: players, Created: now}); err != nil {
			return err
		}
	}
	t.Round = wave
	if err := r.cfg.Store.UpdateTournament(ctx, t); err != nil {
		return err
	}
	return r.makeTables(ctx, t, entrants)
}

// addGame stores g; a board stored already (by an owner that stopped
// before it counted the round) is no error.
func (r *TournamentRunner) addGame(ctx context.Context, g store.TournamentGame) error {
	err := r.cfg.Store.AddTournamentGame(ctx, g)
	if game.ErrorCode(err) == game.CodeConflict {
		return nil
	}
	return err
}

func (r *TournamentRunner) finish(ctx context.Context, t *store.Tournament, now time.Time) error {
	t.Status, t.Finished = store.TournamentFinished, now
	r.cfg.Logger.Info("tournament finished", "tournament", t.ID)
	return r.cfg.Store.UpdateTournament(ctx, t)
}

// makeTables makes the table of every game of t's current round that has
// none yet, and tells its people their round starts.
func (r *TournamentRunner) makeTables(ctx context.Context, t *store.Tournament, entrants []store.Entrant) error {
	games, err := r.cfg.Store.TournamentGames(ctx, t.ID)
	if err != nil {
		return err
	}
	byID := map[string]store.Entrant{}
	for _, e := range entrants {
		byID[e.ID] = e
	}
	for _, g := range games {
		if g.Round != t.Round || g.Table != "" || g.Ended() {
			continue
		}
		req := table.CreateRequest{Game: t.Game, Players: len(g.Players), Options: t.Options, AutoStart: true,
			TimeControl: t.TimeControl, Rated: true, BotTimeMs: r.cfg.BotTimeMs}
		var accounts []string
		for _, id := range g.Players {
			e := byID[id]
			if e.Bot != "" {
				req.Seats = append(req.Seats, table.SeatRequest{Kind: store.SeatBot, Bot: e.Bot})
				continue
			}
			req.Seats = append(req.Seats, table.SeatRequest{Kind: store.SeatPerson, ReservedFor: e.Name, ReservedAccount: e.AccountID})
			accounts = append(accounts, e.AccountID)
		}
		tb, tok, err := r.cfg.Hall.Open(ctx, req)
		if err != nil {
			return err
		}
		if err := r.cfg.Store.SetGameTable(ctx, t.ID, g.Round, g.Board, tb.ID(), tok.Owner); err != nil {
			// Another owner made this board's table meanwhile: call ours off.
			_ = tb.Abort(ctx, tok.Owner)
			return err
		}
		if r.cfg.Notifications != nil && len(accounts) > 0 {
			n := store.Notification{Kind: store.NotifyTournamentRound, Table: tb.ID(), EventN: int64(g.Round), Created: time.Now()}
			if _, err := r.cfg.Notifications.QueueNotification(ctx, n, accounts); err != nil {
				r.cfg.Logger.Error("tournament round not notified", "tournament", t.ID, "table", tb.ID(), "err", err)
			}
		}
	}
	return nil
}

// watch records the games of t whose tables ended, withdraws the people
// who stopped showing (a stand-in took their seat over, or they did not
// take it within JoinWait) and forfeits the tables they never came to. It
// reports whether it changed anything.
func (r *TournamentRunner) watch(ctx context.Context, t *store.Tournament, entrants []store.Entrant, games []store.TournamentGame, now time.Time) (bool, error) {
	if err := r.makeTables(ctx, t, entrants); err != nil {
		return false, err
	}
	withdrawn := map[string]bool{}
	for _, e := range entrants {
		withdrawn[e.ID] = !e.Withdrawn.IsZero()
	}
	changed := false
	withdraw := func(id, reason string) error {
		if withdrawn[id] || !isAccountEntrant(id) {
			return nil
		}
		withdrawn[id], changed = true, true
		r.cfg.Logger.Info("tournament entrant withdrawn", "tournament", t.ID, "entrant", id, "reason", reason)
		return r.cfg.Store.WithdrawEntrant(ctx, t.ID, id, reason, now)
	}
	for _, g := range games {
		if g.Ended() || g.Table == "" {
			continue
		}
		info, err := r.cfg.Hall.Info(ctx, g.Table)
		if err != nil {
			return changed, err
		}
		for seat, s := range info.Seats {
			if seat < len(g.Players) && s.Kind == store.SeatPerson && s.StandIn {
				if err := withdraw(g.Players[seat], WithdrawStandIn); err != nil {
					return changed, err
				}
			}
		}
		switch {
		case info.Status == store.StatusFinished && info.Result != nil:
			changed = true
			if err := r.cfg.Store.FinishTournamentGame(ctx, t.ID, g.Round, g.Board, ranksOf(info.Result.Returns), "", now); err != nil {
				return changed, err
			}
		case info.Status == store.StatusFinished && info.Ending == store.EndingAbandoned:
			// Every person left during play: they are withdrawn, and the
			// bots at the table win it.
			changed = true
			ranks, outcome := abandonedRanks(info), store.OutcomeForfeit
			if ranks == nil {
				outcome = store.OutcomeAborted
			}
			for seat, s := range info.Seats {
				if seat < len(g.Players) && s.Kind == store.SeatPerson {
					if err := withdraw(g.Players[seat], WithdrawAbandoned); err != nil {
						return changed, err
					}
				}
			}
			if err := r.cfg.Store.FinishTournamentGame(ctx, t.ID, g.Round, g.Board, ranks, outcome, now); err != nil {
				return changed, err
			}
		case info.Status == store.StatusFinished:
			changed = true
			if err := r.cfg.Store.FinishTournamentGame(ctx, t.ID, g.Round, g.Board, nil, store.OutcomeAborted, now); err != nil {
				return changed, err
			}
		case info.Status == store.StatusOpen && now.Sub(g.Created) >= r.cfg.JoinWait:
			if err := r.forfeit(ctx, t, g, info, now, withdraw); err != nil {
				return changed, err
			}
			changed = true
		}
	}
	return changed, nil
}

// abandonedRanks ranks the seats of a table every person left: the bots
// share the first place, the people the next; nil when no bot sat there.
func abandonedRanks(info table.Info) []int {
	bots := 0
	for _, s := range info.Seats {
		if s.Kind == store.SeatBot {
			bots++
		}
	}
	if bots == 0 {
		return nil
	}
	ranks := make([]int, len(info.Seats))
	for i, s := range info.Seats {
		ranks[i] = 1
		if s.Kind == store.SeatPerson {
			ranks[i] = bots + 1
		}
	}
	return ranks
}

// forfeit ends game g, whose table still waits for people after JoinWait:
// the absent are withdrawn and rank last, those who came share the first
// place; with nobody there the game is aborted.
func (r *TournamentRunner) forfeit(ctx context.Context, t *store.Tournament, g store.TournamentGame, info table.Info, now time.Time, withdraw func(id, reason string) error) error {
	ranks := make([]int, len(g.Players))
	present := 0
	for _, s := range info.Seats {
		if s.Taken {
			present++
		}
	}
	for seat, s := range info.Seats {
		if seat >= len(ranks) {
			break
		}
		if s.Taken {
			ranks[seat] = 1
			continue
		}
		ranks[seat] = present + 1
		if err := withdraw(g.Players[seat], WithdrawAbsent); err != nil {
			return err
		}
	}
	if tb, err := r.cfg.Hall.Table(ctx, g.Table); err == nil {
		if err := tb.Abort(ctx, g.OwnerToken); err != nil && game.ErrorCode(err) != game.CodeConflict {
			return err
		}
	}
	if present == 0 || present == len(ranks) {
		return r.cfg.Store.FinishTournamentGame(ctx, t.ID, g.Round, g.Board, nil, store.OutcomeAborted, now)
	}
	return r.cfg.Store.FinishTournamentGame(ctx, t.ID, g.Round, g.Board, ranks, store.OutcomeForfeit, now)
}

// CancelTooFew is the cancel reason of a tournament that had too few
// players at its start.
const CancelTooFew = "too_few_players"

// The reasons an entrant is withdrawn.
const (
	// WithdrawLeft: they withdrew themselves.
	WithdrawLeft = "left"
	// WithdrawAbsent: they did not take their seat within the join wait.
	WithdrawAbsent = "absent"
	// WithdrawStandIn: a stand-in took their seat over (they left the
	// table, went offline past the grace or let their clock run out).
	WithdrawStandIn = "stand_in"
	// WithdrawAbandoned: they left a table where no other person sat, so
	// that it ended at once.
	WithdrawAbandoned = "abandoned"
)

func isAccountEntrant(id string) bool { return len(id) > 2 && id[:2] == "a:" }

// ranksOf turns a game's returns by seat into ranks: 1 for the best, and
// one more than the number of players with a strictly better return.
func ranksOf(returns []float64) []int {
	ranks := make([]int, len(returns))
	for i, v := range returns {
		ranks[i] = 1
		for _, w := range returns {
			if w > v {
				ranks[i]++
			}
		}
	}
	return ranks
}
