import { defineConfig } from 'vitest/config';

// Two projects. `unit`: no socket, no server, no child process (test/setup/no-outside-world.ts refuses them), what
// a developer runs on every save (`npm run test:unit`). `e2e`: everything that talks to the real components over
// HTTP, Redis, processes or tmux, in test/e2e/ or named *.e2e.test.ts. `npm test` runs both.
const E2E = ['test/e2e/**/*.test.ts', 'test/**/*.e2e.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // the fuzz test measures that memory stays flat: it needs a real garbage collection before each reading
    execArgv: ['--expose-gc'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: E2E,
          setupFiles: ['test/setup/no-outside-world.ts'],
          // one module graph per worker instead of one per file: imports were most of the unit run's time
          isolate: false,
        },
      },
      { extends: true, test: { name: 'e2e', include: E2E } },
    ],
  },
});
