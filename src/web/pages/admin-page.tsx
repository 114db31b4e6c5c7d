/** Placeholder: the guard, the panel and useLiveChanges come in later issues. */
export function AdminPage() {
  return (
    <main className="mx-auto min-h-dvh max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">Panel de administración</h1>
    </main>
  );
}
