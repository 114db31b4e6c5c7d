import { createHash } from 'node:crypto';

/** What is stored of a link's token (password reset, team invitation): its SHA-256, so a copy of the table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
