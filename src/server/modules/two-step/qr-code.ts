import qrcode from 'qrcode-generator';

/**
 * The QR code of an otpauth:// address as an SVG data URL for an <img> (the CSP allows data: images): drawn on the
 * server, so that the staff pages carry no QR code library. Level M, as authenticator apps' own examples use.
 */
export function qrCodeDataUrl(text: string): string {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const svg = code.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
