import { messages } from '@shared/messages';

/** Placeholder: the login form comes in a later issue. */
export function AuthPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-4">
      <h1 className="text-2xl font-bold">{messages.login.title}</h1>
    </main>
  );
}
