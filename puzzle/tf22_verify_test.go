package puzzle

import "testing"

// TestRouteSetReverifies rebuilds every shipped TF22 route puzzle from its
// seed and proves it again with the exact search: the same optimum, one
// plan, the plan shipped (the issue: "every shipped ... TF22 puzzle
// re-verifies"). It takes about 6 s, 19 s under the race detector.
func TestRouteSetReverifies(t *testing.T) {
	for _, p := range RouteSet() {
		if err := VerifyRoute(p); err != nil {
			t.Error(err)
		}
	}
}
