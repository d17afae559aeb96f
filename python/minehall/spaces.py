"""Observation and action spaces: gymnasium's when it is importable, else a
minimal Box, Discrete and Dict of our own with the same attributes
(shape, dtype, n, start, sample(), contains(), seed())."""

import numpy as np

try:  # pragma: no cover - depends on the machine
    from gymnasium.spaces import Box, Dict, Discrete  # noqa: F401

    HAVE_GYMNASIUM = True
except ImportError:
    HAVE_GYMNASIUM = False

    class _Space:
        def __init__(self, shape, dtype, seed=None):
            self.shape = None if shape is None else tuple(shape)
            self.dtype = None if dtype is None else np.dtype(dtype)
            self._np_random = np.random.default_rng(seed)

        @property
        def np_random(self):
            return self._np_random

        def seed(self, seed=None):
            """Reseed the space's sampler; returns [seed] as gymnasium does."""
            self._np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Box(_Space):
        """A box in R^shape with bounds low and high (gymnasium.spaces.Box)."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            if shape is None:
                shape = np.shape(low)
            super().__init__(shape, dtype, seed)
            self.low = np.full(self.shape, low, dtype=self.dtype) if np.isscalar(low) else np.asarray(low, self.dtype)
            self.high = np.full(self.shape, high, dtype=self.dtype) if np.isscalar(high) else np.asarray(high, self.dtype)

        def contains(self, x):
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (ValueError, TypeError):
                    return False
            return bool(
                np.can_cast(x.dtype, self.dtype)
                and x.shape == self.shape
                and np.all(x >= self.low)
                and np.all(x <= self.high)
            )

        def sample(self, mask=None):
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high.astype(np.int64) + 1, size=self.shape).astype(self.dtype)
            low = np.where(np.isfinite(self.low), self.low, -1.0)
            high = np.where(np.isfinite(self.high), self.high, 1.0)
            return self.np_random.uniform(low, high, size=self.shape).astype(self.dtype)

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

        def __eq__(self, other):
            return (
                isinstance(other, Box)
                and self.shape == other.shape
                and self.dtype == other.dtype
                and np.array_equal(self.low, other.low)
                and np.array_equal(self.high, other.high)
            )

    class Discrete(_Space):
        """The integers start .. start+n-1 (gymnasium.spaces.Discrete)."""

        def __init__(self, n, seed=None, start=0):
            super().__init__((), np.int64, seed)
            self.n = int(n)
            self.start = int(start)

        def contains(self, x):
            if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
                return self.start <= int(x) < self.start + self.n
            if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                return self.start <= int(x) < self.start + self.n
            return False

        def sample(self, mask=None):
            """A uniform element; with mask (int8 of shape (n,)), one whose mask is 1."""
            if mask is not None:
                legal = np.flatnonzero(np.asarray(mask) == 1)
                if len(legal) == 0:
                    return self.start
                return int(self.start + self.np_random.choice(legal))
            return int(self.start + self.np_random.integers(self.n))

        def __repr__(self):
            return f"Discrete({self.n})"

        def __eq__(self, other):
            return isinstance(other, Discrete) and self.n == other.n and self.start == other.start

    class Dict(_Space):
        """A dictionary of spaces (gymnasium.spaces.Dict)."""

        def __init__(self, spaces, seed=None):
            super().__init__(None, None, seed)
            self.spaces = dict(spaces)

        def __getitem__(self, key):
            return self.spaces[key]

        def keys(self):
            return self.spaces.keys()

        def contains(self, x):
            return (
                isinstance(x, dict)
                and x.keys() == self.spaces.keys()
                and all(self.spaces[k].contains(x[k]) for k in self.spaces)
            )

        def sample(self, mask=None):
            return {k: s.sample() for k, s in self.spaces.items()}

        def seed(self, seed=None):
            for i, s in enumerate(self.spaces.values()):
                s.seed(None if seed is None else seed + i)
            return [seed]

        def __repr__(self):
            return "Dict(" + ", ".join(f"{k!r}: {s!r}" for k, s in self.spaces.items()) + ")"

        def __eq__(self, other):
            return isinstance(other, Dict) and self.spaces == other.spaces
