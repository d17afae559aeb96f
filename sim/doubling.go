package sim

import (
	"context"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"minehall/ai"
	"minehall/game"
)

// Doubling is how much a game's search level gains from each doubling of
// its iteration budget: for budgets From, 2·From, 4·From, … one two-player
// match of the level at each budget against itself at twice the budget
// (seats alternated, the same games for every step), each step's share of
// the games for the larger budget and its Elo difference.
type Doubling struct {
	Game  string         `json:"game"`
	Title string         `json:"title"`
	Level string         `json:"level"`
	From  int            `json:"from"`
	Games int            `json:"games"` // per step
	Seed  uint64         `json:"seed"`
	Steps []DoublingStep `json:"steps"`
	// ElapsedS is the wall time of the whole run.
	ElapsedS float64 `json:"elapsed_s"`
}

// DoublingStep is one doubling: the level at Weak iterations against the
// level at Strong = 2·Weak.
type DoublingStep struct {
	Weak   int `json:"weak"`
	Strong int `json:"strong"`
	// Share is the larger budget's share of the games (a draw counts
	// half) with its Wilson 95% interval.
	Share Rate `json:"share"`
	// Elo is the larger budget's gain on the Elo scale, 400·log10(p/(1−p))
	// of the share p, and EloLow, EloHigh the same of the interval's
	// bounds; a share of 0 or 1 (and a bound there) is taken as half a
	// game from it, so that every figure is finite.
	Elo     float64 `json:"elo"`
	EloLow  float64 `json:"elo_low"`
	EloHigh float64 `json:"elo_high"`
	// Run is the step's whole summary.
	Run *Summary `json:"run"`
}

// DoublingConfig checks a doubling run of the search level of cfg's game
// with budgets from From doubled Doublings times, before anything is
// played: the game must offer the level as a search whose budget can be
// set ([ai.IterationBotMaker]), the run must be of two players, and the
// largest budget at most the search's bound. It returns the resolved run
// of each step, the journal of each in journalDir when that is set.
// Errors have code [game.CodeInvalid] (or those of [Config.Resolved]).
func DoublingConfig(cfg Config, level string, from, doublings int, journalDir string) ([]Config, error) {
	if cfg.Game == nil {
		return nil, game.Errorf(game.CodeInvalid, "no game to simulate")
	}
	spec := cfg.Game.Spec()
	ibm, ok := cfg.Game.(ai.IterationBotMaker)
	if !ok {
		return nil, game.Errorf(game.CodeInvalid, "doubling: %s has no search level whose iterations can be set", spec.Title)
	}
	switch {
	case from < 1:
		return nil, game.Errorf(game.CodeInvalid, "doubling: a budget of %d iterations; want at least 1", from)
	case doublings < 1 || doublings > 20:
		return nil, game.Errorf(game.CodeInvalid, "doubling: %d doublings; want 1 to 20", doublings)
	case from > maxIterations>>doublings:
		return nil, game.Errorf(game.CodeInvalid, "doubling: %d iterations doubled %d times passes the bound of %d", from, doublings, maxIterations)
	case cfg.Players != 0 && cfg.Players != 2:
		return nil, game.Errorf(game.CodeInvalid, "doubling: %d players; the budgets are compared in two-player games", cfg.Players)
	case spec.MinPlayers > 2:
		return nil, game.Errorf(game.CodeInvalid, "doubling: the budgets are compared in two-player games, and %s is not played by two", spec.Title)
	case len(cfg.Bots) > 0:
		return nil, game.Errorf(game.CodeInvalid, "doubling: the bots are the level at each budget; give no bots")
	}
	if _, err := ibm.NewBotWithIterations(level, 0, from); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "doubling: %v", err)
	}
	var runs []Config
	for i, b := 0, from; i < doublings; i, b = i+1, 2*b {
		run := cfg
		run.Players = 2
		run.Bots = []string{fmt.Sprintf("%s:%d", level, b), fmt.Sprintf("%s:%d", level, 2*b)}
		run.FixedSeats = false
		if journalDir != "" {
			run.Journal = filepath.Join(journalDir, fmt.Sprintf("%s-%d-%d.jsonl", level, b, 2*b))
		}
		if cfg.RecordsDir != "" {
			run.RecordsDir = filepath.Join(cfg.RecordsDir, fmt.Sprintf("%d-%d", b, 2*b))
		}
		r, err := run.Resolved()
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// RunDoubling plays the steps of [DoublingConfig] one after another and
// returns their shares and Elo gains. cfg.Progress counts the games of
// the whole run; with journals a stopped run resumes where it stopped.
// Like [Run], it fails only for a bad config, an unwritable journal or
// record, or a done ctx; error games are counted (see [Doubling.Failed]).
func RunDoubling(ctx context.Context, cfg Config, level string, from, doublings int, journalDir string) (*Doubling, error) {
	runs, err := DoublingConfig(cfg, level, from, doublings, journalDir)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	d := &Doubling{Game: cfg.Game.Spec().ID, Title: cfg.Game.Spec().Title, Level: level, From: from, Games: runs[0].Games, Seed: cfg.Seed}
	for i, run := range runs {
		if cfg.Progress != nil {
			done := i * run.Games
			run.Progress = func(n int) { cfg.Progress(done + n) }
		}
		sum, _, err := Run(ctx, run)
		if err != nil {
			return nil, fmt.Errorf("%s against %s: %w", run.Bots[0], run.Bots[1], err)
		}
		d.Steps = append(d.Steps, doublingStep(from<<i, sum))
	}
	d.ElapsedS = time.Since(start).Seconds()
	return d, nil
}

// doublingStep reads a step's figures from its summary.
func doublingStep(weak int, sum *Summary) DoublingStep {
	st := DoublingStep{Weak: weak, Strong: 2 * weak, Run: sum}
	for _, r := range sum.WinsByBot {
		if r.Bot == sum.Bots[1] {
			st.Share = r.Rate
		}
	}
	n := st.Share.Games
	st.Elo, st.EloLow, st.EloHigh = eloOf(st.Share.Rate, n), eloOf(st.Share.Low, n), eloOf(st.Share.High, n)
	return st
}

// eloOf is the Elo difference of a share p of n games, p kept half a game
// from 0 and 1.
func eloOf(p float64, n int) float64 {
	if n < 1 {
		return 0
	}
	e := 0.5 / float64(n)
	p = min(max(p, e), 1-e)
	return 400 * math.Log10(p/(1-p))
}

// Failed returns nil when every game of every step ended, else an error
// that counts the error games.
func (d *Doubling) Failed() error {
	errs, games := 0, 0
	for _, st := range d.Steps {
		errs += st.Run.Errors
		games += st.Run.Games
	}
	if errs == 0 {
		return nil
	}
	return fmt.Errorf("%d of %d games ended in error", errs, games)
}

// WithoutTimes clears the measured figures (see [Summary.WithoutTimes]).
func (d *Doubling) WithoutTimes() {
	d.ElapsedS = 0
	for _, st := range d.Steps {
		st.Run.WithoutTimes()
	}
}

// WriteText writes the run as a table for people, one row per doubling:
// the budgets, games, the larger budget's wins, share and interval, its
// Elo gain with the interval, the gain summed from the first budget, and
// the larger budget's mean decision time when measured.
func (d *Doubling) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s at doubling budgets, 2 players, %d games per doubling, seed %d (rotated seats)\n\n", d.Title, d.Level, d.Games, d.Seed)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "iterations\tgames\tlarger ahead\tshare [95%]\tElo gain [95%]\tElo from the first\tms/decision\t")
	sum := 0.0
	for _, st := range d.Steps {
		sum += st.Elo
		think := "–"
		if len(st.Run.DecisionTimes) == 2 {
			think = fmt.Sprintf("%.1f", st.Run.DecisionTimes[1].MeanMs)
		}
		fmt.Fprintf(tw, "%d → %d\t%d\t%s\t%.1f%% [%.1f, %.1f]\t%+.0f [%+.0f, %+.0f]\t%+.0f\t%s\t\n", st.Weak, st.Strong, st.Share.Games,
			formatWins(st.Share.Wins), 100*st.Share.Rate, 100*st.Share.Low, 100*st.Share.High, st.Elo, st.EloLow, st.EloHigh, sum, think)
	}
	tw.Flush()
	if err := d.Failed(); err != nil {
		fmt.Fprintf(&b, "\n%v\n", err)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// eloErrors is the steps' Elo gains with their interval bars.
type eloErrors []DoublingStep

func (r eloErrors) Len() int                    { return len(r) }
func (r eloErrors) XY(i int) (float64, float64) { return float64(i), r[i].Elo }
func (r eloErrors) YError(i int) (float64, float64) {
	return r[i].Elo - r[i].EloLow, r[i].EloHigh - r[i].Elo
}

// WritePlot draws the curve: each doubling's Elo gain (a point with its
// 95% interval bar, over the budgets it compares) and no gain as a dashed
// line, and writes it to w in format ("png" or "svg").
func (d *Doubling) WritePlot(w io.Writer, format string) error {
	pn := newPanel(fmt.Sprintf("%s: %s, Elo gained per doubling of its iterations (%d games each)", d.Title, d.Level, d.Games))
	p := pn.plot
	p.Y.Label.Text = "Elo gain"
	p.X.Label.Text = "iterations"
	labels := make([]string, len(d.Steps))
	for i, st := range d.Steps {
		labels[i] = fmt.Sprintf("%s→%s", shortCount(st.Weak), shortCount(st.Strong))
		pn.intervals = append(pn.intervals, [2]float64{st.EloLow, st.EloHigh})
	}
	line, points, err := plotter.NewLinePoints(eloErrors(d.Steps))
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	line.Color = color.RGBA{R: 60, G: 110, B: 180, A: 255}
	points.Color = line.Color
	errs, err := plotter.NewYErrorBars(eloErrors(d.Steps))
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	errs.CapWidth = vg.Points(10)
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(line, points, errs, zero)
	pn.fitY(0)
	p.X.Min, p.X.Max = -0.5, float64(len(d.Steps))-0.5
	p.NominalX(labels...)
	pn.legend.Add("Elo gain", line, points)
	pn.legend.Add("95% interval", errorThumb{errs.LineStyle})
	pn.legend.Add("no gain", zero)
	f := &figure{10 * vg.Inch, 5 * vg.Inch, 1, []*panel{pn}}
	return f.write(w, format)
}

// shortCount writes an iteration count briefly: 500, 2k, 1.5k, 40k, 1M.
func shortCount(n int) string {
	switch {
	case n >= 1_000_000 && n%100_000 == 0:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1e6), ".0") + "M"
	case n >= 1000 && n%100 == 0:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1e3), ".0") + "k"
	}
	return fmt.Sprint(n)
}
