/**
 * What this process still does before it serves its whole catalogue (`GET /readyz`): the first
 * start's demo import, for one. Each piece of start-up work holds readiness until it releases it.
 */
export type Readiness = {
  /** Holds readiness for `what` (a short name shown by /readyz) until the returned function is called. */
  hold(what: string): () => void;
  /** What readiness waits for now, oldest first; empty when ready. */
  waitingFor(): string[];
};

export function createReadiness(): Readiness {
  const holds = new Map<symbol, string>();
  return {
    hold(what) {
      const id = Symbol(what);
      holds.set(id, what);
      return () => void holds.delete(id);
    },
    waitingFor: () => [...holds.values()],
  };
}
