package hammertime

import (
	"fmt"
	"slices"

	"minehall/game"
)

// Phase is what the player whose turn it is does next.
type Phase int8

// The phases of a turn.
const (
	PhaseHit  Phase = iota // turn or push the tray, or hit it
	PhaseFill              // fill the top wagon with the fallen gems and mission cards
	PhaseOver              // the game is over
	PhaseRoll              // expert variant: chance rolls the die for the turn's technique
)

var phaseNames = [...]string{"hit", "fill", "over", "roll"}

// Rules limits that the rulebook leaves open (see the rules text).
const (
	maxTrayMoves = 4   // turns and pushes allowed in one turn
	maxRounds    = 100 // a game that has not ended after this many rounds ends
	wakeCount    = 9   // this many fallen gems or more wake the dragon
)

// Action numbers after the hits.
const (
	actTurnLeft  = game.Action(numHits)     // a quarter turn counterclockwise
	actTurnRight = game.Action(numHits + 1) // a quarter turn clockwise
	actPush      = game.Action(numHits + 2) // + side: push toward north, east, south, west
	actFill      = game.Action(numHits + 6) // + the filling's rank (see FillAction)
)

// actRoll + technique - 1 is chance's roll of the die showing technique
// (Handle to EyesClosed), after the fillings.
var actRoll = actFill + game.Action(numFillings)

// The pack's cards: wagons (4 per player color) and mission cards.
const (
	numWagonCards   = 16
	numMissionCards = 9
)

// actRevealWagon + w is chance turning wagon card w (its pack index) face
// up, and actRevealMission + m mission card m, in the drawn piles' rules
// (see [PilesChance]); after the die's faces.
var (
	actRevealWagon   = actRoll + game.Action(numTechniques-1)
	actRevealMission = actRevealWagon + numWagonCards
)

// numActions is the size of the action space: the hits, the tray's turns
// and pushes, the fillings, the die's six faces and the cards chance turns
// face up.
var numActions = actRevealMission + numMissionCards

// RollAction returns the action number of chance's roll of the die showing
// technique t (Handle to EyesClosed), written "roll " and the face's name.
func RollAction(t Technique) game.Action { return actRoll + game.Action(t-1) }

// seat is one player's cards.
type seat struct {
	pile    [4]int8 // wagon cards (pack indices), pile[top] is face up on top
	top     int8    // the number of full wagons; 4 when all are full
	held    [9]int8 // mission cards won, in the order won
	numHeld int8
	// up: with drawn piles, pile[top] has been turned face up; until then
	// pile[top:] is the set of wagons left, in pack order (see
	// [State.pendingReveal]). Unused with piles set at setup.
	up bool
}

// State is a game of Hammer Time in progress.
type State struct {
	pack      *Pack
	n         int8
	expert    bool
	missions  bool
	toWin     int8
	rng       game.Rand
	gems      [NumGems]Gem
	quarter   int8 // quarter turns of the tray, counterclockwise
	seats     [4]seat
	deck      [9]int8 // mission cards, deck[0] face up on top
	deckLen   int8
	deckKnown int8 // the bottom deckKnown cards are in a public order
	current   int8
	phase     Phase
	technique Technique
	moves     int8  // tray turns and pushes this turn
	hits      int16 // hits this turn
	round     int16
	turns     int32 // turns finished
	final     bool  // a player has filled the last wagon: this round is the last
	last      *HitRecord
	lastTurn  int32 // the value of turns when last was made
	// drawn: the drawn piles' rules, piles=chance (see [PilesChance]).
	// The cards of a pile nobody has seen are a set, kept in pack order,
	// and chance draws the next face-up card from it when one is turned
	// up: missionUp says deck[0] was drawn (a pile whose cards are all in
	// a public order needs no draw). presampled marks a determinization
	// whose unseen cards were given an order: it turns them up in that
	// order, as the setup rules do, without chance.
	drawn      bool
	missionUp  bool
	presampled bool
}

// HitRecord is what the last hit, turn or push did, for a client to animate:
// Frames holds, at FPS frames a second, the gems that moved since the
// previous frame as quadruples (gem, x, y, angle) with positions in
// 1/Scale centimeters from the tray's center and angles in milliradians.
//
// What the rules made of the fall: Dragon when the gems fell from a hit
// and were enough to wake the dragon (they went back and the turn ended);
// Mission, after a hit whose gems were checked against the face-up
// mission card, that card's kind, and MissionMet whether the fall
// fulfilled it (the hitter then took the card).
type HitRecord struct {
	Seat       int       `json:"seat"`
	Move       string    `json:"move"`
	Technique  string    `json:"technique,omitempty"`
	Fallen     []int     `json:"fallen"`
	FPS        int       `json:"fps"`
	Scale      int       `json:"scale"`
	Frames     [][]int16 `json:"frames"`
	Dragon     bool      `json:"dragon,omitempty"`
	Mission    string    `json:"mission,omitempty"`
	MissionMet bool      `json:"mission_met,omitempty"`
}

var (
	_ game.State       = (*State)(nil)
	_ game.ChanceState = (*State)(nil)
)

func newState(pack *Pack, cfg game.Config) (*State, error) {
	s := &State{
		pack:     pack,
		n:        int8(cfg.Players),
		expert:   cfg.Options.Bool(optExpert),
		missions: cfg.Options.Bool(optMissions),
		toWin:    int8(cfg.Options.Int(optWagons)),
		rng:      game.NewRand(cfg.Seed),
		drawn:    cfg.Options.String(optPiles) == PilesChance,
	}
	if s.toWin < 1 || s.toWin > 4 {
		return nil, game.Errorf(game.CodeInvalid, "option %s: %d wagons to fill is outside 1 to 4", optWagons, s.toWin)
	}
	if v := cfg.Options.String(optPiles); v != "" && v != PilesSetup && v != PilesChance {
		return nil, game.Errorf(game.CodeInvalid, "option %s: %q is not %s or %s", optPiles, v, PilesSetup, PilesChance)
	}
	setupTray(pack, &s.gems, &s.rng)
	for p := 0; p < int(s.n); p++ {
		set := pack.sets[p]
		if s.drawn {
			slices.Sort(set[:])
		} else {
			s.rng.Shuffle(4, func(i, j int) { set[i], set[j] = set[j], set[i] })
		}
		s.seats[p].pile = set
	}
	s.deckLen = int8(len(pack.Missions))
	for i := range s.deck {
		s.deck[i] = int8(i)
	}
	if !s.drawn {
		s.rng.Shuffle(int(s.deckLen), func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	}
	s.startTurn()
	return s, nil
}

// NumPlayers returns the number of seats.
func (s *State) NumPlayers() int { return int(s.n) }

// NumActions returns the size of the action space.
func (s *State) NumActions() int { return int(numActions) }

// Actors returns the player whose turn it is, [game.Chance] while a card
// is turned face up (drawn piles) or the die is rolled at the start of a
// turn of the expert variant, or nothing when the game is over.
func (s *State) Actors(dst []game.Player) []game.Player {
	switch {
	case s.phase == PhaseOver:
		return dst
	case s.phase == PhaseRoll || s.revealPending():
		return append(dst, game.Chance)
	}
	return append(dst, game.Player(s.current))
}

// ChanceOutcomes appends the die's six faces, each with probability 1/6,
// while the die is to be rolled (RULINGS.md: "The die is a chance event
// the table (and any search) can see: rolled in the open, once per turn,
// before the hit"), and nothing otherwise. The hand's noise inside a hit is
// not a chance node: see the package doc.
//
// While a card is to be turned face up (drawn piles), it appends instead
// each card left in that pile, each equally likely: the draw of a
// shuffled pile's next card.
func (s *State) ChanceOutcomes(dst []game.ChanceOutcome) []game.ChanceOutcome {
	if s.phase != PhaseOver && s.revealPending() {
		return s.appendRevealOutcomes(dst)
	}
	if s.phase != PhaseRoll {
		return dst
	}
	for t := Handle; t < numTechniques; t++ {
		dst = append(dst, game.ChanceOutcome{Action: RollAction(t), Probability: 1 / float64(numTechniques-1)})
	}
	return dst
}

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == PhaseOver }

// Legal appends p's legal actions: in the hit phase every hit and, while
// moves are left, the tray's turns and pushes; in the fill phase every
// legal filling of the top wagon; for [game.Chance] while a card is to be
// turned face up (drawn piles) the cards left in its pile, else in the
// roll phase the die's six faces.
func (s *State) Legal(p game.Player, dst []game.Action) []game.Action {
	if s.phase != PhaseOver && s.revealPending() {
		if p == game.Chance {
			dst = s.appendRevealActions(dst)
		}
		return dst
	}
	if s.phase == PhaseRoll && p == game.Chance {
		for t := Handle; t < numTechniques; t++ {
			dst = append(dst, RollAction(t))
		}
		return dst
	}
	if s.phase == PhaseOver || s.phase == PhaseRoll || p != game.Player(s.current) {
		return dst
	}
	switch s.phase {
	case PhaseHit:
		for a := game.Action(0); a < numHits; a++ {
			dst = append(dst, a)
		}
		if s.moves < maxTrayMoves {
			for a := actTurnLeft; a < actFill; a++ {
				dst = append(dst, a)
			}
		}
	case PhaseFill:
		l := s.fillLimits()
		dst = l.appendFillings(dst)
	}
	return dst
}

// Explain says why p may not take a now, or returns nil.
func (s *State) Explain(p game.Player, a game.Action) error {
	if s.phase == PhaseOver {
		return game.Errorf(game.CodeGameOver, "the game is over")
	}
	if q, ok := s.pendingReveal(); ok {
		switch {
		case p != game.Chance && q >= 0:
			return game.Errorf(game.CodeNotYourTurn, "seat %d's next wagon is turned face up first: chance draws it from the wagons left in the pile", q+1)
		case p != game.Chance:
			return game.Errorf(game.CodeNotYourTurn, "the next mission card is turned face up first: chance draws it from the cards left in the pile")
		case a < actRevealWagon || a >= numActions:
			return game.Errorf(game.CodeIllegal, "%s does not turn a card face up, which chance does now", s.ActionString(p, a))
		}
		return s.explainReveal(a)
	}
	if s.phase == PhaseRoll && p != game.Chance {
		return game.Errorf(game.CodeNotYourTurn, "the die is rolled first: it decides seat %d's technique for this turn", s.current+1)
	}
	if s.phase != PhaseRoll && p == game.Chance {
		return game.Errorf(game.CodeNotYourTurn, "there is no die to roll now: it is seat %d's turn", s.current+1)
	}
	if p != game.Chance && p != game.Player(s.current) {
		return game.Errorf(game.CodeNotYourTurn, "it is seat %d's turn, not seat %s's", s.current+1, seatName(p))
	}
	if a < 0 || a >= numActions {
		return game.Errorf(game.CodeInvalid, "action %d is outside 0 to %d", a, numActions-1)
	}
	if a >= actRevealWagon {
		return s.explainReveal(a)
	}
	if s.phase != PhaseRoll && a >= actRoll {
		return game.Errorf(game.CodeIllegal, "%s is the die's roll, which only chance makes at the start of a turn", s.ActionString(p, a))
	}
	switch s.phase {
	case PhaseRoll:
		if a < actRoll {
			return game.Errorf(game.CodeIllegal, "%s is not a face of the die", s.ActionString(p, a))
		}
	case PhaseHit:
		if a >= actFill {
			return game.Errorf(game.CodeIllegal, "you fill your wagon after gems fall; hit the tray first")
		}
		if a >= actTurnLeft && s.moves >= maxTrayMoves {
			return game.Errorf(game.CodeIllegal, "you have already turned or pushed the tray %d times this turn; hit it now", maxTrayMoves)
		}
	case PhaseFill:
		if a < actFill {
			return game.Errorf(game.CodeIllegal, "gems have already fallen this turn: choose how to fill your wagon, for example %q", s.suggestedString())
		}
		l := s.fillLimits()
		if err := l.check(decodeFill(a)); err != nil {
			return game.Errorf(game.CodeIllegal, "%s is not possible: %v", decodeFill(a), err)
		}
	}
	return nil
}

// seatName returns a seat's number counted from 1, or the name of an actor
// without a seat.
func seatName(p game.Player) string {
	if !p.Seated() {
		return p.String()
	}
	return fmt.Sprint(int(p) + 1)
}

// Apply applies a for p without checking it.
func (s *State) Apply(p game.Player, a game.Action) {
	switch {
	case a >= actRevealWagon:
		s.applyReveal(a)
	case a >= actRoll:
		s.technique = Technique(a-actRoll) + Handle
		s.phase = PhaseHit
	case a < numHits:
		side, pos, str := decodeHit(a)
		m := hitMotion(s.pack.Tray, side, pos, str, s.technique, &s.rng)
		s.hits++
		s.runMotion(a, m, true, nil)
	case a == actTurnLeft || a == actTurnRight:
		dir := 1
		if a == actTurnRight {
			dir = -1
		}
		s.moves++
		s.quarter = int8((int(s.quarter) + dir + 4) % 4)
		s.runMotion(a, turnMotion(dir), false, nil)
	case a < actFill:
		s.moves++
		s.runMotion(a, pushMotion(Side(a-actPush)), false, nil)
	default:
		s.applyFilling(decodeFill(a))
	}
}

// suggestedString returns the notation of the suggested filling, or "" out
// of the fill phase.
func (s *State) suggestedString() string {
	if f, ok := s.SuggestedFilling(); ok {
		return f.String()
	}
	return ""
}

// runMotion simulates the tray moving as m and applies the rules to what
// fell: after a hit, the turn's steps 2 to 5; after a turn or push, any fall
// ends the turn. With sim nil it builds the physics anew and records the
// gems' paths, as play does; else it runs in sim's reused space (see
// [simulation.rerun]) and records no paths: the bots' judge, which never
// shows a hit, does so.
func (s *State) runMotion(a game.Action, m TrayMotion, isHit bool, sim *simulation) {
	var res SimResult
	if sim == nil {
		res = simulate(s.pack, &s.gems, m, &s.rng, true)
	} else {
		res = sim.rerun(&s.gems, m, &s.rng, false)
	}
	rec := &HitRecord{Seat: int(s.current), Move: s.ActionString(game.Player(s.current), a), FPS: simHz / frameEvery, Scale: posQuantum, Frames: res.Frames, Fallen: make([]int, len(res.Fallen))}
	if s.technique != NoTechnique && isHit {
		rec.Technique = s.technique.String()
	}
	for i, g := range res.Fallen {
		rec.Fallen[i] = int(g)
	}
	if isHit && len(res.Fallen) >= wakeCount {
		rec.Dragon = true
	} else if isHit && len(res.Fallen) > 0 {
		if m, met := s.missionCheck(res.Fallen); m >= 0 {
			rec.Mission, rec.MissionMet = s.pack.Missions[m].Kind, met
		}
	}
	s.last = rec
	s.lastTurn = s.turns
	s.settle(res.Fallen, isHit)
}

// settle applies the rules to the gems that fell: none, and the player goes
// on; after a turn or push of the tray, or nine or more after a hit, they go
// back and the turn ends; else step 3, and the player fills the wagon.
func (s *State) settle(fallen []int8, isHit bool) {
	switch {
	case len(fallen) == 0:
		return
	case !isHit || len(fallen) >= wakeCount:
		s.returnGems(fallen)
		s.endTurn()
		return
	}
	s.resolve(fallen)
}

// resolve applies step 3 to the gems that fell from a hit and sets them
// aside for the filling (steps 4 and 5), which is the player's choice. When
// nothing can go into the wagon (no gem fits and no mission cards complete
// it) the gems go back and the turn ends at once.
func (s *State) resolve(fallen []int8) {
	st := &s.seats[s.current]
	// Step 3: the face-up mission.
	if _, met := s.missionCheck(fallen); met {
		st.held[st.numHeld] = s.deck[0]
		st.numHeld++
		copy(s.deck[:], s.deck[1:s.deckLen])
		s.deckLen--
		s.deck[s.deckLen] = 0
		s.deckKnown = min(s.deckKnown, s.deckLen)
		s.missionUp = s.presampled // else chance draws the next one
	}
	if st.top >= 4 {
		// Every wagon is full (possible only with a round limit): nothing
		// more to fill.
		s.returnGems(fallen)
		s.endTurn()
		return
	}
	for _, g := range fallen {
		s.gems[g].Holder = Fallen
	}
	l := s.fillLimits()
	if l.suggest() == (Filling{}) {
		s.applyFilling(Filling{})
		return
	}
	s.phase = PhaseFill
}

// missionCheck returns the face-up mission card checked against the gems
// that fell from a hit (step 3), and whether they fulfil it; -1 when there
// is none (the pile is empty or the game has no missions).
func (s *State) missionCheck(fallen []int8) (card int8, met bool) {
	if !s.missions || !s.missionShown() {
		return -1, false
	}
	blacks := 0
	for _, g := range fallen {
		if GemColor(int(g)) == Black {
			blacks++
		}
	}
	return s.deck[0], s.pack.Missions[s.deck[0]].kind.Met(len(fallen), blacks)
}

// wagonContent returns the gems in seat p's top wagon by color, and their
// number.
func (s *State) wagonContent(p int8) (placed [numColors]int8, total int8) {
	for i := range s.gems {
		if s.gems[i].Holder == p {
			placed[GemColor(i)]++
			total++
		}
	}
	return placed, total
}

// useMissions uses k of the current player's mission cards as white gems:
// the oldest ones won, which go under the mission pile in that order.
func (s *State) useMissions(k int8) {
	st := &s.seats[s.current]
	for i := int8(0); i < k; i++ {
		s.deck[s.deckLen] = st.held[i]
		s.deckLen++
		s.deckKnown++
	}
	copy(st.held[:], st.held[k:st.numHeld])
	for i := st.numHeld - k; i < st.numHeld; i++ {
		st.held[i] = 0
	}
	st.numHeld -= k
}

// turnWagon turns the current player's full top wagon over: its gems go
// back to the tray, and a player who has filled the last wagon starts the
// final round.
func (s *State) turnWagon() {
	st := &s.seats[s.current]
	var back [6]int8
	nb := 0
	for i := range s.gems {
		if s.gems[i].Holder == s.current {
			s.gems[i].Holder = OnTray
			s.gems[i].X = 1e6 // off the tray until placed
			back[nb] = int8(i)
			nb++
		}
	}
	for _, g := range back[:nb] {
		placeGem(s.pack, &s.gems, int(g), &s.rng, nil)
	}
	st.top++
	st.up = s.presampled // else chance draws the next one
	if st.top >= s.toWin {
		s.final = true
	}
}

// returnGems puts fallen gems back on the tray, one by one.
func (s *State) returnGems(gs []int8) {
	for _, g := range gs {
		placeGem(s.pack, &s.gems, int(g), &s.rng, nil)
	}
}

// endTurn passes the turn on, ending the game after the round in which a
// player filled the last wagon.
func (s *State) endTurn() {
	s.turns++
	s.current++
	if int(s.current) == int(s.n) {
		s.current = 0
		s.round++
		if s.final || s.round >= maxRounds {
			s.phase = PhaseOver
			s.technique = NoTechnique
			return
		}
	}
	s.startTurn()
}

// startTurn begins the current player's turn: in the expert variant the
// die is rolled first, by chance (see ChanceOutcomes).
func (s *State) startTurn() {
	s.phase = PhaseHit
	s.moves = 0
	s.hits = 0
	s.technique = NoTechnique
	if s.expert {
		s.phase = PhaseRoll
	}
}

// winners returns the winning seats of a finished game: those with the
// wagons to win (or, when the round limit ended the game, the most full
// wagons), ties broken by mission cards, then shared.
func (s *State) winners() []int {
	best := int8(0)
	for p := 0; p < int(s.n); p++ {
		best = max(best, s.seats[p].top)
	}
	if best == 0 || (best < s.toWin && s.round < maxRounds) {
		return nil
	}
	var ws []int
	most := int8(-1)
	for p := 0; p < int(s.n); p++ {
		st := &s.seats[p]
		if st.top != best {
			continue
		}
		switch {
		case st.numHeld > most:
			ws, most = []int{p}, st.numHeld
		case st.numHeld == most:
			ws = append(ws, p)
		}
	}
	return ws
}

// Returns gives 1/k to each of the k winners and 0 to the others; a game
// with no full wagon at the round limit is a shared loss (0 each).
func (s *State) Returns(dst []float64) []float64 {
	ws := s.winners()
	for p := 0; p < int(s.n); p++ {
		v := 0.0
		for _, w := range ws {
			if w == p {
				v = 1 / float64(len(ws))
			}
		}
		dst = append(dst, v)
	}
	return dst
}

// Scores appends each player's full wagons.
func (s *State) Scores(dst []float64) []float64 {
	for p := 0; p < int(s.n); p++ {
		dst = append(dst, float64(s.seats[p].top))
	}
	return dst
}

// Clone returns an independent copy. The pack and the last hit's record are
// immutable and shared.
func (s *State) Clone() game.State {
	c := *s
	return &c
}

// CheckInvariants verifies the conservation of gems, wagon cards and mission
// cards, that every gem is on the tray, in a wagon it fits or (only while
// the wagon is being filled) among the 1 to 8 gems that fell.
func (s *State) CheckInvariants() error {
	fallen := 0
	for i := range s.gems {
		g := &s.gems[i]
		switch {
		case g.Holder == OnTray:
			if !onTray(s.pack, g) {
				return fmt.Errorf("gem %d (%s) is off the tray at (%.2f, %.2f) between turns", i, GemColor(i), g.X, g.Y)
			}
		case g.Holder == Fallen:
			fallen++
		case g.Holder < 0 || g.Holder >= s.n:
			return fmt.Errorf("gem %d is held by %d, not a seat", i, g.Holder)
		}
	}
	if s.phase == PhaseFill && (fallen < 1 || fallen >= wakeCount) {
		return fmt.Errorf("%d fallen gems wait for the filling; want 1 to %d", fallen, wakeCount-1)
	}
	if s.phase != PhaseFill && fallen > 0 {
		return fmt.Errorf("%d gems are set aside as fallen outside the filling", fallen)
	}
	switch {
	case s.phase == PhaseRoll && (!s.expert || s.technique != NoTechnique || s.moves != 0 || s.hits != 0):
		return fmt.Errorf("the die is to be rolled, but expert %v, technique %s, %d tray moves and %d hits this turn", s.expert, s.technique, s.moves, s.hits)
	case (s.phase == PhaseHit || s.phase == PhaseFill) && s.expert != (s.technique != NoTechnique):
		return fmt.Errorf("phase %s with technique %s in a game with expert %v", phaseNames[s.phase], s.technique, s.expert)
	case s.phase == PhaseOver && s.technique != NoTechnique:
		return fmt.Errorf("the game is over with technique %s", s.technique)
	}
	for p := int8(0); p < s.n; p++ {
		st := &s.seats[p]
		seen := [16]bool{}
		for _, w := range st.pile {
			if int(w) < 0 || int(w) >= len(s.pack.Wagons) || seen[w] || s.pack.Wagons[w].Owner != s.pack.owners[p] {
				return fmt.Errorf("seat %d's wagon pile %v is not its own four wagons", p, st.pile)
			}
			seen[w] = true
		}
		placed, total := s.wagonContent(p)
		if st.top >= 4 {
			if total > 0 {
				return fmt.Errorf("seat %d has filled every wagon but holds %d gems", p, total)
			}
			continue
		}
		w := &s.pack.Wagons[st.pile[st.top]]
		if total >= w.total && total > 0 {
			return fmt.Errorf("seat %d's wagon %s holds %d gems in %d slots and was not turned", p, w.ID, total, w.total)
		}
		if placed[Black] > 0 {
			return fmt.Errorf("seat %d's wagon %s holds a black gem", p, w.ID)
		}
		for c := Blue; c <= Red; c++ {
			if placed[c] > w.slots[c] {
				return fmt.Errorf("seat %d's wagon %s holds %d %s gems in %d %s slots", p, w.ID, placed[c], c, w.slots[c], c)
			}
		}
	}
	var cards [9]int
	for i := int8(0); i < s.deckLen; i++ {
		cards[s.deck[i]]++
	}
	for p := int8(0); p < s.n; p++ {
		for i := int8(0); i < s.seats[p].numHeld; i++ {
			cards[s.seats[p].held[i]]++
		}
	}
	for c, k := range cards {
		if c < len(s.pack.Missions) && k != 1 {
			return fmt.Errorf("mission card %s is in %d places", s.pack.Missions[c].ID, k)
		}
	}
	if s.deckKnown < 0 || s.deckKnown > s.deckLen {
		return fmt.Errorf("%d known cards under a pile of %d", s.deckKnown, s.deckLen)
	}
	return s.checkDrawn()
}

// checkDrawn verifies the drawn piles' rules: a wagon is filled only once
// it is face up, and the cards nobody has seen are kept in pack order.
func (s *State) checkDrawn() error {
	if !s.drawn {
		if s.missionUp || s.presampled {
			return fmt.Errorf("piles set at setup with a drawn mission card (%v) or a presampled order (%v)", s.missionUp, s.presampled)
		}
		return nil
	}
	if s.phase == PhaseFill && !s.wagonShown(s.current) {
		return fmt.Errorf("seat %d fills a wagon that is not face up", s.current)
	}
	if s.presampled {
		return nil
	}
	for q := int8(0); q < s.n; q++ {
		st := &s.seats[q]
		lo := int(st.top)
		if st.up {
			lo = min(lo+1, 4)
		}
		if !slices.IsSorted(st.pile[lo:]) {
			return fmt.Errorf("seat %d's wagons left face down, %v, are not in pack order", q, st.pile[lo:])
		}
	}
	hidden := s.deck[:s.deckLen-s.deckKnown]
	if s.missionUp && len(hidden) > 0 {
		hidden = hidden[1:]
	}
	if !slices.IsSorted(hidden) {
		return fmt.Errorf("the mission cards left face down, %v, are not in pack order", hidden)
	}
	return nil
}
