import { DynamoDBServiceException } from '@aws-sdk/client-dynamodb';

/**
 * Everything a caller can observe of an SDK call's outcome, minus the per-request id:
 * what parity tests compare between two ways of reaching the engine.
 */
export async function observedOutcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const output = (await run()) as { $metadata: Record<string, unknown> };
    return { output: { ...output, $metadata: { ...output.$metadata, requestId: 'id' } } };
  } catch (caught) {
    const error = caught as Error & { $metadata: Record<string, unknown>; $fault: string };
    return {
      error: {
        class: error.constructor.name,
        name: error.name,
        message: error.message,
        fault: error.$fault,
        isServiceException: error instanceof DynamoDBServiceException,
        metadata: { ...error.$metadata, requestId: typeof error.$metadata?.requestId },
        members: Object.fromEntries(Object.entries(error).filter(([key]) => !key.startsWith('$'))),
      },
    };
  }
}
