import { useState } from 'react';
import { formatMessage } from '@shared/messages';
import { devicesMessages as text } from '@shared/staff-messages/devices';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { SessionList } from './session-list';

/** Equipo's 'Sesiones' of a member (issue 44): the owner sees where the account is signed in and ends any of it. */
export function MemberSessionsDialog({ member, describedBy }: { member: { id: string; email: string }; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const title = formatMessage(text.memberSessionsOf, { email: member.email });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-describedby={describedBy}>
          {text.memberSessions}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-all">{title}</DialogTitle>
          <DialogDescription>{text.memberDescription}</DialogDescription>
        </DialogHeader>
        {open && <SessionList of={{ kind: 'member', memberId: member.id }} empty={text.memberNoSessions} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {text.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
