package gametest

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"time"

	"minehall/game"
)

// Goofspiel is the kit's simultaneous game: each player holds the cards 1 to
// K; each round chance turns up a prize card and every player bids one card
// at once, in secret; the single highest bid wins the prize's points (a tie
// for highest wins nothing). With the timer option, a round's bidding ends
// after that many seconds by a System action that bids the lowest card for
// everyone who has not bid.
type goofspiel struct{}

// Goofspiel returns the simultaneous test game with a System timer.
func Goofspiel() game.Game { return goofspiel{} }

func (goofspiel) Spec() game.Spec {
	return game.Spec{
		ID: "goofspiel", Title: "Goofspiel", Summary: "Test game: secret simultaneous bids for prize cards.",
		MinPlayers: 2, MaxPlayers: 4,
		Options: []game.OptionSpec{
			{Key: "cards", Title: "Cards per hand", Kind: game.OptionInt, Default: "5", Min: 3, Max: 13},
			{Key: "timer", Title: "Seconds to bid (0: no limit)", Kind: game.OptionInt, Default: "30", Min: 0, Max: 600},
		},
		Information: game.ImperfectInformation, Turns: game.Simultaneous, Chance: true,
	}
}

func (goofspiel) New(cfg game.Config) (game.State, error) {
	k := cfg.Options.Int("cards")
	s := &GSState{K: int8(k), N: int8(cfg.Players), TimerSec: int32(cfg.Options.Int("timer"))}
	full := uint16(1)<<k - 1
	s.Prizes = full
	for p := 0; p < cfg.Players; p++ {
		s.Hands[p] = full
	}
	return s, nil
}

// GSState is a Goofspiel position. Card k is bit k-1 of a hand.
type GSState struct {
	K        int8      `json:"k"`
	N        int8      `json:"n"`
	TimerSec int32     `json:"timer_sec"`
	Hands    [4]uint16 `json:"hands"`
	Prizes   uint16    `json:"prizes"` // not yet turned up
	Prize    int8      `json:"prize"`  // 0: chance turns one up next
	Bids     [4]int8   `json:"bids"`   // 0: not yet bid
	Points   [4]int    `json:"points"`
	Round    int64     `json:"round"`
}

func (s *GSState) NumPlayers() int                { return int(s.N) }
func (s *GSState) NumActions() int                { return 2*int(s.K) + 1 }
func (s *GSState) bidAction(k int8) game.Action   { return game.Action(k - 1) }
func (s *GSState) prizeAction(k int8) game.Action { return game.Action(s.K + k - 1) }
func (s *GSState) timeoutAction() game.Action     { return game.Action(2 * s.K) }

func (s *GSState) Terminal() bool { return s.Prize == 0 && s.Prizes == 0 }

func (s *GSState) Actors(dst []game.Player) []game.Player {
	switch {
	case s.Terminal():
		return dst
	case s.Prize == 0:
		return append(dst, game.Chance)
	}
	if s.TimerSec > 0 {
		dst = append(dst, game.System)
	}
	for p := int8(0); p < s.N; p++ {
		if s.Bids[p] == 0 {
			dst = append(dst, game.Player(p))
		}
	}
	return dst
}

func (s *GSState) Legal(p game.Player, dst []game.Action) []game.Action {
	switch {
	case s.Terminal():
	case p == game.Chance && s.Prize == 0:
		for k := int8(1); k <= s.K; k++ {
			if s.Prizes&(1<<(k-1)) != 0 {
				dst = append(dst, s.prizeAction(k))
			}
		}
	case p == game.System && s.Prize != 0 && s.TimerSec > 0:
		dst = append(dst, s.timeoutAction())
	case p >= 0 && int8(p) < s.N && s.Prize != 0 && s.Bids[p] == 0:
		for k := int8(1); k <= s.K; k++ {
			if s.Hands[p]&(1<<(k-1)) != 0 {
				dst = append(dst, s.bidAction(k))
			}
		}
	}
	return dst
}

// ChanceOutcomes turns up each remaining prize with equal probability.
func (s *GSState) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	n := float64(bits.OnesCount16(s.Prizes))
	for k := int8(1); k <= s.K; k++ {
		if s.Prizes&(1<<(k-1)) != 0 {
			dst = append(dst, game.ChanceOutcome{Action: s.prizeAction(k), Probability: 1 / n})
		}
	}
	return dst
}

// Timer: while bids are awaited and the timer option is on, the round ends
// after TimerSec seconds.
func (s *GSState) Timer() (int64, time.Duration, bool) {
	if s.TimerSec == 0 || s.Prize == 0 || s.Terminal() {
		return 0, 0, false
	}
	return s.Round, time.Duration(s.TimerSec) * time.Second, true
}

func (s *GSState) Apply(p game.Player, a game.Action) {
	switch p {
	case game.Chance:
		k := int8(a) - s.K + 1
		s.Prize = k
		s.Prizes &^= 1 << (k - 1)
		return
	case game.System:
		for q := int8(0); q < s.N; q++ {
			if s.Bids[q] == 0 {
				s.bid(q, int8(bits.TrailingZeros16(s.Hands[q]))+1)
			}
		}
	default:
		s.bid(int8(p), int8(a)+1)
	}
	for q := int8(0); q < s.N; q++ {
		if s.Bids[q] == 0 {
			return
		}
	}
	s.resolve()
}

func (s *GSState) bid(p, k int8) {
	s.Bids[p] = k
	s.Hands[p] &^= 1 << (k - 1)
}

func (s *GSState) resolve() {
	best, winner := int8(0), -1
	for q := int8(0); q < s.N; q++ {
		switch {
		case s.Bids[q] > best:
			best, winner = s.Bids[q], int(q)
		case s.Bids[q] == best:
			winner = -1
		}
	}
	if winner >= 0 {
		s.Points[winner] += int(s.Prize)
	}
	s.Bids = [4]int8{}
	s.Prize = 0
	s.Round++
}

func (s *GSState) Scores(dst []float64) []float64 {
	for q := int8(0); q < s.N; q++ {
		dst = append(dst, float64(s.Points[q]))
	}
	return dst
}

func (s *GSState) Returns(dst []float64) []float64 {
	if !s.Terminal() {
		for q := int8(0); q < s.N; q++ {
			dst = append(dst, 0)
		}
		return dst
	}
	return game.RankReturns(s.Scores(nil), dst)
}

func (s *GSState) Clone() game.State { c := *s; return &c }

// GSView is what a player sees: every hand (played cards are shown), who has
// bid, their own bid, the prize and the points.
type GSView struct {
	You    game.Player `json:"you"`
	Prize  int8        `json:"prize"`
	Prizes []int8      `json:"prizes"`
	Hands  [][]int8    `json:"hands"` // for a player who has bid: the hand before the bid
	HasBid []bool      `json:"has_bid"`
	MyBid  int8        `json:"my_bid,omitempty"`
	Points []int       `json:"points"`
	Round  int64       `json:"round"`
}

func cardsOf(mask uint16, k int8) []int8 {
	out := []int8{}
	for c := int8(1); c <= k; c++ {
		if mask&(1<<(c-1)) != 0 {
			out = append(out, c)
		}
	}
	return out
}

func (s *GSState) View(p game.Player) any {
	v := GSView{You: p, Prize: s.Prize, Prizes: cardsOf(s.Prizes, s.K), Round: s.Round}
	for q := int8(0); q < s.N; q++ {
		hand := s.Hands[q]
		if s.Bids[q] != 0 {
			hand |= 1 << (s.Bids[q] - 1)
		}
		v.Hands = append(v.Hands, cardsOf(hand, s.K))
		v.HasBid = append(v.HasBid, s.Bids[q] != 0)
		v.Points = append(v.Points, s.Points[q])
	}
	if p >= 0 && int8(p) < s.N {
		v.MyBid = s.Bids[p]
	}
	return v
}

func (s *GSState) Snapshot() any { c := *s; return &c }

func (s *GSState) InfoKey(p game.Player) string {
	b, _ := json.Marshal(s.View(p))
	return string(b)
}

// Determinize redraws every secret bid p cannot see from that player's hand
// as it was before bidding.
func (s *GSState) Determinize(p game.Player, rng *game.Rand) game.State {
	c := *s
	for q := int8(0); q < s.N; q++ {
		if game.Player(q) == p || c.Bids[q] == 0 {
			continue
		}
		c.Hands[q] |= 1 << (c.Bids[q] - 1)
		cards := cardsOf(c.Hands[q], c.K)
		c.bid(q, cards[rng.IntN(len(cards))])
	}
	return &c
}

func (s *GSState) ActionString(p game.Player, a game.Action) string {
	switch {
	case a == s.timeoutAction():
		return "timeout"
	case a >= game.Action(s.K):
		return "prize " + strconv.Itoa(int(a)-int(s.K)+1)
	}
	return "bid " + strconv.Itoa(int(a)+1)
}

func (s *GSState) ParseAction(p game.Player, m string) (game.Action, error) {
	if m == "timeout" {
		return s.timeoutAction(), nil
	}
	for _, kind := range []string{"bid ", "prize "} {
		if v, ok := strings.CutPrefix(m, kind); ok {
			k, err := strconv.Atoi(v)
			if err != nil || k < 1 || k > int(s.K) {
				return 0, game.Errorf(game.CodeInvalid, "%q: the card must be 1 to %d", m, s.K)
			}
			if kind == "bid " {
				return s.bidAction(int8(k)), nil
			}
			return s.prizeAction(int8(k)), nil
		}
	}
	return 0, game.Errorf(game.CodeInvalid, "%q is not bid N, prize N or timeout", m)
}

// Explain says why a bid is refused.
func (s *GSState) Explain(p game.Player, a game.Action) error {
	switch {
	case s.Terminal():
		return game.Errorf(game.CodeGameOver, "the game is over")
	case p >= 0 && int8(p) < s.N && s.Prize != 0 && s.Bids[p] != 0:
		return game.Errorf(game.CodeNotYourTurn, "you have already bid this round")
	case p >= 0 && int8(p) < s.N && a < game.Action(s.K) && s.Hands[p]&(1<<a) == 0:
		return game.Errorf(game.CodeIllegal, "you no longer hold card %d", a+1)
	}
	return nil
}

// CheckInvariants checks that every card is in a hand, bid, or played, and
// that the points add up to the prizes won.
func (s *GSState) CheckInvariants() error {
	played := int(s.Round)
	for q := int8(0); q < s.N; q++ {
		n := bits.OnesCount16(s.Hands[q])
		if s.Bids[q] != 0 {
			n++
			if s.Hands[q]&(1<<(s.Bids[q]-1)) != 0 {
				return fmt.Errorf("player %d bid card %d and still holds it", q, s.Bids[q])
			}
		}
		if n+played != int(s.K) {
			return fmt.Errorf("player %d has %d cards after %d rounds of %d", q, n, played, s.K)
		}
	}
	return nil
}

// MoveIsPublic: the prize turned up and the timeout are seen by all; a bid
// is secret until the round resolves.
func (s *GSState) MoveIsPublic(p game.Player, a game.Action) bool {
	return p == game.Chance || p == game.System
}

// HiddenMove: everyone may know that a player bid, not what ("bid").
func (s *GSState) HiddenMove(p game.Player, a game.Action) string {
	if s.MoveIsPublic(p, a) {
		return ""
	}
	return "bid"
}
