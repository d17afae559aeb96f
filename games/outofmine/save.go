package outofmine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"minehall/game"
)

var (
	_ game.Saver    = (*State)(nil)
	_ game.Restorer = (*Game)(nil)
)

// saved is what [State.Save] writes: the snapshot, and the finished rounds'
// results in full (the snapshot holds only their digest).
type saved struct {
	snapshot
	Rounds [][]RoundResult `json:"rounds"`
}

// Save implements [game.Saver]: the whole state as JSON, which
// [Game.RestoreState] reads back.
func (s *State) Save() (string, []byte, error) {
	rounds := s.results
	if rounds == nil {
		rounds = [][]RoundResult{}
	}
	b, err := json.Marshal(saved{snapshot: s.Snapshot().(snapshot), Rounds: rounds})
	return "outofmine", b, err
}

// RestoreState implements [game.Restorer]: the state [State.Save] wrote,
// played with g's pack. The results' views and digest are made again from
// the results.
func (g *Game) RestoreState(b []byte) (game.State, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var sv saved
	if err := dec.Decode(&sv); err != nil {
		return nil, fmt.Errorf("state does not decode: %v", err)
	}
	n := sv.Players
	if n < 1 || n > MaxPlayers {
		return nil, fmt.Errorf("%d players; Out of Mine takes 1 to %d", n, MaxPlayers)
	}
	if sv.Options.Clock < 0 || sv.Options.Clock > 3600 {
		return nil, fmt.Errorf("a round clock of %d s; it runs 0 to 3600", sv.Options.Clock)
	}
	packed, err := hex.DecodeString(sv.State)
	if err != nil {
		return nil, fmt.Errorf("packed state: %v", err)
	}
	s := newState(g.pack, n, sv.Options)
	if err := s.unpack(packed); err != nil {
		return nil, err
	}
	if len(sv.Rounds) > Rounds {
		return nil, fmt.Errorf("%d rounds of results; a game has %d", len(sv.Rounds), Rounds)
	}
	for r, res := range sv.Rounds {
		if len(res) != n {
			return nil, fmt.Errorf("round %d has %d results for %d players", r+1, len(res), n)
		}
		for p, rr := range res {
			for _, pt := range rr.Placed {
				if pt.Tile < 0 || pt.Tile >= len(g.pack.Tiles) {
					return nil, fmt.Errorf("round %d, seat %d: tile %d does not exist", r+1, p, pt.Tile)
				}
			}
		}
		s.results = append(s.results, res)
		rv := make([]ResultView, len(res))
		for p, rr := range res {
			rv[p] = s.resultView(rr)
		}
		s.resultViews = append(s.resultViews, rv)
		enc, err := json.Marshal(res)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(append([]byte(s.resultsDigest), enc...))
		s.resultsDigest = hex.EncodeToString(sum[:])
	}
	return s, nil
}

// unpack reads what [State.packed] wrote into s, whose player count is
// set; it checks the length and the ranges of indices.
func (s *State) unpack(b []byte) error {
	want := 1 + 8 + 1 + s.n*(6+8) + 3*NumTiles + len(s.supply) + NumBoards + 3 + NumCards + 2*Rounds*s.n
	if len(b) != want {
		return fmt.Errorf("packed state of %d bytes; want %d for %d players", len(b), want, s.n)
	}
	i8 := func() int8 { v := int8(b[0]); b = b[1:]; return v }
	u64 := func() uint64 { v := binary.BigEndian.Uint64(b); b = b[8:]; return v }
	s.phase = Phase(i8())
	s.seq = int64(u64())
	s.round = int(i8())
	if s.phase < 0 || s.phase > PhaseOver || s.round < 0 || s.round > Rounds {
		return fmt.Errorf("phase %d of round %d does not exist", s.phase, s.round)
	}
	for p := range s.seats[:s.n] {
		st := &s.seats[p]
		st.Board, st.Side, st.PrevBoard, st.PrevSide, st.Card, st.Hand = i8(), i8(), i8(), i8(), i8(), i8()
		st.Occupied = CellSet(u64())
		if st.Hand == handStopped {
			st.Hand, st.Stopped = -1, true
		}
		switch {
		case st.Board < -1 || int(st.Board) >= NumBoards || st.PrevBoard < -1 || int(st.PrevBoard) >= NumBoards:
			return fmt.Errorf("seat %d: board %d, previous board %d", p, st.Board, st.PrevBoard)
		case st.Side < -1 || st.Side > 1 || st.PrevSide < -1 || st.PrevSide > 1:
			return fmt.Errorf("seat %d: side %d, previous side %d", p, st.Side, st.PrevSide)
		case st.Card < -1 || int(st.Card) >= NumCards || st.Hand < -1 || int(st.Hand) >= NumTiles:
			return fmt.Errorf("seat %d: card %d, tile in hand %d", p, st.Card, st.Hand)
		}
	}
	for t := range s.where {
		s.where[t] = i8()
		s.spots[t] = spot{Sym: i8(), Cell: i8()}
		if w := s.where[t]; w < inSupply || w >= boardBase+int8(s.n) || (w >= int8(s.n) && w < boardBase) {
			return fmt.Errorf("tile %d is at %d, no place of a %d-player game", t, w, s.n)
		}
	}
	for k := range s.supply {
		s.supply[k] = i8()
	}
	for i := range s.boards {
		s.boards[i] = i8()
	}
	s.pile, s.lot, s.drawBoard = i8(), uint8(i8()), i8() != 0
	for c := range s.used {
		s.used[c] = i8() != 0
	}
	for r := range Rounds {
		for p := range s.n {
			s.scores[r][p] = int16(binary.BigEndian.Uint16(b))
			b = b[2:]
		}
	}
	return nil
}
