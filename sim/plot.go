package sim

import (
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"minehall/game"
)

// PlotFormat returns the image format of a plot file by its extension:
// "png" or "svg"; any other extension is an error of code
// [game.CodeInvalid].
func PlotFormat(path string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".png", ".svg":
		return ext[1:], nil
	default:
		return "", game.Errorf(game.CodeInvalid, "plot file %s must end in .png or .svg", path)
	}
}

// WritePlot draws the summary as two plots side by side, the score
// distribution by seat (a histogram per seat) and the win rate by seat with
// its 95% interval bars and the fair share 1/n, and writes them to w in
// format ("png" or "svg").
func (s *Summary) WritePlot(w io.Writer, format string) error {
	scores, err := s.scorePlot()
	if err != nil {
		return err
	}
	wins, err := s.winPlot()
	if err != nil {
		return err
	}
	width, height := 12*vg.Inch, 4.5*vg.Inch
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return game.Errorf(game.CodeInvalid, "plot format %q: %v", format, err)
	}
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Inch / 4, PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8, PadLeft: vg.Inch / 8, PadRight: vg.Inch / 8}
	canvases := plot.Align([][]*plot.Plot{{scores, wins}}, tiles, draw.New(c))
	scores.Draw(canvases[0][0])
	wins.Draw(canvases[0][1])
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("writing plot: %w", err)
	}
	return nil
}

func (s *Summary) scorePlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: score distribution by seat (%d games)", s.Title, s.Completed)
	p.X.Label.Text = "score"
	p.Y.Label.Text = "games"
	p.Legend.Top = true
	if len(s.ScoreHistograms) == 0 || len(s.ScoreHistograms[0].Edges) < 2 {
		return p, nil
	}
	edges := s.ScoreHistograms[0].Edges
	n := len(s.ScoreHistograms)
	width := vg.Points(max(4, 220/float64(n*(len(edges)-1))))
	for seat, h := range s.ScoreHistograms {
		vals := make(plotter.Values, len(h.Counts))
		for i, c := range h.Counts {
			vals[i] = float64(c)
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, fmt.Errorf("score plot: %w", err)
		}
		bars.Color = plotutil.Color(seat)
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(seat)-float64(n-1)/2)
		p.Add(bars)
		p.Legend.Add(fmt.Sprintf("seat %d", seat), bars)
	}
	names := make([]string, len(edges)-1)
	for i := range names {
		names[i] = binLabel(edges, i)
	}
	p.NominalX(names...)
	return p, nil
}

// binLabel names bin i: the integer for one-integer bins, else its range.
func binLabel(edges []float64, i int) string {
	lo, hi := edges[i], edges[i+1]
	if hi-lo == 1 && lo == float64(int64(lo)) {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%.3g–%.3g", lo, hi)
}

// rateErrors is the win rates by seat with their interval bars.
type rateErrors []Rate

func (r rateErrors) Len() int                    { return len(r) }
func (r rateErrors) XY(i int) (float64, float64) { return float64(i), r[i].Rate }
func (r rateErrors) YError(i int) (float64, float64) {
	return r[i].Rate - r[i].Low, r[i].High - r[i].Rate
}

func (s *Summary) winPlot() (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: win rate by seat, 95%% intervals", s.Title)
	p.Y.Label.Text = "win rate"
	p.Y.Min, p.Y.Max = 0, 1
	vals := make(plotter.Values, len(s.WinsBySeat))
	names := make([]string, len(s.WinsBySeat))
	for i, r := range s.WinsBySeat {
		vals[i] = r.Rate
		names[i] = fmt.Sprintf("seat %d", i)
	}
	if len(vals) == 0 {
		return p, nil
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(40))
	if err != nil {
		return nil, fmt.Errorf("win plot: %w", err)
	}
	bars.Color = color.RGBA{R: 120, G: 160, B: 210, A: 255}
	bars.LineStyle.Width = 0
	errs, err := plotter.NewYErrorBars(rateErrors(s.WinsBySeat))
	if err != nil {
		return nil, fmt.Errorf("win plot: %w", err)
	}
	errs.CapWidth = vg.Points(12)
	fair := plotter.NewFunction(func(float64) float64 { return 1 / float64(len(vals)) })
	fair.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(bars, errs, fair)
	p.Legend.Add("fair share 1/n", fair)
	p.Legend.Top = true
	p.NominalX(names...)
	return p, nil
}
