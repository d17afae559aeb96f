package hammertime

import (
	"fmt"
	"math"
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
		// The hand's range and each face's effect as the engine applies it.
		fmt.Sprintf("between about %.1f and %.1f times the chosen\n   one", math.Exp(-spreadLimit*strengthSpread)/meanFactor(strengthSpread),
			math.Exp(spreadLimit*strengthSpread)/meanFactor(strengthSpread)),
		fmt.Sprintf("| *handle* | a harder blow: the tray moves %.0f%% faster after it |", (techniqueNoise[Handle].power-1)*100),
		fmt.Sprintf("| *fist* | a harder, blunter blow: the tray moves %.0f%% faster after it, and the contact is twice as wide", (techniqueNoise[Fist].power-1)*100),
		fmt.Sprintf("the point and the direction vary %g times as much, the strength %g times as much |", techniqueNoise[WeakHand].aim, techniqueNoise[WeakHand].strength),
		"| *head on the table* | while you aim, the far half of the tray (the half away from your side) is hidden; the hit itself is your usual one |",
		"| *thumb off the hammer* | less control of strength: the strength varies twice as much |",
		"| *eyes closed* | while you aim, the whole tray is hidden; less control of aim: the point and the direction vary twice as much |",
		"Seat\n1 starts", "with 4, seats 1 to 4 at the\nsouth, west, north and east",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the rules text does not say %q", want)
		}
	}
	// The faces described as twice the spread are twice, the contact too.
	if techniqueNoise[ThumbOff].strength != 2 || techniqueNoise[EyesClosed].aim != 2 || techniqueNoise[Fist].contact != 2 {
		t.Errorf("the rules text says twice the spread or contact, but the engine has %+v", techniqueNoise)
	}
	// Seats are counted from 1 for people: no rules text names a seat 0.
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		text, _ := g.Rules(lang)
		for _, word := range []string{"Seat 0", "seat 0", "Platz 0", "place 0", "Plaats 0", "plaats 0", "seats 0", "Plätze 0", "places 0", "plaatsen 0"} {
			if strings.Contains(text, word) {
				t.Errorf("the %s rules text says %q; seats are counted from 1", lang, word)
			}
		}
	}
	// Every language states the same measured average for each face (the
	// numbers themselves are checked by TestTechniqueCalibration).
	avg := faceAverages(text)
	if len(avg) != int(numTechniques) {
		t.Errorf("the table of the die's faces has %d rows; want %d", len(avg), numTechniques)
	}
	for _, lang := range []string{"de", "fr", "nl"} {
		other, _ := g.Rules(lang)
		got := faceAverages(other)
		for i := range got {
			got[i] = strings.Replace(got[i], ",", ".", 1)
		}
		if strings.Join(got, " ") != strings.Join(avg, " ") {
			t.Errorf("the %s rules text states the faces' averages %v; English states %v", lang, got, avg)
		}
	}
	// The seats' sides as the text gives them are the engine's.
	want := map[int][]Side{2: {South, North}, 3: {South, West, North}, 4: {South, West, North, East}}
	for n, sides := range want {
		for p, side := range sides {
			if seatSides[n][p] != side {
				t.Errorf("%d players: seat %d sits at %s in the engine; the rules text says %s", n, p+1, seatSides[n][p], side)
			}
		}
	}
}
