/**
 * `{ value }` when `work` settles within `ms`, else undefined; `work` is not stopped (the caller
 * decides what becomes of it) and a rejection within `ms` is thrown. `{ value }` rather than the value,
 * so a result that is itself undefined is told apart from "too late".
 */
export async function settledWithin<T>(work: Promise<T>, ms: number): Promise<{ value: T } | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
