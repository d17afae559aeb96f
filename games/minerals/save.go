package minerals

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

// saved is what [State.Save] writes: the snapshot, and the final position
// that views show at the end (it follows from the moves, so the snapshot
// leaves it out).
type saved struct {
	snapshot
	Final *savedFinal `json:",omitempty"`
}

// savedFinal is a finalPosition with exported fields, the board as in the
// snapshot.
type savedFinal struct {
	Board string
	Pawn  int16
	Seat  int8
}

// Save implements [game.Saver]: the whole state as JSON, which
// [Game.RestoreState] reads back.
func (s *State) Save() (string, []byte, error) {
	sv := saved{snapshot: s.Snapshot().(snapshot)}
	if f := s.final; f != nil {
		sv.Final = &savedFinal{Board: boardString(&f.board), Pawn: f.pawn, Seat: f.seat}
	}
	b, err := json.Marshal(sv)
	return "minerals", b, err
}

// boardString writes a board as the snapshot does: a digit per hex.
func boardString(board *[NumCells]uint8) string {
	b := make([]byte, NumCells)
	for i, v := range board {
		b[i] = '0' + v
	}
	return string(b)
}

// parseBoard reads what boardString wrote.
func parseBoard(s string) (board [NumCells]uint8, err error) {
	if len(s) != NumCells {
		return board, fmt.Errorf("a board of %d hexes; want %d", len(s), NumCells)
	}
	for i := range NumCells {
		v := s[i] - '0'
		if s[i] < '0' || int(v) > int(NumMinerals) {
			return board, fmt.Errorf("hex %d holds %q, not a mineral's digit", i, s[i])
		}
		board[i] = v
	}
	return board, nil
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
	if n < 1 || n > MaxPlayers {
		return nil, fmt.Errorf("%d players; Minerals takes 1 to %d", n, MaxPlayers)
	}
	if len(sv.Pawns) != n || len(sv.Pools) != n || len(sv.Stacks) != n || len(sv.Cards) != n || len(sv.Reduced) != n {
		return nil, fmt.Errorf("seat lists of %d, %d, %d, %d and %d entries for %d players", len(sv.Pawns), len(sv.Pools), len(sv.Stacks), len(sv.Cards), len(sv.Reduced), n)
	}
	version := slices.Index(versionNames[:], sv.Version)
	if version < 0 {
		return nil, fmt.Errorf("version %q is not 6+, 7+ or full", sv.Version)
	}
	phases := map[string]phase{}
	for i, name := range phaseNames {
		phases[name] = phase(i)
	}
	ph, ok1 := phases[sv.Phase]
	chest, ok2 := phases[sv.ChestBack]
	sack, ok3 := phases[sv.SackBack]
	if !ok1 || !ok2 || (!ok3 && sv.SackBack != "") {
		return nil, fmt.Errorf("phases %q, %q and %q are not all phases", sv.Phase, sv.ChestBack, sv.SackBack)
	}
	board, err := parseBoard(sv.Board)
	if err != nil {
		return nil, err
	}
	s := &State{
		pack: g.pack, n: int8(n), version: Version(version), pouch: sv.Pouch, faceUp: sv.FaceUp, deck: sv.Deck,
		phase: ph, current: sv.Current, setupCount: sv.Setup, toolUsed: sv.ToolUsed, exchanged: sv.Exchanged,
		provisional: sv.Provisional, refillSlot: sv.Refill, chestBack: chest, sackBack: sack, sackWith: sv.SackWith,
		sackGive: sv.SackGive, sackTake: sv.SackTake, origin: sv.Origin, pending: sv.Pending, turns: sv.Turns, rng: sv.Rand,
	}
	for m, name := range sv.Tools {
		t := slices.Index(toolIDs[:], name)
		if t < 0 || (g.pack.Tiles[m][0].Tool != ToolID(t) && g.pack.Tiles[m][1].Tool != ToolID(t)) {
			return nil, fmt.Errorf("tool %q is not a side of tile %d", name, m)
		}
		s.tools[m] = ToolID(t)
	}
	for c, v := range board {
		s.setMineral(Cell(c), v)
	}
	for p := range s.pawn {
		s.pawn[p] = -1
	}
	copy(s.pawn[:], sv.Pawns)
	copy(s.pool[:], sv.Pools)
	copy(s.stack[:], sv.Stacks)
	copy(s.cards[:], sv.Cards)
	copy(s.reduced[:], sv.Reduced)
	if f := sv.Final; f != nil {
		fb, err := parseBoard(f.Board)
		if err != nil {
			return nil, fmt.Errorf("final position: %v", err)
		}
		s.final = &finalPosition{board: fb, pawn: f.Pawn, seat: f.Seat}
	}
	return s, nil
}
