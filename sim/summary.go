package sim

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"minehall/game"
)

// Summary is what a run found. Its JSON holds at least the fields the
// command line promises: game, players, games, seed, bots, wins_by_seat,
// wins_by_bot, mean_score_by_seat, mean_turns, errors and elapsed_s.
// Everything but ElapsedS depends only on the run's Config, never on the
// worker count.
type Summary struct {
	Game    string       `json:"game"`
	Title   string       `json:"title"`
	Players int          `json:"players"`
	Games   int          `json:"games"`
	Seed    uint64       `json:"seed"`
	Bots    []string     `json:"bots"`    // as given, one per seat of game 0
	Seating string       `json:"seating"` // "rotated" or "fixed"
	Options game.Options `json:"options"` // resolved
	// Shard is the share of the run's games played, "K/N" (see [Shard]);
	// "" for the whole run.
	Shard string `json:"shard,omitempty"`
	// Completed counts the games that ended without error; every statistic
	// below is over them.
	Completed int `json:"completed"`
	// WinsBySeat is each seat's share of wins (returns summed: a k-way
	// shared win counts 1/k) with its Wilson 95% interval.
	WinsBySeat []Rate `json:"wins_by_seat"`
	// WinsByBot is each distinct bot's share of wins over the seats it
	// held, in the order of Bots.
	WinsByBot       []BotRate   `json:"wins_by_bot"`
	MeanScoreBySeat []float64   `json:"mean_score_by_seat"`
	ScoreBySeat     []Dist      `json:"score_by_seat"`
	ScoreHistograms []Histogram `json:"score_histogram_by_seat"` // common edges
	// MeanScoreByBot, ScoreByBot and ScoreHistogramsByBot are the same by
	// bot, in the order of WinsByBot, over the seats each bot held; the
	// histograms share the edges of the seats'.
	MeanScoreByBot       []float64   `json:"mean_score_by_bot"`
	ScoreByBot           []Dist      `json:"score_by_bot"`
	ScoreHistogramsByBot []Histogram `json:"score_histogram_by_bot"`
	MeanTurns            float64     `json:"mean_turns"`
	Turns                Dist        `json:"turns"`
	Actions              Dist        `json:"actions"`
	VirtualSeconds       Dist        `json:"virtual_seconds"`
	// SeatChiSquare and SeatBalanceP test whether wins are spread
	// evenly over the seats (Pearson's chi-square and its p-value).
	SeatChiSquare float64 `json:"seat_chi_square"`
	SeatBalanceP  float64 `json:"seat_balance_p"`
	Errors        int     `json:"errors"`
	// ErrorGames lists the first error games, in game order.
	ErrorGames []GameError `json:"error_games,omitempty"`
	// Components are the round-score spreads by component, for games
	// whose view reports scored rounds (see [RoundComponents]).
	Components []ComponentSpread `json:"components,omitempty"`
	// DecisionTimes is how long each bot took to decide, in the order of
	// WinsByBot, over every game: measured, not derived from the seed
	// (see [Summary.WithoutTimes]).
	DecisionTimes []BotTimes `json:"decision_times,omitempty"`
	// Resumed counts the games read from the run's journal instead of
	// played (see [Config.Journal]); like ElapsedS, the wall time of the
	// games played, it tells the invocation apart, not the run.
	Resumed  int     `json:"resumed,omitempty"`
	ElapsedS float64 `json:"elapsed_s"`
}

// BotRate is one bot's win rate over the seats it held.
type BotRate struct {
	Bot string `json:"bot"`
	Rate
}

// BotTimes is how long one bot took per decision (see [Think]: CPU time
// of one core where the system tells it; for an ext: agent, whose own
// process is not counted, only the exchange).
type BotTimes struct {
	Bot       string  `json:"bot"`
	Decisions int     `json:"decisions"`
	MeanMs    float64 `json:"mean_ms"`
	MedianMs  float64 `json:"median_ms"` // within 4.5% (see [Think.Quantile])
	P90Ms     float64 `json:"p90_ms"`    // within 4.5%
	MaxMs     float64 `json:"max_ms"`
}

// WithoutTimes clears what the summary measures rather than derives from
// the run's games (the elapsed time and the decision times), so that its
// JSON and text depend only on the run: the same, byte for byte, for the
// same seed whatever the workers, and for a run merged from its shards.
func (s *Summary) WithoutTimes() {
	s.ElapsedS = 0
	s.DecisionTimes = nil
}

// GameError is one error game.
type GameError struct {
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	Error string `json:"error"`
}

// maxErrorGames bounds Summary.ErrorGames.
const maxErrorGames = 10

// Summarize aggregates results (in game order) of the run cfg (resolved by
// [Config.Resolved]).
func Summarize(cfg Config, results []GameResult) *Summary {
	n := cfg.Players
	sum := &Summary{
		Game: cfg.Game.Spec().ID, Title: cfg.Game.Spec().Title, Players: n, Games: len(results), Seed: cfg.Seed,
		Bots: slices.Clone(cfg.Bots), Seating: "rotated", Options: cfg.Options,
		WinsBySeat: make([]Rate, n), MeanScoreBySeat: make([]float64, n), ScoreBySeat: make([]Dist, n),
		ScoreHistograms: make([]Histogram, n),
	}
	if cfg.FixedSeats {
		sum.Seating = "fixed"
	}
	sum.Shard = cfg.Shard.String()
	seatWins := make([]float64, n)
	scores := make([][]float64, n)
	var turns, actions, secs []float64
	var rounds []ComponentRound
	botWins := map[string]float64{}
	botSeats := map[string]int{}
	botScores := map[string][]float64{}
	botThink := map[string]*Think{}
	for i := range results {
		r := &results[i]
		for p, th := range r.Think {
			if p < len(r.Bots) {
				if botThink[r.Bots[p]] == nil {
					botThink[r.Bots[p]] = &Think{}
				}
				botThink[r.Bots[p]].Add(th)
			}
		}
		if !r.OK() {
			sum.Errors++
			if len(sum.ErrorGames) < maxErrorGames {
				sum.ErrorGames = append(sum.ErrorGames, GameError{Index: r.Index, Seed: r.Seed, Error: r.Error})
			}
			continue
		}
		sum.Completed++
		for p := range n {
			seatWins[p] += r.Returns[p]
			scores[p] = append(scores[p], r.Scores[p])
			botWins[r.Bots[p]] += r.Returns[p]
			botSeats[r.Bots[p]]++
			botScores[r.Bots[p]] = append(botScores[r.Bots[p]], r.Scores[p])
		}
		turns = append(turns, float64(r.Turns))
		actions = append(actions, float64(r.Actions))
		secs = append(secs, float64(r.Ms)/1000)
		rounds = append(rounds, r.Components...)
	}
	edges := Bins(scores...)
	whole := wholeNumbers(scores...) && wholeNumbers(edges)
	for p := range n {
		sum.WinsBySeat[p] = Wilson(seatWins[p], sum.Completed)
		sum.ScoreBySeat[p] = Describe(scores[p])
		sum.MeanScoreBySeat[p] = sum.ScoreBySeat[p].Mean
		sum.ScoreHistograms[p] = Count(scores[p], edges)
		sum.ScoreHistograms[p].Whole = whole
	}
	var seen []string
	for _, b := range cfg.Bots {
		if slices.Contains(seen, b) {
			continue
		}
		seen = append(seen, b)
		sum.WinsByBot = append(sum.WinsByBot, BotRate{Bot: b, Rate: Wilson(botWins[b], botSeats[b])})
		d := Describe(botScores[b])
		sum.ScoreByBot = append(sum.ScoreByBot, d)
		sum.MeanScoreByBot = append(sum.MeanScoreByBot, d.Mean)
		h := Count(botScores[b], edges)
		h.Whole = whole
		sum.ScoreHistogramsByBot = append(sum.ScoreHistogramsByBot, h)
		if th := botThink[b]; th != nil && th.Decisions > 0 {
			sum.DecisionTimes = append(sum.DecisionTimes, BotTimes{Bot: b, Decisions: th.Decisions, MeanMs: ms(th.Mean()),
				MedianMs: ms(th.Quantile(0.5)), P90Ms: ms(th.Quantile(0.9)), MaxMs: ms(th.Slowest)})
		}
	}
	sum.Turns, sum.Actions, sum.VirtualSeconds = Describe(turns), Describe(actions), Describe(secs)
	sum.MeanTurns = sum.Turns.Mean
	sum.SeatChiSquare, sum.SeatBalanceP = ChiSquareUniform(seatWins)
	sum.Components = Spreads(rounds)
	return sum
}

// ms writes d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Failed returns nil when every game ended, else an error that says how
// many games failed and names the first of them with its error.
func (s *Summary) Failed() error {
	if s.Errors == 0 {
		return nil
	}
	e := s.ErrorGames[0]
	first, _, _ := strings.Cut(e.Error, "\n")
	return fmt.Errorf("%d of %d games ended in error; the first, game %d (seed %d): %s", s.Errors, s.Games, e.Index, e.Seed, first)
}

// WriteText writes the summary as tables for people, seats counted from 1.
func (s *Summary) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %d players, %d games, seed %d\n", s.Title, s.Players, s.Games, s.Seed)
	fmt.Fprintf(&b, "bots: %s (%s seats)\n", BotList(s.Bots), s.Seating)
	if len(s.Options) > 0 {
		fmt.Fprintf(&b, "options: %s\n", formatOptions(s.Options))
	}
	if k, n, ok := strings.Cut(s.Shard, "/"); ok {
		fmt.Fprintf(&b, "shard %s: the run's games i with i mod %s = %s; minehall sim merge puts the shards' journals together\n", s.Shard, n, minusOne(k))
	}
	fmt.Fprintf(&b, "completed: %d, errors: %d\n\n", s.Completed, s.Errors)
	if s.Completed == 0 {
		b.WriteString("no game ended, so there are no win rates, scores or lengths\n")
	} else {
		s.writeTables(&b)
	}
	for i, e := range s.ErrorGames {
		if i == maxErrorLines {
			break
		}
		first, _, _ := strings.Cut(e.Error, "\n")
		fmt.Fprintf(&b, "error in game %d (seed %d): %s\n", e.Index, e.Seed, first)
	}
	if more := s.Errors - min(len(s.ErrorGames), maxErrorLines); more > 0 {
		fmt.Fprintf(&b, "… and %d more error games\n", more)
	}
	if len(s.DecisionTimes) > 0 {
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "bot\tdecisions\tmedian ms\tp90 ms\tmax ms\tmean ms\t")
		for _, d := range s.DecisionTimes {
			fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f\t\n", d.Bot, d.Decisions, d.MedianMs, d.P90Ms, d.MaxMs, d.MeanMs)
		}
		tw.Flush()
		b.WriteString("(decision times: CPU time of one core; an ext: agent's own process is not counted)\n")
	}
	if s.Resumed > 0 {
		fmt.Fprintf(&b, "resumed: %d games read from the journal, %d played\n", s.Resumed, s.Games-s.Resumed)
	}
	if s.ElapsedS > 0 {
		fmt.Fprintf(&b, "elapsed: %.2f s\n", s.ElapsedS)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// maxErrorLines bounds the error games the text summary lists.
const maxErrorLines = 3

func (s *Summary) writeTables(b *strings.Builder) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "seat\twins\twin rate\t95% interval\tmean score\tsd\tmin\tmax\t")
	for p, r := range s.WinsBySeat {
		d := s.ScoreBySeat[p]
		fmt.Fprintf(tw, "%d\t%s\t%.1f%%\t[%.1f%%, %.1f%%]\t%.2f\t%.2f\t%g\t%g\t\n", p+1, formatWins(r.Wins), 100*r.Rate, 100*r.Low, 100*r.High, d.Mean, d.SD, d.Min, d.Max)
	}
	tw.Flush()
	fmt.Fprintf(b, "seat balance: chi-square %.2f, p = %.3f\n\n", s.SeatChiSquare, s.SeatBalanceP)
	tw = tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "bot\tseat-games\twins\twin rate\t95% interval\tmean score\t")
	for i, r := range s.WinsByBot {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.1f%%\t[%.1f%%, %.1f%%]\t%.2f\t\n", r.Bot, r.Games, formatWins(r.Wins), 100*r.Rate.Rate, 100*r.Low, 100*r.High, s.MeanScoreByBot[i])
	}
	tw.Flush()
	fmt.Fprintf(b, "\nturns: mean %.1f, sd %.1f; actions: mean %.1f, sd %.1f", s.Turns.Mean, s.Turns.SD, s.Actions.Mean, s.Actions.SD)
	if s.VirtualSeconds.Mean > 0 {
		// Only games that run on a clock spend virtual time; a turn-based
		// game's 0.0 s would read as a measurement.
		fmt.Fprintf(b, "; virtual time: mean %.1f s", s.VirtualSeconds.Mean)
	}
	b.WriteString("\n")
	for _, c := range s.Components {
		fmt.Fprintf(b, "round score by %s: %d kinds, means from %.2f (%s) to %.2f (%s), spread %.2f\n", c.Kind, len(c.Values),
			c.Values[0].Mean, c.Values[0].Value, c.Values[len(c.Values)-1].Mean, c.Values[len(c.Values)-1].Value, c.SpreadOfMeans)
	}
}

// formatWins writes a count of wins, in which a win shared by k players
// counts 1/k, to at most two decimals: 681.17, not 681.1666666666666, and
// 2000, not the 1999.9999999999998 that summing the shares can give.
func formatWins(w float64) string {
	return strconv.FormatFloat(math.Round(w*100)/100, 'f', -1, 64)
}

// formatOptions writes options as sorted KEY=VALUE pairs.
func formatOptions(o game.Options) string {
	parts := make([]string, 0, len(o))
	for _, k := range slices.Sorted(maps.Keys(o)) {
		parts = append(parts, k+"="+o[k])
	}
	return strings.Join(parts, " ")
}

// minusOne writes the whole number k minus one.
func minusOne(k string) string {
	n, _ := strconv.Atoi(k)
	return strconv.Itoa(n - 1)
}
