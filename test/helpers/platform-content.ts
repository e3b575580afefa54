/**
 * What the platform itself said in a workflow, for the Chinese tests: the answers to the reads the bot made (each
 * distinct body asked again of the simulator over HTTP, as the bot asks), every string in them. It is shown as it comes.
 */
import { PlatformClient } from '../../src/platform/client.js';
import type { CallOperationId } from '../../src/platform/operations.js';
import type { RecordedRequest } from '../../src/platform/simulator/types.js';
import { stringsIn } from './chinese-text.js';

export async function platformContent(
  platformUrl: string,
  requests: readonly RecordedRequest[],
  reads: readonly CallOperationId[],
): Promise<string[]> {
  const asked = new Map<string, { operation: CallOperationId; body: unknown }>();
  for (const r of requests) {
    const operation = reads.find((id) => id === r.operation);
    if (operation) asked.set(`${operation} ${JSON.stringify(r.body)}`, { operation, body: r.body });
  }
  const client = new PlatformClient({ baseUrl: platformUrl, apiKey: 'sk-test-content-reader' });
  try {
    const answers = await Promise.all([...asked.values()].map(({ operation, body }) => client.call(operation, body as never)));
    return answers.flatMap(stringsIn);
  } finally {
    await client.close();
  }
}
