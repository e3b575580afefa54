/** `/iip count`: its help, usage, refusals and the count message. */
export const count = {
  help: {
    summary: 'how many patents a search query finds (only you see it unless `--share`)',
    usage:
      'count <search query> [--collapse-type ALL|APNO|DOCDB|INPADOC|EXTEND] [--collapse-by APD|PBD|AUTHORITY|SCORE] [--collapse-order OLDEST|LATEST] [--share]',
    example: 'count TTL:(wireless charging) AND PBD:[20200101 TO 20241231] --collapse-type DOCDB',
  },
  usage: 'Usage: `{{prefix}}count <search query> [--collapse-type {{types}}] [--collapse-by {{by}}] [--collapse-order {{order}}] [--share]`',
  problem: {
    unknownOption: 'Unknown option `--{{name}}`. Options: `--collapse-type`, `--collapse-by`, `--collapse-order`, `--share`.',
    needsValue: '`--{{name}}` needs a value: one of {{allowed}}.',
    notAllowed: '`--{{name}}` must be one of {{allowed}}; `{{value}}` is not.',
    noQuery: 'Give a search query to count.',
    tooLong: "The query can be at most {{max}} characters (P001's limit); yours has {{length}}.",
    orderNeeds: '`--collapse-order` applies only with `--collapse-type APNO` and `--collapse-by APD` or `PBD`.',
  },
  noCount: 'no count',
  matches: '🔢 **{{number}}** patents match `{{query}}`',
  collapsedBy: 'collapsed by {{type}}',
  notCollapsed: 'not collapsed',
  orderedBy: 'ordered by {{by}}',
  keeping: 'keeping the {{order}}',
  order: { OLDEST: 'oldest', LATEST: 'latest' },
  valueSeparator: ', ',
  listSeparator: ', ',
  askedBy: '{{collapse}} · asked by {{user}}',
  onlyYou: '{{collapse}} · only you see this; add `--share` to post it',
  failed: '⚠️ Counting failed: {{why}}',
} as const;
