/** The type and message of what `work` throws; `undefined` when it returns. */
export function errorOf(work: () => unknown): { type: string; message: string } | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    const { name, message } = error as Error;
    return { type: name, message };
  }
}
