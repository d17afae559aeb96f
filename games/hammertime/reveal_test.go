package hammertime

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"minehall/ai"
	"minehall/game"
	"minehall/game/gametest"
)

// drawnState starts a game with drawn piles (the option's default: a new
// game's rules) with the given players, options and seed.
func drawnState(t *testing.T, players int, opts game.Options, seed uint64) *State {
	t.Helper()
	s, resolved, err := game.Start(New(), players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	if resolved[optPiles] != PilesChance {
		t.Fatalf("a new game has piles=%q; want %q", resolved[optPiles], PilesChance)
	}
	return s.(*State)
}

// revealFirst plays chance's draw of the card with the given id, checking
// that chance is the actor and that the card is one of its outcomes.
func revealFirst(t *testing.T, s *State, id string) {
	t.Helper()
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) {
		t.Fatalf("actors %v; want chance to turn %s up", got, id)
	}
	mustPlay(t, s, game.Chance, "reveal "+id)
}

// outcomeIDs returns the cards of the chance outcomes, by id, and checks
// that they are equally likely and that Legal lists the same actions.
func outcomeIDs(t *testing.T, s *State) []string {
	t.Helper()
	outs := s.ChanceOutcomes(nil)
	legal := s.Legal(game.Chance, nil)
	var ids []string
	sum := 0.0
	for i, o := range outs {
		if o.Probability != outs[0].Probability {
			t.Errorf("outcome %s has probability %v, outcome %s %v; want all equal", s.ActionString(game.Chance, o.Action), o.Probability, s.ActionString(game.Chance, outs[0].Action), outs[0].Probability)
		}
		if i >= len(legal) || legal[i] != o.Action {
			t.Errorf("outcomes and legal actions differ: %v and %v", outs, legal)
		}
		sum += o.Probability
		ids = append(ids, strings.TrimPrefix(s.ActionString(game.Chance, o.Action), "reveal "))
	}
	if len(outs) > 0 && (sum < 1-1e-9 || sum > 1+1e-9) {
		t.Errorf("the outcomes' probabilities sum to %v; want 1", sum)
	}
	return ids
}

// At setup chance turns up each player's first wagon, seat by seat, and
// then the first mission card, each drawn from its whole pile; before
// that nobody plays, and nothing face down shows.
func TestDrawnPilesStartWithChanceTurningCardsUp(t *testing.T) {
	s := drawnState(t, 2, nil, 4)
	v := viewOf(t, s, 0)
	if v.Seats[0].Wagon != nil || v.Seats[1].Wagon != nil || v.Mission != "" || v.Seats[0].PileLeft != 4 {
		t.Fatalf("before the draws the view shows wagons %v, %v, mission %q, %d wagons face down; want none, none, none, 4",
			v.Seats[0].Wagon, v.Seats[1].Wagon, v.Mission, v.Seats[0].PileLeft)
	}
	if got, want := outcomeIDs(t, s), []string{"orange-1", "orange-2", "orange-3", "orange-4"}; !slices.Equal(got, want) {
		t.Fatalf("seat 1's first wagon is drawn from %v; want %v", got, want)
	}
	if err := s.Explain(0, HitAction(South, 5, 4)); game.ErrorCode(err) != game.CodeNotYourTurn || !strings.Contains(err.Error(), "seat 1's next wagon is turned face up first") {
		t.Errorf("a hit before the draw: %v; want not your turn, seat 1's wagon first", err)
	}
	if got := s.Legal(0, nil); len(got) != 0 {
		t.Errorf("seat 1 has %d legal actions before the draw; want none", len(got))
	}
	revealFirst(t, s, "orange-3")
	if got, want := outcomeIDs(t, s), []string{"purple-1", "purple-2", "purple-3", "purple-4"}; !slices.Equal(got, want) {
		t.Fatalf("seat 2's first wagon is drawn from %v; want %v", got, want)
	}
	revealFirst(t, s, "purple-1")
	if got := outcomeIDs(t, s); len(got) != 9 || got[0] != "mission-1" {
		t.Fatalf("the first mission card is drawn from %v; want the 9 mission cards", got)
	}
	revealFirst(t, s, "mission-5")
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{0}) {
		t.Fatalf("after the draws the actors are %v; want seat 1", got)
	}
	v = viewOf(t, s, 1)
	if v.Seats[0].Wagon == nil || v.Seats[0].Wagon.ID != "orange-3" || v.Seats[1].Wagon.ID != "purple-1" || v.Mission != s.pack.Missions[4].Kind || v.Seats[0].PileLeft != 3 {
		t.Errorf("the view shows wagons %+v, %+v, mission %q, %d face down; want orange-3, purple-1, %s, 3",
			v.Seats[0].Wagon, v.Seats[1].Wagon, v.Mission, v.Seats[0].PileLeft, s.pack.Missions[4].Kind)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// A chance draw must name a card of the pile being turned up; a reveal
// when none is, and the die's roll before the draw, are refused, and a
// refusal changes nothing.
func TestDrawnPilesRefuseWrongReveals(t *testing.T) {
	s := drawnState(t, 2, game.Options{"expert": "true"}, 4)
	before, _ := game.Hash(s)
	tests := []struct {
		move string
		code game.Code
		want string
	}{
		{"reveal purple-2", game.CodeIllegal, "reveal purple-2 is not in seat 1's wagon pile"},
		{"reveal mission-2", game.CodeIllegal, "is not in seat 1's wagon pile"},
		{"roll fist", game.CodeIllegal, "roll fist does not turn a card face up, which chance does now"},
	}
	for _, tt := range tests {
		_, err := game.PlayNotation(s, game.Chance, tt.move)
		if game.ErrorCode(err) != tt.code || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v; want %s containing %q", tt.move, err, tt.code, tt.want)
		}
	}
	if _, err := s.ParseAction(game.Chance, "reveal gold-9"); err == nil || !strings.Contains(err.Error(), `"reveal CARD"`) {
		t.Errorf("reveal gold-9: %v; want the notation of a card turned up", err)
	}
	if after, _ := game.Hash(s); after != before {
		t.Fatalf("refused moves changed the state")
	}
	revealFirst(t, s, "orange-1")
	revealFirst(t, s, "purple-4")
	_, err := game.PlayNotation(s, game.Chance, "reveal mission-1")
	if err != nil {
		t.Fatal(err)
	}
	_, err = game.PlayNotation(s, game.Chance, "reveal mission-2")
	if game.ErrorCode(err) != game.CodeIllegal || !strings.Contains(err.Error(), "none is now") {
		t.Errorf("a reveal at the die's roll: %v; want illegal, no card is turned up now", err)
	}
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{game.Chance}) || s.phase != PhaseRoll {
		t.Errorf("after the draws: actors %v in phase %s; want chance rolling the die", got, phaseNames[s.phase])
	}
}

// After a mission card is won chance draws the next one from the cards
// nobody has seen; once a filled wagon is turned over it draws the
// player's next wagon from the ones left. The generator draws neither:
// its state does not depend on which cards were turned up.
func TestDrawnPilesDrawTheNextCards(t *testing.T) {
	a := drawnState(t, 2, nil, 9)
	b := drawnState(t, 2, nil, 9)
	for _, st := range []struct {
		s     *State
		cards []string
	}{{a, []string{"orange-1", "purple-1", "mission-1"}}, {b, []string{"orange-4", "purple-3", "mission-9"}}} {
		for _, id := range st.cards {
			revealFirst(t, st.s, id)
		}
	}
	if a.rng != b.rng {
		t.Fatalf("the generators differ after different draws; want the piles left to chance alone")
	}
	// Seat 1 wins the face-up mission (a "few" card: 1 to 3 gems) with a
	// blue gem its wagon orange-1 takes.
	s := a
	topMissionDrawn(t, s, MissionFew)
	won := s.deck[0]
	s.settle(fall(s, gemBlue), true)
	if s.seats[0].numHeld != 1 || s.seats[0].held[0] != won {
		t.Fatalf("seat 1 holds %v; want the mission card won", s.seats[0].held[:s.seats[0].numHeld])
	}
	left := outcomeIDs(t, s)
	if len(left) != 8 || slices.Contains(left, s.pack.Missions[won].ID) {
		t.Fatalf("the next mission card is drawn from %v; want the 8 others", left)
	}
	if v := viewOf(t, s, 1); v.Mission != "" || v.DeckSize != 8 {
		t.Errorf("before the draw the view shows mission %q of %d; want none of 8", v.Mission, v.DeckSize)
	}
	if err := s.Explain(0, actFill); game.ErrorCode(err) != game.CodeNotYourTurn || !strings.Contains(err.Error(), "the next mission card is turned face up first") {
		t.Errorf("a filling before the draw: %v; want the mission card first", err)
	}
	revealFirst(t, s, left[3])
	if s.phase != PhaseFill || !slices.Equal(s.Actors(nil), []game.Player{0}) {
		t.Fatalf("after the draw: phase %s, actors %v; want seat 1 filling", phaseNames[s.phase], s.Actors(nil))
	}
	// Fill orange-1 (blue, green, yellow, red) to the full: three more gems
	// and the mission card.
	for _, g := range []int8{gemGreen, gemYellow, gemRed} {
		s.gems[g].Holder = 0
	}
	mustPlay(t, s, 0, "fill blue 1")
	if s.seats[0].top != 1 {
		t.Fatalf("seat 1 has %d full wagons; want 1", s.seats[0].top)
	}
	if got, want := outcomeIDs(t, s), []string{"orange-2", "orange-3", "orange-4"}; !slices.Equal(got, want) {
		t.Fatalf("seat 1's next wagon is drawn from %v; want %v", got, want)
	}
	if v := viewOf(t, s, 1); v.Seats[0].Wagon != nil || v.Seats[0].PileLeft != 3 || len(v.Seats[0].FullWagons) != 1 {
		t.Errorf("before the draw seat 1 shows wagon %+v, %d face down, full %v; want none, 3, [orange-1]", v.Seats[0].Wagon, v.Seats[0].PileLeft, v.Seats[0].FullWagons)
	}
	revealFirst(t, s, "orange-4")
	if got := s.Actors(nil); !slices.Equal(got, []game.Player{1}) {
		t.Errorf("after the draw the actors are %v; want seat 2", got)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// topMissionDrawn makes the face-up mission card, drawn already, one of
// kind k, keeping the cards face down in pack order.
func topMissionDrawn(t *testing.T, s *State, k MissionKind) {
	t.Helper()
	hidden := s.deck[:s.deckLen-s.deckKnown]
	for i, c := range hidden {
		if s.pack.Missions[c].kind == k {
			hidden[0], hidden[i] = c, hidden[0]
			slices.Sort(hidden[1:])
			return
		}
	}
	t.Fatalf("no mission of kind %s in the pile", k)
}

// A determinization gives the cards face down an order it turns up
// without chance, and looks the same to the player; at a draw it keeps
// the draw chance's.
func TestDrawnPilesDeterminize(t *testing.T) {
	s := drawnState(t, 3, nil, 2)
	rng := game.NewRand(5)
	d := s.Determinize(0, &rng).(*State)
	if !d.revealPending() || d.presampled {
		t.Fatalf("a determinization at a draw turns cards up without chance")
	}
	for range 4 {
		mustPlay(t, s, game.Chance, s.ActionString(game.Chance, s.Legal(game.Chance, nil)[0]))
	}
	d = s.Determinize(1, &rng).(*State)
	if d.InfoKey(1) != s.InfoKey(1) || !d.presampled {
		t.Fatalf("the determinization looks different to seat 2, or has no order of its own")
	}
	// Seat 1 fills its wagon: the determinization turns its next wagon up
	// at once, one of the three left.
	left := slices.Clone(s.seats[0].pile[1:])
	d.seats[0].top, d.seats[0].up = 0, true
	d.current = 0
	d.turnWagon()
	if !d.seats[0].up || !slices.Contains(left, d.seats[0].pile[1]) || d.revealPending() {
		t.Errorf("after a full wagon the determinization shows %v (up %v); want one of %v, no draw", d.seats[0].pile, d.seats[0].up, left)
	}
	if err := d.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// The piles option is a rules version: a new game gets drawn piles; a
// game stored without the option (a record, a table, a script made
// before it existed) gets piles set at setup, as it was played; both are
// the rulebook's game, so both are rated, and the lobby does not offer it.
func TestPilesOptionIsARulesVersion(t *testing.T) {
	g := New()
	spec := g.Spec()
	i := slices.IndexFunc(spec.Options, func(o game.OptionSpec) bool { return o.Key == optPiles })
	if i < 0 {
		t.Fatalf("Hammer Time has no %s option", optPiles)
	}
	o := spec.Options[i]
	if o.Default != PilesChance || o.Former != PilesSetup {
		t.Errorf("the piles option has default %q and former %q; want %q and %q", o.Default, o.Former, PilesChance, PilesSetup)
	}
	for _, v := range []string{PilesChance, PilesSetup} {
		if err := spec.CheckRated(game.Options{optPiles: v}); err != nil {
			t.Errorf("piles=%s: %v; want rated", v, err)
		}
	}
	old := game.Options{"expert": "false", "missions": "true", "wagons": "4"}
	tests := []struct {
		name   string
		start  func(game.Game, int, game.Options, uint64) (game.State, game.Options, error)
		opts   game.Options
		want   string
		drawn  bool
		actors game.Player
	}{
		{"new game", game.Start, old, PilesChance, true, game.Chance},
		{"stored before the option", game.StartStored, old, PilesSetup, false, 0},
		{"stored with drawn piles", game.StartStored, game.Options{optPiles: PilesChance}, PilesChance, true, game.Chance},
		{"new game with piles set at setup", game.Start, game.Options{optPiles: PilesSetup}, PilesSetup, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, opts, err := tt.start(g, 2, tt.opts, 3)
			if err != nil {
				t.Fatal(err)
			}
			if opts[optPiles] != tt.want || s.(*State).drawn != tt.drawn || s.Actors(nil)[0] != tt.actors {
				t.Errorf("piles=%q, drawn %v, first actor %s; want %q, %v, %s", opts[optPiles], s.(*State).drawn, s.Actors(nil)[0], tt.want, tt.drawn, tt.actors)
			}
		})
	}
	if _, _, err := game.Start(g, 2, game.Options{optPiles: "dealt"}, 1); game.ErrorCode(err) != game.CodeInvalid || !strings.Contains(err.Error(), `"dealt" is not one of setup, chance`) {
		t.Errorf("piles=dealt: %v; want invalid, naming the values", err)
	}
	// The engine started directly with options that lack piles (the
	// puzzles' practice tray does so) keeps the piles set at setup.
	st, err := g.New(game.Config{Players: 2, Seed: 1, Options: old})
	if err != nil || st.(*State).drawn {
		t.Errorf("New without piles: drawn %v, %v; want piles set at setup", st.(*State).drawn, err)
	}
}

// A new game's record holds chance's draws and replays to its hash; a
// Save and RestoreState keep the drawn piles' marks.
func TestDrawnPilesRecordReplays(t *testing.T) {
	g := New()
	rec, err := game.NewRecorder(g, 3, game.Options{"wagons": "1"}, 21)
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRand(3)
	reveals := 0
	for i := 0; i < 400 && !rec.State.Terminal(); i++ {
		s := rec.State.(*State)
		p := s.Actors(nil)[0]
		var a game.Action
		switch {
		case p == game.Chance:
			a = game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())
			reveals++
		case s.phase == PhaseFill:
			f, _ := s.SuggestedFilling()
			a, _ = FillAction(f)
		default:
			a = HitAction(Side(i%4), 1+i%9, 3+i%6)
		}
		if err := rec.Play(p, a, int64(i)); err != nil {
			t.Fatal(err)
		}
		if i == 40 {
			kind, b, err := s.Save()
			if err != nil {
				t.Fatal(err)
			}
			back, err := g.(*Game).RestoreState(b)
			if err != nil {
				t.Fatalf("%s state does not restore: %v", kind, err)
			}
			if h1, h2 := gametest.MustHash(t, s), gametest.MustHash(t, back); h1 != h2 {
				t.Errorf("the restored state's hash is %s; want %s", h2, h1)
			}
		}
	}
	r, err := rec.Finish()
	if err != nil {
		t.Fatal(err)
	}
	if reveals < 4 || r.Options[optPiles] != PilesChance {
		t.Fatalf("%d draws in a record with piles=%q; want at least the 4 of setup, piles=chance", reveals, r.Options[optPiles])
	}
	var reg game.Registry
	reg.Register(g)
	if _, err := game.Verify(&reg, r); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// Every bot level plays drawn piles: from the first draws on, each of its
// first choices in an expert game is legal and leaves the state it was
// shown unchanged, chance drawing the cards as they are turned up.
func TestBotsPlayDrawnPiles(t *testing.T) {
	g := New().(*Game)
	for _, name := range g.BotNames() {
		t.Run(name, func(t *testing.T) {
			var bots [2]interface {
				Act(context.Context, game.State, game.Player) (ai.Decision, error)
			}
			for i := range bots {
				b, err := g.NewBot(name, uint64(3+i))
				if err != nil {
					t.Fatal(err)
				}
				bots[i] = b
			}
			s := drawnState(t, 2, game.Options{"wagons": "1", "expert": "true"}, 6)
			rng := game.NewRand(9)
			decisions := 0
			for step := 0; step < 40 && !s.Terminal() && decisions < 4; step++ {
				p := s.Actors(nil)[0]
				if p == game.Chance {
					mustPlay(t, s, p, s.ActionString(p, game.PickOutcome(s.ChanceOutcomes(nil), rng.Float64())))
					continue
				}
				before := gametest.MustHash(t, s)
				// A search cut short answers its best so far: the test
				// checks legality, not strength.
				ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
				d, err := bots[p].Act(ctx, s, p)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				if gametest.MustHash(t, s) != before {
					t.Fatalf("the %s bot changed the state it was shown", name)
				}
				if err := game.Play(s, p, d.Action); err != nil {
					t.Fatalf("the %s bot chose %s: %v", name, s.ActionString(p, d.Action), err)
				}
				decisions++
			}
			if decisions == 0 {
				t.Fatalf("the %s bot was never asked", name)
			}
		})
	}
}
