package hammertime

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// Filling is the player's choice in steps 4 and 5 of a turn: how many of
// the fallen gems of each color go into the top wagon, how many white gems
// serve as jokers, and how many mission cards complete it. Gems of one color
// are interchangeable, and so are the slots of one color, so these counts
// are the whole choice.
type Filling struct {
	Gems     [numColors]int8 // fallen gems put into the wagon, by color (never black)
	Missions int8            // mission cards used as white gems; only to complete the wagon
}

// fillParts is the order of a filling's counts in its notation and in its
// action number: the four slot colors, the white jokers, the mission cards.
var fillParts = [...]string{"blue", "green", "yellow", "red", "white", "missions"}

const (
	numFillParts = len(fillParts)
	maxSlots     = 6 // a wagon has at most 6 slots, so a filling places at most 6
)

// parts returns the filling's counts in the order of fillParts.
func (f Filling) parts() [numFillParts]int8 {
	return [numFillParts]int8{f.Gems[Blue], f.Gems[Green], f.Gems[Yellow], f.Gems[Red], f.Gems[White], f.Missions}
}

// fillingOf is the inverse of Filling.parts.
func fillingOf(c [numFillParts]int8) Filling {
	var f Filling
	f.Gems[Blue], f.Gems[Green], f.Gems[Yellow], f.Gems[Red], f.Gems[White], f.Missions = c[0], c[1], c[2], c[3], c[4], c[5]
	return f
}

// placed returns the number of gems the filling puts into the wagon.
func (f Filling) placed() int8 {
	n := int8(0)
	for _, k := range f.Gems {
		n += k
	}
	return n
}

// tuplesUpTo returns the number of k-tuples of counts (each 0 or more)
// whose sum is at most n: the binomial coefficient C(n+k, k).
func tuplesUpTo(k, n int) int {
	if n < 0 {
		return 0
	}
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n + i) / i
	}
	return c
}

// numFillings is the number of fillings that place at most maxSlots gems
// and cards: the size of the filling part of the action space.
var numFillings = tuplesUpTo(numFillParts, maxSlots)

// fillingTable lists every filling by its rank, in lexicographic order of
// its counts (blue first): the order of the fill actions.
var fillingTable = func() [][numFillParts]int8 {
	out := make([][numFillParts]int8, 0, numFillings)
	var c [numFillParts]int8
	var walk func(i, left int)
	walk = func(i, left int) {
		if i == numFillParts {
			out = append(out, c)
			return
		}
		for v := 0; v <= left; v++ {
			c[i] = int8(v)
			walk(i+1, left-v)
		}
	}
	walk(0, maxSlots)
	return out
}()

// fillRank returns the rank of a filling's counts in fillingTable, or -1
// when they place more than maxSlots or a count is negative.
func fillRank(c [numFillParts]int8) int {
	left, rank := maxSlots, 0
	for i, v := range c {
		if v < 0 || int(v) > left {
			return -1
		}
		for u := 0; u < int(v); u++ {
			rank += tuplesUpTo(numFillParts-1-i, left-u)
		}
		left -= int(v)
	}
	return rank
}

// FillAction returns the action number of filling f, and false when f
// places more than a wagon's 6 slots or has a negative count.
func FillAction(f Filling) (game.Action, bool) {
	if f.Gems[Black] != 0 {
		return 0, false
	}
	r := fillRank(f.parts())
	if r < 0 {
		return 0, false
	}
	return actFill + game.Action(r), true
}

// decodeFill is the inverse of FillAction for a fill action.
func decodeFill(a game.Action) Filling { return fillingOf(fillingTable[a-actFill]) }

// String returns the filling's notation: "fill blue 1 red 1 white 1
// missions 1", counts of zero left out, "fill nothing" when it places
// nothing.
func (f Filling) String() string {
	var b strings.Builder
	b.WriteString("fill")
	for i, v := range f.parts() {
		if v != 0 {
			fmt.Fprintf(&b, " %s %d", fillParts[i], v)
		}
	}
	if b.Len() == len("fill") {
		b.WriteString(" nothing")
	}
	return b.String()
}

// parseFilling reads the words after "fill": "nothing", or pairs of a part
// (blue, green, yellow, red, white, missions) and a count, each part at
// most once, in any order.
func parseFilling(words []string) (Filling, error) {
	if len(words) == 1 && words[0] == "nothing" {
		return Filling{}, nil
	}
	if len(words) == 0 || len(words)%2 != 0 {
		return Filling{}, fmt.Errorf(`a filling is written "fill" and pairs of a color and a count, for example "fill blue 1 white 2 missions 1", or "fill nothing"`)
	}
	var c [numFillParts]int8
	var seen [numFillParts]bool
	total := 0
	for i := 0; i < len(words); i += 2 {
		w := words[i]
		if w == "mission" {
			w = "missions"
		}
		k := -1
		for j, name := range fillParts {
			if name == w {
				k = j
			}
		}
		if k < 0 {
			if w == "black" {
				return Filling{}, fmt.Errorf("black gems fill no wagon")
			}
			return Filling{}, fmt.Errorf("%q is not blue, green, yellow, red, white or missions", words[i])
		}
		if seen[k] {
			return Filling{}, fmt.Errorf("%s is named twice", w)
		}
		seen[k] = true
		v, err := strconv.Atoi(words[i+1])
		if err != nil || v < 0 || v > maxSlots {
			return Filling{}, fmt.Errorf("the count of %s, %q, is not a whole number from 0 to %d", w, words[i+1], maxSlots)
		}
		c[k] = int8(v)
		total += v
	}
	if total > maxSlots {
		return Filling{}, fmt.Errorf("%d gems and cards do not fit: a wagon has at most %d slots", total, maxSlots)
	}
	return fillingOf(c), nil
}

// fillLimits is what the current player may put into the top wagon now:
// the fallen gems by color, the free slots by color and in all, and the
// mission cards held.
type fillLimits struct {
	wagon  *WagonCard
	fallen [numColors]int8
	free   [numColors]int8 // free slots of each color (white: none of its own)
	empty  int8            // empty slots in all
	held   int8
}

// fillLimits returns the current player's limits for the filling.
func (s *State) fillLimits() fillLimits {
	st := &s.seats[s.current]
	w := &s.pack.Wagons[st.pile[st.top]]
	placed, total := s.wagonContent(s.current)
	l := fillLimits{wagon: w, empty: w.total - total, held: st.numHeld}
	for c := Blue; c <= Red; c++ {
		l.free[c] = w.slots[c] - placed[c]
	}
	for i := range s.gems {
		if s.gems[i].Holder == Fallen {
			l.fallen[GemColor(i)]++
		}
	}
	return l
}

// check returns nil when f is a legal filling under l, else why not. Its
// sentences say a count of one in the singular (reasons.go translates
// each form).
func (l *fillLimits) check(f Filling) error {
	if f.Gems[Black] > 0 {
		return fmt.Errorf("black gems fill no wagon")
	}
	for c := White; c <= Red; c++ {
		if f.Gems[c] > l.fallen[c] {
			if l.fallen[c] == 1 {
				return fmt.Errorf("1 %s gem fell, not %d", c, f.Gems[c])
			}
			return fmt.Errorf("%d %s gems fell, not %d", l.fallen[c], c, f.Gems[c])
		}
		if c != White && f.Gems[c] > l.free[c] {
			if l.free[c] == 1 {
				return fmt.Errorf("your wagon %s has 1 free %s slot, not %d (white gems can take the others)", l.wagon.ID, c, f.Gems[c])
			}
			return fmt.Errorf("your wagon %s has %d free %s slots, not %d (white gems can take the others)", l.wagon.ID, l.free[c], c, f.Gems[c])
		}
	}
	n := f.placed()
	if n > l.empty {
		if l.empty == 1 {
			return fmt.Errorf("your wagon %s has 1 empty slot, and the filling puts %d gems in it", l.wagon.ID, n)
		}
		return fmt.Errorf("your wagon %s has %d empty slots, and the filling puts %d gems in it", l.wagon.ID, l.empty, n)
	}
	if f.Missions > 0 {
		switch {
		case f.Missions <= l.held:
		case l.held == 0:
			return fmt.Errorf("you hold no mission cards")
		case l.held == 1:
			return fmt.Errorf("you hold 1 mission card, not %d", f.Missions)
		default:
			return fmt.Errorf("you hold %d mission cards, not %d", l.held, f.Missions)
		}
		if sum := n + f.Missions; sum != l.empty {
			if l.empty == 1 {
				return fmt.Errorf("mission cards may only complete the wagon: its only empty slot takes exactly 1 gem or card, not %d", sum)
			}
			return fmt.Errorf("mission cards may only complete the wagon: its %d empty slots take exactly %d gems and cards, not %d", l.empty, l.empty, sum)
		}
	}
	return nil
}

// appendFillings appends every legal filling's action under l, ascending.
func (l *fillLimits) appendFillings(dst []game.Action) []game.Action {
	lim := func(c Color) int8 { return min(l.fallen[c], l.free[c]) }
	var f Filling
	for b := int8(0); b <= lim(Blue); b++ {
		f.Gems[Blue] = b
		for g := int8(0); g <= lim(Green); g++ {
			f.Gems[Green] = g
			for y := int8(0); y <= lim(Yellow); y++ {
				f.Gems[Yellow] = y
				for r := int8(0); r <= lim(Red); r++ {
					f.Gems[Red] = r
					colored := b + g + y + r
					if colored > l.empty {
						continue
					}
					for w := int8(0); w <= min(l.fallen[White], l.empty-colored); w++ {
						f.Gems[White] = w
						f.Missions = 0
						a, _ := FillAction(f)
						dst = append(dst, a)
						if rest := l.empty - colored - w; rest > 0 && rest <= l.held {
							f.Missions = rest
							a, _ = FillAction(f)
							dst = append(dst, a)
						}
					}
				}
			}
		}
	}
	return dst
}

// suggest returns the default filling, the one the bots choose: as many
// gems of the slots' colors as fit, then as many white jokers as fit, then
// mission cards when they complete the wagon.
func (l *fillLimits) suggest() Filling {
	var f Filling
	left := l.empty
	for c := Blue; c <= Red; c++ {
		f.Gems[c] = min(l.fallen[c], l.free[c], left)
		left -= f.Gems[c]
	}
	f.Gems[White] = min(l.fallen[White], left)
	left -= f.Gems[White]
	if left > 0 && left <= l.held {
		f.Missions = left
	}
	return f
}

// SuggestedFilling returns the default filling of the wagon when the
// current player is filling it, and false otherwise.
func (s *State) SuggestedFilling() (Filling, bool) {
	if s.phase != PhaseFill {
		return Filling{}, false
	}
	l := s.fillLimits()
	return l.suggest(), true
}

// applyFilling puts f's gems into the current player's top wagon (of each
// color the fallen gems with the lowest numbers), returns the other fallen
// gems to the tray, completes the wagon with f's mission cards, turns a
// full wagon over and ends the turn.
func (s *State) applyFilling(f Filling) {
	want := f.Gems
	var unused [NumGems]int8
	nu := 0
	for i := range s.gems {
		if s.gems[i].Holder != Fallen {
			continue
		}
		if c := GemColor(i); want[c] > 0 {
			want[c]--
			s.gems[i].Holder = s.current
			continue
		}
		unused[nu] = int8(i)
		nu++
	}
	s.returnGems(unused[:nu])
	st := &s.seats[s.current]
	if f.Missions > 0 {
		s.useMissions(f.Missions)
	}
	if _, total := s.wagonContent(s.current); f.Missions > 0 || total == s.pack.Wagons[st.pile[st.top]].total {
		s.turnWagon()
	}
	s.endTurn()
}
