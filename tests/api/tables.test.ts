import { describe, expect, it } from 'vitest';
import { tableMessages } from '@shared/staff-messages/tables.ts';
import { useApiSuite } from '../support/api-suite.ts';

const { app, owner: admin } = useApiSuite();

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin()) =>
  app().request({ method, url: `/api/admin${url}`, cookie, ...(payload ? { payload } : {}) });

describe('tables', () => {
  it('numbers new tables max + 1, names them Mesa {n}, places them at 50 + 20n, square, active, 4 seats', async () => {
    const first = await call('POST', '/tables', {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ tableNumber: 1, name: 'Mesa 1', seats: 4, shape: 'square', isActive: true, rotation: 0, positionX: 70, positionY: 70 });
    const second = await call('POST', '/tables', { name: 'Terraza', seats: 2, shape: 'circle' });
    expect(second.json()).toMatchObject({ tableNumber: 2, name: 'Terraza', seats: 2, shape: 'circle', positionX: 90 });
    const list = await call('GET', '/tables');
    expect(list.json().map((table: { tableNumber: number }) => table.tableNumber)).toEqual([1, 2]);
  });

  it('updates position, name, seats, shape and rotation, and refuses values out of range with Spanish messages', async () => {
    const { id } = (await call('POST', '/tables', {})).json();
    const moved = await call('PATCH', `/tables/${id}`, { positionX: 321.5, positionY: 123, rotation: 45, name: 'Ventana', seats: 8, shape: 'circle' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ positionX: 321.5, positionY: 123, rotation: 45, name: 'Ventana', seats: 8, shape: 'circle' });

    const cases: Array<[object, string | null]> = [
      [{ seats: 9 }, tableMessages.tables.seatsRange],
      [{ seats: 0 }, tableMessages.tables.seatsRange],
      [{ name: '   ' }, tableMessages.tables.nameEmpty],
      [{ rotation: 50 }, null],
      [{ rotation: 375 }, null],
      [{ positionX: -1 }, null],
      [{ shape: 'triangle' }, null],
    ];
    for (const [patch, message] of cases) {
      const response = await call('PATCH', `/tables/${id}`, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      if (message) expect(response.json().error.message).toBe(message);
    }
  });

  it('deletes a table and answers 404 for an unknown one', async () => {
    const { id } = (await call('POST', '/tables', {})).json();
    expect((await call('DELETE', `/tables/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/tables/${id}`)).statusCode).toBe(404);
  });

  it('refuses a non-admin with the spec permission message', async () => {
    const staff = await app().signIn({ roles: [] });
    const response = await call('POST', '/tables', {}, staff);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('Permisos insuficientes: Se requieren permisos de administrador');
  });
});
