import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLY_PAYLOADS, replyMeaning } from './guest-replies.ts';

const text = (value: string) => replyMeaning({ kind: 'text', text: value });

describe('replyMeaning', () => {
  it("reads the reminder's buttons by their payloads, not their labels", () => {
    expect(replyMeaning({ kind: 'button', payload: REPLY_PAYLOADS.confirm })).toBe('confirm');
    expect(replyMeaning({ kind: 'button', payload: REPLY_PAYLOADS.cancel })).toBe('cancel');
    expect(replyMeaning({ kind: 'button', payload: 'No puedo ir' })).toBe('message');
  });

  it("reads the SMS answers '1' and '9', however they are typed", () => {
    expect(text('1')).toBe('confirm');
    expect(text(' 1. ')).toBe('confirm');
    expect(text('9')).toBe('cancel');
    expect(text('9!')).toBe('cancel');
  });

  it('confirms on a plain yes in the six languages, accents and case aside', () => {
    for (const yes of ['Sí', 'si', 'SÍ 👍', 'Confirmo', 'confirmado.', 'Vale', 'OK', 'yes', 'Oui', 'ja', 'sim']) expect(text(yes)).toBe('confirm');
  });

  it("ends the consent on 'BAJA' or 'STOP'", () => {
    for (const stop of ['BAJA', 'baja', 'Stop', 'STOP.', 'darme de baja']) expect(text(stop)).toBe('stop');
  });

  it('leaves everything else to staff: no word in a sentence cancels or confirms', () => {
    for (const message of ['No puedo ir', '9 personas', 'Llegaremos a las 9', 'sí, pero seremos 5', '19', 'no', 'cancelar', 'Somos 1 más', '']) {
      expect(text(message)).toBe('message');
    }
  });

  it('answers any text, however long or strange, with one of the four meanings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (value) => {
        expect(['confirm', 'cancel', 'stop', 'message']).toContain(text(value));
      }),
    );
    expect(text(`9${' '.repeat(100)}`)).toBe('message');
  });
});
