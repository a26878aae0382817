/** The embedded database's turns (api/db/turns.ts): one holder at a time, requests' work before background work. */
import { describe, expect, it } from 'vitest';
import { BACKGROUND_AFTER, turns } from '../../api/db/turns.ts';

/** A line of turns, and `order`: the names of the turns taken, in the order they started. */
function line() {
  const taken = turns();
  const order: string[] = [];
  /** Asks for a turn, noting its name in `order` when it starts; resolves with the function that ends it. */
  const ask = (name: string, background = false) =>
    taken.take({ background }).then((end) => {
      order.push(name);
      return end;
    });
  return { ask, order };
}

describe('turns', () => {
  it('are held one at a time, in the order asked', async () => {
    const { ask, order } = line();
    const first = await ask('a');
    const second = ask('b');
    const third = ask('c');
    await Promise.resolve();
    expect(order).toEqual(['a']);
    first();
    first(); // Ending a turn twice ends it once.
    for (const turn of [second, third]) (await turn)();
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('let requests’ work waiting go before background work asked earlier', async () => {
    const { ask, order } = line();
    const holding = await ask('request 1');
    const mail = ask('mail', true);
    const request = ask('request 2');
    holding();
    (await request)();
    (await mail)();
    expect(order).toEqual(['request 1', 'request 2', 'mail']);
  });

  it('give background work a turn after a run of requests’ turns, so it never waits for ever', async () => {
    const { ask, order } = line();
    let end = await ask('request 0');
    const mail = ask('mail', true);
    // Requests keep coming: one is always waiting when a turn ends.
    for (let index = 1; index <= BACKGROUND_AFTER + 1; index += 1) {
      const next = ask(`request ${index}`);
      end();
      end = await Promise.race([next, mail]);
    }
    end();
    await mail;
    expect(order.indexOf('mail')).toBe(BACKGROUND_AFTER + 1);
  });
});
