package server_test

import (
	"strings"

	"minehall/game"
)

// tickLength is how many actions a game of tickGame lasts.
const tickLength = 300

// tickGame is a long, trivial test game: two players take turns to say
// "tick" until tickLength ticks are said. Its view carries some padding so
// that its frames fill socket buffers quickly.
type tickGame struct{}

func (tickGame) Spec() game.Spec {
	return game.Spec{ID: "tick", Title: "Tick", Summary: "Test game: take turns to tick.", MinPlayers: 2, MaxPlayers: 2,
		Information: game.PerfectInformation, Turns: game.Sequential}
}

func (tickGame) New(cfg game.Config) (game.State, error) { return &tickState{}, nil }

type tickState struct{ Ticks int }

type tickView struct {
	Ticks   int    `json:"ticks"`
	Padding string `json:"padding"`
}

var tickPadding = strings.Repeat("tick ", 80)

func (s *tickState) NumPlayers() int   { return 2 }
func (s *tickState) NumActions() int   { return 1 }
func (s *tickState) Terminal() bool    { return s.Ticks >= tickLength }
func (s *tickState) Clone() game.State { c := *s; return &c }
func (s *tickState) View(game.Player) any {
	return tickView{s.Ticks, tickPadding}
}
func (s *tickState) Snapshot() any                                { return *s }
func (s *tickState) Apply(game.Player, game.Action)               { s.Ticks++ }
func (s *tickState) ActionString(game.Player, game.Action) string { return "tick" }

func (s *tickState) Actors(dst []game.Player) []game.Player {
	if s.Terminal() {
		return dst
	}
	return append(dst, game.Player(s.Ticks%2))
}

func (s *tickState) Legal(p game.Player, dst []game.Action) []game.Action {
	if s.Terminal() || p != game.Player(s.Ticks%2) {
		return dst
	}
	return append(dst, 0)
}

func (s *tickState) Returns(dst []float64) []float64 { return append(dst, 0.5, 0.5) }
func (s *tickState) Scores(dst []float64) []float64  { return append(dst, 0, 0) }

func (s *tickState) ParseAction(p game.Player, m string) (game.Action, error) {
	if m != "tick" {
		return 0, game.Errorf(game.CodeInvalid, "%q is not tick", m)
	}
	return 0, nil
}
