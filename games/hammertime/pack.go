package hammertime

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"minehall/game"
)

//go:embed data/pack.json
var defaultPackJSON []byte

// Color is a gem color. White gems are jokers; black gems fill no wagon but
// count for missions.
type Color int8

// The six gem colors, in the order of the gem numbering (gems 0–9 are white,
// 10–25 blue, and so on).
const (
	White Color = iota
	Blue
	Green
	Yellow
	Red
	Black
	numColors
)

var colorNames = [numColors]string{"white", "blue", "green", "yellow", "red", "black"}

// String returns the color's name.
func (c Color) String() string {
	if c < 0 || c >= numColors {
		return fmt.Sprintf("color(%d)", int(c))
	}
	return colorNames[c]
}

func parseColor(s string) (Color, bool) {
	for i, n := range colorNames {
		if n == s {
			return Color(i), true
		}
	}
	return 0, false
}

// NumGems is the number of gems in the game: 10 white and 16 of each other
// color.
const NumGems = 90

// GemColor returns the color of gem g (0 ≤ g < NumGems).
func GemColor(g int) Color {
	if g < 10 {
		return White
	}
	return Color(1 + (g-10)/16)
}

// MissionKind is what a mission card asks of the gems that fell.
type MissionKind int8

// The five kinds of mission card.
const (
	MissionFew   MissionKind = iota // 1, 2 or 3 gems
	MissionMany                     // 6, 7 or 8 gems
	MissionBlack                    // at least 2 black gems
	MissionEven                     // an even number of gems
	MissionOdd                      // an odd number of gems
	numMissionKinds
)

var missionKindNames = [numMissionKinds]string{"few", "many", "black", "even", "odd"}

// String returns the kind's name as written in the pack.
func (k MissionKind) String() string {
	if k < 0 || k >= numMissionKinds {
		return fmt.Sprintf("mission(%d)", int(k))
	}
	return missionKindNames[k]
}

// Met reports whether the fallen gems (count in all, blacks of them black)
// fulfil a mission of kind k.
func (k MissionKind) Met(count, blacks int) bool {
	switch k {
	case MissionFew:
		return count >= 1 && count <= 3
	case MissionMany:
		return count >= 6 && count <= 8
	case MissionBlack:
		return blacks >= 2
	case MissionEven:
		return count%2 == 0
	case MissionOdd:
		return count%2 == 1
	}
	return false
}

// TraySpec is the box bottom's size and surface, and the gems' contact
// properties.
type TraySpec struct {
	WidthCM       float64 `json:"width_cm"` // the long sides (north and south)
	DepthCM       float64 `json:"depth_cm"` // the short sides (east and west)
	Friction      float64 `json:"friction"` // sliding friction coefficient of a gem on the tray
	GemFriction   float64 `json:"gem_friction"`
	GemElasticity float64 `json:"gem_elasticity"`
	Reconstructed bool    `json:"reconstructed"`
}

// GemSpec is the gems' size seen from above: an elongated hexagon.
type GemSpec struct {
	LengthCM      float64 `json:"length_cm"`
	WidthCM       float64 `json:"width_cm"`
	Reconstructed bool    `json:"reconstructed"`
}

// WagonCard is one wagon card: its owner color and its colored slots.
type WagonCard struct {
	ID            string   `json:"id"`
	Owner         string   `json:"owner"`
	Slots         []string `json:"slots"`
	Reconstructed bool     `json:"reconstructed"`

	slots [numColors]int8 // slots per gem color, filled by validation
	total int8
}

// MissionCard is one mission card.
type MissionCard struct {
	ID            string `json:"id"`
	Kind          string `json:"kind"`
	Reconstructed bool   `json:"reconstructed"`

	kind MissionKind
}

// Pack is the game's component data: the tray, the gems' shape, 16 wagon
// cards (4 per player color) and 9 mission cards. A pack is immutable once
// loaded and may be shared by any number of games.
type Pack struct {
	Name     string        `json:"name"`
	Tray     TraySpec      `json:"tray"`
	Gem      GemSpec       `json:"gem"`
	Wagons   []WagonCard   `json:"wagons"`
	Missions []MissionCard `json:"missions"`

	owners []string // the four owner colors in order of first appearance
	sets   [4][4]int8
}

// DefaultPack returns the embedded reconstructed pack.
func DefaultPack() *Pack {
	p, err := LoadPack(defaultPackJSON)
	if err != nil {
		panic("hammertime: embedded pack: " + err.Error())
	}
	return p
}

// LoadPack decodes and validates a component pack. It refuses unknown
// fields and reports every problem at once, each naming the item and field.
func LoadPack(data []byte) (*Pack, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Pack
	if err := dec.Decode(&p); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "pack is not valid JSON: %v", err)
	}
	if dec.More() {
		return nil, game.Errorf(game.CodeInvalid, "pack has data after its closing brace")
	}
	if err := p.validate(); err != nil {
		return nil, game.Errorf(game.CodeInvalid, "pack %q: %v", p.Name, err)
	}
	return &p, nil
}

func positive(v float64) bool { return v > 0 && !math.IsInf(v, 0) && !math.IsNaN(v) }

func (p *Pack) validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	t := p.Tray
	if !positive(t.WidthCM) || t.WidthCM < 15 || t.WidthCM > 50 {
		bad("tray.width_cm: %v is not between 15 and 50", t.WidthCM)
	}
	if !positive(t.DepthCM) || t.DepthCM < 10 || t.DepthCM > t.WidthCM {
		bad("tray.depth_cm: %v is not between 10 and the width", t.DepthCM)
	}
	if !positive(t.Friction) || t.Friction > 2 {
		bad("tray.friction: %v is not in (0, 2]", t.Friction)
	}
	if !positive(t.GemFriction) || t.GemFriction > 2 {
		bad("tray.gem_friction: %v is not in (0, 2]", t.GemFriction)
	}
	if t.GemElasticity < 0 || t.GemElasticity > 1 || math.IsNaN(t.GemElasticity) {
		bad("tray.gem_elasticity: %v is not in [0, 1]", t.GemElasticity)
	}
	g := p.Gem
	if !positive(g.LengthCM) || g.LengthCM < 0.5 || g.LengthCM > 4 {
		bad("gem.length_cm: %v is not between 0.5 and 4", g.LengthCM)
	}
	if !positive(g.WidthCM) || g.WidthCM > g.LengthCM {
		bad("gem.width_cm: %v is not positive and at most the length", g.WidthCM)
	}
	if len(errs) == 0 {
		// 90 gems must fit on the tray with room to move.
		gemArea := 0.75 * g.LengthCM * g.WidthCM * NumGems
		if gemArea > 0.5*t.WidthCM*t.DepthCM {
			bad("tray: %v × %v cm is too small for 90 gems of %v × %v cm", t.WidthCM, t.DepthCM, g.LengthCM, g.WidthCM)
		}
	}
	if len(p.Wagons) != 16 {
		bad("wagons: %d cards; want 16 (4 per player color)", len(p.Wagons))
	}
	ids := map[string]string{}
	seen := func(id, where string) {
		if id == "" {
			bad("%s: id is empty", where)
			return
		}
		if prev, dup := ids[id]; dup {
			bad("%s: id %q is already used by %s", where, id, prev)
		}
		ids[id] = where
	}
	counts := map[string][]int{}
	for i := range p.Wagons {
		w := &p.Wagons[i]
		where := fmt.Sprintf("wagons[%d] (%s)", i, w.ID)
		seen(w.ID, where)
		if w.Owner == "" {
			bad("%s.owner: empty", where)
		} else {
			if _, ok := counts[w.Owner]; !ok {
				p.owners = append(p.owners, w.Owner)
			}
			counts[w.Owner] = append(counts[w.Owner], i)
		}
		if len(w.Slots) < 4 || len(w.Slots) > 6 {
			bad("%s.slots: %d slots; a wagon has 4 to 6", where, len(w.Slots))
		}
		w.slots = [numColors]int8{}
		for j, s := range w.Slots {
			c, ok := parseColor(s)
			switch {
			case !ok:
				bad("%s.slots[%d]: %q is not a gem color", where, j, s)
			case c == White || c == Black:
				bad("%s.slots[%d]: %s is not a slot color (slots are blue, green, yellow or red)", where, j, s)
			default:
				w.slots[c]++
			}
		}
		w.total = int8(len(w.Slots))
	}
	if len(p.owners) != 4 && len(p.Wagons) == 16 {
		bad("wagons: %d owner colors (%v); want 4", len(p.owners), p.owners)
	}
	total := -1
	for k, o := range p.owners {
		idx := counts[o]
		if len(idx) != 4 {
			bad("wagons of %s: %d cards; want 4", o, len(idx))
			continue
		}
		sum := 0
		for j, i := range idx {
			sum += len(p.Wagons[i].Slots)
			if k < 4 {
				p.sets[k][j] = int8(i)
			}
		}
		if total >= 0 && sum != total {
			bad("wagons of %s: %d slots in all; the other colors have %d (each color's four wagons are alike in total slots)", o, sum, total)
		}
		total = sum
	}
	if len(p.Missions) != 9 {
		bad("missions: %d cards; want 9", len(p.Missions))
	}
	var kinds [numMissionKinds]int
	for i := range p.Missions {
		m := &p.Missions[i]
		where := fmt.Sprintf("missions[%d] (%s)", i, m.ID)
		seen(m.ID, where)
		k := slices.Index(missionKindNames[:], m.Kind)
		if k < 0 {
			bad("%s.kind: %q is not one of few, many, black, even, odd", where, m.Kind)
			continue
		}
		m.kind = MissionKind(k)
		kinds[k]++
	}
	if len(p.Missions) == 9 {
		for k, n := range kinds {
			if n == 0 {
				bad("missions: no card of kind %s (every kind appears)", MissionKind(k))
			}
		}
	}
	return errors.Join(errs...)
}

// Owners returns the four player colors of the wagon sets, seat 0 first.
func (p *Pack) Owners() []string { return slices.Clone(p.owners) }
