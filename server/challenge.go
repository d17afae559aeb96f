package server

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"time"

	"minehall/game"
	"minehall/store"
	"minehall/table"
)

// The challenges API (see docs/protocol.md); every route needs a signed-in
// account:
//
//	POST /api/players/{name}/challenge  challengeRequest → 201 challengeInfo
//	GET  /api/challenges?dir=in|out&open=true&after=&limit=  {"entries": [challengeInfo…], "next"}
//	POST /api/challenges/{id}/accept    → {"challenge", "table"}: the table is made, both seats kept for the two
//	POST /api/challenges/{id}/decline
//	POST /api/challenges/{id}/cancel    (the challenger's)
//
// A challenge lives LiveChallengeLife (ten minutes), or
// CorrespondenceChallengeLife (three days) at a correspondence time
// control.
func (s *Server) routeChallenges() {
	s.mux.HandleFunc("POST /api/players/{name}/challenge", s.createChallenge)
	s.mux.HandleFunc("GET /api/challenges", s.listChallenges)
	s.mux.HandleFunc("POST /api/challenges/{id}/accept", s.acceptChallenge)
	s.mux.HandleFunc("POST /api/challenges/{id}/decline", s.settleChallenge(store.ChallengeDeclined))
	s.mux.HandleFunc("POST /api/challenges/{id}/cancel", s.settleChallenge(store.ChallengeCancelled))
}

// How long a challenge waits for its answer.
const (
	LiveChallengeLife           = 10 * time.Minute
	CorrespondenceChallengeLife = 3 * 24 * time.Hour
)

// DefaultChallengeQuota caps each account's challenges: 20 open at once,
// 60 made an hour.
var DefaultChallengeQuota = store.ChallengeQuota{Open: 20, PerHour: 60}

// challengeRequest is the table a challenge asks for: the game, its
// options, the players (two people, the challenger and the challenged,
// and a bot of each level in Bots for the seats beyond), the time
// control, whether it is rated, and the bots' thinking time.
type challengeRequest struct {
	Game        string             `json:"game"`
	Players     int                `json:"players"`
	Options     game.Options       `json:"options,omitempty"`
	Bots        []string           `json:"bots,omitempty"`
	TimeControl *store.TimeControl `json:"time_control,omitempty"`
	Rated       bool               `json:"rated,omitempty"`
	BotTimeMs   int64              `json:"bot_time_ms,omitempty"`
}

// tableRequest is the lobby's request for the table of c between the
// accounts first and second (in seats 0 and 1, each seat kept for its
// account): private unless rated (a rated table is public, as every rated
// table), starting once both sit.
func (c challengeRequest) tableRequest(first, second *store.Account) table.CreateRequest {
	seats := []table.SeatRequest{
		{Kind: store.SeatPerson, ReservedFor: first.Name, ReservedAccount: first.ID},
		{Kind: store.SeatPerson, ReservedFor: second.Name, ReservedAccount: second.ID},
	}
	for _, b := range c.Bots {
		seats = append(seats, table.SeatRequest{Kind: store.SeatBot, Bot: b})
	}
	return table.CreateRequest{Game: c.Game, Players: c.Players, Options: c.Options, Seats: seats, AutoStart: true,
		TimeControl: c.TimeControl, Rated: c.Rated, Private: !c.Rated, BotTimeMs: c.BotTimeMs}
}

// check refuses a challenge the lobby would refuse as a table.
func (s *Server) checkChallenge(c challengeRequest, from, to *store.Account) error {
	if c.Players < 2 {
		return game.Errorf(game.CodeInvalid, "a challenge is for 2 or more players, not %d", c.Players)
	}
	if len(c.Bots) != c.Players-2 {
		return game.Errorf(game.CodeInvalid, "%d players need %d bots beside the two of you, not %d", c.Players, c.Players-2, len(c.Bots))
	}
	return s.cfg.Hall.Check(c.tableRequest(from, to))
}

// challengeInfo is a challenge as the API tells it.
type challengeInfo struct {
	ID      string                `json:"id"`
	From    string                `json:"from"`
	To      string                `json:"to"`
	Request challengeRequest      `json:"request"`
	Status  store.ChallengeStatus `json:"status"`
	Table   string                `json:"table,omitempty"`
	Created time.Time             `json:"created"`
	Expires time.Time             `json:"expires"`
}

// challengeInfoOf is challenge c as the API says it at time now.
func challengeInfoOf(c store.Challenge, now time.Time) challengeInfo {
	ci := challengeInfo{ID: c.ID, From: c.ChallengerName, To: c.ChallengedName, Status: c.StatusAt(now), Table: c.Table,
		Created: c.Created, Expires: c.Expires}
	_ = json.Unmarshal([]byte(c.Request), &ci.Request)
	return ci
}

func newChallengeID() string {
	b := make([]byte, 9)
	rand.Read(b)
	return fmt.Sprintf("%x", b)
}

func (s *Server) challengeQuota() store.ChallengeQuota {
	if s.cfg.ChallengeQuota != nil {
		return *s.cfg.ChallengeQuota
	}
	return DefaultChallengeQuota
}

func (s *Server) createChallenge(w http.ResponseWriter, r *http.Request) {
	fs, who := s.friendsOr(w, r)
	if fs == nil {
		return
	}
	var req challengeRequest
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	to, err := s.accountNamed(r, r.PathValue("name"))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if to.ID == who.Account.ID {
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "you cannot challenge yourself"))
		return
	}
	if err := s.checkChallenge(req, who.Account, to); err != nil {
		writeError(w, s.log, err)
		return
	}
	life := LiveChallengeLife
	if s.cfg.ChallengeLife > 0 {
		life = s.cfg.ChallengeLife
	}
	if table.Correspondence(req.TimeControl) {
		life = CorrespondenceChallengeLife
	}
	body, _ := json.Marshal(req)
	now := time.Now()
	c := store.Challenge{ID: newChallengeID(), Challenger: who.Account.ID, Challenged: to.ID, Request: string(body),
		Created: now, Expires: now.Add(life)}
	if err := fs.CreateChallenge(r.Context(), c, s.challengeQuota()); err != nil {
		if q, ok := store.AsQuotaError(err); ok {
			err = refuse("challenges", q.RetryAfter, "%v", q.Err)
		}
		writeError(w, s.log, err)
		return
	}
	c.ChallengerName, c.ChallengedName, c.Status = who.Account.Name, to.Name, store.ChallengeOpen
	s.live.poke(c.Challenger, c.Challenged)
	if s.cfg.Notifier != nil {
		s.cfg.Notifier.Challenged(r.Context(), c)
	}
	writeJSON(w, http.StatusCreated, challengeInfoOf(c, now))
}

func (s *Server) listChallenges(w http.ResponseWriter, r *http.Request) {
	fs, who := s.friendsOr(w, r)
	if fs == nil {
		return
	}
	q := r.URL.Query()
	var out bool
	switch q.Get("dir") {
	case "in", "":
	case "out":
		out = true
	default:
		writeError(w, s.log, game.Errorf(game.CodeInvalid, "dir %q is not in or out", q.Get("dir")))
		return
	}
	open := q.Get("open") == "true"
	p, err := pageOf(r)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	now := time.Now()
	cs, next, err := fs.Challenges(r.Context(), who.Account.ID, out, open, now, p)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	ans := listAnswer[challengeInfo]{Entries: []challengeInfo{}, Next: next}
	for _, c := range cs {
		ans.Entries = append(ans.Entries, challengeInfoOf(c, now))
	}
	writeJSON(w, http.StatusOK, ans)
}

// challengeFor returns the challenge {id} that the signed-in account may
// answer (mine: it was challenged) or cancel (it challenged), still open:
// another's challenge is not_found, as an unknown one.
func (s *Server) challengeFor(r *http.Request, fs store.Friends, me string, challenger bool) (store.Challenge, error) {
	id := r.PathValue("id")
	c, err := fs.Challenge(r.Context(), id)
	if err == nil && (challenger && c.Challenger != me || !challenger && c.Challenged != me) {
		err = game.Errorf(game.CodeNotFound, "there is no challenge %q for you", id)
	}
	if err != nil {
		return c, err
	}
	if st := c.StatusAt(time.Now()); st != store.ChallengeOpen {
		return c, game.Errorf(game.CodeConflict, "the challenge is %s: it can no longer be answered or cancelled", st)
	}
	return c, nil
}

// settleChallenge serves decline (for the challenged) and cancel (for the
// challenger).
func (s *Server) settleChallenge(to store.ChallengeStatus) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fs, who := s.friendsOr(w, r)
		if fs == nil {
			return
		}
		if err := decodeOptionalBody(r, &struct{}{}); err != nil {
			writeError(w, s.log, err)
			return
		}
		if _, err := s.challengeFor(r, fs, who.Account.ID, to == store.ChallengeCancelled); err != nil {
			writeError(w, s.log, err)
			return
		}
		now := time.Now()
		c, err := fs.SettleChallenge(r.Context(), r.PathValue("id"), to, "", now)
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		s.live.poke(c.Challenger, c.Challenged)
		writeJSON(w, http.StatusOK, challengeInfoOf(c, now))
	}
}

// accepted is the answer to an accepted challenge: the table made, at
// which a seat is kept for each of the two.
type accepted struct {
	Challenge challengeInfo `json:"challenge"`
	Table     string        `json:"table"`
}

func (s *Server) acceptChallenge(w http.ResponseWriter, r *http.Request) {
	fs, who := s.friendsOr(w, r)
	if fs == nil {
		return
	}
	if err := decodeOptionalBody(r, &struct{}{}); err != nil {
		writeError(w, s.log, err)
		return
	}
	c, err := s.challengeFor(r, fs, who.Account.ID, false)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	var req challengeRequest
	if err := json.Unmarshal([]byte(c.Request), &req); err != nil {
		writeError(w, s.log, fmt.Errorf("challenge %s: %w", c.ID, err))
		return
	}
	from, err := s.cfg.Accounts.Account(r.Context(), c.Challenger)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	// Who sits first is drawn.
	first, second := from, who.Account
	if mrand.IntN(2) == 1 {
		first, second = second, first
	}
	t, tok, err := s.cfg.Hall.Open(r.Context(), req.tableRequest(first, second))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	now := time.Now()
	c, err = fs.SettleChallenge(r.Context(), c.ID, store.ChallengeAccepted, t.ID(), now)
	if err != nil {
		// Cancelled or expired meanwhile: the table is not wanted.
		if aerr := t.Abort(r.Context(), tok.Owner); aerr != nil {
			s.log.Warn("table of an unaccepted challenge not aborted", "table", t.ID(), "err", aerr)
		}
		writeError(w, s.log, err)
		return
	}
	s.log.Info("challenge accepted", "challenge", c.ID, "table", t.ID(), "game", req.Game)
	s.live.poke(c.Challenger, c.Challenged)
	writeJSON(w, http.StatusOK, accepted{Challenge: challengeInfoOf(c, now), Table: t.ID()})
}
