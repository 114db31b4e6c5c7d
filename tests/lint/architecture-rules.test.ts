// docs/architecture.md's import rules are enforced by `npm run lint`: each case below is a commit that breaks one
// rule, linted as if it were that file, and must be refused for that rule's reason.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('architecture rules (eslint.config.js)', () => {
  it('refuses a route file that imports the database schema or drizzle-orm', async () => {
    const schema = await ruleErrors(
      'src/server/modules/tables/admin-routes.ts',
      "import { tables } from '../../db/schema.ts';\nexport const t = tables;\n",
    );
    expect(schema.join('\n')).toContain('Route files do not touch the database');
    const drizzle = await ruleErrors('src/server/modules/tables/admin-routes.ts', "import { eq } from 'drizzle-orm';\nexport const e = eq;\n");
    expect(drizzle.join('\n')).toContain('Route files do not touch the database');
  });

  it('lets a service use the schema and drizzle-orm', async () => {
    const errors = await ruleErrors(
      'src/server/modules/tables/service.ts',
      "import { eq } from 'drizzle-orm';\nimport { tables } from '../../db/schema.ts';\nexport const use = [eq, tables];\n",
    );
    expect(errors).toEqual([]);
  });

  it("refuses a module importing another module's file other than service.ts", async () => {
    const errors = await ruleErrors(
      'src/server/modules/reservations/admin-service.ts',
      "import { seatingDay } from '../tables/seating-service.ts';\nexport const s = seatingDay;\n",
    );
    expect(errors.join('\n')).toContain('Another module is used only through its service.ts');
    const aliased = await ruleErrors(
      'src/server/modules/reservations/admin-service.ts',
      "import { seatingDay } from '@server/modules/tables/seating-service.ts';\nexport const s = seatingDay;\n",
    );
    expect(aliased.join('\n')).toContain('Another module is used only through its service.ts');
  });

  it("lets a module import another module's service.ts and its own files", async () => {
    const errors = await ruleErrors(
      'src/server/modules/reservations/admin-service.ts',
      "import { listTables } from '../tables/service.ts';\nimport { findReservation } from './public-queries.ts';\nexport const use = [listTables, findReservation];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses the web client in the server, but for web/ssr in the prerender (decision 024)', async () => {
    const inModule = await ruleErrors('src/server/modules/settings/service.ts', "import { api } from '../../../web/lib/api.ts';\nexport const a = api;\n");
    expect(inModule.join('\n')).toContain('The server never imports the web client');
    const prerender = 'src/server/pages/page-prerender.ts';
    const outsideSsr = await ruleErrors(prerender, "import { apiFetch } from '../../web/lib/api.ts';\nexport const a = apiFetch;\n");
    expect(outsideSsr.join('\n')).toContain('The server imports the web client through web/ssr only');
    const ssr = await ruleErrors(prerender, "import { prerenderStaffPage } from '../../web/ssr/render-page.tsx';\nexport const p = prerenderStaffPage;\n");
    expect(ssr).toEqual([]);
  });

  it('refuses an import loop', async () => {
    // app.ts imports platform/errors.ts; errors.ts importing app.ts back closes a loop.
    const errors = await ruleErrors('src/server/platform/errors.ts', "import { buildApp } from '../app.ts';\nexport const b = buildApp;\n");
    expect(errors.join('\n')).toContain('import-x/no-cycle');
  });

  it("refuses a web feature reaching into another feature's internals", async () => {
    const errors = await ruleErrors(
      'src/web/features/history/history-tab.tsx',
      "import { something } from '@web/features/today/api/get-today.ts';\nexport const s = something;\n",
    );
    expect(errors.join('\n')).toContain('no-restricted-imports');
  });

  it("refuses a reservation's status or arrival written outside transition(), but for the erasure (decision 034)", async () => {
    const bulk = "import { eq } from 'drizzle-orm';\nimport type { Transaction } from '../../db/client.ts';\nimport { reservations } from '../../db/schema.ts';\n" +
      "export const cancel = (tx: Transaction, id: string) => tx.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, id));\n";
    const refusal = "A reservation's status or arrival changes only through reservations' transition()";
    expect((await ruleErrors('src/server/modules/reservations/closure-effects.ts', bulk)).join('\n')).toContain(refusal);
    expect(await ruleErrors('src/server/modules/reservations/transition.ts', bulk)).toEqual([]);
    expect(await ruleErrors('src/server/modules/privacy/erasure-queries.ts', bulk)).toEqual([]);
    const viaQueries = "import type { Transaction } from '../../db/client.ts';\nimport * as q from './admin-queries.ts';\n" +
      "export const arrive = (tx: Transaction, id: string) => q.updateReservation(tx, id, { arrivalStatus: 'arrived' });\n";
    expect((await ruleErrors('src/server/modules/reservations/admin-service.ts', viaQueries)).join('\n')).toContain(refusal);
    const direct = viaQueries.replace("import * as q from './admin-queries.ts'", "import { updateReservation } from './admin-queries.ts'").replace('q.update', 'update');
    expect((await ruleErrors('src/server/modules/reservations/admin-service.ts', direct)).join('\n')).toContain(refusal);
    // An edit's other fields, and another table's status, are not the rule's business.
    const edit = direct.replace("{ arrivalStatus: 'arrived' }", "{ customerName: 'Ana' }");
    expect(await ruleErrors('src/server/modules/reservations/edit-service.ts', edit)).toEqual([]);
    const waitlist = bulk.replaceAll('reservations', 'waitlistEntries');
    expect(await ruleErrors('src/server/modules/waitlist/queries.ts', waitlist)).toEqual([]);
  });

  it('refuses a capacityMode comparison outside the capacity module (decision 036)', async () => {
    const branch =
      "import type { CapacityConfig } from '../capacity/service.ts';\n" +
      "export const seated = (config: CapacityConfig) => config.capacityMode === 'tables';\n";
    const refusal = 'The capacity mode is decided in the capacity module';
    for (const file of ['src/server/modules/availability/service.ts', 'src/server/modules/reservations/transition.ts', 'src/server/platform/outbox.ts']) {
      expect((await ruleErrors(file, branch)).join('\n')).toContain(refusal);
    }
    const switched = branch.replace("config.capacityMode === 'tables'", "{ switch (config.capacityMode) { case 'tables': return true; default: return false; } }");
    expect((await ruleErrors('src/server/modules/waitlist/offers.ts', switched)).join('\n')).toContain(refusal);
    expect(await ruleErrors('src/server/modules/capacity/mode.ts', branch.replace('../capacity/service.ts', './mode.ts'))).toEqual([]);
    // Reading or saving the setting is not deciding with it.
    const saved = "export const mode = (config: { capacityMode: string }) => ({ capacityMode: config.capacityMode });\n";
    expect(await ruleErrors('src/server/modules/settings/admin-service.ts', saved)).toEqual([]);
  });

  it("still refuses a status write inside the capacity module, and a capacity branch inside transition.ts", async () => {
    const bulk = "import { eq } from 'drizzle-orm';\nimport type { Transaction } from '../../db/client.ts';\nimport { reservations } from '../../db/schema.ts';\n" +
      "export const cancel = (tx: Transaction, id: string) => tx.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, id));\n";
    expect((await ruleErrors('src/server/modules/capacity/placement.ts', bulk)).join('\n')).toContain('transition()');
    const branch = "export const seated = (config: { capacityMode: string }) => config.capacityMode !== 'covers';\n";
    expect((await ruleErrors('src/server/modules/privacy/erasure-queries.ts', branch)).join('\n')).toContain('capacity module');
  });
});
