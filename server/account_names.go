package server

import (
	"context"

	"minehall/account"
	"minehall/game"
)

// checkNewName checks the name of a new account: CheckName's rules, not
// reserved, and neither its key nor its skeleton taken. It returns the
// name to show, its key and its skeleton.
func (s *Server) checkNewName(ctx context.Context, name string) (shown, key, skeleton string, err error) {
	shown, key, err = account.CheckName(name)
	if err != nil {
		return "", "", "", err
	}
	if err := s.reserved.Check(shown, key); err != nil {
		return "", "", "", err
	}
	if _, err := s.cfg.Accounts.AccountByName(ctx, key); err == nil {
		return "", "", "", game.Errorf(game.CodeConflict, "the name %q is taken", shown)
	} else if game.ErrorCode(err) != game.CodeNotFound {
		return "", "", "", err
	}
	skeleton = account.Skeleton(key)
	if a, err := s.cfg.Accounts.AccountBySkeleton(ctx, skeleton); err == nil {
		return "", "", "", game.Errorf(game.CodeConflict, "the name %q looks like %q, which is taken; choose one that reads differently", shown, a.Name)
	} else if game.ErrorCode(err) != game.CodeNotFound {
		return "", "", "", err
	}
	return shown, key, skeleton, nil
}
