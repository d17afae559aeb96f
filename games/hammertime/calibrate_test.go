package hammertime

import (
	"context"
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"minehall/game"
)

var (
	calibrate      = flag.Bool("calibrate", false, "measure the hit and game-length calibration and write the plots to -calibrate-dir")
	calibrateDir   = flag.String("calibrate-dir", "../../docs", "where -calibrate writes its plots")
	calibrateGames = flag.Int("calibrate-games", 12, "self-play games a bot level for the game-length calibration")
	calibrateBots  = flag.String("calibrate-bots", "easy,medium,hard", "the bot levels whose self-play games are measured, comma-separated")
	calibratePack  = flag.String("calibrate-pack", "", "a component pack file to measure instead of the embedded pack")
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
	if *calibratePack != "" {
		data, err := os.ReadFile(*calibratePack)
		if err != nil {
			t.Fatal(err)
		}
		if pack, err = LoadPack(data); err != nil {
			t.Fatal(err)
		}
	}
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
	// Game length in self-play, a box per bot level.
	levels := strings.Split(*calibrateBots, ",")
	h := plot.New()
	h.Title.Text = fmt.Sprintf("Hammer Time: turns per player, 4-player self-play (%d games a level)", *calibrateGames)
	h.X.Label.Text = "bots"
	h.Y.Label.Text = "turns per player"
	for k, level := range levels {
		lengths := selfPlayLengths(t, NewWithPack(pack).(*Game), level, *calibrateGames)
		sorted := slices.Clone([]float64(lengths))
		slices.Sort(sorted)
		sum, inRange := 0.0, 0
		for _, v := range sorted {
			sum += v
			if v >= 15 && v <= 30 {
				inRange++
			}
		}
		n := len(sorted)
		t.Logf("turns per player over %d games (%s bots): mean %.1f, min %.0f, quartiles %.0f %.0f %.0f, max %.0f; %d of %d within 15-30",
			n, level, sum/float64(n), sorted[0], sorted[n/4], sorted[n/2], sorted[3*n/4], sorted[n-1], inRange, n)
		box, err := plotter.NewBoxPlot(vg.Points(40), float64(k), lengths)
		if err != nil {
			t.Fatal(err)
		}
		h.Add(box)
	}
	h.NominalX(levels...)
	for _, y := range []float64{15, 30} {
		bound, _ := plotter.NewLine(plotter.XYs{{X: -0.5, Y: y}, {X: float64(len(levels)) - 0.5, Y: y}})
		bound.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
		h.Add(bound)
		if y == 15 {
			h.Legend.Add("RULINGS.md's range, 15 to 30", bound)
		}
	}
	h.Legend.Top = true
	h.Y.Min, h.Y.Max = 0, 35
	if err := h.Save(7*vg.Inch, 4*vg.Inch, filepath.Join(*calibrateDir, "hammertime-length.png")); err != nil {
		t.Fatal(err)
	}
}

// selfPlayLengths plays games 4-player games of g between bots of the
// given level (seeds 1000 on), on every core, and returns each game's turns
// per player.
func selfPlayLengths(t *testing.T, g *Game, level string, games int) plotter.Values {
	lengths := make(plotter.Values, games)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < games; i = int(next.Add(1) - 1) {
				n, err := selfPlay(g, level, i)
				if err != nil {
					t.Error(err)
					return
				}
				lengths[i] = float64(n)
			}
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	return lengths
}

// selfPlay plays game i of the calibration (seed 1000+i) between four bots
// of the given level and returns its turns per player.
func selfPlay(g *Game, level string, i int) (int, error) {
	st, _, err := game.Start(g, 4, nil, uint64(1000+i))
	if err != nil {
		return 0, err
	}
	s := st.(*State)
	var bots [4]*HitBot
	for q := range bots {
		b, err := g.NewBot(level, uint64(i*10+q))
		if err != nil {
			return 0, err
		}
		hb, ok := b.(*HitBot)
		if !ok {
			return 0, fmt.Errorf("bot %s is not a hitting bot", level)
		}
		bots[q] = hb
	}
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		d, err := bots[p].Act(context.Background(), s, p)
		if err != nil {
			return 0, err
		}
		if err := game.Play(s, p, d.Action); err != nil {
			return 0, err
		}
	}
	return int(s.round), nil
}
