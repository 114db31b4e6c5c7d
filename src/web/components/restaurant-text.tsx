import { useGuestTexts } from '@web/lib/i18n/use-guest-texts';

interface RestaurantTextProps {
  text: string;
  /** The restaurant wrote it in Spanish only: shown as written, marked Spanish, with a note in the guest's language. */
  inSpanish: boolean;
  className?: string;
}

/** The restaurant's own words (its welcome, its cancellation policy) on a guest page (issue 50, item 6). */
export function RestaurantText({ text, inSpanish, className }: RestaurantTextProps) {
  const { texts } = useGuestTexts();
  if (!inSpanish) return <p className={className}>{text}</p>;
  return (
    <>
      <p lang="es" className={className}>
        {text}
      </p>
      <p className="text-sm text-muted-foreground">{texts.common.writtenInSpanish}</p>
    </>
  );
}
