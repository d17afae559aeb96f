package puzzle

import "testing"

// BenchmarkLadder measures building the ladder: solving every card on
// every board side with the tilings counted, then ordering them.
func BenchmarkLadder(b *testing.B) {
	for b.Loop() {
		buildLadder()
	}
}

// BenchmarkDaily measures finding and solving one day's puzzle (uncached).
func BenchmarkDaily(b *testing.B) {
	d, _ := ParseDay("2026-11-23")
	for b.Loop() {
		dailyCache.Delete(d)
		Daily(d)
	}
}

// BenchmarkRunDrill measures a drill's attempt of one hit: the tray poured
// from the seed and the hit's physics.
func BenchmarkRunDrill(b *testing.B) {
	d, _ := ParseDay("2026-11-23")
	dr := Drill{ID: DrillExact, K: 3}
	for b.Loop() {
		if _, err := RunDrill(d, dr, []string{"hit north 5 strength 8"}); err != nil {
			b.Fatal(err)
		}
	}
}
