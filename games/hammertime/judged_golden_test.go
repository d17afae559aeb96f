package hammertime

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
	"minehall/internal/racedetector"
)

// judgedHitsGolden records the hits hard and expert choose in a few
// positions; the figures of docs/bots.md were measured with these choices.
const judgedHitsGolden = "testdata/golden/judged-hits.txt"

// judgedPositions returns n positions of two-player games: game seed i+1
// after i+2 hits drawn at random (so that trays with gems gone and gems
// near the edges come too), each at a hit of the current seat.
func judgedPositions(t *testing.T, n int) []*State {
	t.Helper()
	rng := game.NewRand(11)
	var out []*State
	for i := 0; len(out) < n; i++ {
		gs, _, err := game.Start(New(), 2, nil, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		s := gs.(*State)
		for hits := 0; hits < i+2 && !s.Terminal(); hits++ {
			if fillAsSuggested(s, game.Player(s.current)); !s.Terminal() {
				s.Apply(game.Player(s.current), HitAction(Side(rng.IntN(4)), 1+rng.IntN(HitPositions), 1+rng.IntN(HitStrengths)))
			}
		}
		fillAsSuggested(s, game.Player(s.current))
		if !s.Terminal() && s.phase == PhaseHit {
			out = append(out, s)
		}
	}
	return out
}

// TestJudgedHitsAreAsRecorded checks that hard and expert, as NewBot makes
// them, choose the recorded hits in six positions: a change to the search
// that changes their play (and so the measurements of docs/bots.md) fails
// here until the golden file is deliberately rewritten with -update. It
// runs only without the race detector (searches on one goroutine; see
// racedetector).
func TestJudgedHitsAreAsRecorded(t *testing.T) {
	racedetector.WholeOnly(t)
	var got bytes.Buffer
	for i, s := range judgedPositions(t, 6) {
		p := game.Player(s.current)
		fmt.Fprintf(&got, "position %d, seat %s:", i+1, seatName(p))
		for _, level := range []string{"hard", "expert"} {
			bot, err := New().(*Game).NewBot(level, 3)
			if err != nil {
				t.Fatal(err)
			}
			d, err := bot.Act(context.Background(), s, p)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&got, " %s %s;", level, s.ActionString(p, d.Action))
		}
		got.WriteString("\n")
	}
	if !racedetector.Enabled {
		gametest.GoldenText(t, judgedHitsGolden, got.Bytes())
		return
	}
	want, err := os.ReadFile(judgedHitsGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(want, got.Bytes()) {
		t.Errorf("the first position's hits differ from %s:\n got: %s\nwant: %s", judgedHitsGolden, got.Bytes(), bytes.SplitAfter(want, []byte("\n"))[0])
	}
}
