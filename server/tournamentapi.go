package server

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
	"minehall/tournament"
)

// Bounds of a tournament's settings.
const (
	// maxTournamentAhead is how far ahead a tournament may be scheduled.
	maxTournamentAhead = 30 * 24 * time.Hour
	// minArena and maxArena bound an arena's length.
	minArena = time.Minute
	maxArena = 6 * time.Hour
	// maxTournamentEntrants caps the entrants of one tournament.
	maxTournamentEntrants = 200
	// maxClockS bounds a time control's seconds (a week), as tables do.
	maxClockS = 7 * 24 * 60 * 60
)

func (s *Server) routeTournaments() {
	s.mux.HandleFunc("POST /api/tournaments", s.createTournament)
	s.mux.HandleFunc("GET /api/tournaments", s.listTournaments)
	s.mux.HandleFunc("GET /api/tournaments/{id}", s.getTournament)
	s.mux.HandleFunc("POST /api/tournaments/{id}/join", s.joinTournament)
	s.mux.HandleFunc("POST /api/tournaments/{id}/leave", s.leaveTournament)
}

// tournamentRequest asks for a new tournament (see docs/protocol.md).
type tournamentRequest struct {
	Game        string             `json:"game"`
	Format      string             `json:"format"`
	Options     game.Options       `json:"options"`
	TimeControl *store.TimeControl `json:"time_control"`
	TableSize   int                `json:"table_size"`
	Rounds      int                `json:"rounds"`
	DurationS   int64              `json:"duration_s"`
	// Starts is the start time; StartsInS, when Starts is zero, the
	// seconds from now.
	Starts     time.Time `json:"starts"`
	StartsInS  int64     `json:"starts_in_s"`
	MinPlayers int       `json:"min_players"`
	// Bots are bot levels that enter the tournament as players.
	Bots []string `json:"bots"`
}

// FormatsFor returns the tournament formats a game allows: Swiss for a
// turn-based game, arena for a real-time one and for a game short enough
// to play many in an hour ([game.Spec.Arena]).
func FormatsFor(spec game.Spec) []string {
	var formats []string
	if spec.Turns != game.RealTime {
		formats = append(formats, store.FormatSwiss)
	}
	if spec.Turns == game.RealTime || spec.Arena {
		formats = append(formats, store.FormatArena)
	}
	return formats
}

// checkTournament checks req and returns the tournament it asks for,
// scheduled, or a CodeInvalid error that says what is wrong.
func (s *Server) checkTournament(req tournamentRequest, now time.Time) (*store.Tournament, error) {
	g, err := s.cfg.Registry.Lookup(req.Game)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "game %q: %v", req.Game, err)
	}
	spec := g.Spec()
	if !slices.Contains(FormatsFor(spec), req.Format) {
		return nil, game.Errorf(game.CodeInvalid, "format %q is not allowed for %s; it takes %v", req.Format, spec.Title, FormatsFor(spec))
	}
	if req.TableSize == 0 {
		req.TableSize = 2
	}
	if err := spec.CheckPlayers(req.TableSize); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "table_size: %v", err)
	}
	if req.TableSize > tournament.MaxTableSize {
		return nil, game.Errorf(game.CodeInvalid, "table_size %d is more than %d", req.TableSize, tournament.MaxTableSize)
	}
	opts, err := spec.ResolveOptions(req.Options)
	if err != nil {
		return nil, err
	}
	if err := spec.CheckRated(opts); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "tournament tables are rated: %v", err)
	}
	tc := req.TimeControl
	switch {
	case spec.Turns == game.RealTime && tc != nil:
		return nil, game.Errorf(game.CodeInvalid, "%s is played against its round clock; it takes no time_control", spec.Title)
	case spec.Turns != game.RealTime && tc == nil:
		return nil, game.Errorf(game.CodeInvalid, "tournament tables are rated: give %s a time_control", spec.Title)
	case tc != nil && (tc.MoveS < 1 || tc.MoveS > maxClockS):
		return nil, game.Errorf(game.CodeInvalid, "time_control.move_s %d is not from 1 to %d seconds (a week)", tc.MoveS, maxClockS)
	case tc != nil && (tc.BankS < 0 || tc.BankS > maxClockS):
		return nil, game.Errorf(game.CodeInvalid, "time_control.bank_s %d is not from 0 to %d seconds (a week)", tc.BankS, maxClockS)
	}
	starts := req.Starts
	if starts.IsZero() {
		if req.StartsInS < 0 {
			return nil, game.Errorf(game.CodeInvalid, "starts_in_s %d is in the past", req.StartsInS)
		}
		starts = now.Add(time.Duration(req.StartsInS) * time.Second)
	}
	switch {
	case starts.Before(now.Add(-time.Minute)):
		return nil, game.Errorf(game.CodeInvalid, "starts %s is in the past", starts.UTC().Format(time.RFC3339))
	case starts.After(now.Add(maxTournamentAhead)):
		return nil, game.Errorf(game.CodeInvalid, "starts %s is more than 30 days ahead", starts.UTC().Format(time.RFC3339))
	}
	t := &store.Tournament{ID: "", Game: spec.ID, Format: req.Format, Options: opts, TimeControl: tc, TableSize: req.TableSize,
		Starts: starts, Status: store.TournamentScheduled, Created: now}
	if req.Format == store.FormatSwiss {
		if req.DurationS != 0 {
			return nil, game.Errorf(game.CodeInvalid, "a Swiss event has rounds, not a duration_s")
		}
		t.Rounds = req.Rounds
		if err := swissOf(t).Validate(); err != nil {
			return nil, game.Errorf(game.CodeInvalid, "rounds: %v", err)
		}
		t.MinPlayers = 2 * t.TableSize
	} else {
		if req.Rounds != 0 {
			return nil, game.Errorf(game.CodeInvalid, "an arena has a duration_s, not rounds")
		}
		t.Duration = time.Duration(req.DurationS) * time.Second
		if t.Duration < minArena || t.Duration > maxArena {
			return nil, game.Errorf(game.CodeInvalid, "duration_s %d is not from %d to %d seconds", req.DurationS, int(minArena.Seconds()), int(maxArena.Seconds()))
		}
		t.MinPlayers = t.TableSize
	}
	if req.MinPlayers != 0 {
		if req.MinPlayers < t.MinPlayers || req.MinPlayers > maxTournamentEntrants {
			return nil, game.Errorf(game.CodeInvalid, "min_players %d is not from %d to %d", req.MinPlayers, t.MinPlayers, maxTournamentEntrants)
		}
		t.MinPlayers = req.MinPlayers
	}
	bots := table.BotNames(g)
	for i, b := range req.Bots {
		if !slices.Contains(bots, b) {
			return nil, game.Errorf(game.CodeInvalid, "bots[%d]: %s has no bot %q; it has %v", i, spec.Title, b, bots)
		}
		if slices.Contains(req.Bots[:i], b) {
			return nil, game.Errorf(game.CodeInvalid, "bots[%d]: %q enters once", i, b)
		}
	}
	return t, nil
}

func newTournamentID() (string, error) {
	var b [8]byte
	_, err := rand.Read(b[:])
	return hex.EncodeToString(b[:]), err
}

func (s *Server) tournaments(w http.ResponseWriter) (store.Tournaments, bool) {
	if s.cfg.Tournaments == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server holds no tournaments"))
		return nil, false
	}
	return s.cfg.Tournaments, true
}

// tournamentCreation reads a request for a new tournament, or answers the
// refusal: tournaments off, a bad body.
func (s *Server) tournamentCreation(w http.ResponseWriter, r *http.Request) (store.Tournaments, tournamentRequest, bool) {
	var req tournamentRequest
	ts, ok := s.tournaments(w)
	if !ok {
		return nil, req, false
	}
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return nil, req, false
	}
	return ts, req, true
}

func (s *Server) createTournament(w http.ResponseWriter, r *http.Request) {
	ts, req, ok := s.tournamentCreation(w, r)
	if !ok {
		return
	}
	who := signedInFrom(r)
	if who == nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "sign in to schedule a tournament"))
		return
	}
	s.scheduleTournament(w, r, ts, req, who.Account.ID)
}

// adminCreateTournament schedules a tournament for the operator (no
// creator account), on the admin handler.
func (s *Server) adminCreateTournament(w http.ResponseWriter, r *http.Request) {
	ts, req, ok := s.tournamentCreation(w, r)
	if !ok {
		return
	}
	s.scheduleTournament(w, r, ts, req, "")
}

// scheduleTournament checks req and stores the tournament it asks for,
// made by the account creator ("" for the operator), with its bots in.
func (s *Server) scheduleTournament(w http.ResponseWriter, r *http.Request, ts store.Tournaments, req tournamentRequest, creator string) {
	now := time.Now()
	t, err := s.checkTournament(req, now)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if t.ID, err = newTournamentID(); err != nil {
		writeError(w, s.log, err)
		return
	}
	t.Creator = creator
	// The bots go in with the tournament: one that starts at once is never
	// seen by a runner without them (and cancelled for too few players).
	var bots []store.Entrant
	for i, b := range req.Bots {
		e := store.Entrant{Tournament: t.ID, ID: store.BotEntrant(b), Bot: b, Name: b, Joined: now.Add(time.Duration(i) * time.Millisecond)}
		e.Rating = s.ratingOf(r, store.BotPlayer(b), t.Game)
		bots = append(bots, e)
	}
	if err := ts.CreateTournament(r.Context(), t, bots...); err != nil {
		writeError(w, s.log, err)
		return
	}
	if s.cfg.TournamentRunner != nil {
		s.cfg.TournamentRunner.wake()
	}
	s.log.Info("tournament created", "tournament", t.ID, "game", t.Game, "format", t.Format)
	s.writeTournament(w, r, t, http.StatusCreated)
}

// ratingOf returns a player's shown rating in a game, 0 when unrated.
func (s *Server) ratingOf(r *http.Request, player, gameID string) float64 {
	if s.cfg.Accounts == nil {
		return 0
	}
	rs, err := s.cfg.Accounts.Ratings(r.Context(), player)
	if err != nil {
		return 0
	}
	for _, pr := range rs {
		if pr.Game == gameID {
			return pr.Rating.Ordinal()
		}
	}
	return 0
}

// tournamentInfo is a tournament as the list shows it.
type tournamentInfo struct {
	ID           string             `json:"id"`
	Game         string             `json:"game"`
	Format       string             `json:"format"`
	Options      game.Options       `json:"options"`
	TimeControl  *store.TimeControl `json:"time_control,omitempty"`
	TableSize    int                `json:"table_size"`
	Rounds       int                `json:"rounds,omitempty"`
	DurationS    int64              `json:"duration_s,omitempty"`
	MinPlayers   int                `json:"min_players"`
	Starts       time.Time          `json:"starts"`
	Ends         *time.Time         `json:"ends,omitempty"`
	Status       string             `json:"status"`
	CancelReason string             `json:"cancel_reason,omitempty"`
	Round        int                `json:"round"`
	// Players counts the entrants.
	Players int `json:"players"`
}

// tournamentInfoOf is tournament t as the API lists it, with its number
// of entrants.
func tournamentInfoOf(t *store.Tournament, entrants int) tournamentInfo {
	in := tournamentInfo{ID: t.ID, Game: t.Game, Format: t.Format, Options: t.Options, TimeControl: t.TimeControl, TableSize: t.TableSize,
		Rounds: t.Rounds, DurationS: int64(t.Duration.Seconds()), MinPlayers: t.MinPlayers, Starts: t.Starts, Status: string(t.Status),
		CancelReason: t.CancelReason, Round: t.Round, Players: entrants}
	if t.Format == store.FormatArena && !t.Started.IsZero() {
		end := t.Started.Add(t.Duration)
		in.Ends = &end
	}
	return in
}

// tournamentLists are the lists GET /api/tournaments answers, by the
// status query: upcoming (scheduled, soonest first), running, finished
// (finished and cancelled, latest first).
var tournamentLists = map[string]store.TournamentFilter{
	"upcoming": {Status: []store.TournamentStatus{store.TournamentScheduled}},
	"running":  {Status: []store.TournamentStatus{store.TournamentRunning}},
	"finished": {Status: []store.TournamentStatus{store.TournamentFinished, store.TournamentCancelled}, Latest: true},
}

type tournamentPage struct {
	Tournaments []tournamentInfo `json:"tournaments"`
	// Next is the offset of the next page; 0 when there is none.
	Next int `json:"next,omitempty"`
}

func (s *Server) listTournaments(w http.ResponseWriter, r *http.Request) {
	ts, ok := s.tournaments(w)
	if !ok {
		return
	}
	q := r.URL.Query()
	list := q.Get("status")
	if list == "" {
		list = "upcoming"
	}
	f, ok := tournamentLists[list]
	if !ok {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "status %q is not upcoming, running or finished", list))
		return
	}
	limit, offset := 20, 0
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "limit %q is not a number from 1 to 100", v))
			return
		}
		limit = n
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, s.log, game.Errorf(game.CodeInvalid, "offset %q is not a number from 0", v))
			return
		}
		offset = n
	}
	f.Limit, f.Offset = limit+1, offset
	list2, err := ts.ListTournaments(r.Context(), f)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	page := tournamentPage{Tournaments: []tournamentInfo{}}
	if len(list2) > limit {
		list2, page.Next = list2[:limit], offset+limit
	}
	for _, t := range list2 {
		es, err := ts.Entrants(r.Context(), t.ID)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		page.Tournaments = append(page.Tournaments, tournamentInfoOf(t, len(es)))
	}
	writeJSON(w, http.StatusOK, page)
}

// entrantInfo is an entrant as the tournament page shows it.
type entrantInfo struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Bot       string  `json:"bot,omitempty"`
	Rating    float64 `json:"rating"`
	Withdrawn string  `json:"withdrawn,omitempty"`
}

// standingInfo is one line of the standings, of either format.
type standingInfo struct {
	Rank   int     `json:"rank"`
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
	// TieBreaks are Buchholz and Sonneborn-Berger (Swiss) or the
	// performance (arena).
	TieBreaks []float64 `json:"tie_breaks"`
	Games     int       `json:"games"`
	Byes      int       `json:"byes,omitempty"`
	OnFire    bool      `json:"on_fire,omitempty"`
	Withdrawn bool      `json:"withdrawn,omitempty"`
}

// pairingInfo is one game of a round.
type pairingInfo struct {
	Round   int      `json:"round"`
	Board   int      `json:"board"`
	Table   string   `json:"table,omitempty"`
	Players []string `json:"players"`
	Names   []string `json:"names"`
	Ranks   []int    `json:"ranks,omitempty"`
	Outcome string   `json:"outcome,omitempty"`
	Done    bool     `json:"done"`
}

// tournamentDetail is GET /api/tournaments/{id}.
type tournamentDetail struct {
	tournamentInfo
	Entrants  []entrantInfo  `json:"entrants"`
	Standings []standingInfo `json:"standings"`
	// Pairings are the games of the current round (Swiss) or the games
	// under way and the last ended (arena).
	Pairings []pairingInfo `json:"pairings"`
	// Games counts every game so far.
	Games int    `json:"games"`
	Rules string `json:"rules"`
	// Me is the signed-in account's entrant, when it joined.
	Me *entrantInfo `json:"me,omitempty"`
}

func (s *Server) getTournament(w http.ResponseWriter, r *http.Request) {
	ts, ok := s.tournaments(w)
	if !ok {
		return
	}
	t, err := ts.Tournament(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	s.writeTournament(w, r, t, http.StatusOK)
}

func (s *Server) writeTournament(w http.ResponseWriter, r *http.Request, t *store.Tournament, status int) {
	ts := s.cfg.Tournaments
	es, err := ts.Entrants(r.Context(), t.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	gs, err := ts.TournamentGames(r.Context(), t.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	d := tournamentDetail{tournamentInfo: tournamentInfoOf(t, len(es)), Entrants: []entrantInfo{}, Standings: []standingInfo{}, Pairings: []pairingInfo{}, Games: len(gs)}
	names := map[string]string{}
	me := ""
	if who := signedInFrom(r); who != nil {
		me = store.AccountEntrant(who.Account.ID)
	}
	for _, e := range es {
		names[e.ID] = e.Name
		ei := entrantInfo{ID: e.ID, Name: e.Name, Bot: e.Bot, Rating: e.Rating, Withdrawn: e.WithdrawReason}
		d.Entrants = append(d.Entrants, ei)
		if e.ID == me {
			d.Me = &ei
		}
	}
	ce := coreEntrants(es)
	if t.Format == store.FormatArena {
		a := arenaOf(t)
		if t.Started.IsZero() {
			a.Start, a.End = t.Starts, t.Starts.Add(t.Duration)
		}
		d.Rules = a.Rules()
		games, _ := coreGames(gs, true)
		st, err := a.Standings(ce, games)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		for _, x := range st {
			d.Standings = append(d.Standings, standingInfo{Rank: x.Rank, ID: x.ID, Name: names[x.ID], Points: float64(x.Points),
				TieBreaks: []float64{x.Performance}, Games: x.Games, OnFire: x.OnFire, Withdrawn: x.Withdrawn})
		}
	} else {
		sw := swissOf(t)
		d.Rules = sw.Rules()
		games, byes := coreGames(gs, false)
		st, err := sw.Standings(ce, games, byes)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		for _, x := range st {
			d.Standings = append(d.Standings, standingInfo{Rank: x.Rank, ID: x.ID, Name: names[x.ID], Points: x.Points,
				TieBreaks: []float64{x.Buchholz, x.SonnebornBerger}, Games: x.Games, Byes: x.Byes, Withdrawn: x.Withdrawn})
		}
	}
	for _, g := range gs {
		if t.Format == store.FormatSwiss && g.Round != t.Round {
			continue
		}
		if t.Format == store.FormatArena && g.Ended() && g.Round < t.Round-1 {
			continue
		}
		p := pairingInfo{Round: g.Round, Board: g.Board, Table: g.Table, Players: g.Players, Ranks: g.Ranks, Outcome: g.Outcome, Done: g.Ended()}
		for _, id := range g.Players {
			p.Names = append(p.Names, names[id])
		}
		d.Pairings = append(d.Pairings, p)
	}
	writeJSON(w, status, d)
}

// tournamentAccount returns the signed-in account of r, refusing a guest.
func (s *Server) tournamentAccount(w http.ResponseWriter, r *http.Request) (*signedIn, bool) {
	who := signedInFrom(r)
	if who == nil {
		writeError(w, s.log, game.Errorf(game.CodeUnauthorized, "sign in to play in a tournament: its tables are rated"))
		return nil, false
	}
	return who, true
}

// entrantRequest reads a join or leave request (no body, or an empty
// one) of the signed-in account for the tournament of the path, or
// answers the refusal: tournaments off, a bad body, a guest, an unknown
// tournament.
func (s *Server) entrantRequest(w http.ResponseWriter, r *http.Request) (store.Tournaments, *signedIn, *store.Tournament, bool) {
	ts, ok := s.tournaments(w)
	if !ok {
		return nil, nil, nil, false
	}
	if err := decodeOptionalBody(r, &struct{}{}); err != nil {
		writeError(w, s.log, err)
		return nil, nil, nil, false
	}
	who, ok := s.tournamentAccount(w, r)
	if !ok {
		return nil, nil, nil, false
	}
	t, err := ts.Tournament(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, s.log, err)
		return nil, nil, nil, false
	}
	return ts, who, t, true
}

func (s *Server) joinTournament(w http.ResponseWriter, r *http.Request) {
	ts, who, t, ok := s.entrantRequest(w, r)
	if !ok {
		return
	}
	switch {
	case t.Status == store.TournamentRunning && t.Format == store.FormatSwiss:
		writeError(w, s.log, game.Errorf(game.CodeConflict, "this Swiss event has started: its pairings and scores count from the first round, so nobody joins once it runs"))
		return
	case t.Status == store.TournamentRunning && !time.Now().Before(t.Started.Add(t.Duration)):
		writeError(w, s.log, game.Errorf(game.CodeConflict, "this arena's time is up; its last games are ending"))
		return
	case t.Status == store.TournamentFinished || t.Status == store.TournamentCancelled:
		writeError(w, s.log, game.Errorf(game.CodeConflict, "this tournament is %s", t.Status))
		return
	}
	es, err := ts.Entrants(r.Context(), t.ID)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if len(es) >= maxTournamentEntrants {
		writeError(w, s.log, game.Errorf(game.CodeConflict, "this tournament is full (%d players)", maxTournamentEntrants))
		return
	}
	e := store.Entrant{Tournament: t.ID, ID: store.AccountEntrant(who.Account.ID), AccountID: who.Account.ID, Name: who.Account.Name,
		Joined: time.Now(), Rating: s.ratingOf(r, who.Account.ID, t.Game)}
	if err := ts.AddEntrant(r.Context(), e); err != nil {
		if game.ErrorCode(err) == game.CodeConflict {
			err = game.Errorf(game.CodeConflict, "you have joined this tournament already")
		}
		writeError(w, s.log, err)
		return
	}
	s.writeTournament(w, r, t, http.StatusOK)
}

// leaveTournament takes the signed-in account out of a tournament: before
// its start it is no entrant any more (and may join again); once it runs
// the account is withdrawn (its finished games keep counting, it is paired
// no more, and a game under way is still its own to finish).
func (s *Server) leaveTournament(w http.ResponseWriter, r *http.Request) {
	ts, who, t, ok := s.entrantRequest(w, r)
	if !ok {
		return
	}
	id := store.AccountEntrant(who.Account.ID)
	var err error
	switch t.Status {
	case store.TournamentScheduled:
		err = ts.RemoveEntrant(r.Context(), t.ID, id)
	case store.TournamentRunning:
		err = ts.WithdrawEntrant(r.Context(), t.ID, id, WithdrawLeft, time.Now())
	default:
		err = game.Errorf(game.CodeConflict, "this tournament is %s", t.Status)
	}
	if game.ErrorCode(err) == game.CodeNotFound {
		err = game.Errorf(game.CodeNotFound, "you have not joined this tournament")
	}
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	s.writeTournament(w, r, t, http.StatusOK)
}
