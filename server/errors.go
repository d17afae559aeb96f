package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"minehall/game"
	"minehall/table"
)

// httpStatus maps an error code to the HTTP status that carries it.
func httpStatus(c game.Code) int {
	switch c {
	case game.CodeInvalid:
		return http.StatusBadRequest
	case game.CodeIllegal:
		return http.StatusUnprocessableEntity
	case game.CodeNotYourTurn, game.CodeGameOver, game.CodeConflict:
		return http.StatusConflict
	case game.CodeNotFound:
		return http.StatusNotFound
	case game.CodeUnauthorized:
		return http.StatusUnauthorized
	case game.CodeLimit:
		return http.StatusTooManyRequests
	case game.CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// errorBody is the JSON body of every HTTP error and the payload of every
// WebSocket error frame.
type errorBody struct {
	Code    game.Code `json:"code"`
	Message string    `json:"message"`
	// Reason names, for refusals that have one (take-backs), why, as a
	// key a client can say in its reader's language.
	Reason string `json:"reason,omitempty"`
}

// publicError returns what a client may be told of err: internal faults
// are logged at ERROR, not described; a request its client cancelled (a
// disconnect) is logged at DEBUG.
func publicError(log *slog.Logger, err error) errorBody {
	c := game.ErrorCode(err)
	if c == game.CodeInternal && errors.Is(err, context.Canceled) {
		// A client that went away is no fault of the server's.
		log.Debug("request ended by its client", "err", err)
		return errorBody{Code: c, Message: "the request was cancelled"}
	}
	if c == game.CodeInternal {
		log.Error("internal error", "err", err)
		return errorBody{Code: c, Message: "something went wrong on the server; it has been logged"}
	}
	return errorBody{Code: c, Message: err.Error(), Reason: table.ReasonOf(err)}
}

// writeError answers err with its status and body; a refusal for a limit
// says in Retry-After when to try again, and so does a full disk. A body
// too large is 413, not the 429 of a limit on frequency.
func writeError(w http.ResponseWriter, log *slog.Logger, err error) {
	var le *limitError
	body := publicError(log, err)
	status := httpStatus(body.Code)
	switch {
	case errors.As(err, &le):
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(le.retry)))
	case body.Code == game.CodeUnavailable:
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(unavailableRetry)))
	case errors.As(err, new(*bodyTooLarge)):
		status = http.StatusRequestEntityTooLarge
	}
	writeJSON(w, status, map[string]errorBody{"error": body})
}

// unavailableRetry is the Retry-After of a refusal for want of a resource
// that says no time of its own (a full disk).
const unavailableRetry = 30 * time.Second

// bodyTooLarge is the refusal of a request body beyond maxBody: CodeLimit,
// answered 413 over HTTP.
type bodyTooLarge struct{ err error }

func (e *bodyTooLarge) Error() string { return e.err.Error() }
func (e *bodyTooLarge) Unwrap() error { return e.err }

// errBodyTooLarge refuses a request body larger than limit bytes.
func errBodyTooLarge(limit int64) error {
	return &bodyTooLarge{err: game.Errorf(game.CodeLimit, "the request body is larger than %d bytes", limit)}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}
