package game

import (
	"errors"
	"fmt"
)

// Code classifies an error so that each edge (HTTP status, WebSocket error
// frame, exit status) can map it without parsing messages.
type Code string

// The error codes. Only the edges map them to transport statuses.
const (
	CodeInvalid      Code = "invalid"       // malformed input: bad notation, option, record, flag
	CodeIllegal      Code = "illegal"       // well-formed but against the rules now
	CodeNotYourTurn  Code = "not_your_turn" // the player may not act now
	CodeGameOver     Code = "game_over"     // the game has ended
	CodeNotFound     Code = "not_found"     // unknown game, table, seat or record
	CodeUnauthorized Code = "unauthorized"  // missing or wrong credentials
	CodeConflict     Code = "conflict"      // the request conflicts with current state (seat taken, stale sequence)
	CodeLimit        Code = "limit"         // too large or too frequent
	CodeUnavailable  Code = "unavailable"   // the server cannot serve it now (busy, disk full); try again later
	CodeInternal     Code = "internal"      // a fault of ours
)

// Error is an error with a [Code] and a message meant for the person who
// caused it.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with code c and a formatted message.
func Errorf(c Code, format string, args ...any) error {
	return &Error{Code: c, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, CodeInternal
// for any other non-nil error, and "" for nil.
func ErrorCode(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
