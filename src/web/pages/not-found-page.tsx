import { Link } from 'react-router';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-5xl font-bold">{messages.notFound.code}</h1>
      <p lang="en" className="text-xl text-muted-foreground">
        {messages.notFound.title}
      </p>
      <Button asChild>
        <Link to="/">{messages.notFound.back}</Link>
      </Button>
    </main>
  );
}
