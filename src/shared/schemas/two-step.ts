// A member's own two-step codes under /api/admin/account/two-step (issue 44).
import { z } from 'zod';

export const twoStepStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** POST /account/two-step: the address the QR code holds, the seed for typing, and the QR code as an image. */
export const twoStepEnrolmentSchema = z.object({ uri: z.string(), seed: z.string(), qrCode: z.string().startsWith('data:image/svg+xml;base64,') });
export type TwoStepEnrolment = z.infer<typeof twoStepEnrolmentSchema>;

/** The ten recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
