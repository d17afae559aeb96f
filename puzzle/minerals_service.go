package puzzle

import (
	"context"
	"net/url"
	"strings"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// Minerals tactics in the puzzle API: "minerals/daily" (the day's puzzle,
// [MineralsDaily]) and "minerals/practice" (the shipped set, rated: the
// player's and the puzzle's rating move with every answer, a right move
// being a win against the puzzle).

// MineralsOpen is the answer when a Minerals puzzle is opened: the
// position as its player to move sees it, never the answer nor the seed.
type MineralsOpen struct {
	Puzzle string `json:"puzzle"`
	Day    string `json:"day,omitempty"`
	ID     string `json:"id"`
	Ticket string `json:"ticket"`
	// Seat is the player to move (from 0), Players the player count,
	// Options the game's options.
	Seat    int          `json:"seat"`
	Players int          `json:"players"`
	Options game.Options `json:"options"`
	// View is the engine's view for Seat, as the table page gets it;
	// Legal the moves in notation.
	View  any      `json:"view"`
	Legal []string `json:"legal"`
	// Practice only: the puzzle's rating now and the set's size.
	Rating  *rating.Rating `json:"rating,omitempty"`
	SetSize int            `json:"set_size,omitempty"`
}

// MineralsSubmission is a submitted move.
type MineralsSubmission struct {
	Submission
	// Move is the move in notation, "move e7".
	Move string `json:"move"`
}

// MineralsResult answers an accepted move: right or wrong, with the best
// move, its margin and the reason.
type MineralsResult struct {
	Puzzle  string `json:"puzzle"`
	ID      string `json:"id"`
	Correct bool   `json:"correct"`
	Move    string `json:"move"`
	Best    string `json:"best"`
	// Margin is how many points the best move leads the next best,
	// RunnerUp.
	Margin   float64           `json:"margin"`
	RunnerUp string            `json:"runner_up"`
	Reason   string            `json:"reason"`
	Text     map[string]string `json:"text"`
	// Values are every move's value by the deep search, best first.
	Values []MineralsValue `json:"values"`
	Millis int64           `json:"millis"`
	// Practice only, when the attempt counts: the player's and the
	// puzzle's ratings after it.
	PlayerRating *rating.Rating `json:"player_rating,omitempty"`
	PuzzleRating *rating.Rating `json:"puzzle_rating,omitempty"`
	Counting
}

func mineralsPracticeKey(id string) string { return "minerals/practice/" + id }

// openMinerals opens the day's puzzle, or a practice puzzle: the one of
// query "id", else the one whose rating is nearest the player's (see
// Service.playerMu), skipping the ids of "skip" (comma-separated).
func (s *Service) openMinerals(ctx context.Context, q url.Values, player string, practice bool) (*MineralsOpen, error) {
	var pz *MineralsPuzzle
	var key, day string
	var pr *rating.Rating
	if !practice {
		d := DayOf(s.now())
		pz, key, day = MineralsDaily(d), "minerals/daily/"+d.String(), d.String()
	} else {
		var err error
		if pz, err = s.pickMinerals(ctx, q, player); err != nil {
			return nil, err
		}
		key = mineralsPracticeKey(pz.ID)
		cur, err := s.storedRating(ctx, key, pz.Initial)
		if err != nil {
			return nil, err
		}
		pr = &rating.Rating{Mu: cur.Mu, Sigma: cur.Sigma}
	}
	st, err := pz.State()
	if err != nil {
		return nil, game.Errorf(game.CodeInternal, "%v", err)
	}
	tk, err := s.issue(ctx, key, player)
	if err != nil {
		return nil, err
	}
	seat := game.Player(pz.Seat)
	out := &MineralsOpen{Puzzle: key, Day: day, ID: pz.ID, Ticket: tk.ID, Seat: pz.Seat, Players: pz.Players, Options: pz.Options,
		View: st.View(seat), Legal: []string{}, Rating: pr}
	for _, a := range st.Legal(seat, nil) {
		out.Legal = append(out.Legal, st.ActionString(seat, a))
	}
	if practice {
		out.SetSize = len(MineralsPuzzles())
	}
	return out, nil
}

func (s *Service) pickMinerals(ctx context.Context, q url.Values, player string) (*MineralsPuzzle, error) {
	if id := q.Get("id"); id != "" {
		return MineralsPuzzleByID(id)
	}
	all := MineralsPuzzles()
	i, _, err := s.nearest(ctx, q, player, ratedModes["minerals"], len(all),
		func(i int) string { return all[i].ID }, func(i int) rating.Rating { return all[i].Initial })
	if err != nil {
		return nil, err
	}
	return all[i], nil
}

// submitMinerals checks a submitted move: the ticket (the day's for a
// daily puzzle, unused, the time the server's), then the move, which must
// be legal in the puzzle's position. A refused submission changes
// nothing; an accepted one uses the ticket and, in practice, moves both
// ratings.
func (s *Service) submitMinerals(ctx context.Context, body []byte, player string, practice bool) (*MineralsResult, error) {
	var sub MineralsSubmission
	if err := decode(body, &sub); err != nil {
		return nil, err
	}
	prefix := "minerals/daily/"
	if practice {
		prefix = "minerals/practice/"
	}
	tk, took, err := s.ticketFor(ctx, sub.Submission, prefix, player, !practice)
	if err != nil {
		return nil, err
	}
	var pz *MineralsPuzzle
	if practice {
		if pz, err = MineralsPuzzleByID(strings.TrimPrefix(tk.Puzzle, prefix)); err != nil {
			return nil, err
		}
	} else {
		day, _ := ParseDay(sub.Day)
		pz = MineralsDaily(day)
	}
	st, err := pz.State()
	if err != nil {
		return nil, game.Errorf(game.CodeInternal, "%v", err)
	}
	seat := game.Player(pz.Seat)
	if strings.TrimSpace(sub.Move) == "" {
		return nil, game.Errorf(game.CodeInvalid, "the submission has no move; give it in notation, as \"move e7\"")
	}
	a, err := st.ParseAction(seat, strings.TrimSpace(sub.Move))
	if err != nil {
		return nil, err
	}
	if err := st.Explain(seat, a); err != nil {
		return nil, err
	}
	move := st.ActionString(seat, a)
	res := &MineralsResult{Puzzle: tk.Puzzle, ID: pz.ID, Correct: move == pz.Best, Move: move, Best: pz.Best, Margin: pz.Margin,
		RunnerUp: pz.RunnerUp, Reason: pz.Reason, Text: pz.Text, Values: pz.Values, Millis: took.Milliseconds()}
	var r *rated
	if practice {
		cur, err := s.storedRating(ctx, mineralsPracticeKey(pz.ID), pz.Initial)
		if err != nil {
			return nil, err
		}
		if r, err = s.rate(ctx, player, ratedModes["minerals"], cur, res.Correct); err != nil {
			return nil, err
		}
	}
	score := int64(0)
	if res.Correct {
		score = 1
	}
	at := store.PuzzleAttempt{Ticket: tk.ID, Puzzle: tk.Puzzle, Player: player, Name: cleanName(sub.Name), Score: score,
		Millis: res.Millis, Perfect: res.Correct, At: s.now(), Body: move}
	if res.Counting, err = s.finish(ctx, at, r, took, MineralsFloor); err != nil {
		return nil, err
	}
	if r != nil && res.Counted {
		res.PlayerRating, res.PuzzleRating = &r.Player, &r.Puzzle
	}
	return res, nil
}
