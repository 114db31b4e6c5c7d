import type { ReactNode } from 'react';
import { FieldError, type FieldControlProps, fieldIds } from '@web/components/ui/form-field';
import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

export const PRIVACY_POLICY_URL = '/politica-privacidad.pdf';

interface ConsentControlProps extends FieldControlProps {
  'aria-required': true;
  className: string;
}

/**
 * The required privacy consent: a native checkbox whose wording links the privacy policy (opened in a new tab),
 * marked with an asterisk. A link inside the label follows the link without ticking the box.
 */
export function ConsentField({
  error,
  children,
}: {
  error: string | undefined;
  children: (control: ConsentControlProps) => ReactNode;
}) {
  const { texts } = useGuestTexts();
  const text = texts.reservation.form;
  const id = 'booking-consent';
  const { errorId, describedBy } = fieldIds(id, { error: Boolean(error) });
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <div className="flex items-start gap-3">
        {children({
          id,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy,
          'aria-required': true,
          className: 'mt-0.5 size-5 shrink-0 accent-brand',
        })}
        <label htmlFor={id} className="text-sm leading-snug">
          {text.consentPrefix}{' '}
          <a
            href={PRIVACY_POLICY_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand underline underline-offset-2"
          >
            {text.consentLink}
            <span className="sr-only"> {texts.common.opensInNewTab}</span>
          </a>{' '}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
          <span className="sr-only">({text.requiredMark})</span>
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
