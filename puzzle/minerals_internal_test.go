package puzzle

import (
	"slices"
	"strings"
	"testing"

	"minehall/games/minerals"
)

// pickMined keeps at most MineralsPerGame candidates of a game: those with
// a tactical reason before those that only land well, larger margins
// first, and gives them back in the game's order.
func TestPickMinedPrefersTactics(t *testing.T) {
	var cands []*MineralsPuzzle
	for i, c := range []struct {
		reason string
		margin float64
	}{{ReasonLanding, 9}, {ReasonCutOff, 2}, {ReasonLanding, 5}, {ReasonCollection, 1.5}, {ReasonDeny, 3}, {ReasonLanding, 6}, {ReasonCutOff, 1.6}} {
		cands = append(cands, &MineralsPuzzle{ID: string(rune('a' + i)), Reason: c.reason, Margin: c.margin})
	}
	var got []string
	for _, pz := range pickMined(cands) {
		got = append(got, pz.ID)
	}
	if want := []string{"b", "d", "e", "g"}; !slices.Equal(got, want) {
		t.Errorf("kept %v; want the four tactical ones %v in game order", got, want)
	}
	cands = cands[:3]
	got = got[:0]
	for _, pz := range pickMined(cands) {
		got = append(got, pz.ID)
	}
	if want := []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("kept %v of three; want all %v", got, want)
	}
}

// The reason in words: a cut-off names what it takes (rulebook: "Take one
// Mineral of the lowest value from the isolated fragment"), singular and
// plural said right in each language, with the language's decimal mark.
func TestMineralsReasonText(t *testing.T) {
	pz := &MineralsPuzzle{Reason: ReasonCutOff, Margin: 2.25, RunnerUp: "move e7"}
	one := minerals.MoveFacts{Lifted: minerals.Kyanite, Landing: minerals.Orpiment, Fragments: 1, CutOff: 1, Taken: minerals.Counts{0, 0, 1, 0, 0}}
	two := minerals.MoveFacts{Lifted: minerals.Kyanite, Fragments: 2, CutOff: 5, Taken: minerals.Counts{1, 1, 0, 0, 0}}
	for _, c := range []struct {
		f    minerals.MoveFacts
		lang string
		want []string
	}{
		{one, "en", []string{"a fragment of 1 mineral and takes it: tourmaline", "2.2 points ahead", "move e7"}},
		{two, "en", []string{"2 fragments (5 minerals)", "lowest of each: wollastonite, kyanite"}},
		{one, "de", []string{"ein Fragment aus 1 Mineral", "Turmalin", "2,2 Punkte"}},
		{two, "fr", []string{"2 fragments (5 minéraux)", "wollastonite, cyanite", "2,2 points"}},
		{two, "nl", []string{"2 fragmenten af (5 mineralen)", "wollastoniet, kyaniet"}},
	} {
		got := mineralsReasonText(pz, c.f, 0)[c.lang]
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.lang, got, w)
			}
		}
	}
	pz.Reason = ReasonLanding
	txt := mineralsReasonText(pz, one, 0)
	for lang, want := range map[string]string{"en": "lifts a kyanite and lands on an orpiment", "de": "hebt einen Kyanit und landet auf einem Auripigment",
		"fr": "prend une cyanite et arrive sur un orpiment", "nl": "pakt een kyaniet en landt op een auripigment"} {
		if !strings.Contains(txt[lang], want) {
			t.Errorf("%s: %q lacks %q", lang, txt[lang], want)
		}
	}
}
