-- +goose Up
-- Puzzle start tickets: issued when a player opens a puzzle, used once by
-- the accepted solution (used_ms 0 until then). player is empty for a guest.
CREATE TABLE puzzle_tickets (
    id        TEXT PRIMARY KEY,
    puzzle    TEXT NOT NULL,
    player    TEXT NOT NULL,
    issued_ms INTEGER NOT NULL,
    used_ms   INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Accepted solutions, one per ticket; the best-score tables read them by
-- puzzle, best score first, then shortest time.
CREATE TABLE puzzle_attempts (
    ticket  TEXT PRIMARY KEY REFERENCES puzzle_tickets (id),
    puzzle  TEXT NOT NULL,
    player  TEXT NOT NULL,
    name    TEXT NOT NULL,
    score   INTEGER NOT NULL,
    millis  INTEGER NOT NULL,
    perfect INTEGER NOT NULL,
    at_ms   INTEGER NOT NULL,
    body    TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX puzzle_attempts_best ON puzzle_attempts (puzzle, score DESC, millis, at_ms);

-- A puzzle's own rating (the rating package's mu and sigma).
CREATE TABLE puzzle_ratings (
    puzzle   TEXT PRIMARY KEY,
    mu       REAL NOT NULL,
    sigma    REAL NOT NULL,
    attempts INTEGER NOT NULL
) WITHOUT ROWID;

-- +goose Down
DROP TABLE puzzle_ratings;
DROP TABLE puzzle_attempts;
DROP TABLE puzzle_tickets;
