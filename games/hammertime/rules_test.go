package hammertime

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"minehall/game"
	"minehall/game/gametest"
)

// Gem ids by color: white 0–9, blue 10–25, green 26–41, yellow 42–57,
// red 58–73, black 74–89.
const (
	gemWhite  = 0
	gemBlue   = 10
	gemGreen  = 26
	gemYellow = 42
	gemRed    = 58
	gemBlack  = 74
)

// setupPiles returns opts with piles set at setup unless opts says
// otherwise.
func setupPiles(opts game.Options) game.Options {
	if _, ok := opts[optPiles]; ok {
		return opts
	}
	opts = opts.Clone()
	opts[optPiles] = PilesSetup
	return opts
}

// newTestState starts a game of the given players and options, seed 7.
// Its piles are set at setup (option piles=setup unless opts says
// otherwise), so that a test can put the cards it needs on top (topWagon,
// topMission); drawn piles have tests of their own (reveal_test.go).
func newTestState(t *testing.T, players int, opts game.Options) *State {
	t.Helper()
	s, _, err := game.Start(New(), players, setupPiles(opts), 7)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// topWagon puts the wagon with the given id on top of p's pile.
func topWagon(t *testing.T, s *State, p int, id string) {
	t.Helper()
	st := &s.seats[p]
	for i, w := range st.pile {
		if s.pack.Wagons[w].ID == id {
			st.pile[i], st.pile[st.top] = st.pile[st.top], st.pile[i]
			return
		}
	}
	t.Fatalf("wagon %s is not in seat %d's pile", id, p)
}

// topMission puts a mission card of kind k on top of the pile.
func topMission(t *testing.T, s *State, k MissionKind) {
	t.Helper()
	for i := int8(0); i < s.deckLen; i++ {
		if s.pack.Missions[s.deck[i]].kind == k {
			s.deck[0], s.deck[i] = s.deck[i], s.deck[0]
			return
		}
	}
	t.Fatalf("no mission of kind %s in the pile", k)
}

// fall takes gems off the tray as a hit would leave them.
func fall(s *State, gems ...int8) []int8 {
	for _, g := range gems {
		s.gems[g].X, s.gems[g].Y = 1000, 0
	}
	return gems
}

func wagonColors(s *State, p int8) []string {
	var out []string
	for i := range s.gems {
		if s.gems[i].Holder == p {
			out = append(out, GemColor(i).String())
		}
	}
	slices.Sort(out)
	return out
}

func mustInvariants(t *testing.T, s *State) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("invariant: %v", err)
	}
}

// fillings returns p's legal fillings in notation.
func fillings(s *State, p game.Player) []string {
	var out []string
	for _, a := range s.Legal(p, nil) {
		out = append(out, s.ActionString(p, a))
	}
	return out
}

// mustPlay plays a move in notation.
func mustPlay(t *testing.T, s *State, p game.Player, move string) {
	t.Helper()
	if _, err := game.PlayNotation(s, p, move); err != nil {
		t.Fatalf("%s: %v", move, err)
	}
}

// holdMission gives seat p the mission card second in the pile, as if won
// on an earlier turn, and returns it.
func holdMission(s *State, p int) int8 {
	card := s.deck[1]
	copy(s.deck[1:], s.deck[2:s.deckLen])
	s.deckLen--
	s.deck[s.deckLen] = 0
	st := &s.seats[p]
	st.held[st.numHeld] = card
	st.numHeld++
	return card
}

// The rulebook's step 4 example: Clara's wagon (yellow, green, blue, red)
// holds a yellow gem; she drops blue, red, yellow, red and black. She may
// put the blue and a red gem in (or fewer); the green slot stays empty; she
// fills the blue and red slots, and the yellow, red and black gems go back.
func TestClaraFillsHerWagon(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	s.gems[gemYellow].Holder = 0
	fallen := fall(s, gemBlue, gemRed, gemYellow+1, gemRed+1, gemBlack)
	s.settle(fallen, true)
	if s.phase != PhaseFill || s.current != 0 {
		t.Fatalf("phase %d, current %d; want seat 0 filling", s.phase, s.current)
	}
	mustInvariants(t, s)
	want := []string{"fill nothing", "fill red 1", "fill blue 1", "fill blue 1 red 1"}
	if got := fillings(s, 0); !slices.Equal(got, want) {
		t.Errorf("fillings %v; want %v", got, want)
	}
	if f, _ := s.SuggestedFilling(); f.String() != "fill blue 1 red 1" {
		t.Errorf("suggested %s; want fill blue 1 red 1", f)
	}
	mustPlay(t, s, 0, "fill blue 1 red 1")
	if got, want := wagonColors(s, 0), []string{"blue", "red", "yellow"}; !slices.Equal(got, want) {
		t.Errorf("wagon holds %v; want %v", got, want)
	}
	back := 0
	for _, g := range fallen {
		if s.gems[g].Holder == OnTray && onTray(s.pack, &s.gems[g]) {
			back++
		}
	}
	if back != 3 {
		t.Errorf("%d of the fallen gems are back on the tray; want 3 (yellow, red, black)", back)
	}
	if s.seats[0].numHeld != 0 {
		t.Errorf("Clara won %d mission cards with 5 gems on a 6-to-8 mission; want 0", s.seats[0].numHeld)
	}
	if s.current != 1 || s.phase != PhaseHit {
		t.Errorf("after the turn: current %d, phase %d; want seat 1 hitting", s.current, s.phase)
	}
	mustInvariants(t, s)
}

// The filling is the player's: Clara may leave a gem out, and what she
// leaves out goes back on the tray.
func TestClaraFillsLess(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	s.gems[gemYellow].Holder = 0
	s.settle(fall(s, gemBlue, gemRed, gemYellow+1, gemRed+1, gemBlack), true)
	mustPlay(t, s, 0, "fill red 1")
	if got, want := wagonColors(s, 0), []string{"red", "yellow"}; !slices.Equal(got, want) {
		t.Errorf("wagon holds %v; want %v", got, want)
	}
	if h := s.gems[gemBlue].Holder; h != OnTray || !onTray(s.pack, &s.gems[gemBlue]) {
		t.Errorf("the blue gem left out is held by %d; want it back on the tray", h)
	}
	mustInvariants(t, s)
}

// The rulebook's step 5 example: Clara's wagon lacks one gem and she holds
// a mission card: she completes it with the card, which goes under the
// mission pile, and the wagon is turned over.
func TestClaraCompletesWithMissionCard(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	card := holdMission(s, 0)
	s.gems[gemYellow].Holder = 0
	s.gems[gemBlue].Holder = 0
	s.settle(fall(s, gemRed, gemBlack), true)
	if s.phase != PhaseFill || s.current != 0 {
		t.Fatalf("phase %d, current %d; want seat 0 filling", s.phase, s.current)
	}
	want := []string{"fill nothing", "fill red 1", "fill red 1 missions 1"}
	if got := fillings(s, 0); !slices.Equal(got, want) {
		t.Errorf("fillings %v; want %v", got, want)
	}
	if v := viewOf(t, s, 1); v.Fill == nil || v.Fill.Suggested != "fill red 1 missions 1" || len(v.Fill.Fallen) != 2 {
		t.Errorf("the other seat sees the filling %+v; want the 2 fallen gems and the suggestion fill red 1 missions 1", v.Fill)
	}
	mustPlay(t, s, 0, "fill red 1 missions 1")
	if s.seats[0].top != 1 {
		t.Errorf("full wagons %d; want 1", s.seats[0].top)
	}
	if s.seats[0].numHeld != 0 || s.deck[s.deckLen-1] != card || s.deckKnown != 1 {
		t.Errorf("the card is not under the pile: held %d, bottom %d (want %d), known %d", s.seats[0].numHeld, s.deck[s.deckLen-1], card, s.deckKnown)
	}
	if got := wagonColors(s, 0); len(got) != 0 {
		t.Errorf("the turned wagon still holds %v", got)
	}
	mustInvariants(t, s)
}

// Keeping the mission cards is a filling without them.
func TestKeepMissionCards(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	holdMission(s, 0)
	s.gems[gemYellow].Holder = 0
	s.gems[gemBlue].Holder = 0
	s.settle(fall(s, gemRed, gemBlack), true)
	mustPlay(t, s, 0, "fill red 1")
	if s.seats[0].top != 0 || s.seats[0].numHeld != 1 {
		t.Errorf("full wagons %d, cards %d; want the wagon unfinished and the card kept", s.seats[0].top, s.seats[0].numHeld)
	}
	if got, want := wagonColors(s, 0), []string{"blue", "red", "yellow"}; !slices.Equal(got, want) {
		t.Errorf("wagon holds %v; want %v", got, want)
	}
	mustInvariants(t, s)
}

// A mission card won this turn already counts as a white gem.
func TestMissionCardWonThisTurn(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionFew)
	for _, g := range []int{gemYellow, gemBlue, gemGreen} {
		s.gems[g].Holder = 0
	}
	s.settle(fall(s, gemBlack), true)
	if s.seats[0].numHeld != 1 {
		t.Fatalf("cards %d; want the 1-to-3 mission won", s.seats[0].numHeld)
	}
	if got, want := fillings(s, 0), []string{"fill nothing", "fill missions 1"}; !slices.Equal(got, want) {
		t.Errorf("fillings %v; want %v", got, want)
	}
	mustPlay(t, s, 0, "fill missions 1")
	if s.seats[0].top != 1 || s.seats[0].numHeld != 0 {
		t.Errorf("full wagons %d, cards %d; want 1 and 0", s.seats[0].top, s.seats[0].numHeld)
	}
	mustInvariants(t, s)
}

// A mission card may be used only if it completes the wagon; illegal
// fillings are refused with the reason and change nothing.
func TestFillingErrors(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-4") // six red slots
	topMission(t, s, MissionMany)
	holdMission(s, 0)
	s.settle(fall(s, gemWhite, gemRed, gemBlue, gemBlack), true)
	if got, want := fillings(s, 0), []string{"fill nothing", "fill white 1", "fill red 1", "fill red 1 white 1"}; !slices.Equal(got, want) {
		t.Errorf("fillings %v; want %v (one card cannot complete the wagon)", got, want)
	}
	before, _ := game.Hash(s)
	tests := []struct{ move, want string }{
		{"fill red 1 white 1 missions 1", "mission cards may only complete the wagon: its 6 empty slots take exactly 6 gems and cards, not 3"},
		{"fill missions 1", "mission cards may only complete the wagon: its 6 empty slots take exactly 6 gems and cards, not 1"},
		{"fill red 1 missions 2", "you hold 1 mission card, not 2"},
		{"fill blue 1", "your wagon orange-4 has 0 free blue slots, not 1 (white gems can take the others)"},
		{"fill red 2", "1 red gem fell, not 2"},
		{"fill white 2", "1 white gem fell, not 2"},
		{"hit north 5 strength 3", "choose how to fill your wagon"},
	}
	for _, tt := range tests {
		_, err := game.PlayNotation(s, 0, tt.move)
		if game.ErrorCode(err) != game.CodeIllegal || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v; want an illegal-move error containing %q", tt.move, err, tt.want)
		}
	}
	if after, _ := game.Hash(s); after != before {
		t.Errorf("a refused filling changed the state")
	}
	// Too many cards for the empty slots.
	s = newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	holdMission(s, 0)
	holdMission(s, 0)
	s.gems[gemYellow].Holder, s.gems[gemBlue].Holder = 0, 0
	s.settle(fall(s, gemRed), true)
	_, err := game.PlayNotation(s, 0, "fill red 1 missions 2")
	if game.ErrorCode(err) != game.CodeIllegal || !strings.Contains(err.Error(), "the filling puts") && !strings.Contains(err.Error(), "only complete") {
		t.Errorf("fill red 1 missions 2 in a wagon with 2 empty slots: got %v; want refused", err)
	}
	mustPlay(t, s, 0, "fill missions 2")
	if s.seats[0].top != 1 || s.seats[0].numHeld != 0 {
		t.Errorf("two cards completing two slots: full wagons %d, cards %d; want 1 and 0", s.seats[0].top, s.seats[0].numHeld)
	}
	mustInvariants(t, s)
}

// A refused filling says a count of one in the singular, in every
// language: a wagon orange-1 (blue, green, yellow, red) that holds its
// yellow and blue gems has 2 empty slots and 1 free red slot; with its
// green gem too, 1 empty slot.
func TestFillingRefusalsSayTheirCounts(t *testing.T) {
	setup := func(inWagon []int8, missions int, fallen ...int8) *State {
		s := newTestState(t, 2, nil)
		topWagon(t, s, 0, "orange-1")
		topMission(t, s, MissionMany)
		for range missions {
			holdMission(s, 0)
		}
		for _, g := range inWagon {
			s.gems[g].Holder = 0
		}
		s.settle(fall(s, fallen...), true)
		return s
	}
	two := []int8{gemYellow, gemBlue}
	one := []int8{gemYellow, gemBlue, gemGreen}
	tests := []struct {
		s    *State
		move string
		want [4]string // en, de, fr, nl: the reason after "is not possible: "
	}{
		{setup(two, 2, gemRed, gemRed+1, gemWhite, gemWhite+1, gemGreen), "fill red 2", [4]string{
			"your wagon orange-1 has 1 free red slot, not 2 (white gems can take the others)",
			"Deine Lore orange-1 hat 1 freies rotes Feld, nicht 2 (weiße Steine können die anderen nehmen).",
			"Votre wagonnet orange-1 a 1 case rouge libre, pas 2 (les gemmes blanches peuvent prendre les autres).",
			"Je wagentje orange-1 heeft 1 vrij rood vak, niet 2 (witte stenen kunnen de andere nemen)."}},
		{setup(two, 2, gemRed, gemRed+1, gemWhite, gemWhite+1, gemGreen), "fill green 1 white 2", [4]string{
			"your wagon orange-1 has 2 empty slots, and the filling puts 3 gems in it",
			"Deine Lore orange-1 hat 2 leere Felder, und die Füllung legt 3 Steine hinein.",
			"Votre wagonnet orange-1 a 2 cases vides, et le remplissage y met 3 gemmes.",
			"Je wagentje orange-1 heeft 2 lege vakken, en de vulling legt er 3 stenen in."}},
		{setup(two, 2, gemRed, gemRed+1, gemWhite, gemWhite+1, gemGreen), "fill red 1 missions 2", [4]string{
			"mission cards may only complete the wagon: its 2 empty slots take exactly 2 gems and cards, not 3",
			"Missionskarten dürfen die Lore nur vollmachen: ihre 2 leeren Felder nehmen genau 2 Steine und Karten, nicht 3.",
			"Les cartes de mission ne peuvent que compléter le wagonnet : ses 2 cases vides prennent exactement 2 gemmes et cartes, pas 3.",
			"Missiekaarten mogen het wagentje alleen vol maken: de 2 lege vakken nemen precies 2 stenen en kaarten, niet 3."}},
		{setup(one, 0, gemRed, gemWhite), "fill red 1 white 1", [4]string{
			"your wagon orange-1 has 1 empty slot, and the filling puts 2 gems in it",
			"Deine Lore orange-1 hat 1 leeres Feld, und die Füllung legt 2 Steine hinein.",
			"Votre wagonnet orange-1 a 1 case vide, et le remplissage y met 2 gemmes.",
			"Je wagentje orange-1 heeft 1 leeg vak, en de vulling legt er 2 stenen in."}},
		{setup(one, 0, gemRed, gemWhite), "fill missions 1", [4]string{
			"you hold no mission cards",
			"Du hast keine Missionskarten.",
			"Vous n’avez aucune carte de mission.",
			"Je hebt geen missiekaarten."}},
		{setup(one, 0, gemRed, gemWhite), "fill white 2", [4]string{
			"1 white gem fell, not 2",
			"1 weißer Stein ist gefallen, nicht 2.",
			"1 gemme blanche est tombée, pas 2.",
			"Er is 1 witte steen gevallen, niet 2."}},
		{setup(one, 1, gemRed, gemWhite), "fill missions 2", [4]string{
			"you hold 1 mission card, not 2",
			"Du hast 1 Missionskarte, nicht 2.",
			"Vous avez 1 carte de mission, pas 2.",
			"Je hebt 1 missiekaart, niet 2."}},
		{setup(one, 2, gemRed, gemWhite), "fill missions 2", [4]string{
			"mission cards may only complete the wagon: its only empty slot takes exactly 1 gem or card, not 2",
			"Missionskarten dürfen die Lore nur vollmachen: ihr einziges leeres Feld nimmt genau einen Stein oder eine Karte, nicht 2.",
			"Les cartes de mission ne peuvent que compléter le wagonnet : sa seule case vide prend exactement une gemme ou une carte, pas 2.",
			"Missiekaarten mogen het wagentje alleen vol maken: het enige lege vak neemt precies één steen of kaart, niet 2."}},
	}
	wrap := [4]string{"%s is not possible: %s", "%s ist nicht möglich: %s", "%s n’est pas possible : %s", "%s is niet mogelijk: %s"}
	for _, tt := range tests {
		var want [4]string
		for i := range want {
			want[i] = fmt.Sprintf(wrap[i], tt.move, tt.want[i])
		}
		gametest.CheckRefusalWords(t, tt.s, 0, tt.move, New().(*Game), want)
	}
}

// Out of the fill phase, no filling is legal.
func TestFillOnlyAfterAFall(t *testing.T) {
	s := newTestState(t, 2, nil)
	_, err := game.PlayNotation(s, 0, "fill nothing")
	if game.ErrorCode(err) != game.CodeIllegal || !strings.Contains(err.Error(), "hit the tray first") {
		t.Errorf("a filling before a hit: got %v; want refused", err)
	}
}

func TestFallenCount(t *testing.T) {
	tests := []struct {
		name     string
		fallen   int
		wantNext int8
		wantHeld int8
	}{
		{"none: hit again", 0, 0, 0},
		{"eight: the dragon sleeps", 8, 1, 1},
		{"nine: the dragon wakes", 9, 1, 0},
		{"twelve: the dragon wakes", 12, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t, 2, nil)
			topMission(t, s, MissionEven)
			var gs []int8
			for i := 0; i < tt.fallen; i++ {
				gs = append(gs, int8(gemBlack+i))
			}
			s.settle(fall(s, gs...), true)
			if s.current != tt.wantNext {
				t.Errorf("current %d; want %d", s.current, tt.wantNext)
			}
			if s.seats[0].numHeld != tt.wantHeld {
				t.Errorf("mission cards %d; want %d", s.seats[0].numHeld, tt.wantHeld)
			}
			for i := range s.gems {
				if !onTray(s.pack, &s.gems[i]) {
					t.Errorf("gem %d is off the tray", i)
				}
			}
			mustInvariants(t, s)
		})
	}
}

func TestMissionKinds(t *testing.T) {
	tests := []struct {
		kind          MissionKind
		count, blacks int
		want          bool
	}{
		{MissionFew, 1, 0, true}, {MissionFew, 3, 0, true}, {MissionFew, 4, 0, false},
		{MissionMany, 5, 0, false}, {MissionMany, 6, 0, true}, {MissionMany, 8, 0, true},
		{MissionBlack, 3, 1, false}, {MissionBlack, 2, 2, true}, {MissionBlack, 7, 3, true},
		{MissionEven, 2, 0, true}, {MissionEven, 5, 0, false},
		{MissionOdd, 5, 0, true}, {MissionOdd, 4, 0, false},
	}
	for _, tt := range tests {
		if got := tt.kind.Met(tt.count, tt.blacks); got != tt.want {
			t.Errorf("%s with %d gems (%d black): got %v; want %v", tt.kind, tt.count, tt.blacks, got, tt.want)
		}
	}
}

// Black gems fill no wagon; white gems fill any slot.
func TestBlackAndWhite(t *testing.T) {
	s := newTestState(t, 2, nil)
	topWagon(t, s, 0, "orange-1")
	topMission(t, s, MissionMany)
	s.settle(fall(s, gemBlack, gemBlack+1, gemWhite, gemWhite+1), true)
	if got, want := fillings(s, 0), []string{"fill nothing", "fill white 1", "fill white 2"}; !slices.Equal(got, want) {
		t.Errorf("fillings %v; want %v", got, want)
	}
	mustPlay(t, s, 0, "fill white 2")
	if got, want := wagonColors(s, 0), []string{"white", "white"}; !slices.Equal(got, want) {
		t.Errorf("wagon holds %v; want %v", got, want)
	}
}

// A full wagon is turned over and its gems go back to the tray.
func TestFullWagonTurned(t *testing.T) {
	s := newTestState(t, 2, game.Options{"missions": "false"})
	topWagon(t, s, 0, "orange-1")
	s.settle(fall(s, gemBlue, gemGreen, gemYellow, gemWhite, gemRed), true)
	if f, _ := s.SuggestedFilling(); f.String() != "fill blue 1 green 1 yellow 1 red 1" {
		t.Errorf("suggested %s; want the four colors (no joker needed)", f)
	}
	mustPlay(t, s, 0, "fill blue 1 green 1 yellow 1 white 1")
	if s.seats[0].top != 1 {
		t.Fatalf("full wagons %d; want 1", s.seats[0].top)
	}
	if got := wagonColors(s, 0); len(got) != 0 {
		t.Errorf("the next wagon holds %v; only the top wagon is filled", got)
	}
	if s.seats[0].numHeld != 0 {
		t.Errorf("a mission was won with missions off")
	}
	mustInvariants(t, s)
}

// Gems that fall while the tray is turned or pushed go back and end the turn.
func TestTrayMoveDropsEndTurn(t *testing.T) {
	s := newTestState(t, 2, nil)
	s.settle(fall(s, gemBlue, gemRed), false)
	if s.current != 1 || len(wagonColors(s, 0)) != 0 {
		t.Errorf("current %d, wagon %v; want the turn over with nothing kept", s.current, wagonColors(s, 0))
	}
	mustInvariants(t, s)

	// A gem at the very corner flies off when the tray is turned.
	s = newTestState(t, 2, nil)
	hw, hd := s.pack.Tray.WidthCM/2, s.pack.Tray.DepthCM/2
	for i := range s.gems {
		if s.gems[i].X > hw-4 && s.gems[i].Y > hd-4 {
			s.gems[i].X, s.gems[i].Y = -s.gems[i].X/3, -s.gems[i].Y/3-2
			placeGem(s.pack, &s.gems, i, &s.rng, nil)
		}
	}
	s.gems[gemRed].X, s.gems[gemRed].Y = hw-0.3, hd-0.3
	if err := game.Play(s, 0, actTurnLeft); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(s.last.Fallen, gemRed) {
		t.Errorf("fallen %v; want the corner gem %d among them", s.last.Fallen, gemRed)
	}
	if s.current != 1 || s.quarter != 1 {
		t.Errorf("current %d, quarter %d; want seat 1 and one quarter turn", s.current, s.quarter)
	}
	mustInvariants(t, s)
}

func TestTrayMovesLimited(t *testing.T) {
	s := newTestState(t, 2, nil)
	s.moves = maxTrayMoves
	err := game.Play(s, 0, actPush)
	if game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("fifth tray move: got %v; want an illegal-move error", err)
	}
}

// The end: a fourth full wagon starts the last round, which is played out;
// ties go to mission cards, then are shared.
func TestEndOfGame(t *testing.T) {
	tests := []struct {
		name    string
		held    [3]int8
		full    [3]int8
		returns []float64
	}{
		{"alone", [3]int8{0, 0, 0}, [3]int8{3, 4, 2}, []float64{0, 1, 0}},
		{"missions break the tie", [3]int8{1, 2, 0}, [3]int8{3, 4, 4}, []float64{0, 1, 0}},
		{"shared", [3]int8{0, 1, 1}, [3]int8{3, 4, 4}, []float64{0, 0.5, 0.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestState(t, 3, game.Options{"missions": "false"})
			s.current = 1
			for p := 0; p < 3; p++ {
				s.seats[p].numHeld = tt.held[p]
				for i := int8(0); i < tt.held[p]; i++ {
					s.seats[p].held[i] = s.deck[s.deckLen-1]
					s.deckLen--
				}
				s.seats[p].top = min(tt.full[p], 3)
			}
			// Seat 1 fills its fourth wagon now.
			s.seats[1].top = 4
			s.final = true
			s.endTurn()
			if s.Terminal() {
				t.Fatalf("the game ended before the round was played out")
			}
			s.seats[2].top = tt.full[2]
			s.endTurn()
			if !s.Terminal() {
				t.Fatalf("the game goes on after the last round")
			}
			if got := s.Returns(nil); !slices.Equal(got, tt.returns) {
				t.Errorf("returns %v; want %v", got, tt.returns)
			}
			if got := s.Legal(0, nil); len(got) != 0 {
				t.Errorf("legal actions after the end: %v", got)
			}
		})
	}
}

// mustRoll plays chance's roll of the die showing tech.
func mustRoll(t *testing.T, s *State, tech Technique) {
	t.Helper()
	if err := game.Play(s, game.Chance, RollAction(tech)); err != nil {
		t.Fatalf("roll %s: %v", tech, err)
	}
}

// The rulebook: "Avant d'utiliser le marteau à l'étape 1, lance d'abord le
// dé. Le résultat t'indique la technique de frappe que tu dois employer
// durant ce tour." RULINGS.md: "The die is a chance event the table (and
// any search) can see: rolled in the open, once per turn, before the hit."
func TestExpertDieIsAChanceNode(t *testing.T) {
	s := newTestState(t, 2, game.Options{"expert": "true"})
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) {
		t.Fatalf("actors at the start of an expert game %v; want chance", got)
	}
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 6 {
		t.Fatalf("%d outcomes; want the die's 6 faces", len(outs))
	}
	legal := s.Legal(game.Chance, nil)
	for i, o := range outs {
		tech := Technique(i) + Handle
		if o.Action != RollAction(tech) || o.Action != legal[i] || math.Abs(o.Probability-1.0/6) > 1e-15 {
			t.Errorf("outcome %d: %+v; want %s (action %d) with probability 1/6, as listed by Legal(chance)", i, o, tech, RollAction(tech))
		}
		if got := s.ActionString(game.Chance, o.Action); got != "roll "+tech.String() {
			t.Errorf("the roll of %s is written %q", tech, got)
		}
	}
	for p := game.Player(0); p < 2; p++ {
		if got := s.Legal(p, nil); len(got) != 0 {
			t.Errorf("seat %d may act before the roll: %v", p, got)
		}
	}
	if v := viewOf(t, s, 0); v.Phase != "roll" || v.Technique != "" {
		t.Errorf("before the roll: phase %q, technique %q; want roll and none", v.Phase, v.Technique)
	}

	// Rolled in the open: every viewer sees the face, and seat 0 hits with
	// it.
	mustRoll(t, s, ThumbOff)
	mustInvariants(t, s)
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{0}) {
		t.Fatalf("actors after the roll %v; want seat 0", got)
	}
	for _, p := range []game.Player{0, 1, game.Spectator} {
		if v := viewOf(t, s, p); v.Phase != "hit" || v.Technique != "thumb-off" {
			t.Errorf("%s sees phase %q, technique %q; want hit with thumb-off", p, v.Phase, v.Technique)
		}
	}
	if got := s.ChanceOutcomes(nil); len(got) != 0 {
		t.Errorf("chance outcomes after the roll: %v", got)
	}

	// Once per turn: a miss keeps the turn and its technique, no new roll.
	s.settle(nil, true)
	if s.phase != PhaseHit || s.technique != ThumbOff || len(s.ChanceOutcomes(nil)) != 0 {
		t.Errorf("after a miss: phase %d, technique %s; want seat 0 still hitting with thumb-off", s.phase, s.technique)
	}
	// The next turn starts with the next roll.
	s.endTurn()
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) || s.technique != NoTechnique || s.current != 1 {
		t.Errorf("the next turn: actors %v, technique %s, current %d; want chance to roll for seat 1", got, s.technique, s.current)
	}
	mustInvariants(t, s)

	// Without the expert variant there is no die.
	s2 := newTestState(t, 2, nil)
	if got := s2.Actors(nil); !slices.Equal(got, []game.Player{0}) || s2.technique != NoTechnique || len(s2.ChanceOutcomes(nil)) != 0 {
		t.Errorf("without the expert variant: actors %v, technique %s", got, s2.technique)
	}
}

// The hit is made with the rolled technique: the head-down hit's record
// names it, and the same seed and roll give the same hit.
func TestRolledTechniqueShapesTheHit(t *testing.T) {
	hit := func(tech Technique) *HitRecord {
		s := newTestState(t, 2, game.Options{"expert": "true"})
		mustRoll(t, s, tech)
		mustPlay(t, s, 0, "hit south 5 strength 8")
		return s.last
	}
	a, b := hit(Handle), hit(Handle)
	if a.Technique != "handle" || a.Move != "hit south 5 strength 8" {
		t.Errorf("the hit's record: technique %q, move %q", a.Technique, a.Move)
	}
	if !slices.Equal(a.Fallen, b.Fallen) || len(a.Frames) != len(b.Frames) {
		t.Errorf("the same seed and roll gave different hits: %v and %v", a.Fallen, b.Fallen)
	}
}

// Rolls and seats' moves are refused where they do not belong, with the
// reason, and change nothing.
func TestRollErrors(t *testing.T) {
	s := newTestState(t, 2, game.Options{"expert": "true"})
	before, _ := game.Hash(s)
	tests := []struct {
		p    game.Player
		a    game.Action
		code game.Code
		want string
	}{
		{0, HitAction(South, 5, 5), game.CodeNotYourTurn, "the die is rolled first"},
		{1, RollAction(Fist), game.CodeNotYourTurn, "the die is rolled first"},
		{game.Chance, HitAction(South, 5, 5), game.CodeIllegal, "not a face of the die"},
	}
	for _, tt := range tests {
		err := game.Play(s, tt.p, tt.a)
		if game.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s plays %q before the roll: got %v; want %s containing %q", tt.p, s.ActionString(tt.p, tt.a), err, tt.code, tt.want)
		}
	}
	if after, _ := game.Hash(s); after != before {
		t.Errorf("a refused action changed the state")
	}
	mustRoll(t, s, Fist)
	before, _ = game.Hash(s)
	for _, tt := range []struct {
		p    game.Player
		a    game.Action
		code game.Code
		want string
	}{
		{game.Chance, RollAction(Handle), game.CodeNotYourTurn, "no die to roll now"},
		{0, RollAction(Handle), game.CodeIllegal, "only chance makes"},
	} {
		err := game.Play(s, tt.p, tt.a)
		if game.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s plays %q after the roll: got %v; want %s containing %q", tt.p, s.ActionString(tt.p, tt.a), err, tt.code, tt.want)
		}
	}
	if after, _ := game.Hash(s); after != before {
		t.Errorf("a refused action changed the state")
	}
}

// The roll is an action of chance in the record, which replays exactly.
func TestRollInTheRecord(t *testing.T) {
	g := New()
	rec, err := game.NewRecorder(g, 2, setupPiles(game.Options{"expert": "true", "wagons": "1"}), 5)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(8)
	for i := 0; i < 12 && !rec.State.Terminal(); i++ {
		s := rec.State.(*State)
		p := s.Actors(nil)[0]
		var a game.Action
		switch {
		case p == game.Chance:
			a = game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())
		case s.phase == PhaseFill:
			f, _ := s.SuggestedFilling()
			a, _ = FillAction(f)
		default:
			a = HitAction(Side(i%4), 5, 7)
		}
		if err := rec.Play(p, a, int64(i)); err != nil {
			t.Fatal(err)
		}
	}
	r := rec.Rec
	if len(r.Actions) == 0 || r.Actions[0].Player != game.Chance || !strings.HasPrefix(r.Actions[0].Move, "roll ") {
		t.Fatalf("the record starts with %+v; want chance's roll", r.Actions[:1])
	}
	var reg game.Registry
	reg.Register(g)
	st, err := game.Replay(&reg, &r)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := game.Hash(rec.State)
	if got, _ := game.Hash(st); got != want {
		t.Errorf("the replay ends at %s; want %s", got, want)
	}
}

func TestNotYourTurn(t *testing.T) {
	s := newTestState(t, 2, nil)
	before, _ := game.Hash(s)
	err := game.Play(s, 1, HitAction(North, 5, 3))
	if game.ErrorCode(err) != game.CodeNotYourTurn {
		t.Errorf("got %v; want not your turn", err)
	}
	err = game.Play(s, 0, actFill)
	if game.ErrorCode(err) != game.CodeIllegal {
		t.Errorf("a filling while aiming: got %v; want illegal", err)
	}
	if after, _ := game.Hash(s); after != before {
		t.Errorf("a refused action changed the state")
	}
}

func TestSetupErrors(t *testing.T) {
	tests := []struct {
		name    string
		players int
		opts    game.Options
		want    string
	}{
		{"one player", 1, nil, "2 to 4 players, not 1"},
		{"five players", 5, nil, "2 to 4 players, not 5"},
		{"no wagons", 2, game.Options{"wagons": "0"}, "option wagons: 0 is outside 1 to 4"},
		{"unknown option", 2, game.Options{"dragon": "on"}, "has no such option"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := game.Start(New(), tt.players, tt.opts, 1)
			if game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an invalid-setup error containing %q", err, tt.want)
			}
		})
	}
}

// Setup: each player's pile holds its own four wagons, the mission pile
// all nine cards, every gem lies on the tray, and seat 0 starts.
func TestSetup(t *testing.T) {
	s := newTestState(t, 4, nil)
	mustInvariants(t, s)
	if s.deckLen != 9 || s.current != 0 || s.phase != PhaseHit {
		t.Errorf("deck %d, current %d, phase %d; want 9 cards and seat 0 hitting", s.deckLen, s.current, s.phase)
	}
	for p := 0; p < 4; p++ {
		if s.seats[p].top != 0 || s.seats[p].numHeld != 0 {
			t.Errorf("seat %d starts with %d full wagons and %d missions", p, s.seats[p].top, s.seats[p].numHeld)
		}
	}
}

// Ruling: a game still going after 100 rounds ends; the most full wagons
// win, ties broken by mission cards.
func TestRoundLimit(t *testing.T) {
	s := newTestState(t, 2, game.Options{"missions": "false"})
	s.round = maxRounds - 1
	s.current = 1
	s.seats[0].top, s.seats[1].top = 2, 3
	s.endTurn()
	if !s.Terminal() {
		t.Fatalf("the game goes on after %d rounds", s.round)
	}
	if got, want := s.Returns(nil), []float64{0, 1}; !slices.Equal(got, want) {
		t.Errorf("returns %v; want %v", got, want)
	}
}

// Gems that go back are laid down away from the edges.
func TestGemsGoBackToTheMiddle(t *testing.T) {
	s := newTestState(t, 2, nil)
	fallen := fall(s, gemRed, gemBlue, gemBlack)
	s.returnGems(fallen)
	hw, hd := s.pack.Tray.WidthCM/2-returnMargin, s.pack.Tray.DepthCM/2-returnMargin
	for _, g := range fallen {
		if x, y := s.gems[g].X, s.gems[g].Y; x < -hw || x > hw || y < -hd || y > hd {
			t.Errorf("gem %d went back to (%.1f, %.1f), within %.0f cm of an edge", g, x, y, returnMargin)
		}
	}
	mustInvariants(t, s)
}
