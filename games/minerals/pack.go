package minerals

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"minehall/game"
)

//go:embed data/pack.json
var embeddedPack []byte

// MaxCards is the largest number of collection cards a pack may hold.
const MaxCards = 32

// Deck names of collection cards.
const (
	DeckSingle = "♦"
	DeckDouble = "♦♦"
)

// Card is a collection card: the minerals it asks for and its points. An
// orpiment card of the ♦♦ deck may be taken without its orpiment for
// ReducedPoints.
type Card struct {
	ID            string
	Deck          string
	Minerals      Counts
	Points        int
	ReducedPoints int // 0 when the card cannot be taken without its orpiment
	Reconstructed bool
}

// Reducible reports whether the card may be taken without its orpiment.
func (c *Card) Reducible() bool { return c.ReducedPoints > 0 }

// ToolID names one of the ten tools.
type ToolID uint8

// The ten tools: side A and side B of the white, blue, pink, black and
// golden tiles in the embedded pack.
const (
	Hammer ToolID = iota
	Shovel
	Chest
	Sack
	Map
	Compass
	Glass
	Vortex
	Rope
	Dynamite
	NumTools
)

var toolIDs = [NumTools]string{"hammer", "shovel", "chest", "sack", "map", "compass", "glass", "vortex", "rope", "dynamite"}

// String returns the tool's id.
func (t ToolID) String() string { return toolIDs[t%NumTools] }

// ToolSide is one side of a tool tile.
type ToolSide struct {
	Tool          ToolID
	Name          string
	Text          string
	Reconstructed bool
}

// Pack is a component pack: the collection cards, the five tool tiles (the
// tile of mineral m is Tiles[m], with sides A and B) and the preset boards.
type Pack struct {
	Cards  []Card
	Tiles  [NumMinerals][2]ToolSide
	Boards []Layout
}

// Board returns the preset board with the given name.
func (p *Pack) Board(name string) (Layout, bool) {
	for _, b := range p.Boards {
		if b.Name == name {
			return b, true
		}
	}
	return Layout{}, false
}

// AddBoard adds a board (read with [ParseLayout]) to the pack's presets,
// refusing a name already taken or the reserved name "random".
func (p *Pack) AddBoard(l Layout) error {
	if l.Name == "" || l.Name == "random" {
		return game.Errorf(game.CodeInvalid, "a board needs a name other than %q", l.Name)
	}
	if _, dup := p.Board(l.Name); dup {
		return game.Errorf(game.CodeInvalid, "the pack already has a board named %q", l.Name)
	}
	if err := l.Validate(); err != nil {
		return err
	}
	p.Boards = append(p.Boards, l)
	return nil
}

type packJSON struct {
	Cards []struct {
		ID            string         `json:"id"`
		Deck          string         `json:"deck"`
		Minerals      map[string]int `json:"minerals"`
		Points        int            `json:"points"`
		ReducedPoints int            `json:"reduced_points"`
		Reconstructed *bool          `json:"reconstructed"`
	} `json:"cards"`
	Tools []struct {
		Tile  string `json:"tile"`
		Sides map[string]struct {
			ID            string `json:"id"`
			Name          string `json:"name"`
			Text          string `json:"text"`
			Reconstructed *bool  `json:"reconstructed"`
		} `json:"sides"`
	} `json:"tools"`
	Boards []struct {
		Name string   `json:"name"`
		Rows []string `json:"rows"`
	} `json:"boards"`
}

// LoadPack reads and validates a component pack in JSON. It reports every
// problem it finds, each with its place (card id, tool tile, board name,
// field), in one error of code CodeInvalid.
func LoadPack(r io.Reader) (*Pack, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var raw packJSON
	if err := dec.Decode(&raw); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "component pack is not valid JSON: %v", err)
	}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	p := &Pack{}
	if len(raw.Cards) < 4 || len(raw.Cards) > MaxCards {
		bad("cards: the pack has %d collection cards; it needs 4 to %d", len(raw.Cards), MaxCards)
	}
	seen := map[string]bool{}
	singles := 0
	for i, rc := range raw.Cards {
		place := fmt.Sprintf("card %d (%s)", i+1, rc.ID)
		c := Card{ID: rc.ID, Deck: rc.Deck, Points: rc.Points, ReducedPoints: rc.ReducedPoints}
		switch {
		case rc.ID == "":
			bad("card %d: field id is empty", i+1)
		case strings.ContainsAny(rc.ID, " \t\n"):
			bad("%s: field id must not contain spaces", place)
		case seen[rc.ID]:
			bad("%s: field id is used by an earlier card", place)
		}
		seen[rc.ID] = true
		switch rc.Deck {
		case DeckSingle:
			singles++
		case DeckDouble:
		default:
			bad("%s: field deck is %q; want %q or %q", place, rc.Deck, DeckSingle, DeckDouble)
		}
		for name, n := range rc.Minerals {
			m, err := ParseMineral(name)
			if err != nil {
				bad("%s: field minerals: %v", place, err)
				continue
			}
			if n < 1 || n > MineralCounts[m] {
				bad("%s: field minerals: %d %s; want 1 to %d", place, n, name, MineralCounts[m])
				continue
			}
			c.Minerals[m] = uint8(n)
		}
		if c.Minerals.Total() == 0 {
			bad("%s: field minerals asks for no mineral", place)
		}
		if sum := c.Minerals.Value(); c.Points <= sum {
			bad("%s: field points is %d; a card must be worth more than its minerals (%d)", place, c.Points, sum)
		}
		if c.ReducedPoints != 0 {
			without := c.Minerals
			without[Orpiment] = 0
			switch {
			case c.Minerals[Orpiment] != 1 || c.Deck != DeckDouble:
				bad("%s: field reduced_points is only for ♦♦ cards with one orpiment", place)
			case c.ReducedPoints <= without.Value() || c.ReducedPoints >= c.Points:
				bad("%s: field reduced_points is %d; want more than the other minerals (%d) and less than points (%d)", place, c.ReducedPoints, without.Value(), c.Points)
			}
		}
		if rc.Reconstructed == nil {
			bad("%s: field reconstructed is missing", place)
		} else {
			c.Reconstructed = *rc.Reconstructed
		}
		p.Cards = append(p.Cards, c)
	}
	if singles < 4 {
		bad("cards: %d cards of the %s deck; at least 4 are needed for the face-up row", singles, DeckSingle)
	}
	if len(raw.Tools) != int(NumMinerals) {
		bad("tools: the pack has %d tool tiles; want %d (white, blue, pink, black, golden)", len(raw.Tools), NumMinerals)
	}
	usedTool := map[string]string{}
	for i, rt := range raw.Tools {
		if i >= int(NumMinerals) {
			break
		}
		m := Mineral(i)
		place := fmt.Sprintf("tool tile %d (%s)", i+1, rt.Tile)
		if rt.Tile != m.Color() {
			bad("%s: field tile is %q; tile %d must be %s", place, rt.Tile, i+1, m.Color())
		}
		if len(rt.Sides) != 2 {
			bad("%s: field sides has %d sides; want A and B", place, len(rt.Sides))
		}
		for side, name := range []string{"A", "B"} {
			rs, ok := rt.Sides[name]
			if !ok {
				bad("%s: side %s is missing", place, name)
				continue
			}
			sp := fmt.Sprintf("%s side %s (%s)", place, name, rs.ID)
			id := slices.Index(toolIDs[:], rs.ID)
			if id < 0 {
				bad("%s: field id %q is not a tool (%s)", sp, rs.ID, strings.Join(toolIDs[:], ", "))
				continue
			}
			if prev, dup := usedTool[rs.ID]; dup {
				bad("%s: tool %s is already on %s", sp, rs.ID, prev)
			}
			usedTool[rs.ID] = sp
			if rs.Name == "" || rs.Text == "" {
				bad("%s: fields name and text must not be empty", sp)
			}
			if rs.Reconstructed == nil {
				bad("%s: field reconstructed is missing", sp)
				continue
			}
			p.Tiles[m][side] = ToolSide{Tool: ToolID(id), Name: rs.Name, Text: rs.Text, Reconstructed: *rs.Reconstructed}
		}
	}
	for i, rb := range raw.Boards {
		if rb.Name == "" || rb.Name == "random" {
			bad("board %d: field name %q is empty or reserved", i+1, rb.Name)
			continue
		}
		if _, dup := p.Board(rb.Name); dup {
			bad("board %d (%s): field name is used by an earlier board", i+1, rb.Name)
			continue
		}
		l, err := layoutFromRows(rb.Name, rb.Rows)
		if err != nil {
			bad("board %d (%s): %v", i+1, rb.Name, err)
			continue
		}
		p.Boards = append(p.Boards, l)
	}
	if len(p.Boards) == 0 {
		bad("boards: the pack has no preset board")
	}
	if err := errors.Join(errs...); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "component pack: %v", err)
	}
	return p, nil
}

// DefaultPack returns the embedded component pack. It panics only if the
// embedded pack is broken, which the package's tests prove it is not.
func DefaultPack() *Pack {
	p, err := LoadPack(bytes.NewReader(embeddedPack))
	if err != nil {
		panic(fmt.Sprintf("minerals: embedded pack: %v", err))
	}
	return p
}
