package envproto

import (
	"encoding/json"

	"minehall/game"
)

// Request is one frame from the client: a JSON object on one line whose
// "op" is "describe", "reset", "step", "observe" or "advise". Which other
// fields a request may hold depends on its op (docs/env.md); unknown
// fields are refused.
type Request struct {
	Op string `json:"op"`

	// describe and reset
	Game    string       `json:"game,omitempty"`
	Players int          `json:"players,omitempty"` // 0: the game's minimum
	Options game.Options `json:"options,omitempty"` // raw KEY=VALUE options; defaults fill the rest

	// reset
	Seed     *uint64  `json:"seed,omitempty"`      // absent: 0
	Bots     []string `json:"bots,omitempty"`      // the advising bot of each seat (one for all, or one per seat); absent: "random"
	MaxSteps *int     `json:"max_steps,omitempty"` // absent: the server's --max-steps
	PaceMs   *int64   `json:"pace_ms,omitempty"`   // absent: the server's --pace
	Views    *bool    `json:"views,omitempty"`     // absent: true

	// step: exactly one of action, move and wait; delay_ms is optional
	Action  *int    `json:"action,omitempty"`
	Move    *string `json:"move,omitempty"`
	Wait    bool    `json:"wait,omitempty"`
	DelayMs *int64  `json:"delay_ms,omitempty"`

	// observe
	Seat *int `json:"seat,omitempty"`
}

// Answer is the one frame that answers a request. OK is false for an error
// frame, which holds only Error and Code.
type Answer struct {
	OK    bool      `json:"ok"`
	Error string    `json:"error,omitempty"`
	Code  game.Code `json:"code,omitempty"`

	// Env describes the environment (describe, reset).
	Env *EnvInfo `json:"env,omitempty"`

	// Turn is where the episode stands (reset, step).
	*Turn

	// Obs is a seat's observation: the asked seat's after a reset or a
	// step (its mask included), the seat named by an observe.
	Obs *Observation `json:"obs,omitempty"`

	// Advice is the decision of the seat's bot (advise).
	Advice *Advice `json:"advice,omitempty"`
}

// EnvInfo describes an environment: the game, its resolved options and the
// shapes of its observations and actions.
type EnvInfo struct {
	Game    string          `json:"game"`
	Title   string          `json:"title"`
	Players int             `json:"players"`
	Options game.Options    `json:"options"` // resolved: every option with its value
	Turns   game.TurnTaking `json:"turns"`
	// Shape is the observation tensor's shape (game.Observer).
	Shape []int `json:"shape"`
	// NumActions is the size of the action space: the game's own actions,
	// plus the wait action in a real-time game.
	NumActions int `json:"num_actions"`
	// WaitAction is the number of the wait action, -1 for a game without
	// one (every game that is not real-time).
	WaitAction int `json:"wait_action"`

	// reset only
	Seed     uint64   `json:"seed"`
	GameSeed uint64   `json:"game_seed,omitempty"` // the game's own seed: sim.GameSeed(seed, 0)
	Bots     []string `json:"bots,omitempty"`      // the advising bot of each seat
	MaxSteps int      `json:"max_steps,omitempty"`
	PaceMs   int64    `json:"pace_ms,omitempty"`
}

// Turn is where an episode stands after a reset or a step.
type Turn struct {
	// Agent is the seat the environment asks for a decision now; absent
	// when the episode is over.
	Agent *int `json:"agent,omitempty"`
	// Steps counts the decisions the client gave in this episode.
	Steps int `json:"steps"`
	// Pass counts the states at which seats were asked: seats asked with
	// the same Pass decide on the same state (the players of a real-time
	// phase all decide before the earliest decision is applied).
	Pass int `json:"pass"`

	// Terminated: the game is over and Result holds how it ended.
	Terminated bool         `json:"terminated"`
	Result     *game.Result `json:"result,omitempty"`
	// Truncated: the episode was stopped before the game ended (Reason
	// says why); Scores are the points so far.
	Truncated bool      `json:"truncated"`
	Reason    string    `json:"reason,omitempty"`
	Scores    []float64 `json:"scores,omitempty"`
}

// Observation is what a seat observes.
type Observation struct {
	Seat int `json:"seat"`
	// Tensor is the game's observation tensor (game.Observer) for the
	// seat, as little-endian float32 values in row-major order, base64
	// encoded.
	Tensor string `json:"tensor"`
	// Legal lists, in ascending order, the actions of the seat's mask: the
	// legal actions of the seat being asked (with the wait action in a
	// real-time game); empty for any other seat.
	Legal []int `json:"legal"`
	// View is the game's view for the seat (what the web page shows it),
	// unless the episode was reset with "views": false.
	View json.RawMessage `json:"view,omitempty"`
}

// Advice is the decision of the seat's advising bot, seeded as sim seeds
// it, for the state the seat is asked about.
type Advice struct {
	Action   int    `json:"action"` // the wait action for a wait
	Wait     bool   `json:"wait"`
	DelayMs  int64  `json:"delay_ms"`
	Notation string `json:"notation,omitempty"`
}
