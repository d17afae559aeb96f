-- +goose Up
-- An account's preferences (see the PostgreSQL migration): one row per
-- account and preference name, with its value as text.
CREATE TABLE account_preferences (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, name)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE account_preferences;
