-- +goose Up
-- Account names are unique by their confusable skeleton (Unicode UTS #39)
-- as well as by their key; accounts made before have none (NULL) until the
-- server sets it at start-up. Sessions say which browser signed in and
-- from where; devices are the browsers known to have signed in to an
-- account, spared the delays that wrong passwords from elsewhere bring.
ALTER TABLE accounts ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (skeleton);

ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_by_account ON sessions (account_id, created_ms);

CREATE TABLE devices (
    hash       BLOB PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL
);
CREATE INDEX devices_by_account ON devices (account_id);

-- +goose Down
DROP TABLE devices;
DROP INDEX sessions_by_account;
ALTER TABLE sessions DROP COLUMN address;
ALTER TABLE sessions DROP COLUMN user_agent;
DROP INDEX accounts_by_skeleton;
ALTER TABLE accounts DROP COLUMN skeleton;
