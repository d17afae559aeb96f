package sim

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"minehall/game"
	"minehall/rating"
)

// TournamentConfig is a round robin between bots.
type TournamentConfig struct {
	Game    game.Game
	Players int          // seats a game; 0: 2 (or the game's minimum if more)
	Options game.Options // raw KEY=VALUE options
	// Bots are the entrants, at least Players of them, each named once.
	Bots []string
	// Games is the number of games of every seating; 0: 10.
	Games int
	Seed  uint64
	// Workers plays games at once; it never changes the results.
	Workers      int
	MaxActions   int
	AgentTimeout time.Duration
	AgentStartup time.Duration
	// Progress, when set, is called after each seating with the number of
	// seatings played and their total.
	Progress func(done, total int)
}

// Tournament is the outcome of a round robin: every ordered choice of
// Players distinct entrants (every seating: who plays, in which seat)
// plays Games games, and each game's final order (the winners, then
// everyone by score: [FinalRanks]) updates the entrants'
// Weng-Lin ratings, game by game in a fixed order, so that the result
// depends on the seed only (but for ElapsedS and the times in each
// Standing's Think, which are measured).
type Tournament struct {
	Game     string   `json:"game"`
	Title    string   `json:"title"`
	Players  int      `json:"players"`
	Bots     []string `json:"bots"`
	Seed     uint64   `json:"seed"`
	Seatings int      `json:"seatings"`
	// GamesPerSeating games were played for every seating.
	GamesPerSeating int     `json:"games_per_seating"`
	Games           int     `json:"games"`
	Errors          int     `json:"errors"`
	FirstError      string  `json:"first_error,omitempty"`
	ElapsedS        float64 `json:"elapsed_s"`
	// Standings are the entrants, best rated (by ordinal) first.
	Standings []Standing `json:"standings"`
	// Cross[i][j] is how entrant i (in Bots order) fared against j in the
	// games both played: finishing ahead, behind or level.
	Cross [][]HeadToHead `json:"cross"`
}

// Standing is an entrant's rating and record.
type Standing struct {
	Bot string `json:"bot"`
	// Mu and Sigma are the Weng-Lin rating; Low and High its 95%
	// interval (mu ± 1.96 sigma); Ordinal mu − 3 sigma, the rank order.
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Low     float64 `json:"low"`
	High    float64 `json:"high"`
	Ordinal float64 `json:"ordinal"`
	Games   int     `json:"games"`
	// Wins counts the games won, a win shared by k counting 1/k.
	Wins float64 `json:"wins"`
	// Think is how long the entrant thought over all its games (see
	// [Think]: CPU time of one core where the system tells it).
	Think Think `json:"think"`
}

// HeadToHead counts the games two entrants played together by who
// finished ahead (in the game's final order, see [FinalRanks]), and the share of them the first won, a
// draw counting half.
type HeadToHead struct {
	Games  int     `json:"games"`
	Ahead  int     `json:"ahead"`
	Behind int     `json:"behind"`
	Level  int     `json:"level"`
	Share  float64 `json:"share"`
}

// seatings returns every ordered choice of k distinct indices below n.
func seatings(n, k int) [][]int {
	var out [][]int
	cur := make([]int, 0, k)
	used := make([]bool, n)
	var rec func()
	rec = func() {
		if len(cur) == k {
			out = append(out, slices.Clone(cur))
			return
		}
		for i := range n {
			if !used[i] {
				used[i] = true
				cur = append(cur, i)
				rec()
				cur = cur[:len(cur)-1]
				used[i] = false
			}
		}
	}
	rec()
	return out
}

// maxSeatings bounds a tournament's seatings (entrants and players).
const maxSeatings = 720

// RunTournament plays the round robin of cfg.
func RunTournament(ctx context.Context, cfg TournamentConfig) (*Tournament, error) {
	spec := cfg.Game.Spec()
	if cfg.Players == 0 {
		cfg.Players = max(2, spec.MinPlayers)
	}
	if err := spec.CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	if cfg.Games == 0 {
		cfg.Games = 10
	}
	if cfg.Games < 0 {
		return nil, game.Errorf(game.CodeInvalid, "--games %d: give a positive number of games per seating", cfg.Games)
	}
	if len(cfg.Bots) < cfg.Players {
		return nil, game.Errorf(game.CodeInvalid, "a tournament of %d-player games needs at least %d bots; %d were given", cfg.Players, cfg.Players, len(cfg.Bots))
	}
	for i, b := range cfg.Bots {
		if slices.Contains(cfg.Bots[:i], b) {
			return nil, game.Errorf(game.CodeInvalid, "bot %q is named twice; name each entrant once", b)
		}
	}
	if err := CheckBots(cfg.Game, cfg.Bots); err != nil {
		return nil, err
	}
	all := seatings(len(cfg.Bots), cfg.Players)
	if len(all) > maxSeatings {
		return nil, game.Errorf(game.CodeInvalid, "%d bots in %d-player games make %d seatings; at most %d are played", len(cfg.Bots), cfg.Players, len(all), maxSeatings)
	}
	start := time.Now()
	t := &Tournament{Game: spec.ID, Title: spec.Title, Players: cfg.Players, Bots: slices.Clone(cfg.Bots), Seed: cfg.Seed,
		Seatings: len(all), GamesPerSeating: cfg.Games}
	model := rating.DefaultModel()
	ratings := make([]rating.Rating, len(cfg.Bots))
	for i := range ratings {
		ratings[i] = rating.Default()
	}
	t.Standings = make([]Standing, len(cfg.Bots))
	t.Cross = make([][]HeadToHead, len(cfg.Bots))
	for i := range t.Cross {
		t.Cross[i] = make([]HeadToHead, len(cfg.Bots))
	}
	for si, seating := range all {
		bots := make([]string, len(seating))
		for p, b := range seating {
			bots[p] = cfg.Bots[b]
		}
		_, results, err := Run(ctx, Config{Game: cfg.Game, Players: cfg.Players, Options: cfg.Options, Bots: bots,
			Games: cfg.Games, Seed: GameSeed(cfg.Seed, si), Workers: cfg.Workers, FixedSeats: true,
			MaxActions: cfg.MaxActions, AgentTimeout: cfg.AgentTimeout, AgentStartup: cfg.AgentStartup})
		if err != nil {
			return nil, err
		}
		for _, r := range results {
			t.Games++
			for p, th := range r.Think {
				t.Standings[seating[p]].Think.Add(th)
			}
			if !r.OK() {
				t.Errors++
				if t.FirstError == "" {
					t.FirstError = fmt.Sprintf("seating %s, game %d: %s", strings.Join(bots, " v "), r.Index+1, r.Error)
				}
				continue
			}
			if err := t.score(model, ratings, seating, r.Scores, r.Returns); err != nil {
				return nil, err
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(si+1, len(all))
		}
	}
	for i, r := range ratings {
		s := &t.Standings[i]
		s.Bot, s.Mu, s.Sigma, s.Ordinal = cfg.Bots[i], r.Mu, r.Sigma, r.Ordinal()
		s.Low, s.High = r.Mu-1.96*r.Sigma, r.Mu+1.96*r.Sigma
	}
	for i := range t.Cross {
		for j := range t.Cross[i] {
			if h := &t.Cross[i][j]; h.Games > 0 {
				h.Share = (float64(h.Ahead) + float64(h.Level)/2) / float64(h.Games)
			}
		}
	}
	sort.SliceStable(t.Standings, func(a, b int) bool { return t.Standings[a].Ordinal > t.Standings[b].Ordinal })
	t.ElapsedS = time.Since(start).Seconds()
	return t, nil
}

// score takes one game's final order (see [FinalRanks]: the winners, then
// everyone by score) into the ratings and records of the entrants seated
// (entrant seating[p] in seat p); wins are counted by return.
func (t *Tournament) score(model rating.Model, ratings []rating.Rating, seating []int, scores, returns []float64) error {
	players := make([]rating.Rating, len(seating))
	ranks := FinalRanks(scores, returns)
	best := slices.Max(returns)
	winners := 0
	for p := range seating {
		players[p] = ratings[seating[p]]
		if returns[p] == best {
			winners++
		}
	}
	updated, err := model.Rate(players, ranks)
	if err != nil {
		return err
	}
	for p, e := range seating {
		ratings[e] = updated[p]
		st := &t.Standings[e]
		st.Games++
		if returns[p] == best {
			st.Wins += 1 / float64(winners)
		}
		for q, f := range seating {
			if q == p {
				continue
			}
			h := &t.Cross[e][f]
			h.Games++
			switch c := compareFinish(scores, returns, p, q); {
			case c > 0:
				h.Ahead++
			case c < 0:
				h.Behind++
			default:
				h.Level++
			}
		}
	}
	return nil
}

// WriteText writes the standings and the cross table.
func (t *Tournament) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s tournament: %d bots in %d-player games, %d seatings × %d games = %d games (%d errors), seed %d\n\n",
		t.Title, len(t.Bots), t.Players, t.Seatings, t.GamesPerSeating, t.Games, t.Errors, t.Seed)
	fmt.Fprintf(&b, "%-4s %-16s %8s %8s %21s %8s %6s %7s %12s %10s\n", "rank", "bot", "rating", "sigma", "95% interval", "ordinal", "games", "wins", "ms/decision", "slowest s")
	for i, s := range t.Standings {
		fmt.Fprintf(&b, "%-4d %-16s %8.2f %8.2f %21s %8.2f %6d %7.1f %12.3f %10.3f\n", i+1, s.Bot, s.Mu, s.Sigma,
			fmt.Sprintf("[%.2f, %.2f]", s.Low, s.High), s.Ordinal, s.Games, s.Wins,
			float64(s.Think.Mean())/float64(time.Millisecond), s.Think.Slowest.Seconds())
	}
	b.WriteString("(decision times: CPU time of one core; an ext: agent's own process is not counted)\n")
	b.WriteString("\nhead to head: the share of the games two bots played together that the row's bot finished ahead (level counts half)\n")
	fmt.Fprintf(&b, "%-16s", "")
	for _, name := range t.Bots {
		fmt.Fprintf(&b, " %10s", shortName(name))
	}
	b.WriteByte('\n')
	for i, row := range t.Cross {
		fmt.Fprintf(&b, "%-16s", shortName(t.Bots[i]))
		for j, h := range row {
			if i == j || h.Games == 0 {
				fmt.Fprintf(&b, " %10s", "—")
				continue
			}
			fmt.Fprintf(&b, " %9.1f%%", 100*h.Share)
		}
		b.WriteByte('\n')
	}
	if t.FirstError != "" {
		fmt.Fprintf(&b, "\nfirst error: %s\n", t.FirstError)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// standingErrors is the standings' ratings with their 95% intervals.
type standingErrors []Standing

func (s standingErrors) Len() int                    { return len(s) }
func (s standingErrors) XY(i int) (float64, float64) { return float64(i), s[i].Mu }
func (s standingErrors) YError(i int) (float64, float64) {
	return s[i].Mu - s[i].Low, s[i].High - s[i].Mu
}

// WritePlot draws every entrant's rating with its 95% interval, best
// first, in format ("png" or "svg").
func (t *Tournament) WritePlot(w io.Writer, format string) error {
	f, err := t.figure()
	if err != nil {
		return err
	}
	return f.write(w, format)
}

// figure lays out the tournament's plot.
func (t *Tournament) figure() (*figure, error) {
	pn := newPanel(fmt.Sprintf("%s: Weng-Lin ratings with 95%% intervals (%d games)", t.Title, t.Games-t.Errors))
	p := pn.plot
	p.Y.Label.Text = "rating (mu)"
	labels := make([]string, len(t.Standings))
	for i, s := range t.Standings {
		labels[i] = shortName(s.Bot)
	}
	pts, err := plotter.NewScatter(standingErrors(t.Standings))
	if err != nil {
		return nil, err
	}
	errs, err := plotter.NewYErrorBars(standingErrors(t.Standings))
	if err != nil {
		return nil, err
	}
	errs.CapWidth = vg.Points(12)
	start := plotter.NewFunction(func(float64) float64 { return rating.Default().Mu })
	start.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(errs, pts, start)
	for _, s := range t.Standings {
		pn.intervals = append(pn.intervals, [2]float64{s.Low, s.High})
	}
	pn.fitY(rating.Default().Mu)
	pn.legend.Add("rating", pts)
	pn.legend.Add("95% interval", errorThumb{errs.LineStyle})
	pn.legend.Add("starting rating", start)
	p.NominalX(labels...)
	return &figure{9 * vg.Inch, 6 * vg.Inch, 1, []*panel{pn}}, nil
}
