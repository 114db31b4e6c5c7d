import type { FastifyInstance } from 'fastify';
import { publicReservationSchema } from '@shared/schemas/reservation.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { hitOrRefuse } from '../../platform/rate-limit.ts';
import { parseInput } from '../../platform/validation.ts';
import { createPublicReservation } from './public-service.ts';

/** Generous for a family booking several days, tight for a script. */
const REQUESTS_PER_IP = 30;
const WINDOW_MS = 10 * 60_000;

export function registerPublicReservationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limiter = deps.rateLimits.define('public-reservations', REQUESTS_PER_IP, WINDOW_MS);

  app.post('/reservations', async (request, reply) => {
    await hitOrRefuse(limiter, request);
    const input = parseInput(publicReservationSchema, request.body);
    const { reservation, created } = await createPublicReservation(serviceDeps(deps), input);
    return reply.status(created ? 201 : 200).send(reservation);
  });
}
