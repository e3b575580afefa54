/**
 * The ambient store's slots: each keeps its own value through awaits and timers, a slot set inside another's run
 * leaves that one as it was, and outside any run a slot holds nothing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ambientSlot } from '../../src/lib/ambient.js';

describe('ambient slots', () => {
  const language = ambientSlot<string>('language');
  const event = ambientSlot<{ id: string }>('event');

  it('hold nothing outside a run', () => {
    expect(language.get()).toBeUndefined();
    expect(event.get()).toBeUndefined();
  });

  it('keep their values through awaits and timers, each slot its own', async () => {
    const seen = await language.run('zh', () =>
      event.run({ id: 'Ev1' }, async () => {
        await sleep(5);
        const later = await new Promise<string>((resolve) => setTimeout(() => resolve(`${language.get()} ${event.get()?.id}`), 5));
        return [later, language.get(), event.get()?.id];
      }),
    );
    expect(seen).toEqual(['zh Ev1', 'zh', 'Ev1']);
    expect(language.get()).toBeUndefined();
  });

  it('a run inside another changes only its own slot, for its own work only', async () => {
    const inner = await event.run({ id: 'Ev2' }, () =>
      language.run('en', async () => {
        const nested = await language.run('zh', async () => {
          await sleep(1);
          return [language.get(), event.get()?.id];
        });
        return [...nested, language.get()];
      }),
    );
    expect(inner).toEqual(['zh', 'Ev2', 'en']);
  });

  it('two pieces of work interleaved each see their own values', async () => {
    const work = (lang: string, id: string, ms: number) =>
      language.run(lang, () =>
        event.run({ id }, async () => {
          await sleep(ms);
          return `${language.get()}:${event.get()?.id}`;
        }),
      );
    expect(await Promise.all([work('en', 'A', 10), work('zh', 'B', 1)])).toEqual(['en:A', 'zh:B']);
  });
});
