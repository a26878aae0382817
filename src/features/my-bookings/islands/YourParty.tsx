/**
 * A booking card's `Your party` (issue 10): one row per paid seat. A member's row shows their name
 * and whether their safety survey is done and their waiver signed, in words; a friend who signed in
 * from the invite link and has not finished joining reads `Joining`; a seat nobody has claimed reads
 * `Open spot` and points to the card's invite link. While the party loads, a row is
 * held for each paid seat, so the card does not grow under the reader.
 */
import { useId } from 'react';
import type { PartyMember } from '../../../../shared/contract/answers.ts';
import { JOINING, OPEN_SPOT, partyRows, SURVEY_LABELS, WAIVER_LABELS } from '../../../../shared/rules/party.ts';
import type { PartyState } from './use-party.ts';

export const PARTY_FAILED = 'Your party could not be loaded.';

interface Props {
  /** The party as loaded by the card, and how to load it again. */
  state: PartyState;
  retry: () => void;
  /** Rows to hold while loading: one per paid seat. */
  expectedRows: number;
  /** The id of the card's invite link field, when the card shows one. */
  inviteFieldId: string | null;
}

function MemberRow({ member }: { member: PartyMember }) {
  return (
    <li className="party-row">
      <span className="party-name">
        {member.name}
        {member.you && <span className="party-you"> (you)</span>}
      </span>
      <span className="party-states">
        <span className={`party-state party-state-${member.survey}`}>{SURVEY_LABELS[member.survey]}</span>
        <span className={`party-state party-state-${member.waiver}`}>{WAIVER_LABELS[member.waiver]}</span>
      </span>
    </li>
  );
}

/** A friend who signed in from the invite link and has not finished the steps that join them. */
function JoiningRow({ name }: { name: string }) {
  return (
    <li className="party-row party-joining">
      <span className="party-name">{name}</span>
      <span className="party-states">
        <span className="party-state party-state-joining">{JOINING}</span>
      </span>
    </li>
  );
}

function OpenRow({ inviteFieldId }: { inviteFieldId: string | null }) {
  return (
    <li className="party-row party-open">
      <span className="party-name">{OPEN_SPOT}</span>
      {inviteFieldId && (
        <a
          className="party-invite-pointer"
          href={`#${inviteFieldId}`}
          onClick={(event) => {
            const field = document.getElementById(inviteFieldId);
            if (!(field instanceof HTMLInputElement)) return;
            event.preventDefault();
            field.focus();
            field.select();
          }}
        >
          Share the invite link
        </a>
      )}
    </li>
  );
}

export default function YourParty({ state, retry, expectedRows, inviteFieldId }: Props) {
  const id = useId();

  return (
    <section className="booking-party" aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading'}>
      <h4 id={`${id}-title`}>Your party</h4>
      {state.status === 'loading' && (
        <>
          <p className="visually-hidden">Loading your party</p>
          <ul className="party-list" aria-hidden="true">
            {Array.from({ length: Math.max(1, expectedRows) }, (_, index) => (
              <li key={index} className="party-row party-placeholder" />
            ))}
          </ul>
        </>
      )}
      {state.status === 'failed' && (
        <div className="party-error">
          <p className="form-error" role="alert">
            {PARTY_FAILED}
          </p>
          <button type="button" className="button secondary" onClick={retry}>
            Try again<span className="visually-hidden">: load your party</span>
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <ul className="party-list">
          {partyRows(state.party).map((row, index) =>
            row.kind === 'member' ? (
              <MemberRow key={index} member={row.member} />
            ) : row.kind === 'joining' ? (
              <JoiningRow key={index} name={row.name} />
            ) : (
              <OpenRow key={index} inviteFieldId={inviteFieldId} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
