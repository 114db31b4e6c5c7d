import { describe, expect, it } from 'vitest';
import { reservationWebhookEvents } from './webhook-events.ts';

describe('reservationWebhookEvents', () => {
  it('names a creation, whatever the fields', () => {
    expect(reservationWebhookEvents('created', { status: [null, 'confirmed'], customerName: [null, 'Lucía'] })).toEqual(['reservation.created']);
  });

  it('names the statuses and arrivals that are events', () => {
    expect(reservationWebhookEvents('status', { status: ['pending', 'confirmed'] })).toEqual(['reservation.confirmed']);
    expect(reservationWebhookEvents('status', { status: ['confirmed', 'cancelled'], cancellationReason: [null, 'Lluvia'] })).toEqual(['reservation.cancelled']);
    expect(reservationWebhookEvents('status', { status: ['confirmed', 'completed'] })).toEqual(['reservation.completed']);
    expect(reservationWebhookEvents('arrival', { arrivalStatus: ['pending', 'arrived'] })).toEqual(['reservation.seated']);
    expect(reservationWebhookEvents('arrival', { arrivalStatus: ['pending', 'no_show'] })).toEqual(['reservation.no_show']);
  });

  it('calls any other change a change: an edit, a bill, a late arrival, a status taken back', () => {
    expect(reservationWebhookEvents('edited', { reservationTime: ['14:00', '15:00'], numberOfPeople: [2, 3] })).toEqual(['reservation.changed']);
    expect(reservationWebhookEvents('edited', { billCents: [null, 4550] })).toEqual(['reservation.changed']);
    expect(reservationWebhookEvents('arrival', { arrivalStatus: ['pending', 'delayed'] })).toEqual(['reservation.changed']);
    expect(reservationWebhookEvents('undone', { status: ['cancelled', 'pending'] })).toEqual(['reservation.changed']);
    expect(reservationWebhookEvents('undone', { status: ['pending', 'confirmed'] })).toEqual(['reservation.confirmed']);
  });

  it('gives each event once when one line holds several, and none for a line without a change', () => {
    expect(reservationWebhookEvents('status', { status: ['confirmed', 'completed'], arrivalStatus: ['pending', 'arrived'], adminNotes: [null, 'Mesa 4'] })).toEqual([
      'reservation.completed',
      'reservation.seated',
      'reservation.changed',
    ]);
    expect(reservationWebhookEvents('edited', {})).toEqual([]);
  });
});
