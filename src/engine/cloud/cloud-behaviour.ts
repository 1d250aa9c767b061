import type { CloudOptions } from './cloud-options.js';
import { drawDuration, type DurationRange } from './duration-range.js';
import { resolveCloudOptions, type ResolvedCloudOptions } from './resolve-cloud-options.js';
import { SeededRandom } from './seeded-random.js';

/**
 * One engine's cloud behaviour: its checked options and the seeded random sources its
 * behaviours draw from. The engine holds one only when `cloud` was given (`engine.cloud`,
 * `context.cloud`); with it absent, nothing of the cloud behaviour runs.
 *
 * @example
 * const engine = new Engine({ inMemory: true, cloud: { seed: 7, consistency: { indexLagMs: [50, 200] } } });
 * engine.cloud?.options.consistency.indexLagMs; // [50, 200]
 */
export class CloudBehaviour {
  readonly options: ResolvedCloudOptions;
  private readonly randoms = new Map<string, SeededRandom>();

  /** Throws `CloudOptionsError` naming the first option that is wrong. */
  constructor(options: CloudOptions) {
    this.options = resolveCloudOptions(options);
  }

  /**
   * The random source for one purpose (`'replication-lag'`, `'faults'`, …), derived from
   * the seed and the purpose: each behaviour draws from its own, so turning one on never
   * changes the draws of another.
   */
  random(purpose: string): SeededRandom {
    let random = this.randoms.get(purpose);
    if (random === undefined) {
      random = new SeededRandom(this.options.seed, purpose);
      this.randoms.set(purpose, random);
    }
    return random;
  }

  /** One draw of a duration option from the source of `purpose`. */
  draw(range: DurationRange, purpose: string): number {
    return drawDuration(range, this.random(purpose));
  }
}
