package e2e

import "testing"

// TestGoldenHammerTime shoots Hammer Time's table page at the start of
// Ann's first turn (aiming, with the tray's turns and pushes) and while
// she fills her wagon, at every golden viewport (desktop, two phones
// upright and one on its side), and compares the shots with the images
// under testdata/golden/.
func TestGoldenHammerTime(t *testing.T) {
	t.Parallel()
	var cases []goldenCase
	for _, c := range htLayoutCases() {
		if c.Name == "hammertime-start" || c.Name == "hammertime-fill" {
			cases = append(cases, c.goldenCase)
		}
	}
	runGoldens(t, cases)
}
