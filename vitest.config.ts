import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects. `unit`: no socket, no server, no child process (test/setup/no-outside-world.ts refuses them), what
// a developer runs on every save (`npm run test:unit`). `e2e`: everything that talks to the real components over
// HTTP, Redis, processes or tmux, in test/e2e/ or named *.e2e.test.ts. `npm test` runs both.
// Both run one module graph per worker (`isolate: false`); test/setup/shared-process.ts resets what the bot keeps
// process-wide between files. Three workers per core: an end-to-end file mostly waits (sockets,
// timers, Slack's paced methods, child processes); with two the CPUs sat idle most of the e2e run, and four held each
// test's process back long enough, beside other work, to miss Slack's 3-second windows.
const E2E = ['test/e2e/**/*.test.ts', 'test/**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() * 3),
    // the fuzz test measures that memory stays flat: it needs a real garbage collection before each reading
    execArgv: ['--expose-gc'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: E2E,
          setupFiles: ['test/setup/no-outside-world.ts', 'test/setup/shared-process.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          isolate: false,
          setupFiles: ['test/setup/shared-process.ts'],
          // a whole workflow through Bolt, the simulator and Slack's paced methods takes 7 s alone and 12-20 s on a
          // busy machine; each step's own wait (waitFor, 10 s) still bounds what the bot may take
          testTimeout: 60_000,
          // src/ compiled once for the processes the tests start (a bot per terminal or crash test)
          globalSetup: ['test/setup/built-entry.ts'],
        },
      },
    ],
  },
});
