import { formatCount, formatMessage } from '@shared/messages';
import type { GuestProfileConsents, GuestProfileMerge } from '@shared/schemas/guest-profile-page';
import { guestMessageTexts } from '@shared/staff-messages/guest-messages';
import { guestProfileMessages as text } from '@shared/staff-messages/guest-profile';
import { formatDateTime } from '@web/lib/format';
import { ProfileSection } from './profile-sections';

function Lines({ title, items }: { title: string; items: string[] }) {
  return (
    <div className="flex flex-col gap-1">
      <h5 className="text-sm font-semibold">{title}</h5>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.consents.none}</p>
      ) : (
        <ul aria-label={title} className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {items.map((item, index) => (
            <li key={index} className="break-words">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The privacy policy accepted (version, date), the yes to WhatsApp or SMS, and the opt-outs. */
export function ConsentsSection({ consents }: { consents: GuestProfileConsents }) {
  const t = text.consents;
  const channel = guestMessageTexts.channel;
  return (
    <ProfileSection title={t.title}>
      <Lines
        title={t.privacy}
        items={consents.privacy.map((consent) => formatMessage(t.privacyItem, { version: consent.policyVersion, when: formatDateTime(consent.at), email: consent.email }))}
      />
      <Lines
        title={t.messaging}
        items={consents.messaging.map((consent) =>
          formatMessage(t.messagingItem, { channel: channel[consent.channel], phone: consent.phone, when: formatDateTime(consent.at), version: consent.textVersion }),
        )}
      />
      <Lines
        title={t.optOuts}
        items={consents.optOuts.map((optOut) =>
          formatMessage(t.optOutItem, { channel: channel[optOut.channel], phone: optOut.phone, keyword: optOut.keyword, when: formatDateTime(optOut.at) }),
        )}
      />
    </ProfileSection>
  );
}

/** The profiles 'Unir clientes' joined into this one: who they were, when, by whom. */
export function MergesSection({ merges }: { merges: GuestProfileMerge[] }) {
  const t = text.merges;
  return (
    <ProfileSection title={t.title} count={merges.length}>
      {merges.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.none}</p>
      ) : (
        <ul aria-label={t.title} className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {merges.map((merge) => (
            <li key={`${merge.at}-${merge.email ?? merge.phone ?? ''}`} className="break-words">
              {formatMessage(t.item, {
                name: [merge.name, merge.email, merge.phone].filter(Boolean).join(', ') || text.noName,
                when: formatDateTime(merge.at),
                actor: merge.actorEmail ?? t.unknownActor,
                moved: formatCount(merge.reservationsMoved, t.movedOne, t.movedMany),
              })}
            </li>
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}
