import { isOwnerOnlySetting } from '@shared/rules/permissions';
import { staffMessages } from '@shared/staff-messages';
import { useStaffRole } from '@web/features/auth/session';

/**
 * Whether the signed-in member of staff may only read `field` (issue 41): an encargado, a setting that decides where
 * mail goes or what the privacy policy says. The server refuses the change anyway; the screen says so first.
 */
export function useOwnerOnlySetting(field: string): boolean {
  const role = useStaffRole();
  return role !== 'admin' && isOwnerOnlySetting(field);
}

/** The note beside such a setting: its id goes into the control's aria-describedby. */
export function OwnerOnlyNote({ id }: { id: string }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {staffMessages.admin.ownerOnly.note}
    </p>
  );
}
