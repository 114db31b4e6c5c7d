// Guests as people the restaurant knows (issue 47): the 'Clientes' list.
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { GuestList, GuestListQuery } from '@shared/schemas/guest-profile.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { guestListPage } from './profile-queries.ts';

/** GET /api/admin/guests: one page of guests, with each segment's count; the segments measured from today in Madrid. */
export const guestList = ({ db, clock }: ServiceDeps, query: GuestListQuery): Promise<GuestList> => guestListPage(db, query, madridToday(clock.now()));
