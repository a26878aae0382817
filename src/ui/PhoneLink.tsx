/** A phone number a thumb can call: a tel: link, written as people read it (435-555-0148); plain text when it cannot be dialled. */
import { formatPhoneNumber, telHref } from '../lib/phone-number.ts';

export default function PhoneLink({ number, name }: { number: string; name?: string }) {
  const href = telHref(number);
  const shown = formatPhoneNumber(number);
  if (!href) return <>{shown}</>;
  return (
    <a className="phone-link" href={href} {...(name ? { 'aria-label': `Call ${name}, ${shown}` } : {})}>
      {shown}
    </a>
  );
}
