// What the legal documents are written from, and the blocks they are written in (simple-pdf.ts).
import type { Block } from './simple-pdf.ts';

export interface Owner {
  name: string;
  email: string;
  nif: string | undefined;
  address: string | undefined;
}

/** What the documents are written from: the owner, the retention periods and the backups (issue 24). */
export interface LegalContext {
  owner: Owner;
  /** The privacy policy's version label, shown under its title. */
  policyVersion: string;
  retention: { reservationMonths: number; cancelledMonths: number; allergenMonths: number };
  /** The nightly backup's hour (null: off) and how many are kept (config BACKUP_HOUR, BACKUP_KEEP). */
  backups: { hour: number | null; keep: number };
  /** The services switched on that hand guests' data to a provider: WhatsApp, SMS (issue 46), the card guarantee (45). */
  providers: { whatsapp: boolean; sms: boolean; cardGuarantee: boolean };
  /** Whether guests are asked to rate their visit (issue 47). */
  feedback: boolean;
}

export const title = (text: string): Block => ({ type: 'title', text });
export const subtitle = (text: string): Block => ({ type: 'subtitle', text });
export const heading = (text: string): Block => ({ type: 'heading', text });
export const p = (text: string): Block => ({ type: 'paragraph', text });
export const li = (text: string): Block => ({ type: 'bullet', text });
/** The blocks only when the condition holds: a paragraph about a service the restaurant has switched on. */
export const when = (condition: unknown, ...blocks: Block[]): Block[] => (condition ? blocks : []);

export function identification(owner: Owner): Block[] {
  return [
    li(`Titular y responsable: ${owner.name}.`),
    ...(owner.nif ? [li(`NIF/CIF: ${owner.nif}.`)] : []),
    ...(owner.address ? [li(`Domicilio: ${owner.address}.`)] : []),
    li(`Correo electrónico de contacto: ${owner.email}.`),
  ];
}
