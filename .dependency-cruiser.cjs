/**
 * Import boundaries of src/, checked by `npm run lint` (depcruise src). The layering, bottom to top:
 *
 *   lib            pure helpers: imports nothing from src; everything may import it
 *   log.ts         imports lib only
 *   config.ts      imports log, lib
 *   i18n/          the bot's words (catalogs, the current language): imports lib only
 *   platform/      -> log, lib                              (its schemas/generated/ only for platform itself)
 *   core/          -> platform, i18n, log, lib
 *   state/, security/, http/  -> core, platform, log, lib   (not each other)
 *   handlers/      -> core, platform, i18n, log, lib            (never state, security, http, adapters)
 *   adapters/      -> core, http, i18n, log, lib                (never platform, handlers, state, security)
 *   metrics/       -> core, http, config, log, lib          (prom-client behind core/metrics.ts; only bot.ts imports it)
 *   bot.ts         composition root: anything; imported only by cli.ts
 *   cli.ts         entry point: anything; imported by nothing
 *
 * Every import counts, type-only ones too: a type from another layer is a dependency on it.
 * README.md (Layout) shows the same graph.
 */

/** A rule: files matching `from` may import, in src/, only lib/ and the `allowed` parts (regexes after `^src/`). */
const layer = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: '^src/', pathNot: `^src/(${['lib/', ...allowed].join('|')})` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles between files in src/ (type-only imports included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'handlers-not-adapters',
      comment: 'Handlers are platform-neutral: they never import an adapter.',
      severity: 'error',
      from: { path: '^src/handlers/' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'nothing-ambient',
      comment:
        "No AsyncLocalStorage (node:async_hooks): what work needs (its language, its event, its command) is passed. Node 20 runs every entered store's hooks on every promise: 11-18% of the CPU of 100 streamed answers (docs/development.md).",
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?async_hooks$' },
    },
    {
      name: 'generated-schemas-only-in-platform',
      comment: 'Only src/platform/ uses the generated zod schemas; the rest of the bot sees the typed client.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/platform/' },
      to: { path: '^src/platform/schemas/generated/' },
    },
    layer('lib-imports-nothing', '^src/lib/', [], 'src/lib holds pure helpers: they import nothing else from src.'),
    layer('log-at-the-bottom', '^src/log\\.ts$', ['log\\.ts$'], 'log.ts imports nothing from src but lib.'),
    layer(
      'config-at-the-bottom',
      '^src/config[a-z-]*\\.ts$',
      ['config[a-z-]*\\.ts$', 'log\\.ts$'],
      'config.ts and its parts import only each other, log.ts (and lib).',
    ),
    layer('i18n-layer', '^src/i18n/', ['i18n/'], 'i18n/ holds the catalogs and the current language: it imports nothing else from src.'),
    layer('platform-layer', '^src/platform/', ['platform/', 'log\\.ts$'], 'platform/ imports only log.ts (and lib).'),
    layer(
      'core-layer',
      '^src/core/',
      ['core/', 'platform/', 'i18n/', 'log\\.ts$'],
      'core/ imports nothing above it: only core, platform, log.ts (and lib).',
    ),
    layer(
      'state-layer',
      '^src/state/',
      ['state/', 'core/', 'platform/', 'i18n/', 'log\\.ts$'],
      'state/ imports only core, platform, log.ts (and lib).',
    ),
    layer(
      'security-layer',
      '^src/security/',
      ['security/', 'core/', 'platform/', 'log\\.ts$'],
      'security/ imports only core, platform, log.ts (and lib).',
    ),
    layer('http-layer', '^src/http/', ['http/', 'core/', 'platform/', 'i18n/', 'log\\.ts$'], 'http/ imports only core, platform, log.ts (and lib).'),
    layer(
      'handlers-layer',
      '^src/handlers/',
      ['handlers/', 'core/', 'platform/', 'i18n/', 'log\\.ts$'],
      'handlers/ import only core, platform, log.ts (and lib): never state, security, http or adapters.',
    ),
    layer(
      'adapters-layer',
      '^src/adapters/',
      ['adapters/', 'core/', 'http/', 'i18n/', 'log\\.ts$'],
      'adapters/ import only core, http, log.ts (and lib): an adapter never calls the platform, nor handlers, state or security.',
    ),
    layer(
      'metrics-layer',
      '^src/metrics/',
      ['metrics/', 'core/', 'http/', 'i18n/', 'config[a-z-]*\\.ts$', 'log\\.ts$'],
      'metrics/ imports only core, http, config, log.ts (and lib): handlers and adapters report through core/metrics.ts.',
    ),
    {
      name: 'bot-only-from-cli',
      comment: 'bot.ts is the composition root: only the entry point cli.ts imports it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli\\.ts$' },
      to: { path: '^src/bot\\.ts$' },
    },
    {
      name: 'local-parts-loaded-lazily',
      comment:
        'The terminal adapter and the simulator run only locally: cli.ts and bot.ts load them with import() where used, so a deployment does not hold them (text-width.ts, which imports nothing, is the exception).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(adapters/console|platform/simulator)/' },
      to: {
        path: '^src/(adapters/console|platform/simulator)/',
        pathNot: '^src/adapters/console/text-width\\.ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'nothing-imports-cli',
      comment: 'cli.ts is the entry point: nothing imports it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/cli\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // import type counts (see above)
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
