// A chunk that fails to load (decision 033): most often the server is restarting, and the page stays as it is (the
// import's caller shows its own message); or a new version was deployed, the page's chunks are gone, and it reloads
// itself, once per build, when the server says it serves another one. Never while the server cannot be reached.
import { BUILD_ID_META, BUILD_ID_PATH } from '@shared/routes';

/** The build the page reloaded for last: a page that still fails after it does not reload again (no loop). */
const RELOADED_FOR = 'mesa.reloaded-for';
const beforeReload = new Set<() => void>();
let asking = false;

/** `save` runs just before such a reload (the booking form keeps its values through it); returns its removal. */
export function onChunkReload(save: () => void): () => void {
  beforeReload.add(save);
  return () => beforeReload.delete(save);
}

async function reloadIfRedeployed(): Promise<void> {
  const own = document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_ID_META}"]`)?.content;
  if (asking || !own) return;
  asking = true;
  try {
    const { build } = (await (await fetch(BUILD_ID_PATH, { cache: 'no-store' })).json()) as { build?: string };
    if (!build || build === own || sessionStorage.getItem(RELOADED_FOR) === build) return;
    sessionStorage.setItem(RELOADED_FOR, build);
    for (const save of beforeReload) save();
    location.reload();
  } catch {
    // Unreachable, or no storage to guard the reload with: the page stays.
  } finally {
    asking = false;
  }
}

/** Vite's loader reports each dynamic import that fails, whichever module made it. */
export function watchChunkFailures(): void {
  addEventListener('vite:preloadError', () => void reloadIfRedeployed());
}
