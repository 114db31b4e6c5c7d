import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { LanguageSwitcher } from '@web/features/language-switcher/language-switcher';
import { useGuestLanguage } from '@web/lib/i18n/guest-language';

export function NotFoundPage() {
  const { language, texts } = useGuestLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* In a landmark, as every part of a page is (axe 'region'). */}
      <header className="flex justify-end px-4 py-3">
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-4 pb-16 text-center">
        <h1 className="text-5xl font-bold">{texts.notFound.code}</h1>
        {/* The spec's Spanish page says it in English; the other languages say it in their own. */}
        <p lang={language === 'es' ? 'en' : undefined} className="text-xl text-muted-foreground">
          {texts.notFound.title}
        </p>
        <Button asChild>
          <Link to="/">{texts.notFound.back}</Link>
        </Button>
      </main>
    </div>
  );
}
