package server

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"minehall/game"
	"minehall/store"
)

// Analyst values positions for the analysis board: the engine, seen from
// the server.
type Analyst interface {
	// Evaluate values every legal action of mover at s, a position of game
	// g, best first. A game with hidden information is searched from
	// mover's own view only, never from s's hidden truth. seed makes the
	// answer depend on nothing else than s, mover and seed. Evaluate must
	// not modify s; it stops early, with ctx's error, when ctx ends.
	Evaluate(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*Evaluation, error)
}

// AnalystFunc is a function that evaluates as an [Analyst] does.
type AnalystFunc func(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*Evaluation, error)

// Evaluate implements [Analyst].
func (f AnalystFunc) Evaluate(ctx context.Context, g game.Game, s game.State, mover game.Player, seed uint64) (*Evaluation, error) {
	return f(ctx, g, s, mover, seed)
}

// Evaluation is an analyst's answer: the scale of the values ("win", a
// chance of winning from 0 to 1, or "points"), the seat whose moves they
// are, and each of its legal moves, best first.
type Evaluation struct {
	Scale string          `json:"scale"`
	Mover game.Player     `json:"mover"`
	Moves []EvaluatedMove `json:"moves"`
}

// EvaluatedMove is one legal move as the analyst values it, with the
// reason by language (en, de, fr, nl).
type EvaluatedMove struct {
	Move   string            `json:"move"`
	Value  float64           `json:"value"`
	Reason map[string]string `json:"reason,omitempty"`
}

// analysisRequest is the body of POST /api/tables/{id}/analysis.
type analysisRequest struct {
	Ply   int         `json:"ply"`
	Moves []string    `json:"moves"`
	Seat  game.Player `json:"seat"`
}

// analysisAnswer is the answer of POST /api/tables/{id}/analysis
// (docs/protocol.md).
type analysisAnswer struct {
	Ply      int           `json:"ply"`
	Moves    []string      `json:"moves"`
	Seat     game.Player   `json:"seat"`
	View     any           `json:"view"`
	Actors   []game.Player `json:"actors"`
	Legal    []string      `json:"legal"`
	ToMove   game.Player   `json:"to_move"`
	Terminal bool          `json:"terminal"`
	// OnRecord says whether the position is still the record's own: every
	// move played on the board was the recorded one. Recorded is then the
	// record's next move, if any.
	OnRecord   bool        `json:"on_record"`
	Recorded   string      `json:"recorded,omitempty"`
	Evaluation *Evaluation `json:"evaluation"`
	// Hidden says that the evaluation, the legal moves and the record's
	// next move were withheld: the game hides information and the seat
	// asked for is not the one to move (its moves would name what it
	// holds).
	Hidden bool `json:"hidden"`
}

// maxAnalysisMoves caps the moves a request plays after the record's
// position.
const maxAnalysisMoves = 500

func (s *Server) routeAnalysis() {
	s.mux.HandleFunc("POST /api/tables/{id}/analysis", s.analysisAsked(s.invited(s.tableAnalysis)))
}

// analysisOn reports whether this server has an analyst.
func (s *Server) analysisOn() bool {
	return s.cfg.Analyst != nil && s.analysis != nil
}

// analysisAsked refuses the analysis API of a server that has no analyst,
// before anything else.
func (s *Server) analysisAsked(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.analysisOn() {
			writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server has no analysis board (it is turned off)"))
			return
		}
		next(w, r)
	}
}

// tableAnalysis answers the analysis board's position: the record of a
// finished table replayed to ply, the board's moves played after it, and
// the engine's evaluation for the seat to move (see analysisAnswer). The
// same request is answered from a cache; an evaluation waits for one of
// the bounded pool's workers, and a full pool refuses with 429.
func (s *Server) tableAnalysis(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	var req analysisRequest
	if err := decodeBody(r, &req); err != nil {
		writeError(w, s.log, err)
		return
	}
	if req.Moves == nil {
		req.Moves = []string{}
	}
	info, err := s.cfg.Hall.Info(r.Context(), id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	if info.Status != store.StatusFinished {
		writeError(w, s.log, game.Errorf(game.CodeConflict, "table %s is not finished; its game is analysed once it is over", id))
		return
	}
	key := analysisKey(id, req)
	if body, ok := s.analysis.cache.get(key); ok {
		writeRawJSON(w, body)
		return
	}
	rec, err := s.cfg.Hall.Record(r.Context(), id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	g, err := s.cfg.Registry.Lookup(rec.Game)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	pos, err := analysisPosition(g, rec, req, analysisSeed(id, req))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	ans := pos.answer(req)
	if pos.evaluate {
		if err := s.analysis.pool.enter(r.Context()); err != nil {
			writeError(w, s.log, err)
			return
		}
		ev, err := s.cfg.Analyst.Evaluate(r.Context(), g, pos.state, pos.mover, analysisSeed(id, req))
		s.analysis.pool.leave()
		if err != nil {
			writeError(w, s.log, err)
			return
		}
		ans.Evaluation = ev
	}
	body, err := json.Marshal(ans)
	if err != nil {
		writeError(w, s.log, game.Errorf(game.CodeInternal, "table %s: the analysis does not encode: %v", id, err))
		return
	}
	s.analysis.cache.put(key, body)
	writeRawJSON(w, body)
}

// writeRawJSON answers 200 with body, JSON already encoded.
func writeRawJSON(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
	w.Write([]byte("\n"))
}

// analysisKey is the cache key of a request for table id.
func analysisKey(id string, req analysisRequest) string {
	b, _ := json.Marshal(req)
	return id + "\x00" + string(b)
}

// analysisSeed seeds the chance after the record's end and the search of
// a request: the table's id, the ply and the moves, so that the same
// request gets the same answer.
func analysisSeed(id string, req analysisRequest) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	h.Write([]byte{0})
	h.Write([]byte(strconv.Itoa(req.Ply)))
	for _, m := range req.Moves {
		h.Write([]byte{0})
		h.Write([]byte(m))
	}
	return h.Sum64()
}

// position is the analysis board's position for a request.
type position struct {
	state    game.State
	mover    game.Player // the seat to move; -1 when none (the game is over)
	evaluate bool        // the seat asked for may see the evaluation
	hidden   bool        // the evaluation is withheld from the seat asked for
	onRecord bool
	recorded string
	view     any
	legal    []string
}

// answer is the answer for req at p, without the evaluation.
func (p *position) answer(req analysisRequest) analysisAnswer {
	return analysisAnswer{
		Ply: req.Ply, Moves: req.Moves, Seat: req.Seat, View: p.view, Actors: p.state.Actors(nil),
		Legal: p.legal, ToMove: p.mover, Terminal: p.state.Terminal(), OnRecord: p.onRecord, Recorded: p.recorded,
		Hidden: p.hidden,
	}
}

// analysisPosition replays rec's first req.Ply actions, then plays
// req.Moves, each for the seat to move (see board.mover). Chance and timed events between them are resolved
// as the record did while the board follows the record (every move played
// is the recorded one), else by a generator seeded with seed: chance by
// its outcomes' probabilities, a timed event by its first legal action. A
// move the game refuses is CodeInvalid, naming its index and the game's
// message.
func analysisPosition(g game.Game, rec *game.Record, req analysisRequest, seed uint64) (*position, error) {
	switch {
	case req.Ply < 0 || req.Ply > len(rec.Actions):
		return nil, game.Errorf(game.CodeInvalid, "ply %d is not from 0 to %d (the record's number of actions)", req.Ply, len(rec.Actions))
	case len(req.Moves) > maxAnalysisMoves:
		return nil, game.Errorf(game.CodeInvalid, "%d moves are more than the %d the board plays", len(req.Moves), maxAnalysisMoves)
	case int(req.Seat) < 0 || int(req.Seat) >= rec.Players:
		return nil, game.Errorf(game.CodeInvalid, "seat %d is not a seat of this game (0 to %d)", req.Seat, rec.Players-1)
	}
	s, _, err := game.StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		return nil, err
	}
	for i, act := range rec.Actions[:req.Ply] {
		a, err := s.ParseAction(act.Player, act.Move)
		if err == nil {
			err = game.Check(s, act.Player, a)
		}
		if err != nil {
			return nil, game.Errorf(game.CodeInternal, "the record does not replay at action %d (%q by player %s): %v", i, act.Move, act.Player, err)
		}
		s.Apply(act.Player, a)
	}
	rng := game.NewRand(seed)
	b := &board{state: s, rec: rec, next: req.Ply, onRecord: true, rng: &rng}
	for i, m := range req.Moves {
		b.resolve()
		if err := b.play(m); err != nil {
			return nil, game.Errorf(game.CodeInvalid, "move %d (%q): %v", i, m, err)
		}
	}
	b.resolve()
	pos := &position{state: s, mover: b.mover(), onRecord: b.onRecord, legal: []string{}}
	if b.onRecord && b.next < len(rec.Actions) {
		pos.recorded = rec.Actions[b.next].Move
	}
	pos.view = s.View(req.Seat)
	if pos.mover < 0 {
		return pos, nil
	}
	// The moves of a seat that hides information name what it holds (a
	// card to play): another seat sees neither them, nor their values, nor
	// the record's next move.
	_, secret := s.(game.Determinizer)
	if pos.hidden = secret && pos.mover != req.Seat; pos.hidden {
		pos.recorded = ""
		return pos, nil
	}
	for _, a := range s.Legal(pos.mover, nil) {
		pos.legal = append(pos.legal, s.ActionString(pos.mover, a))
	}
	pos.evaluate = len(pos.legal) > 0
	return pos, nil
}

// board plays the analysis board's moves on state, following the record
// while it can.
type board struct {
	state    game.State
	rec      *game.Record
	next     int // the record's next action, while onRecord
	onRecord bool
	rng      *game.Rand
}

// mover returns the seat to move: while the board follows the record,
// the seat of the record's next action if it may act (a simultaneous
// phase is played in the record's order), else the lowest seat among the
// actors; -1 when no seat may act.
func (b *board) mover() game.Player {
	actors := b.state.Actors(nil)
	if b.onRecord && b.next < len(b.rec.Actions) {
		if p := b.rec.Actions[b.next].Player; p.Seated() && slices.Contains(actors, p) {
			return p
		}
	}
	for _, p := range actors {
		if p.Seated() {
			return p
		}
	}
	return -1
}

// resolve applies chance and timed events until a seat may act or the
// game is over.
func (b *board) resolve() {
	for !b.state.Terminal() && b.mover() < 0 {
		actors := b.state.Actors(nil)
		if len(actors) == 0 {
			return
		}
		p := actors[0]
		if b.onRecord && b.next < len(b.rec.Actions) && b.rec.Actions[b.next].Player == p {
			act := b.rec.Actions[b.next]
			if a, err := b.state.ParseAction(p, act.Move); err == nil && game.Check(b.state, p, a) == nil {
				b.state.Apply(p, a)
				b.next++
				continue
			}
		}
		b.onRecord = false
		legal := b.state.Legal(p, nil)
		if len(legal) == 0 {
			return
		}
		a := legal[0]
		if cs, ok := b.state.(game.ChanceState); ok && p == game.Chance {
			a = game.PickOutcome(cs.ChanceOutcomes(nil), b.rng.Float64())
		}
		b.state.Apply(p, a)
	}
}

// play plays move for the seat to move.
func (b *board) play(move string) error {
	p := b.mover()
	if p < 0 {
		if b.state.Terminal() {
			return game.Errorf(game.CodeGameOver, "the game is over")
		}
		return game.Errorf(game.CodeNotYourTurn, "no seat may move now")
	}
	recorded, ra := "", game.Action(-1)
	if b.onRecord && b.next < len(b.rec.Actions) && b.rec.Actions[b.next].Player == p {
		recorded = b.rec.Actions[b.next].Move
		if x, err := b.state.ParseAction(p, recorded); err == nil {
			ra = x
		}
	}
	a, err := game.PlayNotation(b.state, p, move)
	if err != nil {
		return err
	}
	if recorded != "" && (strings.TrimSpace(recorded) == strings.TrimSpace(move) || ra == a) {
		b.next++
		return nil
	}
	b.onRecord = false
	return nil
}

// analysisService is the analysis board's pool and cache.
type analysisService struct {
	pool  *analysisPool
	cache *analysisCache
}
