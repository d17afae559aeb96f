package server

import (
	"context"
	"encoding/json"
	"net/http"

	"minehall/game"
	"minehall/store"
)

// Reviewer reviews finished games: the review engine, seen from the
// server.
type Reviewer interface {
	// Review returns the review of the game whose record is record (the
	// JSON that GET /api/tables/{id}/record answers): the body of GET
	// /api/tables/{id}/review with status "done" (docs/protocol.md). It
	// stops early, with ctx's error, when ctx ends.
	Review(ctx context.Context, record []byte) (json.RawMessage, error)
}

// ReviewerFunc is a function that reviews as a [Reviewer] does.
type ReviewerFunc func(ctx context.Context, record []byte) (json.RawMessage, error)

// Review implements [Reviewer].
func (f ReviewerFunc) Review(ctx context.Context, record []byte) (json.RawMessage, error) {
	return f(ctx, record)
}

func (s *Server) routeReviews() {
	s.mux.HandleFunc("GET /api/tables/{id}/review", s.reviewsAsked(s.invited(s.tableReview)))
}

// reviewsAsked refuses the review API of a server that makes no reviews,
// before anything else.
func (s *Server) reviewsAsked(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.reviewsOn() {
			writeError(w, s.log, errReviewsOff)
			return
		}
		next(w, r)
	}
}

// reviewPending is the answer for a review not made yet.
type reviewPending struct {
	Table  string `json:"table"`
	Game   string `json:"game"`
	Status string `json:"status"`
	// Error says why a failed review failed.
	Error string `json:"error,omitempty"`
}

// tableReview answers the review of a finished table's game: 200 with the
// review once it is made (or failed), 202 with status pending while it is
// queued or being made. A played-out game finished before reviews were
// made is queued when its review is first asked for.
func (s *Server) tableReview(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	info, err := s.cfg.Hall.Info(r.Context(), id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	switch {
	case info.Status != store.StatusFinished:
		writeError(w, s.log, game.Errorf(game.CodeConflict, "table %s is not finished; its game is reviewed once it is over", id))
		return
	case info.Ending != "" || info.Result == nil:
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "the game of table %s stopped short of its end (%s); only a game played out is reviewed", id, endingOf(info.Ending)))
		return
	}
	pending := reviewPending{Table: id, Game: info.Game, Status: "pending"}
	rv, err := s.cfg.Reviews.cfg.Store.Review(r.Context(), id)
	if game.ErrorCode(err) == game.CodeNotFound {
		err = s.cfg.Reviews.queueAsked(r.Context(), id)
		rv.Status = store.ReviewQueued
	}
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	switch rv.Status {
	case store.ReviewDone:
		writeJSON(w, http.StatusOK, json.RawMessage(rv.Body))
	case store.ReviewFailed:
		pending.Status, pending.Error = "failed", rv.Body
		writeJSON(w, http.StatusOK, pending)
	default:
		writeJSON(w, http.StatusAccepted, pending)
	}
}

// endingOf names how a game stopped short, for a message.
func endingOf(ending string) string {
	if ending == "" {
		return "without a result"
	}
	return ending
}
