import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // the fuzz test measures that memory stays flat: it needs a real garbage collection before each reading
    execArgv: ['--expose-gc'],
  },
});
