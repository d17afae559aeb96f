package sim

import (
	"fmt"
	"image/color"
	"io"
	"math"
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

// panel is one plot of a figure with the legend drawn beside it, outside
// its data.
type panel struct {
	plot   *plot.Plot
	legend plot.Legend
	// intervals are the [low, high] of the interval bars drawn, which
	// fitY keeps inside the frame.
	intervals [][2]float64
}

// fitMargin is the share of a panel's vertical range left free above and
// below what it shows, so that no interval bar or cap meets the frame.
const fitMargin = 0.06

// fitY sets the panel's vertical range to hold every interval, every value
// in keep, and, if set, the range [lo, hi] it had, with a margin.
func (pn *panel) fitY(keep ...float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, iv := range pn.intervals {
		lo, hi = min(lo, iv[0]), max(hi, iv[1])
	}
	for _, v := range keep {
		lo, hi = min(lo, v), max(hi, v)
	}
	if math.IsInf(lo, 1) {
		return
	}
	span := hi - lo
	if span <= 0 {
		span = math.Max(math.Abs(hi), 1)
	}
	pn.plot.Y.Min, pn.plot.Y.Max = lo-fitMargin*span, hi+fitMargin*span
}

// newPanel returns a panel titled title with an empty legend.
func newPanel(title string) *panel {
	p := plot.New()
	p.Title.Text = title
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	return &panel{plot: p, legend: leg}
}

// legendGap is the space between a panel's plot and its legend.
const legendGap = vg.Length(6)

// plotCanvas is the part of the panel's canvas c its plot is drawn in:
// all but the legend's column.
func (pn *panel) plotCanvas(c draw.Canvas) draw.Canvas {
	legRect := pn.legend.Rectangle(c)
	if w := legRect.Max.X - legRect.Min.X; w > 0 {
		return draw.Crop(c, 0, -(w + legendGap), 0, 0)
	}
	return c
}

// draw draws the panel into c: the legend at the top right, under the
// title, and the plot in the rest.
func (pn *panel) draw(c draw.Canvas) {
	pn.plot.Draw(pn.plotCanvas(c))
	legRect := pn.legend.Rectangle(c)
	w := legRect.Max.X - legRect.Min.X
	if w == 0 {
		return
	}
	lc := c
	lc.Min.X = c.Max.X - w
	if t := pn.plot.Title; t.Text != "" {
		lc.Max.Y -= t.TextStyle.Rectangle(t.Text).Size().Y + t.Padding + legendGap
	}
	pn.legend.Draw(lc)
}

// figure is panels laid out in rows of cols (row by row) on a canvas of
// the given size.
type figure struct {
	width, height vg.Length
	cols          int
	panels        []*panel
}

// tiles returns the canvas of each panel of the figure drawn on c.
func (f *figure) tiles(c draw.Canvas) []draw.Canvas {
	rows := (len(f.panels) + f.cols - 1) / f.cols
	tiles := draw.Tiles{Rows: rows, Cols: f.cols, PadX: vg.Inch / 3, PadY: vg.Inch / 4, PadTop: vg.Inch / 8, PadBottom: vg.Inch / 8, PadLeft: vg.Inch / 8, PadRight: vg.Inch / 8}
	out := make([]draw.Canvas, len(f.panels))
	for i := range f.panels {
		out[i] = tiles.At(c, i%f.cols, i/f.cols)
	}
	return out
}

// write draws the figure and writes it to w in format ("png" or "svg").
func (f *figure) write(w io.Writer, format string) error {
	c, err := draw.NewFormattedCanvas(f.width, f.height, format)
	if err != nil {
		return game.Errorf(game.CodeInvalid, "plot format %q: %v", format, err)
	}
	for i, tc := range f.tiles(draw.New(c)) {
		f.panels[i].draw(tc)
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("writing plot: %w", err)
	}
	return nil
}

// WritePlot draws the summary as four plots, seats counted from 1: the
// score distribution by seat and by bot (a histogram each, bars side by
// side), and the win rate by seat and by bot with their 95% interval bars
// and the fair share 1/n; legends sit beside the bars, counts are whole
// numbers. It writes them to w in format ("png" or "svg").
func (s *Summary) WritePlot(w io.Writer, format string) error {
	f, err := s.figure()
	if err != nil {
		return err
	}
	return f.write(w, format)
}

// figure lays out the summary's plots.
func (s *Summary) figure() (*figure, error) {
	seats := make([]string, s.Players)
	for p := range seats {
		seats[p] = fmt.Sprintf("seat %d", p+1)
	}
	bots := make([]string, len(s.WinsByBot))
	botRates := make([]Rate, len(s.WinsByBot))
	for i, r := range s.WinsByBot {
		bots[i], botRates[i] = r.Bot, r.Rate
	}
	panels := []*panel{
		s.scorePanel("score distribution by seat", seats, s.ScoreHistograms),
		s.winPanel("win rate by seat, 95% intervals", seats, s.WinsBySeat),
		s.scorePanel("score distribution by bot", bots, s.ScoreHistogramsByBot),
		s.winPanel("win rate by bot, 95% intervals", bots, botRates),
	}
	for _, pn := range panels {
		if pn == nil {
			return nil, fmt.Errorf("plot: a panel could not be drawn")
		}
	}
	return &figure{13 * vg.Inch, 9 * vg.Inch, 2, panels}, nil
}

// scorePanel draws one histogram per series, bars side by side.
func (s *Summary) scorePanel(title string, names []string, hists []Histogram) *panel {
	pn := newPanel(fmt.Sprintf("%s: %s (%d games)", s.Title, title, s.Completed))
	p := pn.plot
	p.X.Label.Text = "score"
	p.Y.Label.Text = "games"
	p.Y.Min = 0
	p.Y.Tick.Marker = wholeTicks{}
	if len(hists) == 0 || len(hists[0].Edges) < 2 {
		return pn
	}
	edges := hists[0].Edges
	bins := len(edges) - 1
	width := vg.Points(max(3, 240/float64(len(hists)*bins)))
	most := 1
	for i, h := range hists {
		vals := make(plotter.Values, len(h.Counts))
		for j, c := range h.Counts {
			vals[j] = float64(c)
			most = max(most, c)
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil
		}
		bars.Color = plotutil.Color(i)
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(i)-float64(len(hists)-1)/2)
		p.Add(bars)
		pn.legend.Add(shortName(names[i]), bars)
	}
	labels := make([]string, bins)
	long := false
	for i := range labels {
		labels[i] = binLabel(edges, i, hists[0].Whole)
		long = long || len(labels[i]) > 3
	}
	p.NominalX(labels...)
	p.Y.Max = math.Ceil(float64(most) * 1.08)
	if bins > 12 || (long && bins > 6) {
		p.X.Tick.Label.Rotation = math.Pi / 4
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	}
	return pn
}

// binLabel names bin i: the integer for a one-integer bin, the integers
// it holds ("10–14") for a wider whole bin, else its range.
func binLabel(edges []float64, i int, whole bool) string {
	lo, hi := edges[i], edges[i+1]
	switch {
	case whole && hi-lo == 1:
		return fmt.Sprint(lo)
	case whole:
		return fmt.Sprintf("%g–%g", lo, hi-1)
	}
	return fmt.Sprintf("%g–%g", lo, hi)
}

// shortName shortens a long bot name for a legend or an axis.
func shortName(s string) string {
	const maxLen = 24
	if r := []rune(s); len(r) > maxLen {
		return string(r[:maxLen-1]) + "…"
	}
	return s
}

// wholeTicks marks whole numbers only, at a step of 1, 2 or 5 times a
// power of ten that gives at most 6 marks.
type wholeTicks struct{}

// Ticks implements plot.Ticker.
func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	span := math.Max(hi-lo, 1)
	step := 1.0
	for k := 1; span/step > 5; k++ {
		step = [3]float64{1, 2, 5}[k%3] * math.Pow(10, float64(k/3))
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: fmt.Sprintf("%.0f", v)})
	}
	return ticks
}

// errorThumb draws an interval bar with its caps in a legend.
type errorThumb struct{ style draw.LineStyle }

// Thumbnail implements plot.Thumbnailer.
func (t errorThumb) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	capW := (c.Max.X - c.Min.X) / 4
	c.StrokeLine2(t.style, x, c.Min.Y, x, c.Max.Y)
	c.StrokeLine2(t.style, x-capW, c.Min.Y, x+capW, c.Min.Y)
	c.StrokeLine2(t.style, x-capW, c.Max.Y, x+capW, c.Max.Y)
}

// rateErrors is win rates with their interval bars.
type rateErrors []Rate

func (r rateErrors) Len() int                    { return len(r) }
func (r rateErrors) XY(i int) (float64, float64) { return float64(i), r[i].Rate }
func (r rateErrors) YError(i int) (float64, float64) {
	return r[i].Rate - r[i].Low, r[i].High - r[i].Rate
}

// winPanel draws win rates as bars with their 95% intervals and the fair
// share 1/n.
func (s *Summary) winPanel(title string, names []string, rates []Rate) *panel {
	pn := newPanel(fmt.Sprintf("%s: %s", s.Title, title))
	p := pn.plot
	p.Y.Label.Text = "win rate"
	pn.fitY(0, 1)
	if len(rates) == 0 {
		return pn
	}
	vals := make(plotter.Values, len(rates))
	labels := make([]string, len(rates))
	for i, r := range rates {
		vals[i] = r.Rate
		labels[i] = shortName(names[i])
	}
	bars, err := plotter.NewBarChart(vals, vg.Points(40))
	if err != nil {
		return nil
	}
	bars.Color = color.RGBA{R: 120, G: 160, B: 210, A: 255}
	bars.LineStyle.Width = 0
	errs, err := plotter.NewYErrorBars(rateErrors(rates))
	if err != nil {
		return nil
	}
	errs.CapWidth = vg.Points(12)
	fair := plotter.NewFunction(func(float64) float64 { return 1 / float64(max(s.Players, 1)) })
	fair.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(bars, errs, fair)
	for _, r := range rates {
		pn.intervals = append(pn.intervals, [2]float64{r.Low, r.High})
	}
	pn.fitY(0, 1)
	pn.legend.Add("win rate", bars)
	pn.legend.Add("95% interval", errorThumb{errs.LineStyle})
	pn.legend.Add(fmt.Sprintf("fair share 1/%d", s.Players), fair)
	p.NominalX(labels...)
	return pn
}
