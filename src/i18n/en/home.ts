/** `/iip home`: the home as a note and what it offers to start. */
export const home = {
  help: {
    summary: 'your open and recent workflows and answers with links to their threads (in Slack also the bot’s Home tab)',
  },
  starts: {
    ask: 'the general model',
    pharm: 'the life-science model',
    encyclopedia: 'the bio-pharma encyclopedia, with citations',
    novelty: 'guided novelty search (options: --lang en|cn --from YYYYMMDD --to YYYYMMDD)',
    report: 'technology pre-research report',
    disclosure: 'technical disclosure drafting (option: --lang en|cn)',
    solution: 'technical solution exploration (option: --lang en|cn)',
    material: 'material solution finding (option: --lang en|cn)',
  },
  openThread: 'open the thread',
  title: ': “{{title}}”',
  started: 'started {{when}}',
  open: '*Open*',
  nothingOpen: 'Nothing open.',
  recent: '*Recently finished*',
  startChat: 'Start a chat: {{list}}.',
  startWorkflow: 'Start a workflow: {{list}}.',
  listSeparator: ', ',
  apiKey: 'API key: {{key}}.',
} as const;
