// Decision 012: a queued email names the link it will carry; the token is minted here, by the delivery worker, just
// before the email is sent, and exists nowhere but in that email (its hash is stored, as for every token).
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { LinkMinter } from '../../platform/outbox.ts';
import { mintInvitationToken, mintResetToken } from '../auth/service.ts';
import { mintFeedbackToken } from '../feedback/service.ts';
import { mintSelfServiceToken } from '../private-links/service.ts';
import { mintErasureToken } from '../privacy/service.ts';
import { mintWaitlistToken } from '../waitlist/service.ts';

export function outboxLinkMinter(db: Executor, clock: Clock): LinkMinter {
  return (link) => {
    switch (link.kind) {
      case 'guest_page':
        return mintSelfServiceToken(db, link.reservationId, clock.now());
      case 'password_reset':
        return mintResetToken(db, link.email, clock.now());
      case 'staff_invitation':
        return mintInvitationToken(db, link.invitationId, clock.now());
      case 'waitlist_entry':
      case 'waitlist_offer':
        return mintWaitlistToken(db, link, clock.now());
      case 'data_erasure':
        return mintErasureToken(db, link, clock.now());
      case 'feedback':
        return mintFeedbackToken(db, link.requestId, clock.now());
    }
  };
}
