import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rule ids ESLint reports for `code` as if it were the file at `file` (relative to the repo). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('server layers (eslint)', () => {
  it('refuses a route that imports a repo or drizzle', async () => {
    const found = await violations(
      'apps/server/src/modules/billing/example.routes.ts',
      "import { eq } from 'drizzle-orm';\nimport * as orders from './order.repo';\nexport const x = [eq, orders];\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: 'drizzle-orm'.*Only repos query the database/),
      expect.stringMatching(/^no-restricted-imports: '\.\/order\.repo'.*Only services use repos/),
    ]);
  });

  it('refuses lib code that imports the schema or a module', async () => {
    const found = await violations(
      'apps/server/src/lib/example.ts',
      "import { member } from '../db/schema';\nimport * as s from '../modules/member/member.service';\nexport const x = [member, s];\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: '\.\.\/db\/schema'/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*lib\/ is shared plumbing/),
    ]);
  });

  it('lets a module reach another only through its service', async () => {
    const internals = await violations(
      'apps/server/src/modules/collect/example.ts',
      "import * as repo from '../catalog/catalog.repo';\nexport const x = repo;\n",
    );
    expect(internals).toEqual([expect.stringMatching(/A module uses another only through its service \(catalog\.service\.ts\)/)]);

    const service = await violations(
      'apps/server/src/modules/collect/example.ts',
      "import * as catalog from '../catalog/catalog.service';\nexport const x = catalog;\n",
    );
    expect(service).toEqual([]);
  });

  it('lets a service use its own repo and a route call its service', async () => {
    expect(await violations('apps/server/src/modules/billing/example.service.ts', "import * as orders from './order.repo';\nexport const x = orders;\n")).toEqual([]);
    expect(await violations('apps/server/src/modules/billing/example.routes.ts', "import * as billing from './billing.service';\nexport const x = billing;\n")).toEqual([]);
  });
});
