package game

import "testing"

func TestObservationSize(t *testing.T) {
	for _, c := range []struct {
		shape []int
		want  int
	}{{nil, 1}, {[]int{19}, 19}, {[]int{3, 6, 7}, 126}} {
		if got := ObservationSize(c.shape); got != c.want {
			t.Errorf("ObservationSize(%v) = %d; want %d", c.shape, got, c.want)
		}
	}
}

func TestObservationBuffer(t *testing.T) {
	// A buffer with room is reused and cleared.
	buf := []float32{1, 2, 3, 4}
	got := ObservationBuffer(buf[:1], 3)
	if len(got) != 3 || &got[0] != &buf[0] {
		t.Fatalf("ObservationBuffer with capacity 4 for 3 values: len %d, same storage %v; want 3, true", len(got), &got[0] == &buf[0])
	}
	for i, v := range got {
		if v != 0 {
			t.Errorf("value %d is %v after ObservationBuffer; want 0", i, v)
		}
	}
	if buf[3] != 4 {
		t.Errorf("ObservationBuffer wrote beyond the %d values asked: buf[3] = %v", 3, buf[3])
	}
	// A buffer without room is replaced.
	small := make([]float32, 2)
	if got := ObservationBuffer(small, 5); len(got) != 5 || &got[0] == &small[0] {
		t.Errorf("ObservationBuffer with capacity 2 for 5 values: len %d, new storage %v; want 5, true", len(got), &got[0] != &small[0])
	}
}
