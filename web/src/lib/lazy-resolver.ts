/**
 * A react-hook-form resolver whose code — zod and the schema — loads on the first validation, so a form can
 * be on the landing page without zod in its first load (decision 029). A failed load is tried again next time.
 */
export function lazyResolver<R extends (...args: never[]) => unknown>(load: () => Promise<R>): R {
  let loading: Promise<R> | undefined;
  const resolve = async (...args: Parameters<R>) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolver = await loading;
    return resolver(...args);
  };
  return resolve as unknown as R;
}
