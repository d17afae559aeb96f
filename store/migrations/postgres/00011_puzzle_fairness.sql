-- +goose Up
-- A puzzle counts once per player: an attempt counts (for ratings, streaks
-- and best tables) when it is the player's first at the puzzle and not
-- faster than a person can be. Attempts made before this are counted when
-- they were their player's first (a guest's, then without an identity of
-- their own, all count).
ALTER TABLE puzzle_attempts ADD COLUMN counted BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE puzzle_attempts SET counted = FALSE WHERE player <> '' AND EXISTS (
    SELECT 1 FROM puzzle_attempts AS b
    WHERE b.puzzle = puzzle_attempts.puzzle AND b.player = puzzle_attempts.player
      AND (b.at_ms < puzzle_attempts.at_ms OR (b.at_ms = puzzle_attempts.at_ms AND b.ticket < puzzle_attempts.ticket)));
-- Whether a player has attempted a puzzle already.
CREATE INDEX puzzle_attempts_puzzle_player ON puzzle_attempts (puzzle, player);

-- +goose Down
DROP INDEX puzzle_attempts_puzzle_player;
ALTER TABLE puzzle_attempts DROP COLUMN counted;
