package puzzle

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"minehall/game"
	"minehall/games/outofmine"
	"minehall/rating"
	"minehall/store"
)

// DefaultTolerance is how far a client's claimed time may lie from the
// time the server measured between a ticket's issue and the submission.
const DefaultTolerance = 5 * time.Second

// Service answers the puzzle API (docs/protocol.md, "Puzzles"). The zero
// value is not usable: Store is required.
type Service struct {
	Store store.PuzzleStore
	// Now is the server's clock; nil is time.Now.
	Now func() time.Time
	// Tolerance: see DefaultTolerance; 0 takes it.
	Tolerance time.Duration
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) tolerance() time.Duration {
	if s.Tolerance > 0 {
		return s.Tolerance
	}
	return DefaultTolerance
}

// Handle answers one request of /api/puzzles/GAME/MODE: method GET opens a
// puzzle (and issues a start ticket), POST submits a solution (body, JSON).
// player is the player's identity, empty for a guest. Errors carry game
// codes: CodeNotFound for an unknown game or mode, CodeInvalid for bad
// input, CodeIllegal for a solution the rules refuse, CodeConflict for a
// ticket used already. A refused submission changes nothing.
func (s *Service) Handle(ctx context.Context, method, gameID, mode string, q url.Values, body []byte, player string) (any, error) {
	switch gameID + "/" + mode + " " + method {
	case "outofmine/daily GET":
		return s.openDaily(ctx, player)
	case "outofmine/daily POST":
		return s.submitTiling(ctx, body, player, false)
	case "outofmine/ladder GET":
		return s.openLadder(ctx, q, player)
	case "outofmine/ladder POST":
		return s.submitTiling(ctx, body, player, true)
	case "hammertime/daily GET":
		return s.openDrills(ctx, player)
	case "hammertime/daily POST":
		return s.submitDrill(ctx, body, player)
	case "minerals/daily GET", "minerals/practice GET":
		return s.openMinerals(ctx, q, player, mode == "practice")
	case "minerals/daily POST", "minerals/practice POST":
		return s.submitMinerals(ctx, body, player, mode == "practice")
	case "outofmine/history GET", "hammertime/history GET", "minerals/history GET", "tf22/history GET":
		return s.history(ctx, gameID, player)
	case "tf22/daily GET":
		return s.openRouteDaily(ctx, player)
	case "tf22/daily POST":
		return s.submitRoute(ctx, body, player, false)
	case "tf22/practice GET":
		return s.openRoutePractice(ctx, q, player)
	case "tf22/practice POST":
		return s.submitRoute(ctx, body, player, true)
	case "tf22/play POST":
		return s.playRoute(body)
	}
	return nil, game.Errorf(game.CodeNotFound, "no puzzle %s/%s for %s (there are outofmine/daily, outofmine/ladder, hammertime/daily, minerals/daily, minerals/practice, tf22/daily, tf22/practice, tf22/play and GET GAME/history)", gameID, mode, method)
}

// issue stores a new start ticket for puzzle.
func (s *Service) issue(ctx context.Context, puzzle, player string) (store.PuzzleTicket, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return store.PuzzleTicket{}, fmt.Errorf("puzzle: ticket: %w", err)
	}
	t := store.PuzzleTicket{ID: hex.EncodeToString(b[:]), Puzzle: puzzle, Player: player, Issued: s.now()}
	return t, s.Store.CreatePuzzleTicket(ctx, t)
}

// Submission is the part every submitted solution has.
type Submission struct {
	Ticket string `json:"ticket"`
	// Day is the day of the puzzle solved (daily puzzles).
	Day string `json:"day,omitempty"`
	// TimeMS is the time the client measured; the server's own measure is
	// the one kept, this one is checked against it.
	TimeMS int64  `json:"time_ms"`
	Name   string `json:"name,omitempty"`
}

// maxClaimedMS bounds the time a submission claims (a year), so that
// turning it into a duration cannot overflow.
const maxClaimedMS = 365 * 24 * 3600 * 1000

// decode reads body strictly into v.
func decode(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return game.Errorf(game.CodeInvalid, "the submission is not valid JSON of the expected shape: %v", err)
	}
	return nil
}

// ticketFor checks sub's ticket: known, the player's, for a puzzle under
// prefix, unused, and for a daily puzzle of sub.Day, which must be today.
// It returns the ticket and the time the server measured.
func (s *Service) ticketFor(ctx context.Context, sub Submission, prefix, player string, daily bool) (store.PuzzleTicket, time.Duration, error) {
	if sub.Ticket == "" {
		return store.PuzzleTicket{}, 0, game.Errorf(game.CodeInvalid, "the submission has no start ticket; open the puzzle first")
	}
	tk, err := s.Store.PuzzleTicket(ctx, sub.Ticket)
	if game.ErrorCode(err) == game.CodeNotFound {
		return tk, 0, game.Errorf(game.CodeInvalid, "the start ticket %q was not issued by this server", sub.Ticket)
	}
	if err != nil {
		return tk, 0, err
	}
	if !strings.HasPrefix(tk.Puzzle, prefix) || tk.Player != player {
		return tk, 0, game.Errorf(game.CodeInvalid, "the start ticket is for another puzzle or player (%s)", tk.Puzzle)
	}
	if !tk.Used.IsZero() {
		return tk, 0, game.Errorf(game.CodeConflict, "this start ticket was used already: a solution counts once (a replayed submission)")
	}
	now := s.now()
	if daily {
		day, err := ParseDay(sub.Day)
		if err != nil {
			return tk, 0, game.Errorf(game.CodeInvalid, "%v", err)
		}
		if !strings.HasPrefix(tk.Puzzle, prefix+day.String()) {
			return tk, 0, game.Errorf(game.CodeInvalid, "a solution for another day: the ticket is for %s, the solution says %s", tk.Puzzle, day)
		}
		if today := DayOf(now); day != today {
			return tk, 0, game.Errorf(game.CodeInvalid, "a solution for another day: the puzzle of %s is closed; today (UTC) is %s", day, today)
		}
	}
	took := now.Sub(tk.Issued)
	claimed := time.Duration(sub.TimeMS) * time.Millisecond
	if sub.TimeMS < 0 || sub.TimeMS > maxClaimedMS || claimed < took-s.tolerance() || claimed > took+s.tolerance() {
		return tk, 0, game.Errorf(game.CodeInvalid, "the time disagrees with the server's clock: %.1f s claimed, %.1f s since the puzzle was opened (tolerance %.0f s)",
			claimed.Seconds(), took.Seconds(), s.tolerance().Seconds())
	}
	return tk, took, nil
}

// cleanName is a name for the best-score tables: trimmed, at most 24
// characters, "Guest" when empty.
func cleanName(n string) string {
	n = strings.Join(strings.Fields(n), " ")
	if !utf8.ValidString(n) || n == "" {
		return "Guest"
	}
	if r := []rune(n); len(r) > 24 {
		n = string(r[:24])
	}
	return n
}

// TilingOpen is the answer when a tiling puzzle is opened.
type TilingOpen struct {
	Puzzle string `json:"puzzle"`
	Day    string `json:"day,omitempty"`
	*Tiling
	Ticket string          `json:"ticket"`
	View   *outofmine.View `json:"view"`
	// Ladder only: the step's rank, the ladder's size and the puzzle's
	// rating now.
	Rank       int            `json:"rank,omitempty"`
	LadderSize int            `json:"ladder_size,omitempty"`
	Rating     *rating.Rating `json:"rating,omitempty"`
}

func (s *Service) openDaily(ctx context.Context, player string) (*TilingOpen, error) {
	day := DayOf(s.now())
	t := Daily(day)
	key := "outofmine/daily/" + day.String()
	tk, err := s.issue(ctx, key, player)
	if err != nil {
		return nil, err
	}
	return &TilingOpen{Puzzle: key, Day: day.String(), Tiling: t, Ticket: tk.ID, View: t.View()}, nil
}

// openLadder picks the ladder step of query "rank", or else the one
// nearest the player's rating (see Service.nearest: "skip" names ranks).
func (s *Service) openLadder(ctx context.Context, q url.Values, player string) (*TilingOpen, error) {
	ladder := Ladder()
	var pick LadderStep
	var pr store.PuzzleRating
	if rs := q.Get("rank"); rs != "" {
		rank, err := strconv.Atoi(rs)
		if err != nil {
			return nil, game.Errorf(game.CodeInvalid, "rank %q is not a number", rs)
		}
		if pick, err = LadderStepAt(rank); err != nil {
			return nil, err
		}
		if pr, err = s.storedRating(ctx, ladderKey(pick.Rank), pick.Initial); err != nil {
			return nil, err
		}
	} else {
		i, r, err := s.nearest(ctx, q, player, ratedModes["outofmine"], len(ladder),
			func(i int) string { return strconv.Itoa(ladder[i].Rank) }, func(i int) rating.Rating { return ladder[i].Initial })
		if err != nil {
			return nil, err
		}
		pick, pr = ladder[i], r
	}
	tk, err := s.issue(ctx, ladderKey(pick.Rank), player)
	if err != nil {
		return nil, err
	}
	return &TilingOpen{Puzzle: ladderKey(pick.Rank), Tiling: pick.Tiling, Ticket: tk.ID, View: pick.Tiling.View(),
		Rank: pick.Rank, LadderSize: len(ladder), Rating: &rating.Rating{Mu: pr.Mu, Sigma: pr.Sigma}}, nil
}

// TilingSubmission is a submitted tiling.
type TilingSubmission struct {
	Submission
	Placements []outofmine.PlacementID `json:"placements"`
	// Rating is the player's rating before this puzzle (ladder): a guest's,
	// kept by the browser; the default when left out. A signed-in player's
	// is the server's, and this one is ignored.
	Rating *rating.Rating `json:"rating,omitempty"`
}

// TilingResult is the answer to an accepted tiling.
type TilingResult struct {
	Puzzle string               `json:"puzzle"`
	Score  outofmine.RoundScore `json:"score"`
	// Perfect: the score is the best the solver proves.
	Perfect   bool  `json:"perfect"`
	Optimum   int   `json:"optimum"`
	BestScore int   `json:"best_score"`
	Millis    int64 `json:"millis"`
	// PerfectTilings counts the placements reaching the best score;
	// Solution is one of them; Tilings counts all exact tilings.
	PerfectTilings int64                   `json:"perfect_tilings"`
	Tilings        int64                   `json:"tilings"`
	Solution       []outofmine.PlacementID `json:"solution"`
	// SolutionTiles is Solution with the cells each tile covers.
	SolutionTiles []outofmine.PlacedView `json:"solution_tiles"`
	// Ladder only: the player's and the puzzle's ratings after it.
	PlayerRating *rating.Rating `json:"player_rating,omitempty"`
	PuzzleRating *rating.Rating `json:"puzzle_rating,omitempty"`
}

func (s *Service) submitTiling(ctx context.Context, body []byte, player string, ladder bool) (*TilingResult, error) {
	var sub TilingSubmission
	if err := decode(body, &sub); err != nil {
		return nil, err
	}
	prefix := "outofmine/daily/"
	if ladder {
		prefix = "outofmine/ladder/"
	}
	tk, took, err := s.ticketFor(ctx, sub.Submission, prefix, player, !ladder)
	if err != nil {
		return nil, err
	}
	var t *Tiling
	var step LadderStep
	if ladder {
		rank, _ := strconv.Atoi(strings.TrimPrefix(tk.Puzzle, prefix))
		if step, err = LadderStepAt(rank); err != nil {
			return nil, err
		}
		t = step.Tiling
	} else {
		day, _ := ParseDay(sub.Day)
		t = Daily(day)
	}
	rs, err := t.Score(sub.Placements)
	if err != nil {
		return nil, err
	}
	res := &TilingResult{Puzzle: tk.Puzzle, Score: rs, Perfect: rs.Score >= t.Best, Optimum: t.Optimum, BestScore: t.Best,
		Millis: took.Milliseconds(), Tilings: t.Tilings()}
	res.PerfectTilings, res.Solution = t.Perfect()
	if res.SolutionTiles, err = outofmine.PlacedViews(oomPack(), res.Solution); err != nil {
		return nil, fmt.Errorf("puzzle: the solver's solution: %w", err)
	}
	var pr, mine *store.PuzzleRating
	if ladder {
		cur, err := s.storedRating(ctx, ladderKey(step.Rank), step.Initial)
		if err != nil {
			return nil, err
		}
		r, err := s.rate(ctx, player, ratedModes["outofmine"], sub.Rating, cur, res.Perfect)
		if err != nil {
			return nil, err
		}
		res.PlayerRating, res.PuzzleRating, pr, mine = &r.Player, &r.Puzzle, r.puzzle, r.mine
	}
	solution, _ := json.Marshal(sub.Placements)
	a := store.PuzzleAttempt{Ticket: tk.ID, Puzzle: tk.Puzzle, Player: player, Name: cleanName(sub.Name), Score: int64(rs.Score),
		Millis: res.Millis, Perfect: res.Perfect, At: s.now(), Body: string(solution), PlayerRating: mine}
	if err := s.Store.FinishPuzzle(ctx, a, pr); err != nil {
		if game.ErrorCode(err) == game.CodeConflict {
			return nil, game.Errorf(game.CodeConflict, "this start ticket was used already: a solution counts once (a replayed submission)")
		}
		return nil, err
	}
	return res, nil
}

// BestEntry is a line of a best-score table.
type BestEntry struct {
	Name    string `json:"name"`
	Score   int64  `json:"score"`
	Millis  int64  `json:"millis"`
	Success bool   `json:"success"`
}

// BestTableSize is how many lines a best-score table shows.
const BestTableSize = 10

func (s *Service) best(ctx context.Context, puzzle string) ([]BestEntry, error) {
	as, err := s.Store.BestPuzzleAttempts(ctx, puzzle, BestTableSize)
	if err != nil {
		return nil, err
	}
	out := make([]BestEntry, 0, len(as))
	for _, a := range as {
		out = append(out, BestEntry{Name: a.Name, Score: a.Score, Millis: a.Millis, Success: a.Perfect})
	}
	return out, nil
}

// DrillsOpen is the answer when the practice tray is opened: the day, its
// tray as the hitter sees it, the legal hits, and per drill a start ticket
// and the day's best-score table.
type DrillsOpen struct {
	Day    string          `json:"day"`
	View   any             `json:"view"`
	Legal  []string        `json:"legal"`
	Drills []DrillWithBest `json:"drills"`
}

// DrillWithBest is a drill with its ticket and best-score table.
type DrillWithBest struct {
	Drill
	Puzzle string      `json:"puzzle"`
	Ticket string      `json:"ticket"`
	Best   []BestEntry `json:"best"`
}

func drillKey(d Day, id string) string { return "hammertime/daily/" + d.String() + "/" + id }

func (s *Service) openDrills(ctx context.Context, player string) (*DrillsOpen, error) {
	day := DayOf(s.now())
	st := NewTray(day)
	out := &DrillsOpen{Day: day.String(), View: st.View(0)}
	for _, a := range st.Legal(0, nil) {
		if m := st.ActionString(0, a); strings.HasPrefix(m, "hit ") {
			out.Legal = append(out.Legal, m)
		}
	}
	for _, dr := range Drills(day) {
		key := drillKey(day, dr.ID)
		tk, err := s.issue(ctx, key, player)
		if err != nil {
			return nil, err
		}
		best, err := s.best(ctx, key)
		if err != nil {
			return nil, err
		}
		out.Drills = append(out.Drills, DrillWithBest{Drill: dr, Puzzle: key, Ticket: tk.ID, Best: best})
	}
	return out, nil
}

// DrillSubmission is an attempt at a drill: its hits so far, in notation.
type DrillSubmission struct {
	Submission
	Drill string   `json:"drill"`
	Hits  []string `json:"hits"`
}

// DrillAnswer answers an attempt: the engine's result, the time and, once
// the attempt is done, the drill's best-score table with it.
type DrillAnswer struct {
	DrillResult
	Puzzle string      `json:"puzzle"`
	Millis int64       `json:"millis,omitempty"`
	Best   []BestEntry `json:"best,omitempty"`
}

// submitDrill plays the attempt's hits. While no gem fell it answers the
// tray and keeps the ticket; the hit that drops gems ends the attempt,
// which uses the ticket and enters the best-score table.
func (s *Service) submitDrill(ctx context.Context, body []byte, player string) (*DrillAnswer, error) {
	var sub DrillSubmission
	if err := decode(body, &sub); err != nil {
		return nil, err
	}
	day, err := ParseDay(sub.Day)
	if err != nil {
		return nil, game.Errorf(game.CodeInvalid, "%v", err)
	}
	dr, err := DrillOf(day, sub.Drill)
	if err != nil {
		return nil, err
	}
	tk, took, err := s.ticketFor(ctx, sub.Submission, "hammertime/daily/", player, true)
	if err != nil {
		return nil, err
	}
	if tk.Puzzle != drillKey(day, dr.ID) {
		return nil, game.Errorf(game.CodeInvalid, "the start ticket is for %s, not the drill %s", tk.Puzzle, dr.ID)
	}
	res, err := RunDrill(day, dr, sub.Hits)
	if err != nil {
		return nil, err
	}
	ans := &DrillAnswer{DrillResult: res, Puzzle: tk.Puzzle}
	if !res.Done {
		return ans, nil
	}
	ans.Millis = took.Milliseconds()
	hits, _ := json.Marshal(sub.Hits)
	a := store.PuzzleAttempt{Ticket: tk.ID, Puzzle: tk.Puzzle, Player: player, Name: cleanName(sub.Name), Score: int64(res.Score),
		Millis: ans.Millis, Perfect: res.Success, At: s.now(), Body: string(hits)}
	if err := s.Store.FinishPuzzle(ctx, a, nil); err != nil {
		if game.ErrorCode(err) == game.CodeConflict {
			return nil, game.Errorf(game.CodeConflict, "this start ticket was used already: a solution counts once (a replayed submission)")
		}
		return nil, err
	}
	if ans.Best, err = s.best(ctx, tk.Puzzle); err != nil {
		return nil, err
	}
	return ans, nil
}
