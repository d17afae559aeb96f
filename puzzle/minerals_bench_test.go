package puzzle

import "testing"

// BenchmarkMineralsVerify re-verifies one shipped puzzle per iteration,
// going round the set: its prefix replayed and the deep search run again.
func BenchmarkMineralsVerify(b *testing.B) {
	ps := MineralsPuzzles()
	i := 0
	for b.Loop() {
		if err := ps[i%len(ps)].Verify(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
