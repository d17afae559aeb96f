package review

import (
	"encoding/json"
	"math"
)

// The statuses of a review.
const (
	StatusPending = "pending" // queued or being made
	StatusDone    = "done"
	StatusFailed  = "failed"
)

// Result is a review as the API answers it (GET /api/tables/{id}/review)
// and `minehall review` prints it. A pending result encodes only Table,
// Game and Status; a failed one those and Error; a done one everything but
// Error, and Rounds only for games that report rounds.
type Result struct {
	Table   string   `json:"table"`
	Game    string   `json:"game"`
	Status  string   `json:"status"`
	Error   string   `json:"error,omitempty"`
	Scale   string   `json:"scale"`
	Players []Player `json:"players"`
	Moves   []Move   `json:"moves"`
	// Series[k] is each seat's expected outcome after k actions, k = 0 to
	// the number of actions.
	Series [][]float64 `json:"series"`
	// Swings are the N of the (up to) three moves with the largest loss,
	// in the order they were played.
	Swings []int   `json:"swings"`
	Rounds []Round `json:"rounds,omitempty"`
}

// Pending returns the result of a review that is queued or being made.
func Pending(table, gameID string) *Result {
	return &Result{Table: table, Game: gameID, Status: StatusPending}
}

// Failed returns the result of a review that could not be made, saying why.
func Failed(table, gameID string, err error) *Result {
	return &Result{Table: table, Game: gameID, Status: StatusFailed, Error: err.Error()}
}

// Player is one seat's summary: its accuracy (null when the seat made no
// decision of its own: every one forced or played by a stand-in) and the
// count of each mark of its own decisions.
type Player struct {
	Seat     int      `json:"seat"`
	Name     string   `json:"name"`
	Accuracy *float64 `json:"accuracy"`
	Marks    Marks    `json:"marks"`
}

// Marks counts decisions by mark.
type Marks struct {
	Best       int `json:"best"`
	Good       int `json:"good"`
	Inaccuracy int `json:"inaccuracy"`
	Mistake    int `json:"mistake"`
	Blunder    int `json:"blunder"`
}

// add counts one decision marked mark.
func (m *Marks) add(mark string) {
	switch mark {
	case "best":
		m.Best++
	case "good":
		m.Good++
	case "inaccuracy":
		m.Inaccuracy++
	case "mistake":
		m.Mistake++
	default:
		m.Blunder++
	}
}

// Move is one judged decision: N is its 1-based action number in the
// record, Value the played move's value, Best and BestValue the judge's
// best move and its value, Loss their difference (never negative), Reason
// the judge's reason for the best move by language.
type Move struct {
	N         int               `json:"n"`
	Player    int               `json:"player"`
	Move      string            `json:"move"`
	StandIn   bool              `json:"stand_in"`
	Mark      string            `json:"mark"`
	Value     float64           `json:"value"`
	Best      string            `json:"best"`
	BestValue float64           `json:"best_value"`
	Loss      float64           `json:"loss"`
	Reason    map[string]string `json:"reason"`
}

// Round is one seat's board at the end of an Out of Mine round against the
// solver's best for the seat's card on its side: Empty spaces left by the
// player, BestEmpty the fewest possible, Tiling one tiling reaching it (in
// notation), Costly the player's tile choices that cost points.
type Round struct {
	Round     int      `json:"round"`
	Seat      int      `json:"seat"`
	Empty     int      `json:"empty"`
	BestEmpty int      `json:"best_empty"`
	Tiling    string   `json:"tiling"`
	Costly    []string `json:"costly"`
}

// MarshalJSON writes a pending or failed result with only its status
// fields, and a done one whole.
func (r *Result) MarshalJSON() ([]byte, error) {
	if r.Status != StatusDone {
		return json.Marshal(struct {
			Table  string `json:"table"`
			Game   string `json:"game"`
			Status string `json:"status"`
			Error  string `json:"error,omitempty"`
		}{r.Table, r.Game, r.Status, r.Error})
	}
	type plain Result
	return json.Marshal((*plain)(r))
}

// round4 rounds x to 4 decimals, so that the JSON is short and stable.
func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
