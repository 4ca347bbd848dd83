/**
 * A seeded pseudo-random generator, so that the server render and the browser
 * draw the same numbers (hydration) and tests are repeatable. Math.random
 * cannot be seeded. Not for anything secret: 32 bits of state are guessable.
 */

/**
 * FNV-1a, 32 bits, over the string's UTF-16 code units: a well-known hash
 * that turns a seed string into the generator's state.
 */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32 (Tommy Ettinger): tiny, fast and well mixed, with a period of
 * 2^32 — plenty for a page of offers. Its output mixing hides how close the
 * FNV-1a states of similar seeds ("s:1:stars", "s:2:stars") are.
 */
function mulberry32(state: number): () => number {
  let current = state >>> 0;
  return () => {
    current = (current + 0x6d2b79f5) >>> 0;
    let mixed = current;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator of numbers in [0, 1); the same seed always gives the same sequence. */
export function seededRandom(seed: string): () => number {
  return mulberry32(hashSeed(seed));
}

/** An integer from min to max, both included, drawn from the given generator. */
export function randomInt(random: () => number, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    throw new RangeError(`Bounds must be integers: ${min}, ${max}`);
  }
  if (min > max) throw new RangeError(`min ${min} exceeds max ${max}`);
  return min + Math.floor(random() * (max - min + 1));
}
