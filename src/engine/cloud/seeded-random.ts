/**
 * A deterministic source of random numbers: the same seed and purpose give the same
 * sequence on every run, so a test of the cloud behaviour never depends on luck.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number, purpose: string) {
    this.state = hashOf(`${seed}:${purpose}`);
  }

  /** The next number in [0, 1) (mulberry32: small, fast and well spread for this use). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A number drawn uniformly from [min, max]; `min` itself when they are equal. */
  between(min: number, max: number): number {
    return min === max ? min : min + this.next() * (max - min);
  }
}

/** FNV-1a over the text: turns a seed and a purpose into a 32-bit starting state. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
