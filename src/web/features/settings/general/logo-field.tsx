import { useId, useState, type ChangeEvent } from 'react';
import { ImageOff, Trash2 } from 'lucide-react';
import { toast } from '@web/lib/lazy-toaster';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@shared/limits';
import { settingsMessages } from '@shared/staff-messages/settings';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/ui/form-field';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api';
import { useRemoveLogo } from '../api/remove-logo';
import { useUploadLogo } from '../api/upload-logo';

const text = settingsMessages.general;
const validation = settingsMessages.validation;

/** The browser's own check, so that a wrong file is refused before it travels; the server checks again. */
function logoProblem(file: File): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) return validation.logoType;
  if (file.size > LOGO_MAX_BYTES) return validation.logoTooLarge;
  return null;
}

/** The current logo with 'Subir logotipo' and 'Quitar logotipo'. */
export function LogoField({ logoUrl }: { logoUrl: string | null }) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    input.value = '';
    if (!file) return;
    const refused = logoProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: () => toast.success(text.logoSaved),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };
  const clear = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success(text.logoRemoved),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1.5 text-sm font-medium">{text.logo}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
          {logoUrl ? (
            <img src={logoUrl} alt={text.logoAlt} className="size-full object-contain" />
          ) : (
            <ImageOff aria-hidden="true" className="size-6 text-muted-foreground" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {!logoUrl && <p className="text-sm text-muted-foreground">{text.logoNone}</p>}
          <FormField id={inputId} label={text.logoUpload} hint={text.logoHint} error={problem ?? undefined} alertError>
            {(control) => (
              <Input
                {...control}
                type="file"
                accept={LOGO_CONTENT_TYPES.join(',')}
                onChange={choose}
                disabled={busy}
                className="h-auto cursor-pointer py-1.5"
              />
            )}
          </FormField>
          {upload.isPending && <Spinner label={text.logoUploading} className="text-muted-foreground" />}
        </div>
      </div>
      {logoUrl && (
        <div>
          <Button variant="outline" size="sm" onClick={clear} disabled={busy}>
            <Trash2 aria-hidden="true" />
            {text.logoRemove}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
