import fc from 'fast-check';

// Property and fuzz tests explore new random inputs on every run on a laptop. CI runs one
// fixed seed, so that whether a change lands never depends on luck; set FUZZ_SEED to replay
// the seed a failure printed.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20261130 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });
