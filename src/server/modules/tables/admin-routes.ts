import type { FastifyInstance } from 'fastify';
import {
  newCombinationSchema,
  newTableSchema,
  newZoneSchema,
  seatingQuerySchema,
  tableStatesQuerySchema,
  tablePatchSchema,
  zonePatchSchema,
} from '@shared/schemas/table.ts';
import type { AppDeps } from '../../app-deps.ts';
import { idOf, parseInput } from '../../platform/validation.ts';
import { tableStates } from '../capacity/service.ts';
import * as seating from './seating-service.ts';
import * as service from './service.ts';
import * as combinations from './combinations-service.ts';
import * as zones from './zones-service.ts';

/** The floor's tables and, for the map (issue 7), the day's reservations and their tables (seating is the reservations module's). */
export function registerTableRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  app.get('/tables', () => service.listTables(db));
  app.post('/tables', async (request, reply) =>
    reply.status(201).send(await service.addTable(db, parseInput(newTableSchema, request.body))),
  );
  app.patch('/tables/:id', (request) =>
    service.updateTable(db, idOf(request), parseInput(tablePatchSchema, request.body)),
  );
  app.delete('/tables/:id', async (request, reply) => {
    await service.deleteTable(db, idOf(request));
    return reply.status(204).send();
  });
  app.get('/zones', () => zones.listZones(db));
  app.post('/zones', async (request, reply) => reply.status(201).send(await zones.addZone(db, parseInput(newZoneSchema, request.body))));
  app.patch('/zones/:id', (request) =>
    zones.updateZone(db, idOf(request), parseInput(zonePatchSchema, request.body)),
  );
  app.delete('/zones/:id', async (request, reply) => {
    await zones.deleteZone(db, idOf(request));
    return reply.status(204).send();
  });
  app.get('/table-combinations', () => combinations.listCombinations(db));
  app.post('/table-combinations', async (request, reply) =>
    reply.status(201).send(await combinations.addCombination(db, parseInput(newCombinationSchema, request.body))),
  );
  app.delete('/table-combinations/:id', async (request, reply) => {
    await combinations.deleteCombination(db, idOf(request));
    return reply.status(204).send();
  });
  app.get('/seating', (request) => seating.seatingDay(db, parseInput(seatingQuerySchema, request.query).date));
  // 'Cambiar mesa' and the manual booking's table choice (issue 52, item 3): each table's state for that time.
  app.get('/table-states', async (request) => {
    const query = parseInput(tableStatesQuerySchema, request.query);
    return tableStates(db, { date: query.date, time: query.time, party: query.people, reservationId: query.reservationId });
  });
  app.get('/reservation-tables', (request) =>
    seating.reservationTablesOn(db, parseInput(seatingQuerySchema, request.query).date),
  );
}
