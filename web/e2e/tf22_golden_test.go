package e2e

import "testing"

// TestGoldenTF22 compares a TF22 table page with its golden images (see
// golden_test.go) at the desktop's and the phones' sizes: a 2-player turn
// in the strategy variant with action D chosen, the crews' chips offered
// in the sheet and the chosen crew's destinations highlighted on the
// planet.
func TestGoldenTF22(t *testing.T) {
	t.Parallel()
	var cases []goldenCase
	for _, c := range tf22LayoutCases(t) {
		if c.Name == "tf22-layout-move" {
			g := c.goldenCase
			g.Name = "tf22-table-move"
			cases = append(cases, g)
		}
	}
	if len(cases) != 1 {
		t.Fatalf("got %d TF22 layout cases named tf22-layout-move; want 1", len(cases))
	}
	runGoldens(t, cases)
}
