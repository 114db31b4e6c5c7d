import type { FastifyInstance, FastifyReply } from 'fastify';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { emlDirectory } from '../../platform/eml-files.ts';
import { privateLinkRoutes } from '../../platform/private-link-routes.ts';
import type { ServiceDeps } from '../../platform/service-deps.ts';
import { confirmErasure, emailErasureLink, emailGuestExport, erasureLinkView } from './service.ts';

/** The answer of both requests from the reservation's link: 'Descargar mis datos' and 'Borrar mis datos'. */
const EMAIL_SENT_RESPONSES = { 202: { description: "Sent to the reservation's email address." } };

/**
 * The guest's data requests (issue 24): from the reservation's private link (/guest-reservations/:token/…), and the
 * erasure's confirmation link (/data-erasure/:token). Each token is the only credential.
 */
export function registerGuestDataRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  // The reservation's own routes keep /guest-reservations/ private.
  const link = privateLinkRoutes(app, deps.rateLimits, {
    tag: 'Guest data',
    privatePrefix: '/api/public/data-erasure/',
    limits: { reads: 'guest-data-reads', writes: 'guest-data-requests' },
  });

  /** A request that emails the guest (EMAIL_SENT_RESPONSES): 202 once `send` has queued the email. */
  const emailTheGuest = (send: (deps: ServiceDeps, token: string) => Promise<void>) => async (token: string, _input: unknown, reply: FastifyReply) => {
    await send(service, token);
    return reply.status(202).send({ sent: true });
  };

  link.write(
    {
      url: '/guest-reservations/:token/data-export',
      summary: "Email the guest a copy of their data",
      responses: EMAIL_SENT_RESPONSES,
    },
    emailTheGuest(emailGuestExport),
  );
  link.write(
    {
      url: '/guest-reservations/:token/data-erasure',
      summary: 'Email the guest a link to erase their data',
      description: 'Nothing is erased until the emailed link is confirmed (`POST /api/public/data-erasure/{token}`).',
      responses: EMAIL_SENT_RESPONSES,
    },
    emailTheGuest(emailErasureLink),
  );
  link.read(
    {
      url: '/data-erasure/:token',
      summary: 'What confirming an erasure link will do',
      responses: { 200: { description: 'The restaurant, the coming bookings it cancels, and when the link expires.' } },
    },
    (token) => erasureLinkView(service, token),
  );
  link.write(
    {
      url: '/data-erasure/:token',
      summary: "Confirm an erasure link: erase the guest's data",
      responses: { 200: { description: 'Erased; the link is used up.' } },
    },
    (token) => confirmErasure(service, token, emlDirectory(deps.config.dataDir)),
  );
}
