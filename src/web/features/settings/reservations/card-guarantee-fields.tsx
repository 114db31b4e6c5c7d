import { useId } from 'react';
import { ADMIN_PARTY_MAX } from '@shared/limits';
import {
  type CardGuaranteeRules,
  cardGuaranteeRulesSchema,
  type CardGuaranteeSettings,
  GUARANTEE_AMOUNT_PER_PERSON_MAX_CENTS,
  GUARANTEE_AMOUNT_PER_PERSON_MIN_CENTS,
  GUARANTEE_FREE_CANCELLATION_HOURS_MAX,
  GUARANTEE_HOLD_MINUTES_MAX,
  GUARANTEE_HOLD_MINUTES_MIN,
} from '@shared/schemas/card-guarantee';
import { cardGuaranteeMessages as text } from '@shared/staff-messages/payments';
import { useStaffRole } from '@web/features/auth/session';
import { LabelledFieldset } from '@web/components/labelled-fieldset';
import { QueryState } from '@web/components/query-state';
import { useCardGuarantee } from '../api/get-card-guarantee';
import { useSaveCardGuarantee } from '../api/save-card-guarantee';
import { OwnerOnlyNote } from '../fields/owner-only';
import { NumberSettingField } from '../fields/setting-field-number';
import { SettingSwitch } from '../fields/setting-field-switch';
import { type SaveOutcome, settingSaved } from '@web/components/use-save-status';
import { EuroSettingField } from './euro-setting-field';
import { GuaranteeDates } from './guarantee-dates';
import { GuaranteeWindows } from './guarantee-windows';

/** Saves the whole rule set; answers the first refusal of the shared schema instead, saving nothing. */
export type SaveRules = (next: CardGuaranteeRules, onFailed?: () => void) => string | undefined;

/**
 * 'Garantía con tarjeta' (issue 45): which bookings are asked for a card and what it answers for. Saved as each
 * control is changed or left, like the rest of Configuración › Reservas; the owner's alone, read only for the
 * encargado.
 */
export function CardGuaranteeFields() {
  const query = useCardGuarantee();
  return query.data ? <GuaranteeFieldset settings={query.data} /> : <QueryState query={query} />;
}

function GuaranteeFieldset({ settings }: { settings: CardGuaranteeSettings }) {
  const noteId = useId();
  const readOnly = useStaffRole() !== 'admin';
  const update = useSaveCardGuarantee();
  const rules = update.isPending ? update.variables : settings.rules;

  /** The rules sent if the shared schema takes them (the save's outcome); else its first refusal, nothing sent. */
  const saveChecked = (next: CardGuaranteeRules): SaveOutcome | string => {
    const parsed = cardGuaranteeRulesSchema.safeParse(next);
    return parsed.success ? settingSaved(update.mutateAsync(parsed.data)) : parsed.error.issues[0]!.message;
  };
  const save: SaveRules = (next, onFailed) => {
    const outcome = saveChecked(next);
    if (typeof outcome === 'string') return outcome;
    void outcome.then((refusal) => {
      if (refusal !== null) onFailed?.();
    });
    return undefined;
  };
  /** The same save for a field showing 'Guardado': a refusal of the schema is its error at once. */
  const saveField = (next: CardGuaranteeRules): SaveOutcome => {
    const outcome = saveChecked(next);
    return typeof outcome === 'string' ? Promise.resolve(outcome) : outcome;
  };

  return (
    <LabelledFieldset legend={text.title} legendClassName="px-1 text-sm font-semibold" disabled={readOnly} className="grid min-w-0 gap-4 rounded-md border p-3">
      <p className="text-xs text-muted-foreground">{text.criteriaHint}</p>
      {readOnly && <OwnerOnlyNote id={noteId} />}
      {!settings.paymentsConnected && (
        <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          {text.notConnected}
        </p>
      )}
      <SettingSwitch label={text.enabled} checked={rules.enabled} onCheckedChange={(enabled) => saveField({ ...rules, enabled })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberSettingField
          label={text.fromPeople}
          saved={rules.fromPeople}
          min={1}
          max={ADMIN_PARTY_MAX}
          emptyAllowed
          hint={text.fromPeopleHint}
          invalidMessage={text.validation.fromPeople}
          onSave={(fromPeople) => saveField({ ...rules, fromPeople })}
        />
        <EuroSettingField
          label={text.amount}
          savedCents={rules.amountPerPersonCents}
          minCents={GUARANTEE_AMOUNT_PER_PERSON_MIN_CENTS}
          maxCents={GUARANTEE_AMOUNT_PER_PERSON_MAX_CENTS}
          hint={text.amountHint}
          invalidMessage={text.validation.amount}
          onSave={(amountPerPersonCents) => saveField({ ...rules, amountPerPersonCents })}
        />
        <RuleNumberField rule="freeCancellationHours" min={0} max={GUARANTEE_FREE_CANCELLATION_HOURS_MAX} rules={rules} save={saveField} />
        <RuleNumberField rule="holdMinutes" min={GUARANTEE_HOLD_MINUTES_MIN} max={GUARANTEE_HOLD_MINUTES_MAX} rules={rules} save={saveField} />
      </div>
      <GuaranteeWindows rules={rules} save={save} />
      <GuaranteeDates rules={rules} save={save} />
    </LabelledFieldset>
  );
}

interface RuleNumberFieldProps {
  rule: 'freeCancellationHours' | 'holdMinutes';
  min: number;
  max: number;
  rules: CardGuaranteeRules;
  save: (next: CardGuaranteeRules) => SaveOutcome;
}

/** A required whole number of the rules; its label, hint and refusal are the catalogue's texts under the rule's name. */
function RuleNumberField({ rule, min, max, rules, save }: RuleNumberFieldProps) {
  return (
    <NumberSettingField
      label={text[rule]}
      saved={rules[rule]}
      min={min}
      max={max}
      hint={text[`${rule}Hint`]}
      invalidMessage={text.validation[rule]}
      onSave={(value) => save({ ...rules, [rule]: value })}
    />
  );
}
