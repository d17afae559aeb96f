package hammertime

import (
	"context"
	"flag"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	err := onEveryCore(games, func(i int) error {
		n, err := selfPlay(g, level, i)
		lengths[i] = float64(n)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return lengths
}

// selfPlay plays game i of the calibration (seed 1000+i) between four bots
// of the given level, chance's rolls of the die (in the expert variant)
// drawn from a generator seeded with the game's seed, and returns its turns
// per player.
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
	die := game.NewRand(uint64(1000 + i))
	for !s.Terminal() {
		p := s.Actors(nil)[0]
		if p == game.Chance {
			if err := game.Play(s, p, game.PickOutcome(s.ChanceOutcomes(nil), die.Float64())); err != nil {
				return 0, err
			}
			continue
		}
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

// Mid-game trays for the technique calibration: a fresh tray after
// midGameHits hits of a random side, point and strength 3 to 8, the fallen
// gems put back as the rules put them back.
const (
	midGameHits  = 6
	edgeBand     = 2.0 // cm: a gem whose center lies this close to an edge counts as near it
	calibTrays   = 400 // mid-game trays measured for each face of the die
	calibStrengh = 5   // the strength of the measured hits
)

// midGameTray returns tray k of the calibration: fresh from seed k, then
// hit midGameHits times.
func midGameTray(pack *Pack, k int) [NumGems]Gem {
	rng := game.NewRand(uint64(k))
	var gems [NumGems]Gem
	setupTray(pack, &gems, &rng)
	for h := 0; h < midGameHits; h++ {
		m := hitMotion(pack.Tray, Side(rng.IntN(4)), 1+rng.IntN(HitPositions), 3+rng.IntN(6), NoTechnique, &rng)
		res := simulate(pack, &gems, m, &rng, false)
		for _, g := range res.Fallen {
			placeGem(pack, &gems, int(g), &rng, nil)
		}
	}
	return gems
}

// nearEdges counts the gems on the tray within edgeBand of an edge.
func nearEdges(pack *Pack, gems *[NumGems]Gem) int {
	hw, hd := pack.Tray.WidthCM/2, pack.Tray.DepthCM/2
	n := 0
	for i := range gems {
		g := &gems[i]
		if g.Holder == OnTray && onTray(pack, g) && (hw-math.Abs(g.X) < edgeBand || hd-math.Abs(g.Y) < edgeBand) {
			n++
		}
	}
	return n
}

// faceStats is what one face's hits dropped from the calibration trays.
type faceStats struct {
	mean                float64
	none, typical, woke int // hits that dropped 0, 1 to 8, 9 or more
}

// measureFaces hits each mid-game tray once with each face of the die (and
// the bare hand): strength calibStrengh at the middle of the south side
// (a long side), the hand's noise from a generator seeded by the tray, the
// same for every face. It returns the stats by technique and the mean
// number of gems near the edges on fresh and on mid-game trays.
func measureFaces(pack *Pack, trays int) (stats [numTechniques]faceStats, freshNear, midNear float64) {
	var sums [numTechniques]int
	for k := 0; k < trays; k++ {
		rng := game.NewRand(uint64(k))
		var fresh [NumGems]Gem
		setupTray(pack, &fresh, &rng)
		freshNear += float64(nearEdges(pack, &fresh))
		mid := midGameTray(pack, k)
		midNear += float64(nearEdges(pack, &mid))
		for tech := NoTechnique; tech < numTechniques; tech++ {
			gems := mid
			hand := game.NewRand(uint64(1_000_000 + k))
			m := hitMotion(pack.Tray, South, 5, calibStrengh, tech, &hand)
			n := len(simulate(pack, &gems, m, &hand, false).Fallen)
			sums[tech] += n
			st := &stats[tech]
			switch {
			case n == 0:
				st.none++
			case n >= wakeCount:
				st.woke++
			default:
				st.typical++
			}
		}
	}
	for tech := range stats {
		stats[tech].mean = float64(sums[tech]) / float64(trays)
	}
	return stats, freshNear / float64(trays), midNear / float64(trays)
}

// TestTechniqueCalibration measures, on mid-game trays, the average number
// of gems a hit of strength 5 drops with each face of the die, which the
// rules text states in every language (RULINGS.md: "The rules text in
// every language states each face's effect as the engine applies it, with
// the measured average"), and how many gems lie near the edges on fresh and
// on mid-game trays. It runs only with -calibrate (see
// docs/hammertime-calibration.md) and then checks that every rules text
// states the averages it measured.
func TestTechniqueCalibration(t *testing.T) {
	if !*calibrate {
		t.Log("calibration runs with -calibrate")
		return
	}
	pack := DefaultPack()
	stats, freshNear, midNear := measureFaces(pack, calibTrays)
	t.Logf("gems within %.0f cm of an edge: %.1f on fresh trays, %.1f after %d hits (%d trays)", edgeBand, freshNear, midNear, midGameHits, calibTrays)
	t.Logf("strength %d, middle of the south side, %d mid-game trays:", calibStrengh, calibTrays)
	for tech, st := range stats {
		t.Logf("  %-11s mean fallen %.1f; none %3d%%, 1-8 %3d%%, 9+ %3d%%", Technique(tech), st.mean,
			st.none*100/calibTrays, st.typical*100/calibTrays, st.woke*100/calibTrays)
	}
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		text, _ := New().(*Game).Rules(lang)
		got := faceAverages(text)
		if len(got) != int(numTechniques) {
			t.Errorf("the %s rules text's table of the die's faces has %d rows; want %d (no die, then the six faces)", lang, len(got), numTechniques)
			continue
		}
		for tech, st := range stats {
			want := fmt.Sprintf("%.1f", st.mean)
			if lang != "en" {
				want = strings.Replace(want, ".", ",", 1)
			}
			if got[tech] != want {
				t.Errorf("the %s rules text states %s gems for %s; measured %s", lang, got[tech], Technique(tech), want)
			}
		}
	}
}

// faceAverages returns the last cells of the rows of the rules text's
// table of the die's faces, in order: the body rows of the table whose
// rows have three cells.
func faceAverages(text string) []string {
	var out []string
	rows := 0
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 3 {
			continue
		}
		if rows++; rows > 2 { // the header and the separator first
			out = append(out, strings.TrimSpace(cells[2]))
		}
	}
	return out
}
