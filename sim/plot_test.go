package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"minehall/game/gametest"
)

func TestPlotFormat(t *testing.T) {
	for _, tt := range []struct{ path, want, err string }{
		{"out.png", "png", ""}, {"dir/OUT.SVG", "svg", ""}, {"out.gif", "", "plot file out.gif must end in .png or .svg"}, {"out", "", "must end in .png or .svg"},
	} {
		got, err := PlotFormat(tt.path)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("PlotFormat(%q) = %q, %v; want %q, %q", tt.path, got, err, tt.want, tt.err)
		}
	}
}

func TestWritePlot(t *testing.T) {
	s, _ := run(t, Config{Game: gametest.Goofspiel(), Players: 3, Bots: []string{"random", "greedy", "random"}, Games: 30, Seed: 3})
	tests := []struct {
		format string
		magic  string
	}{
		{"png", "\x89PNG\r\n\x1a\n"},
		{"svg", "<?xml"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := s.WritePlot(&buf, tt.format); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(buf.String(), tt.magic) || buf.Len() < 1000 {
				t.Fatalf("got %d bytes starting %q; want a %s image", buf.Len(), buf.String()[:min(8, buf.Len())], tt.format)
			}
			if tt.format == "svg" {
				// Seats count from 1; a panel by bot as well as by seat.
				for _, want := range []string{"score distribution by seat", "win rate by seat", "seat 1", "seat 3", "fair share 1/3",
					"score distribution by bot", "win rate by bot", ">greedy<", "95% interval"} {
					if !strings.Contains(buf.String(), want) {
						t.Errorf("SVG lacks %q", want)
					}
				}
				if strings.Contains(buf.String(), "seat 0") {
					t.Errorf("SVG names a seat 0; seats count from 1")
				}
			}
		})
	}
	t.Run("ErrFormat", func(t *testing.T) {
		if err := s.WritePlot(&bytes.Buffer{}, "gif"); err == nil || !strings.Contains(err.Error(), `plot format "gif"`) {
			t.Fatalf("got %v; want an error naming the format", err)
		}
	})
}

// Every interval bar of every plot, its caps included, lies inside its
// panel's frame (with room to spare), even when intervals are wide (few
// games) and reach a win rate of 0 or 1: the drawn figure's geometry is
// checked, panel by panel, through the plots' own transforms.
func TestPlotIntervalsInsideTheFrame(t *testing.T) {
	sum, _ := run(t, Config{Game: gametest.Goofspiel(), Players: 3, Bots: []string{"random", "greedy", "random"}, Games: 5, Seed: 3})
	sw, _, err := RunSweep(context.Background(), Config{Game: gametest.Goofspiel(), Players: 2, Bots: []string{"random", "greedy"}, Games: 4, Seed: 3},
		"cards", []string{"3", "5", "8"})
	if err != nil {
		t.Fatal(err)
	}
	tr := tournament(t, TournamentConfig{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:50", "greedy"}, Games: 1, Seed: 2, Workers: 1})
	for _, tc := range []struct {
		name   string
		figure func() (*figure, error)
		panels int
	}{{"summary", sum.figure, 4}, {"sweep", sw.figure, 4}, {"tournament", tr.figure, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := tc.figure()
			if err != nil {
				t.Fatal(err)
			}
			if len(f.panels) != tc.panels {
				t.Fatalf("%d panels; want %d", len(f.panels), tc.panels)
			}
			c := draw.New(vgimg.New(f.width, f.height))
			checked := 0
			for i, tile := range f.tiles(c) {
				pn := f.panels[i]
				dc := pn.plot.DataCanvas(pn.plotCanvas(tile))
				_, ty := pn.plot.Transforms(&dc)
				const room = vg.Length(4) // points: a cap's line width and more
				for _, iv := range pn.intervals {
					lo, hi := ty(iv[0]), ty(iv[1])
					if lo < dc.Min.Y+room || hi > dc.Max.Y-room {
						t.Errorf("panel %q: the interval [%g, %g] is drawn from %v to %v; want it inside the frame %v to %v",
							pn.plot.Title.Text, iv[0], iv[1], lo, hi, dc.Min.Y, dc.Max.Y)
					}
					checked++
				}
			}
			if checked == 0 {
				t.Fatalf("no interval was drawn")
			}
		})
	}
}
