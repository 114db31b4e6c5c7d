/*
 * Mesa's booking widget for the restaurant's own website (decision 028). The site pastes
 *   <script src="https://<Mesa>/embed.js" async></script>  <div data-mesa-reservas></div>
 * and every such element gets a frame of /reservar from the server this script came from, as tall as the form in it:
 * the page posts its height (and its title) to this window. Only messages from that server's origin are read.
 * A site Mesa does not allow (not in EMBED_ORIGINS) gets the browser's refusal in the frame: a frame that has loaded
 * but not spoken within BLOCKED_AFTER_MS is hidden behind a plain link to the booking page, which opens in a new tab;
 * should it speak after all (a very slow phone), the link goes and the frame shows again.
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
  const BLOCKED_AFTER_MS = 5000;

  const script = document.currentScript || document.querySelector('script[src$="/embed.js"]');
  if (!script || !script.src) return;
  const origin = new URL(script.src, document.baseURI).origin;
  const frames = [];
  const spoken = new WeakSet();
  const links = new WeakMap();

  /** The booking page as a link, in place of a frame the browser refused to show here. */
  function showLinkInstead(frame) {
    if (spoken.has(frame) || !frame.isConnected || links.has(frame)) return;
    const link = document.createElement('a');
    link.href = origin + FRAME_PATH;
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = DEFAULT_TITLE;
    link.setAttribute('data-mesa-reservas-link', '');
    link.style.display = 'inline-block';
    link.style.padding = '12px 20px';
    link.style.minHeight = '44px';
    link.style.boxSizing = 'border-box';
    link.style.border = '1px solid currentColor';
    link.style.borderRadius = '8px';
    link.style.fontWeight = '600';
    frame.before(link);
    frame.style.display = 'none';
    links.set(frame, link);
  }

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
      frame.addEventListener('load', () => setTimeout(() => showLinkInstead(frame), BLOCKED_AFTER_MS), { once: true });
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
    spoken.add(frame);
    if (links.has(frame)) {
      links.get(frame).remove();
      links.delete(frame);
      frame.style.display = 'block';
    }
    frame.style.height = Math.min(Math.max(Math.ceil(data.height), 0), MAX_HEIGHT) + 'px';
    if (typeof data.title === 'string' && data.title.length > 0 && data.title.length <= 200) frame.title = data.title;
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
})();
