package gametest

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// High Card is a two-player betting game in the manner of Kuhn poker, with
// five cards: the kit's game with hidden information and chance. Chance
// deals one card to each player; each antes 1; player 0 passes or bets 1;
// after a pass player 1 passes or bets; a bet is called or folded. At a
// showdown the higher card takes the pot.
const (
	hcDeck     = 5
	hcPass     = game.Action(0) // check or fold
	hcBet      = game.Action(1) // bet or call
	hcDealBase = game.Action(2) // 2+k-1 deals card k
)

type highCard struct{}

// HighCard returns the test game with hidden information and chance.
func HighCard() game.Game { return highCard{} }

func (highCard) Spec() game.Spec {
	return game.Spec{
		ID: "highcard", Title: "High Card", Summary: "Test game: a hidden card each, bet or pass.",
		MinPlayers: 2, MaxPlayers: 2, Options: []game.OptionSpec{},
		Information: game.ImperfectInformation, Turns: game.Sequential, Chance: true,
	}
}

func (highCard) New(cfg game.Config) (game.State, error) { return &HCState{}, nil }

// HCState is a High Card position.
type HCState struct {
	Cards   [2]int8 `json:"cards"`   // 0 until dealt, then 1..5
	History string  `json:"history"` // "p" and "b" per betting action
}

func (s *HCState) NumPlayers() int { return 2 }
func (s *HCState) NumActions() int { return int(hcDealBase) + hcDeck }

func (s *HCState) Terminal() bool {
	switch s.History {
	case "pp", "bp", "bb", "pbp", "pbb":
		return true
	}
	return false
}

func (s *HCState) showdown() bool {
	return s.History == "pp" || s.History == "bb" || s.History == "pbb"
}

func (s *HCState) Actors(dst []game.Player) []game.Player {
	switch {
	case s.Terminal():
		return dst
	case s.Cards[0] == 0 || s.Cards[1] == 0:
		return append(dst, game.Chance)
	}
	return append(dst, game.Player(len(s.History)%2))
}

func (s *HCState) Legal(p game.Player, dst []game.Action) []game.Action {
	var buf [1]game.Player
	if a := s.Actors(buf[:0]); len(a) == 0 || a[0] != p {
		return dst
	}
	if p == game.Chance {
		for k := int8(1); k <= hcDeck; k++ {
			if k != s.Cards[0] {
				dst = append(dst, hcDealBase+game.Action(k-1))
			}
		}
		return dst
	}
	return append(dst, hcPass, hcBet)
}

// ChanceOutcomes deals each undealt card with equal probability.
func (s *HCState) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	var buf [hcDeck]game.Action
	legal := s.Legal(game.Chance, buf[:0])
	for _, a := range legal {
		dst = append(dst, game.ChanceOutcome{Action: a, Probability: 1 / float64(len(legal))})
	}
	return dst
}

func (s *HCState) Apply(p game.Player, a game.Action) {
	if p == game.Chance {
		k := int8(a-hcDealBase) + 1
		if s.Cards[0] == 0 {
			s.Cards[0] = k
		} else {
			s.Cards[1] = k
		}
		return
	}
	s.History += "pb"[a : a+1]
}

// net returns player 0's chips won (player 1's is the negative).
func (s *HCState) net() float64 {
	switch s.History {
	case "bp":
		return 1
	case "pbp":
		return -1
	}
	stake := 1.0
	if strings.Contains(s.History, "b") {
		stake = 2
	}
	if s.Cards[0] > s.Cards[1] {
		return stake
	}
	return -stake
}

func (s *HCState) Scores(dst []float64) []float64 {
	if !s.Terminal() {
		return append(dst, 0, 0)
	}
	n := s.net()
	return append(dst, n, -n)
}

func (s *HCState) Returns(dst []float64) []float64 {
	if !s.Terminal() {
		return append(dst, 0, 0)
	}
	return game.RankReturns(s.Scores(nil), dst)
}

func (s *HCState) Clone() game.State { c := *s; return &c }

// HCView is what a player sees: their own card, the other card only after
// a showdown, and the betting.
type HCView struct {
	You      game.Player `json:"you"`
	Cards    [2]int8     `json:"cards"` // 0 where hidden or undealt
	History  string      `json:"history"`
	Terminal bool        `json:"terminal"`
}

func (s *HCState) View(p game.Player) any {
	v := HCView{You: p, History: s.History, Terminal: s.Terminal()}
	for q := range 2 {
		v.Cards[q] = s.visibleCard(p, q)
	}
	return v
}

func (s *HCState) Snapshot() any { c := *s; return &c }

func (s *HCState) InfoKey(p game.Player) string {
	v := s.View(p).(HCView)
	return fmt.Sprintf("%d/%d/%d/%s", p, v.Cards[0], v.Cards[1], v.History)
}

// Determinize redeals every card p cannot see from the cards p does not
// hold, whatever they really are.
func (s *HCState) Determinize(p game.Player, rng *game.Rand) game.State {
	c := *s
	if s.Terminal() && s.showdown() {
		return &c
	}
	var known int8
	if p >= 0 {
		known = s.Cards[p]
	}
	var hidden []int
	for q := range 2 {
		if game.Player(q) != p && c.Cards[q] != 0 {
			hidden = append(hidden, q)
		}
	}
	var pool []int8
	for k := int8(1); k <= hcDeck; k++ {
		if k != known {
			pool = append(pool, k)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i, q := range hidden {
		c.Cards[q] = pool[i]
	}
	return &c
}

func (s *HCState) ActionString(p game.Player, a game.Action) string {
	switch {
	case a >= hcDealBase:
		return "deal " + strconv.Itoa(int(a-hcDealBase)+1)
	case a == hcBet:
		return "bet"
	}
	return "pass"
}

func (s *HCState) ParseAction(p game.Player, m string) (game.Action, error) {
	switch m {
	case "pass":
		return hcPass, nil
	case "bet":
		return hcBet, nil
	}
	if k, ok := strings.CutPrefix(m, "deal "); ok {
		n, err := strconv.Atoi(k)
		if err == nil && n >= 1 && n <= hcDeck {
			return hcDealBase + game.Action(n-1), nil
		}
	}
	return 0, game.Errorf(game.CodeInvalid, "%q is not pass, bet or deal 1 to %d", m, hcDeck)
}

// CheckInvariants checks that the two cards differ.
func (s *HCState) CheckInvariants() error {
	if s.Cards[0] != 0 && s.Cards[0] == s.Cards[1] {
		return fmt.Errorf("both players hold card %d", s.Cards[0])
	}
	return nil
}

// MoveIsPublic: bets and passes are seen by both players; the deals are
// not.
func (s *HCState) MoveIsPublic(p game.Player, a game.Action) bool { return p != game.Chance }

// hcObsSize is the size of a High Card observation; see Observe.
const hcObsSize = 2*hcDeck + 2 + 3*2 + 1

var _ game.Observer = (*HCState)(nil)

// ObservationShape is [19]; see Observe.
func (s *HCState) ObservationShape() []int { return []int{hcObsSize} }

// Observe encodes what p sees (HCView), seats relative to p (p first; for
// the spectator, seat 0 first):
//
//   - [0, 5): the first seat's card, one-hot by value 1 to 5, all zero
//     while it is hidden from p or undealt;
//   - [5, 10): the other seat's card, likewise;
//   - [10, 12): which seat p is, one-hot (all zero for the spectator);
//   - [12, 18): the betting, three steps of one-hot pass, bet (zero for a
//     step not yet taken);
//   - [18]: 1 when the game is over.
func (s *HCState) Observe(p game.Player, dst []float32) []float32 {
	dst = game.ObservationBuffer(dst, hcObsSize)
	first := 0
	if p == 1 {
		first = 1
	}
	for i := range 2 {
		q := (first + i) % 2
		if c := s.visibleCard(p, q); c > 0 {
			dst[i*hcDeck+int(c)-1] = 1
		}
	}
	if p == 0 || p == 1 {
		dst[2*hcDeck+int(p)] = 1
	}
	for i := range len(s.History) {
		if s.History[i] == 'b' {
			dst[2*hcDeck+2+2*i+1] = 1
		} else {
			dst[2*hcDeck+2+2*i] = 1
		}
	}
	if s.Terminal() {
		dst[hcObsSize-1] = 1
	}
	return dst
}

// visibleCard returns seat q's card as p sees it: 0 while hidden or
// undealt. View and Observe show the same cards.
func (s *HCState) visibleCard(p game.Player, q int) int8 {
	if game.Player(q) == p || (s.Terminal() && s.showdown()) {
		return s.Cards[q]
	}
	return 0
}
