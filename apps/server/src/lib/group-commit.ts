/**
 * Group commit: writes that arrive together go in one batch. A batch starts once the event loop
 * has read what came in this turn (setImmediate: the requests read from every socket in one poll
 * phase join it), and writes that arrive while one is being written go in the next. Under load,
 * a few writes share one round trip instead of each queueing for its own. On PGlite a statement
 * runs on this very thread and blocks it, so nothing arrives *during* a write: without waiting for
 * the turn, every batch would hold one entry. A statement's fixed cost there (its turn, parse,
 * plan) is most of a small write's.
 *
 * `write` gets the batch in arrival order and answers one result per entry, in the same order. A
 * batch that fails fails each of its entries' promises with the error.
 */
export function createGroupCommit<Entry, Result>(write: (batch: Entry[]) => Promise<Result[]>): (entry: Entry) => Promise<Result> {
  type Waiting = { entry: Entry; resolve: (result: Result) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const results = await write(batch.map((waiting) => waiting.entry));
        batch.forEach((waiting, i) => waiting.resolve(results[i]!));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    writing = false;
  };

  return (entry) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ entry, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
}
