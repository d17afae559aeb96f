-- +goose Up
-- The review of each finished game: status is queued, running, done or
-- failed; body is the review's JSON once done, the reason once failed;
-- attempts counts the claims so far. A worker claims a queued review (or a
-- running one whose lease ran out: its worker died) with a claim token of
-- its own and holds it until due_ms, renewing it while it works; for a
-- queued review due_ms is the earliest time to try it (a retry waits).
-- Only the holder of the claim may finish it, so two instances never both
-- store a review.
CREATE TABLE reviews (
    table_id   TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    status     TEXT NOT NULL,
    body       TEXT NOT NULL DEFAULT '',
    attempts   INTEGER NOT NULL DEFAULT 0,
    updated_ms BIGINT NOT NULL,
    claim      TEXT NOT NULL DEFAULT '',
    due_ms     BIGINT NOT NULL DEFAULT 0
);
-- The next review to claim: the one due first among the queued and the
-- running ones.
CREATE INDEX reviews_due ON reviews (status, due_ms);

-- +goose Down
DROP INDEX reviews_due;
DROP TABLE reviews;
