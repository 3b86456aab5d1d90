/** Resolves once `check` holds, or fails after `limitMs` with `what` and the last reason. */
export async function within<T>(limitMs: number, what: string, check: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(err as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
