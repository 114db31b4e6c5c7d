import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';

/**
 * A creation dialog's submit: the values checked with the server's own schema first (each message under its field),
 * then sent; the server's refusal lands under its fields too, and in a toast.
 */
/** What the hook needs of a TanStack mutation: one that takes what the schema made of the values. */
interface Mutation<Variables, Answer> {
  mutate(variables: Variables, options: { onSuccess: (answer: Answer) => void; onError: (error: Error) => void }): void;
}

export function useCheckedSubmit<Schema extends z.ZodType, Answer>(
  schema: Schema,
  mutation: Mutation<z.output<Schema>, Answer>,
  done: { toast: string; then: (answer: Answer) => void },
) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (values: z.input<Schema>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(done.toast);
        done.then(answer);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.fields) setErrors(error.fields);
        toast.error(errorMessage(error));
      },
    });
  };
  return { errors, submit };
}
