import { type FormEvent, useId, useState } from 'react';
import { toast } from '@web/lib/lazy-toaster';
import { formatMessage } from '@shared/messages';
import { STAFF_ROLES, type StaffRole } from '@shared/rules/permissions';
import { DISPLAY_NAME_MAX, type PendingInvitation, type TeamMember } from '@shared/schemas/team';
import { teamMessages } from '@shared/staff-messages/team';
import { QueryState } from '@web/components/query-state';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { fieldClassName, Input } from '@web/components/ui/input';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDateTime, formatLongDate } from '@web/lib/format';
import { MemberSessionsDialog } from '@web/features/devices/member-sessions-dialog';
import { useTeam, useTeamChange } from './api/team';
import { SecondFactorCard } from './second-factor-card';

const text = teamMessages;
/** A refused action has been toasted already (useTeamAction); nothing else to do. */
const toasted = () => undefined;

/** Runs a team action with its success toast, or the server's reason. */
function useTeamAction() {
  const change = useTeamChange();
  const run = (action: Parameters<typeof change.mutateAsync>[0], success: string) =>
    change.mutateAsync(action).then(
      () => toast.success(success),
      (error: unknown) => {
        toast.error(text.failed, { description: errorMessage(error) });
        throw error;
      },
    );
  return { run, isPending: change.isPending };
}

/** The 'Equipo' tab (issue 20): the owner invites staff, sets roles, deactivates accounts. */
export function TeamTab() {
  const team = useTeam();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{text.description}</p>
      <InviteCard />
      <SecondFactorCard />
      <Card>
        <CardHeader>
          <CardTitle>{text.members}</CardTitle>
        </CardHeader>
        <CardContent>
          {team.data ? (
            <ul className="divide-y">
              {team.data.members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </ul>
          ) : (
            <QueryState query={team} />
          )}
        </CardContent>
      </Card>
      {team.data && team.data.invitations.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{text.pending}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y">
              {team.data.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function RoleSelect({ id, value, onChange, label, disabled }: { id: string; value: StaffRole; onChange: (role: StaffRole) => void; label?: string; disabled?: boolean }) {
  return (
    <select
      id={id}
      aria-label={label}
      className={cn(fieldClassName, 'h-11')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as StaffRole)}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {text.roles[role]}
        </option>
      ))}
    </select>
  );
}

function InviteCard() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [role, setRole] = useState<StaffRole>('floor');
  const [error, setError] = useState<string | undefined>(undefined);
  const action = useTeamAction();
  const emailId = useId();
  const nameId = useId();
  const roleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNameError(undefined);
    action.run({ kind: 'invite', input: { email, role, name } }, text.invited).then(
      () => {
        setEmail('');
        setName('');
      },
      (failure: unknown) => {
        if (!(failure instanceof ApiRequestError)) return;
        if (failure.fields?.name) setNameError(failure.fields.name);
        else setError(failure.fields?.email ?? failure.message);
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.inviteTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-start">
          <FormField id={emailId} label={text.email} error={error} hint={text.inviteHint} className="md:flex-1">
            {(control) => <Input {...control} type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />}
          </FormField>
          <FormField id={nameId} label={text.name} error={nameError} hint={text.nameHint} className="md:flex-1">
            {(control) => <Input {...control} autoComplete="off" maxLength={DISPLAY_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={roleId} className="text-sm font-medium">
              {text.role}
            </label>
            <RoleSelect id={roleId} value={role} onChange={setRole} />
          </div>
          <Button type="submit" className="md:mt-7" disabled={action.isPending || email.trim() === ''}>
            {text.invite}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MemberRow({ member }: { member: TeamMember }) {
  const action = useTeamAction();
  const roleId = useId();
  const nameId = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={nameId} className="break-words font-medium">
          {member.name ?? member.email}
        </p>
        {member.name && <p className="break-all text-sm text-muted-foreground">{member.email}</p>}
        <p className="text-sm text-muted-foreground">
          {member.lastSignInAt ? formatMessage(text.lastSignIn, { when: formatDateTime(member.lastSignInAt) }) : text.never}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={member.active ? 'success' : 'secondary'}>{member.active ? text.active : text.inactive}</Badge>
        <RoleSelect
          id={roleId}
          label={formatMessage(text.roleOf, { email: member.email })}
          value={member.role ?? 'floor'}
          disabled={action.isPending}
          onChange={(role) => void action.run({ kind: 'role', memberId: member.id, role }, text.roleChanged).catch(toasted)}
        />
        <Button
          variant="outline"
          aria-describedby={nameId}
          disabled={action.isPending}
          onClick={() =>
            void action
              .run({ kind: member.active ? 'deactivate' : 'reactivate', memberId: member.id }, member.active ? text.deactivated : text.reactivated)
              .catch(toasted)
          }
        >
          {member.active ? text.deactivate : text.reactivate}
        </Button>
        {member.active && <MemberSessionsDialog member={member} describedBy={nameId} />}
      </div>
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const action = useTeamAction();
  const nameId = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id={nameId} className="break-all font-medium">
          {invitation.name ? `${invitation.name} · ${invitation.email}` : invitation.email} · {text.roles[invitation.role]}
        </p>
        <p className="text-sm text-muted-foreground">{formatMessage(text.expires, { date: formatLongDate(invitation.expiresAt.slice(0, 10)) })}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-describedby={nameId} disabled={action.isPending} onClick={() => void action.run({ kind: 'resend', invitationId: invitation.id }, text.resent).catch(toasted)}>
          {text.resend}
        </Button>
        <Button variant="outline" aria-describedby={nameId} disabled={action.isPending} onClick={() => void action.run({ kind: 'revoke', invitationId: invitation.id }, text.revoked).catch(toasted)}>
          {text.revoke}
        </Button>
      </div>
    </li>
  );
}
