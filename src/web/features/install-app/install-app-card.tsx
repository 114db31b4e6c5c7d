import { useEffect, useId, useState } from 'react';
import { Download } from 'lucide-react';
import { staffMessages } from '@shared/staff-messages';
import { Button } from '@web/components/ui/button';
import { isInstallPromptDismissed, rememberInstallPromptDismissed } from './install-prompt-storage';

const text = staffMessages.admin.installApp;

/** Chromium's install offer; not in the DOM typings because it is not a standard. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/**
 * The install-app card of spec point 2, bottom-left: shown when the browser offers installation, hidden for
 * INSTALL_PROMPT_DISMISS_DAYS after 'Ahora no'.
 */
export function InstallAppCard() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const onBeforeInstallPrompt = (event: Event) => {
      if (isInstallPromptDismissed()) return;
      // Keep the offer for our own button instead of the browser's mini-infobar.
      event.preventDefault();
      setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstallEvent(null);
    window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!installEvent) return null;

  const dismiss = () => {
    rememberInstallPromptDismissed();
    setInstallEvent(null);
  };

  const install = async () => {
    // An event can prompt only once: the card goes whatever the answer.
    setInstallEvent(null);
    try {
      await installEvent.prompt();
      const { outcome } = await installEvent.userChoice;
      if (outcome === 'dismissed') rememberInstallPromptDismissed();
    } catch {
      // The browser withdrew the offer; it will fire beforeinstallprompt again if it renews it.
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="fixed bottom-4 left-4 z-40 w-[calc(100%-2rem)] max-w-sm rounded-lg border bg-card p-4 text-foreground shadow-lg"
    >
      <div className="flex items-start gap-3">
        <Download aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <div className="flex min-w-0 flex-col gap-3">
          <div>
            <h2 id={titleId} className="font-semibold leading-tight">
              {text.title}
            </h2>
            <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
              {text.description}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void install()}>
              {text.install}
            </Button>
            <Button size="sm" variant="outline" onClick={dismiss}>
              {text.dismiss}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
