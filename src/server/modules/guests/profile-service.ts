// Guests as people the restaurant knows (issue 47): the 'Clientes' list.
import { madridToday } from '@shared/rules/madrid-time.ts';
import type { GuestDuplicate, GuestList, GuestListQuery } from '@shared/schemas/guest-profile.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { duplicateCandidates, guestListPage } from './profile-queries.ts';

/** GET /api/admin/guests: one page of guests, with each segment's count; the segments measured from today in Madrid. */
export const guestList = ({ db, clock }: ServiceDeps, query: GuestListQuery): Promise<GuestList> => guestListPage(db, query, madridToday(clock.now()));

/** GET /api/admin/guests/:id/duplicates: the profiles 'Unir clientes' suggests. */
export const guestDuplicates = ({ db }: ServiceDeps, guestId: string): Promise<GuestDuplicate[]> => duplicateCandidates(db, guestId);
