/**
 * Issue 17: the solution messages as a person reads them: the innovation level with what it means (AI33-6 gives
 * no scale, only "the higher the value, the higher the degree of innovation"), and a summary that points up at
 * the solutions it is posted after.
 */
import { expect, test } from 'vitest';
import type { OutgoingMessage } from '../../src/core/message.js';
import type { MindMap } from '../../src/handlers/shared/mind-map.js';
import { solutionMessages, solutionsSummary } from '../../src/handlers/solution/render.js';
import { translatorFor } from '../../src/i18n/index.js';

const node = (id: string, title: string, innovation?: number) => ({ id, data: { node_id: id, sys_title: title, innovation } });
const edge = (from: string, to: string) => ({ id: `${from}-${to}`, source: { cell: from }, target: { cell: to } });

const MAP = {
  title: 'Raise anode energy density',
  cells: [node('r', 'Anode'), node('a', 'Silicon blend', 4), node('b', 'Pre-lithiation', 2), edge('r', 'a'), edge('r', 'b')],
} as MindMap;

const en = translatorFor('en');
const fieldsOf = (message: OutgoingMessage) => message.blocks?.flatMap((b) => (b.type === 'fields' ? b.fields : [])) ?? [];
const textOf = (message: OutgoingMessage) => JSON.stringify(message.blocks);

test('the innovation level says higher is more innovative and where it stands among the solutions', () => {
  const [first, second] = solutionMessages(MAP, en);
  expect(fieldsOf(first!)).toEqual([{ label: 'Innovation level', value: '4 (higher is more innovative; these solutions range from 2 to 4)' }]);
  expect(fieldsOf(second!)).toEqual([{ label: 'Innovation level', value: '2 (higher is more innovative; these solutions range from 2 to 4)' }]);
  const one = solutionMessages({ ...MAP, cells: [node('r', 'Anode'), node('a', 'Silicon blend', 3), edge('r', 'a')] } as MindMap, en);
  expect(fieldsOf(one[0]!)).toEqual([{ label: 'Innovation level', value: '3 (higher is more innovative)' }]);
});

test('the summary, posted after the solutions, points up at them', () => {
  const summary = solutionsSummary(MAP, 2, 'U1', en);
  expect(textOf(summary)).toContain('each solution is in its own message above.');
  expect(textOf(summary)).not.toContain('below');
});
