package account

import (
	"fmt"

	"minehall/rating"
	"minehall/store"
)

// RatingKey names one rating: a player's in a game.
type RatingKey struct{ Player, Game string }

// Recompute replays the records of rated tables, as
// [store.Accounts.RatedGames] lists them, through the model m from
// [rating.Default], and returns every player's rating per game with the
// number of rated games behind it. It returns an error naming the table
// and player where a record disagrees with the replay: a rating before a
// table that is not what the records before it left, or a rating after it
// that the model does not give from the table's ranks. Every stored rating
// is explained by the records when Recompute succeeds and its answer
// equals the store's ratings.
func Recompute(records []store.PlayedGame, m rating.Model) (map[RatingKey]rating.Rating, map[RatingKey]int, error) {
	cur := map[RatingKey]rating.Rating{}
	games := map[RatingKey]int{}
	for start := 0; start < len(records); {
		end := start + 1
		for end < len(records) && records[end].Table == records[start].Table {
			end++
		}
		seats := records[start:end]
		before := make([]rating.Rating, len(seats))
		ranks := make([]int, len(seats))
		for i, p := range seats {
			k := RatingKey{p.Player, p.Game}
			b, ok := cur[k]
			if !ok {
				b = rating.Default()
			}
			if p.Before != b {
				return nil, nil, fmt.Errorf("table %s: %s's rating before is %v; the records before it leave %v", p.Table, p.Name, p.Before, b)
			}
			before[i], ranks[i] = b, p.Rank
		}
		after, err := m.Rate(before, ranks)
		if err != nil {
			return nil, nil, fmt.Errorf("table %s: %w", seats[0].Table, err)
		}
		for i, p := range seats {
			if p.After != after[i] {
				return nil, nil, fmt.Errorf("table %s: %s's rating after is %v; the model gives %v from ranks %v", p.Table, p.Name, p.After, after[i], ranks)
			}
			k := RatingKey{p.Player, p.Game}
			cur[k] = after[i]
			games[k]++
		}
		start = end
	}
	return cur, games, nil
}
