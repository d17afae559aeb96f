package minerals

import (
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// TestReasonsInEveryLanguage asks Explain about every illegal action of
// the player to act (and of the others) along random games of every
// version and tool side, at every 7th step and every step of the cut, sack
// and after phases, and checks that each reason has words in German,
// French and Dutch: the explain frame says the engine's reason in the
// reader's language. Under the race detector it asks at every 210th step
// and every 40th step of those phases (see racedetector).
func TestReasonsInEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	for i, opts := range []game.Options{{"tools": "AAAAA"}, {"tools": "BBBBB"}, {"version": "7+"}, {"version": "6+"}} {
		s := newState(t, 3, opts, uint64(40+i))
		rng := game.NewRand(uint64(i + 1))
		special := 0 // steps in the cut, sack and after phases, where most reasons lie
		for step := 0; !s.Terminal(); step++ {
			check := step%racedetector.Pick(7, 210) == 0
			if s.phase == phaseCut || s.phase == phaseSack || s.phase == phaseAfter {
				special++
				check = check || special%racedetector.Pick(1, 40) == 0
			}
			if check {
				gametest.CheckReasonsLocalized(t, s, Game{}, []game.Player{game.Chance, 0, 1, 2}, game.Action(numActions), seen)
			}
			p, a, _ := gametest.RandomStep(s, &rng, nil, nil)
			s.Apply(p, a)
		}
	}
	if len(seen) < 40 {
		t.Fatalf("only %d distinct reasons met; the test should meet most of them", len(seen))
	}
}

// TestReasonInGerman checks one reason word for word: "Move your pawn in
// a straight line a number of hexes equal to the value of the Mineral the
// pawn is currently standing on" (rulebook, Movement).
func TestReasonInGerman(t *testing.T) {
	err := game.Errorf(game.CodeIllegal, "move e4: your pawn stands on kyanite and must move exactly 2 hexes, not 3")
	got, ok := Game{}.LocalizeError(err, "de")
	want := "move e4: Deine Figur steht auf Kyanit und muss genau 2 Felder ziehen, nicht 3."
	if !ok || got != want {
		t.Fatalf("got %q, %v; want %q", got, ok, want)
	}
	if _, ok := (Game{}).LocalizeError(game.Errorf(game.CodeIllegal, "no such sentence"), "de"); ok {
		t.Fatal("an unknown sentence was translated")
	}
	if !strings.HasPrefix(got, "move e4") {
		t.Fatal("the move as written must stay")
	}
}

// TestReasonsSayOneInTheSingular checks, word for word in every language,
// the reasons that say a count of hexes or points when the count is one: a
// pawn on a wollastonite moves exactly 1 hex, the Compass cannot move
// from it and moves 1 hex from a kyanite, and a Sack side of one
// wollastonite is worth 1 point.
func TestReasonsSayOneInTheSingular(t *testing.T) {
	row := func(tools string, m Mineral) *position {
		p := newPosition(t, 2, tools)
		o := CellAt(7, 7)
		p.put(o, m)
		p.s.pawn[0] = int16(o)
		for k := 1; k <= 3; k++ {
			p.put(p.cell(o, East, k), Tourmaline)
		}
		p.put(CellAt(2, 2), Tourmaline)
		p.s.pawn[1] = int16(CellAt(2, 2))
		p.give(0, Counts{0, 0, 1, 0, 0})
		return p
	}
	sack := sackRow(t, 2)
	sack.give(0, Counts{1, 1, 1, 1, 0})
	sack.give(1, Counts{2, 2, 0, 0, 0})
	for _, a := range []string{"sack with 2", "sack give wollastonite", "sack take kyanite"} {
		sack.play(a)
	}
	tests := []struct {
		p    *position
		move string
		want [4]string // en, de, fr, nl
	}{
		{row("AAAAA", Wollastonite), "move k8", [4]string{
			"move k8: your pawn stands on wollastonite and must move exactly 1 hex, not 3",
			"move k8: Deine Figur steht auf Wollastonit und muss genau 1 Feld ziehen, nicht 3.",
			"move k8 : Votre pion est sur une wollastonite et doit avancer d’exactement 1 case, pas 3.",
			"move k8: Je pion staat op wollastoniet en moet precies 1 vak zetten, niet 3."}},
		{row("AAAAA", Wollastonite), "map k8", [4]string{
			"map k8: with the Map the move is still exactly 1 hex, turns once over a crevice or a pawn, ends on a free mineral, and reaches a hex a straight move does not",
			"map k8: Mit der Karte geht der Zug weiterhin genau 1 Feld, biegt einmal über einer Spalte oder Figur ab, endet auf einem freien Mineral und erreicht ein Feld, das ein gerader Zug nicht erreicht.",
			"map k8 : Avec la Carte, le déplacement fait toujours exactement 1 case, tourne une fois au-dessus d’une crevasse ou d’un pion, finit sur un minéral libre et atteint une case qu’un déplacement droit n’atteint pas.",
			"map k8: Met de Kaart is de zet nog steeds precies 1 vak, draait één keer boven een kloof of pion, eindigt op een vrij mineraal en bereikt een vak dat een rechte zet niet bereikt."}},
		{row("AAAAA", Kyanite), "map k8", [4]string{
			"map k8: with the Map the move is still exactly 2 hexes, turns once over a crevice or a pawn, ends on a free mineral, and reaches a hex a straight move does not",
			"map k8: Mit der Karte geht der Zug weiterhin genau 2 Felder, biegt einmal über einer Spalte oder Figur ab, endet auf einem freien Mineral und erreicht ein Feld, das ein gerader Zug nicht erreicht.",
			"map k8 : Avec la Carte, le déplacement fait toujours exactement 2 cases, tourne une fois au-dessus d’une crevasse ou d’un pion, finit sur un minéral libre et atteint une case qu’un déplacement droit n’atteint pas.",
			"map k8: Met de Kaart is de zet nog steeds precies 2 vakken, draait één keer boven een kloof of pion, eindigt op een vrij mineraal en bereikt een vak dat een rechte zet niet bereikt."}},
		{row("AABAA", Wollastonite), "compass k8", [4]string{
			"compass k8: the Compass moves fewer hexes than a plain move and at least 1, so it cannot move from wollastonite",
			"compass k8: Der Kompass zieht weniger Felder als ein gewöhnlicher Zug und mindestens 1, also kann er von Wollastonit aus nicht ziehen.",
			"compass k8 : La Boussole avance de moins de cases qu’un déplacement ordinaire et d’au moins 1 : depuis une wollastonite, elle ne peut pas avancer.",
			"compass k8: Het Kompas zet minder vakken dan een gewone zet en minstens 1, dus vanaf wollastoniet kan het niet zetten."}},
		{row("AABAA", Kyanite), "compass k8", [4]string{
			"compass k8: the Compass moves 1 hex in a straight line and stops on a free mineral just before a crevice, the edge of the grid or a pawn",
			"compass k8: Der Kompass zieht 1 Feld geradeaus und hält auf einem freien Mineral direkt vor einer Spalte, dem Rand oder einer Figur.",
			"compass k8 : La Boussole avance d’une case en ligne droite et s’arrête sur un minéral libre juste avant une crevasse, le bord ou un pion.",
			"compass k8: Het Kompas zet 1 vak in een rechte lijn en stopt op een vrij mineraal vlak voor een kloof, de rand of een pion."}},
		{sack, "sack swap", [4]string{
			"sack swap: the two sides are not worth the same: you give 1 point of minerals and take 2",
			"sack swap: Beide Seiten sind nicht gleich viel wert: du gibst Mineralien für 1 Punkt und nimmst 2.",
			"sack swap : Les deux côtés ne valent pas autant : vous donnez 1 point de minéraux et en prenez 2.",
			"sack swap: De twee kanten zijn niet evenveel waard: je geeft 1 punt aan mineralen en neemt er 2."}},
	}
	for _, tt := range tests {
		gametest.CheckRefusalWords(t, tt.p.s, 0, tt.move, Game{}, tt.want)
	}
}
