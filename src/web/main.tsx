// First, and before anything of the app is even loaded: it must run before sonner's module body and
// before any zod parse (see the file).
import './lib/csp-compat';
import './styles.css';
import { isStaffPath } from '@shared/routes';
import { watchChunkFailures } from './lib/chunk-reload';
import { initialGuestLanguage, setGuestLanguage } from './lib/i18n/guest-language';
import { applyServerStyles } from './lib/server-page';

applyServerStyles();
watchChunkFailures();

// A guest page's language (issue 26): its texts load before the app renders, so that it never shows in Spanish for a
// moment (a page the server rendered, in Spanish, hydrates as such and re-renders at once: guest-language.ts).
const languageReady = isStaffPath(location.pathname)
  ? Promise.resolve()
  : setGuestLanguage(initialGuestLanguage()).catch(() => undefined);

// The app comes through a dynamic import so that no chunking can run it ahead of csp-compat. With static
// imports, code shared by the entry and the lazy routes (sonner among it, as soon as a lazy page shows a
// toast) goes into a common chunk that the entry imports, and imported chunks are evaluated first.
const startApp = () => void languageReady.then(() => import('./app'));

// When the server sent a first screen (the landing page's, decision 010; /admin's, decision 024, or its spinner), let
// the browser paint it before the app's JavaScript runs: on a fast connection the scripts would otherwise arrive and
// run first, and the person would wait for React instead of seeing the page. A frame, or 100 ms where frames do not
// come (a hidden tab).
if (document.getElementById('root')?.hasChildNodes()) {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp();
  };
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  setTimeout(startOnce, 100);
} else {
  startApp();
}
