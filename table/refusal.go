package table

import (
	"errors"

	"minehall/game"
)

// Refusal is a refusal that names its reason with a key as well as in
// words, so that a client can say it in its reader's language: the
// reasons of take-backs refused (see [Table.TakeBack]). Its code is its
// error's.
type Refusal struct {
	Reason string
	Err    error
}

func (r *Refusal) Error() string { return r.Err.Error() }
func (r *Refusal) Unwrap() error { return r.Err }

// refuse returns a Refusal of reason with a game error of code c.
func refuse(reason string, c game.Code, format string, args ...any) error {
	return &Refusal{Reason: reason, Err: game.Errorf(c, format, args...)}
}

// ReasonOf returns the reason key of the first Refusal in err's chain, or
// "".
func ReasonOf(err error) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.Reason
	}
	return ""
}
