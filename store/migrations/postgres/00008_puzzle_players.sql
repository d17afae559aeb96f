-- +goose Up
-- A signed-in player's puzzle history and streak read their attempts by
-- player, newest first.
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, at_ms DESC);

-- +goose Down
DROP INDEX puzzle_attempts_player;
