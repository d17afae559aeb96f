package outofmine

import (
	"embed"
	"fmt"
	"strings"

	"minehall/game"
)

// Game is Out of Mine with a component pack. It implements game.Game,
// game.Rulebook and ai.BotMaker.
type Game struct {
	pack *Pack
}

// New returns Out of Mine with the embedded (reconstructed) pack.
func New() game.Game { return &Game{pack: DefaultPack()} }

// NewWithPack returns Out of Mine played with pack, for example one loaded
// with LoadPack from a user's file.
func NewWithPack(pack *Pack) *Game { return &Game{pack: pack} }

// Pack returns the game's component pack.
func (g *Game) Pack() *Pack { return g.pack }

// The option keys.
const (
	OptClock  = "clock"
	OptAssist = "assist"
	OptElves  = "elves"
	OptFinds  = "finds"
)

// Spec implements game.Game.
func (g *Game) Spec() game.Spec {
	return game.Spec{
		ID:    "outofmine",
		Title: "Out of Mine",
		Summary: "Everyone at once fills their own gallery board with the crystal tiles their treasure card names, " +
			"racing for the shared supply; the first to cover every space calls OUT OF MINE! Seven rounds.",
		MinPlayers: 2,
		MaxPlayers: MaxPlayers,
		Options: []game.OptionSpec{
			{Key: OptClock, Title: "Round clock (seconds)", Help: "A round ends when the clock runs out if nobody has called, or once every player has stopped digging; 0 turns the clock off.", Kind: game.OptionInt, Default: "180", Min: 0, Max: 3600, Rated: []string{"180"}},
			{Key: OptAssist, Title: "Assist mode", Help: "Refuse tiles that would cover rock, colors not on your card and tiles beyond your card's count.", Kind: game.OptionBool, Default: "false", Rated: []string{"false"}},
			{Key: OptElves, Title: "Advanced: elves", Help: "+1 for each elf whose space holds a tile of its color, if that color is on your card.", Kind: game.OptionBool, Default: "false"},
			{Key: OptFinds, Title: "Advanced: good and bad finds", Help: "Each element on your board scores what your card says.", Kind: game.OptionBool, Default: "false"},
		},
		Information: game.ImperfectInformation,
		Turns:       game.RealTime,
		Arena:       true,
		Chance:      true,
		RatedMoves:  5,
	}
}

// New implements game.Game. The game starts with chance dealing the boards;
// the state draws nothing itself (every random event is a chance node, see
// chance.go), so cfg.Seed does not change the initial state: whoever drives
// the game draws the chance outcomes, and the log records them.
func (g *Game) New(cfg game.Config) (game.State, error) {
	if err := g.Spec().CheckPlayers(cfg.Players); err != nil {
		return nil, err
	}
	opts := settings{
		Clock:  cfg.Options.Int(OptClock),
		Assist: cfg.Options.Bool(OptAssist),
		Elves:  cfg.Options.Bool(OptElves),
		Finds:  cfg.Options.Bool(OptFinds),
	}
	if opts.Clock < 0 {
		return nil, game.Errorf(game.CodeInvalid, "option clock: %d seconds is negative", opts.Clock)
	}
	return newState(g.pack, cfg.Players, opts), nil
}

//go:embed rules/*.md
var rulesFS embed.FS

// rules is the rules text in every language of the app.
var rules = game.MustReadRulesText(rulesFS, "rules")

// rulesLanguage holds the words one language uses for the generated list
// of the pack's reconstructed components.
type rulesLanguage struct {
	heading string // the heading of the appended list, with its "## "
	none    string // the sentence when the pack has no reconstructed item
	shape   string // "shape X"
	board   string // "board N"
	card    string // "card N"
	// tiles says "N SHAPE tiles with element E", given "N SHAPE" and E:
	// [0] for one tile, [1] for several.
	tiles [2]string
	// elements names the elements (gold, silver, woodworm, rat) in the
	// language, as its rules text does.
	elements map[string]string
}

// rulesLanguages are the languages of the rules, by language code.
var rulesLanguages = map[string]rulesLanguage{
	"en": {"## Reconstructed components in this pack", "None: this pack is marked as the printed game's data.",
		"shape ", "board ", "card ", [2]string{"%s tile with element %s", "%s tiles with element %s"},
		map[string]string{"gold": "gold", "silver": "silver", "woodworm": "woodworm", "rat": "rat"}},
	"de": {"## Rekonstruiertes Material in diesem Paket", "Keines: Dieses Paket ist als Daten des gedruckten Spiels markiert.",
		"Form ", "Tableau ", "Karte ", [2]string{"%s Plättchen mit Element %s", "%s Plättchen mit Element %s"},
		map[string]string{"gold": "Gold", "silver": "Silber", "woodworm": "Holzwurm", "rat": "Ratte"}},
	"fr": {"## Matériel reconstitué dans ce paquet", "Aucun : ce paquet est marqué comme les données du jeu imprimé.",
		"forme ", "plateau ", "carte ", [2]string{"%s tuile avec l'élément %s", "%s tuiles avec l'élément %s"},
		map[string]string{"gold": "or", "silver": "argent", "woodworm": "ver", "rat": "rat"}},
	"nl": {"## Gereconstrueerd materiaal in dit pakket", "Geen: dit pakket is gemarkeerd als de gegevens van het gedrukte spel.",
		"vorm ", "mijngangkaart ", "schatkaart ", [2]string{"%s kaartje met element %s", "%s kaartjes met element %s"},
		map[string]string{"gold": "goud", "silver": "zilver", "woodworm": "houtworm", "rat": "rat"}},
}

// Rules implements game.Rulebook: the rules in lang (en, de, fr or nl) with
// ok=true, or in English with ok=false for any other language, with the
// list of reconstructed components of the game's pack appended.
func (g *Game) Rules(lang string) (string, bool) {
	text, ok := rules.Rules(lang)
	l, known := rulesLanguages[lang]
	if !known {
		l = rulesLanguages["en"]
	}
	var b strings.Builder
	b.WriteString(text)
	b.WriteString("\n" + l.heading + "\n\n")
	if len(g.pack.Reconstructed) == 0 {
		b.WriteString(l.none + "\n")
	}
	for _, r := range g.pack.Reconstructed {
		b.WriteString("- " + l.item(r) + "\n")
	}
	return b.String(), ok
}

// item words one entry of Pack.Reconstructed in the language; an entry of
// an unknown form is kept as it is.
func (l rulesLanguage) item(r string) string {
	for _, w := range []struct{ en, local string }{{"shape ", l.shape}, {"board ", l.board}, {"card ", l.card}} {
		if rest, ok := strings.CutPrefix(r, w.en); ok {
			return w.local + rest
		}
	}
	for i, sep := range []string{" tile with element ", " tiles with element "} {
		if count, element, ok := strings.Cut(r, sep); ok {
			if local, ok := l.elements[strings.Trim(element, `"`)]; ok {
				element = strings.Replace(element, strings.Trim(element, `"`), local, 1)
			}
			return fmt.Sprintf(l.tiles[i], count, element)
		}
	}
	return r
}
