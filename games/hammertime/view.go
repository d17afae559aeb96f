package hammertime

import (
	"encoding/json"
	"math"

	"minehall/game"
)

// View is what one seat (or a spectator) sees.
type View struct {
	Seat     int  `json:"seat"` // -3 for a spectator
	Players  int  `json:"players"`
	Expert   bool `json:"expert"`
	Missions bool `json:"missions"`
	ToWin    int  `json:"wagons_to_win"`
	Round    int  `json:"round"`
	Current  int  `json:"current"`
	// Phase is "hit", "fill", "over", or "roll" while chance rolls the
	// expert variant's die at the start of a turn.
	Phase string `json:"phase"`
	// Technique is the die's face for this turn ("" outside the expert
	// variant and before the roll).
	Technique string     `json:"technique,omitempty"`
	Hits      int        `json:"hits_this_turn"`
	MovesLeft int        `json:"tray_moves_left"`
	Final     bool       `json:"final_round"`
	Tray      TrayView   `json:"tray"`
	Seats     []SeatView `json:"seats"`
	// Mission is the face-up mission card's kind ("" when the pile is
	// empty, and with drawn piles until chance turns its card up); DeckSize
	// counts the pile; DeckBottom lists, top to bottom, the
	// cards put under the pile whose order everyone saw.
	Mission    string   `json:"mission"`
	DeckSize   int      `json:"deck_size"`
	DeckBottom []string `json:"deck_bottom"`
	// Fill is the filling under way, in the fill phase only.
	Fill *FillView `json:"fill,omitempty"`
	// LastHit is the last hit, turn or push, left out for a player aiming
	// blind or head down when it was made during this very turn.
	LastHit *HitRecord `json:"last_hit,omitempty"`
	Winners []int      `json:"winners,omitempty"`
	Hand    HandView   `json:"hand"`
	// SeatColors is each seat's game color, the color of its wagons (the
	// same as Seats[i].Owner): a client draws everything of a seat in it.
	SeatColors []string `json:"seat_colors"`
	// SeatSides is the table side ("north", "east", "south", "west") each
	// seat sits at, clockwise in the order of play: the tray side in front
	// of a seat is its table side turned with the tray's quarter turns.
	SeatSides []string `json:"seat_sides"`
	// DragonWakes is how many gems falling from one hit wake the dragon.
	DragonWakes int `json:"dragon_wakes"`
}

// FillView is the filling of the current player's top wagon: the gems that
// fell (by number; see [GemColor]) and the suggested filling, the one the
// bots choose, in notation. The legal fillings are the player's legal
// actions.
type FillView struct {
	Fallen    []int  `json:"fallen"`
	Suggested string `json:"suggested"`
}

// HandView is how a hand errs, as the engine draws it: the standard
// deviations of a hit's strength (log scale, clipped at StrengthLimit
// deviations, and centred: the blow's speed is on average the chosen
// strength's), of its aim (a fraction of the side's length) and of its
// direction (radians), the tray's speed a strength gives (SpeedBase +
// strength × SpeedPerStrength, in cm/s), the factors of that speed one
// standard deviation below and above the middle (SpeedLow and SpeedHigh:
// about two hits in three fall between them), and the die's techniques
// with the factors by which each widens the spreads and changes the blow.
type HandView struct {
	StrengthSpread   float64         `json:"strength_spread"`
	StrengthLimit    float64         `json:"strength_limit"`
	AimSpread        float64         `json:"aim_spread"`
	AngleSpread      float64         `json:"angle_spread"`
	SpeedBase        float64         `json:"speed_base"`
	SpeedPerStrength float64         `json:"speed_per_strength"`
	SpeedLow         float64         `json:"speed_low"`
	SpeedHigh        float64         `json:"speed_high"`
	Techniques       []TechniqueView `json:"techniques"`
}

// TechniqueView is one face of the expert die and its factors: of the
// strength, aim and direction spreads (a face that controls aim less
// widens both), of the blow's speed and of the contact's width; and, as in
// [HandView], the factors of the chosen strength's speed one standard
// deviation below and above the middle, its power included.
type TechniqueView struct {
	Name      string  `json:"name"`
	Strength  float64 `json:"strength"`
	Aim       float64 `json:"aim"`
	Angle     float64 `json:"angle"`
	Power     float64 `json:"power"`
	Contact   float64 `json:"contact"`
	SpeedLow  float64 `json:"speed_low"`
	SpeedHigh float64 `json:"speed_high"`
}

// handView returns the hand's spreads and the die's six techniques, in the
// die's order.
func handView() HandView {
	h := HandView{StrengthSpread: strengthSpread, StrengthLimit: spreadLimit, AimSpread: aimSpread, AngleSpread: angleSpread,
		SpeedBase: speedBase, SpeedPerStrength: speedPerStrength, SpeedLow: strengthFactor(-1, strengthSpread), SpeedHigh: strengthFactor(1, strengthSpread),
		Techniques: make([]TechniqueView, 0, numTechniques-1)}
	for t := Handle; t < numTechniques; t++ {
		n := techniqueNoise[t]
		sigma := strengthSpread * n.strength
		h.Techniques = append(h.Techniques, TechniqueView{Name: t.String(), Strength: n.strength, Aim: n.aim, Angle: n.aim, Power: n.power, Contact: n.contact,
			SpeedLow: n.power * strengthFactor(-1, sigma), SpeedHigh: n.power * strengthFactor(1, sigma)})
	}
	return h
}

// TrayView is the tray as the viewer sees it: its size and the gems' size
// seen from above (an elongated hexagon) in centimeters, its quarter turns
// (counterclockwise), the side facing the viewer, the visible gems, and how
// many gems lie where the viewer cannot see.
type TrayView struct {
	Width     float64   `json:"width_cm"`
	Depth     float64   `json:"depth_cm"`
	GemLength float64   `json:"gem_length_cm"`
	GemWidth  float64   `json:"gem_width_cm"`
	Quarter   int       `json:"quarter"`
	Facing    string    `json:"facing,omitempty"`
	Gems      []GemView `json:"gems"`
	Hidden    int       `json:"hidden"`
}

// GemView is one gem on the tray, its position rounded to a tenth of a
// millimeter and its angle to a milliradian.
type GemView struct {
	ID    int     `json:"id"`
	Color string  `json:"color"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	A     float64 `json:"a"`
}

// SeatView is one player's cards.
type SeatView struct {
	Owner string `json:"owner"`
	// Wagon is the face-up top wagon: none when every wagon is full and,
	// with drawn piles, until chance turns the next one up.
	Wagon      *WagonView `json:"wagon,omitempty"`
	FullWagons []string   `json:"full_wagons"`
	PileLeft   int        `json:"pile_left"` // wagons face down (under the top one)
	Missions   []string   `json:"missions"`  // kinds of the mission cards won
}

// WagonView is a face-up wagon and the gems in it.
type WagonView struct {
	ID    string   `json:"id"`
	Slots []string `json:"slots"`
	Gems  []string `json:"gems"`
}

// seatSides are the sides of the table where seats sit, clockwise in the
// order of play, by player count.
var seatSides = [5][]Side{2: {South, North}, 3: {South, West, North}, 4: {South, West, North, East}}

// facing returns the tray side in front of seat p.
func (s *State) facing(p int8) Side {
	return Side((int(seatSides[s.n][p]) + int(s.quarter)) % 4)
}

// hides reports whether p, aiming blind or head down, cannot see the gem
// at (x, y).
func (s *State) hides(p game.Player, x, y float64) bool {
	if s.phase != PhaseHit || p != game.Player(s.current) {
		return false
	}
	switch s.technique {
	case EyesClosed:
		return true
	case HeadDown:
		switch s.facing(s.current) {
		case North:
			return y <= 0
		case South:
			return y >= 0
		case East:
			return x <= 0
		default:
			return x >= 0
		}
	}
	return false
}

// MoveIsPublic reports that every move of Hammer Time is public: hits,
// turns, pushes and fillings are all made in front of everyone.
func (s *State) MoveIsPublic(game.Player, game.Action) bool { return true }

var _ game.PublicMover = (*State)(nil)

// blind reports whether p's view of the tray is limited now.
func (s *State) blind(p game.Player) bool {
	return s.phase == PhaseHit && p == game.Player(s.current) && (s.technique == EyesClosed || s.technique == HeadDown)
}

func round(v, unit float64) float64 { return math.Round(v/unit) * unit }

// View returns what p sees: everything but the order of the wagon piles and
// of the mission pile below its face-up card, and, for a player aiming with
// eyes closed or head down, the gems out of sight.
func (s *State) View(p game.Player) any {
	v := View{
		Seat: int(p), Players: int(s.n), Expert: s.expert, Missions: s.missions, ToWin: int(s.toWin),
		Round: int(s.round), Current: int(s.current), Hits: int(s.hits), MovesLeft: int(maxTrayMoves - s.moves), Final: s.final,
		Phase: phaseNames[s.phase], DeckSize: int(s.deckLen), DeckBottom: []string{}, Hand: handView(),
		SeatColors: []string{}, SeatSides: []string{}, DragonWakes: wakeCount,
	}
	if s.technique != NoTechnique {
		v.Technique = s.technique.String()
	}
	v.Tray = TrayView{Width: s.pack.Tray.WidthCM, Depth: s.pack.Tray.DepthCM, GemLength: s.pack.Gem.LengthCM, GemWidth: s.pack.Gem.WidthCM,
		Quarter: int(s.quarter), Gems: []GemView{}}
	if p.Seated() && int(p) < int(s.n) {
		v.Tray.Facing = s.facing(int8(p)).String()
	}
	for i := range s.gems {
		g := &s.gems[i]
		if g.Holder != OnTray {
			continue
		}
		if s.hides(p, g.X, g.Y) {
			v.Tray.Hidden++
			continue
		}
		v.Tray.Gems = append(v.Tray.Gems, GemView{ID: i, Color: GemColor(i).String(), X: round(g.X, 0.01), Y: round(g.Y, 0.01), A: round(g.A, 0.001)})
	}
	for q := int8(0); q < s.n; q++ {
		st := &s.seats[q]
		sv := SeatView{Owner: s.pack.owners[q], FullWagons: []string{}, Missions: []string{}, PileLeft: max(0, 3-int(st.top))}
		for i := int8(0); i < st.top; i++ {
			sv.FullWagons = append(sv.FullWagons, s.pack.Wagons[st.pile[i]].ID)
		}
		if st.top < 4 && !s.wagonShown(q) {
			sv.PileLeft = 4 - int(st.top)
		}
		if s.wagonShown(q) {
			w := &s.pack.Wagons[st.pile[st.top]]
			wv := &WagonView{ID: w.ID, Slots: w.Slots, Gems: []string{}}
			for i := range s.gems {
				if s.gems[i].Holder == q {
					wv.Gems = append(wv.Gems, GemColor(i).String())
				}
			}
			sv.Wagon = wv
		}
		for i := int8(0); i < st.numHeld; i++ {
			sv.Missions = append(sv.Missions, s.pack.Missions[st.held[i]].Kind)
		}
		v.Seats = append(v.Seats, sv)
		v.SeatColors = append(v.SeatColors, sv.Owner)
		v.SeatSides = append(v.SeatSides, seatSides[s.n][q].String())
	}
	if s.missionShown() {
		v.Mission = s.pack.Missions[s.deck[0]].Kind
	}
	for i := s.deckLen - s.deckKnown; i < s.deckLen; i++ {
		if i > 0 {
			v.DeckBottom = append(v.DeckBottom, s.pack.Missions[s.deck[i]].Kind)
		}
	}
	if s.phase == PhaseFill {
		fv := &FillView{Fallen: []int{}, Suggested: s.suggestedString()}
		for i := range s.gems {
			if s.gems[i].Holder == Fallen {
				fv.Fallen = append(fv.Fallen, i)
			}
		}
		v.Fill = fv
	}
	// A player aiming blind does not see what this turn's earlier hits,
	// turns and pushes did; what came before the die was rolled was seen.
	if !s.blind(p) || s.lastTurn != s.turns {
		v.LastHit = s.last
	}
	if s.phase == PhaseOver {
		v.Winners = s.winners()
	}
	return v
}

// InfoKey returns p's view encoded: two states look the same to p exactly
// when their keys are equal.
func (s *State) InfoKey(p game.Player) string {
	b, err := json.Marshal(s.View(p))
	if err != nil {
		panic("hammertime: view does not encode: " + err.Error())
	}
	return string(b)
}

// Determinize returns a state p cannot tell from s: the generator reseeded
// from rng (so the hands' noise of the hits to come is resampled; the die
// is a chance node, rolled by whoever plays the state on), the
// unseen part of the mission pile and of every wagon pile reshuffled, and,
// when p aims blind or head down, the unseen gems laid out afresh where p
// cannot see. With drawn piles the unseen cards are a set everyone knows;
// the determinization gives them an order, which it turns up without
// chance (see [State.presample]), unless a card waits to be turned up at
// s: then the draws stay chance's.
func (s *State) Determinize(p game.Player, rng *game.Rand) game.State {
	d := *s
	d.rng = game.NewRand(rng.Uint64())
	if d.drawn {
		d.presample(&d.rng)
	} else if lo, hi := 1, int(d.deckLen-d.deckKnown); hi-lo > 1 {
		d.rng.Shuffle(hi-lo, func(i, j int) { d.deck[lo+i], d.deck[lo+j] = d.deck[lo+j], d.deck[lo+i] })
	}
	for q := int8(0); q < d.n && !d.drawn; q++ {
		st := &d.seats[q]
		if lo := int(st.top) + 1; lo < 3 {
			d.rng.Shuffle(4-lo, func(i, j int) { st.pile[lo+i], st.pile[lo+j] = st.pile[lo+j], st.pile[lo+i] })
		}
	}
	if s.blind(p) {
		var unseen []int
		for i := range d.gems {
			if d.gems[i].Holder == OnTray && s.hides(p, d.gems[i].X, d.gems[i].Y) {
				unseen = append(unseen, i)
				d.gems[i].X = 1e6 // off the tray until laid out again
			}
		}
		d.rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		hidden := func(x, y float64) bool { return s.hides(p, x, y) }
		for _, g := range unseen {
			placeGem(d.pack, &d.gems, g, &d.rng, hidden)
		}
	}
	return &d
}

// Snapshot is the whole state as a JSON value: every gem's exact place, the
// cards in order, the generator. The last hit's paths are left out: they
// follow from the previous state and the action.
type Snapshot struct {
	Players   int       `json:"players"`
	Expert    bool      `json:"expert"`
	Missions  bool      `json:"missions"`
	ToWin     int       `json:"to_win"`
	Rand      game.Rand `json:"rand"`
	Gems      []Gem     `json:"gems"`
	Quarter   int       `json:"quarter"`
	Piles     [][4]int8 `json:"piles"`
	Full      []int8    `json:"full"`
	Held      [][]int8  `json:"held"`
	Deck      []int8    `json:"deck"`
	DeckKnown int       `json:"deck_known"`
	Current   int       `json:"current"`
	Phase     int       `json:"phase"`
	Technique int       `json:"technique"`
	Moves     int       `json:"moves"`
	Hits      int       `json:"hits"`
	Round     int       `json:"round"`
	Turns     int       `json:"turns"`
	Final     bool      `json:"final"`
	// Drawn piles only (left out with piles set at setup): which seats'
	// top wagons are face up, whether the mission pile's top card was
	// drawn, and whether a determinization gave the unseen cards an order.
	Drawn      bool   `json:"drawn,omitempty"`
	Up         []bool `json:"up,omitempty"`
	MissionUp  bool   `json:"mission_up,omitempty"`
	Presampled bool   `json:"presampled,omitempty"`
}

// Snapshot returns the whole state for hashing.
func (s *State) Snapshot() any {
	sn := Snapshot{
		Players: int(s.n), Expert: s.expert, Missions: s.missions, ToWin: int(s.toWin), Rand: s.rng,
		Gems: s.gems[:], Quarter: int(s.quarter), Deck: s.deck[:s.deckLen], DeckKnown: int(s.deckKnown),
		Current: int(s.current), Phase: int(s.phase), Technique: int(s.technique), Moves: int(s.moves),
		Hits: int(s.hits), Round: int(s.round), Turns: int(s.turns), Final: s.final,
	}
	sn.Gems = append([]Gem(nil), s.gems[:]...)
	sn.Deck = append([]int8{}, s.deck[:s.deckLen]...)
	for q := int8(0); q < s.n; q++ {
		st := &s.seats[q]
		sn.Piles = append(sn.Piles, st.pile)
		sn.Full = append(sn.Full, st.top)
		sn.Held = append(sn.Held, append([]int8{}, st.held[:st.numHeld]...))
		if s.drawn {
			sn.Up = append(sn.Up, st.up)
		}
	}
	sn.Drawn, sn.MissionUp, sn.Presampled = s.drawn, s.missionUp, s.presampled
	return sn
}
