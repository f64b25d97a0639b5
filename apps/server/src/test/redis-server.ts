import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export type RedisTestServer = {
  url: string;
  /** Freeze the server (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Let a frozen server run again (SIGCONT). */
  resume(): void;
  close(): Promise<void>;
};

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A real redis-server on a free loopback port, nothing persisted. */
export async function startRedisServer(): Promise<RedisTestServer> {
  const port = await freePort();
  const redis: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    redis.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    redis.once('error', reject);
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready`)));
  });
  const signal = (name: NodeJS.Signals) => {
    if (redis.pid !== undefined && redis.exitCode === null) process.kill(redis.pid, name);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    close: () =>
      new Promise<void>((resolve) => {
        if (redis.exitCode !== null || redis.signalCode !== null) return resolve();
        redis.once('exit', () => resolve());
        // A frozen server would not act on SIGTERM until resumed.
        signal('SIGCONT');
        redis.kill();
      }),
  };
}
