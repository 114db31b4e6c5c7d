import type { WaitlistStatus } from '@shared/schemas/waitlist';

/** The badge colour of a waitlist status, the same for staff and for the guest. */
export const WAITLIST_STATUS_VARIANT = {
  waiting: 'info',
  offered: 'warning',
  booked: 'success',
  seated: 'success',
  removed: 'secondary',
  missed: 'danger',
  expired: 'secondary',
} as const satisfies Record<WaitlistStatus, string>;
