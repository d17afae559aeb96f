package rating

import "testing"

func TestShow(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Rating
		want Shown
	}{
		{"new player", Default(), Shown{Rating: 1500, Deviation: 350, Provisional: true}},
		{"one Mu up", Rating{Mu: 26, Sigma: 2}, Shown{Rating: 1542, Deviation: 84}},
		{"below the start", Rating{Mu: 20, Sigma: 6}, Shown{Rating: 1290, Deviation: 252, Provisional: true}},
		{"settled below the start", Rating{Mu: 20, Sigma: 3}, Shown{Rating: 1290, Deviation: 126}},
		{"rounds to the nearest", Rating{Mu: 25.01, Sigma: 1}, Shown{Rating: 1500, Deviation: 42}},
		{"rounds half up", Rating{Mu: 25 + 0.5/42, Sigma: 1}, Shown{Rating: 1501, Deviation: 42}},
		{"at the threshold: settled", Rating{Mu: 25, Sigma: SettledSigma}, Shown{Rating: 1500, Deviation: 210}},
		{"just above the threshold", Rating{Mu: 25, Sigma: SettledSigma + 1e-9}, Shown{Rating: 1500, Deviation: 210, Provisional: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Show(tc.r); got != tc.want {
				t.Errorf("Show(%v) = %+v; want %+v", tc.r, got, tc.want)
			}
			if got := tc.r.Settled(); got == tc.want.Provisional {
				t.Errorf("%v.Settled() = %v; want %v", tc.r, got, !tc.want.Provisional)
			}
		})
	}
}
