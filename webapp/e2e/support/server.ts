import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The Go server under test, one for each Playwright worker (a worker
// fixture in fixtures.ts starts it): its own port, its own data folder with
// its own SQLite database, secrets and sandbox outbox, so the workers' tests
// never meet. Each server trusts X-Forwarded-For from loopback, as the one
// server of a single-worker run did, so the per-address limits still count
// each test as a visitor of its own.

export type HelocServer = { url: string; dataDir: string; stop: () => Promise<void> };

/** A TCP port no one listens on now (the kernel's choice), for a server of our own. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `heloc serve` (HELOC_BIN) on a free port with a fresh data folder
 * (`prefix` names it), its JSON log in server.log there (the journeys read it),
 * and waits for /healthz. `env` adds to or replaces the defaults.
 */
export async function startServer(prefix: string, env: Record<string, string> = {}): Promise<HelocServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  let child: ChildProcess | undefined;
  let url = '';
  // A port taken between the probe and the server's listen (another program on
  // a shared machine) fails the start: try another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const log = openSync(path.join(dataDir, 'server.log'), 'a');
    child = spawn(process.env.HELOC_BIN!, ['serve'], {
      env: { ...process.env, PORT: String(port), APP_ENV: 'development', DATA_DIR: dataDir, TRUSTED_PROXIES: '127.0.0.1', ...env },
      stdio: ['ignore', log, 'pipe'],
    });
    child.stderr!.pipe(process.stderr);
    const started = await waitForHealth(url, child, 60_000);
    if (started) break;
    if (child.exitCode === null) child.kill('SIGKILL');
    if (attempt === 3) throw new Error(`heloc serve did not start in ${dataDir} (see its server.log)`);
  }
  const running = child;
  return {
    url,
    dataDir,
    stop: async () => {
      if (running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

/** True once /healthz answers 200; false if the process ends first or the time runs out. */
async function waitForHealth(url: string, child: ChildProcess, timeout: number): Promise<boolean> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
