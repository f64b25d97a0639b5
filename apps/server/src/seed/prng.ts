/**
 * A small seeded pseudo-random generator so that the demo content is the same on every run.
 * Never use Math.random in the seed: rankings, names and images must be reproducible.
 */

/** 32-bit FNV-1a hash of a string: turns a label such as `item:12:shots` into a seed. */
export function hashSeed(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(values: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(values: readonly T[]): T[];
};

/** mulberry32: fast, 32-bit state, good enough for content generation. */
export function createRng(seed: number | string): Rng {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (values) => {
      if (values.length === 0) throw new Error('pick from an empty list');
      return values[int(0, values.length - 1)];
    },
    shuffle: (values) => {
      const copy = [...values];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}
