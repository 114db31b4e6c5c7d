import { useId, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { NoShowRisk } from '@shared/schemas/no-show-risk';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk';
import { Button } from '@web/components/ui/button';

// The no-show risk's icon and reasons (issue 47, decision 043): a chunk of its own with its texts, loaded when a list
// first shows a 'media' or 'alta' booking, so /admin's first load carries none of it.

const text = noShowRiskMessages;

/** An icon named 'Riesgo de no presentarse: alta' whose reasons open below it (a disclosure: a tap, Enter or Space). */
export function NoShowRiskToggle({ risk }: { risk: NoShowRisk }) {
  const [open, setOpen] = useState(false);
  const reasonsId = useId();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={text.names[risk.level]}
        aria-expanded={open}
        aria-controls={reasonsId}
        onClick={() => setOpen(!open)}
        className={`[&_svg]:size-5 ${risk.level === 'alta' ? 'text-red-700' : 'text-amber-700'}`}
      >
        <ShieldAlert aria-hidden="true" />
      </Button>
      <div id={reasonsId} hidden={!open} className="order-last basis-full rounded-md border bg-card px-3 py-2 text-sm">
        <p className="font-medium">{text.reasonsIntro}</p>
        <ul className="list-disc pl-5">
          {risk.reasons.map((reason) => (
            <li key={reason}>{text.reasons[reason]}</li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-muted-foreground">{text.hint}</p>
      </div>
    </>
  );
}
