/** The chat verbs (ask, pharm, encyclopedia): help, usage, the models' names, status lines, notes and refusals. */
export const chat = {
  help: {
    summary:
      'ask the general model; `pharm` the life-science model; `encyclopedia` the bio-pharma encyclopedia with citations ' +
      '(options before the question: `--source <papers|patents|clinical-trials|…>`, `--deep`, `--long-think`, `--web`)',
    usage: 'ask|pharm|encyclopedia <question>',
    example: 'pharm What are the indications for siRNA drugs?',
  },
  family: {
    ask: 'General model',
    pharm: 'Life-science model',
    encyclopedia: 'Bio-pharma encyclopedia',
  },
  working: {
    ask: 'is thinking…',
    pharm: 'is asking the life-science model…',
    encyclopedia: 'is searching the bio-pharma encyclopedia…',
  },
  asked: 'asked the {{label}}',
  /** an encyclopedia follow-up's text to the platform (AI68-1 takes no chat id): the previous question, then the new one */
  followUpQuery: 'Previous question: {{previous}}\nFollow-up question: {{question}}',
  askKeepsNoContext: '`ask` keeps no context: each question in this thread is answered on its own. For a conversation, use `pharm`.',
  nothingSent: '{{problem}} Nothing was sent to the platform.',
  threadRuns: 'This thread runs a {{workflow}}; start a chat in a new message.',
  alreadyDone: 'Already done: this answer was retried or the conversation moved on.',
  stopped: '⚠️ The answer stopped here. {{why}}',
  cutAtCap: '✂️ The answer was cut here: it is longer than the bot posts for one answer.',
  cutTooLarge: '✂️ The answer was cut here: the platform sent more than the bot reads for one answer.',
  tokens: '{{label}} · {{n}} tokens',
  sources: 'Sources',
  sourceKind: {
    paper: 'paper',
    patent: 'patent',
    clinical_trial: 'clinical trial',
    drug_dev_status: 'drug development status',
    synapse: 'drug database',
    news: 'news',
    web_site: 'web page',
    zhihu: 'Zhihu article',
  },
  usage: 'Usage: `{{invocation}}{{verb}}{{flags}} <question>` (up to {{max}} characters).{{options}}',
  usageFlags: ' [options]',
  usageOptions: ' Options: {{options}}.',
  tooLong: 'Questions for `{{verb}}` can be at most {{max}} characters; yours has {{length}}. Nothing was sent to the platform.',
  restartNote: '⚠️ The bot restarted while answering; the answer above is incomplete.',
  clearBusy: 'An answer is still being written here; type `clear` again once it is done.',
  cleared: '🧹 Started over by {{user}}: the next question here begins a new conversation; the model no longer sees the questions above.',
} as const;
