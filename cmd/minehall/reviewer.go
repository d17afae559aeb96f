package main

import (
	"bytes"
	"context"
	"encoding/json"

	"minehall/ai"
	"minehall/game"
	"minehall/review"
	"minehall/server"
)

// engineReviewer is the server's Reviewer made of the review engine: it
// reads a table's record, finds its game in reg and reviews it with the
// search budget given (zero: the game's production budget, see
// docs/review.md) and the same seed for every table, so that a review made
// again is the same.
func engineReviewer(reg *game.Registry, budget ai.Budget) server.Reviewer {
	return server.ReviewerFunc(func(ctx context.Context, record []byte) (json.RawMessage, error) {
		rec, err := game.ReadRecord(bytes.NewReader(record))
		if err != nil {
			return nil, err
		}
		g, err := reg.Lookup(rec.Game)
		if err != nil {
			return nil, err
		}
		res, err := review.Review(ctx, g, rec, review.Config{Budget: budget, Seed: 1})
		if err != nil {
			return nil, err
		}
		return json.Marshal(res)
	})
}
