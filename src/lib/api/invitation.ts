/**
 * What an invite link is for (GET /calendar/invite/{code}), read at checkout's first step before
 * anything else of the API client loads: the answer is checked here by a few lines of its own, as the
 * catalog's is (./catalog.ts).
 */
import type { Invitation } from '../../../shared/rules/party.ts';
import { UnreadableAnswer } from './api-error.ts';

export function readInvitation(answer: unknown): Invitation {
  const fields = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const { title, startsAt, invitedBy, spotsLeft } = fields;
  if (typeof title !== 'string') throw new UnreadableAnswer('the invite', 'title');
  if (typeof startsAt !== 'string' || Number.isNaN(Date.parse(startsAt))) throw new UnreadableAnswer('the invite', 'startsAt');
  if (invitedBy !== null && typeof invitedBy !== 'string') throw new UnreadableAnswer('the invite', 'invitedBy');
  if (typeof spotsLeft !== 'number' || !Number.isInteger(spotsLeft) || spotsLeft < 0) throw new UnreadableAnswer('the invite', 'spotsLeft');
  return { title, startsAt, invitedBy, spotsLeft };
}
