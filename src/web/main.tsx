// First: the page's style nonce for the dialogs' scroll lock (see the file).
import './lib/style-nonce';
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

// The app comes through a dynamic import, once the guest's texts are ready (and, below, once a first screen the server
// sent is painted).
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
