package server

import (
	"net/http"
	"strings"
)

// seatRating is one seat of a recorded table as its end screen shows it:
// who sat there, how the seat ranked, whose actions it played, and for a
// rated table the rating before and after and the change of the shown
// rating.
type seatRating struct {
	Seat           int          `json:"seat"`
	Name           string       `json:"name"`
	Bot            bool         `json:"bot,omitempty"`
	Rank           int          `json:"rank"`
	Left           bool         `json:"left,omitempty"`
	OwnActions     int          `json:"own_actions"`
	StandInActions int          `json:"standin_actions"`
	Before         *shownRating `json:"before,omitempty"`
	After          *shownRating `json:"after,omitempty"`
	Change         *int         `json:"change,omitempty"`
}

// tableRatings is the answer of GET /api/tables/{id}/ratings: whether the
// finished table is recorded yet, whether it moved ratings and if not why
// (Reason), and its seats with an account or a bot. Guests' seats are not
// listed.
type tableRatings struct {
	Table    string       `json:"table"`
	Recorded bool         `json:"recorded"`
	Rated    bool         `json:"rated"`
	Reason   string       `json:"reason,omitempty"`
	Seats    []seatRating `json:"seats"`
}

// getTableRatings answers the rating changes a table made:
// GET /api/tables/{id}/ratings. A table not recorded (unfinished, or
// without accounts or rated identities) answers recorded false and no seats.
func (s *Server) getTableRatings(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w, r) {
		return
	}
	id := r.PathValue("id")
	rows, err := s.cfg.Accounts.TableGames(r.Context(), id)
	if err != nil {
		writeError(w, s.log, err)
		return
	}
	ans := tableRatings{Table: id, Recorded: len(rows) > 0, Seats: []seatRating{}}
	for _, pg := range rows {
		ans.Rated, ans.Reason = pg.Rated, pg.Reason
		sr := seatRating{Seat: pg.Seat, Name: pg.Name, Bot: strings.HasPrefix(pg.Player, "bot:"), Rank: pg.Rank, Left: pg.Left,
			OwnActions: pg.OwnActions, StandInActions: pg.StandInActions}
		if pg.Rated {
			b, a := showRating(pg.Before), showRating(pg.After)
			ch := a.Rating - b.Rating
			sr.Before, sr.After, sr.Change = &b, &a, &ch
		}
		ans.Seats = append(ans.Seats, sr)
	}
	writeJSON(w, http.StatusOK, ans)
}
