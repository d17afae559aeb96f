package hammertime

import (
	"fmt"
	"strings"
	"testing"
)

func TestRulesText(t *testing.T) {
	g := New().(*Game)
	text, ok := g.Rules("en")
	if !ok || text == "" {
		t.Fatalf("English rules: ok %v, %d bytes", ok, len(text))
	}
	if _, ok := g.Rules("it"); ok {
		t.Errorf("Italian rules reported as available; the text is not written")
	}
	p := g.Pack()
	for _, want := range []string{
		"Reconstructed components", "*Wagons (reconstructed).*", "*Missions (reconstructed).*", "*Tray and gems (reconstructed).*",
		fmt.Sprintf("%g × %g cm", p.Tray.WidthCM, p.Tray.DepthCM),
		fmt.Sprintf("%.1f × %.1f cm", p.Gem.LengthCM, p.Gem.WidthCM),
		fmt.Sprintf("coefficient of %g", p.Tray.Friction),
		"9 or more", "at most 4 turns or\n   pushes", "100 rounds", "the ones you won first", "head on the table", "eyes closed",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rules text does not say %q", want)
		}
	}
}
