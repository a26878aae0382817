/**
 * Phone numbers as people read and tap them: a stored '+14355550148' reads '435-555-0148', and a
 * number written any way people write one ('(435) 555-0199', '+1 435.555.0199') is dialled from its
 * digits ('tel:+14355550199'), ten digits being a number in the US.
 */

/** '435-555-0148' for a US number (+1 and ten digits); any other number as it is kept; '' for none. */
export function formatPhoneNumber(stored: string | null | undefined): string {
  const text = (stored ?? '').trim();
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(text.replace(/[\s().-]/g, ''));
  return us ? `${us[1]}-${us[2]}-${us[3]}` : text;
}

/** The tel: address of a number written any way people write one, or null when it has too few digits to dial. */
export function telHref(written: string | null | undefined): string | null {
  const text = (written ?? '').trim();
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (text.startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}
