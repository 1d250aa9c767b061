import type { EntityDefinition } from '../model/entity.js';
import type { AppliedStep, ApplyOptions } from './apply-migration.js';
import { groupChanges, type ChangeResult, type PendingChange } from './batched-writes.js';
import { keyOf, type ChangeOf, type ItemChange } from './item-writes.js';
import type { MigrationProgress } from './migration-record.js';
import type { Pacer } from './pacer.js';
import type { MigrationStep } from './plan-types.js';
import type { EntityPage } from './table-scan.js';

/** What an item step needs from `applyMigration`. */
export interface ItemStepContext extends ApplyOptions {
  readonly dryRun: boolean;
  readonly total: number | undefined;
  readonly perTransaction: number;
  readonly checkpoint: (progress: Omit<MigrationProgress, 'planId' | 'completed' | 'steps'>) => Promise<void>;
  readonly writes: Pacer;
  readonly reads: Pacer;
  /** Sends a group of changes (one request: a single write or a transaction). */
  readonly send: (group: readonly PendingChange[]) => Promise<ChangeResult[]>;
  readonly pages: (startKey: Record<string, unknown> | undefined) => AsyncGenerator<EntityPage>;
}

/**
 * One item step: every item of the entity, page by page from the checkpoint. A page's changes
 * are computed in order, grouped into requests (`perTransaction` changes each) sent `concurrency`
 * at a time, then the position after the page is checkpointed. When a change fails (a migration
 * file that throws), the position before the first failed item is checkpointed, so the next
 * `apply` starts at it.
 */
export async function runItemStep(
  step: MigrationStep,
  entity: EntityDefinition,
  changeOf: ChangeOf,
  resume: MigrationProgress | undefined,
  context: ItemStepContext,
): Promise<AppliedStep> {
  let done = resume?.done ?? 0;
  let written = 0;
  let unchanged = 0;
  const samples: ItemChange[] = [];
  let lastKey = resume?.startKey;
  const concurrency = Math.max(1, context.concurrency ?? 32);
  for await (const page of context.pages(resume?.startKey)) {
    await context.reads.spend(page.readUnits);
    if (context.dryRun) {
      for (const stored of page.items) {
        const change = await changeOf(stored);
        if (change) {
          written++;
          if (samples.length < 5) samples.push(change);
        } else unchanged++;
      }
      done += page.items.length;
    } else {
      const outcome = await writePage(page.items, changeOf, context, concurrency);
      written += outcome.written;
      unchanged += outcome.unchanged;
      if (outcome.failed) {
        const { position, error } = outcome.failed;
        done += position;
        const before = position > 0 ? keyOf(entity, page.items[position - 1]) : lastKey;
        await context.checkpoint({ step: step.id, done, ...(before ? { startKey: before } : {}) });
        throw error;
      }
      done += page.items.length;
      await context.checkpoint({ step: step.id, done, ...(page.lastKey ? { startKey: page.lastKey } : {}) });
      lastKey = page.lastKey;
    }
    context.onProgress?.({
      step,
      phase: 'page',
      done,
      written,
      ...(context.total !== undefined ? { total: context.total } : {}),
    });
  }
  return { id: step.id, kind: step.kind, written, unchanged, ...(context.dryRun ? { samples } : {}) };
}

/**
 * Computes and writes one page's changes. Counts only the items before the first failure (a
 * change that threw, or a write that did): the step is resumed from that item.
 */
async function writePage(
  items: readonly Readonly<Record<string, unknown>>[],
  changeOf: ChangeOf,
  context: ItemStepContext,
  concurrency: number,
): Promise<{ written: number; unchanged: number; failed?: { position: number; error: unknown } }> {
  const pending: PendingChange[] = [];
  let failed: { position: number; error: unknown } | undefined;
  for (const [position, stored] of items.entries()) {
    try {
      const change = await changeOf(stored);
      if (change) pending.push({ position, stored, change });
    } catch (error) {
      failed = { position, error };
      break;
    }
  }
  const groups = groupChanges(pending, context.perTransaction);
  const results: ChangeResult[] = [];
  for (let start = 0; start < groups.length; start += concurrency) {
    const sent = await Promise.all(groups.slice(start, start + concurrency).map((group) => context.send(group)));
    for (const list of sent) results.push(...list);
  }
  for (const result of results) {
    if ('error' in result && (!failed || result.position < failed.position))
      failed = { position: result.position, error: result.error };
  }
  const end = failed?.position ?? items.length;
  let written = 0;
  for (const result of results) {
    if (result.position >= end || 'error' in result) continue;
    if (result.outcome.kind === 'written') {
      written++;
      await context.writes.spend(result.outcome.writeUnits);
    }
  }
  // Items before the end with no change to make, or whose write found them gone or unchanged.
  const unchanged = end - written;
  return { written, unchanged, ...(failed ? { failed } : {}) };
}
