package aitest

import (
	"context"
	"testing"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// pickers is Connect Four with two bots: "first" plays the first legal
// action, "last" the last.
type pickers struct{ game.Game }

func (pickers) BotNames() []string { return []string{"first", "last"} }

func (pickers) NewBot(name string, _ uint64) (ai.Bot, error) {
	return picker(name == "last"), nil
}

type picker bool

func (last picker) Act(_ context.Context, s game.State, p game.Player) (ai.Decision, error) {
	legal := s.Legal(p, nil)
	if last {
		return ai.Decision{Action: legal[len(legal)-1]}, nil
	}
	return ai.Decision{Action: legal[0]}, nil
}

func TestMeasureAgreement(t *testing.T) {
	g := pickers{gametest.ConnectFour()}
	got, err := MeasureAgreement(g, 2, nil, "first", "first", []string{"first", "last"}, 30, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got.Positions != 30 {
		t.Fatalf("%d positions; want 30", got.Positions)
	}
	for level, want := range map[string]float64{AgainLevel: 1, "first": 1, "last": 0} {
		if s := got.Share(level); s != want {
			t.Errorf("%s agrees with first at %.2f of the positions; want %.2f", level, s, want)
		}
	}
	if _, err := MeasureAgreement(gametest.ConnectFour(), 2, nil, "first", "first", nil, 1, 1, 1); err == nil {
		t.Errorf("a game without bots measured; want an error")
	}
}
