package puzzle

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// finishingHits returns hits on side that end an attempt at day d's tray:
// position 5 at rising strength until gems fall (RULINGS.md: "A player
// hits until at least one gem falls").
func finishingHits(t *testing.T, d Day, dr Drill, side string) ([]string, DrillResult) {
	t.Helper()
	var hits []string
	for s := 1; s <= 10; s++ {
		hits = append(hits, fmt.Sprintf("hit %s 5 strength %d", side, s))
		res, err := RunDrill(d, dr, hits)
		if err != nil {
			t.Fatalf("RunDrill(%v): %v", hits, err)
		}
		if res.Done {
			return hits, res
		}
	}
	t.Fatalf("no gem fell after %v", hits)
	return nil, DrillResult{}
}

// TestDrillReplaysFromItsSeed: the same day's tray and hits give the same
// fall, gem for gem and frame for frame (RULINGS.md: "Results are
// server-authoritative and reproducible from the seed and the inputs").
func TestDrillReplaysFromItsSeed(t *testing.T) {
	d, _ := ParseDay("2026-11-23")
	dr, err := DrillOf(d, DrillFewest)
	if err != nil {
		t.Fatal(err)
	}
	hits, first := finishingHits(t, d, dr, dr.Side)
	again, err := RunDrill(d, dr, hits)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Errorf("a replay of %v differs from the first run", hits)
	}
	if first.Score != -len(first.Fallen) || first.Success != (len(first.Fallen) == 1) {
		t.Errorf("fewest: %d fell, score %d, success %v", len(first.Fallen), first.Score, first.Success)
	}
	// Another day pours another tray.
	other, err := RunDrill(d+1, Drill{ID: DrillExact, K: 3}, hits[:1])
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(other.View.Tray, first.View.Tray) {
		t.Error("two days' trays are the same")
	}
}

// TestDrillScores checks each drill's score from the gems that fell.
func TestDrillScores(t *testing.T) {
	d, _ := ParseDay("2026-11-23")
	_, res := finishingHits(t, d, Drill{ID: DrillExact, K: 3}, "north")
	n := len(res.Fallen)
	if want := -abs(n - 3); res.Score != want || res.Success != (n == 3) {
		t.Errorf("exact 3 with %d fallen: score %d success %v; want %d", n, res.Score, res.Success, want)
	}
	hits, _ := finishingHits(t, d, Drill{ID: DrillExact, K: 3}, "north")
	col, err := RunDrill(d, Drill{ID: DrillColor, Color: res.Colors[0]}, hits)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for _, c := range col.Colors {
		if c == res.Colors[0] {
			same++
		}
	}
	if col.Score != same-(n-same) || col.Success != (same == n) {
		t.Errorf("color %s: %d of %d; score %d success %v", res.Colors[0], same, n, col.Score, col.Success)
	}
}

// TestDrillRefuses: moves that are no hits, hits on another side in the
// fewest drill, hits after the fall, too many hits.
func TestDrillRefuses(t *testing.T) {
	d, _ := ParseDay("2026-11-23")
	dr, _ := DrillOf(d, DrillFewest)
	other := "north"
	if dr.Side == "north" {
		other = "south"
	}
	hits, _ := finishingHits(t, d, dr, dr.Side)
	many := make([]string, MaxDrillHits+1)
	for i := range many {
		many[i] = "hit " + dr.Side + " 5 strength 1"
	}
	for name, hs := range map[string][]string{
		"ErrNotAHit":   {"turn left"},
		"ErrOtherSide": {"hit " + other + " 5 strength 3"},
		"ErrAfterFall": append(hits, hits[len(hits)-1]),
		"ErrTooMany":   many,
		"ErrBadHit":    {"hit " + dr.Side + " 12 strength 3"},
		"ErrNoHits":    {},
	} {
		if _, err := RunDrill(d, dr, hs); err == nil {
			t.Errorf("%s: RunDrill(%v): got no error", name, hs)
		}
	}
	if _, err := DrillOf(d, "longest"); err == nil {
		t.Error("DrillOf(longest): got no error")
	}
}
