package hammertime

import (
	"context"
	"flag"
	"fmt"
	"image/color"
	"path/filepath"
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"minehall/game"
)

var (
	calibrate      = flag.Bool("calibrate", false, "measure the hit and game-length calibration and write the plots to -calibrate-dir")
	calibrateDir   = flag.String("calibrate-dir", "../../docs", "where -calibrate writes its plots")
	calibrateGames = flag.Int("calibrate-games", 12, "self-play games for the game-length calibration")
	calibrateBot   = flag.String("calibrate-bot", "easy", "the bot that plays the self-play games")
)

// TestCalibration measures what hits of each strength drop from a fresh
// tray and how many turns a 4-player self-play game lasts, and plots both.
// It runs only with -calibrate (see docs/hammertime-calibration.md).
func TestCalibration(t *testing.T) {
	if !*calibrate {
		t.Log("calibration runs with -calibrate")
		return
	}
	pack := DefaultPack()
	const seeds = 40
	p := plot.New()
	p.Title.Text = "Hammer Time: gems fallen from a fresh tray, by strength"
	p.X.Label.Text = "strength"
	p.Y.Label.Text = "gems fallen (mean; dots: single hits)"
	for k, side := range []Side{South, East} {
		var means, dots plotter.XYs
		for str := 1; str <= HitStrengths; str++ {
			var counts []int
			for seed := uint64(0); seed < seeds; seed++ {
				rng := game.NewRand(seed)
				var gems [NumGems]Gem
				setupTray(pack, &gems, &rng)
				m := hitMotion(pack.Tray, side, 5, str, NoTechnique, &rng)
				res := simulate(pack, &gems, m, &rng, false)
				counts = append(counts, len(res.Fallen))
				dots = append(dots, plotter.XY{X: float64(str) + float64(k)*0.2 - 0.1 + float64(seed%7)*0.02, Y: float64(len(res.Fallen))})
			}
			sum, zero, wake, typical := 0, 0, 0, 0
			for _, c := range counts {
				sum += c
				switch {
				case c == 0:
					zero++
				case c >= wakeCount:
					wake++
				default:
					typical++
				}
			}
			slices.Sort(counts)
			mean := float64(sum) / seeds
			means = append(means, plotter.XY{X: float64(str), Y: mean})
			t.Logf("%s side, middle, strength %2d: mean %.2f, median %d, none %2d%%, 1-8 %3d%%, 9+ %2d%%",
				map[Side]string{South: "long", East: "short"}[side], str, mean, counts[seeds/2], zero*100/seeds, typical*100/seeds, wake*100/seeds)
		}
		line, err := plotter.NewLine(means)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := plotter.NewScatter(dots)
		if err != nil {
			t.Fatal(err)
		}
		c := color.RGBA{R: 200, G: 60, B: 40, A: 255}
		if k == 1 {
			c = color.RGBA{R: 40, G: 80, B: 200, A: 255}
		}
		line.Color, sc.Color = c, c
		sc.GlyphStyle.Radius = vg.Points(1.2)
		p.Add(line, sc)
		p.Legend.Add(map[int]string{0: "long side", 1: "short side"}[k], line)
	}
	wakeLine, _ := plotter.NewLine(plotter.XYs{{X: 1, Y: wakeCount - 0.5}, {X: HitStrengths, Y: wakeCount - 0.5}})
	wakeLine.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(wakeLine)
	p.Legend.Add("9 or more wake the dragon", wakeLine)
	p.Legend.Top, p.Legend.Left = true, true
	if err := p.Save(7*vg.Inch, 4.5*vg.Inch, filepath.Join(*calibrateDir, "hammertime-strength.png")); err != nil {
		t.Fatal(err)
	}

	if *calibrateGames < 1 {
		return
	}
	// Game length in self-play.
	g := New().(*Game)
	var lengths plotter.Values
	for i := 0; i < *calibrateGames; i++ {
		st, _, err := game.Start(g, 4, nil, uint64(1000+i))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		seatBots := [4]*HitBot{}
		for q := range seatBots {
			b, err := g.NewBot(*calibrateBot, uint64(i*10+q))
			if err != nil {
				t.Fatal(err)
			}
			hb, ok := b.(*HitBot)
			if !ok {
				t.Fatalf("bot %s is not a hitting bot", *calibrateBot)
			}
			seatBots[q] = hb
		}
		for !s.Terminal() {
			p := s.Actors(nil)[0]
			d, err := seatBots[p].Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := game.Play(s, p, d.Action); err != nil {
				t.Fatal(err)
			}
		}
		lengths = append(lengths, float64(s.round))
		t.Logf("game %d: %d turns per player, full wagons %v, returns %v", i, s.round, s.Scores(nil), s.Returns(nil))
	}
	sorted := slices.Clone([]float64(lengths))
	slices.Sort(sorted)
	inRange := 0
	for _, v := range sorted {
		if v >= 15 && v <= 30 {
			inRange++
		}
	}
	t.Logf("turns per player over %d games (%s bots): min %.0f, median %.0f, max %.0f; %d of %d within 15-30",
		len(sorted), *calibrateBot, sorted[0], sorted[len(sorted)/2], sorted[len(sorted)-1], inRange, len(sorted))
	h := plot.New()
	h.Title.Text = fmt.Sprintf("Hammer Time: turns per player, 4-player self-play (%d games, %s bots)", len(sorted), *calibrateBot)
	h.X.Label.Text = "turns per player"
	h.Y.Label.Text = "games"
	hist, err := plotter.NewHist(lengths, 10)
	if err != nil {
		t.Fatal(err)
	}
	h.Add(hist)
	if err := h.Save(7*vg.Inch, 4*vg.Inch, filepath.Join(*calibrateDir, "hammertime-length.png")); err != nil {
		t.Fatal(err)
	}
}
