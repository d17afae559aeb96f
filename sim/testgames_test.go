package sim

import (
	"context"
	"fmt"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// tapper is a real-time test game: two players tap as often as they like;
// the first to tap Goal times wins, and a System clock ends the game after
// Seconds (option "clock"; 0: no clock), the most taps winning.
type tapper struct{}

func (tapper) Spec() game.Spec {
	return game.Spec{ID: "tapper", Title: "Tapper", MinPlayers: 2, MaxPlayers: 2,
		Options:     []game.OptionSpec{{Key: "clock", Title: "Seconds", Kind: game.OptionInt, Default: "10", Min: 0, Max: 60}},
		Information: game.PerfectInformation, Turns: game.RealTime}
}

func (tapper) New(cfg game.Config) (game.State, error) {
	return &tapState{Clock: cfg.Options.Int("clock")}, nil
}

const tapGoal = 5

type tapState struct {
	Clock int    `json:"clock"`
	Taps  [2]int `json:"taps"`
	Over  bool   `json:"over"`
}

func (s *tapState) NumPlayers() int { return 2 }
func (s *tapState) NumActions() int { return 2 } // 0 tap, 1 time is up
func (s *tapState) Actors(dst []game.Player) []game.Player {
	if s.Over {
		return dst
	}
	if s.Clock > 0 {
		dst = append(dst, game.System)
	}
	return append(dst, 0, 1)
}
func (s *tapState) Legal(p game.Player, dst []game.Action) []game.Action {
	switch {
	case s.Over:
	case p == game.System && s.Clock > 0:
		dst = append(dst, 1)
	case p == 0 || p == 1:
		dst = append(dst, 0)
	}
	return dst
}
func (s *tapState) Apply(p game.Player, a game.Action) {
	if p == game.System {
		s.Over = true
		return
	}
	s.Taps[p]++
	s.Over = s.Taps[p] == tapGoal
}
func (s *tapState) Terminal() bool { return s.Over }
func (s *tapState) Scores(dst []float64) []float64 {
	return append(dst, float64(s.Taps[0]), float64(s.Taps[1]))
}
func (s *tapState) Returns(dst []float64) []float64 { return game.RankReturns(s.Scores(nil), dst) }
func (s *tapState) Clone() game.State               { c := *s; return &c }
func (s *tapState) View(p game.Player) any          { return s.Snapshot() }
func (s *tapState) Snapshot() any                   { c := *s; return &c }
func (s *tapState) ActionString(p game.Player, a game.Action) string {
	if a == 1 {
		return "time"
	}
	return "tap"
}
func (s *tapState) ParseAction(p game.Player, m string) (game.Action, error) {
	switch m {
	case "tap":
		return 0, nil
	case "time":
		return 1, nil
	}
	return 0, game.Errorf(game.CodeInvalid, "%q is not tap or time", m)
}
func (s *tapState) Timer() (int64, time.Duration, bool) {
	return 0, time.Duration(s.Clock) * time.Second, s.Clock > 0 && !s.Over
}

// pacedBot always takes its seat's first legal action after a fixed delay.
type pacedBot struct{ delay time.Duration }

func (b pacedBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	return ai.Decision{Action: s.Legal(p, nil)[0], Delay: b.delay}, nil
}

// waitBot never acts: it asks to be asked again after its delay.
type waitBot struct{ delay time.Duration }

func (b waitBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	return ai.Decision{Wait: true, Delay: b.delay}, nil
}

// illegalBot answers with an action outside the legal ones.
type illegalBot struct{}

func (illegalBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	return ai.Decision{Action: game.Action(s.NumActions() - 1 + 100)}, nil
}

// failingBot returns an error.
type failingBot struct{}

func (failingBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	return ai.Decision{}, fmt.Errorf("out of ideas")
}

// panickingBot panics.
type panickingBot struct{}

func (panickingBot) Act(ctx context.Context, s game.State, p game.Player) (ai.Decision, error) {
	panic("the bot fell over")
}

// withBots wraps a game with an ai.BotMaker offering the scripted bots
// above and a "random" of its own, to prove that the game's bots come
// first.
type withBots struct{ game.Game }

func (withBots) BotNames() []string {
	return []string{"random", "easy", "medium", "hard", "paced1000", "paced1500", "paced4000", "paced5000", "wait", "illegal", "failing", "panicking"}
}

func (withBots) NewBot(name string, seed uint64) (ai.Bot, error) {
	switch name {
	case "random", "easy", "medium", "hard":
		return ownRandom{ai.NewRandom(seed)}, nil
	case "paced1000":
		return pacedBot{time.Second}, nil
	case "paced1500":
		return pacedBot{1500 * time.Millisecond}, nil
	case "paced4000":
		return pacedBot{4 * time.Second}, nil
	case "paced5000":
		return pacedBot{5 * time.Second}, nil
	case "wait":
		return waitBot{10 * time.Second}, nil
	case "illegal":
		return illegalBot{}, nil
	case "failing":
		return failingBot{}, nil
	case "panicking":
		return panickingBot{}, nil
	}
	return nil, fmt.Errorf("no bot %q", name)
}

// ownRandom marks the game's own random bot.
type ownRandom struct{ *ai.Random }

func testRegistry() *game.Registry {
	var reg game.Registry
	reg.Register(gametest.ConnectFour())
	reg.Register(gametest.Goofspiel())
	reg.Register(gametest.HighCard())
	reg.Register(tapper{})
	return &reg
}
