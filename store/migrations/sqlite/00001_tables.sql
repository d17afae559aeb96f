-- +goose Up
CREATE TABLE tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     INTEGER NOT NULL,
    options     TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    owner_hash  BLOB NOT NULL,
    autostart   INTEGER NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('open', 'playing', 'finished')),
    created_ms  INTEGER NOT NULL,
    started_ms  INTEGER NOT NULL DEFAULT 0,
    finished_ms INTEGER NOT NULL DEFAULT 0,
    result      TEXT,
    rematch_of  TEXT NOT NULL DEFAULT '',
    rematch     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX tables_by_status ON tables (status, created_ms);

CREATE TABLE seats (
    table_id   TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('person', 'bot')),
    bot        TEXT NOT NULL DEFAULT '',
    name       TEXT NOT NULL DEFAULT '',
    token_hash BLOB,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE actions (
    table_id   TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,
    player     INTEGER NOT NULL,
    move       TEXT NOT NULL,
    ms         INTEGER NOT NULL,
    client_seq INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE actions;
DROP TABLE seats;
DROP TABLE tables;
