import { useEffect } from 'react';

/** The message public/embed.js reads. A site may hold an embed.js an hour old (its cache): change both compatibly. */
export const FRAME_SIZE_MESSAGE = 'mesa-reservas:size';

/**
 * Inside another site's frame (public/embed.js), tells the parent how tall the page is, now and whenever that
 * changes, and what the frame should be called. Neither is secret: any parent may read them (target '*').
 */
export function useReportFrameSize(title: string): void {
  useEffect(() => {
    if (window.parent === window) return;
    const page = document.documentElement;
    const post = () =>
      window.parent.postMessage({ type: FRAME_SIZE_MESSAGE, height: Math.ceil(page.getBoundingClientRect().height), title }, '*');
    post();
    const observer = new ResizeObserver(post);
    observer.observe(page);
    return () => observer.disconnect();
  }, [title]);
}

/**
 * Every link of the page opens in a new tab (`<base target="_blank">`): inside a frame, a PDF or the reservation's
 * own page followed in place would be squeezed into the frame.
 */
export function useLinksInNewTab(): void {
  useEffect(() => {
    const base = document.createElement('base');
    base.target = '_blank';
    document.head.append(base);
    return () => base.remove();
  }, []);
}

/**
 * Goes to the payment provider's page (issue 45): in place, or in a new tab inside another site's frame, where the
 * provider's page refuses to be framed.
 */
export function leaveForCardGuarantee(checkoutUrl: string): void {
  if (window.parent === window) window.location.assign(checkoutUrl);
  else window.open(checkoutUrl, '_blank', 'noopener');
}
