package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Hash returns the hex SHA-256 of the JSON encoding of s.Snapshot(): equal
// hashes mean equal states.
func Hash(s State) (string, error) {
	b, err := json.Marshal(s.Snapshot())
	if err != nil {
		return "", Errorf(CodeInternal, "snapshot does not encode: %v", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}
