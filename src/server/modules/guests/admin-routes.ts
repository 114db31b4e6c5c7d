import type { FastifyInstance } from 'fastify';
import { guestNoteSchema, guestTagsSchema } from '@shared/schemas/guest.ts';
import { guestListQuerySchema, guestMergeSchema } from '@shared/schemas/guest-profile.ts';
import { riskObjectionSchema } from '@shared/schemas/guest-profile-page.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { mergeGuests } from './merge-service.ts';
import { guestProfilePage, setRiskObjection } from './profile-page-service.ts';
import { guestDuplicates, guestList } from './profile-service.ts';
import * as service from './service.ts';

/** Under /api/admin: the 'Clientes' list and a guest's profile page (issue 47), and the guest dialog of the reservation cards. */
export function registerGuestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/guests', (request) => guestList(serviceDeps(deps), parseInput(guestListQuerySchema, request.query)));
  app.get('/guests/:id/duplicates', (request) => guestDuplicates(serviceDeps(deps), idOf(request)));
  app.post('/guests/:id/merge', (request) => {
    const { otherGuestId } = parseInput(guestMergeSchema, request.body);
    const user = request.sessionUser!;
    return mergeGuests(serviceDeps(deps), idOf(request), otherGuestId, { userId: user.id, email: user.email });
  });
  app.get('/guests/:id/profile', (request) => guestProfilePage(serviceDeps(deps), idOf(request)));
  app.put('/guests/:id/risk-objection', (request) =>
    setRiskObjection(serviceDeps(deps), idOf(request), parseInput(riskObjectionSchema, request.body).objected),
  );
  app.get('/guests/:id', (request) => service.getGuestView(db, idOf(request)));
  app.put('/guests/:id/note', (request) =>
    service.setGuestNote(serviceDeps(deps), idOf(request), parseInput(guestNoteSchema, request.body).note),
  );
  app.put('/guests/:id/tags', (request) =>
    service.setGuestTags(serviceDeps(deps), idOf(request), parseInput(guestTagsSchema, request.body)),
  );
}
