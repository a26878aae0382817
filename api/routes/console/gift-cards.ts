/**
 * The console's gift cards, under /ops/gift-cards: GET ?q= (found by code or e-mail), GET
 * /outstanding (the liability and the season's figures), GET /{cardId} (a card and its ledger), POST
 * (issue one with no payment; e-mailed now when it has an address), POST /{cardId}/adjustment, /{cardId}/resend
 * and /{cardId}/void (a bought card's payment given back), each for a reason.
 */
import { Hono } from 'hono';
import { opsGiftSearchSchema } from '../../../shared/contract/gift-cards.ts';
import { CONSOLE_ROUTES } from '../../../shared/contract/routes/console.ts';
import { safeParam } from '../../auth.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { adjustCard, cardWithLedger, findCards, issueByOffice, outstandingCards, resendCard, voidCard } from '../../gift-cards/office.ts';
import { paramAs } from '../../validation.ts';
import { committed } from '../../after-commit.ts';
import { declarer } from '../declare.ts';

export function consoleGiftCardRoutes(deps: AppDeps) {
  const { db, mailer } = deps;
  const group = new Hono<AppEnv>();
  const declare = declarer(group, '/ops/gift-cards');

  declare(CONSOLE_ROUTES.giftCards, async (c) => c.json(await findCards(db, paramAs(c.req.query('q'), opsGiftSearchSchema))));
  declare(CONSOLE_ROUTES.giftCardsOutstanding, async (c) => c.json(await outstandingCards(db)));
  declare(CONSOLE_ROUTES.giftCard, async (c) => c.json(await cardWithLedger(db, safeParam(c, 'cardId'))));
  declare(CONSOLE_ROUTES.issueGiftCard, async (c, body) => {
    const issued = await issueByOffice(db, c.get('caller'), body);
    mailer?.kick();
    return c.json(issued);
  });
  declare(CONSOLE_ROUTES.resendGiftCard, async (c, body) => {
    const resent = await resendCard(db, c.get('caller'), safeParam(c, 'cardId'), body);
    mailer?.kick();
    return c.json(resent);
  });
  declare(CONSOLE_ROUTES.adjustGiftCard, async (c, body) => c.json(await adjustCard(db, c.get('caller'), safeParam(c, 'cardId'), body)));
  declare(CONSOLE_ROUTES.voidGiftCard, async (c, { reason }) => {
    const { voided, givenBack } = await committed(deps, voidCard(db, c.get('caller'), safeParam(c, 'cardId'), reason));
    return c.json({ voided, givenBack });
  });

  return group;
}
