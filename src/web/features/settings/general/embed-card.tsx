import { useId, useRef } from 'react';
import { settingsMessages } from '@shared/staff-messages/settings';
import type { EmbedInfo } from '@shared/schemas/settings';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useEmbedInfo } from '../api/get-embed-info';
import { copy } from '../fields/copy-field';
import { EmbedOriginsField } from './embed-origins-field';

const text = settingsMessages.general;

/** The snippet a restaurant pastes into its own site: public/embed.js fills the element with the widget's frame. */
const embedSnippet = (scriptUrl: string) =>
  `<script src="${scriptUrl}" async></script>\n<div data-mesa-reservas></div>`;

/** Configuración › General: the booking widget's code for the restaurant's website and the link for Google (decision 028). */
export function EmbedCard() {
  const query = useEmbedInfo();
  return (
    <Card id="widget-reservas">
      <CardHeader>
        <CardTitle>{text.embedTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        {query.data ? <EmbedFields info={query.data} /> : <QueryState query={query} />}
      </CardContent>
    </Card>
  );
}

function EmbedFields({ info }: { info: EmbedInfo }) {
  const codeId = useId();
  const linkId = useId();
  const code = useRef<HTMLTextAreaElement>(null);
  const link = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="grid min-w-0 gap-2">
        <p className="mb-2 text-sm text-muted-foreground">{text.embedIntro}</p>
        <Label htmlFor={codeId}>{text.embedCode}</Label>
        <Textarea
          id={codeId}
          ref={code}
          readOnly
          rows={2}
          wrap="off"
          spellCheck={false}
          value={embedSnippet(info.scriptUrl)}
          aria-describedby={`${codeId}-origins`}
          className="min-h-0 font-mono text-xs"
        />
        <Button variant="outline" className="justify-self-start" onClick={() => void copy(code.current, text.embedCodeCopied)}>
          {text.embedCopyCode}
        </Button>
        <EmbedOriginsField info={info} id={`${codeId}-origins`} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={linkId}>{text.bookingLink}</Label>
        <Input
          id={linkId}
          ref={link}
          readOnly
          value={info.bookingUrl}
          spellCheck={false}
          aria-describedby={`${linkId}-hint`}
          className="font-mono text-sm"
        />
        <p id={`${linkId}-hint`} className="text-sm text-muted-foreground">
          {text.bookingLinkHint}
        </p>
        <Button variant="outline" className="justify-self-start" onClick={() => void copy(link.current, text.bookingLinkCopied)}>
          {text.bookingLinkCopy}
        </Button>
      </div>
    </>
  );
}
