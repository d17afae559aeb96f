-- +goose Up
-- An account's preferences, which follow its player to every browser
-- where they sign in (the screen-reader mode, "sr_mode"): one row per
-- account and preference name, with its value as text; a preference
-- without a row has its default.
CREATE TABLE account_preferences (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, name)
);

-- +goose Down
DROP TABLE account_preferences;
