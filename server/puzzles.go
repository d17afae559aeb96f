package server

import (
	"context"
	"io"
	"net/http"
	"net/url"

	"minehall/game"
)

// Puzzles answers the puzzle API, /api/puzzles/GAME/MODE (docs/protocol.md,
// "Puzzles"). The server knows no game: cmd/minehall passes an
// implementation (package puzzle's Service).
type Puzzles interface {
	// Handle answers a GET (open a puzzle) or a POST (submit a solution,
	// body JSON) for player, empty for a guest. Errors carry game codes.
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
	out, err := s.cfg.Puzzles.Handle(r.Context(), r.Method, r.PathValue("game"), r.PathValue("mode"), r.URL.Query(), body, puzzlePlayer(r))
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// puzzlePlayer is the identity a puzzle request speaks for: the signed-in
// account ("account:" and its ID, which never changes), or empty for a
// guest.
func puzzlePlayer(r *http.Request) string {
	if who := signedInFrom(r); who != nil {
		return "account:" + who.Account.ID
	}
	return ""
}
