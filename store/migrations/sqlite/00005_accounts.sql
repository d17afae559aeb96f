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
    created_ms INTEGER NOT NULL
);

CREATE TABLE credentials (
    id         BLOB PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    data       TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX credentials_by_account ON credentials (account_id, created_ms);

CREATE TABLE sessions (
    hash       BLOB PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);

-- One row per recorded table: RecordGame's key, so that a game counts once.
CREATE TABLE recorded (
    table_id    TEXT PRIMARY KEY,
    finished_ms INTEGER NOT NULL
);

CREATE TABLE played (
    player       TEXT NOT NULL,
    table_id     TEXT NOT NULL,
    game         TEXT NOT NULL,
    seat         INTEGER NOT NULL,
    rank         INTEGER NOT NULL,
    players      INTEGER NOT NULL,
    won          INTEGER NOT NULL,
    left_game    INTEGER NOT NULL,
    rated        INTEGER NOT NULL,
    mu_before    REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after     REAL NOT NULL,
    sigma_after  REAL NOT NULL,
    finished_ms  INTEGER NOT NULL,
    PRIMARY KEY (player, table_id, seat)
);
CREATE INDEX played_by_player ON played (player, finished_ms);

CREATE TABLE ratings (
    player     TEXT NOT NULL,
    game       TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
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
