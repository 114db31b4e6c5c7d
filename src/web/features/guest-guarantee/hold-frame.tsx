import type { ReactNode } from 'react';
import type { GuaranteeHoldView } from '@shared/schemas/card-guarantee';
import { PartyDetails } from '@web/features/guest-waitlist/party-details';
import { useGuaranteeTexts } from './guarantee-texts';

interface HoldFrameProps {
  hold: GuaranteeHoldView;
  /** What the page says of the booking or its card. */
  message: string;
  /** 'status' for news the guest can rest on, 'alert' for what needs them. */
  role: 'status' | 'alert';
  /** What the guest reads before the message (the rule the card answers for). */
  intro?: ReactNode;
  /** The last action's failure. */
  error?: Error | null;
  /** The page's actions, after the message. */
  children?: ReactNode;
}

/** The frame of every card-guarantee page (the return from the payment page, the guarantee link): the booking, then what became of it. */
export function HoldFrame({ hold, message, role, intro, error, children }: HoldFrameProps) {
  const text = useGuaranteeTexts();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{text.title}</h1>
      <PartyDetails
        label={text.title}
        reservationDate={hold.reservationDate}
        reservationTime={hold.reservationTime}
        numberOfPeople={hold.numberOfPeople}
        footer={
          <div className="space-y-3">
            {intro}
            <p role={role}>{message}</p>
            {error && <p role="alert">{error.message}</p>}
            {children}
          </div>
        }
      />
    </div>
  );
}
