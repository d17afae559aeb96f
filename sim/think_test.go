package sim

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"minehall/game/gametest"
)

func TestThinkQuantile(t *testing.T) {
	var th Think
	for i := range 100 {
		d := time.Duration(i+1) * time.Millisecond // 1 ms to 100 ms
		th.Add(Think{Decisions: 1, Total: d, Slowest: d, Times: map[int]int{timeBucket(d): 1}})
	}
	for _, tt := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 50 * time.Millisecond}, {0.9, 90 * time.Millisecond}, {1, 100 * time.Millisecond}, {0.01, time.Millisecond}} {
		got := th.Quantile(tt.q)
		if rel := math.Abs(float64(got-tt.want)) / float64(tt.want); rel > 0.045 {
			t.Errorf("Quantile(%v) = %s; want %s within 4.5%%", tt.q, got, tt.want)
		}
	}
	if got := (Think{}).Quantile(0.5); got != 0 {
		t.Errorf("the median of no decision is %s; want 0", got)
	}
}

// A run reports each bot's decision times, median, p90 and max, in its
// JSON and its text, over every seat the bot held.
func TestDecisionTimesByBot(t *testing.T) {
	s, results := run(t, Config{Game: gametest.ConnectFour(), Bots: []string{"random", "mcts:200"}, Games: 6, Seed: 2})
	decisions := map[string]int{}
	for _, r := range results {
		for p, th := range r.Think {
			decisions[r.Bots[p]] += th.Decisions
		}
	}
	if len(s.DecisionTimes) != 2 {
		t.Fatalf("decision times %+v; want one row per bot", s.DecisionTimes)
	}
	for _, d := range s.DecisionTimes {
		if d.Decisions != decisions[d.Bot] || d.Decisions == 0 || !(d.MedianMs <= d.P90Ms && d.P90Ms <= d.MaxMs) {
			t.Errorf("%+v; want the %d decisions of %s with median <= p90 <= max", d, decisions[d.Bot], d.Bot)
		}
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "bot       decisions  median ms  p90 ms  max ms  mean ms") || !strings.Contains(b.String(), "\nmcts:200  ") {
		t.Errorf("text:\n%s\nwant the decision times by bot", b.String())
	}
	if js, _ := json.Marshal(s); !strings.Contains(string(js), `"decision_times":[{"bot":"random","decisions":`) || !strings.Contains(string(js), `"p90_ms":`) {
		t.Errorf("JSON %s; want the decision times by bot", js)
	}
	if js := summaryJSON(t, s); strings.Contains(js, "decision_times") {
		t.Errorf("JSON without times %s; want no decision times", js)
	}
}
