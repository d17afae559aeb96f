// Package review judges finished games move by move: it replays a record,
// asks the game's [ai.Judge] for the value of every legal action at each
// decision of each seat, and reports the loss of each decision against the
// best, its mark (best, good, inaccuracy, mistake, blunder), each
// player's accuracy, the players' expected outcome over the game and the
// largest swings, as the JSON the API answers (docs/review.md).
package review
