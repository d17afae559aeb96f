package tf22

// The dense action space. Blocks are laid out in the order of the rulebook:
// set-up first, then the actions A–K, then the symbol-card and Ranium
// placement answers, and last the symbol cards that chance draws. Within a block, crew-specific actions are ordered by
// crew color (white, red, blue, yellow) and then by target.
const (
	actKeep     = 0                       // the start player ends the card swaps
	actSwap     = actKeep + 1             // + i*32 + j: swap the ring cards at ring indices i < j
	actChoose   = actSwap + 32*32         // + color: take the crew of that color
	actTurn     = actChoose + numColors   // A: + pos
	actFlipLong = actTurn + numPos        // B: + pos
	actFlipShrt = actFlipLong + numPos    // C: + pos
	actMove     = actFlipShrt + numPos    // D: + crew*36 + pos
	actSwitch   = actMove + 4*numPos      // E: + crew*4 + color
	actCollect  = actSwitch + 4*numColors // F: + crew
	actSteal    = actCollect + 4          // G: + crew*4 + defending crew
	actLoader   = actSteal + 4*4          // H: + loader*2 + (0 forward, 1 back)
	actDeliver  = actLoader + numLoader*2 // I: + crew
	actSecret   = actDeliver + 4          // J: + crew*36 + pos
	actTrap     = actSecret + 4*numPos    // K: + crew*36 + pos
	actCard     = actTrap + 4*numPos      // + value-2: play or reveal a symbol card (strategy variant)
	actPlace    = actCard + numValues     // + pos: put a delivered Ranium on this inner-ring card
	actDraw     = actPlace + numPos       // + value-2: chance reveals this symbol card (luck and standard variants)
	numActions  = actDraw + numValues
)

// kind names an action block.
type kind uint8

const (
	kindKeep kind = iota
	kindSwap
	kindChoose
	kindTurn
	kindFlipLong
	kindFlipShort
	kindMove
	kindSwitch
	kindCollect
	kindSteal
	kindLoader
	kindDeliver
	kindSecret
	kindTrap
	kindCard
	kindPlace
	kindDraw
	kindInvalid
)

var blockStart = [...]int{actKeep, actSwap, actChoose, actTurn, actFlipLong, actFlipShrt, actMove, actSwitch,
	actCollect, actSteal, actLoader, actDeliver, actSecret, actTrap, actCard, actPlace, actDraw, numActions}

// decoded is an action split into its block and arguments.
type decoded struct {
	kind kind
	crew int // crew color, or the first ring index of a swap, or the loader
	arg  int // position, color, defending crew, direction, value index, or second ring index
}

func decode(a int) decoded {
	if a < 0 || a >= numActions {
		return decoded{kind: kindInvalid}
	}
	k := kind(0)
	for blockStart[k+1] <= a {
		k++
	}
	off := a - blockStart[k]
	switch k {
	case kindSwap:
		return decoded{k, off / 32, off % 32}
	case kindMove, kindSecret, kindTrap:
		return decoded{k, off / numPos, off % numPos}
	case kindSwitch, kindSteal:
		return decoded{k, off / 4, off % 4}
	case kindCollect, kindDeliver:
		return decoded{k, off, 0}
	case kindLoader:
		return decoded{k, off / 2, off % 2}
	}
	return decoded{k, 0, off}
}

// cost is the ore an action of kind k costs on a turn.
func (k kind) cost() int8 {
	switch k {
	case kindSecret:
		return 3
	case kindTrap:
		return 2
	case kindTurn, kindFlipLong, kindFlipShort, kindMove, kindSwitch, kindCollect, kindSteal, kindLoader, kindDeliver:
		return 1
	}
	return 0
}

// letter is the rulebook's letter of an action kind.
func (k kind) letter() string {
	if k >= kindTurn && k <= kindTrap {
		return string(rune('A' + int(k-kindTurn)))
	}
	return ""
}
