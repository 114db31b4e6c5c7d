// A phone as a tel: link (issue 50, item 10). The restaurant is in Spain: a number typed without a prefix is Spanish,
// so a phone abroad (a guest's, a tourist's roaming) still dials it. Written without libphonenumber-js, whose
// metadata would weigh on /admin's first load; the server's reading of a phone (messaging's readPhone) keeps it.
const SPANISH_NATIONAL = /^\d{9}$/;

/** 'tel:+34600111222' for '600 11 12 22'; an international number ('+33 …', '0033 …') keeps its own prefix. */
export function telHref(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, '');
  const digits = compact.replace(/\D/g, '');
  if (compact.startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  if (SPANISH_NATIONAL.test(digits)) return `tel:+34${digits}`;
  return `tel:${digits}`;
}
