import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type BrowserContext } from '@playwright/test';

// Runs the server's own binary against the data folder of the server under
// test (the worker's, support/server.ts), for what only the command line does:
// creating the first portal administrator.

export type CreatedAdmin = {
  id: string;
  email: string;
  totpSecret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
};

/** Skips the test unless it runs against the Go server this run started. */
export function requireRealServer() {
  test.skip(process.env.E2E_MOCK_API === '1', 'needs the real Go server, not the mocked API');
  test.skip(!process.env.E2E_DATA_DIR, 'needs the data folder of the server under test (not set with BASE_URL)');
}

/** A portal user to make with `heloc admin create`; the defaults make an administrator, Ada Admin, in the data folder of the server under test. */
export type PortalUserSpec = {
  email: string;
  password: string;
  role?: string;
  firstName?: string;
  lastName?: string;
  loanOfficerTag?: string;
  dataDir?: string;
};

/** `heloc admin create --password-stdin --json`: the password on stdin, the JSON answer parsed. */
export function createPortalUser({ email, password, role, firstName = 'Ada', lastName = 'Admin', loanOfficerTag, dataDir }: PortalUserSpec): CreatedAdmin {
  const out = execFileSync(
    process.env.HELOC_BIN!,
    [
      'admin', 'create', '--email', email, '--first-name', firstName, '--last-name', lastName,
      ...(role ? ['--role', role] : []),
      ...(loanOfficerTag ? ['--loan-officer-tag', loanOfficerTag] : []),
      '--password-stdin', '--json',
    ],
    {
      input: `${password}\n`,
      env: { ...process.env, DATA_DIR: dataDir ?? process.env.E2E_DATA_DIR!, APP_ENV: 'development' },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  return JSON.parse(out) as CreatedAdmin;
}

/** A portal administrator, Ada Admin, in the data folder of the server under test. */
export function createAdmin(email: string, password: string): CreatedAdmin {
  return createPortalUser({ email, password });
}

/** An e-mail address no earlier run has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Fails when any of the secrets a journey used (codes, passwords, the
 * session cookies of its browser) appears in the server's log.
 */
export async function expectNoSecretsInServerLog(secrets: string[], context?: BrowserContext) {
  const all = [...secrets];
  if (context) {
    for (const c of await context.cookies()) {
      if (c.name.includes('session') || c.name.includes('csrf')) all.push(c.value);
    }
  }
  const log = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'server.log'), 'utf8');
  expect(log, 'the server log exists and has lines').toContain('"msg":"request"');
  for (const secret of all.filter((s) => s.length >= 6)) {
    expect(log.includes(secret), `a secret of length ${secret.length} is in the server log`).toBe(false);
  }
}
