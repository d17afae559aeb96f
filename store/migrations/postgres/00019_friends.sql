-- +goose Up
-- Friends: follows, blocks, challenges and who has a page open.
--
-- follower follows followee (one way; two ways make friends).
CREATE TABLE follows (
    follower_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    followee_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_followee ON follows (followee_id, follower_id);
-- blocker blocks blocked: no challenge, chat or follow from blocked.
CREATE TABLE blocks (
    blocker_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id, blocker_id);
-- A challenge of one account by another: the table asked for (JSON),
-- status open, accepted, declined or cancelled (an open one past
-- expires_ms is expired), and the table made when it was accepted.
CREATE TABLE challenges (
    id            TEXT PRIMARY KEY,
    challenger_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    challenged_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    request       TEXT NOT NULL,
    status        TEXT NOT NULL,
    table_id      TEXT NOT NULL DEFAULT '',
    created_ms    BIGINT NOT NULL,
    expires_ms    BIGINT NOT NULL,
    updated_ms    BIGINT NOT NULL
);
CREATE INDEX challenges_challenger ON challenges (challenger_id, created_ms);
CREATE INDEX challenges_challenged ON challenges (challenged_id, created_ms);
-- When an account last had a page open (its live channel's heartbeat),
-- and the table that page showed, if any.
CREATE TABLE presence (
    account_id TEXT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    seen_ms    BIGINT NOT NULL,
    table_id   TEXT NOT NULL DEFAULT ''
);

-- +goose Down
DROP TABLE presence;
DROP INDEX challenges_challenged;
DROP INDEX challenges_challenger;
DROP TABLE challenges;
DROP INDEX blocks_blocked;
DROP TABLE blocks;
DROP INDEX follows_followee;
DROP TABLE follows;
