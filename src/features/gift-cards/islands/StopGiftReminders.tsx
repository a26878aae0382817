/**
 * /gift-cards/reminders: the link in a reminder before a season brings the card's code (in the
 * address's fragment, never sent to a server), and one button stops the reminders of that card.
 * Nothing is stopped by opening the link alone, so a mail scanner that follows it changes nothing.
 */
import { useState } from 'react';
import { shownError } from '../../../lib/api/api-error.ts';
import { publicApi } from '../../../lib/api/client.ts';
import CodeForm from '../../../ui/CodeForm.tsx';
import { useHashParam } from '../../../ui/hooks/use-search-param.ts';
import { GIFT_CODE_FIELD } from '../gift-code-field.ts';
import '../../../styles/gift-cards.css';

type Stopping = { status: 'idle' | 'stopping' | 'stopped' } | { status: 'failed'; message: string };

export const REMINDERS_STOPPED = 'Done: this card gets no more reminders. What is left on it stays there, and it never expires.';

export default function StopGiftReminders() {
  const linked = useHashParam('code');
  const [stopping, setStopping] = useState<Stopping>({ status: 'idle' });

  const stop = async (code: string) => {
    setStopping({ status: 'stopping' });
    try {
      await publicApi.stopGiftCardReminders({ body: { code } });
      setStopping({ status: 'stopped' });
      return false;
    } catch (error) {
      setStopping({ status: 'failed', message: shownError(error, 'The reminders could not be stopped. Please try again.') });
      return false;
    }
  };

  return (
    <div className="gift-balance">
      <CodeForm
        key={linked ?? 'typed'}
        initial={linked ?? ''}
        id="gift-reminders-code"
        action="/gift-cards/reminders"
        {...GIFT_CODE_FIELD}
        button="Stop reminders"
        busy={stopping.status === 'stopping'}
        error={stopping.status === 'failed' ? stopping.message : null}
        status={stopping.status === 'stopping' ? 'Stopping the reminders...' : stopping.status === 'stopped' ? REMINDERS_STOPPED : ''}
        use={stop}
      />
    </div>
  );
}
