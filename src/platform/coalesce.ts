/**
 * Joins every call made before the batch starts into one execution. The batch starts on the next
 * turn of the event loop, after every caller waiting on it arrived, so each caller sees a result
 * read after its own call: what was committed before the call is always seen.
 */
export function coalesce<T>(fn: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const batch = new Promise<T>((resolve, reject) => {
      setImmediate(() => {
        pending = null;
        fn().then(resolve, reject);
      });
    });
    pending = batch;
    return batch;
  };
}
