/** The embedded database's turns (api/db/turns.ts): one holder at a time, requests' work before background work. */
import { describe, expect, it } from 'vitest';
import { BACKGROUND_AFTER, turns } from '../../api/db/turns.ts';

/** Asks for a turn, noting its name in `order` when it starts; resolves with the function that ends it. */
function ask(line: ReturnType<typeof turns>, order: string[], name: string, background = false) {
  return line.take({ background }).then((end) => {
    order.push(name);
    return end;
  });
}

describe('turns', () => {
  it('are held one at a time, in the order asked', async () => {
    const line = turns();
    const order: string[] = [];
    const first = await ask(line, order, 'a');
    const second = ask(line, order, 'b');
    const third = ask(line, order, 'c');
    await Promise.resolve();
    expect(order).toEqual(['a']);
    first();
    first(); // Ending a turn twice ends it once.
    (await second)();
    (await third)();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('let requests’ work waiting go before background work asked earlier', async () => {
    const line = turns();
    const order: string[] = [];
    const holding = await ask(line, order, 'request 1');
    const mail = ask(line, order, 'mail', true);
    const request = ask(line, order, 'request 2');
    holding();
    (await request)();
    (await mail)();
    expect(order).toEqual(['request 1', 'request 2', 'mail']);
  });

  it('give background work a turn after a run of requests’ turns, so it never waits for ever', async () => {
    const line = turns();
    const order: string[] = [];
    let end = await ask(line, order, 'request 0');
    const mail = ask(line, order, 'mail', true);
    // Requests keep coming: one is always waiting when a turn ends.
    for (let index = 1; index <= BACKGROUND_AFTER + 1; index += 1) {
      const next = ask(line, order, `request ${index}`);
      end();
      end = await Promise.race([next, mail]);
    }
    end();
    await mail;
    expect(order.indexOf('mail')).toBe(BACKGROUND_AFTER + 1);
  });
});
