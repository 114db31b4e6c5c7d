// The privacy policy's versions (issue 24): each text guests were shown, so that a consent names exactly what it
// accepted. A new version starts when the text changes: the owner's details or the retention periods in
// Configuración, the backups' settings, or a new release's wording.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CONSENT_POLICY_VERSION } from '@shared/limits.ts';
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { Database, Executor } from '../../db/client.ts';
import { consentimientos, policyVersions } from '../../db/schema.ts';
import type { LegalContext } from './document-blocks.ts';
import { privacyPolicyText } from './privacy-policy.ts';

/** Until the guest side has languages (issue 26), every version is the Spanish text. */
export const POLICY_LANGUAGE = 'es';

export interface PolicyVersion {
  id: number;
  label: string;
}

/** The spec's 'v1.0 - 21/09/2025' first; then the minor number grows, dated the day the text changed (Madrid). */
export function nextPolicyLabel(previous: string | undefined, now: Date): string {
  if (previous === undefined) return CONSENT_POLICY_VERSION;
  const [year, month, day] = madridToday(now).split('-');
  const match = /^v(\d+)\.(\d+)/.exec(previous);
  const [major, minor] = match ? [Number(match[1]), Number(match[2]) + 1] : [1, 1];
  return `v${major}.${minor} - ${day}/${month}/${year}`;
}

/** The text's fingerprint leaves its label out: the label changes because the text did, not the reverse. */
const fingerprint = (context: Omit<LegalContext, 'policyVersion'>) =>
  createHash('sha256').update(privacyPolicyText({ ...context, policyVersion: '' })).digest('hex');

async function latest(db: Executor) {
  const [row] = await db
    .select({ id: policyVersions.id, label: policyVersions.label, bodyHash: policyVersions.bodyHash })
    .from(policyVersions)
    .where(eq(policyVersions.language, POLICY_LANGUAGE))
    .orderBy(desc(policyVersions.id))
    .limit(1);
  return row;
}

/** The version a guest accepts now: the newest. Null only before the server's first start has recorded one. */
export async function currentPolicyVersion(db: Executor): Promise<PolicyVersion | null> {
  const row = await latest(db);
  return row ? { id: row.id, label: row.label } : null;
}

/**
 * `currentPolicyVersion` as sub-selects, for an insert that names the version in the same round trip (a booking's
 * consent). The label falls back to the first one, as consentRecord's does.
 */
export function currentPolicyVersionSql() {
  const newest = (column: typeof policyVersions.id | typeof policyVersions.label) =>
    sql`(select ${column} from ${policyVersions} where ${policyVersions.language} = ${POLICY_LANGUAGE} order by ${policyVersions.id} desc limit 1)`;
  return { id: newest(policyVersions.id), label: sql`coalesce(${newest(policyVersions.label)}, ${CONSENT_POLICY_VERSION})` };
}

/**
 * The version of the text `context` makes, recorded first if it differs from the newest (one writer at a time across
 * instances). The first version also claims the consents recorded before versions were kept.
 */
export async function ensurePolicyVersion(db: Database, context: Omit<LegalContext, 'policyVersion'>, now: Date): Promise<PolicyVersion> {
  const bodyHash = fingerprint(context);
  const newest = await latest(db);
  if (newest?.bodyHash === bodyHash) return { id: newest.id, label: newest.label };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('policy-versions'))`);
    const current = await latest(tx);
    if (current?.bodyHash === bodyHash) return { id: current.id, label: current.label };
    const label = nextPolicyLabel(current?.label, now);
    const [row] = await tx
      .insert(policyVersions)
      .values({ label, language: POLICY_LANGUAGE, body: privacyPolicyText({ ...context, policyVersion: label }), bodyHash, createdAt: now })
      .returning({ id: policyVersions.id, label: policyVersions.label });
    if (!current) {
      await tx
        .update(consentimientos)
        .set({ policyVersionId: row!.id })
        .where(and(isNull(consentimientos.policyVersionId), eq(consentimientos.versionPolitica, label)));
    }
    return row!;
  });
}
