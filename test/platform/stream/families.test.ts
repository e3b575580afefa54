/** Each family's envelope shape becomes the same typed events. */
import { describe, expect, it } from 'vitest';
import { TaskFailedError, UnexpectedResponseError } from '../../../src/platform/errors.js';
import { ok, openStream, readAll, sse, textOf } from './helpers.js';

describe('AI07', () => {
  it('reads delta content and usage', async () => {
    const wire = sse([
      ok({ output: { content: 'Graphene ', status: 'running' } }),
      ok({ output: { content: 'is strong.', status: 'running' } }),
      ok({ output: { content: '', status: 'finished', usage: { input_tokens: 3, output_tokens: 5, total_tokens: 8 } } }),
    ]);
    const { events } = await readAll(openStream(wire, { family: 'ai07', operation: 'AI07' }).stream);
    expect(events).toEqual([
      { type: 'text', text: 'Graphene ' },
      { type: 'text', text: 'is strong.' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8 } },
      { type: 'done', reason: 'finished' },
    ]);
  });

  it('reads cumulative content without repeating text', async () => {
    const wire = sse(
      ['Gra', 'Graphene is', 'Graphene is strong.']
        .map((content) => ok({ output: { content, status: 'running' } }))
        .concat([ok({ output: { content: 'Graphene is strong.', status: 'finished' } })]),
    );
    const { events } = await readAll(openStream(wire, { family: 'ai07', operation: 'AI07' }).stream);
    expect(textOf(events)).toBe('Graphene is strong.');
    expect(events.filter((event) => event.type === 'text')).toHaveLength(3);
  });
});

describe('AI20', () => {
  it('reports the session once, references when finished, usage when it changes', async () => {
    const wire = sse([
      ok({ output: { content: 'Aspirin', status: 'running', session_id: 's-1', usage: { input_tokens: 4 } } }),
      ok({ output: { content: ' inhibits COX [1].', status: 'running', session_id: 's-1', usage: { input_tokens: 4 } } }),
      ok({
        output: {
          content: '',
          status: 'finished',
          session_id: 's-1',
          references: [{ link: 'https://example.org/a', text: 'COX study', index: 1, type: 'paper' }],
        },
      }),
    ]);
    const { events } = await readAll(openStream(wire).stream);
    expect(events).toEqual([
      { type: 'session', sessionId: 's-1' },
      { type: 'text', text: 'Aspirin' },
      { type: 'usage', usage: { inputTokens: 4 } },
      { type: 'text', text: ' inhibits COX [1].' },
      { type: 'references', references: [{ index: 1, title: 'COX study', url: 'https://example.org/a', kind: 'paper' }] },
      { type: 'done', reason: 'finished' },
    ]);
  });

  it('names a reference without text by its document id, link or position', async () => {
    const wire = sse([ok({ output: { status: 'finished', references: [{ doc_id: 'D1' }, { link: 'https://x.test/2' }, {}] } })]);
    const { events } = await readAll(openStream(wire).stream);
    const references = events.find((event) => event.type === 'references');
    expect(references).toEqual({
      type: 'references',
      references: [{ title: 'D1' }, { title: 'https://x.test/2', url: 'https://x.test/2' }, { title: 'Reference 3' }],
    });
  });

  it('rejects data that breaks the published schema with UnexpectedResponseError', async () => {
    const { events, error } = await readAll(openStream(sse([ok({ output: { content: 42, status: 'running' } })])).stream);
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('output.content');
  });
});

describe('AI68-2', () => {
  const chunk = (content: string | null, finish: string | null, extra: Record<string, unknown> = {}) =>
    ok({ chat_id: 'c-1', chat_item_id: 'ci-1', choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: finish }], ...extra });

  it('reads chat-completion deltas, the chat ids once, usage, and ends at finish_reason', async () => {
    const wire = sse([
      chunk('CRISPR ', null),
      chunk('edits ', null),
      chunk('genes.', null),
      chunk(null, 'stop', { usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } }),
      chunk('after the end', null),
    ]);
    const { stream, aborts } = openStream(wire, { family: 'ai68', operation: 'AI68-2' });
    const { events } = await readAll(stream);
    expect(events).toEqual([
      { type: 'session', chatId: 'c-1', chatItemId: 'ci-1' },
      { type: 'text', text: 'CRISPR ' },
      { type: 'text', text: 'edits ' },
      { type: 'text', text: 'genes.' },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 3, totalTokens: 12 } },
      { type: 'done', reason: 'stop' },
    ]);
    expect(aborts()).toBe(0);
  });

  it('keeps repeated deltas (completion chunks are always deltas)', async () => {
    const { events } = await readAll(
      openStream(sse([chunk('ha', null), chunk('ha', null), chunk(null, 'stop')]), { family: 'ai68', operation: 'AI68-2' }).stream,
    );
    expect(textOf(events)).toBe('haha');
  });
});

describe('disclosure and agent', () => {
  it('streams the disclosure text until finished', async () => {
    const wire = sse([
      ok({ job_id: 'j', status: 'running', content: '1. Field' }),
      ok({ job_id: 'j', status: 'running', content: '1. Field\n2. Background' }),
      ok({ job_id: 'j', status: 'finished' }),
    ]);
    const { events } = await readAll(openStream(wire, { family: 'disclosure', operation: 'AI32-4' }).stream);
    expect(events).toEqual([
      { type: 'text', text: '1. Field' },
      { type: 'text', text: '\n2. Background' },
      { type: 'done', reason: 'finished' },
    ]);
  });

  it('reports agent steps as progress when they change', async () => {
    const wire = sse([
      ok({ status: 'running', step: 'literature search' }),
      ok({ status: 'running', step: 'literature search', content: 'Found 3 ' }),
      ok({ status: 'running', step: 'summary', content: 'routes.' }),
      ok({ status: 'SUCCEED', step: 'summary' }),
    ]);
    const { events } = await readAll(openStream(wire, { family: 'agent', operation: 'AGENT-SSE' }).stream);
    expect(events).toEqual([
      { type: 'progress', step: 'literature search' },
      { type: 'text', text: 'Found 3 ' },
      { type: 'progress', step: 'summary' },
      { type: 'text', text: 'routes.' },
      { type: 'done', reason: 'succeed' },
    ]);
  });

  it('throws TaskFailedError for a failed job, after the text before it', async () => {
    const wire = sse([ok({ status: 'running', content: 'Working' }), ok({ status: 'failed', content: 'agent crashed' })]);
    const { stream, aborts } = openStream(wire, { family: 'agent', operation: 'AGENT-SSE' });
    const { events, error } = await readAll(stream);
    expect(textOf(events)).toBe('Working');
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error).toMatchObject({ operation: 'AGENT-SSE', platformMessage: 'agent crashed', requestId: 'req-test-1' });
    expect(aborts()).toBe(1);
  });
});
