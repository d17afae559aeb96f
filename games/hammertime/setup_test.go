package hammertime

import (
	"context"
	"flag"
	"fmt"
	"testing"

	"minehall/game"
)

var (
	setUpPositions = flag.Int("hammertime.setuppositions", 40, "positions of BenchmarkSetUpTap")
	setUpScreen    = flag.Int("hammertime.setupscreen", 2, "sampled outcomes of each tap that choose BenchmarkSetUpTap's tap")
)

// setUpSamples is how many fresh determinizations value each way of
// playing a position in BenchmarkSetUpTap.
const setUpSamples = 16

// hitAgainWorth is the worth of hitting h again and again in s until
// something falls, on the determinizations seeds make: the value of the
// turn ([turnValue]) when h is its only hit, each sample that drops
// nothing counted as another try at the judge's Continue of that worth.
// It is how hard's judge values a turn, for a hit that stays the best.
func hitAgainWorth(s *State, p game.Player, h game.Action, seeds []uint64, judge *HitBot, sim *simulation) float64 {
	return turnValue([]hitStats{sampleHit(s, p, h, seeds, judge, sim)}, judge.Level.Judge.Continue)
}

// tapThenHit plays, on the determinization of s that seed makes, the tap
// t and, when the tap drops nothing, hard's hit on the tray it leaves,
// valued as [hitAgainWorth] on fresh samples of that tray (k of them); a
// tap that drops something is valued as its outcome.
func tapThenHit(s *State, p game.Player, t game.Action, seed uint64, k int, judge *HitBot, sim *simulation) float64 {
	r := game.NewRand(seed)
	d := s.Determinize(p, &r).(*State)
	base := progress(d, p)
	d.applyJudgedHit(t, sim)
	if v, fell := judge.judgeOutcome(d, p, base); fell {
		return v
	}
	hard := &HitBot{Level: botLevels["hard"], rng: game.NewRand(r.Uint64())}
	h := hard.judgedHit(context.Background(), d, p)
	return hitAgainWorth(d, p, h, drawSeeds(&r, k), judge, sim)
}

// BenchmarkSetUpTap measures whether a player gains by setting the tray
// up before its hit: no rule limits the hits of a turn, so a tap that
// drops nothing costs nothing but the tray it changes, and a player could
// tap to bring the gems its wagon wants nearer an edge first. In
// positions where hard chose a hit (every fourth such decision of games
// of hard against hard, as BenchmarkHitCeiling), it compares, on 16 fresh
// determinizations each:
//
//   - hit at once: hard's hit, valued as hard's judge values a turn (a hit
//     that drops nothing tried again, at 0.9 of the turn: [hitAgainWorth]);
//   - tap first: the tap of strength 1 (any side and point, 36 of them)
//     whose sampled outcomes (-hammertime.setupscreen of them) promised
//     the most, each outcome valued by hard's hit on the tray it leaves
//     (as above, 8 samples); then that tap on the fresh determinizations,
//     each followed by hard's hit on its tray, valued as above on 16
//     samples (a tap that drops something by what it dropped). The tap
//     itself is not discounted, as a hit that drops nothing is: the
//     comparison favours tapping.
//
// The judge's units: a slot filled 1, a full wagon 10 in all, less 0.15
// for each gem left near an edge for the next player's wagon. Positions
// are judged on every core; each depends only on its index.
//
//	go test ./games/hammertime -run '^$' -bench SetUpTap -benchtime 1x -timeout 3h -hammertime.setuppositions 40 -hammertime.setupscreen 6
func BenchmarkSetUpTap(b *testing.B) {
	for i := 0; i < b.N; i++ {
		n := *setUpPositions
		kept := hardPositions(b, 4*n)
		type result struct {
			now, tap float64
			line     string
		}
		results := make([]result, n)
		err := onEveryCore(n, func(k int) error {
			s := kept[4*k]
			p := game.Player(s.current)
			judge := &HitBot{Level: botLevels["hard"]}
			sim := judgeSpace(s, judge)
			rng := game.NewRand(199 + uint64(k))
			hard := &HitBot{Level: botLevels["hard"], rng: game.NewRand(rng.Uint64())}
			h0 := hard.judgedHit(context.Background(), s, p)
			now := hitAgainWorth(s, p, h0, drawSeeds(&rng, setUpSamples), judge, sim)
			// The tap that promises most on its screening samples.
			screen := drawSeeds(&rng, *setUpScreen)
			bestTap, bestPromise := game.Action(0), -1e9
			for side := Side(0); side < 4; side++ {
				for pos := 1; pos <= HitPositions; pos++ {
					t := HitAction(side, pos, 1)
					sum := 0.0
					for _, seed := range screen {
						sum += tapThenHit(s, p, t, seed, setUpSamples/2, judge, sim)
					}
					if sum > bestPromise {
						bestTap, bestPromise = t, sum
					}
				}
			}
			tap := 0.0
			for _, seed := range drawSeeds(&rng, setUpSamples) {
				tap += tapThenHit(s, p, bestTap, seed, setUpSamples, judge, sim)
			}
			tap /= setUpSamples
			results[k] = result{now: now, tap: tap, line: fmt.Sprintf("position %2d  hit at once %-22s %6.3f  tap first %-22s %6.3f (promised %6.3f)",
				k+1, s.ActionString(p, h0), now, s.ActionString(p, bestTap), tap, bestPromise/float64(*setUpScreen))}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		var now, d []float64
		for _, r := range results {
			fmt.Println(r.line)
			now = append(now, r.now)
			d = append(d, r.tap-r.now)
		}
		m, se := mean(d), stdErr(d)
		fmt.Printf("mean over %d positions: hit at once %.3f; tap first − hit at once %+.3f, 95%% interval [%+.3f, %+.3f]\n",
			n, mean(now), m, m-1.96*se, m+1.96*se)
	}
}
