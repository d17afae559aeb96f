package server

import (
	"testing"
	"time"

	"minehall/game"
)

// "sessions for a webauthn ceremony are single-use and expire".
func TestCeremoniesSingleUseAndExpire(t *testing.T) {
	var cs ceremonies
	id, err := cs.put(&ceremony{})
	if err != nil {
		t.Fatalf("put: %v", err)
	}
	if _, err := cs.take(id); err != nil {
		t.Fatalf("take: %v", err)
	}
	if _, err := cs.take(id); game.ErrorCode(err) != game.CodeUnauthorized {
		t.Errorf("take again: %v; want unauthorized", err)
	}
	old, _ := cs.put(&ceremony{})
	cs.m[old].expiry = time.Now().Add(-time.Second)
	if _, err := cs.take(old); game.ErrorCode(err) != game.CodeUnauthorized {
		t.Errorf("take after expiry: %v; want unauthorized", err)
	}
	// Expired ceremonies are dropped as new ones come.
	stale, _ := cs.put(&ceremony{})
	cs.m[stale].expiry = time.Now().Add(-time.Second)
	cs.put(&ceremony{})
	if _, ok := cs.m[stale]; ok {
		t.Errorf("an expired ceremony is still kept")
	}
	if cs.m[id] != nil {
		t.Errorf("a used ceremony is still kept")
	}
	if life := ceremonyLife; life > 10*time.Minute {
		t.Errorf("ceremonies live %v; want a few minutes", life)
	}
}
