package puzzle

import (
	"context"
	"strings"

	"minehall/game"
	"minehall/rating"
	"minehall/store"
)

// HistorySize is how many days of a player's history the server answers.
const HistorySize = 60

// HistoryDay is one day of a player's daily puzzles of a game, in the
// shape the puzzle pages keep a guest's history in: the score, the best
// score there was (Out of Mine: the solver's best; Hammer Time: the day's
// number of drills; Minerals: 1, the move found; TF22: the fewest ore
// against the ore spent, Score), whether it was perfect, the time in
// milliseconds and whether it counts (Counted false: faster than a
// person can be; see fairness.go).
type HistoryDay struct {
	Day     string `json:"day"`
	Score   int64  `json:"score"`
	Best    int64  `json:"best"`
	Perfect bool   `json:"perfect"`
	Millis  int64  `json:"ms"`
	Counted bool   `json:"counted"`
}

// History is a player's record of a game's puzzles, kept by the server
// (a guest's by their browser's identity): the days they did the daily puzzle, newest first, the streak of
// days in a row that ends today or yesterday, and, for a game with a
// rated mode (ratedModes), the player's rating there.
type History struct {
	Game    string         `json:"game"`
	Today   string         `json:"today"`
	Streak  int            `json:"streak"`
	History []HistoryDay   `json:"history"`
	Rating  *rating.Rating `json:"rating,omitempty"`
}

// history answers GET /api/puzzles/{game}/history: the player's record
// of the game's daily puzzles. A request without an identity (no
// account, no guest cookie) has none, and is refused.
func (s *Service) history(ctx context.Context, gameID, player string) (*History, error) {
	if player == "" {
		return nil, game.Errorf(game.CodeUnauthorized, "a puzzle history belongs to a player: sign in, or let the browser keep the guest cookie")
	}
	prefix := gameID + "/daily/"
	as, err := s.Store.PlayerPuzzleAttempts(ctx, player, prefix, HistorySize*dailyPuzzlesPerDay(gameID))
	if err != nil {
		return nil, err
	}
	today := DayOf(s.now())
	h := &History{Game: gameID, Today: today.String(), History: historyDays(gameID, prefix, as)}
	h.Streak = streak(h.History, today)
	if mode, ok := ratedModes[gameID]; ok {
		r, err := s.playerRating(ctx, player, mode)
		if err != nil {
			return nil, err
		}
		h.Rating = &rating.Rating{Mu: r.Mu, Sigma: r.Sigma}
	}
	return h, nil
}

// dailyPuzzlesPerDay is how many daily puzzles the game has a day.
func dailyPuzzlesPerDay(gameID string) int {
	if gameID == "hammertime" {
		return len(Drills(0))
	}
	return 1
}

// historyDays folds attempts (newest first) into days, newest first. A
// day of one puzzle counts its first accepted attempt; Hammer Time's day
// counts the drills whose first attempt succeeded against the day's
// drills, their times added up, and counts when one of those attempts
// does.
func historyDays(gameID, prefix string, as []store.PuzzleAttempt) []HistoryDay {
	days := []HistoryDay{}
	at := map[string]int{}
	drills := map[string]bool{}
	for i := len(as) - 1; i >= 0; i-- { // oldest first, so that a day's first attempt comes first
		a := as[i]
		dayText, _, _ := strings.Cut(strings.TrimPrefix(a.Puzzle, prefix), "/")
		day, err := ParseDay(dayText)
		if err != nil {
			continue
		}
		k, seen := at[dayText]
		if gameID == "hammertime" {
			if drills[a.Puzzle] {
				continue
			}
			drills[a.Puzzle] = true
			if !seen {
				k = len(days)
				at[dayText] = k
				days = append(days, HistoryDay{Day: dayText, Best: int64(len(Drills(day)))})
			}
			d := &days[k]
			if a.Perfect {
				d.Score++
			}
			d.Counted = d.Counted || a.Counted
			d.Millis += a.Millis
			d.Perfect = d.Score == d.Best
			continue
		}
		if seen {
			continue
		}
		at[dayText] = len(days)
		e := HistoryDay{Day: dayText, Score: a.Score, Best: 1, Perfect: a.Perfect, Millis: a.Millis, Counted: a.Counted}
		switch gameID {
		case "outofmine":
			e.Best = int64(Daily(day).Best)
		case "tf22":
			// The ore spent against the fewest that deliver, as the page
			// writes a day (the attempt keeps the ore negated).
			e.Score, e.Best = -a.Score, int64(DailyRoute(day).Optimum)
		}
		days = append(days, e)
	}
	for i, j := 0, len(days)-1; i < j; i, j = i+1, j-1 {
		days[i], days[j] = days[j], days[i]
	}
	return days
}

// streak counts the days in a row with a result that counts, ending
// today or, when today has none yet, yesterday.
func streak(days []HistoryDay, today Day) int {
	have := map[Day]bool{}
	for _, d := range days {
		if n, err := ParseDay(d.Day); err == nil && d.Counted {
			have[n] = true
		}
	}
	d := today
	if !have[d] {
		d--
	}
	n := 0
	for have[d] {
		n++
		d--
	}
	return n
}
