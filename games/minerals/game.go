package minerals

import (
	"fmt"
	"slices"

	"minehall/game"
)

// Game is Minerals with a component pack.
type Game struct {
	pack *Pack
}

// New returns Minerals with the embedded component pack. It panics only if
// the embedded pack is broken, which the package's tests prove it is not.
func New() game.Game { return NewWithPack(DefaultPack()) }

// NewWithPack returns Minerals with the given (validated) pack, for example
// one read with [LoadPack] and extended with [Pack.AddBoard].
func NewWithPack(p *Pack) *Game { return &Game{pack: p} }

// Pack returns the game's component pack (read-only).
func (g *Game) Pack() *Pack { return g.pack }

// toolChoices lists the values of the tools option: "random" or one letter
// per tile (white, blue, pink, black, golden), A or B.
func toolChoices() []string {
	out := []string{"random"}
	for mask := 0; mask < 1<<NumMinerals; mask++ {
		b := make([]byte, NumMinerals)
		for i := range b {
			b[i] = 'A' + byte(mask>>(int(NumMinerals)-1-i)&1)
		}
		out = append(out, string(b))
	}
	return out
}

// Spec describes Minerals and its options.
func (g *Game) Spec() game.Spec {
	boards := []string{}
	for _, b := range g.pack.Boards {
		boards = append(boards, b.Name)
	}
	def := boards[0]
	boards = append(boards, "random")
	return game.Spec{
		ID: "minerals", Title: "Minerals",
		Summary:    "Move your pawn across a board of 118 minerals, lift the one you leave, cut off fragments, use tools and trade minerals for collections.",
		MinPlayers: 2, MaxPlayers: MaxPlayers,
		Options: []game.OptionSpec{
			{Key: "version", Title: "Version", Kind: game.OptionChoice, Default: "full", Choices: []string{"6+", "7+", "full"},
				Help: "6+: no tools, no collections, most minerals wins; 7+: collections but no tools; full: everything."},
			{Key: "board", Title: "Board", Kind: game.OptionChoice, Default: def, Choices: boards,
				Help: "A preset board shape (minerals dealt at random on it) or a random board that keeps the set-up rules."},
			{Key: "tools", Title: "Tool sides", Kind: game.OptionChoice, Default: "random", Choices: toolChoices(),
				Help: "The side of each tool tile in play, in tile order white, blue, pink, black, golden (A: Hammer, Chest, Map, Magnifying Glass, Rope; B: Shovel, Sack, Compass, Vortex, Dynamite), or random."},
		},
		Information: game.PerfectInformation,
		Turns:       game.Sequential,
		Chance:      true,
		RatedMoves:  4,
	}
}

// New creates the initial state: the board laid out, the tool sides
// chosen, four ♦ cards face up; the first action is the first player's
// removal of a mineral.
func (g *Game) New(cfg game.Config) (game.State, error) {
	spec := g.Spec()
	if err := spec.CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	opts, err := spec.ResolveOptions(cfg.Options)
	if err != nil {
		return nil, err
	}
	s := &State{pack: g.pack, n: int8(cfg.Players), rng: game.NewRand(cfg.Seed)}
	s.version = Version(slices.Index(versionNames[:], opts.String("version")))
	var layout Layout
	if name := opts.String("board"); name == "random" {
		layout = GenerateLayout(&s.rng)
	} else {
		l, ok := g.pack.Board(name)
		if !ok {
			return nil, game.Errorf(game.CodeInvalid, "option board: no board named %q", name)
		}
		layout = l
	}
	for c, v := range layout.deal(&s.rng) {
		s.setMineral(Cell(c), v)
	}
	sides := opts.String("tools")
	for m := range NumMinerals {
		side := 0
		if sides == "random" {
			side = s.rng.IntN(2)
		} else if sides[m] == 'B' {
			side = 1
		}
		s.tools[m] = g.pack.Tiles[m][side].Tool
	}
	for p := range s.pawn {
		s.pawn[p] = -1
	}
	s.faceUp = [faceUpSlots]int8{-1, -1, -1, -1}
	s.origin = -1
	if s.collectionsInPlay() {
		var singles []int
		for k, c := range g.pack.Cards {
			s.deck |= 1 << k
			if c.Deck == DeckSingle {
				singles = append(singles, k)
			}
		}
		s.rng.Shuffle(len(singles), func(i, j int) { singles[i], singles[j] = singles[j], singles[i] })
		for slot := range s.faceUp {
			s.faceUp[slot] = int8(singles[slot])
			s.deck &^= 1 << singles[slot]
		}
	}
	if err := s.CheckInvariants(); err != nil {
		return nil, game.Errorf(game.CodeInternal, "new game: %v", err)
	}
	return s, nil
}

// String describes the game for logs.
func (g *Game) String() string { return fmt.Sprintf("minerals (%d cards)", len(g.pack.Cards)) }
