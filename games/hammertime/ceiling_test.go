package hammertime

import (
	"context"
	"flag"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

var ceilingPositions = flag.Int("hammertime.positions", 20, "positions of BenchmarkHitCeiling")

// recordingBot plays as inner and keeps a copy of every state in which it
// chose a hit.
type recordingBot struct {
	inner ai.Bot
	kept  *[]*State
}

func (r recordingBot) Act(ctx context.Context, gs game.State, p game.Player) (ai.Decision, error) {
	s := gs.(*State)
	if _, filling := s.SuggestedFilling(); !filling && s.phase == PhaseHit {
		*r.kept = append(*r.kept, s.Clone().(*State))
	}
	return r.inner.Act(ctx, gs, p)
}

// recordingGame offers "hard" bots that keep the states they hit in.
type recordingGame struct {
	*Game
	kept *[]*State
}

func (g recordingGame) NewBot(name string, seed uint64) (ai.Bot, error) {
	b, err := g.Game.NewBot(name, seed)
	return recordingBot{inner: b, kept: g.kept}, err
}

// sampleHit plays p's hit a in s once on each of the determinizations
// seeds make and gathers the outcomes as judge values them.
func sampleHit(s *State, p game.Player, a game.Action, seeds []uint64, judge *HitBot, sim *simulation) hitStats {
	h := hitStats{a: a}
	base := progress(s, p)
	for _, seed := range seeds {
		r := game.NewRand(seed)
		d := s.Determinize(p, &r).(*State)
		d.applyJudgedHit(a, sim)
		h.n++
		if v, fell := judge.judgeOutcome(d, p, base); fell {
			h.gain += v
		} else {
			h.misses++
		}
	}
	return h
}

// hitWorth is a hit's value as the judge counts it, on samples of its own:
// the expected progress it brings, a hit that drops nothing worth cont
// (the rest of the turn).
func hitWorth(s *State, p game.Player, a game.Action, seeds []uint64, cont float64, judge *HitBot, sim *simulation) float64 {
	h := sampleHit(s, p, a, seeds, judge, sim)
	return h.value(cont)
}

// hardPositions returns at least n states in which hard chose a hit, in
// two-player games of hard against hard from seed 1 on, in the order they
// were played.
func hardPositions(b *testing.B, n int) []*State {
	var kept []*State
	for seed := uint64(1); len(kept) < n; seed++ {
		if _, _, err := sim.Run(context.Background(), sim.Config{
			Game: recordingGame{New().(*Game), &kept}, Players: 2, Bots: []string{"hard"},
			Games: 1, Seed: seed, Workers: 1,
		}); err != nil {
			b.Fatal(err)
		}
	}
	return kept
}

// judgeSpace returns a reused simulation for judge's hits in s, its
// simulations ended once their outcome is decided.
func judgeSpace(s *State, judge *HitBot) *simulation {
	sim := newReusedSimulation(s.pack)
	sim.band = max(judge.Level.Judge.Edge, decidedMargin)
	return sim
}

// drawSeeds returns m seeds drawn from rng.
func drawSeeds(rng *game.Rand, m int) []uint64 {
	out := make([]uint64, m)
	for j := range out {
		out[j] = rng.Uint64()
	}
	return out
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// stdDev is the sample standard deviation of xs.
func stdDev(xs []float64) float64 {
	m, ss := mean(xs), 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss / float64(len(xs)-1))
}

// stdErr is the standard error of the mean of xs.
func stdErr(xs []float64) float64 { return stdDev(xs) / math.Sqrt(float64(len(xs))) }

// onEveryCore calls play(i) for i in [0, n), on as many goroutines as
// GOMAXPROCS gives, and returns the first error; after an error no new i
// is started.
func onEveryCore(n int, play func(i int) error) error {
	var next atomic.Int64
	var failed atomic.Pointer[error]
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n && failed.Load() == nil; i = int(next.Add(1) - 1) {
				if err := play(i); err != nil {
					failed.CompareAndSwap(nil, &err)
				}
			}
		}()
	}
	wg.Wait()
	if err := failed.Load(); err != nil {
		return *err
	}
	return nil
}

// ceilingStages are the successive halving of BenchmarkHitCeiling's
// search over all 360 hits: every hit gets 32 samples, the best 36 of
// them 128, the best 6 of those 512.
var ceilingStages = []struct{ keep, samples int }{{360, 32}, {36, 128}, {6, 512}}

// ceilingFresh is how many fresh samples value each chosen hit.
const ceilingFresh = 256

// BenchmarkHitCeiling measures how far a fair judge of the hit is from the
// best fair hit. In positions where hard chose a hit (every fourth such
// decision of games of hard against hard), it searches all 360 hits by
// successive halving ([ceilingStages]: up to 512 samples for the last
// six, about 55 times expert's simulations), takes the best by the
// judge's own ranking, and values it, expert's hit and hard's hit on 256
// fresh samples each (the same for the three): the best of all hits is
// what a judge with far more time than any level has would find, expert's
// and hard's are what they find in theirs. A hit's worth is the judge's:
// the expected progress it brings (a slot filled 1, a wagon filled 10 in
// all, less what it leaves near the edges for the next player), a hit
// that drops nothing worth 0.9 of the turn's value over all hits.
// Positions are judged on every core; each depends only on its index.
//
//	go test ./games/hammertime -run '^$' -bench HitCeiling -benchtime 1x -timeout 3h -hammertime.positions 40
func BenchmarkHitCeiling(b *testing.B) {
	for i := 0; i < b.N; i++ {
		n := *ceilingPositions
		kept := hardPositions(b, 4*n)
		type result struct {
			worth [3]float64 // best of 360, expert's, hard's
			line  string
		}
		results := make([]result, n)
		err := onEveryCore(n, func(k int) error {
			s := kept[4*k]
			p := game.Player(s.current)
			judge := &HitBot{Level: botLevels["expert"]}
			space := judgeSpace(s, judge)
			rng := game.NewRand(99 + uint64(k))
			pick, fresh := drawSeeds(&rng, ceilingStages[len(ceilingStages)-1].samples), drawSeeds(&rng, ceilingFresh)
			alive := make([]hitStats, 0, 4*HitPositions*HitStrengths)
			for side := Side(0); side < 4; side++ {
				for pos := 1; pos <= HitPositions; pos++ {
					for str := 1; str <= HitStrengths; str++ {
						alive = append(alive, hitStats{a: HitAction(side, pos, str)})
					}
				}
			}
			disc := judge.Level.Judge.Continue
			for _, st := range ceilingStages {
				if st.keep < len(alive) {
					cont := disc * turnValue(alive, disc)
					slices.SortStableFunc(alive, func(x, y hitStats) int { return -cmpFloat(x.value(cont), y.value(cont)) })
					alive = alive[:st.keep]
				}
				for j := range alive {
					more := sampleHit(s, p, alive[j].a, pick[alive[j].n:st.samples], judge, space)
					alive[j].n += more.n
					alive[j].misses += more.misses
					alive[j].gain += more.gain
				}
			}
			best, cont := bestHit(alive, disc), disc*turnValue(alive, disc)
			expert := &HitBot{Level: botLevels["expert"], rng: game.NewRand(rng.Uint64())}
			hard := &HitBot{Level: botLevels["hard"], rng: game.NewRand(rng.Uint64())}
			ea := expert.judgedHit(context.Background(), s, p)
			ha := hard.judgedHit(context.Background(), s, p)
			r := &results[k]
			for j, a := range []game.Action{best, ea, ha} {
				r.worth[j] = hitWorth(s, p, a, fresh, cont, judge, space)
			}
			r.line = fmt.Sprintf("position %2d  best of 360 %-22s %6.3f  expert %-22s %6.3f  hard %-22s %6.3f",
				k+1, s.ActionString(p, best), r.worth[0], s.ActionString(p, ea), r.worth[1], s.ActionString(p, ha), r.worth[2])
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		var worth [3][]float64
		for _, r := range results {
			fmt.Println(r.line)
			for j := range worth {
				worth[j] = append(worth[j], r.worth[j])
			}
		}
		fmt.Printf("mean worth over %d positions: best of 360 %.3f, expert %.3f, hard %.3f\n", n, mean(worth[0]), mean(worth[1]), mean(worth[2]))
		for _, c := range []struct {
			name string
			x, y []float64
		}{{"best of 360 − expert", worth[0], worth[1]}, {"expert − hard", worth[1], worth[2]}, {"best of 360 − hard", worth[0], worth[2]}} {
			d := make([]float64, len(c.x))
			for j := range d {
				d[j] = c.x[j] - c.y[j]
			}
			m, se := mean(d), stdErr(d)
			fmt.Printf("%-22s %+.3f, 95%% interval [%+.3f, %+.3f]\n", c.name, m, m-1.96*se, m+1.96*se)
		}
	}
}
