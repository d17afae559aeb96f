// Package reviewtest checks a game's review judge on real records: the
// records are made by the game's bots through [sim.PlayGame], and
// [Check] reviews one twice and checks what every review must hold.
package reviewtest

import (
	"context"
	"encoding/json"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
	"minehall/sim"
)

// BotRecord plays one game of g between the named bots from seed and
// returns its record.
func BotRecord(t testing.TB, g game.Game, opts game.Options, bots []string, seed uint64) *game.Record {
	t.Helper()
	res, err := sim.PlayGame(context.Background(), sim.GameSetup{Game: g, Players: len(bots), Options: opts, Seed: seed, Bots: bots})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK() {
		t.Fatalf("the bots' game failed: %s", res.Error)
	}
	return res.Record
}

// Check reviews rec of g with cfg twice and checks the review: the two
// are the same; every decision (a seat's action with at least two legal
// choices) is judged, under its own action number, player and notation;
// values lie within the scale (0 to 1 for "win"); the best move is legal
// where it was judged, and carries a reason in every language; the
// series has a row per action and one before them. It returns the review.
func Check(t testing.TB, g game.Game, rec *game.Record, cfg review.Config) *review.Result {
	t.Helper()
	ctx := context.Background()
	res, err := review.Review(ctx, g, rec, cfg)
	if err != nil {
		t.Fatal(err)
	}
	again, err := review.Review(ctx, g, rec, cfg)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		t.Fatalf("two reviews of the same record with the same seed differ:\n%s\n%s", a, b)
	}
	if len(res.Series) != len(rec.Actions)+1 {
		t.Errorf("series has %d rows; want %d", len(res.Series), len(rec.Actions)+1)
	}
	s, _, err := game.StartStored(g, rec.Players, rec.Options, rec.Seed)
	if err != nil {
		t.Fatal(err)
	}
	byN := map[int]review.Move{}
	for _, m := range res.Moves {
		byN[m.N] = m
	}
	decisions := 0
	for i, act := range rec.Actions {
		if act.Player.Seated() && len(s.Legal(act.Player, nil)) > 1 {
			decisions++
			m, ok := byN[i+1]
			switch {
			case !ok:
				t.Errorf("decision %d (%q by %s) is not judged", i+1, act.Move, act.Player)
			case m.Player != int(act.Player) || m.Move != act.Move:
				t.Errorf("decision %d is judged as %q by %d; want %q by %s", i+1, m.Move, m.Player, act.Move, act.Player)
			default:
				checkMove(t, res.Scale, s, act.Player, m)
			}
		}
		if _, err := game.PlayNotation(s, act.Player, act.Move); err != nil {
			t.Fatal(err)
		}
	}
	if decisions != len(res.Moves) {
		t.Errorf("%d moves judged; want the %d decisions", len(res.Moves), decisions)
	}
	return res
}

func checkMove(t testing.TB, scale string, s game.State, p game.Player, m review.Move) {
	t.Helper()
	if scale == ai.ScaleWin && (m.Value < 0 || m.Value > 1 || m.BestValue < 0 || m.BestValue > 1) {
		t.Errorf("move %d: values %v and best %v are not win probabilities", m.N, m.Value, m.BestValue)
	}
	if m.Loss < 0 {
		t.Errorf("move %d: loss %v is negative", m.N, m.Loss)
	}
	a, err := s.ParseAction(p, m.Best)
	if err == nil {
		err = game.Check(s, p, a)
	}
	if err != nil {
		t.Errorf("move %d: the best move %q is not legal: %v", m.N, m.Best, err)
	}
	for _, lang := range game.Languages {
		if m.Reason[lang] == "" {
			t.Errorf("move %d: no reason in %s", m.N, lang)
		}
	}
}
