package sim

import (
	"fmt"
	"strconv"
	"strings"

	"minehall/game"
)

// A Shard is one of N equal shares of a run's games, so that a run can be
// played on N machines at once: shard K of N (K from 1 to N) plays the
// games i with i mod N = K-1, each with the seed it has in the whole run,
// so the shards' games together are exactly the run's. The zero Shard is
// the whole run.
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// Whole reports whether s is the whole run (no shard).
func (s Shard) Whole() bool { return s.N == 0 }

// Has reports whether game i of the run belongs to the shard.
func (s Shard) Has(i int) bool { return s.Whole() || i%s.N == s.K-1 }

// Count returns how many of a run's games games the shard plays.
func (s Shard) Count(games int) int {
	if s.Whole() {
		return games
	}
	if games < s.K {
		return 0
	}
	return (games-s.K)/s.N + 1
}

// String writes the shard as K/N, "" for the whole run.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// check refuses a shard that does not exist, with an error of code
// [game.CodeInvalid] that says why.
func (s Shard) check() error {
	switch {
	case s.Whole() && s.K == 0:
		return nil
	case s.N < 1:
		return game.Errorf(game.CodeInvalid, "shard %d/%d: the number of shards must be at least 1, not %d", s.K, s.N, s.N)
	case s.K < 1 || s.K > s.N:
		return game.Errorf(game.CodeInvalid, "shard %d/%d does not exist: shards are counted from 1 to %d", s.K, s.N, s.N)
	}
	return nil
}

// ParseShard reads a shard given as K/N (shard K of N, counted from 1). It
// refuses anything else with an error of code [game.CodeInvalid] that says
// what is wrong.
func ParseShard(v string) (Shard, error) {
	ks, ns, ok := strings.Cut(v, "/")
	k, errK := strconv.Atoi(strings.TrimSpace(ks))
	n, errN := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || errK != nil || errN != nil {
		return Shard{}, game.Errorf(game.CodeInvalid, "shard %q is not K/N, shard K of N counted from 1, such as 2/8", v)
	}
	s := Shard{K: k, N: n}
	if n < 1 {
		return Shard{}, game.Errorf(game.CodeInvalid, "shard %d/%d: the number of shards must be at least 1, not %d", k, n, n)
	}
	return s, s.check()
}

// Environment variables that name a shard (see [ShardFromEnv]).
const (
	// EnvJobIndex is set by a Kubernetes Indexed Job: the 0-based index
	// of the pod's completion.
	EnvJobIndex = "JOB_COMPLETION_INDEX"
	// EnvSlurmTask and the others are set in each task of a Slurm job
	// array.
	EnvSlurmTask  = "SLURM_ARRAY_TASK_ID"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmMax   = "SLURM_ARRAY_TASK_MAX"
)

// ShardFromEnv reads the shard of a batch system's task from getenv
// (os.Getenv): a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (0-based;
// its number of shards, the Job's completions, is shards, which must then
// be given), or else a Slurm array task's SLURM_ARRAY_TASK_ID, counted from
// SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT tasks (or shards, when
// given; an array with gaps or steps is refused). It returns the whole run
// when neither is set, and shards, if not 0, must then be 1. Its second
// result names the variables read, for messages. Errors have code
// [game.CodeInvalid] and say what is wrong.
func ShardFromEnv(getenv func(string) string, shards int) (Shard, string, error) {
	num := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return 0, true, game.Errorf(game.CodeInvalid, "%s=%q is not a whole number of 0 or more", name, v)
		}
		return n, true, nil
	}
	if idx, ok, err := num(EnvJobIndex); ok || err != nil {
		if err != nil {
			return Shard{}, "", err
		}
		from := fmt.Sprintf("%s=%d", EnvJobIndex, idx)
		if shards == 0 {
			return Shard{}, from, game.Errorf(game.CodeInvalid, "%s (a Kubernetes Indexed Job) is set, but not the number of shards: give --shards N, the Job's completions", from)
		}
		s := Shard{K: idx + 1, N: shards}
		if err := s.check(); err != nil {
			return Shard{}, from, game.Errorf(game.CodeInvalid, "%s with --shards %d: %v", from, shards, err)
		}
		return s, from, nil
	}
	task, ok, err := num(EnvSlurmTask)
	if err != nil {
		return Shard{}, "", err
	}
	if !ok {
		if shards > 1 {
			return Shard{}, "", game.Errorf(game.CodeInvalid, "--shards %d needs the shard's index: give --shard K/%d, or run in a Kubernetes Indexed Job or a Slurm array", shards, shards)
		}
		return Shard{}, "", nil
	}
	from := fmt.Sprintf("%s=%d", EnvSlurmTask, task)
	lo, okLo, err1 := num(EnvSlurmMin)
	hi, okHi, err2 := num(EnvSlurmMax)
	count, okCount, err3 := num(EnvSlurmCount)
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return Shard{}, from, err
		}
	}
	if !okLo || !okHi || !okCount {
		return Shard{}, from, game.Errorf(game.CodeInvalid, "%s is set but not %s, %s and %s: run in a Slurm array job, or give --shard K/N", from, EnvSlurmMin, EnvSlurmMax, EnvSlurmCount)
	}
	if hi-lo+1 != count {
		return Shard{}, from, game.Errorf(game.CodeInvalid, "the Slurm array %d-%d has %d tasks, not one for each index (a step or a list): give --shard K/N", lo, hi, count)
	}
	n := count
	if shards != 0 {
		n = shards
	}
	s := Shard{K: task - lo + 1, N: n}
	if err := s.check(); err != nil {
		return Shard{}, from, game.Errorf(game.CodeInvalid, "%s of the array %d-%d: %v", from, lo, hi, err)
	}
	return s, from, nil
}
