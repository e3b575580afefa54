/**
 * What the platform itself said in a solution exploration (the simulator's goals, directions, agent narration and
 * final solutions, asked of it over HTTP like the bot asks), for the Chinese tests: it is shown as it comes.
 */
import { PlatformClient } from '../../src/platform/client.js';
import { AGENT_STEPS, agentNarration, recommendations } from '../../src/platform/simulator/content/solution.js';
import { stringsIn } from './chinese-text.js';

export async function solutionContent(platformUrl: string, taskId: string, problem: string): Promise<string[]> {
  const client = new PlatformClient({ baseUrl: platformUrl, apiKey: 'sk-test-content-reader' });
  try {
    const directions = await client.call('AI33-4', { task_id: taskId });
    const solutions = await client.call('AI33-6', { task_id: taskId });
    const narration = agentNarration(problem).flatMap(({ step, text }) => [step, text]);
    return [...recommendations(problem, 'cn'), ...stringsIn(directions), ...stringsIn(solutions), ...AGENT_STEPS, ...narration];
  } finally {
    await client.close();
  }
}
