import { useEffect, useRef } from 'react';
import { formatEuros } from '@shared/rules/money';
import { languageLocales } from '@shared/i18n/languages';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiRequestError } from '@web/lib/api';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';
import { useApprovalPayment, useOpenApproval } from './api/no-show-charge';
import { useGuaranteeTexts } from './guarantee-texts';

/**
 * /reservar/garantia/cobro/<token>: the approval link of a no-show charge the guest's bank held back (issue 45,
 * item 4). It sends the browser on to the provider's page; otherwise it says why not, in the guest's language.
 */
export function NoShowChargePanel({ token }: { token: string }) {
  const text = useGuaranteeTexts().noShowCharge;
  const approval = useOpenApproval(token);
  const { mutate } = approval;
  // Once per visit: each ask may make the provider's page.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  const answer = approval.data;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{text.title}</h1>
      {approval.error ? (
        <ApprovalError error={approval.error} onRetry={() => approval.mutate()} />
      ) : answer?.state === 'settled' ? (
        <div className="space-y-3">
          <p role="status">{text.settled}</p>
          <a className="inline-flex min-h-11 items-center underline" href={answer.reservationUrl}>
            {text.seeReservation}
          </a>
        </div>
      ) : (
        <Waiting label={text.opening} />
      )}
    </div>
  );
}

/** The server's refusal, told with the page's own texts so that it follows the guest's language. */
function ApprovalError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { texts } = useGuestLanguage();
  const text = useGuaranteeTexts();
  const status = error instanceof ApiRequestError ? error.status : 0;
  const message =
    status === 404
      ? text.errors.notFound
      : status === 503
        ? text.errors.approvalUnavailable
        : status === 429
          ? texts.http.rateLimited
          : error.message;
  return (
    <div className="space-y-3">
      <p role="alert">{message}</p>
      {status !== 404 && (
        <Button className="min-h-11" variant="outline" onClick={onRetry}>
          {text.noShowCharge.tryAgain}
        </Button>
      )}
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-muted-foreground">
      <Spinner label={label} />
      {label}
    </div>
  );
}

/**
 * /reservar/garantia/pago?session_id=…: back from the provider's page of a no-show charge. The page's id, not the
 * guest's token, names the charge; what it says (paid, processing, not paid) comes from the server.
 */
export function NoShowChargeReturnPanel({ sessionId }: { sessionId: string }) {
  const text = useGuaranteeTexts().noShowCharge;
  const { format, language } = useGuestLanguage();
  const payment = useApprovalPayment(sessionId);
  const view = payment.data;
  const amount = view ? formatEuros(view.amountCents, languageLocales[language]) : '';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{text.title}</h1>
      {sessionId === '' || view?.state === 'not_paid' ? (
        <p role="alert">{text.notPaid}</p>
      ) : view ? (
        <p role="status">{format(view.state === 'paid' ? text.paid : text.processing, { amount })}</p>
      ) : payment.error ? (
        <ApprovalError error={payment.error} onRetry={() => void payment.refetch()} />
      ) : (
        <Waiting label={text.checking} />
      )}
    </div>
  );
}
