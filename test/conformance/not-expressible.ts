/**
 * How the SDK shim answers a request that no SDK caller could send (the SDK would reject it or
 * send something else), and how a runner report is read back. The answer is an error no
 * DynamoDB endpoint gives, so the runner always reports the step as a mismatch, and the
 * mismatch text names it.
 */
export const NOT_EXPRESSIBLE_STATUS = 501;
export const NOT_EXPRESSIBLE_TYPE = 'NotExpressibleThroughSdk';

export function notExpressibleBody(reason: string): Record<string, string> {
  return { __type: NOT_EXPRESSIBLE_TYPE, message: reason };
}

/** Whether a runner mismatch (`status: expected … got 501 NotExpressibleThroughSdk: …`) is the shim's refusal. */
export function isNotExpressibleMismatch(diff: string | undefined): boolean {
  return diff?.includes(` got ${NOT_EXPRESSIBLE_STATUS} ${NOT_EXPRESSIBLE_TYPE}`) === true;
}
