/*
 * Mesa's booking widget for the restaurant's own website (decision 028). The site pastes
 *   <script src="https://<Mesa>/embed.js" async></script>  <div data-mesa-reservas></div>
 * and every such element gets a frame of /reservar from the server this script came from, as tall as the form in it:
 * the page posts its height (and its title) to this window. Only messages from that server's origin are read.
 * Plain script, no eval, no inline styles in markup: it runs on any site, with or without a CSP.
 */
(() => {
  const FRAME_PATH = '/reservar';
  const MESSAGE_TYPE = 'mesa-reservas:size';
  // The page names the restaurant in its first message; this stands for it until then (outside the message
  // catalogue, like offline.html: a static file).
  const DEFAULT_TITLE = 'Reservar mesa';
  const INITIAL_HEIGHT = 640;
  const MAX_HEIGHT = 20000;

  const script = document.currentScript || document.querySelector('script[src$="/embed.js"]');
  if (!script || !script.src) return;
  const origin = new URL(script.src, document.baseURI).origin;
  const frames = [];

  function mount() {
    for (const slot of document.querySelectorAll('[data-mesa-reservas]')) {
      if (slot.querySelector('iframe[data-mesa-reservas-frame]')) continue;
      const frame = document.createElement('iframe');
      frame.src = origin + FRAME_PATH;
      frame.title = DEFAULT_TITLE;
      frame.loading = 'lazy';
      frame.setAttribute('data-mesa-reservas-frame', '');
      frame.style.display = 'block';
      frame.style.width = '100%';
      frame.style.border = '0';
      frame.style.height = INITIAL_HEIGHT + 'px';
      slot.appendChild(frame);
      frames.push(frame);
    }
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (!data || data.type !== MESSAGE_TYPE || typeof data.height !== 'number' || !Number.isFinite(data.height)) return;
    const frame = frames.find((candidate) => candidate.contentWindow === event.source);
    if (!frame) return;
    frame.style.height = Math.min(Math.max(Math.ceil(data.height), 0), MAX_HEIGHT) + 'px';
    if (typeof data.title === 'string' && data.title.length > 0 && data.title.length <= 200) frame.title = data.title;
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
