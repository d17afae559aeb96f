package server

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

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
// are logged, not described.
func publicError(log *slog.Logger, err error) errorBody {
	c := game.ErrorCode(err)
	if c == game.CodeInternal {
		log.Error("internal error", "err", err)
		return errorBody{Code: c, Message: "something went wrong on the server; it has been logged"}
	}
	return errorBody{Code: c, Message: err.Error(), Reason: table.ReasonOf(err)}
}

// writeError answers err with its status and body; a refusal for a limit
// says in Retry-After when to try again.
func writeError(w http.ResponseWriter, log *slog.Logger, err error) {
	var le *limitError
	if errors.As(err, &le) {
		w.Header().Set("Retry-After", strconv.Itoa(retrySeconds(le.retry)))
	}
	body := publicError(log, err)
	writeJSON(w, httpStatus(body.Code), map[string]errorBody{"error": body})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}
