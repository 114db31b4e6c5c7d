// A shared schema's message that a guest may read, named by its key (issue 42, decision 035). zod keeps only a string
// message on most issues, so the error map also leaves the key on the issue (`params.textKey`, the place zod gives a
// custom issue's own data): the server's edge and the booking form say the text in the guest's language by that key.
import type { z } from 'zod';
import { firstScreenTextsEs } from '../i18n/first-screen-texts.ts';
import { type FirstScreenTextKey, textAt } from '../i18n/text-keys.ts';

type IssueParams = { params?: Record<string, unknown> };
export type FieldTextParam = { error: (issue: z.core.$ZodRawIssue) => string };

/** A zod error param (`.min(2, fieldText('…'))`, `z.string(fieldText('…'))`): the Spanish text, and its key on the issue. */
export function fieldText(key: FirstScreenTextKey): FieldTextParam {
  const spanish = textAt(firstScreenTextsEs, key);
  return {
    error: (issue) => {
      const carrier = issue as IssueParams;
      carrier.params = { ...carrier.params, textKey: key };
      return spanish;
    },
  };
}

/** The key a failed check named with `fieldText`, or null for zod's own messages and staff texts. */
export function issueTextKey(issue: z.core.$ZodIssue): FirstScreenTextKey | null {
  const key = (issue as IssueParams).params?.textKey;
  return typeof key === 'string' ? (key as FirstScreenTextKey) : null;
}
