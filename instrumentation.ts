/** Runs once when the Next server starts (Node runtime): see lib/server/unroutable-methods.ts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { refuseFetchForbiddenMethods } = await import('./lib/server/unroutable-methods');
  refuseFetchForbiddenMethods();
}
