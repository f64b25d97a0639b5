import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay a reply (e.g. counting a view). Failures are logged, never thrown,
 * and `drain()` waits for what is still running so closing the app never cuts a write short.
 */
export type Background = {
  run(name: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
};

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((err: unknown) => log.warn({ err }, `background task failed: ${name}`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
