-- +goose Up
-- Accounts, their passkeys and sessions; the account that holds each
-- person seat; the games recorded per player and the ratings per game of
-- accounts and bot levels ("bot:easy").
ALTER TABLE seats ADD COLUMN account TEXT NOT NULL DEFAULT '';

CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL UNIQUE,
    password   TEXT NOT NULL DEFAULT '',
    created_ms BIGINT NOT NULL
);

CREATE TABLE credentials (
    id         BYTEA PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    data       TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);
CREATE INDEX credentials_by_account ON credentials (account_id, created_ms);

CREATE TABLE sessions (
    hash       BYTEA PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

-- One row per recorded table: RecordGame's key, so that a game counts once.
CREATE TABLE recorded (
    table_id    TEXT PRIMARY KEY,
    finished_ms BIGINT NOT NULL
);

CREATE TABLE played (
    player       TEXT NOT NULL,
    table_id     TEXT NOT NULL,
    game         TEXT NOT NULL,
    seat         INTEGER NOT NULL,
    rank         INTEGER NOT NULL,
    players      INTEGER NOT NULL,
    won          BOOLEAN NOT NULL,
    left_game    BOOLEAN NOT NULL,
    rated        BOOLEAN NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    finished_ms  BIGINT NOT NULL,
    PRIMARY KEY (player, table_id, seat)
);
CREATE INDEX played_by_player ON played (player, finished_ms);

CREATE TABLE ratings (
    player     TEXT NOT NULL,
    game       TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE INDEX ratings_by_game ON ratings (game, ordinal);

-- +goose Down
DROP TABLE ratings;
DROP TABLE played;
DROP TABLE recorded;
DROP TABLE sessions;
DROP TABLE credentials;
DROP TABLE accounts;
ALTER TABLE seats DROP COLUMN account;
