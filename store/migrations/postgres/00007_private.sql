-- +goose Up
-- Private tables: left out of the lobby's list and joined or watched only
-- with the invitation in their link; seats reserved for named accounts;
-- the seats of an account found by its id or by a reservation for it.
ALTER TABLE tables ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tables ADD COLUMN invite TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN reserved_for TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN reserved_name TEXT NOT NULL DEFAULT '';
CREATE INDEX seats_by_account ON seats (account) WHERE account <> '';
CREATE INDEX seats_by_reservation ON seats (reserved_for) WHERE reserved_for <> '';

-- +goose Down
DROP INDEX seats_by_reservation;
DROP INDEX seats_by_account;
ALTER TABLE seats DROP COLUMN reserved_name;
ALTER TABLE seats DROP COLUMN reserved_for;
ALTER TABLE tables DROP COLUMN invite;
ALTER TABLE tables DROP COLUMN private;
