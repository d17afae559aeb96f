package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"time"

	"minehall/game"
	"minehall/store"
)

// Puzzles answers the puzzle API, /api/puzzles/GAME/MODE (docs/protocol.md,
// "Puzzles"). The server knows no game: cmd/minehall passes an
// implementation (package puzzle's Service).
type Puzzles interface {
	// Handle answers a GET (open a puzzle) or a POST (submit a solution,
	// body JSON) for player: "account:" and the signed-in account's ID, or
	// "guest:" and the guest browser's id (see guestCookie). Errors carry
	// game codes.
	Handle(ctx context.Context, method, game, mode string, q url.Values, body []byte, player string) (any, error)
}

// maxPuzzleBody caps a submitted solution.
const maxPuzzleBody = 64 << 10

// servePuzzle passes a puzzle request to cfg.Puzzles and answers its
// result as JSON.
func (s *Server) servePuzzle(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Puzzles == nil {
		writeError(w, s.log, game.Errorf(game.CodeNotFound, "this server has no puzzles"))
		return
	}
	var body []byte
	if r.Method == http.MethodPost {
		var err error
		body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, maxPuzzleBody))
		if err != nil {
			writeError(w, s.log, errBodyTooLarge(maxPuzzleBody))
			return
		}
	}
	out, err := s.cfg.Puzzles.Handle(r.Context(), r.Method, r.PathValue("game"), r.PathValue("mode"), r.URL.Query(), body, s.puzzlePlayer(w, r))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// guestCookie keeps a guest browser's puzzle identity: a random id the
// server makes at the browser's first page or puzzle request (HttpOnly, SameSite
// Lax, for a year), under which the server keeps the guest's tickets,
// attempts, history and puzzle ratings, as an account's. It is a
// capability: 128 random bits nobody can guess, so that nobody can speak
// for another guest; a browser that drops it becomes a new guest.
const (
	guestCookie = "minehall_guest"
	guestLife   = 365 * 24 * time.Hour
)

// puzzlePlayer is the identity a puzzle request speaks for: the signed-in
// account ("account:" and its ID, which never changes), or else the guest
// browser ("guest:" and its guestCookie, which it sets when the request
// brings none, or one that is no id of its making).
func (s *Server) puzzlePlayer(w http.ResponseWriter, r *http.Request) string {
	if who := signedInFrom(r); who != nil {
		return store.PuzzleAccount(who.Account.ID)
	}
	return "guest:" + s.guestID(w, r)
}

// guestID returns the guest id of the browser behind r, making one and
// setting its cookie when r brings none, or one that is no id of its
// making.
func (s *Server) guestID(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(guestCookie); err == nil && validGuestID(c.Value) {
		return c.Value
	}
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	id := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{Name: guestCookie, Value: id, Path: "/", MaxAge: int(guestLife.Seconds()),
		HttpOnly: true, Secure: s.secure(r), SameSite: http.SameSiteLaxMode})
	return id
}

// validGuestID reports whether id has the shape of a guest id: 32
// lower-case hexadecimal digits.
func validGuestID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
