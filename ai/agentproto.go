package ai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"minehall/game"
)

// The line protocol of external agents (docs/agents.md). A driver writes
// one JSON object per line to the agent's standard input; only an act
// line is answered, with one line on the agent's standard output. Seats
// are counted from 0, as in [game.Player].

// StartMessage is the first line an agent reads: type "start".
type StartMessage struct {
	Type    string          `json:"type"` // "start"
	Game    string          `json:"game"`
	Turns   game.TurnTaking `json:"turns,omitempty"` // "sequential", "simultaneous" or "realtime"
	Options game.Options    `json:"options"`
	Players int             `json:"players"`
	Names   []string        `json:"names,omitempty"`
	Seat    game.Player     `json:"seat"`
	Seed    *uint64         `json:"seed,omitempty"`
	N       int64           `json:"n"`
}

// ActMessage asks the agent for a move: type "act". View is the game's
// view for the agent's seat; Legal lists every move it may make now.
type ActMessage struct {
	Type  string          `json:"type"` // "act"
	Game  string          `json:"game"`
	Seat  game.Player     `json:"seat"`
	N     int64           `json:"n"` // actions played so far
	View  json.RawMessage `json:"view"`
	Legal []LegalMove     `json:"legal"`
}

// LegalMove is one move an agent may answer with. Action is the number
// that stands for it in this request: the game's action number in a
// simulation, the move's position in the list at a table.
type LegalMove struct {
	Action   int    `json:"action"`
	Notation string `json:"notation"`
}

// UpdateMessage tells the agent that an action was applied: type
// "update". Move is left out when the agent's seat may not learn it.
type UpdateMessage struct {
	Type   string      `json:"type"` // "update"
	N      int64       `json:"n"`
	Player game.Player `json:"player"`
	Move   string      `json:"move,omitempty"`
	// Ms is the action's time in milliseconds since the start, where the
	// driver knows it: always in a simulation (virtual time), never at a
	// table.
	Ms *int64 `json:"ms,omitempty"`
}

// EndMessage is the last line: type "end", with the result or, for a game
// stopped short, the error that stopped it.
type EndMessage struct {
	Type   string       `json:"type"` // "end"
	N      int64        `json:"n"`
	Result *game.Result `json:"result,omitempty"`
	Error  string       `json:"error,omitempty"`
}

// Answer is an agent's reply to an act line. A plain line is a move's
// notation or its number from the legal list; a line that starts with "{"
// is a JSON object {"move": "…"} or {"action": N} or {"wait": true}, with
// an optional "delay_ms", the time the agent says it took (used instead of
// the time it did take, which makes real-time simulations reproducible).
type Answer struct {
	Text   string // the line as read, without its line end
	Move   string // the notation, or the plain line
	Action *int   // the number, when given as one
	Wait   bool   // nothing to do yet: ask again later
	Delay  *time.Duration
}

// maxDelay bounds an answer's delay_ms (a day).
const maxDelay = 24 * time.Hour

// ParseAnswer reads one answer line. It reports a malformed JSON answer;
// a plain line is only checked against the legal moves by [Answer.Pick].
func ParseAnswer(line string) (Answer, error) {
	line = strings.TrimSpace(line)
	a := Answer{Text: line}
	if line == "" {
		return a, fmt.Errorf("the answer is an empty line")
	}
	if line[0] != '{' {
		a.Move = line
		return a, nil
	}
	var obj struct {
		Move    *string `json:"move"`
		Action  *int    `json:"action"`
		Wait    bool    `json:"wait"`
		DelayMs *int64  `json:"delay_ms"`
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(line)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&obj); err != nil {
		return a, fmt.Errorf("the answer is not a JSON object of move, action, wait and delay_ms: %v", err)
	}
	if dec.More() {
		return a, fmt.Errorf("the answer has more after its JSON object")
	}
	given := 0
	for _, b := range []bool{obj.Move != nil, obj.Action != nil, obj.Wait} {
		if b {
			given++
		}
	}
	if given != 1 {
		return a, fmt.Errorf("the answer must hold exactly one of move, action and wait")
	}
	if obj.Move != nil {
		a.Move = strings.TrimSpace(*obj.Move)
	}
	a.Action, a.Wait = obj.Action, obj.Wait
	if obj.DelayMs != nil {
		d := time.Duration(*obj.DelayMs) * time.Millisecond
		if *obj.DelayMs < 0 || d > maxDelay {
			return a, fmt.Errorf("delay_ms %d is outside 0 to %d", *obj.DelayMs, maxDelay.Milliseconds())
		}
		a.Delay = &d
	}
	return a, nil
}

// Pick returns the index in legal of the move the answer names: a plain
// line is a listed notation, else a listed number; a JSON answer names one
// by "move" or "action". It is an error for a wait or for anything not in
// the list.
func (a Answer) Pick(legal []LegalMove) (int, error) {
	if a.Wait {
		return -1, fmt.Errorf("the answer is a wait, not a move")
	}
	if a.Action != nil {
		if i := slices.IndexFunc(legal, func(m LegalMove) bool { return m.Action == *a.Action }); i >= 0 {
			return i, nil
		}
		return -1, fmt.Errorf("%d is not the number of a legal move (%s)", *a.Action, legalSummary(legal))
	}
	if i := slices.IndexFunc(legal, func(m LegalMove) bool { return m.Notation == a.Move }); i >= 0 {
		return i, nil
	}
	if strings.HasPrefix(a.Text, "{") {
		return -1, fmt.Errorf("%q is not the notation of a legal move (%s)", a.Move, legalSummary(legal))
	}
	if n, err := strconv.Atoi(a.Move); err == nil {
		if i := slices.IndexFunc(legal, func(m LegalMove) bool { return m.Action == n }); i >= 0 {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%q is neither the notation nor the number of a legal move (%s)", a.Move, legalSummary(legal))
}

// legalSummary names the first few legal moves and their number.
func legalSummary(legal []LegalMove) string {
	const show = 5
	var b strings.Builder
	b.WriteString("legal: ")
	for i, m := range legal[:min(len(legal), show)] {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q = %d", m.Notation, m.Action)
	}
	if len(legal) > show {
		fmt.Fprintf(&b, ", … %d in all", len(legal))
	}
	return b.String()
}
