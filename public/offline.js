/* The offline page (shown in place of /admin) reloads itself when the network returns; a file because the CSP forbids inline scripts. */
const RETRY_MS = 5000;

window.addEventListener('online', () => window.location.reload());

// Shown while the browser believes it is online: the server (or the way to it) is down, and no 'online' event will
// come. Try again now and then; each failed try lands here again.
if (navigator.onLine) window.setTimeout(() => window.location.reload(), RETRY_MS);
