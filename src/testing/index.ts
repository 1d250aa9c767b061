/**
 * `monotable/testing`: what every test of a model needs, for any test runner (it imports none):
 * a fresh in-memory table per test with typed repositories and typed seeding, a clock the test
 * moves (TTL expiry follows it), and an assertion that the model passes the design check.
 * docs/testing.md shows it with vitest and with jest.
 *
 * @example
 * import { createTestTable, expectDesignOk } from 'monotable/testing';
 * expectDesignOk(model);
 * await using t = await createTestTable(model, { now: '2026-03-01T09:00:00Z' });
 * await t.seed({ ticket: [{ id: 'T-1', projectId: 'web', title: 'Login fails' }] });
 */
export { createTestTable, TestTable, type TestTableOptions } from './test-table.js';
export { seedItems, type EntityRepositories, type SeedItems, type SeededItems } from './seed.js';
export { TestClock, type ClockMove, type ClockStep, type Instant } from './test-clock.js';
export { DesignAssertionError, expectDesignOk, type ExpectDesignOkOptions } from './expect-design-ok.js';
