/**
 * The dialogue domain's operations. Every read is one Query or GetItem on one dialogue's
 * partition; nothing joins. The ADR's "single writer per partition" is enforced by the database
 * rather than assumed: state changes are conditional transitions, the dialogue's round and the
 * experts' scores are compare-and-set on a version, append-only records (perspectives, tension
 * events) are created only if absent, and writes that must go together are one transaction
 * guarded by a condition on the dialogue itself.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type Collection,
  ItemAlreadyExistsError,
  RepositoryError,
  TableRepository,
  TransactionCancelledError,
  VersionConflictError,
  type CancellationReason,
} from '../../../src/repository/index.js';
import { model } from '../model.js';

export type DialogueDb = TableRepository<typeof model>;

/** The dialogue does not accept this write in its current state (closed, another round, unknown expert). */
export class DialogueNotOpenError extends RepositoryError<
  'DialogueNotOpen',
  { readonly dialogueId: string; readonly reason: string }
> {
  constructor(dialogueId: string, reason: string, cause?: unknown) {
    super('DialogueNotOpen', `Dialogue ${dialogueId}: ${reason}`, { dialogueId, reason }, { cause });
  }
}

/** Concurrent writers kept winning for longer than the retry budget. */
export class ContentionError extends RepositoryError<
  'Contention',
  { readonly dialogueId: string; readonly operation: string; readonly attempts: number }
> {
  constructor(dialogueId: string, operation: string, attempts: number) {
    super('Contention', `Dialogue ${dialogueId}: ${operation} lost ${attempts} races with concurrent writers`, {
      dialogueId,
      operation,
      attempts,
    });
  }
}

const maxAttempts = 8;

/**
 * Operations on dialogues, on any `DynamoDBClient` (local engine, DynamoDB Local, AWS).
 *
 * @example
 * const dialogues = new DialogueRepository(client, 'blue_dialogue');
 * await dialogues.start({ dialogueId: 'nvidia-dec', title: 'NVIDIA decision', createdAt: new Date().toISOString() });
 * await dialogues.addExpert('nvidia-dec', { name: 'muffin', role: 'skeptic', tier: 2 });
 * const p = await dialogues.addPerspective('nvidia-dec', { expert: 'muffin', label: 'cost', content: '…' });
 */
export class DialogueRepository {
  readonly db: DialogueDb;

  constructor(client: DynamoDBClient, tableName: string = model.table.name) {
    this.db = new TableRepository(client, model, { tableName });
  }

  start(input: { dialogueId: string; title: string; createdAt: string }) {
    return this.db.entity('dialogue').create(input);
  }

  get(dialogueId: string) {
    return this.db.entity('dialogue').get({ dialogueId }, { consistent: true });
  }

  /** Everything of a dialogue in one Query, split per entity. */
  whole(dialogueId: string): Promise<Collection<typeof model, 'getWholeDialogue'>> {
    return this.db.collection('getWholeDialogue', { dialogueId }, { consistent: true });
  }

  /**
   * Adds an expert while the dialogue is open (one transaction: condition on META + create). A
   * name already taken in the dialogue fails with `ItemAlreadyExistsError`.
   */
  async addExpert(dialogueId: string, input: { name: string; role: string; tier: number }) {
    const dialogues = this.db.entity('dialogue');
    const experts = this.db.entity('expert');
    try {
      await this.db.transact([
        dialogues.transaction.check({ dialogueId }, { status: 'open' }),
        experts.transaction.create({ dialogueId, ...input }),
      ]);
    } catch (error) {
      const taken =
        error instanceof TransactionCancelledError &&
        error.payload.reasons.find((r) => r.item.entity === 'expert' && r.action === 'Put');
      if (taken && error.payload.reasons.length === 1) throw new ItemAlreadyExistsError(taken.item, error);
      throw this.explain(error, dialogueId, 'dialogue is not open');
    }
    return experts.get({ dialogueId, name: input.name }, { consistent: true });
  }

  /**
   * Appends an expert's next perspective to the current round. The number `n` is the next free
   * one; two writers racing for it cannot both win (the create is conditional), and the loser
   * takes the next number. The dialogue must be open and still in that round.
   */
  async addPerspective(dialogueId: string, input: { expert: string; label: string; content: string }) {
    const perspectives = this.db.entity('perspective');
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await this.get(dialogueId);
      if (current?.status !== 'open') throw new DialogueNotOpenError(dialogueId, 'dialogue is not open');
      const round = current.round;
      const { items } = await this.db.query(
        'listExpertPerspectives',
        { dialogueId, round, expert: input.expert },
        { consistent: true },
      );
      const n = items.reduce((max, item) => Math.max(max, item.n), 0) + 1;
      try {
        await this.db.transact([
          this.db.entity('dialogue').transaction.check({ dialogueId }, { status: 'open', round }),
          this.db.entity('expert').transaction.check({ dialogueId, name: input.expert }),
          perspectives.transaction.create({ dialogueId, round, n, ...input }),
        ]);
        return { dialogueId, round, n, ...input, status: 'proposed' as const };
      } catch (error) {
        if (!isCancelledBy(error, 2))
          throw this.explain(error, dialogueId, 'dialogue is not open in this round, or the expert is unknown');
        // Another writer took number n: read again and take the next one.
      }
    }
    throw new ContentionError(dialogueId, 'addPerspective', maxAttempts);
  }

  /** Moves the dialogue to its next round: compare-and-set on META's version. */
  async nextRound(dialogueId: string): Promise<number> {
    const dialogues = this.db.entity('dialogue');
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await this.get(dialogueId);
      if (current?.status !== 'open') throw new DialogueNotOpenError(dialogueId, 'dialogue is not open');
      try {
        const updated = await dialogues.update(
          { dialogueId },
          { set: { round: current.round + 1 } },
          { expectedVersion: current.version, where: { status: 'open' } },
        );
        return updated.round;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new ContentionError(dialogueId, 'nextRound', maxAttempts);
  }

  /** Adds `delta` to an expert's score: read, compute, write if nobody wrote in between. */
  async score(dialogueId: string, name: string, delta: number): Promise<number> {
    const experts = this.db.entity('expert');
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const current = await experts.get({ dialogueId, name }, { consistent: true });
      if (!current) throw new DialogueNotOpenError(dialogueId, `no expert named ${name}`);
      try {
        const updated = await experts.update(
          { dialogueId, name },
          { set: { score: current.score + delta } },
          { expectedVersion: current.version },
        );
        return updated.score;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
    throw new ContentionError(dialogueId, 'score', maxAttempts);
  }

  /** Decides on a perspective (proposed → accepted/rejected/withdrawn), enforced by the database. */
  decide(
    dialogueId: string,
    key: { round: number; expert: string; n: number },
    to: 'accepted' | 'rejected' | 'withdrawn',
  ) {
    return this.db.entity('perspective').transition({ dialogueId, ...key }, { from: 'proposed', to });
  }

  /** Raises a tension and records its `opened` event, both or neither. */
  async raiseTension(
    dialogueId: string,
    input: { tensionId: string; description: string; actor: string; epoch: number; reason?: string },
  ) {
    const { tensionId, description, actor, epoch, reason } = input;
    try {
      await this.db.transact([
        this.db.entity('dialogue').transaction.check({ dialogueId }),
        this.db.entity('tension').transaction.create({ dialogueId, tensionId, description }),
        this.db.entity('tensionEvent').transaction.create({
          dialogueId,
          tensionId,
          epoch,
          eventType: 'opened',
          actor,
          ...(reason ? { reason } : {}),
        }),
      ]);
    } catch (error) {
      throw this.explain(error, dialogueId, 'no such dialogue');
    }
  }

  /**
   * Moves a tension from the status the caller saw to another, recording the event in the same
   * transaction: a concurrent move makes the transition's condition fail and nothing is written.
   */
  async moveTension(
    dialogueId: string,
    tensionId: string,
    change: {
      from: 'open' | 'addressed' | 'resolved' | 'dismissed';
      to: 'open' | 'addressed' | 'resolved' | 'dismissed';
      actor: string;
      epoch: number;
      reason?: string;
    },
  ) {
    const eventType = change.to === 'open' ? 'reopened' : change.to;
    await this.db.transact([
      this.db.entity('tension').transaction.transition({ dialogueId, tensionId }, { from: change.from, to: change.to }),
      this.db.entity('tensionEvent').transaction.create({
        dialogueId,
        tensionId,
        epoch: change.epoch,
        eventType,
        actor: change.actor,
        ...(change.reason ? { reason: change.reason } : {}),
      }),
    ]);
  }

  async tensionHistory(dialogueId: string, tensionId: string) {
    return (await this.db.query('getTensionHistory', { dialogueId, tensionId }, { consistent: true })).items;
  }

  async roundPerspectives(dialogueId: string, round: number) {
    return (await this.db.query('listRoundPerspectives', { dialogueId, round }, { consistent: true })).items;
  }

  private explain(error: unknown, dialogueId: string, reason: string): unknown {
    // The dialogue's own condition, or the check that an expert belongs to it: a failed create is not one of them.
    const guards = (r: CancellationReason) =>
      r.item.entity === 'dialogue' || (r.item.entity === 'expert' && r.action === 'ConditionCheck');
    if (error instanceof TransactionCancelledError && error.payload.reasons.some(guards)) {
      return new DialogueNotOpenError(dialogueId, reason, error);
    }
    return error;
  }
}

/**
 * True when the transaction lost a race: cancelled by the condition of action `index` alone, or
 * by a conflict with a concurrent transaction (DynamoDB's `TransactionConflict`).
 */
function isCancelledBy(error: unknown, index: number): boolean {
  return (
    error instanceof TransactionCancelledError &&
    error.payload.reasons.length > 0 &&
    error.payload.reasons.every(
      (reason) =>
        reason.code === 'TransactionConflict' || (reason.index === index && reason.code === 'ConditionalCheckFailed'),
    )
  );
}
