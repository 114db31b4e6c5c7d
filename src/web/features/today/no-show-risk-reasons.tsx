import type { NoShowRisk } from '@shared/schemas/no-show-risk';
import { noShowRiskMessages } from '@shared/staff-messages/no-show-risk';

// Why a booking may not be attended (issue 47, decision 043): a chunk of its own with its texts, loaded on the first
// tap on a risk icon, so /admin's first load carries only the icon.

const text = noShowRiskMessages;

export function NoShowRiskReasons({ risk }: { risk: NoShowRisk }) {
  return (
    <div className="rounded-md border bg-card px-3 py-2 text-sm">
      <p className="font-medium">{text.reasonsIntro}</p>
      <ul className="list-disc pl-5">
        {risk.reasons.map((reason) => (
          <li key={reason}>{text.reasons[reason]}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-muted-foreground">{text.hint}</p>
    </div>
  );
}
