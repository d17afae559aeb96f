package hammertime

import (
	"bytes"
	"encoding/json"
	"fmt"

	"minehall/game"
)

var (
	_ game.Saver    = (*State)(nil)
	_ game.Restorer = (*Game)(nil)
)

// saved is what [State.Save] writes: the snapshot, and the last hit that
// views replay (it follows from the moves, so the snapshot leaves it out).
type saved struct {
	Snapshot
	LastHit  *HitRecord `json:"last_hit,omitempty"`
	LastTurn int32      `json:"last_turn"`
}

// Save implements [game.Saver]: the whole state as JSON, which
// [Game.RestoreState] reads back.
func (s *State) Save() (string, []byte, error) {
	b, err := json.Marshal(saved{Snapshot: s.Snapshot().(Snapshot), LastHit: s.last, LastTurn: s.lastTurn})
	return "hammertime", b, err
}

// RestoreState implements [game.Restorer]: the state [State.Save] wrote,
// played with g's pack.
func (g *Game) RestoreState(b []byte) (game.State, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var sv saved
	if err := dec.Decode(&sv); err != nil {
		return nil, fmt.Errorf("state does not decode: %v", err)
	}
	n := sv.Players
	switch {
	case n < 2 || n > 4:
		return nil, fmt.Errorf("%d players; Hammer Time takes 2 to 4", n)
	case len(sv.Gems) != NumGems:
		return nil, fmt.Errorf("%d gems; want %d", len(sv.Gems), NumGems)
	case len(sv.Piles) != n || len(sv.Full) != n || len(sv.Held) != n:
		return nil, fmt.Errorf("%d wagon piles, %d counts of full wagons and %d hands of missions for %d players", len(sv.Piles), len(sv.Full), len(sv.Held), n)
	case len(sv.Deck) > len(g.pack.Missions) || sv.DeckKnown < 0 || sv.DeckKnown > len(sv.Deck):
		return nil, fmt.Errorf("a mission pile of %d cards, %d of them known", len(sv.Deck), sv.DeckKnown)
	case sv.Phase < 0 || sv.Phase >= len(phaseNames):
		return nil, fmt.Errorf("phase %d does not exist", sv.Phase)
	case sv.Technique < int(NoTechnique) || sv.Technique >= int(numTechniques):
		return nil, fmt.Errorf("technique %d does not exist", sv.Technique)
	case sv.Current < 0 || sv.Current >= n:
		return nil, fmt.Errorf("seat %d to play of %d", sv.Current, n)
	case sv.ToWin < 1 || sv.ToWin > 4:
		return nil, fmt.Errorf("%d wagons to fill", sv.ToWin)
	case sv.Drawn && len(sv.Up) != n || !sv.Drawn && (len(sv.Up) > 0 || sv.MissionUp || sv.Presampled):
		return nil, fmt.Errorf("%d face-up marks of top wagons for %d players (drawn piles: %v)", len(sv.Up), n, sv.Drawn)
	}
	s := &State{
		pack: g.pack, n: int8(n), expert: sv.Expert, missions: sv.Missions, toWin: int8(sv.ToWin), rng: sv.Rand,
		quarter: int8(sv.Quarter), deckLen: int8(len(sv.Deck)), deckKnown: int8(sv.DeckKnown), current: int8(sv.Current),
		phase: Phase(sv.Phase), technique: Technique(sv.Technique), moves: int8(sv.Moves), hits: int16(sv.Hits),
		round: int16(sv.Round), turns: int32(sv.Turns), final: sv.Final, last: sv.LastHit, lastTurn: sv.LastTurn,
		drawn: sv.Drawn, missionUp: sv.MissionUp, presampled: sv.Presampled,
	}
	copy(s.gems[:], sv.Gems)
	copy(s.deck[:], sv.Deck)
	for p := range n {
		st := &s.seats[p]
		if sv.Full[p] < 0 || sv.Full[p] > 4 || len(sv.Held[p]) > len(st.held) {
			return nil, fmt.Errorf("seat %d: %d full wagons, %d missions held", p, sv.Full[p], len(sv.Held[p]))
		}
		st.pile, st.top, st.numHeld = sv.Piles[p], sv.Full[p], int8(len(sv.Held[p]))
		copy(st.held[:], sv.Held[p])
		if sv.Drawn {
			st.up = sv.Up[p]
		}
	}
	for _, c := range sv.Deck {
		if c < 0 || int(c) >= len(g.pack.Missions) {
			return nil, fmt.Errorf("mission card %d does not exist", c)
		}
	}
	for p := range n {
		for _, c := range sv.Held[p] {
			if c < 0 || int(c) >= len(g.pack.Missions) {
				return nil, fmt.Errorf("mission card %d does not exist", c)
			}
		}
	}
	return s, nil
}
