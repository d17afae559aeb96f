package tf22

import (
	"embed"

	"minehall/game"
)

// Option keys.
const (
	OptionSymbolCards = "symbol_cards"
	OptionRoundLimit  = "round_limit"
)

// Game is TF22 Mine with a component pack.
type Game struct {
	pack *Pack
}

var (
	_ game.Game     = (*Game)(nil)
	_ game.Rulebook = (*Game)(nil)
)

// New returns TF22 Mine with the embedded (reconstructed) component pack.
func New() game.Game { return &Game{pack: DefaultPack()} }

// NewWithPack returns TF22 Mine played with pack, which [LoadPack] validated.
func NewWithPack(pack *Pack) *Game { return &Game{pack: pack} }

// Spec describes TF22 Mine.
func (g *Game) Spec() game.Spec {
	return game.Spec{
		ID:         "tf22",
		Title:      "TF22 Mine",
		Summary:    "Rival mining crews turn and flip the cards of a planet to open tunnels, collect White Ranium, steal it in combat and carry it to the orbiting loaders.",
		MinPlayers: 2, MaxPlayers: 4,
		Options: []game.OptionSpec{
			{Key: OptionSymbolCards, Title: "Symbol cards", Kind: game.OptionChoice, Default: "standard",
				Choices: []string{"luck", "standard", "strategy"},
				Help:    "luck: shuffle all five before every draw; standard: draw through the pile and reshuffle when it is empty; strategy: choose from the hand and take all back when all are played"},
			{Key: OptionRoundLimit, Title: "Round limit", Kind: game.OptionInt, Default: "0", Min: 0, Max: 1000, Rated: []string{"0"},
				Help: "not in the rulebook: after this many rounds the seats with the most markers share the win; 0 (the rulebook's game) plays until someone reaches the goal"},
		},
		Information: game.ImperfectInformation,
		Turns:       game.Sequential,
		Chance:      true,
		RatedMoves:  4,
	}
}

// New deals a game for cfg.
func (g *Game) New(cfg game.Config) (game.State, error) {
	if err := g.Spec().CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	variant := uint8(variantStandard)
	switch v := cfg.Options.String(OptionSymbolCards); v {
	case "luck":
		variant = variantLuck
	case "standard", "":
		variant = variantStandard
	case "strategy":
		variant = variantStrategy
	default:
		return nil, game.Errorf(game.CodeInvalid, "option %s: %q is not luck, standard or strategy", OptionSymbolCards, v)
	}
	limit := 0 // the rulebook's game: no limit
	if v := cfg.Options.String(OptionRoundLimit); v != "" {
		limit = cfg.Options.Int(OptionRoundLimit)
		if limit < 0 || limit > 1000 {
			return nil, game.Errorf(game.CodeInvalid, "option %s: %q is not a whole number from 0 to 1000", OptionRoundLimit, v)
		}
	}
	return newState(&g.pack.compiled, cfg.Players, variant, limit, cfg.Seed), nil
}

//go:embed rules/*.md
var rulesFS embed.FS

// rules is the rules text in every language of the app.
var rules = game.MustReadRulesText(rulesFS, "rules")

// Rules implements game.Rulebook: the rules in lang (en, de, fr or nl) with
// ok = true, or English with ok = false.
func (g *Game) Rules(lang string) (string, bool) { return rules.Rules(lang) }
