package puzzle

import (
	"embed"
	"encoding/json"
	"fmt"
	"math"
	"path"
	"sort"
	"strings"
	"sync"

	"minehall/game"
	"minehall/games/minerals"
	"minehall/rating"
)

// MineralsPuzzle is a Minerals tactics puzzle: a position of a self-play
// game between hard bots, given by the game's options, player count, seed
// and the record prefix that leads to it, where one move is clearly best.
type MineralsPuzzle struct {
	// ID names the puzzle in the set, "m0001" on.
	ID      string       `json:"id"`
	Options game.Options `json:"options"`
	Players int          `json:"players"`
	Seed    uint64       `json:"seed"`
	// Prefix is the game's record up to the puzzle (times left at 0);
	// Seat is the player to move then.
	Prefix []game.RecordedAct `json:"prefix"`
	Seat   int                `json:"seat"`
	// Best is the best move in notation, Margin how many points the deep
	// search puts it ahead of the next best move, RunnerUp.
	Best     string  `json:"best"`
	Margin   float64 `json:"margin"`
	RunnerUp string  `json:"runner_up"`
	// Values are every legal move's value by the deep search (the mover's
	// margin over the opponent, in points), best first.
	Values []MineralsValue `json:"values"`
	// Reason is why the move is best: ReasonCollection, ReasonCutOff,
	// ReasonDeny or ReasonLanding; Text says it in each language.
	Reason string            `json:"reason"`
	Text   map[string]string `json:"text"`
	// BotMove is what the hard bot played in the game.
	BotMove string `json:"bot_move"`
	// Initial is the rating the puzzle starts with in practice: harder
	// (Mu 30) when the hard bot missed the move, else the default.
	Initial rating.Rating `json:"initial"`
}

// MineralsValue is one move's value by the deep search.
type MineralsValue struct {
	Move   string  `json:"move"`
	Margin float64 `json:"margin"`
}

// The reasons a move is best, in order of precedence.
const (
	ReasonCollection = "collection" // it lets the mover take a collection card this turn
	ReasonCutOff     = "cutoff"     // it cuts off fragments, whose lowest minerals the mover takes
	ReasonDeny       = "deny"       // it spoils the opponent's prospects more than the next best move
	ReasonLanding    = "landing"    // it lifts and lands best for the turns to come
)

// denyThreshold is how many points lower the opponent's outlook must be
// after the best move than after the next best for ReasonDeny.
const denyThreshold = 1.0

// solve fills in the puzzle's answer and reason from st, its position, and
// vals, the deep search's values there.
func (pz *MineralsPuzzle) solve(st *minerals.State, vals []minerals.MoveValue) error {
	pz.Values = pz.Values[:0]
	for _, v := range vals {
		pz.Values = append(pz.Values, MineralsValue{Move: v.Move, Margin: v.Margin})
	}
	pz.Best, pz.RunnerUp = vals[0].Move, vals[1].Move
	pz.Margin = vals[0].Margin - vals[1].Margin
	facts, err := st.ExplainMove(vals[0].Action, MineralsTurns)
	if err != nil {
		return err
	}
	me := int8(pz.Seat)
	opp := 1 - me
	after := func(a game.Action) float64 {
		c := st.Clone().(*minerals.State)
		c.Apply(game.Player(me), a)
		return c.Outlook(opp)
	}
	denied := after(vals[1].Action) - after(vals[0].Action)
	switch {
	case len(facts.Cards) > 0:
		pz.Reason = ReasonCollection
	case facts.Fragments > 0:
		pz.Reason = ReasonCutOff
	case denied >= denyThreshold:
		pz.Reason = ReasonDeny
	default:
		pz.Reason = ReasonLanding
	}
	pz.Text = mineralsReasonText(pz, facts, denied)
	pz.Initial = rating.Default()
	if pz.BotMove != "" && pz.BotMove != pz.Best {
		pz.Initial.Mu += 5
	}
	return nil
}

// State replays the puzzle's prefix from its options, player count and
// seed and returns the position, checking that the puzzle's seat is at
// the start of a move there.
func (pz *MineralsPuzzle) State() (*minerals.State, error) {
	s, _, err := game.Start(minerals.New(), pz.Players, pz.Options, pz.Seed)
	if err != nil {
		return nil, err
	}
	for i, a := range pz.Prefix {
		if _, err := game.PlayNotation(s, a.Player, a.Move); err != nil {
			return nil, fmt.Errorf("puzzle %s: action %d (%s): %w", pz.ID, i+1, a.Move, err)
		}
	}
	st := s.(*minerals.State)
	if !st.AtMoveStart() || st.Seat() != game.Player(pz.Seat) {
		return nil, fmt.Errorf("puzzle %s: the prefix does not end at the start of seat %d's move", pz.ID, pz.Seat+1)
	}
	return st, nil
}

// Verify replays the puzzle, runs the deep search again and checks that
// it finds what the puzzle says: the same values for the same moves, the
// best move ahead of every other by at least [MineralsMinMargin].
func (pz *MineralsPuzzle) Verify() error {
	st, err := pz.State()
	if err != nil {
		return err
	}
	vals, err := st.DeepValues(MineralsTurns)
	if err != nil {
		return err
	}
	if len(vals) != len(pz.Values) {
		return fmt.Errorf("puzzle %s: %d legal moves, the puzzle lists %d", pz.ID, len(vals), len(pz.Values))
	}
	for i, v := range vals {
		if v.Move != pz.Values[i].Move || math.Abs(v.Margin-pz.Values[i].Margin) > 1e-9 {
			return fmt.Errorf("puzzle %s: move %d is %s valued %.6f, the puzzle says %s valued %.6f",
				pz.ID, i+1, v.Move, v.Margin, pz.Values[i].Move, pz.Values[i].Margin)
		}
	}
	if vals[0].Move != pz.Best {
		return fmt.Errorf("puzzle %s: the best move is %s, the puzzle says %s", pz.ID, vals[0].Move, pz.Best)
	}
	if m := vals[0].Margin - vals[1].Margin; m < MineralsMinMargin || math.Abs(m-pz.Margin) > 1e-9 {
		return fmt.Errorf("puzzle %s: the best move leads by %.3f points, the puzzle says %.3f, the least kept is %.1f",
			pz.ID, m, pz.Margin, MineralsMinMargin)
	}
	return nil
}

// MineralsSet is the file a set of puzzles is shipped in.
type MineralsSet struct {
	// Command is the command that built the set.
	Command string            `json:"command"`
	Games   int               `json:"games"`
	Seed    uint64            `json:"seed"`
	Turns   int               `json:"turns"`
	Margin  float64           `json:"min_margin"`
	Puzzles []*MineralsPuzzle `json:"puzzles"`
}

//go:embed data/minerals/*.json
var mineralsData embed.FS

// MineralsPuzzles returns the shipped set (puzzle/data/minerals/*.json),
// by ID. It is read once and safe for concurrent use; the puzzles must not
// be changed.
var MineralsPuzzles = sync.OnceValue(func() []*MineralsPuzzle {
	names, err := mineralsData.ReadDir("data/minerals")
	if err != nil {
		panic(err)
	}
	var out []*MineralsPuzzle
	for _, n := range names {
		b, err := mineralsData.ReadFile(path.Join("data/minerals", n.Name()))
		if err != nil {
			panic(err)
		}
		var set MineralsSet
		if err := json.Unmarshal(b, &set); err != nil {
			panic(fmt.Sprintf("puzzle: %s: %v", n.Name(), err))
		}
		out = append(out, set.Puzzles...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
})

// MineralsPuzzleByID returns the shipped puzzle id.
func MineralsPuzzleByID(id string) (*MineralsPuzzle, error) {
	ps := MineralsPuzzles()
	i := sort.Search(len(ps), func(i int) bool { return ps[i].ID >= id })
	if i == len(ps) || ps[i].ID != id {
		return nil, game.Errorf(game.CodeNotFound, "there is no Minerals puzzle %q", id)
	}
	return ps[i], nil
}

// MineralsDaily returns day d's Minerals puzzle: the set walked in the
// daily rotation (rotationIndex), so that no NoRepeatDays days in a row
// share a puzzle.
func MineralsDaily(d Day) *MineralsPuzzle {
	ps := MineralsPuzzles()
	return ps[rotationIndex(d, len(ps), "minerals daily")]
}

// mineralNames are the minerals in the app's languages, by value - 1.
var mineralNames = map[string][minerals.NumMinerals]string{
	"en": {"wollastonite", "kyanite", "tourmaline", "anthracite", "orpiment"},
	"de": {"Wollastonit", "Kyanit", "Turmalin", "Anthrazit", "Auripigment"},
	"fr": {"wollastonite", "cyanite", "tourmaline", "anthracite", "orpiment"},
	"nl": {"wollastoniet", "kyaniet", "toermalijn", "antraciet", "auripigment"},
}

// mineralArticle writes mineral m with the indefinite article lang puts
// before it where a move lifts it (dative false) or lands on it (dative
// true, German's dative after "auf").
func mineralArticle(lang string, m minerals.Mineral, dative bool) string {
	n := mineralNames[lang][m]
	switch lang {
	case "de":
		if dative {
			return "einem " + n
		}
		if m == minerals.Orpiment {
			return "ein " + n
		}
		return "einen " + n
	case "fr":
		if m == minerals.Orpiment {
			return "un " + n
		}
		return "une " + n
	case "nl":
		return "een " + n
	}
	if m == minerals.Anthracite || m == minerals.Orpiment {
		return "an " + n
	}
	return "a " + n
}

// num writes x with one decimal, the decimal mark of lang.
func num(x float64, lang string) string {
	s := fmt.Sprintf("%.1f", x)
	if lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// reasonWords are the sentences of a puzzle's reason in one language, as
// format strings: Collection (lifted, cards, points); CutMany (fragments,
// minerals, the ones taken), CutOne (the one taken) and CutSome (minerals,
// the one taken) for a cut-off; Deny (runner-up, points); Landing
// (lifted, landing); and Margin (points, runner-up), said after each.
type reasonWords struct {
	Collection, CutMany, CutOne, CutSome, Deny, Landing, Margin string
}

var reasonSentences = map[string]reasonWords{
	"en": {
		Collection: "It lifts %s and completes collection card %s, taken this turn for %d points.",
		CutMany:    "It cuts off %d fragments (%d minerals) and takes the lowest of each: %s.",
		CutOne:     "It cuts off a fragment of 1 mineral and takes it: %s.",
		CutSome:    "It cuts off a fragment of %d minerals and takes its lowest: %s.",
		Deny:       "It denies the opponent: after %s the opponent's prospects would be %s points better.",
		Landing:    "It lifts %s and lands on %s, the best follow-up for the turns to come.",
		Margin:     " A deep search puts it %s points ahead of the next best move, %s.",
	},
	"de": {
		Collection: "Der Zug hebt %s und vervollständigt die Sammlungskarte %s, die noch in diesem Zug für %d Punkte genommen wird.",
		CutMany:    "Der Zug schneidet %d Fragmente ab (%d Mineralien) und nimmt von jedem das niedrigste: %s.",
		CutOne:     "Der Zug schneidet ein Fragment aus 1 Mineral ab und nimmt es: %s.",
		CutSome:    "Der Zug schneidet ein Fragment aus %d Mineralien ab und nimmt dessen niedrigstes: %s.",
		Deny:       "Der Zug nimmt dem Gegner etwas weg: nach %s stünde der Gegner um %s Punkte besser.",
		Landing:    "Der Zug hebt %s und landet auf %s, die beste Fortsetzung für die nächsten Züge.",
		Margin:     " Eine tiefe Suche sieht ihn %s Punkte vor dem nächstbesten Zug, %s.",
	},
	"fr": {
		Collection: "Le coup prend %s et complète la carte de collection %s, prise dans ce tour pour %d points.",
		CutMany:    "Le coup coupe %d fragments (%d minéraux) et prend le plus faible de chacun : %s.",
		CutOne:     "Le coup coupe un fragment d’un seul minéral et le prend : %s.",
		CutSome:    "Le coup coupe un fragment de %d minéraux et en prend le plus faible : %s.",
		Deny:       "Le coup prive l’adversaire : après %s, ses perspectives seraient meilleures de %s points.",
		Landing:    "Le coup prend %s et arrive sur %s, la meilleure suite pour les tours à venir.",
		Margin:     " Une recherche profonde le place %s points devant le meilleur coup suivant, %s.",
	},
	"nl": {
		Collection: "De zet pakt %s en maakt verzamelkaart %s compleet, die nog deze beurt voor %d punten genomen wordt.",
		CutMany:    "De zet snijdt %d fragmenten af (%d mineralen) en pakt van elk het laagste: %s.",
		CutOne:     "De zet snijdt een fragment van 1 mineraal af en pakt het: %s.",
		CutSome:    "De zet snijdt een fragment van %d mineralen af en pakt daarvan het laagste: %s.",
		Deny:       "De zet ontneemt de tegenstander iets: na %s zouden de vooruitzichten van de tegenstander %s punten beter zijn.",
		Landing:    "De zet pakt %s en landt op %s, het beste vervolg voor de komende beurten.",
		Margin:     " Een diepe zoektocht zet hem %s punten voor de op één na beste zet, %s.",
	},
}

// mineralsReasonText says why pz's best move is best in each language.
func mineralsReasonText(pz *MineralsPuzzle, f minerals.MoveFacts, denied float64) map[string]string {
	out := map[string]string{}
	for _, lang := range []string{"en", "de", "fr", "nl"} {
		names := mineralNames[lang]
		var taken []string
		for m := range minerals.NumMinerals {
			for range f.Taken[m] {
				taken = append(taken, names[m])
			}
		}
		lifted, landing := mineralArticle(lang, f.Lifted, false), mineralArticle(lang, f.Landing, true)
		w := reasonSentences[lang]
		var s string
		switch {
		case pz.Reason == ReasonCollection:
			s = fmt.Sprintf(w.Collection, lifted, strings.Join(f.Cards, ", "), f.CardPoints)
		case pz.Reason == ReasonCutOff && f.Fragments > 1:
			s = fmt.Sprintf(w.CutMany, f.Fragments, f.CutOff, strings.Join(taken, ", "))
		case pz.Reason == ReasonCutOff && f.CutOff == 1:
			s = fmt.Sprintf(w.CutOne, taken[0])
		case pz.Reason == ReasonCutOff:
			s = fmt.Sprintf(w.CutSome, f.CutOff, taken[0])
		case pz.Reason == ReasonDeny:
			s = fmt.Sprintf(w.Deny, pz.RunnerUp, num(denied, lang))
		default:
			s = fmt.Sprintf(w.Landing, lifted, landing)
		}
		out[lang] = s + fmt.Sprintf(w.Margin, num(pz.Margin, lang), pz.RunnerUp)
	}
	return out
}

// Encode writes the set as JSON with one puzzle a line, so that a change
// to the set shows puzzle by puzzle in a diff.
func (set *MineralsSet) Encode() ([]byte, error) {
	head := *set
	head.Puzzles = nil
	h, err := json.MarshalIndent(head, "", " ")
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.Write(h[:strings.LastIndex(string(h), "null")]) // the head up to `"puzzles": `
	b.WriteString("[\n")
	for i, pz := range set.Puzzles {
		line, err := json.Marshal(pz)
		if err != nil {
			return nil, err
		}
		b.WriteString("  ")
		b.Write(line)
		if i < len(set.Puzzles)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(" ]\n}\n")
	return []byte(b.String()), nil
}
