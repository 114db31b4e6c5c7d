import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';

/** What a ConfirmButton runs: a react-query mutation (its `mutate` and `isPending`). */
interface ConfirmedMutation<Variables> {
  mutate: (variables: Variables, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

interface ConfirmButtonProps<Variables> {
  /** The button's text; it opens the question, whose yes says the same unless `confirmLabel` is given. */
  label: ReactNode;
  variant?: 'outline' | 'ghost';
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: ReactNode;
  mutation: ConfirmedMutation<Variables>;
  variables: Variables;
  /** The toast once it is done; the question closes then. A failure's toast is the server's message. */
  successMessage: string;
}

/** A button for a destructive action behind a yes/no question ('Borrar', 'Revocar'): yes runs the mutation. */
export function ConfirmButton<Variables>({
  label,
  variant = 'outline',
  confirmLabel = label,
  mutation,
  variables,
  successMessage,
  ...question
}: ConfirmButtonProps<Variables>) {
  const [open, setOpen] = useState(false);
  const confirm = () =>
    mutation.mutate(variables, {
      onSuccess: () => {
        setOpen(false);
        toast.success(successMessage);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <ConfirmDialog
      {...question}
      confirmLabel={confirmLabel}
      open={open}
      onOpenChange={setOpen}
      destructive
      isPending={mutation.isPending}
      onConfirm={confirm}
      trigger={
        <Button type="button" variant={variant}>
          {label}
        </Button>
      }
    />
  );
}
