import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  mondayExceptionInputSchema,
  notificationSettingsPatchSchema,
  operatingHoursPatchSchema,
  settingsPatchSchema,
  timeBlockInputSchema,
} from '@shared/schemas/settings.ts';
import { type AppDeps, serviceDeps } from '../../app-deps.ts';
import { parseInput } from '../../platform/validation.ts';
import * as settings from './admin-service.ts';

const idParamsSchema = z.object({ id: z.uuid() });
const dayParamsSchema = z.object({ day: z.coerce.number().int().min(0).max(6) });

export function registerAdminSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = serviceDeps(deps);
  app.get('/settings', () => settings.adminSettings(service));
  app.patch('/settings', (request) => settings.updateSettings(service, parseInput(settingsPatchSchema, request.body)));

  app.get('/notification-settings', () => settings.adminNotificationSettings(service));
  app.patch('/notification-settings', (request) =>
    settings.updateNotificationSettings(service, parseInput(notificationSettingsPatchSchema, request.body)),
  );

  app.get('/operating-hours', () => settings.listOperatingHours(service));
  app.patch('/operating-hours/:day', (request) =>
    settings.updateOperatingHours(
      service,
      parseInput(dayParamsSchema, request.params).day,
      parseInput(operatingHoursPatchSchema, request.body),
    ),
  );

  app.get('/monday-exceptions', () => settings.upcomingMondayExceptions(service));
  app.post('/monday-exceptions', async (request, reply) =>
    reply.status(201).send(await settings.openMonday(service, parseInput(mondayExceptionInputSchema, request.body))),
  );
  app.delete('/monday-exceptions/:id', async (request, reply) => {
    await settings.deleteMondayException(service, parseInput(idParamsSchema, request.params).id);
    return reply.status(204).send();
  });

  app.get('/time-blocks', () => settings.listTimeBlocks(service));
  app.post('/time-blocks', async (request, reply) =>
    reply.status(201).send(await settings.addTimeBlock(service, parseInput(timeBlockInputSchema, request.body))),
  );
  app.delete('/time-blocks/:id', async (request, reply) => {
    await settings.deleteTimeBlock(service, parseInput(idParamsSchema, request.params).id);
    return reply.status(204).send();
  });
}
