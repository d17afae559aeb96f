package tf22

import (
	"minehall/game"
)

// View is what one seat (or a spectator) sees. Symbol cards show only
// public facts for other seats: how many cards are in a pile or hand and
// which cards were revealed; a seat sees its own hand in the strategy
// variant. No view holds anything hidden: the state keeps no pile order
// and no generator, and the only secret, the attacker's face-down card in
// the strategy variant, is shown to the attacker alone. Seats are numbered
// from 0 here, as in the notation and the API; the app shows them from 1.
type View struct {
	Seat    int    `json:"seat"` // the viewer; -3 for a spectator
	Players int    `json:"players"`
	Variant string `json:"variant"`
	Phase   string `json:"phase"`
	// ToAct is the seat to act; -1 when no seat acts: while chance draws
	// a symbol card (see DrawFor) and when the game is over.
	ToAct int `json:"to_act"`
	// DrawFor is the seat whose symbol card chance draws now, -1 none.
	DrawFor    int             `json:"draw_for"`
	Active     int             `json:"active"`
	Ore        int             `json:"ore"`
	Turn       int             `json:"turn"`
	RoundLimit int             `json:"round_limit"`
	Goal       int             `json:"goal"`
	SwapsLeft  int             `json:"swaps_left"`
	Cards      []CardView      `json:"cards"`
	Crews      []CrewView      `json:"crews"`
	Loaders    []LoaderView    `json:"loaders"`
	Seats      []SeatView      `json:"seats"`
	Combat     *CombatView     `json:"combat,omitempty"`
	LastCombat *LastCombatView `json:"last_combat,omitempty"`
	FreeAction int             `json:"free_action"` // seat owed a free action, -1 none
	Delivered  []int           `json:"delivered"`   // Ranium each seat has delivered this turn (at most 2)
	Placement  *PlacementView  `json:"placement,omitempty"`
	Winner     int             `json:"winner"` // -1 none
	// SeatColors is each seat's player color: the color of its crew (with
	// two players, of the crew it chose first, whose symbol cards it holds),
	// "" while the seat has chosen no crew. A client draws everything of a
	// seat in it.
	SeatColors []string `json:"seat_colors"`
	// Costs is the ore each action A to K costs, by letter, as printed.
	Costs map[string]int `json:"costs"`
	// SymbolCards lists, by player color, the symbol shown by its symbol
	// cards of values 2 to 6 (index value-2): printed, public facts.
	SymbolCards map[string][]string `json:"symbol_cards"`
}

// CardView is one mine card as it lies.
type CardView struct {
	Row     int               `json:"row"`
	Col     int               `json:"col"`
	ID      string            `json:"id"`
	Ring    string            `json:"ring"`
	Side    string            `json:"side"`
	Turned  bool              `json:"turned"`
	Tunnels map[string]string `json:"tunnels"` // visible exits per color
	// Faint is the hidden side's tunnels as they show faintly through the
	// card (exits per color, as the card lies): the rulebook's "so als
	// würde man durch die Karte hindurchsehen".
	Faint  map[string]string `json:"faint"`
	Symbol string            `json:"symbol,omitempty"`
	Ranium bool              `json:"ranium"`
}

// CrewView is one crew and its base.
type CrewView struct {
	Color   string `json:"color"`
	Owner   int    `json:"owner"` // -1 before it is chosen
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Tunnel  string `json:"tunnel"`
	Ranium  int    `json:"ranium"`
	BaseRow int    `json:"base_row"`
	BaseCol int    `json:"base_col"`
}

// LoaderView is one loader at its dock, with the docks one step forward
// (clockwise) and back, where action H takes it.
type LoaderView struct {
	Loader  int      `json:"loader"` // 1 to 3
	Dock    int      `json:"dock"`
	Row     int      `json:"row"`
	Col     int      `json:"col"`
	Edge    string   `json:"edge"`
	Forward DockView `json:"forward"`
	Back    DockView `json:"back"`
}

// DockView is a dock on the planet's surface: its number (0 to 23,
// clockwise from the top-left card's north edge) and the card edge it
// lies at.
type DockView struct {
	Dock int    `json:"dock"`
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Edge string `json:"edge"`
}

// SeatView is a seat's public standing, plus its own hand for the viewer.
type SeatView struct {
	Seat        int      `json:"seat"`
	Crews       []string `json:"crews"`
	SymbolColor string   `json:"symbol_color,omitempty"`
	Markers     int      `json:"markers"`
	PileCount   int      `json:"pile_count"` // standard variant
	HandCount   int      `json:"hand_count"` // strategy variant
	Revealed    []int    `json:"revealed"`   // cards out of the pile or hand since the last reshuffle or refill
	Hand        []int    `json:"hand,omitempty"`
	LastCard    int      `json:"last_card"` // 0 none
	// Breakdown says, per crew of the seat, what won its markers: the
	// markers of its crews add up to Markers.
	Breakdown []CrewScoreView `json:"breakdown"`
}

// CrewScoreView is what a crew did for its seat's score: the markers its
// deliveries of White Ranium won (one per unit delivered), how many
// deliveries it made, and the combats it fought as attacker and as
// defender, with those it won.
type CrewScoreView struct {
	Crew        string `json:"crew"`
	Markers     int    `json:"markers"`
	Deliveries  int    `json:"deliveries"`
	Attacks     int    `json:"attacks"`
	AttacksWon  int    `json:"attacks_won"`
	Defenses    int    `json:"defenses"`
	DefensesWon int    `json:"defenses_won"`
}

// CombatView is a combat waiting for symbol cards: drawn by chance (luck
// and standard variants) or chosen from the hands (strategy variant).
type CombatView struct {
	Attacker     string `json:"attacker"`
	Defender     string `json:"defender"`
	AttackerDone bool   `json:"attacker_done"` // the attacker's card is drawn or laid
	// AttackerCard is the attacker's card once it is out: a drawn card is
	// face up for everyone; a card laid from the hand (strategy variant)
	// lies face down and is shown to the attacker's own seat only.
	AttackerCard int `json:"attacker_card,omitempty"`
}

// LastCombatView is the outcome of the most recent combat.
type LastCombatView struct {
	Number        int    `json:"number"` // 1 for the game's first combat, 2 for the second, …
	Attacker      string `json:"attacker"`
	Defender      string `json:"defender"`
	AttackerCard  int    `json:"attacker_card"`
	DefenderCard  int    `json:"defender_card"`
	AttackerValue int    `json:"attacker_value"`
	DefenderValue int    `json:"defender_value"`
}

// PlacementView is delivered Ranium waiting to be re-placed.
type PlacementView struct {
	Placer    int    `json:"placer"`
	Remaining int    `json:"remaining"`
	Symbol    string `json:"symbol,omitempty"`
}

var phaseNames = [4]string{"swap", "choose", "turn", "over"}

// View returns what p sees.
func (s *State) View(p game.Player) any {
	v := &View{
		Seat: int(p), Players: int(s.n), Variant: variantNames[s.variant], Phase: phaseNames[s.phase],
		ToAct: -1, DrawFor: -1, Active: int(s.active), Ore: int(s.ore), Turn: int(s.turns),
		RoundLimit: int(s.roundLimit), Goal: int(s.goal()), SwapsLeft: int(s.swapsLeft),
		FreeAction: int(s.freeSeat), Winner: int(s.winner), Delivered: make([]int, s.n),
		SeatColors: make([]string, s.n), Costs: actionCosts(), SymbolCards: s.pack.symbolCards(),
	}
	if a := s.actor(); a >= 0 {
		v.ToAct = int(a)
	}
	if s.drawing() {
		v.DrawFor = int(s.drawSeat())
	}
	for seat := range v.Delivered {
		v.Delivered[seat] = int(s.delivered[seat])
	}
	for pos := range numPos {
		id := s.card[pos]
		cv := CardView{Row: pos / gridSize, Col: pos % gridSize, ID: s.pack.cardIDs[id],
			Ring: [3]string{"center", "inner", "outer"}[ringOf(pos)], Side: "front",
			Turned: s.orient[pos]&orientTurned != 0, Tunnels: map[string]string{}, Ranium: s.ranium&(1<<pos) != 0}
		if s.orient[pos]&orientBack != 0 {
			cv.Side = "back"
		}
		cv.Faint = map[string]string{}
		faint := s.pack.faint(id, s.orient[pos])
		for col := range numColors {
			if m := s.exitsOf(pos, col); m != 0 {
				cv.Tunnels[colorNames[col]] = exitLetters(m)
			}
			if m := uint8(faint>>(4*col)) & 15; m != 0 {
				cv.Faint[colorNames[col]] = exitLetters(m)
			}
		}
		if sym := s.pack.symbol[id]; sym >= 0 {
			cv.Symbol = s.pack.symbols[sym]
		}
		v.Cards = append(v.Cards, cv)
	}
	for k := range numColors {
		if s.crewPos[k] < 0 {
			continue
		}
		v.Crews = append(v.Crews, CrewView{Color: colorNames[k], Owner: int(s.crewOwner[k]),
			Row: int(s.crewPos[k]) / gridSize, Col: int(s.crewPos[k]) % gridSize, Tunnel: colorNames[s.crewTunnel[k]],
			Ranium: int(s.crewRanium[k]), BaseRow: centerPos[k] / gridSize, BaseCol: centerPos[k] % gridSize})
	}
	for l, d := range s.loader {
		at := s.pack.dockView(int(d))
		v.Loaders = append(v.Loaders, LoaderView{Loader: l + 1, Dock: at.Dock, Row: at.Row, Col: at.Col, Edge: at.Edge,
			Forward: s.pack.dockView((int(d) + 1) % numDocks), Back: s.pack.dockView((int(d) + numDocks - 1) % numDocks)})
	}
	for seat := range s.n {
		sv := SeatView{Seat: int(seat), Crews: []string{}, Markers: int(s.markers[seat]), Revealed: []int{}, Breakdown: []CrewScoreView{}}
		for k := range numColors {
			if s.crewOwner[k] == seat {
				sv.Crews = append(sv.Crews, colorNames[k])
				t := s.tally[k]
				sv.Breakdown = append(sv.Breakdown, CrewScoreView{Crew: colorNames[k], Markers: int(t.markers), Deliveries: int(t.deliveries),
					Attacks: int(t.attacks), AttacksWon: int(t.attacksWon), Defenses: int(t.defenses), DefensesWon: int(t.defensesWon)})
			}
		}
		if c := s.seatColor[seat]; c >= 0 {
			sv.SymbolColor = colorNames[c]
			v.SeatColors[seat] = colorNames[c]
		}
		if lc := s.lastCard[seat]; lc >= 0 {
			sv.LastCard = int(lc) + minValue
		}
		if s.phase >= phaseTurn {
			dk := s.deck[seat]
			held := dk.Avail
			pending := s.variant == variantStrategy && s.fight.Stage == combatDefenderCard && s.crewOwner[s.fight.Attacker] == seat
			if pending {
				held |= 1 << s.fight.Card
			}
			switch s.variant {
			case variantStandard:
				sv.PileCount = popcount8(dk.Avail)
			case variantStrategy:
				sv.HandCount = popcount8(dk.Avail)
				if int(seat) == int(p) {
					sv.Hand = valuesOf(dk.Avail)
				}
			}
			if s.variant != variantLuck {
				sv.Revealed = valuesOf(^held & (1<<numValues - 1))
			}
		}
		v.Seats = append(v.Seats, sv)
	}
	if s.fight.Stage != combatNone {
		cv := &CombatView{Attacker: colorNames[s.fight.Attacker], Defender: colorNames[s.fight.Defender],
			AttackerDone: s.fight.Stage == combatDefenderCard}
		if cv.AttackerDone && (s.variant != variantStrategy || int(s.crewOwner[s.fight.Attacker]) == int(p)) {
			cv.AttackerCard = int(s.fight.Card) + minValue
		}
		v.Combat = cv
	}
	if lf := s.lastFight; lf.Attacker >= 0 {
		v.LastCombat = &LastCombatView{Number: int(s.combats), Attacker: colorNames[lf.Attacker], Defender: colorNames[lf.Defender],
			AttackerCard: int(lf.AttackerCard), DefenderCard: int(lf.DefendCard),
			AttackerValue: int(lf.AttackerValue), DefenderValue: int(lf.DefValue)}
	}
	if s.placeCount > 0 {
		pv := &PlacementView{Placer: int(s.placer), Remaining: int(s.placeCount)}
		if s.placeSym >= 0 {
			pv.Symbol = s.pack.symbols[s.placeSym]
		}
		v.Placement = pv
	}
	return v
}

// actionCosts returns the ore each action costs, by its letter.
func actionCosts() map[string]int {
	m := make(map[string]int, kindTrap-kindTurn+1)
	for k := kindTurn; k <= kindTrap; k++ {
		m[k.letter()] = int(k.cost())
	}
	return m
}

// symbolCards returns, by player color, the symbols of its symbol cards of
// values 2 to 6.
func (c *compiledPack) symbolCards() map[string][]string {
	m := make(map[string][]string, numColors)
	for col := range numColors {
		syms := make([]string, numValues)
		for v, si := range c.symbolOf[col] {
			if si >= 0 {
				syms[v] = c.symbols[si]
			}
		}
		m[colorNames[col]] = syms
	}
	return m
}

// faint returns the exits of card id's hidden side as they show through
// the card lying in orientation o: that side's exits mirrored over the
// card's long axis (north and south swap, as a flip over the long side
// swaps them), turned with the card.
func (c *compiledPack) faint(id int8, o uint8) uint16 {
	m := c.exits[id][1-(o&orientBack)>>1]
	var out uint16
	for col := range numColors {
		x := uint8(m>>(4*col)) & 15
		x = x&^(edgeN|edgeS) | (x&edgeN)<<2 | (x&edgeS)>>2
		if o&orientTurned != 0 {
			x = rot180(x)
		}
		out |= uint16(x) << (4 * col)
	}
	return out
}

// dockView returns dock d as a view.
func (c *compiledPack) dockView(d int) DockView {
	dk := c.docks[d]
	return DockView{Dock: d, Row: int(dk.pos) / gridSize, Col: int(dk.pos) % gridSize, Edge: string(edgeLetters[bitIndex(dk.edge)])}
}

func exitLetters(m uint8) string {
	var b []byte
	for i, e := range edgeLetters {
		if m&(1<<i) != 0 {
			b = append(b, e)
		}
	}
	return string(b)
}

func valuesOf(mask uint8) []int {
	vs := []int{}
	for v := range numValues {
		if mask&(1<<v) != 0 {
			vs = append(vs, v+minValue)
		}
	}
	return vs
}

// InfoKey returns a compact key of what p sees: the planet, the pieces,
// the public symbol-card facts of every seat, and p's own secrets (its hand,
// and its face-down combat card). Two states have the same key exactly when
// p's views of them are the same.
func (s *State) InfoKey(p game.Player) string {
	var b [160]byte
	k := b[:0]
	for pos := range numPos {
		k = append(k, byte(s.card[pos])<<2|s.orient[pos])
	}
	for i := range 8 {
		k = append(k, byte(s.ranium>>(8*i)))
	}
	for c := range numColors {
		k = append(k, byte(s.crewPos[c]), byte(s.crewTunnel[c]), byte(s.crewOwner[c]), byte(s.crewRanium[c]))
	}
	for _, l := range s.loader {
		k = append(k, byte(l))
	}
	pending := s.variant == variantStrategy && s.fight.Stage == combatDefenderCard
	for seat := range 4 {
		held := s.deck[seat].Avail
		if pending && s.crewOwner[s.fight.Attacker] == int8(seat) {
			held |= 1 << s.fight.Card
		}
		k = append(k, byte(s.markers[seat]), byte(s.seatColor[seat]), byte(s.lastCard[seat]), held)
	}
	if s.variant != variantStrategy {
		k = append(k, byte(s.fight.Card)) // a drawn card lies face up
	}
	lf := s.lastFight
	k = append(k, s.phase, byte(s.active), byte(s.ore), byte(s.turns), byte(s.turns>>8), byte(s.swapsLeft), byte(s.chooseStep),
		s.fight.Stage, byte(s.fight.Attacker), byte(s.fight.Defender),
		byte(lf.Attacker), byte(lf.Defender), byte(lf.AttackerCard), byte(lf.DefendCard), byte(lf.AttackerValue), byte(lf.DefValue),
		byte(s.freeSeat), byte(s.placer), byte(s.placeCount), byte(s.placeSym), byte(s.winner), byte(p),
		byte(s.delivered[0]), byte(s.delivered[1]), byte(s.delivered[2]), byte(s.delivered[3]),
		byte(s.combats), byte(s.combats>>8))
	if p >= 0 && int(p) < int(s.n) && s.variant == variantStrategy {
		k = append(k, s.deck[p].Avail)
		if pending && s.crewOwner[s.fight.Attacker] == int8(p) {
			k = append(k, byte(s.fight.Card))
		}
	}
	return string(k)
}

// hiddenFrom reports whether s holds something p may not see: the
// attacker's face-down card of a strategy combat, unless p is the attacker.
func (s *State) hiddenFrom(p game.Player) bool {
	return s.variant == variantStrategy && s.fight.Stage == combatDefenderCard &&
		game.Player(s.crewOwner[s.fight.Attacker]) != p
}

// Determinize returns a state p cannot tell from s. The one thing a seat
// may not see is the attacker's face-down card in a strategy combat, with
// the attacker's hand that it left: unless p is the attacker, the card is
// redrawn from the cards the attacker may hold, and the rest of that set
// becomes the hand. Piles hold no order and the state no generator (every
// draw is a chance action still to come), so in the luck and standard
// variants the result equals s. Nothing of the result depends on what p
// cannot see.
func (s *State) Determinize(p game.Player, rng *game.Rand) game.State {
	c := *s
	if s.hiddenFrom(p) {
		att := c.crewOwner[c.fight.Attacker]
		pool := c.deck[att].Avail | 1<<c.fight.Card
		pick := rng.IntN(popcount8(pool))
		for v := range numValues {
			if pool&(1<<v) == 0 {
				continue
			}
			if pick == 0 {
				c.fight.Card = int8(v)
				break
			}
			pick--
		}
		c.deck[att].Avail = pool &^ (1 << c.fight.Card)
	}
	return &c
}

// snapshot is the whole state, hidden parts included.
type snapshot struct {
	Players    int8
	Variant    string
	RoundLimit int16
	Phase      uint8
	Cards      [numPos]int8
	Orient     [numPos]uint8
	Ranium     uint64
	CrewPos    [numColors]int8
	CrewTunnel [numColors]int8
	CrewOwner  [numColors]int8
	CrewRanium [numColors]int8
	Loaders    [numLoader]int8
	Markers    [4]int8
	SeatColor  [4]int8
	Decks      [4]symbolDeck
	LastCard   [4]int8
	Active     int8
	Ore        int8
	Turns      int16
	SwapsLeft  int8
	ChooseStep int8
	Fight      combat
	LastFight  combatResult
	FreeSeat   int8
	Delivered  [4]int8 `json:",omitzero"`
	Placer     int8
	PlaceCount int8
	PlaceSym   int8
	Winner     int8
	Total      int8
}

// Snapshot returns the whole state for hashing and debugging.
func (s *State) Snapshot() any {
	return snapshot{
		Players: s.n, Variant: variantNames[s.variant], RoundLimit: s.roundLimit, Phase: s.phase,
		Cards: s.card, Orient: s.orient, Ranium: s.ranium, CrewPos: s.crewPos, CrewTunnel: s.crewTunnel,
		CrewOwner: s.crewOwner, CrewRanium: s.crewRanium, Loaders: s.loader, Markers: s.markers,
		SeatColor: s.seatColor, Decks: s.deck, LastCard: s.lastCard, Active: s.active, Ore: s.ore,
		Turns: s.turns, SwapsLeft: s.swapsLeft, ChooseStep: s.chooseStep, Fight: s.fight, LastFight: s.lastFight,
		FreeSeat: s.freeSeat, Delivered: s.delivered, Placer: s.placer, PlaceCount: s.placeCount, PlaceSym: s.placeSym,
		Winner: s.winner, Total: s.total,
	}
}
