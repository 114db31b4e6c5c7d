import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError, errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/lazy-toaster';

interface SaveHandlers<Values> {
  /** Called with the form's values as saved: the secrets empty again, their placeholders saying they are kept. */
  onSuccess: (values: Values) => void;
  onError: (error: unknown) => void;
}

/**
 * A channel's 'Guardar': the server's field errors under their fields, a toast either way, and the form reset to what
 * was saved.
 */
export function channelSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  saved: string,
  save: (input: Output, handlers: SaveHandlers<Values>) => void,
) {
  return form.handleSubmit((input) =>
    save(input, {
      onSuccess: (values) => {
        toast.success(saved);
        form.reset(values);
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(error instanceof ApiRequestError ? (error.fields ?? {}) : {})) {
          form.setError(field as Path<Values>, { message });
        }
        toast.error(errorMessage(error));
      },
    }),
  );
}
