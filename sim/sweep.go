package sim

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"minehall/game"
)

// Sweep is one simulation run repeated for each value of one option: the
// same bots, games and seed for every value, so that every value is played
// on the same game seeds and only the option differs.
type Sweep struct {
	Key    string     `json:"key"`
	Values []string   `json:"values"`
	Runs   []*Summary `json:"runs"` // one per value, in the order of Values
	// ElapsedS is the wall time of the whole sweep.
	ElapsedS float64 `json:"elapsed_s"`
}

// ParseSweep reads a sweep given as KEY=V1,V2,…: the option's key and its
// values, trimmed. It refuses an empty key, an empty value and a value
// given twice, with an error of code [game.CodeInvalid].
func ParseSweep(s string) (string, []string, error) {
	key, list, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return "", nil, game.Errorf(game.CodeInvalid, "sweep %q is not KEY=VALUE1,VALUE2,…", s)
	}
	var values []string
	for v := range strings.SplitSeq(list, ",") {
		v = strings.TrimSpace(v)
		switch {
		case v == "":
			return "", nil, game.Errorf(game.CodeInvalid, "sweep %q has an empty value", s)
		case slices.Contains(values, v):
			return "", nil, game.Errorf(game.CodeInvalid, "sweep %q gives %s twice", s, v)
		}
		values = append(values, v)
	}
	return key, values, nil
}

// ResolvedSweep checks a sweep of option key over values for the run cfg
// before anything is played: key must be an option of the game not set in
// cfg.Options, and every value valid. It returns cfg resolved for each
// value, in order. Errors have code [game.CodeInvalid] (or those of
// [Config.Resolved]).
func ResolvedSweep(cfg Config, key string, values []string) ([]Config, error) {
	if cfg.Game == nil {
		return nil, game.Errorf(game.CodeInvalid, "no game to simulate")
	}
	spec := cfg.Game.Spec()
	if !slices.ContainsFunc(spec.Options, func(o game.OptionSpec) bool { return o.Key == key }) {
		keys := make([]string, len(spec.Options))
		for i, o := range spec.Options {
			keys[i] = o.Key
		}
		return nil, game.Errorf(game.CodeInvalid, "sweep: %s has no option %s (it has %s)", spec.Title, key, orNone(strings.Join(keys, ", ")))
	}
	if _, set := cfg.Options[key]; set {
		return nil, game.Errorf(game.CodeInvalid, "sweep: option %s is swept, so it cannot also be set", key)
	}
	if len(values) == 0 {
		return nil, game.Errorf(game.CodeInvalid, "sweep: option %s has no values", key)
	}
	var runs []Config
	var errs []string
	for _, v := range values {
		run := cfg
		run.Options = cfg.Options.Clone()
		run.Options[key] = v
		if cfg.RecordsDir != "" {
			run.RecordsDir = filepath.Join(cfg.RecordsDir, key+"="+v)
		}
		r, err := run.Resolved()
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		runs = append(runs, r)
	}
	if len(errs) > 0 {
		return nil, game.Errorf(game.CodeInvalid, "sweep: %s", strings.Join(errs, "; "))
	}
	return runs, nil
}

// RunSweep plays cfg once for each value of the option key (see
// [ResolvedSweep]) and returns the sweep with each value's per-game
// results. Records, when cfg.RecordsDir is set, go to a directory
// KEY=VALUE in it for each value. cfg.Progress counts the games of the
// whole sweep. Like [Run], it fails only for a bad config, an unwritable
// record or a done ctx; error games are counted (see [Sweep.Failed]).
func RunSweep(ctx context.Context, cfg Config, key string, values []string) (*Sweep, [][]GameResult, error) {
	runs, err := ResolvedSweep(cfg, key, values)
	if err != nil {
		return nil, nil, err
	}
	start := time.Now()
	sw := &Sweep{Key: key, Values: slices.Clone(values)}
	var all [][]GameResult
	for i, run := range runs {
		if cfg.Progress != nil {
			done := i * run.Games
			run.Progress = func(n int) { cfg.Progress(done + n) }
		}
		sum, results, err := Run(ctx, run)
		if err != nil {
			return nil, nil, fmt.Errorf("%s=%s: %w", key, values[i], err)
		}
		sw.Runs = append(sw.Runs, sum)
		all = append(all, results)
	}
	sw.ElapsedS = time.Since(start).Seconds()
	return sw, all, nil
}

// Failed returns nil when every game of every value ended, else an error
// that counts the error games and names the first with its value.
func (sw *Sweep) Failed() error {
	errs, games := 0, 0
	var first error
	for i, s := range sw.Runs {
		errs += s.Errors
		games += s.Games
		if err := s.Failed(); err != nil && first == nil {
			e := s.ErrorGames[0]
			msg, _, _ := strings.Cut(e.Error, "\n")
			first = fmt.Errorf("the first, with %s=%s, game %d (seed %d): %s", sw.Key, sw.Values[i], e.Index, e.Seed, msg)
		}
	}
	if first == nil {
		return nil
	}
	return fmt.Errorf("%d of %d games ended in error; %v", errs, games, first)
}

// WriteText writes the sweep as a table for people, one row per value:
// games completed and errors, each seat's win rate with its 95% interval
// (seats counted from 1), each bot's when the seats hold different bots,
// the mean score by seat and the game length.
func (sw *Sweep) WriteText(w io.Writer) error {
	var b strings.Builder
	if len(sw.Runs) == 0 {
		_, err := io.WriteString(w, "no values were swept\n")
		return err
	}
	first := sw.Runs[0]
	fmt.Fprintf(&b, "%s, %d players, %d games per value, seed %d, sweep of %s over %s\n", first.Title, first.Players, first.Games, first.Seed, sw.Key, strings.Join(sw.Values, ", "))
	fmt.Fprintf(&b, "bots: %s (%s seats)\n", BotList(first.Bots), first.Seating)
	if other := withoutKey(first.Options, sw.Key); len(other) > 0 {
		fmt.Fprintf(&b, "other options: %s\n", formatOptions(other))
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	head := []string{sw.Key, "completed", "errors"}
	for p := range first.Players {
		head = append(head, fmt.Sprintf("seat %d win rate [95%%]", p+1))
	}
	byBot := len(first.WinsByBot) > 1
	if byBot {
		for _, r := range first.WinsByBot {
			head = append(head, fmt.Sprintf("%s win rate [95%%]", r.Bot))
		}
	}
	head = append(head, "mean score by seat", "mean turns", "mean actions")
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for i, s := range sw.Runs {
		row := []string{sw.Values[i], strconv.Itoa(s.Completed), strconv.Itoa(s.Errors)}
		for _, r := range s.WinsBySeat {
			if s.Completed == 0 {
				row = append(row, "–")
				continue
			}
			row = append(row, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.Rate, 100*r.Low, 100*r.High))
		}
		for j := 0; byBot && j < len(s.WinsByBot); j++ {
			r := s.WinsByBot[j]
			if s.Completed == 0 {
				row = append(row, "–")
				continue
			}
			row = append(row, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*r.Rate.Rate, 100*r.Low, 100*r.High))
		}
		means := make([]string, len(s.MeanScoreBySeat))
		for p, m := range s.MeanScoreBySeat {
			means[p] = fmt.Sprintf("%.2f", m)
		}
		if s.Completed == 0 {
			row = append(row, "–", "–", "–")
		} else {
			row = append(row, strings.Join(means, " / "), fmt.Sprintf("%.1f", s.Turns.Mean), fmt.Sprintf("%.1f", s.Actions.Mean))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
	}
	tw.Flush()
	b.WriteString("\n")
	for i, s := range sw.Runs {
		if len(s.ErrorGames) > 0 {
			e := s.ErrorGames[0]
			msg, _, _ := strings.Cut(e.Error, "\n")
			fmt.Fprintf(&b, "%s=%s: %d error games, the first game %d (seed %d): %s\n", sw.Key, sw.Values[i], s.Errors, e.Index, e.Seed, msg)
		}
	}
	fmt.Fprintf(&b, "elapsed: %.2f s\n", sw.ElapsedS)
	_, err := io.WriteString(w, b.String())
	return err
}

// withoutKey returns o without key.
func withoutKey(o game.Options, key string) game.Options {
	c := o.Clone()
	delete(c, key)
	return c
}

// WriteSweepCSV writes the per-game rows of a sweep as [WriteCSV] does,
// with a first column named after the swept option holding its value.
func WriteSweepCSV(w io.Writer, sw *Sweep, results [][]GameResult) error {
	if len(sw.Runs) == 0 {
		return nil
	}
	for i := range results {
		var buf strings.Builder
		if err := WriteCSV(&buf, sw.Runs[i].Players, results[i]); err != nil {
			return err
		}
		rows, err := csv.NewReader(strings.NewReader(buf.String())).ReadAll()
		if err != nil {
			return err
		}
		cw := csv.NewWriter(w)
		for j, row := range rows {
			if j == 0 && i > 0 {
				continue
			}
			v := sw.Values[i]
			if j == 0 {
				v = sw.Key
			}
			if err := cw.Write(append([]string{v}, row...)); err != nil {
				return err
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return err
		}
	}
	return nil
}

// series is one line of a sweep plot: a value per option value with an
// interval around it, drawn shifted by a small offset so that the series
// do not hide one another.
type series struct {
	ys, lo, hi []float64
	offset     float64
}

func (s series) Len() int                    { return len(s.ys) }
func (s series) XY(i int) (float64, float64) { return float64(i) + s.offset, s.ys[i] }
func (s series) YError(i int) (float64, float64) {
	return s.ys[i] - s.lo[i], s.hi[i] - s.ys[i]
}

// WritePlot draws the sweep as plots over the option's values: the win
// rate of each seat with its 95% interval and the fair share, the same by
// bot when the seats hold different bots, the mean
// score of each seat and the mean game length in turns, the last two with
// the 95% interval of the mean; legends beside the lines. It writes them
// to w in format ("png" or "svg").
func (sw *Sweep) WritePlot(w io.Writer, format string) error {
	f, err := sw.figure()
	if err != nil {
		return err
	}
	return f.write(w, format)
}

// figure lays out the sweep's plots.
func (sw *Sweep) figure() (*figure, error) {
	if len(sw.Runs) == 0 {
		return nil, fmt.Errorf("plot: no values were swept")
	}
	first := sw.Runs[0]
	n := first.Players
	win := newPanel(fmt.Sprintf("%s: win rate by seat, 95%% intervals", first.Title))
	score := newPanel(fmt.Sprintf("%s: mean score by seat, 95%% intervals", first.Title))
	length := newPanel(fmt.Sprintf("%s: game length, 95%% intervals", first.Title))
	win.plot.Y.Label.Text = "win rate"
	score.plot.Y.Label.Text = "mean score"
	length.plot.Y.Label.Text = "mean turns"
	for _, pn := range []*panel{win, score, length} {
		pn.plot.X.Label.Text = sw.Key
		pn.plot.NominalX(sw.Values...)
	}
	k := len(sw.Values)
	for p := range n {
		ws := series{offset: 0.08 * (float64(p) - float64(n-1)/2)}
		ss := ws
		for _, s := range sw.Runs {
			r := s.WinsBySeat[p]
			ws.ys, ws.lo, ws.hi = append(ws.ys, r.Rate), append(ws.lo, r.Low), append(ws.hi, r.High)
			m, half := meanInterval(s.ScoreBySeat[p])
			ss.ys, ss.lo, ss.hi = append(ss.ys, m), append(ss.lo, m-half), append(ss.hi, m+half)
		}
		name := fmt.Sprintf("seat %d", p+1)
		if err := addSeries(win, ws, name, p); err != nil {
			return nil, err
		}
		if err := addSeries(score, ss, name, p); err != nil {
			return nil, err
		}
	}
	fair := plotter.NewFunction(func(float64) float64 { return 1 / float64(max(n, 1)) })
	fair.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	win.plot.Add(fair)
	win.legend.Add(fmt.Sprintf("fair share 1/%d", n), fair)
	ls := series{}
	for _, s := range sw.Runs {
		m, half := meanInterval(s.Turns)
		ls.ys, ls.lo, ls.hi = append(ls.ys, m), append(ls.lo, m-half), append(ls.hi, m+half)
	}
	if err := addSeries(length, ls, "turns", 0); err != nil {
		return nil, err
	}
	panels := []*panel{win, score, length}
	if len(first.WinsByBot) > 1 {
		bots := newPanel(fmt.Sprintf("%s: win rate by bot, 95%% intervals", first.Title))
		bots.plot.Y.Label.Text, bots.plot.X.Label.Text = "win rate", sw.Key
		bots.plot.NominalX(sw.Values...)
		nb := len(first.WinsByBot)
		for j, br := range first.WinsByBot {
			bs := series{offset: 0.08 * (float64(j) - float64(nb-1)/2)}
			for _, s := range sw.Runs {
				r := s.WinsByBot[j].Rate
				bs.ys, bs.lo, bs.hi = append(bs.ys, r.Rate), append(bs.lo, r.Low), append(bs.hi, r.High)
			}
			if err := addSeries(bots, bs, shortName(br.Bot), j); err != nil {
				return nil, err
			}
		}
		bots.fitY(0, 1)
		panels = []*panel{win, bots, score, length}
	}
	for _, pn := range panels {
		pn.plot.X.Min, pn.plot.X.Max = -0.5, float64(k)-0.5
	}
	win.fitY(0, 1)
	score.fitY()
	length.fitY()
	if len(panels) == 4 {
		return &figure{14 * vg.Inch, 9 * vg.Inch, 2, panels}, nil
	}
	return &figure{16 * vg.Inch, 5 * vg.Inch, 3, panels}, nil
}

// meanInterval returns a distribution's mean and the half-width of the
// 95% interval of the mean (normal approximation; 0 for fewer than two
// values).
func meanInterval(d Dist) (float64, float64) {
	if d.N < 2 {
		return d.Mean, 0
	}
	return d.Mean, z95 * d.SD / math.Sqrt(float64(d.N))
}

// addSeries draws s as points joined by a line, with interval bars, in
// the color of index i, and names it in the legend.
func addSeries(pn *panel, s series, name string, i int) error {
	line, points, err := plotter.NewLinePoints(s)
	if err != nil {
		return fmt.Errorf("sweep plot: %w", err)
	}
	line.Color, points.Color = plotutil.Color(i), plotutil.Color(i)
	points.Shape = plotutil.Shape(i)
	errs, err := plotter.NewYErrorBars(s)
	if err != nil {
		return fmt.Errorf("sweep plot: %w", err)
	}
	errs.Color = plotutil.Color(i)
	errs.CapWidth = vg.Points(8)
	pn.plot.Add(line, points, errs)
	for i := range s.ys {
		pn.intervals = append(pn.intervals, [2]float64{min(s.lo[i], s.ys[i]), max(s.hi[i], s.ys[i])})
	}
	pn.legend.Add(name, line, points)
	return nil
}
