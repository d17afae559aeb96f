package sim

import (
	"bytes"
	"strings"
	"testing"

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
