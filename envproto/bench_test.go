package envproto

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/sim"
)

// BenchmarkEngine plays whole games of uniformly random legal actions (each
// taking the environment's default pace in a real-time game) with sim's
// driver alone, and reports decisions per second: the engine's own rate
// for the random play BenchmarkProtocol and python/bench.py step through
// the environment.
func BenchmarkEngine(b *testing.B) {
	for _, id := range []string{"hammertime", "minerals", "outofmine", "tf22"} {
		b.Run(id, func(b *testing.B) {
			g, _ := testRegistry().Lookup(id)
			decisions := 0
			for i := 0; b.Loop(); i++ {
				bots := []ai.Bot{pacedRandom{ai.NewRandom(uint64(2 * i))}, pacedRandom{ai.NewRandom(uint64(2*i + 1))}}
				res, err := sim.Play(context.Background(), sim.GameSetup{Game: g, Players: 2, Seed: uint64(i)}, bots)
				if err != nil || !res.OK() {
					b.Fatalf("%v %s", err, res.Error)
				}
				for _, th := range res.Think {
					decisions += th.Decisions
				}
			}
			b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// pacedRandom is a uniformly random bot whose every decision takes the
// environment's default pace.
type pacedRandom struct{ *ai.Random }

func (b pacedRandom) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	d, err := b.Random.Act(ctx, s, p)
	d.Delay = DefaultPace
	return d, err
}

// BenchmarkProtocol steps through Server.Handle, frames encoded and decoded
// as a client would, with uniformly random actions from the mask and views
// off, and reports steps per second (the process's pipes not included).
func BenchmarkProtocol(b *testing.B) {
	for _, id := range []string{"hammertime", "minerals", "outofmine", "tf22"} {
		b.Run(id, func(b *testing.B) {
			s := NewServer(testRegistry(), Config{})
			defer s.Close()
			rng := game.NewRand(1)
			episodes := 0
			var a struct {
				Agent *int        `json:"agent"`
				Obs   Observation `json:"obs"`
			}
			reset := func() {
				episodes++
				json.Unmarshal(s.Handle([]byte(`{"op":"reset","views":false,"game":"`+id+`","seed":`+strconv.Itoa(episodes)+`}`)), &a)
			}
			reset()
			steps := 0
			for b.Loop() {
				if a.Agent == nil {
					reset()
				}
				act := a.Obs.Legal[rng.IntN(len(a.Obs.Legal))]
				a.Agent = nil
				json.Unmarshal(s.Handle([]byte(`{"op":"step","action":`+strconv.Itoa(act)+`}`)), &a)
				steps++
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
