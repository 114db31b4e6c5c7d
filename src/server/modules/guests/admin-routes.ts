import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { guestNoteSchema, guestTagsSchema } from '@shared/schemas/guest.ts';
import { guestListQuerySchema, guestMergeSchema } from '@shared/schemas/guest-profile.ts';
import { riskObjectionSchema } from '@shared/schemas/guest-profile-page.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import { mergeGuests } from './merge-service.ts';
import { guestProfilePage, setRiskObjection } from './profile-page-service.ts';
import { guestDuplicates, guestList } from './profile-service.ts';
import * as service from './service.ts';

const idParamsSchema = z.object({ id: z.uuid() });

/** Under /api/admin: the 'Clientes' list and a guest's profile page (issue 47), and the guest dialog of the reservation cards. */
export function registerGuestRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/guests', (request) => guestList(serviceDeps(deps), parseInput(guestListQuerySchema, request.query)));
  app.get('/guests/:id/duplicates', (request) => guestDuplicates(serviceDeps(deps), parseInput(idParamsSchema, request.params).id));
  app.post('/guests/:id/merge', (request) => {
    const { otherGuestId } = parseInput(guestMergeSchema, request.body);
    const user = request.sessionUser!;
    return mergeGuests(serviceDeps(deps), parseInput(idParamsSchema, request.params).id, otherGuestId, { userId: user.id, email: user.email });
  });
  app.get('/guests/:id/profile', (request) => guestProfilePage(serviceDeps(deps), parseInput(idParamsSchema, request.params).id));
  app.put('/guests/:id/risk-objection', (request) =>
    setRiskObjection(serviceDeps(deps), parseInput(idParamsSchema, request.params).id, parseInput(riskObjectionSchema, request.body).objected),
  );
  app.get('/guests/:id', (request) => service.getGuestView(db, parseInput(idParamsSchema, request.params).id));
  app.put('/guests/:id/note', (request) =>
    service.setGuestNote(serviceDeps(deps), parseInput(idParamsSchema, request.params).id, parseInput(guestNoteSchema, request.body).note),
  );
  app.put('/guests/:id/tags', (request) =>
    service.setGuestTags(serviceDeps(deps), parseInput(idParamsSchema, request.params).id, parseInput(guestTagsSchema, request.body)),
  );
}
