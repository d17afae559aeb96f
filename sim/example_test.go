package sim_test

import (
	"context"
	"fmt"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/games/outofmine"
	"minehall/sim"
)

// firstLegal is a bot of one's own: it takes the first legal action, after
// thinking for two seconds. In a real-time game those two seconds are its
// pace on the virtual clock.
type firstLegal struct{}

func (firstLegal) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	legal := s.Legal(p, nil)
	if len(legal) == 0 {
		return ai.Decision{}, fmt.Errorf("seat %d has no legal action", p+1)
	}
	return ai.Decision{Action: legal[0], Delay: 2 * time.Second}, nil
}

// Play runs one game of Out of Mine, a real-time game with chance (the
// boards and treasure cards are dealt by chance actions), between a bot of
// one's own and the game's hard bot, on the virtual clock: seven rounds of
// a minute each take milliseconds, and the record replays exactly.
func ExamplePlay() {
	g := outofmine.New()
	hard, err := sim.NewBot(g, "hard", 1)
	if err != nil {
		panic(err)
	}
	setup := sim.GameSetup{Game: g, Players: 2, Options: game.Options{"clock": "60"}, Seed: 42, Bots: []string{"first legal", "hard"}}
	res, err := sim.Play(context.Background(), setup, []ai.Bot{firstLegal{}, hard})
	if err != nil {
		panic(err)
	}
	var reg game.Registry
	reg.Register(g)
	_, replayErr := game.Verify(&reg, res.Record)
	fmt.Println("ended without error:", res.OK())
	fmt.Println("chance acted:", res.Record.Actions[0].Player == game.Chance)
	fmt.Println("the hard bot won:", res.Returns[1] == 1)
	fmt.Println("the record replays:", replayErr == nil)
	// Output:
	// ended without error: true
	// chance acted: true
	// the hard bot won: true
	// the record replays: true
}
