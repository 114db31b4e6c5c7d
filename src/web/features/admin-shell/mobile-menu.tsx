import { useState } from 'react';
import { Menu } from 'lucide-react';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { cn } from '@web/lib/cn';
import type { AdminTab } from './admin-tabs';

const text = staffMessages.admin.header;

/** Below md the tab bar gives way to this side sheet (a Radix dialog: focus trapped, Escape closes). */
export function MobileMenu({
  tabs,
  value,
  onSelect,
  className,
}: {
  tabs: readonly AdminTab[];
  value: string;
  onSelect: (value: string) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={text.openMenu}
          className={cn('-ml-2 hover:bg-brand-foreground/15', className)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </DialogTrigger>
      <DialogContent
        aria-describedby={undefined}
        className="left-0 top-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-l-0"
      >
        <DialogTitle>{text.menu}</DialogTitle>
        <nav aria-label={text.sections}>
          <ul className="flex flex-col gap-1">
            {tabs.map((tab) => {
              const current = tab.value === value;
              return (
                <li key={tab.value}>
                  <Button
                    variant={current ? 'secondary' : 'ghost'}
                    className="h-11 w-full justify-start text-base"
                    aria-current={current ? 'page' : undefined}
                    onClick={() => {
                      onSelect(tab.value);
                      setOpen(false);
                    }}
                  >
                    {tab.label}
                  </Button>
                </li>
              );
            })}
          </ul>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
