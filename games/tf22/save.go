package tf22

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"minehall/game"
)

var (
	_ game.Saver    = (*State)(nil)
	_ game.Restorer = (*Game)(nil)
)

// saved is what [State.Save] writes: the snapshot, and the counts that
// views show but the snapshot leaves out (they follow from the moves).
type saved struct {
	snapshot
	Combats uint16
	Tally   [numColors]savedTally
}

// savedTally is a crewTally with exported fields, for JSON.
type savedTally struct {
	Markers, Deliveries   int8
	Attacks, AttacksWon   int16
	Defenses, DefensesWon int16
}

// Save implements [game.Saver]: the whole state as JSON, which
// [Game.RestoreState] reads back. The visible exits and tunnel networks
// are rebuilt from the cards, not saved.
func (s *State) Save() (string, []byte, error) {
	sv := saved{snapshot: s.Snapshot().(snapshot), Combats: s.combats}
	for c, t := range s.tally {
		sv.Tally[c] = savedTally{t.markers, t.deliveries, t.attacks, t.attacksWon, t.defenses, t.defensesWon}
	}
	b, err := json.Marshal(sv)
	return "tf22", b, err
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
	if sv.Players < 2 || sv.Players > 4 {
		return nil, fmt.Errorf("%d players; TF22 Mine takes 2 to 4", sv.Players)
	}
	variant := slices.Index(variantNames[:], sv.Variant)
	if variant < 0 {
		return nil, fmt.Errorf("variant %q is not luck, standard or strategy", sv.Variant)
	}
	if int(sv.Phase) >= len(phaseNames) {
		return nil, fmt.Errorf("phase %d does not exist", sv.Phase)
	}
	var seen [numPos]bool
	for pos, id := range sv.Cards {
		if id < 0 || int(id) >= numPos || seen[id] {
			return nil, fmt.Errorf("card %d at %s is missing or lies twice", id, posName(pos))
		}
		seen[id] = true
		if sv.Orient[pos] > 3 {
			return nil, fmt.Errorf("card at %s has orientation %d", posName(pos), sv.Orient[pos])
		}
	}
	s := &State{
		pack: &g.pack.compiled, variant: uint8(variant), roundLimit: sv.RoundLimit, n: sv.Players,
		phase: sv.Phase, card: sv.Cards, orient: sv.Orient, ranium: sv.Ranium,
		crewPos: sv.CrewPos, crewTunnel: sv.CrewTunnel, crewOwner: sv.CrewOwner, crewRanium: sv.CrewRanium,
		loader: sv.Loaders, markers: sv.Markers, seatColor: sv.SeatColor, deck: sv.Decks, lastCard: sv.LastCard,
		active: sv.Active, ore: sv.Ore, turns: sv.Turns, swapsLeft: sv.SwapsLeft, chooseStep: sv.ChooseStep,
		fight: sv.Fight, lastFight: sv.LastFight, combats: sv.Combats, freeSeat: sv.FreeSeat, delivered: sv.Delivered,
		placer: sv.Placer, placeCount: sv.PlaceCount, placeSym: sv.PlaceSym, winner: sv.Winner, total: sv.Total,
	}
	for c, t := range sv.Tally {
		s.tally[c] = crewTally{t.Markers, t.Deliveries, t.Attacks, t.AttacksWon, t.Defenses, t.DefensesWon}
	}
	s.refresh()
	return s, nil
}
